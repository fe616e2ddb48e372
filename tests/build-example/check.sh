#!/bin/sh
# check.sh HWCGEN SPEC WORKDIR TOOL - the example project built for real by
# TOOL (make, cmake or meson), in a copy under WORKDIR with SPEC vendored
# as spec/neoverse-v1.json and a copy of HWCGEN first on PATH, as an
# installed hwcgen would be. Asserts, by the files' times:
#   - a first build generates the headers, compiles and runs;
#   - a build with nothing touched rebuilds nothing;
#   - touching the spec regenerates the header and recompiles;
#   - touching the hwcgen program (named only by the dependency file)
#     regenerates the header too.
# Exit 0 when all hold, 1 (saying which did not) otherwise, 77 (saying
# what is missing) when TOOL cannot run here.
set -u
hwcgen=$1 spec=$2 work=$3 tool=$4
here=$(cd "$(dirname "$0")" && pwd)
case $tool in
make) need="make" ;;
cmake) need="cmake make" ;;
meson) need="meson ninja" ;;
*) echo "check.sh: unknown tool '$tool'"; exit 1 ;;
esac
for p in $need cc; do
    command -v "$p" >/dev/null || { echo "$p is not installed"; exit 77; }
done

rm -rf "$work" && mkdir -p "$work/bin" || exit 1
cp "$hwcgen" "$work/bin/hwcgen" && cp -R "$here" "$work/project" &&
    rm -f "$work/project/check.sh" && mkdir -p "$work/project/spec" &&
    cp "$spec" "$work/project/spec/neoverse-v1.json" || exit 1
PATH="$work/bin:$PATH"
export PATH
# The project finds hwcgen on PATH, as a user's would: not through the
# HWCGEN that names the binary under test, nor the make that runs us.
unset HWCGEN MAKEFLAGS MFLAGS MAKELEVEL
cd "$work/project" || exit 1

case $tool in
make)
    build() { make; }
    header=gen/include/hwcgen/neoverse_v1.h object=main.o app=./app ;;
cmake)
    cmake -S . -B build >../configure.log 2>&1 || { cat ../configure.log; exit 1; }
    build() { cmake --build build; }
    header=build/gen/include/hwcgen/neoverse_v1.h object=build/CMakeFiles/app.dir/main.c.o
    app=build/app ;;
meson)
    meson setup build >../configure.log 2>&1 || { cat ../configure.log; exit 1; }
    build() { ninja -C build; }
    header=build/include/hwcgen/neoverse_v1.h object=build/app.p/main.c.o app=build/app ;;
esac

bad=0
say_bad() { echo "$tool: $1"; bad=1; }
stamps() { stat -c '%.9Y' "$header" "$object" "$app" 2>/dev/null | tr '\n' ' '; }
# after(WHAT): build once more, the log kept in ../WHAT.log
after() { build >"../$1.log" 2>&1 || { cat "../$1.log"; say_bad "the build $1 failed"; }; }
# A file's time moves on from one build to the next only when made again;
# a second apart, a touch is newer than what the build before it wrote.
later() { sleep 1; touch "$1"; }

after "first"
want="INST_RETIRED is event 0x0008; ipc 1.5"
got=$("$app" 2>&1) || say_bad "the program did not run"
[ "$got" = "$want" ] || say_bad "the program printed '$got', not '$want'"
t0=$(stamps)

after "with-nothing-touched"
[ "$(stamps)" = "$t0" ] || say_bad "a build with nothing touched rebuilt (times $t0 -> $(stamps))"

later spec/neoverse-v1.json
after "after-touching-the-spec"
set -- $t0
set -- "$@" $(stamps)
[ "${4:-}" != "$1" ] || say_bad "touching the spec did not regenerate $header"
[ "${5:-}" != "$2" ] || say_bad "touching the spec did not recompile $object"

t1=$(stamps)
later "$work/bin/hwcgen"
after "after-touching-hwcgen"
set -- $t1
set -- "$@" $(stamps)
[ "${4:-}" != "$1" ] || say_bad "touching the hwcgen program did not regenerate $header"

t2=$(stamps)
after "again-with-nothing-touched"
[ "$(stamps)" = "$t2" ] || say_bad "a build after a regeneration rebuilt again"

[ $bad -eq 0 ] && echo "$tool: generated, compiled, nothing rebuilt untouched, regenerated after touching the spec and hwcgen"
exit $bad
