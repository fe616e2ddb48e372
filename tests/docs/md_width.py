#!/usr/bin/env python3
"""Read the Markdown pages as a code host shows them: in a 916 px column.

    md_width.py PAGE.md...

Renders each page with cmark-gfm (GitHub's own Markdown renderer, with
its table extension), puts it in a 916 px column styled as GitHub styles
Markdown tables (a table as wide as its content, at most the column, and
scrolling past it), opens it in Debian's headless Chromium (browse.py's
driver) and counts the tables wider than the column: every table must
fit, the encoding matrices and report offsets of the Intel page too.
Prints one line per page, "ok: ..." or "FAIL: ..." naming the tables
too wide; exits 1 when any page has one, 2 when cmark-gfm or the browser
could not be run.
"""
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browse  # noqa: E402

COLUMN = 916  # px: the width of a repository's README column on GitHub

STYLE = """
body { margin: 0; font: 16px/1.5 -apple-system, "Segoe UI", "Noto Sans",
       Helvetica, Arial, sans-serif; }
article { box-sizing: border-box; width: %dpx; overflow-wrap: break-word; }
table { display: block; width: max-content; max-width: 100%%; overflow: auto;
        border-spacing: 0; border-collapse: collapse; }
td, th { padding: 6px 13px; border: 1px solid #d0d7de; }
code { padding: .2em .4em; font-size: 85%%; white-space: break-spaces;
       font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
""" % COLUMN

CHECK = r"""
(() => {
  const wide = [];
  const tables = [...document.querySelectorAll('table')];
  for (const t of tables) {
    if (t.scrollWidth > t.clientWidth + 1)
      wide.push(t.scrollWidth + ' px: "' +
        t.rows[0].textContent.replace(/\s+/g, ' ').trim().slice(0, 60) + '"');
  }
  return {wide, n: tables.length};
})()
"""


def render(md, out):
    html = subprocess.run(['cmark-gfm', '--unsafe', '-e', 'table', '-e', 'autolink',
                           '-e', 'strikethrough', md], check=True,
                          capture_output=True, text=True).stdout
    with open(out, 'w', encoding='utf-8') as f:
        f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><style>%s'
                '</style></head><body><article>%s</article></body></html>'
                % (STYLE, html))


def main():
    pages = sys.argv[1:]
    if not pages:
        sys.exit(__doc__)
    if not shutil.which('cmark-gfm') or not shutil.which('chromium'):
        print('md_width.py: cmark-gfm or chromium is not installed')
        return 2
    work = tempfile.mkdtemp(prefix='hwcgen-md-')
    server = http.server.ThreadingHTTPServer(
        ('127.0.0.1', 0), functools.partial(browse.Quiet, directory=work))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = 'http://127.0.0.1:%d/' % server.server_address[1]
    b = browse.Browser(shutil.which('chromium'))
    failed = 0
    try:
        target = b.send('Target.createTarget', {'url': 'about:blank'})
        b.session = b.send('Target.attachToTarget', {
            'targetId': target['targetId'], 'flatten': True},
            session=False)['sessionId']
        b.send('Page.enable')
        b.send('Emulation.setDeviceMetricsOverride', {
            'width': 1280, 'height': 900, 'deviceScaleFactor': 1, 'mobile': False})
        for i, md in enumerate(pages):
            name = 'p%d.html' % i
            render(md, os.path.join(work, name))
            b.send('Page.navigate', {'url': base + name})
            b.wait_for('Page.loadEventFired')
            v = b.send('Runtime.evaluate', {'expression': CHECK,
                                            'returnByValue': True})['result']['value']
            if v['wide']:
                failed += 1
                print('FAIL: %s: %d of %d tables wider than a %d px column:' % (
                    md, len(v['wide']), v['n'], COLUMN))
                for w in v['wide'][:5]:
                    print('    ' + w)
            else:
                print('ok: %s: %d tables fit a %d px column' % (md, v['n'], COLUMN))
    except (OSError, EOFError, TimeoutError, RuntimeError,
            subprocess.CalledProcessError) as e:
        print('md_width.py: %s' % e)
        return 2
    finally:
        b.close()
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
