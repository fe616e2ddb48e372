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

# Every generated header compiles alone, copied into an empty directory,
# with gcc and clang, as C and C++; freestanding ones also as C89 without
# a hosted library.
compile() { # label, compiler, flags..., file
    label=$1; shift
    if "$@" >"$tmp/cc.log" 2>&1; then pass; else cat "$tmp/cc.log"; fail "$label"; fi
}
compilers="gcc clang"
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
        if grep -q 'Freestanding' "$h"; then
            compile "$base: $c -std=c89 freestanding" $c $W -std=c89 -ffreestanding -nostdlib -Wno-long-long "$dir/use.c"
        fi
        for std in c99 c11; do
            compile "$base: $c -std=$std" $c $W -std=$std "$dir/use.c"
        done
        compile "$base: $cxx -std=c++17" $cxx $W -std=c++17 "$dir/use.cpp"
    done
done

# Determinism: regenerating gives byte-identical files, twice over, from
# another directory and in a decimal-comma locale.
if "$HWCGEN" generate -q -o "$tmp/gen1" >"$tmp/gen.log" 2>&1; then
    if diff -r -x "*.svg" out "$tmp/gen1" >"$tmp/diff.log"; then pass; else
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

if [ "$failed" -ne 0 ]; then
    echo "failures:$failures"
fi
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
