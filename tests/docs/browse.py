#!/usr/bin/env python3
"""Read the docs pages as people do: in a browser, on a desk and a phone.

    browse.py SHOTS_DIR DOCS_DIR PAGE.html...

Serves DOCS_DIR on a loopback port, opens every page in Debian's headless
Chromium at 1280 and at 390 px wide (the second as a phone), and reports a
problem for: an image or diagram that does not load, a console error or
uncaught exception, a link or #anchor (in the page or in its diagrams) that
does not resolve, text that reaches past the right edge of the window
outside a table that scrolls sideways, and a table body row without an id
or without a link to it (<a class="anchor" href="#id">), a name (a code
span, a name in a formula) broken across lines though it fits on one, a
table wider than its column at desk width, and a blank page when the page
is printed (Chromium's own PDF, each page drawn small by poppler's
pdftoppm). A screenshot of the top of each page, and of its first diagram,
goes to SHOTS_DIR, with the printed PDF.

Prints one line per page and width, "ok: ..." or "FAIL: ..." followed by
the problems, with the page's height and width in CSS pixels; exits 1 when
any failed, 2 when the browser could not be run. Chromium is driven over
its DevTools pipe (--remote-debugging-pipe), so nothing but the Python
standard library is needed.
"""
import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

WIDTHS = (1280, 390)
HEIGHT = 900
TIMEOUT = 30  # seconds for any one step

