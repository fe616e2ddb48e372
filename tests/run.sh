#!/bin/sh
# Run every test binary given as arguments, then the checks on generated
# output: headers compile alone in every supported mode, and regenerating
# out/ changes nothing. Ends with one line: "tests: N passed, M failed,
# K skipped" (a skipped test is one that could not run here; it is named).
set -u
HWCGEN=${HWCGEN:-./hwcgen}
CC=${CC:-cc}
passed=0
failed=0
skipped=0
failures=""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { passed=$((passed + 1)); }
skip() { skipped=$((skipped + 1)); echo "SKIP: $1"; }
fail() { failed=$((failed + 1)); failures="$failures
  $1"; echo "FAIL: $1"; }

# cmocka binaries: count their own PASSED/FAILED totals.
for t in "$@"; do
    name=$(basename "$t")
    out="$tmp/$name.log"
    if "$t" >"$out" 2>&1; then rc=0; else rc=$?; fi
    cat "$out"
    # a binary may run several groups: add up every group's totals
    p=$(sed -n 's/^\[  PASSED  \] \([0-9][0-9]*\) test.*/\1/p' "$out" | awk '{n += $1} END {print n + 0}')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9][0-9]*\) test.*/\1/p' "$out" | awk '{n += $1} END {print n + 0}')
    k=$(sed -n 's/^\[  SKIPPED \] \([0-9][0-9]*\) test.*/\1/p' "$out" | awk '{n += $1} END {print n + 0}')
    passed=$((passed + ${p:-0}))
    skipped=$((skipped + ${k:-0}))
    failed=$((failed + ${f:-0}))
    if [ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
        fail "$name exited with status $rc"
    fi
done

# The include rules of gen/ (tests/check_layout.sh). First on a tree of
# its own for each rule, which it must report exactly as the tree's file
# "expected" says, and on a clean tree, where it must report nothing: a
# check that reads nothing cannot pass.
for rule in stage mutual cycle module-cycle declares extern clean; do
    dir=tests/layout/$rule
    if [ ! -d "$dir" ]; then fail "tests/layout/$rule is missing"; continue; fi
    sh tests/check_layout.sh "$dir" >"$tmp/layout.out" 2>&1
    rc=$?
    want=1; [ "$rule" = clean ] && want=0
    if [ "$rc" -eq "$want" ] && { [ "$rule" = clean ] || [ -s "$dir/expected" ]; } &&
            cmp -s "$tmp/layout.out" "$dir/expected"; then pass; else
        diff "$dir/expected" "$tmp/layout.out"
        fail "tests/check_layout.sh on $dir: exit $rc, not as $dir/expected says"
    fi
done
if sh tests/check_layout.sh gen >"$tmp/layout.out" 2>&1; then pass; else
    cat "$tmp/layout.out"; fail "gen/ breaks the include rules (tests/check_layout.sh, above)"; fi

# The size rules of gen/ (tests/check_sizes.sh): first on files of our own
# at each limit and one past it, then on gen/.
sizes=$tmp/sizes
mkdir -p "$sizes/ok" "$sizes/long-file" "$sizes/long-function"
body() { i=0; while [ "$i" -lt "$1" ]; do echo "    x++;"; i=$((i + 1)); done; }
{ echo "static int f(int x)"; echo "{"; body 60; echo "}"; } > "$sizes/ok/a.c"
{ echo "static int f(int x)"; echo "{"; body 61; echo "}"; } > "$sizes/long-function/a.c"
body 801 > "$sizes/long-file/a.h"
if sh tests/check_sizes.sh "$sizes/ok" >"$tmp/sizes.out" 2>&1 &&
   ! sh tests/check_sizes.sh "$sizes/long-function" >"$tmp/sizes.fn" 2>&1 &&
   grep -q "a.c:2: static int f(int x): 61 lines" "$tmp/sizes.fn" &&
   ! sh tests/check_sizes.sh "$sizes/long-file" >"$tmp/sizes.file" 2>&1 &&
   grep -q "a.h: 801 lines" "$tmp/sizes.file"; then pass; else
    cat "$tmp/sizes.out" "$tmp/sizes.fn" "$tmp/sizes.file" 2>/dev/null
    fail "tests/check_sizes.sh does not report a 61-line function and an 801-line file, or reports a 60-line one"
fi
if sh tests/check_sizes.sh gen >"$tmp/sizes.out" 2>&1; then pass; else
    cat "$tmp/sizes.out"; fail "gen/ breaks the size rules (tests/check_sizes.sh, above)"; fi

# Every generated header compiles alone, copied into an empty directory,
# with gcc and clang, as C and C++; freestanding ones also as C89 without
# a hosted library.
compile() { # label, compiler, flags..., file
    label=$1; shift
    if "$@" >"$tmp/cc.log" 2>&1; then pass; else cat "$tmp/cc.log"; fail "$label"; fi
}
compilers="gcc clang"
# One translation unit, STEM.c and its copy STEM.cpp, freestanding, with
# gcc and clang in every C and C++ mode: label, stem, flags...
every_mode() {
    em_label=$1 em_stem=$2; shift 2
    for c in $compilers; do
        command -v $c >/dev/null || { fail "$c is not installed"; continue; }
        cxx=g++; [ $c = clang ] && cxx=clang++
        for std in c89 c99 c11; do
            compile "$em_label: $c -std=$std" $c "$@" -std=$std -ffreestanding "$em_stem.c"
        done
        for std in c++98 c++11 c++14 c++17 c++20; do
            compile "$em_label: $cxx -std=$std" $cxx "$@" -std=$std -ffreestanding "$em_stem.cpp"
        done
    done
}
for h in out/include/hwcgen/*.h; do
    [ -f "$h" ] || continue
    base=$(basename "$h")
    dir="$tmp/alone.$base"
    mkdir -p "$dir"
    cp "$h" "$dir/"
    printf '#include "%s"\ntypedef int translation_unit_not_empty;\n' "$base" >"$dir/use.c"
    cp "$dir/use.c" "$dir/use.cpp"
    for c in $compilers; do
        command -v $c >/dev/null || { fail "$c is not installed"; continue; }
        cxx=g++; [ $c = clang ] && cxx=clang++
        W="-Wall -Wextra -Werror -pedantic -fsyntax-only"
        if grep -q 'Freestanding:' "$h"; then
            compile "$base: $c -std=c89 freestanding" $c $W -std=c89 -ffreestanding -nostdlib -Wno-long-long "$dir/use.c"
        fi
        for std in c99 c11; do
            compile "$base: $c -std=$std" $c $W -std=$std "$dir/use.c"
        done
        compile "$base: $cxx -std=c++17" $cxx $W -std=c++17 "$dir/use.cpp"
    done
done

# The driver headers of a perf pmu-events tree (C99: UINT64_C and variadic
# X macros). tree_tu HEADER...: one translation unit including each
# header and expanding every table of it: its rows counted against its
# count macro (a negative array size otherwise) and its values used.
tree_tu() {
    echo '#define ROW_COUNT(...) + 1'
    echo '#define ROW_USE(...) ROW_USE_(__VA_ARGS__, 0)'
    echo '#define ROW_USE_(row, name, ...) { const char *s = name; unsigned long long v[] = {__VA_ARGS__}; (void)s; (void)v; }'
    echo '#define USE_TABLE(stem, pmu, table, count) table(ROW_USE)'
    for h in "$@"; do
        id=$(sed -n 's/^#define \([A-Z0-9_]*\)_PMUS(X) \\$/\1/p' "$h")
        [ -n "$id" ] || continue # not a table header (<id>_metrics.h)
        lc=$(echo "$id" | tr 'A-Z' 'a-z')
        echo "#include \"hwcgen/$(basename "$h")\""
        echo "#define T_$id(stem, pmu, table, count) typedef char ${lc}_##stem##_rows[(0 table(ROW_COUNT)) == (count) ? 1 : -1];"
        echo "${id}_PMUS(T_$id)"
        echo "void use_$lc(void);"
        echo "void use_$lc(void) { ${id}_PMUS(USE_TABLE) }"
    done
}

# The driver headers of Arm's Mali counter database: every GPU's header in
# one translation unit, freestanding, with gcc and clang as C89, C99, C11
# and C++98 to C++20. mali_tu HEADER...: each header included and every
# fact of it used (product ids, names, each counter's block, bank, index
# and shift), each GPU's first product id tested with IS_PRODUCT_ID (a
# negative array size otherwise). Our fixture database (tests/mali-db),
# and Arm's where $HWCGEN_LIBGPUCOUNTERS names a libGPUCounters checkout.
mali_tu() {
    for h in "$@"; do
        case $h in *_metrics.h) continue ;; esac
        id=$(sed -n 's/^#define \([A-Z0-9_]*\)_PRODUCT_ID_COUNT .*/\1/p' "$h")
        [ -n "$id" ] || { echo "#error $h has no product ids"; continue; }
        lc=$(echo "$id" | tr 'A-Z' 'a-z')
        first=$(sed -n "s/^#define ${id}_PRODUCT_IDS *{\(0x[0-9A-F]*\).*/\1/p" "$h")
        echo "#include \"hwcgen/$(basename "$h")\""
        echo "extern const unsigned int ${lc}_ids[${id}_PRODUCT_ID_COUNT];"
        echo "const unsigned int ${lc}_ids[${id}_PRODUCT_ID_COUNT] = ${id}_PRODUCT_IDS;"
        echo "extern const char *const ${lc}_names[${id}_ALIAS_COUNT + 2];"
        echo "const char *const ${lc}_names[${id}_ALIAS_COUNT + 2] = {${id}_NAME, ${id}_ARCHITECTURE};"
        echo "extern const char *const ${lc}_aliases[${id}_ALIAS_COUNT + 1];"
        echo "const char *const ${lc}_aliases[${id}_ALIAS_COUNT + 1] = ${id}_ALIASES;"
        echo "typedef char ${lc}_known[${id}_IS_PRODUCT_ID($first) ? 1 : -1];"
        sed -n "s/^#define ${id}_\([A-Z0-9_]*\)_SHIFT .*/\1/p" "$h" | while read -r c; do
            echo "extern const int ${lc}_${c}[4];"
            echo "const int ${lc}_${c}[4] = {${id}_${c}_BLOCK, ${id}_${c}_BANK, ${id}_${c}_INDEX, ${id}_${c}_SHIFT};"
        done
    done
}
mali_headers() { # label, database
    d="$tmp/mali-headers"
    rm -rf "$d"
    if "$HWCGEN" generate -q -o "$d" "$2" >"$tmp/mali.log" 2>&1; then pass; else
        head -n 20 "$tmp/mali.log"; fail "hwcgen generate $2 failed"; return; fi
    mali_tu "$d"/include/hwcgen/*.h >"$d/all.c"
    cp "$d/all.c" "$d/all.cpp"
    n=$(grep -c '^#include' "$d/all.c")
    every_mode "the $n driver headers of $1 in one unit" "$d/all" \
        -Wall -Wextra -Werror -pedantic -fsyntax-only "-I$d/include"
}
mali_headers "tests/mali-db" tests/mali-db
if [ -n "${HWCGEN_LIBGPUCOUNTERS:-}" ] && [ -f "$HWCGEN_LIBGPUCOUNTERS/specification/database/Mali-ProductInfo.xml" ]; then
    mali_headers "Arm's Mali counter database" "$HWCGEN_LIBGPUCOUNTERS"
else
    skipped=$((skipped + 1))
    echo "SKIP: the driver headers of Arm's Mali counter database not compiled: HWCGEN_LIBGPUCOUNTERS names no libGPUCounters checkout"
fi

# Targets run side by side (gen/par.h): what a run writes and says must
# not depend on the number of threads. Compared on the four specs, a tree
# of our own and, where it is unpacked, perf's whole tree; each run also
# under ThreadSanitizer ($HWCGEN_TSAN, built by make check), which must
# find no data race.
same_with_threads() { # label, paths...
    label=$1; shift
    for n in 1 4; do
        HWCGEN_THREADS=$n "$HWCGEN" generate -o "$tmp/thr$n" "$@" >"$tmp/thr$n.log" 2>&1
        echo "exit $?" >>"$tmp/thr$n.log"
        sed "s#$tmp/thr$n##g" "$tmp/thr$n.log" >"$tmp/thr$n.said"
    done
    if diff -r "$tmp/thr1" "$tmp/thr4" >"$tmp/thr.diff" 2>&1 && cmp -s "$tmp/thr1.said" "$tmp/thr4.said"; then
        pass
    else
        head -n 20 "$tmp/thr.diff"; diff "$tmp/thr1.said" "$tmp/thr4.said" | head -n 20
        fail "$label: 1 and 4 threads write or say different things"
    fi
    rm -rf "$tmp/thr1" "$tmp/thr4"
    if [ -z "${HWCGEN_TSAN:-}" ]; then
        return
    fi
    TSAN_OPTIONS="exitcode=66" HWCGEN_THREADS=4 "$HWCGEN_TSAN" generate -q -o "$tmp/tsan" "$@" \
        >"$tmp/tsan.log" 2>&1
    rc=$?
    if grep -q "ThreadSanitizer: unexpected memory mapping" "$tmp/tsan.log"; then
        skip "$label: ThreadSanitizer cannot run on this kernel's address layout"
    elif [ $rc -ne 66 ] && ! grep -q "ThreadSanitizer" "$tmp/tsan.log"; then pass; else
        grep -A 30 "ThreadSanitizer" "$tmp/tsan.log" | head -n 40
        fail "$label: ThreadSanitizer finds a data race"
    fi
    rm -rf "$tmp/tsan"
}
same_with_threads "the four specs" spec/*/*.json spec/*/*.xml
same_with_threads "tests/perf-tree-outputs" tests/perf-tree-outputs/arch
if [ -n "${HWCGEN_PMU_EVENTS:-}" ] && [ -d "$HWCGEN_PMU_EVENTS/arch" ]; then
    same_with_threads "perf's whole tree" "$HWCGEN_PMU_EVENTS/arch"
else
    skip "threads not compared on perf's whole tree: linux-source-6.12 is not installed (make check installs it as root: apt-get install linux-source-6.12)"
fi

# The kernel's whole tree, generated into .build/perf-tree-out: every
# header of it in one translation unit as C99, and a sample (a core PMU, a
# hybrid CPU with uncore PMUs, an arm64 CPU, a sys directory, powerpc,
# s390) alone in every mode. Skipped, naming the package, without it.
kernel_tree=${HWCGEN_PMU_EVENTS:-}
tree_out=.build/perf-tree-out
if [ -z "$kernel_tree" ] || [ ! -d "$kernel_tree/arch" ]; then
    skipped=$((skipped + 1))
    echo "SKIP: the kernel's perf tree's headers not compiled: linux-source-6.12 is not installed (make check installs it as root: apt-get install linux-source-6.12)"
elif "$HWCGEN" generate -q -o "$tree_out" "$kernel_tree/arch" >"$tmp/tree.log" 2>&1; then
    pass
    tree_tu "$tree_out"/include/hwcgen/*.h >"$tmp/tree_all.c"
    W="-Wall -Wextra -Werror -pedantic -fsyntax-only -I$tree_out/include"
    compile "every header of the kernel's perf tree in one unit: gcc -std=c99" gcc $W -std=c99 "$tmp/tree_all.c"
    for base in x86_skylake x86_alderlake arm64_arm_cortex_a76 arm64_freescale_imx8mm_sys powerpc_power10 s390_cf_z16; do
        h="$tree_out/include/hwcgen/$base.h"
        [ -f "$h" ] || { fail "the kernel's perf tree gave no $base.h"; continue; }
        tree_tu "$h" >"$tmp/tree_one.c"
        cp "$tmp/tree_one.c" "$tmp/tree_one.cpp"
        for c in $compilers; do
            command -v $c >/dev/null || { fail "$c is not installed"; continue; }
            cxx=g++; [ $c = clang ] && cxx=clang++
            for std in c99 c11; do
                compile "$base.h: $c -std=$std" $c $W -std=$std "$tmp/tree_one.c"
            done
            compile "$base.h: $cxx -std=c++17" $cxx $W -std=c++17 "$tmp/tree_one.cpp"
        done
    done
else
    head -n 20 "$tmp/tree.log"; fail "hwcgen generate of the kernel's perf tree failed"
fi

# eval_many gives eval_all's results bit for bit (tests/eval/many_main.c):
# for every metrics header in out/ and one whose formulas use every
# operator, with gcc and clang, as C unoptimised and at -O2, as C++, and
# with the vectors turned off.
many_headers=$(grep -l '_eval_many(const struct' out/include/hwcgen/*.h 2>/dev/null)
if "$HWCGEN" generate -q -o "$tmp/ops" tests/eval/ops.json >"$tmp/ops.log" 2>&1; then
    many_headers="$many_headers $tmp/ops/include/hwcgen/ops_test_core_metrics.h"
else
    cat "$tmp/ops.log"; fail "hwcgen generate tests/eval/ops.json failed"
fi
many() { # label, compiler, flags...
    label=$1; shift
    if "$@" -Wall -Wextra -Werror -I"$(dirname "$(dirname "$h")")" -DHEADER="\"hwcgen/$base\"" \
            -DPREFIX="$prefix" -DSTRUCT="$struct" -DCOUNT="$count" tests/eval/many_main.c \
            -o "$tmp/many" -lm >"$tmp/cc.log" 2>&1 && "$tmp/many" >"$tmp/run.log" 2>&1; then
        pass; else cat "$tmp/cc.log" "$tmp/run.log" 2>/dev/null; fail "$label"; fi
}
for h in $many_headers; do
    base=$(basename "$h")
    line=$(grep '_eval_many(const struct' "$h")
    prefix=$(echo "$line" | sed 's/.*void \([A-Za-z0-9_]*\)_eval_many.*/\1/')
    struct=$(echo "$line" | sed 's/.*const struct \([A-Za-z0-9_]*\) .*/\1/')
    count=$(echo "$prefix" | tr 'a-z' 'A-Z')_METRIC_COUNT
    for c in $compilers; do
        cxx=g++; [ $c = clang ] && cxx=clang++
        for opt in -O0 -O2; do
            many "eval_many = eval_all: $base, $c -std=c11 $opt" $c -std=c11 $opt
        done
        many "eval_many = eval_all: $base, $cxx -std=c++17 -O2" $cxx -x c++ -std=c++17 -O2
    done
done

# Determinism: regenerating gives byte-identical files, twice over, from
# another directory and in a decimal-comma locale. hwcgen draws the docs'
# diagrams with Graphviz's dot, whose version each SVG names in a comment:
# out/ is compared whole where this machine has that version, and where
# it has another (whose layout differs) every file but the SVGs, which
# svg_fresh.py below compares by what they draw.
drawn_by=$(sed -n 's/^<!-- Generated by graphviz version \(.*\) -->$/\1/p' out/docs/*.svg 2>/dev/null | sort -u | head -n 1)
dot_here=$(dot -V 2>&1 | sed -n 's/.*graphviz version \(.*\)$/\1/p')
if [ -z "$dot_here" ]; then
    excl="-x docs -x hwcgen-manifest.json"
    skip "out/docs and the manifest not compared with a fresh run: Graphviz's dot is not installed (package graphviz)"
elif [ "$dot_here" != "$drawn_by" ]; then
    excl="-x *.svg"
    skip "out/docs/*.svg not compared byte for byte: drawn by Graphviz $drawn_by, this machine has $dot_here"
else
    excl=""
fi
if "$HWCGEN" generate -q -o "$tmp/gen1" >"$tmp/gen.log" 2>&1; then
    # shellcheck disable=SC2086 # $excl is a list of options
    if diff -r $excl out "$tmp/gen1" >"$tmp/diff.log"; then pass; else
        head -n 40 "$tmp/diff.log"; fail "out/ is not up to date: run make and commit out/"; fi
    abs=$(cd "$(dirname "$HWCGEN")" && pwd)/$(basename "$HWCGEN")
    specs=$(ls spec/*/*.json spec/*/*.xml 2>/dev/null | sed "s|^|$(pwd)/|")
    (cd "$tmp" && "$abs" generate -q -o "$tmp/gen2" $specs) >"$tmp/gen2.log" 2>&1
    if diff -r "$tmp/gen1" "$tmp/gen2" >/dev/null 2>&1; then pass; else
        fail "generating from another directory differs"; fi
    if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
        (cd "$tmp" && LC_ALL=de_DE.UTF-8 "$abs" generate -q -o "$tmp/gen3" $specs) >"$tmp/gen3.log" 2>&1
        if diff -r "$tmp/gen1" "$tmp/gen3" >/dev/null 2>&1; then pass; else
            fail "generating under LC_ALL=de_DE.UTF-8 differs"; fi
    else
        skipped=$((skipped + 1))
        echo "SKIP: locale de_DE.UTF-8 is not installed (.ci/run installs it)"
    fi
else
    cat "$tmp/gen.log"; fail "hwcgen generate failed"
fi

# The docs as readers get them. The committed SVG diagrams are
# well-formed XML (a browser shows a malformed one as its alt text) and
# drawn from the DOT files beside them; every HTML page passes tidy; and
# headless Chromium opens every page at 1280 and 390 px wide and finds
# nothing broken (tests/docs/browse.py says what it looks for; its
# screenshots go to $DOCS_SHOTS). A check whose tool is missing is
# skipped, naming the package (make check installs them as root).
# Besides out/docs, the pages of a telemetry core of our own (ops.json,
# generated above), as a user's core of the same format gets them, and
# those of a small perf pmu-events tree of our own (tests/perf-tree-outputs).
fixture_docs="$tmp/ops/docs"
tree_docs="$tmp/tree-fixture/docs"
if ! "$HWCGEN" generate -q -o "$tmp/tree-fixture" tests/perf-tree-outputs/arch >"$tmp/tree-fixture.log" 2>&1; then
    cat "$tmp/tree-fixture.log"; fail "hwcgen generate tests/perf-tree-outputs failed"
fi
# and those of the GPUs of our small Mali counter database (tests/mali-db)
mali_docs="$tmp/mali-fixture/docs"
if ! "$HWCGEN" generate -q --outputs docs -o "$tmp/mali-fixture" tests/mali-db >"$tmp/mali-fixture.log" 2>&1; then
    cat "$tmp/mali-fixture.log"; fail "hwcgen generate tests/mali-db failed"
fi
# and those of Intel OA platforms (format oa-metrics): our own small one
# (tests/oa-docs) and, where make mesa-src fetched Mesa, the smallest real
# one, its CHV
oa_docs="$tmp/oa-fixture/docs"
if ! "$HWCGEN" generate -q --outputs docs -o "$tmp/oa-fixture" tests/oa-docs/oa-docgt1.xml >"$tmp/oa-fixture.log" 2>&1; then
    cat "$tmp/oa-fixture.log"; fail "hwcgen generate tests/oa-docs failed"
fi
oa_chv_docs="$tmp/oa-chv/docs"
if [ -z "${HWCGEN_MESA_PERF:-}" ] || [ ! -f "$HWCGEN_MESA_PERF/oa-chv.xml" ]; then
    skip "the docs page of a real Intel OA platform not checked: needs Debian's mesa 25.0.7 source package (make mesa-src fetches it)"
elif ! "$HWCGEN" generate -q --outputs docs -o "$tmp/oa-chv" "$HWCGEN_MESA_PERF/oa-chv.xml" >"$tmp/oa-chv.log" 2>&1; then
    cat "$tmp/oa-chv.log"; fail "hwcgen generate $HWCGEN_MESA_PERF/oa-chv.xml failed"
fi
oa_pages=""
for f in "$oa_docs"/*.html "$oa_chv_docs"/*.html; do
    [ -f "$f" ] && [ "${f##*/}" != index.html ] && oa_pages="$oa_pages $f"
done
have_py=0
command -v python3 >/dev/null && have_py=1
if command -v xmllint >/dev/null; then
    for f in out/docs/*.svg; do
        [ -f "$f" ] || continue
        if xmllint --noout "$f" >"$tmp/xml.log" 2>&1; then pass; else
            head -n 5 "$tmp/xml.log"; fail "$f is not well-formed XML"; fi
    done
else
    skip "SVG diagrams not validated: xmllint is not installed (package libxml2-utils)"
fi
if [ $have_py = 1 ]; then
    for f in out/docs/*.svg; do
        [ -f "$f" ] || continue
        if python3 tests/docs/svg_fresh.py "$f" >"$tmp/svg.log" 2>&1; then pass; else
            cat "$tmp/svg.log"; fail "$f is not drawn from its DOT file"; fi
    done
else
    skip "SVG diagrams not compared with their DOT files: python3 is not installed (package python3)"
fi
# What hwcgen draws is what dot draws from the DOT file it wrote, with
# what the docs add (README, "Docs"), done here by sed: the version comment
# on one line, the licence before <svg>, the stylesheet in the drawing.
if [ -n "$dot_here" ] && [ -d "$tmp/gen1/docs" ]; then
    for f in "$tmp"/gen1/docs/*.dot; do
        [ -f "$f" ] || continue
        spdx=$(sed -n '1s|^// \(SPDX-License-Identifier: [A-Za-z0-9.+() -]*\)$|<!-- \1 -->|p' "$f")
        dot -Tsvg "$f" | sed -e '/^<!-- Generated by graphviz/{' -e ':a' -e '/-->/!{' -e 'N' -e 'ba' -e '}' \
            -e 's/\n */ /' -e '}' -e '/^<g id="graph0"/r templates/docs_diagram_style.xml' \
            -e "/^<svg /i $spdx" >"$tmp/byhand.svg"
        if cmp -s "$tmp/byhand.svg" "${f%.dot}.svg"; then pass; else
            diff "$tmp/byhand.svg" "${f%.dot}.svg" | head -n 10
            fail "hwcgen's $(basename "${f%.dot}").svg is not what dot draws from its DOT file"; fi
        if grep -q 'title="[^"]*\\n' "${f%.dot}.svg"; then
            fail "$(basename "${f%.dot}").svg has a tooltip showing a literal \\n"; else pass; fi
    done
