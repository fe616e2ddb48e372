#!/bin/sh
# check.sh HWCGEN IGT_DIR WORKDIR [MESA_PERF_DIR] - IGT's copies of Intel's
# OA metric XML (lib/i915/perf-configs/oa-*.xml and lib/xe/oa-configs/
# oa-*.xml below IGT_DIR, as make's IGT_GIT extracts them into .build/igt)
# through hwcgen:
#   - every file checks with no error;
#   - each of the two folders generates in one run (WORKDIR/i915 and
#     WORKDIR/xe: the two name their platforms alike, so not one run);
#   - with Mesa's src/intel/perf (MESA_PERF_DIR), `hwcgen diff MESA IGT` for
#     every platform both carry exits 0 or 1, and 0 exactly when its
#     summary lists no change that matters (README, "Comparing versions").
# Prints what it found (counts, each platform's diff summary); exit 0 when
# everything held. Left for run.sh: the headers in WORKDIR/*/include to
# compile, and WORKDIR/i915-xml and WORKDIR/xe-xml, links to the files that
# loaded and that gen_perf.py can read, for the comparison with it
# (tests/oa-mesa/check.sh).
#
# IGT's xe generator (lib/xe/oa-configs/codegen.py) knows system variables
# that Mesa's gen_perf.py does not - $GtXeCore<n>, $GeometryPipeTotalCount,
# $DepthPipeTotalCount and $ColorPipeTotalCount (README, "Intel OA") - and
# gen_perf.py stops on an unknown one. hwcgen reads them as IGT does; a
# file that names one loads, checks and generates like any other, but is
# left out of the comparison with gen_perf.py, and named ("IGT only").
set -u
hwcgen=$1 igt=$2 work=$3 mesa=${4:-}
rm -rf "$work" && mkdir -p "$work"
status=0
bad() { echo "FAIL: $*"; status=1; }
igt_names='\$GtXeCore[0-9]+|\$GeometryPipeTotalCount|\$DepthPipeTotalCount|\$ColorPipeTotalCount'

if [ -s "$igt/.absent" ]; then
    echo "absent from the clone, not checked: $(tr '\n' ' ' <"$igt/.absent")"
fi

# check_one FILE: "ok" (and its counts added up), or a failure.
n_ok=0 n_igt_only=0 n_sets=0 n_counters=0 n_writes=0
check_one() {
    "$hwcgen" check "$1" >"$work/check.out" 2>"$work/check.err"
    rc=$?
    if [ $rc -eq 0 ]; then
        line=$(grep ': ok: ' "$work/check.out")
        set -- $(echo "$line" | sed -n 's/.*, \([0-9]*\) metric sets, \([0-9]*\) counters, \([0-9]*\) register writes$/\1 \2 \3/p')
        if [ $# -ne 3 ]; then bad "$line: no counts"; return 1; fi
        n_ok=$((n_ok + 1)) n_sets=$((n_sets + $1)) n_counters=$((n_counters + $2))
        n_writes=$((n_writes + $3))
        return 0
    fi
    head -n 5 "$work/check.err"
    bad "hwcgen check $1: exit $rc, $(grep -c ': error: ' "$work/check.err") errors (above)"
    return 1
}

# diff_one MESA_FILE IGT_FILE: runs, exits as documented.
diff_one() {
    "$hwcgen" diff "$1" "$2" >"$work/diff.out" 2>"$work/diff.err"
    rc=$?
    summary=$(sed -n 's/^summary: //p' "$work/diff.out")
    case "$rc:$summary" in
    0:"no changes" | "0:not listed: "*) ;; # nothing that matters
    1:[0-9]*) ;;                          # listed changes
    *) cat "$work/diff.err"; bad "hwcgen diff $1 $2: exit $rc, summary '$summary'"; return ;;
    esac
    echo "  $(basename "$1" .xml | sed 's/^oa-//'): exit $rc, $summary"
}

for kind in i915 xe; do
    dir=$igt/lib/i915/perf-configs
    [ $kind = xe ] && dir=$igt/lib/xe/oa-configs
    files=""
    mkdir -p "$work/$kind-xml"
    for f in "$dir"/oa-*.xml; do
        [ -f "$f" ] || continue
        check_one "$f" || continue
        files="$files $f"
        if names=$(grep -Eo "$igt_names" "$f" | sed 's/[0-9][0-9]*$/<n>/' | sort -u | tr '\n' ' ') &&
            [ -n "$names" ]; then
            n_igt_only=$((n_igt_only + 1))
            echo "IGT only: $f names $names(not compared with gen_perf.py, which does not know them)"
            continue
        fi
        ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$work/$kind-xml/"
    done
    [ -n "$files" ] || { bad "no oa-*.xml in $dir loads"; continue; }
    # shellcheck disable=SC2086 # the list is of paths without blanks
    "$hwcgen" generate -q -o "$work/$kind" $files || bad "hwcgen generate of IGT's $kind files failed"
    [ -n "$mesa" ] || continue
    echo "hwcgen diff Mesa IGT ($kind), each platform both carry:"
    n_pairs=0
    for f in $files; do
        [ -f "$mesa/$(basename "$f")" ] || continue
        diff_one "$mesa/$(basename "$f")" "$f"
        n_pairs=$((n_pairs + 1))
    done
    [ $n_pairs -gt 0 ] || bad "no platform of IGT's $kind files is in $mesa"
done
echo "IGT's files: $n_ok loaded and generated ($n_sets sets, $n_counters counters," \
    "$n_writes register writes), $n_igt_only of them naming what only IGT's xe generator knows (above)"
exit $status
