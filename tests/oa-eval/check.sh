#!/bin/sh
# hwcgen eval of Intel OA metric sets against hwcgen's own generated C:
#
#   check.sh HWCGEN CC WORK XML SET... 
#
# generates XML's headers (--outputs c) into WORK, builds main.c against
# them, and for each SET and three seeds compares every counter's value as
# `hwcgen eval XML --set SET` prints it with what the generated read
# function returns on the same inputs (main.c prints both the values and
# the NAME=VALUE words). The generated C is itself compared with Mesa's
# gen_perf.py by tests/oa-mesa/check.sh. Prints one line per set.
set -u
hwcgen=$1 cc=$2 work=$3 xml=$4
shift 4
here=$(dirname "$0")
rm -rf "$work" && mkdir -p "$work" || exit 1
"$hwcgen" generate -q --outputs c -o "$work/out" "$xml" || { echo "cannot generate $xml"; exit 1; }
h=$(ls "$work"/out/include/hwcgen/*_metrics.h) || exit 1
id=$(basename "$h" _metrics.h)
$cc -std=c11 -Wall -Wextra -Werror -I"$work/out/include" -DID="$id" -include "$h" \
    "$here/main.c" -o "$work/main" || { echo "cannot build main.c against $h"; exit 1; }
status=0
for set in "$@"; do
    for seed in 1 2 3; do
        "$work/main" "$set" $seed >"$work/want" 2>"$work/words" || { status=1; continue; }
        if ! "$hwcgen" eval "$xml" --set "$set" $(cat "$work/words") >"$work/got"; then
            echo "FAIL: hwcgen eval $xml --set $set (seed $seed) failed"; status=1; continue
        fi
        if ! diff "$work/want" "$work/got" >"$work/diff"; then
            echo "FAIL: $id $set seed $seed: hwcgen eval differs from the generated C:"
            head -n 10 "$work/diff"; status=1; continue
        fi
    done
    echo "$id $set: $(wc -l <"$work/want") counters equal on 3 seeds"
done
exit $status