fi
if command -v tidy >/dev/null; then
    for f in out/docs/*.html "$fixture_docs"/*.html "$tree_docs"/*.html "$mali_docs"/*.html \
        "$oa_docs"/*.html "$oa_chv_docs"/*.html; do
        [ -f "$f" ] || continue
        # tidy exits 1 on warnings, 2 on errors
        if tidy -q -e "$f" >"$tmp/tidy.log" 2>&1 || [ $? -eq 1 ]; then pass; else
            head -n 20 "$tmp/tidy.log"; fail "tidy finds errors in $f"; fi
    done
else
    skip "HTML pages not checked: tidy is not installed (package tidy)"
fi
if ! command -v chromium >/dev/null; then
    skip "docs pages not opened in a browser: chromium is not installed (package chromium)"
elif [ $have_py = 0 ]; then
    skip "docs pages not opened in a browser: python3 is not installed (package python3)"
else
    shots=${DOCS_SHOTS:-.build/docs-shots}
    command -v pdftoppm >/dev/null ||
        skip "printed pages not checked for a blank page: pdftoppm is not installed (package poppler-utils)"
    python3 tests/docs/browse.py "$shots" out/docs out/docs/*.html >"$tmp/browse.log" 2>&1
    rc=$?
    if [ -d "$fixture_docs" ]; then
        python3 tests/docs/browse.py "$shots/fixture" "$fixture_docs" "$fixture_docs"/*.html \
            >>"$tmp/browse.log" 2>&1 || rc=$?
    else
        fail "no docs of the telemetry fixture core to open"
    fi
    if [ -d "$tree_docs" ]; then
        python3 tests/docs/browse.py "$shots/perf-tree" "$tree_docs" "$tree_docs"/*.html \
            >>"$tmp/browse.log" 2>&1 || rc=$?
    else
        fail "no docs of the perf tree fixture to open"
    fi
    for page in $oa_pages; do
        python3 tests/docs/browse.py "$shots/oa" "$(dirname "$page")" "$page" \
            >>"$tmp/browse.log" 2>&1 || rc=$?
    done
    cat "$tmp/browse.log"
    n=$(grep -c '^ok: ' "$tmp/browse.log")
    passed=$((passed + n))
    for page in $(sed -n 's/^FAIL: \([^ ]*\) at \([0-9]*\) px.*/\1@\2px/p' "$tmp/browse.log"); do
        fail "browser: $page"
    done
    if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$tmp/browse.log"; then
        fail "browser check could not run (exit status $rc)"
    fi
    echo "docs: screenshots in $shots"
