#!/bin/sh
# tsan.sh HWCGEN: run a ThreadSanitizer build of hwcgen with two threads
# (-j 2) over every spec, with overridden templates,
# and over every broken spec; any report from ThreadSanitizer fails.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
runs=0
check() {
    "$bin" generate -q -j 2 -o "$tmp/out" "$@" > "$tmp/log" 2>&1
    rc=$?
    runs=$((runs + 1))
    if [ $rc -eq 66 ] || grep -q ThreadSanitizer "$tmp/log"; then
        echo "tsan: data race or thread error with: $*" >&2
        cat "$tmp/log" >&2
        exit 1
    fi
}
check spec/*/*.json spec/*/*.xml
check --templates templates spec/*/*.json spec/*/*.xml
for f in tests/bad/*; do
    check "$f"
done
echo "tsan: $runs runs of hwcgen generate -j 2, no report"
