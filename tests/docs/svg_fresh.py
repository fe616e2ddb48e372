#!/usr/bin/env python3
"""Each committed SVG diagram is drawn from the DOT file beside it.

    svg_fresh.py out/docs/NAME.svg...

hwcgen draws the committed SVGs with the Graphviz of the machine that ran
it; where another Graphviz (or other fonts) would lay them out
differently, run.sh cannot compare bytes, so this compares what was
drawn: the graph's name, every node and every edge, which Graphviz titles
with their ids, and the licence (the DOT file's SPDX line, which hwcgen
copies into a comment of the SVG). Prints one line per SVG, "ok: ..." or "FAIL: ..." with what
differs; exits 1 when any differs.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

SVG = '{http://www.w3.org/2000/svg}'
NODE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)" \[', re.M)
EDGE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)" -> "((?:[^"\\]|\\.)*)"', re.M)
GRAPH = re.compile(r'^digraph "((?:[^"\\]|\\.)*)"', re.M)
DOT_SPDX = re.compile(r'^// SPDX-License-Identifier: (.*)$', re.M)
SVG_SPDX = re.compile(r'^<!-- SPDX-License-Identifier: (.*) -->$', re.M)


def licence(pattern, path):
    m = pattern.search(open(path, encoding='utf-8').read())
    return m.group(1) if m else None


def unquote(s):
    return re.sub(r'\\(.)', r'\1', s)


def drawn(svg):
    root = ET.parse(svg).getroot()
    graph = root.find(SVG + 'g')
    name = graph.findtext(SVG + 'title')
    nodes, edges = set(), set()
    for g in root.iter(SVG + 'g'):
        cls = (g.get('class') or '').split()
        title = g.findtext(SVG + 'title')
        if 'node' in cls:
            nodes.add(title)
        elif 'edge' in cls:
            edges.add(tuple(title.split('->', 1)))
    return name, nodes, edges


def written(dot):
    text = open(dot, encoding='utf-8').read()
    m = GRAPH.search(text)
    edges = {(unquote(a), unquote(b)) for a, b in EDGE.findall(text)}
    nodes = {unquote(n) for n in NODE.findall(text)}
    for a, b in edges:
        nodes.update((a, b))
    return (unquote(m.group(1)) if m else None), nodes, edges


def main():
    failed = 0
    for svg in sys.argv[1:]:
        dot = svg[:-4] + '.dot'
        if not os.path.exists(dot):
            print('FAIL: %s: no %s beside it' % (svg, dot))
            failed += 1
            continue
        try:
            have = drawn(svg)
        except ET.ParseError as e:
            print('FAIL: %s: %s' % (svg, e))
            failed += 1
            continue
        want = written(dot)
        why = []
        if licence(SVG_SPDX, svg) != licence(DOT_SPDX, dot):
            why.append('licence %r, the DOT file has %r' %
                       (licence(SVG_SPDX, svg), licence(DOT_SPDX, dot)))
        if have[0] != want[0]:
            why.append('graph %r, the DOT file has %r' % (have[0], want[0]))
        for what, h, w in (('node', have[1], want[1]), ('edge', have[2], want[2])):
            for x in sorted(w - h, key=str):
                why.append('%s %s is not drawn' % (what, x))
            for x in sorted(h - w, key=str):
                why.append('%s %s is no longer in the DOT file' % (what, x))
        if why:
            failed += 1
            print('FAIL: %s is not drawn from %s (run make):' % (svg, dot))
            for w in why[:10]:
                print('    ' + w)
        else:
            print('ok: %s matches %s' % (svg, dot))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