fi
# The Markdown pages as a code host shows them (tests/docs/md_width.py):
# every table fits a 916 px column.
if ! command -v cmark-gfm >/dev/null; then
    skip "Markdown pages not measured: cmark-gfm is not installed (package cmark-gfm)"
elif ! command -v chromium >/dev/null || [ $have_py = 0 ]; then
    skip "Markdown pages not measured: chromium or python3 is not installed"
else
    # shellcheck disable=SC2046 # the OA pages' names have no spaces
    python3 tests/docs/md_width.py out/docs/*.md "$fixture_docs"/*.md "$tree_docs"/*.md \
        $(echo "$oa_pages" | sed 's/\.html\( \|$\)/.md\1/g') >"$tmp/md.log" 2>&1
    rc=$?
    cat "$tmp/md.log"
    passed=$((passed + $(grep -c '^ok: ' "$tmp/md.log")))
    for page in $(sed -n 's/^FAIL: \([^:]*\): .*/\1/p' "$tmp/md.log"); do
        fail "Markdown tables too wide: $page"
    done
    if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$tmp/md.log"; then
        fail "Markdown check could not run (exit status $rc)"
    fi
fi

# Intel OA platforms from Mesa 25.0.7's oa-*.xml (make mesa-src): every
# set of every platform against what Mesa's own gen_perf.py generates from
# the same files (tests/oa-mesa/check.sh: counters, offsets, types,
# register arrays, availability on fixtures, read and max values bit for
# bit), then all 56 headers in one translation unit, freestanding, with
# gcc and clang in every C and C++ mode. Skipped, naming the package,
# without Mesa's source or python3.
mesa_perf=${HWCGEN_MESA_PERF:-}
if [ -z "$mesa_perf" ] || [ ! -f "$mesa_perf/gen_perf.py" ]; then
    skip "Intel OA platforms not compared with Mesa's gen_perf.py: needs Debian's mesa 25.0.7 source package (make mesa-src fetches it)"