# Runs in the page once it has loaded; returns what is wrong with it.
CHECK = r"""
(async () => {
  const problems = [];
  const W = document.documentElement.clientWidth;
  const here = location.href.split('#')[0];
  const cut = s => s.replace(/\s+/g, ' ').trim().slice(0, 70);

  for (const img of document.images)
    if (!img.complete || img.naturalWidth === 0)
      problems.push('broken image ' + img.getAttribute('src'));

  // Every link of the page and of the diagrams it embeds.
  const links = [];
  for (const a of document.querySelectorAll('a[href]'))
    links.push([a.getAttribute('href'), here]);
  for (const o of document.querySelectorAll('object')) {
    const d = o.contentDocument;
    if (!d || !d.documentElement || d.documentElement.localName !== 'svg') {
      problems.push('diagram did not load: ' + o.getAttribute('data'));
      continue;
    }
    for (const a of d.querySelectorAll('a'))
      links.push([a.getAttribute('href') || a.getAttributeNS(
        'http://www.w3.org/1999/xlink', 'href'), d.URL]);
  }
  const fetched = new Map();
  async function load(url) {
    if (!fetched.has(url))
      fetched.set(url, fetch(url).then(async r => {
        if (!r.ok) return {ok: false};
        const text = await r.text();
        let doc = null;
        if (/\.html$/.test(url))
          doc = new DOMParser().parseFromString(text, 'text/html');
        else if (/\.svg$/.test(url)) {
          doc = new DOMParser().parseFromString(text, 'image/svg+xml');
          if (doc.getElementsByTagName('parsererror').length)
            return {ok: false, why: 'not well-formed XML'};
        }
        return {ok: true, doc};
      }, () => ({ok: false})));
    return fetched.get(url);
  }
  const bad = new Set();
  for (const [href, base] of links) {
    if (!href) { problems.push('link without a target'); continue; }
    const u = new URL(href, base);
    if (u.protocol === 'http:' && u.host !== location.host) continue;
    if (u.protocol !== 'http:') continue;  /* mailto: and the like */
    const file = u.href.split('#')[0];
    const id = decodeURIComponent(u.hash.slice(1));
    let doc = document;
    if (file !== here) {
      const r = await load(file);
      if (!r.ok) {
        if (!bad.has(file)) problems.push('link to a missing file ' +
          href + (r.why ? ' (' + r.why + ')' : ''));
        bad.add(file);
        continue;
      }
      doc = r.doc;
    }
    if (id && doc && !doc.getElementById(id) && !bad.has(u.href)) {
      bad.add(u.href);
      problems.push('link to a missing anchor ' + href);
    }
  }

  // Text past the right edge, unless a box that scrolls sideways holds it.
  const scrolls = el => {
    for (; el && el !== document.body; el = el.parentElement) {
      const o = getComputedStyle(el).overflowX;
      if ((o === 'auto' || o === 'scroll') &&
          el.getBoundingClientRect().right <= W + 1)
        return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let wide = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.data.trim()) continue;
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width === 0 || (r.right <= W + 1 && r.left >= -1)) continue;
    if (scrolls(n.parentElement)) continue;
    if (wide++ < 5)
      problems.push('text wider than the window (' + Math.round(r.right) +
        ' > ' + W + ' px): "' + cut(n.data) + '"');
  }
  if (wide > 5) problems.push('... ' + (wide - 5) + ' more wide texts');
  // A name never breaks inside itself: a code span without spaces, and a
  // name in a formula, sits on one line. Only a name longer than any line
  // of its box (on a phone) may break, as it cannot fit.
  const lineWidth = el => {
    let b = el.parentElement;
    while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement;
    const cs = getComputedStyle(b);
    return b.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  };
  const oneLine = el => {
    const old = el.getAttribute('style');
    el.style.whiteSpace = 'nowrap';
    el.style.display = 'inline-block';
    const w = el.getBoundingClientRect().width;
    if (old === null) el.removeAttribute('style'); else el.setAttribute('style', old);
    return w;
  };
  const names = [...document.querySelectorAll('code')].filter(c =>
    !c.classList.contains('formula') && !c.classList.contains('terms') &&
    !/\s/.test(c.textContent.trim()));
  names.push(...document.querySelectorAll('code.formula a, code.formula var'));
  let split = 0;
  for (const c of names) {
    if (c.getClientRects().length < 2 || oneLine(c) > lineWidth(c)) continue;
    if (split++ < 3)
      problems.push('name broken across lines: ' + cut(c.textContent));
  }
  if (split > 3)
    problems.push('... ' + (split - 3) + ' more names broken across lines (of ' +
                  names.length + ')');

  // At desk width every table fits its column: none reaches past the box
  // that holds it (a grid on a phone scrolls instead), and no name reaches
  // past its cell.
  if (W >= 1000) {
    let out = 0;
    for (const c of document.querySelectorAll('td code, th code')) {
      const cell = c.closest('td, th');
      if (c.getBoundingClientRect().right > cell.getBoundingClientRect().right + 1 &&
          out++ < 3)
        problems.push('name wider than its cell: ' + cut(c.textContent));
    }
    if (out > 3) problems.push('... ' + (out - 3) + ' more names wider than their cells');
    let over = 0;
    for (const t of document.querySelectorAll('table')) {
      const box = t.parentElement;
      if (t.offsetWidth > box.clientWidth + 1 && over++ < 3)
        problems.push('table wider than its column (' + t.offsetWidth + ' > ' +
          box.clientWidth + ' px): "' + cut(t.textContent) + '"');
    }
  }

  // Every row of a table body has an id and a visible link to it, so a
  // reader can point at any row.
  let unanchored = 0;
  for (const tr of document.querySelectorAll('tbody > tr')) {
    const ok = tr.id && [...tr.querySelectorAll('a.anchor')].some(
      a => a.getAttribute('href') === '#' + tr.id);
    if (!ok && unanchored++ < 5)
      problems.push('table row without ' + (tr.id ? 'a link to its id ' +
        tr.id : 'an id') + ': "' + cut(tr.textContent) + '"');
  }
  if (unanchored > 5)
    problems.push('... ' + (unanchored - 5) + ' more table rows without an anchor');

  // The filter box: shown, and typing a row's name leaves that row and
  // hides others.
  const box = document.getElementById('filter-box');
  const input = document.getElementById('filter');
  const rows = document.querySelectorAll('table.rows > tbody > tr[id]');
  if (box && (box.hidden || !input))
    problems.push('the filter box is not shown');
  else if (box && rows.length > 1) {
    const row = rows[rows.length - 1];
    const first = row.cells[0].cloneNode(true);
    for (const a of first.querySelectorAll('a.anchor')) a.remove();
    input.value = (first.textContent + ' ' + row.cells[row.cells.length - 1].textContent)
      .trim().replace(/\s+/g, ' ').slice(0, 80).replace(/ \S*$/, '');
    input.dispatchEvent(new Event('input'));
    await new Promise(r => setTimeout(r, 300));
    const left = [...rows].filter(r => !r.hidden).length;
    if (row.hidden || left === rows.length)
      problems.push('typing "' + input.value + '" in the filter box does ' +
                    'not narrow the tables to its row (' + left + ' of ' +
                    rows.length + ' rows left)');
    // a name written above a table and in no row (a register's address)
    // keeps that section and its rows
    const inRows = [...document.querySelectorAll('tbody > tr')].map(
      r => r.textContent.toLowerCase());
    const said = [...document.querySelectorAll('section.rows-section > p code')].find(
      c => !inRows.some(t => t.includes(c.textContent.toLowerCase())));
    if (said) {
      const section = said.closest('section');
      input.value = said.textContent;
      input.dispatchEvent(new Event('input'));
      await new Promise(r => setTimeout(r, 300));
      if (section.hidden || !section.querySelector('tbody > tr:not([hidden])'))
        problems.push('typing "' + input.value + '", written above its table, ' +
                      'in the filter box hides its section');
    }
    input.value = '';
    input.dispatchEvent(new Event('input'));
    await new Promise(r => setTimeout(r, 150));
  }

  const html = document.documentElement;
  if (html.scrollWidth > W + 1)
    problems.push('the page scrolls sideways: ' + html.scrollWidth +
      ' px wide in a ' + W + ' px window');
  const fig = document.querySelector('object, .figure img');
  return {problems, height: html.scrollHeight, width: html.scrollWidth,
          figure: fig ? fig.getBoundingClientRect().top + scrollY : -1};
})()
"""


