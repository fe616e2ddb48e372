#!/bin/sh
# check_layout.sh [DIR] - the include rules of the sources under DIR
# (default gen), read from every `#include "..."` line (paths below DIR,
# as -Igen has them). Prints each violation on one line, sorted, tagged
# with its rule, and exits 1 if there is any:
#
#   stage:        a file includes a header of a stage it may not use
#                 (a later stage, or one beside it; table below);
#   mutual:       two headers include each other;
#   cycle:        headers that include each other in a longer ring;
#   module-cycle: modules (a .c and its .h: core/expr.c + core/expr.h)
#                 that use each other's headers in a ring that is not
#                 only headers (those are told as mutual or cycle);
#   declares:     a header declares a function defined in a .c file that
#                 includes that header back (directly or through other
#                 headers), the parent declaring its child's entry point.
#                 Allowed only for the header of the file's own family:
#                 in the same folder, named like the file (x.h for x.c)
#                 or like its prefix (docs.h for docs_metrics.c);
#   extern:       a .c file declares a function itself (`extern`, or a
#                 prototype of a function that is not static) in place of
#                 including the header that declares it.
#
# Each rule has a tree under tests/layout/ that must be reported, and a
# clean tree that must not (tests/run.sh runs them), so that the check
# cannot pass by seeing nothing. POSIX sh and awk: it runs before make
# check has installed anything.
set -u
root=${1:-gen}
cd "$root" 2>/dev/null || { echo "check_layout: no directory $root" >&2; exit 2; }
files=$(find . \( -name '*.c' -o -name '*.h' \) -type f | sed 's|^\./||' | LC_ALL=C sort)
if [ -z "$files" ]; then
    echo "check_layout: no .c or .h file under $root" >&2
    exit 2
fi

