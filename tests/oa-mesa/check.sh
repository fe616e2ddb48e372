#!/bin/sh
# check.sh HWCGEN MESA_PERF_DIR WORKDIR [CC [XML_DIR]] - hwcgen's OA headers
# against Mesa's own generator on the same XML: runs gen_perf.py (system
# python3) of MESA_PERF_DIR (Mesa's src/intel/perf) on every oa-*.xml of
# XML_DIR (default MESA_PERF_DIR; IGT's lib/i915/perf-configs is in the same
# format) into one C file, as Mesa's build does, and hwcgen generate
# --outputs c on the same directory; compiles gen_perf.py's C with the stand-ins of stubs/ (and
# Mesa's own perf/intel_perf_setup.h) beside a comparison of each platform
# (platform.c.in), and runs it (main.c says what is compared). Exit 0
# when every set of every platform agrees; the last line gives the counts.
set -u
hwcgen=$1 mesa=$2 work=$3 cc=${4:-cc} xml=${5:-$2}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work/src"
python3 "$mesa/gen_perf.py" --header "$work/mesa_oa.h" --code "$work/mesa_oa.c" \
    "$xml"/oa-*.xml || { echo "gen_perf.py failed"; exit 1; }
"$hwcgen" generate -q --outputs c -o "$work/hw" "$xml" || { echo "hwcgen generate failed"; exit 1; }
chips=$(sed -n 's/^void intel_oa_register_queries_\([a-z0-9]*\)(.*/\1/p' "$work/mesa_oa.h")
# The accumulator layout intel_query_alloc() picks by generation (verx10).
verx10() {
    case $1 in
    hsw) echo 75 ;; bdw|chv) echo 80 ;; skl*|bxt|kbl*|glk|cfl*) echo 90 ;;
    cnl) echo 100 ;; icl|ehl) echo 110 ;; tgl*|rkl|adl|dg1) echo 120 ;; acm*|mtl*|arl*) echo 125 ;;
    *) echo 200 ;;
    esac
}
{
    n=0
    for chip in $chips; do echo "void compare_$chip(int verx10);"; n=$((n + 1)); done
    echo "#define NPLATFORMS $n"
    echo "static void run_platforms(void)"
    echo "{"
    for chip in $chips; do echo "    compare_$chip($(verx10 "$chip"));"; done
    echo "}"
} >"$work/src/platforms.h"
objs=""
for chip in $chips; do
    id=intel_oa_metrics_$chip
    uid=$(echo "$id" | tr 'a-z' 'A-Z')
    sed -e "s/@CHIP@/$chip/g" -e "s/@ID@/$id/g" -e "s/@UID@/$uid/g" "$here/platform.c.in" \
        >"$work/src/$chip.c"
done
flags="-std=c11 -O0 -I$here/stubs -I$here -I$work/src -I$work/hw/include"
for f in "$work"/src/*.c "$here/main.c"; do
    o="$work/$(basename "$f" .c).o"
    $cc $flags -Wall -Wextra -Werror -c "$f" -o "$o" || { echo "cannot compile $f"; exit 1; }
    objs="$objs $o"
done
# gen_perf.py's C as Mesa compiles it: its includes found in the stand-ins,
# then Mesa's own perf/intel_perf_setup.h (MIN, MAX, intel_query_alloc).
$cc $flags -w -I"$mesa/.." -I"$work" -c "$work/mesa_oa.c" -o "$work/mesa_oa.o" ||
    { echo "cannot compile gen_perf.py's output"; exit 1; }
$cc $objs "$work/mesa_oa.o" -o "$work/compare" || exit 1
"$work/compare"
