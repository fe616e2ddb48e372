#!/bin/sh
# Run the libFuzzer targets built by `make fuzz` / `make fuzz-smoke`.
#
#   run.sh fuzz SECONDS BIN...   fuzz each BIN for SECONDS, one after the
#                                other, from a scratch copy of its corpus
#                                (.build/fuzz/corpus/<target>; the repo's
#                                corpus is never written), then print its
#                                executions and coverage
#   run.sh smoke BIN...          replay every corpus and regression input
#                                once, then fuzz briefly (3 s or 2000 runs);
#                                any crash fails
#
# Run from the top of the tree. Extra libFuzzer flags: FUZZ_OPTS.
set -u
mode=$1; shift
seconds=60
if [ "$mode" = fuzz ]; then seconds=$1; shift; fi
top=tests/fuzz
work=.build/fuzz
status=0

# Per-target flags: inputs the size of our specs, a hang limit.
flags() {
    case $1 in
    fuzz_xml|fuzz_telemetry|fuzz_mali_db|fuzz_oa_metrics) echo "-max_len=131072 -timeout=20" ;;
    fuzz_mustache) echo "-max_len=4096 -timeout=20" ;;
    fuzz_perf_tree|fuzz_perf_merge|fuzz_manifest) echo "-max_len=16384 -timeout=20" ;;
    *) echo "-max_len=1024 -timeout=20" ;;
    esac
}

dict() {
    [ -f "$top/$1.dict" ] && echo "-dict=$top/$1.dict"
}

for bin in "$@"; do
    t=$(basename "$bin")
    if [ "$mode" = smoke ]; then
        out=$work/smoke/$t
        rm -rf "$out"; mkdir -p "$out/new"
        # Every known input once: the corpus and every past crash.
        replay=""
        for d in "$top/corpus/$t" "$top/regressions/$t"; do
            [ -d "$d" ] && [ -n "$(ls -A "$d")" ] && replay="$replay $d"
        done
        if ! "$bin" $(flags "$t") -runs=0 -artifact_prefix="$out/" $replay \
                >"$out/replay.log" 2>&1; then
            tail -n 40 "$out/replay.log"
            echo "FAIL: $t crashes on a corpus or regression input (log: $out/replay.log)"
            status=1; continue
        fi
        if ! "$bin" $(flags "$t") $(dict "$t") -seed=1 -runs=2000 -max_total_time=3 \
                -artifact_prefix="$out/" "$out/new" $replay >"$out/fuzz.log" 2>&1; then
            tail -n 40 "$out/fuzz.log"
            echo "FAIL: $t crashed while fuzzing (log: $out/fuzz.log; input in $out/)"
            status=1; continue
        fi
        n=$(ls "$top/regressions/$t" 2>/dev/null | wc -l)
        echo "  FUZZ    $t: corpus and $n regression inputs replayed, $(sed -n 's/.*\(DONE\|RUNS\|pulse\)  *\(cov: [0-9]* ft: [0-9]*\).*/\2/p' "$out/fuzz.log" | tail -n 1)"
    else
        corpus=$work/corpus/$t
        mkdir -p "$corpus"
        for d in "$top/corpus/$t" "$top/regressions/$t"; do
            [ -d "$d" ] && cp -n "$d"/* "$corpus"/ 2>/dev/null
        done
        log=$work/$t.log
        echo "== $t: $seconds s, corpus $corpus, log $log"
        "$bin" $(flags "$t") $(dict "$t") -max_total_time="$seconds" \
            -print_final_stats=1 -artifact_prefix="$work/$t-" ${FUZZ_OPTS:-} \
            "$corpus" >"$log" 2>&1
        rc=$?
        grep -E '^#[0-9]+.*(INITED|DONE)' "$log" | tail -n 2
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed -n 's/.*\(cov: [0-9]* ft: [0-9]*\).*/\1/p')
        echo "   $t: ${execs:-?} executions, $cov, corpus $(ls "$corpus" | wc -l) inputs"
        if [ "$rc" -ne 0 ]; then
            grep -E 'ERROR|SUMMARY|Test unit written|timeout' "$log" | head -n 10
            echo "FAIL: $t found a crash (artifact $work/$t-*)"
            status=1
        fi
    fi
done
exit $status