# shellcheck disable=SC2086 # the file names have no spaces (find above)
report=$(LC_ALL=C awk '
BEGIN {
    # What each stage (the first folder below the root) may include.
    may["core"] = " core "
    may["load"] = " core load "
    may["check"] = " core check "
    may["plan"] = " core check plan "
    may["render"] = " core render "
    may["emit"] = " core plan render emit "
    may["write"] = " core write "
    may["diff"] = "*"; may["merge"] = "*"; may["run"] = "*"; may["cmd"] = "*"
    split("if while for switch return sizeof _Alignof _Generic", kw, " ")
    for (i in kw) keyword[kw[i]] = 1
}

FNR == 1 {
    nfiles++
    known[FILENAME] = 1
    in_comment = 0; in_define = 0; depth = 0; stmt = ""; inner = ""
}

# Comments removed; string and character literals emptied (their quotes
# kept), so that neither hides or fakes a brace, semicolon or word.
function clean(s,    out, i, n, c, q, d) {
    out = ""; n = length(s); i = 1
    while (i <= n) {
        c = substr(s, i, 1)
        if (in_comment) {
            if (c == "*" && substr(s, i + 1, 1) == "/") { in_comment = 0; i += 2; out = out " " }
            else i++
            continue
        }
        if (c == "/" && substr(s, i + 1, 1) == "*") { in_comment = 1; i += 2; continue }
        if (c == "/" && substr(s, i + 1, 1) == "/") break
        if (c == "\"" || c == "\047") {
            q = c; i++
            while (i <= n) {
                d = substr(s, i, 1)
                if (d == "\\") { i += 2; continue }
                if (d == q) break
                i++
            }
            i++; out = out q q
            continue
        }
        out = out c; i++
    }
    return out
}

function is_c(f) { return f ~ /\.c$/ }
function stage(f) { return index(f, "/") ? substr(f, 1, index(f, "/") - 1) : "" }
function module(f) { sub(/\.[ch]$/, "", f); return f }
function folder(f) { return index(f, "/") ? substr(f, 1, match(f, /\/[^\/]*$/) - 1) : "" }
function stem(f) { sub(/^.*\//, "", f); sub(/\.[ch]$/, "", f); return f }

# The function a declaration or definition names, or "" when it names
# none: the word just before its first "(", with a type before that word.
function function_name(s,    p, head, name) {
    gsub(/__attribute__[ \t]*\(\([^;{]*\)\)\)/, " ", s)
    gsub(/__attribute__[ \t]*\(\([^();{]*\)\)/, " ", s)
    p = index(s, "(")
    if (p == 0 || s ~ /^[ \t]*typedef[ \t]/ || s ~ /=/) return ""
    head = substr(s, 1, p - 1)
    if (!match(head, /[A-Za-z_][A-Za-z0-9_]*[ \t]*$/)) return ""
    name = substr(head, RSTART, RLENGTH)
    gsub(/[ \t]/, "", name)
    head = substr(head, 1, RSTART - 1)
    if (head !~ /[A-Za-z_*]/ || (name in keyword)) return ""
    return name
}

function is_static(s) { return s ~ /(^|[^A-Za-z0-9_])static([^A-Za-z0-9_]|$)/ }

# A statement ended by ";" outside any braces.
function top_statement(s,    name) {
    name = function_name(s)
    if (name == "") return
    if (!is_c(FILENAME)) declared[FILENAME, name] = 1
    else if (!is_static(s))
        print "extern: " FILENAME ":" FNR ": declares " name "() itself; include the header that declares it"
}

# What comes before "{" outside any braces: a function definition?
function top_open(s,    name) {
    name = function_name(s)
    if (name != "" && is_c(FILENAME) && !is_static(s)) defined[name] = defined[name] " " FILENAME
}

function feed(s,    c, piece) {
    while (match(s, /[{};]/)) {
        piece = substr(s, 1, RSTART - 1); c = substr(s, RSTART, 1); s = substr(s, RSTART + 1)
        if (depth == 0) stmt = stmt " " piece; else inner = inner " " piece
        if (c == "{") {
            if (depth == 0) { top_open(stmt); stmt = "" }
            inner = ""; depth++
        } else if (c == "}") {
            inner = ""
            if (depth > 0) depth--
        } else {
            if (depth == 0) top_statement(stmt)
            else if (inner ~ /^[ \t]*extern[ \t]/ && function_name(inner) != "")
                print "extern: " FILENAME ":" FNR ": declares " function_name(inner) "() itself; include the header that declares it"
            stmt = ""; inner = ""
        }
    }
    if (depth == 0) stmt = stmt " " s; else inner = inner " " s
}

/^[ \t]*#[ \t]*include[ \t]*"/ && !in_comment {
    target = $0
    sub(/^[^"]*"/, "", target); sub(/".*$/, "", target)
    nedges++; from[nedges] = FILENAME; to[nedges] = target
}

{
    line = clean($0)
    if (in_define) { in_define = ($0 ~ /\\$/); next }
    if (line ~ /^[ \t]*#/) { in_define = ($0 ~ /\\$/); next }
    feed(line)
}

# Depth-first search from node u over graph g (adjacency "g SUBSEP u" =
# " v1 v2 ..."); every edge back to a node on the path closes a ring,
# kept once (rotated to start at its least node) in rings[g, ring].
function search(g, u,    list, n, i, v, k, ring, least, at, j) {
    state[g, u] = 1
    path[++plen] = u
    n = split(adj[g, u], list, " ")
    for (i = 1; i <= n; i++) {
        v = list[i]
        if (state[g, v] == 1) {
            for (k = plen; path[k] != v; k--) ;
            least = k
            for (j = k; j <= plen; j++) if (path[j] < path[least]) least = j
            ring = ""
            for (j = least; j <= plen; j++) ring = ring path[j] " "
            for (j = k; j < least; j++) ring = ring path[j] " "
            rings[g, ring] = 1
        } else if (state[g, v] == 0)
            search(g, v)
    }
    plen--
    state[g, u] = 2
}

function add_edge(g, u, v) {
    if (index(adj[g, u] " ", " " v " ")) return
    adj[g, u] = adj[g, u] " " v
    nodes[g, u] = 1; nodes[g, v] = 1
}

function search_all(g,    key, parts) {
    for (key in nodes) {
        split(key, parts, SUBSEP)
        if (parts[1] == g && state[g, parts[2]] == 0) search(g, parts[2])
    }
}

# The files one .c file includes, directly or through headers.
function reach(f,    list, n, i) {
    n = split(adj["files", f], list, " ")
    for (i = 1; i <= n; i++)
        if (!((f0, list[i]) in reached)) { reached[f0, list[i]] = 1; reach(list[i]) }
}

END {
    for (f in known)
        if (!(stage(f) in may))
            print "stage: " f ": its folder \"" stage(f) "\" has no stage rule (tests/check_layout.sh)"
    for (e = 1; e <= nedges; e++) {
        f = from[e]; t = to[e]
        if (!(t in known)) continue
        add_edge("files", f, t)
        sf = stage(f); st = stage(t)
        if ((sf in may) && may[sf] != "*" && !index(may[sf], " " st " ")) {
            list = may[sf]; gsub(/^ | $/, "", list); gsub(/ /, ", ", list)
            print "stage: " f " includes " t " (" sf "/ may include only " list ")"
        }
        if (!is_c(f) && !is_c(t)) add_edge("headers", f, t)
        if (module(f) != module(t)) {
            add_edge("modules", module(f), module(t))
            if (is_c(f)) by_c[module(f), module(t)] = f " includes " t
            else by_h[module(f), module(t)] = f " includes " t
        }
    }

    search_all("headers")
    for (key in rings) {
        split(key, parts, SUBSEP)
        if (parts[1] != "headers") continue
        n = split(parts[2], ring, " ")
        if (n == 2) print "mutual: " ring[1] " and " ring[2] " include each other"
        else {
            line = ""
            for (i = 1; i <= n; i++) line = line ring[i] " -> "
            print "cycle: " line ring[1]
        }
    }

    search_all("modules")
    for (key in rings) {
        split(key, parts, SUBSEP)
        if (parts[1] != "modules") continue
        n = split(parts[2], ring, " ")
        line = ""; how = ""; only_headers = 1
        for (i = 1; i <= n; i++) {
            a = ring[i]; b = ring[i % n + 1]
            line = line a " -> "
            if ((a, b) in by_h) w = by_h[a, b]; else { w = by_c[a, b]; only_headers = 0 }
            how = how (i > 1 ? "; " : "") w
        }
        if (!only_headers) print "module-cycle: " line ring[1] " (" how ")"
    }

    for (key in declared) {
        split(key, parts, SUBSEP)
        h = parts[1]; name = parts[2]
        n = split(defined[name], where, " ")
        for (i = 1; i <= n; i++) {
            c = where[i]
            if (folder(c) == folder(h) && (stem(c) == stem(h) || index(stem(c), stem(h) "_") == 1))
                continue
            f0 = c
            if (!((c, c) in reached)) { reached[c, c] = 1; reach(c) }
            if ((c, h) in reached)
                print "declares: " h " declares " name "(), defined in " c ", which includes " h
        }
    }
}
' $files | LC_ALL=C sort -u)

if [ -n "$report" ]; then
    echo "$report"
    exit 1
fi
exit 0