class Browser:
    """Chromium over its DevTools pipe: JSON messages ending in NUL."""

    def __init__(self, exe):
        self.profile = tempfile.mkdtemp(prefix='hwcgen-chromium-')
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        self.proc = subprocess.Popen(
            [exe, '--headless', '--no-sandbox', '--disable-gpu',
             '--disable-quic', '--no-first-run', '--no-default-browser-check',
             '--disable-background-networking', '--disable-component-update',
             '--disable-sync', '--disable-extensions', '--mute-audio',
             '--hide-scrollbars', '--force-color-profile=srgb',
             '--user-data-dir=' + self.profile, '--remote-debugging-pipe',
             'about:blank'],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, preexec_fn=fds, close_fds=False)
        os.close(to_r)
        os.close(from_w)
        self.w = os.fdopen(to_w, 'wb', buffering=0)
        self.r = os.fdopen(from_r, 'rb', buffering=0)
        self.buf = b''
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        try:
            self.send('Browser.close', session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read(self, deadline):
        while b'\0' not in self.buf:
            if time.time() > deadline:
                raise TimeoutError('the browser did not answer')
            chunk = self.r.read(1 << 16)
            if not chunk:
                raise EOFError('the browser went away')
            self.buf += chunk
        msg, self.buf = self.buf.split(b'\0', 1)
        return json.loads(msg)

    def send(self, method, params=None, session=True):
        self.next_id += 1
        msg = {'id': self.next_id, 'method': method, 'params': params or {}}
        if session and self.session:
            msg['sessionId'] = self.session
        self.w.write(json.dumps(msg).encode() + b'\0')
        deadline = time.time() + TIMEOUT
        while True:
            m = self._read(deadline)
            if m.get('id') == self.next_id:
                if 'error' in m:
                    raise RuntimeError('%s: %s' % (method, m['error']))
                return m.get('result', {})
            if 'method' in m:
                self.events.append(m)

    def wait_for(self, method):
        deadline = time.time() + TIMEOUT
        while True:
            for i, m in enumerate(self.events):
                if m['method'] == method:
                    del self.events[:i + 1]
                    return m
            self.events.append(self._read(deadline))


def console_errors(events):
    out = []
    for m in events:
        p = m.get('params', {})
        if m['method'] == 'Runtime.exceptionThrown':
            d = p['exceptionDetails']
            out.append('uncaught exception: %s' % d.get('exception', {}).get(
                'description', d.get('text')))
        elif m['method'] == 'Runtime.consoleAPICalled' and \
                p.get('type') in ('error', 'assert'):
            out.append('console error: %s' % ' '.join(
                str(a.get('value', a.get('description', ''))) for a in p['args']))
        elif m['method'] == 'Log.entryAdded' and \
                p['entry'].get('level') == 'error':
            e = p['entry']
            # asked for by the browser of any page served over HTTP, not by
            # the page; a reader opening the file never sees it
            if e.get('url', '').endswith('/favicon.ico'):
                continue
            out.append('console error: %s %s' % (e.get('text'), e.get('url', '')))
    return out


def blank_pages(pdf):
    """The numbers of the pages of `pdf` with nothing on them, drawn small
    by poppler's pdftoppm; None when it is not installed."""
    if not shutil.which('pdftoppm'):
        return None
    out = tempfile.mkdtemp(prefix='hwcgen-pdf-')
    try:
        subprocess.run(['pdftoppm', '-r', '12', '-gray', pdf, out + '/p'],
                       check=True, timeout=120)
        blank = []
        for name in sorted(os.listdir(out), key=lambda n: int(n[2:-4])):
            data = open(os.path.join(out, name), 'rb').read()
            # P5 header: magic, width, height, maxval, then one byte a pixel
            fields = data.split(maxsplit=4)
            w, h = int(fields[1]), int(fields[2])
            if min(data[len(data) - w * h:]) >= 250:
                blank.append(int(name[2:-4]))
        return blank
    finally:
        shutil.rmtree(out, ignore_errors=True)


def print_problems(b, stem):
    """The page printed by Chromium (its own print to PDF, Letter) into
    stem.pdf: a blank page is a problem."""
    pdf = b.send('Page.printToPDF', {'printBackground': False})
    with open(stem + '.pdf', 'wb') as f:
        f.write(base64.b64decode(pdf['data']))
    blank = blank_pages(stem + '.pdf')
    if blank is None:
        print('note: %s.pdf not read: pdftoppm is not installed (package '
              'poppler-utils)' % stem)
        return []
    return ['printed, page %d is blank' % n for n in blank]


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{'.svg': 'image/svg+xml', '.md': 'text/plain',
                             '.dot': 'text/plain'})

    def log_message(self, *args):
        pass


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    shots, docs, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
    exe = shutil.which('chromium')
    if not exe:
        print('browse.py: chromium is not installed')
        return 2
    os.makedirs(shots, exist_ok=True)
    server = http.server.ThreadingHTTPServer(
        ('127.0.0.1', 0), functools.partial(Quiet, directory=docs))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = 'http://127.0.0.1:%d/' % server.server_address[1]
    failed = 0
    b = Browser(exe)
    try:
        target = b.send('Target.createTarget', {'url': 'about:blank'})
        b.session = b.send('Target.attachToTarget', {
            'targetId': target['targetId'], 'flatten': True},
            session=False)['sessionId']
        for domain in ('Page', 'Runtime', 'Log'):
            b.send(domain + '.enable')
        for width in WIDTHS:
            b.send('Emulation.setDeviceMetricsOverride', {
                'width': width, 'height': HEIGHT, 'deviceScaleFactor': 1,
                'mobile': width < 600})
            for page in pages:
                name = os.path.basename(page)
                b.events.clear()
                b.send('Page.navigate', {'url': base + name})
                b.wait_for('Page.loadEventFired')
                r = b.send('Runtime.evaluate', {
                    'expression': CHECK, 'awaitPromise': True,
                    'returnByValue': True})
                if 'exceptionDetails' in r:
                    raise RuntimeError('the check failed in %s: %s' % (
                        name, r['exceptionDetails']))
                v = r['result']['value']
                problems = console_errors(b.events) + v['problems']
                stem = '%s/%s-%d' % (shots, name[:-5], width)
                shot = b.send('Page.captureScreenshot', {'format': 'png'})
                with open(stem + '.png', 'wb') as f:
                    f.write(base64.b64decode(shot['data']))
                if v['figure'] >= 0:
                    b.send('Runtime.evaluate', {
                        'expression': 'scrollTo(0, %d)' % max(0, v['figure'] - 60)})
                    shot = b.send('Page.captureScreenshot', {'format': 'png'})
                    with open(stem + '-figure.png', 'wb') as f:
                        f.write(base64.b64decode(shot['data']))
                if width == WIDTHS[0]:
                    problems += print_problems(b, stem)
                size = '%d x %d px' % (v['width'], v['height'])
                if problems:
                    failed += 1
                    print('FAIL: %s at %d px (%s):' % (name, width, size))
                    for p in problems:
                        print('    ' + p)
                else:
                    print('ok: %s at %d px (%s)' % (name, width, size))
    except (OSError, EOFError, TimeoutError, RuntimeError) as e:
        print('browse.py: %s' % e)
        return 2
    finally:
        b.close()
        server.shutdown()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