elif ! command -v python3 >/dev/null; then
    skip "Intel OA platforms not compared with Mesa's gen_perf.py: python3 is not installed (package python3)"
else
    if sh tests/oa-mesa/check.sh "$HWCGEN" "$mesa_perf" "$tmp/oa-mesa" gcc >"$tmp/oa-mesa.log" 2>&1; then
        pass; tail -n 1 "$tmp/oa-mesa.log"
    else
        tail -n 25 "$tmp/oa-mesa.log"; fail "Intel OA platforms differ from Mesa's gen_perf.py (above)"
    fi
    oa_inc="$tmp/oa-mesa/hw/include"
    if [ -d "$oa_inc/hwcgen" ]; then
        for h in "$oa_inc"/hwcgen/*_metrics.h; do echo "#include \"hwcgen/$(basename "$h")\""; done >"$tmp/oa_all.c"
        echo 'typedef int translation_unit_not_empty;' >>"$tmp/oa_all.c"
        cp "$tmp/oa_all.c" "$tmp/oa_all.cpp"
        every_mode "every Intel OA header of Mesa's XML in one unit" "$tmp/oa_all" \
            -Wall -Wextra -Werror -pedantic -fsyntax-only "-I$oa_inc"
    fi
fi

# IGT's copies of the OA metric XML (tests/oa-igt/check.sh: every file
# loads and checks, each folder generates, hwcgen diff of Mesa's and IGT's
# file for each platform both carry exits as documented), their headers in
# one translation unit per folder, freestanding, in every C and C++ mode,
# and with Mesa's source and python3 the comparison with gen_perf.py on the
# files that load (tests/oa-mesa/check.sh). Skipped, naming IGT_GIT,
# without a clone.
igt=${HWCGEN_IGT:-}
if [ -z "$igt" ] || ! ls "$igt"/lib/i915/perf-configs/oa-*.xml "$igt"/lib/xe/oa-configs/oa-*.xml >/dev/null 2>&1; then
    skip "IGT's Intel OA metric files not checked: needs IGT_GIT=DIR, a clone of igt-gpu-tools (make check IGT_GIT=DIR extracts them into .build/igt)"
else
    igt_mesa=""
    [ -n "$mesa_perf" ] && [ -f "$mesa_perf/gen_perf.py" ] && igt_mesa=$mesa_perf
    [ -n "$igt_mesa" ] || skip "hwcgen diff of Mesa's and IGT's OA files not run: needs Debian's mesa 25.0.7 source package (make mesa-src fetches it)"
    if sh tests/oa-igt/check.sh "$HWCGEN" "$igt" "$tmp/oa-igt" $igt_mesa >"$tmp/oa-igt.log" 2>&1; then
        pass; cat "$tmp/oa-igt.log"
    else
        cat "$tmp/oa-igt.log"; fail "IGT's Intel OA metric files (above)"
    fi
    for kind in i915 xe; do
        inc="$tmp/oa-igt/$kind/include"
        [ -d "$inc/hwcgen" ] || continue
        for h in "$inc"/hwcgen/*_metrics.h; do echo "#include \"hwcgen/$(basename "$h")\""; done >"$tmp/igt_all.c"
        echo 'typedef int translation_unit_not_empty;' >>"$tmp/igt_all.c"
        cp "$tmp/igt_all.c" "$tmp/igt_all.cpp"
        every_mode "every Intel OA header of IGT's $kind XML in one unit" "$tmp/igt_all" \
            -Wall -Wextra -Werror -pedantic -fsyntax-only "-I$inc"
        if [ -z "$igt_mesa" ]; then continue; fi
        if ! command -v python3 >/dev/null; then
            skip "IGT's $kind OA files not compared with Mesa's gen_perf.py: python3 is not installed (package python3)"
        elif sh tests/oa-mesa/check.sh "$HWCGEN" "$igt_mesa" "$tmp/oa-igt-$kind-mesa" gcc \
                "$tmp/oa-igt/$kind-xml" >"$tmp/oa-igt-mesa.log" 2>&1; then
            pass; echo "IGT's $kind files: $(tail -n 1 "$tmp/oa-igt-mesa.log")"
        else
            tail -n 25 "$tmp/oa-igt-mesa.log"; fail "IGT's $kind OA files differ from Mesa's gen_perf.py (above)"
        fi
    done
fi

# hwcgen eval of Intel OA sets against the generated C on the same inputs
# (tests/oa-eval/check.sh): our fixture's sets, whose equations use every
# operator of both languages, and, with Mesa's source, sets of a real
# platform.
if sh tests/oa-eval/check.sh "$HWCGEN" "$CC" "$tmp/oa-eval" tests/oa-metrics/oa-test.xml \
        RenderBasic ComputeBasic >"$tmp/oa-eval.log" 2>&1; then
    pass; cat "$tmp/oa-eval.log"
else
    cat "$tmp/oa-eval.log"; fail "hwcgen eval of the OA fixture differs from its generated C"
fi
# The system variables only IGT's xe generator knows (our fixture
# oa-xe-igt.xml): hwcgen eval against the generated C as above, and the
# generated C on inputs worked out by hand (tests/oa-eval/xe_values.c).
if sh tests/oa-eval/check.sh "$HWCGEN" "$CC" "$tmp/oa-eval-xe" tests/oa-metrics/oa-xe-igt.xml \
        PipeProfile >"$tmp/oa-eval-xe.log" 2>&1; then
    pass; cat "$tmp/oa-eval-xe.log"
else
    cat "$tmp/oa-eval-xe.log"; fail "hwcgen eval of the IGT xe fixture differs from its generated C"
fi
if "$CC" -std=c11 -Wall -Wextra -Werror -pedantic -I"$tmp/oa-eval-xe/out/include" \
        tests/oa-eval/xe_values.c -o "$tmp/oa-xe-values" && "$tmp/oa-xe-values"; then
    pass
else
    fail "the generated C of the IGT xe fixture gives other values than worked out by hand"
fi
# An availability that reads nothing of the system (availability="1", as
# IGT's PVC file has): its function still compiles with every warning.
if "$HWCGEN" generate -q --outputs c -o "$tmp/oa-const" tests/oa-metrics/oa-avail-const.xml; then
    echo '#include "hwcgen/intel_oa_metrics_constgt1_metrics.h"' >"$tmp/oa-const/use.c"
    compile "an OA availability of a constant: gcc -Wall -Wextra -Werror" gcc -std=c11 \
        -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$tmp/oa-const/include" "$tmp/oa-const/use.c"
else
    fail "hwcgen generate tests/oa-metrics/oa-avail-const.xml failed"
fi
# eval and list of an OA platform: each wrong input is an error naming it,
# with the exit status the help gives (1: a value or name, 2: usage).
oa_expect() { # label, status, message, command...
    label=$1 want=$2 msg=$3; shift 3
    "$@" >"$tmp/oa-cli.out" 2>"$tmp/oa-cli.err"; got=$?
    if [ "$got" -eq "$want" ] && grep -qF -- "$msg" "$tmp/oa-cli.err"; then pass
    else cat "$tmp/oa-cli.err"; fail "OA $label: exit $got (want $want), message '$msg' expected"; fi
}
oa_fix=tests/oa-metrics/oa-test.xml
oa_expect "eval of an unknown set" 1 "unknown metric set 'RenderBasik' (did you mean 'RenderBasic'?)" \
    "$HWCGEN" eval $oa_fix --set RenderBasik GPU_TIME=1
oa_expect "eval of an unknown counter" 1 "set RenderBasic has no counter 'GpuTim' (did you mean 'GpuTime'?)" \
    "$HWCGEN" eval $oa_fix --set RenderBasic --metric GpuTim GPU_TIME=1
oa_expect "eval without a value read" 1 "no value given for \$GpuTimestampFrequency" \
    "$HWCGEN" eval $oa_fix --set RenderBasic --metric GpuTime GPU_TIME=1
oa_expect "eval with a value given twice" 1 "'GPU_TIME' is given twice" \
    "$HWCGEN" eval $oa_fix --set RenderBasic --metric GpuTime GPU_TIME=1 GPU_TIME=2 '$GpuTimestampFrequency=3'
oa_expect "eval of a negative value" 1 "GPU_TIME: '-1' is not an unsigned 64-bit integer" \
    "$HWCGEN" eval $oa_fix --set RenderBasic --metric GpuTime GPU_TIME=-1 '$GpuTimestampFrequency=3'
oa_expect "eval of an unknown name" 1 "'A64' is neither a field of the accumulator" \
    "$HWCGEN" eval $oa_fix --set RenderBasic --metric GpuTime A64=1
oa_xe=tests/oa-metrics/oa-xe-igt.xml
oa_expect "eval without IGT's \$GtXeCore1" 1 "no value given for \$GtSlice1XeCore0 (\$GtXeCore1)" \
    "$HWCGEN" eval $oa_xe --set PipeProfile --metric Pipes '$GeometryPipeTotalCount=5' \
    '$DepthPipeTotalCount=4' '$ColorPipeTotalCount=3' '$GtXeCore0=1'
oa_expect "eval given \$GtXeCore past the slices" 1 "'\$GtXeCore9' reads XeCore 0 of slice 9" \
    "$HWCGEN" eval $oa_xe --set PipeProfile --metric Pipes '$GtXeCore9=1'
oa_expect "eval given \$GtXeCore1 and \$GtSlice1XeCore0" 1 "'\$GtSlice1XeCore0' is given twice" \
    "$HWCGEN" eval $oa_xe --set PipeProfile --metric Pipes '$GtXeCore1=1' '$GtSlice1XeCore0=1'
# hwcgen eval of IGT's variables, values worked out by hand: 500 + 40 + 3 +
# 1000 ($GtXeCore0) + 2000 ($GtXeCore1, XeCore 0 of slice 1) + 0 ($GtXeCore9)
if [ "$("$HWCGEN" eval $oa_xe --set PipeProfile --metric Pipes '$GeometryPipeTotalCount=5' \
        '$DepthPipeTotalCount=4' '$ColorPipeTotalCount=3' '$GtXeCore0=1' '$GtXeCore1=1')" = "Pipes 3543" ]; then
    pass
else
    fail "hwcgen eval of IGT's xe variables: Pipes is not 3543"
fi
oa_expect "eval without --set" 2 "is an Intel OA platform: choose one of its metric sets" \
    "$HWCGEN" eval $oa_fix GPU_TIME=1
oa_expect "--set of a spec that is no OA platform" 2 "--set chooses a metric set of an Intel OA platform" \
    "$HWCGEN" list spec/intel/oa-chv.xml --set RenderBasic
if [ "$("$HWCGEN" eval $oa_fix --set RenderBasic --metric GpuTime GPU_TIME=12 '$GpuTimestampFrequency=4' 2>&1)" = "GpuTime 3000000000" ] &&
   [ "$("$HWCGEN" list $oa_fix --set ComputeBasic 2>&1)" = "$(printf 'GpuCoreClocks\tuint64\tcycles\tevent\tGPU_CLOCK 0 READ')" ]; then
    pass
else
    fail "OA eval of GpuTime (12 ticks at 4 Hz: 3000000000 ns) or list of ComputeBasic's counters is not as written"
fi

if [ -n "$mesa_perf" ] && [ -f "$mesa_perf/oa-tglgt2.xml" ]; then
    if sh tests/oa-eval/check.sh "$HWCGEN" "$CC" "$tmp/oa-eval-tgl" "$mesa_perf/oa-tglgt2.xml" \
            RenderBasic ComputeBasic L3_1 EuActivity1 TestOa >"$tmp/oa-eval-tgl.log" 2>&1; then
        pass; cat "$tmp/oa-eval-tgl.log"
    else
        cat "$tmp/oa-eval-tgl.log"; fail "hwcgen eval of Mesa's oa-tglgt2.xml differs from its generated C"
    fi
else
    skip "hwcgen eval not compared on a real Intel OA platform: needs Debian's mesa 25.0.7 source package (make mesa-src fetches it)"
fi

# make install, as a build finds it: into a DESTDIR under .build/, the
# installed hwcgen.pc read with pkg-config must give the version the
# installed hwcgen prints, and name the program, the templates and the
# schemas where they were installed. It runs as a user types it: without
# the compiler and flags of the make that runs these tests, which make asan
# sets and exports, so that it never builds ./hwcgen with a sanitizer.
dest="$PWD/.build/install-check"
rm -rf "$dest"
if ! command -v pkg-config >/dev/null; then
    skip "make install's hwcgen.pc not read: pkg-config is not installed (package pkg-config)"
elif ! env -u CC -u CFLAGS -u LDFLAGS -u B -u BIN -u TSAN_BIN MAKEFLAGS= MAKELEVEL= \
        make -s --no-print-directory install DESTDIR="$dest" PREFIX=/usr \
        >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"; fail "make install into $dest failed"
else
    pc() { PKG_CONFIG_PATH="$dest/usr/share/pkgconfig" PKG_CONFIG_LIBDIR= pkg-config "$@" hwcgen; }
    prog=$(pc --variable=hwcgen) version=$(pc --modversion)
    printed=$("$dest$prog" --version 2>&1)
    if [ "$prog" = /usr/bin/hwcgen ] && [ "$printed" = "hwcgen $version" ] &&
       [ -f "$dest$(pc --variable=templatesdir)/c_header.h.mustache" ] &&
       [ -f "$dest$(pc --variable=schemadir)/perf-model.rng" ]; then pass; else
        fail "hwcgen.pc (version '$version', program '$prog', templates '$(pc --variable=templatesdir)', schemas '$(pc --variable=schemadir)') disagrees with what make install put in $dest ('$printed')"
    fi
fi
rm -rf "$dest"

# A user's build regenerating the headers: the example project built for
# real with make, CMake and Meson (tests/build-example/check.sh says what
# each must do); a tool that is missing is skipped, naming it.
for tool in make cmake meson; do
    sh tests/build-example/check.sh "$HWCGEN" spec/arm/neoverse-v1.json \
        "$tmp/build-example/$tool" "$tool" >"$tmp/build-example-$tool.log" 2>&1
    case $? in
    0) pass; tail -n 1 "$tmp/build-example-$tool.log" ;;
    77) skip "the example project not built with $tool: $(tail -n 1 "$tmp/build-example-$tool.log")" ;;
    *) tail -n 25 "$tmp/build-example-$tool.log"; fail "the example project's build with $tool (above)" ;;
    esac
done

if [ "$failed" -ne 0 ]; then
    echo "failures:$failures"
fi
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
