#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fuzz the D compiler for a bounded time: build userland/fuzz/fuzz_parse
# (libFuzzer with ASan and UBSan) and run it on a corpus seeded from every
# D program under selftests/ and scripts/.  Prints one TAP line; exits 1
# on a finding (crash, sanitizer report, leak, timeout), whose input
# libFuzzer leaves in userland/fuzz/ and which is shown here.
#
# Usage: fuzz.sh [SECONDS]   (default $DT_FUZZ_SECONDS, else 60)
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-${DT_FUZZ_SECONDS:-60}}
dir=$top/userland/fuzz
log=$top/.vm/fuzz.log

mkdir -p "$top/.vm" "$dir/corpus"
if ! make -s -C "$dir" >"$log" 2>&1; then
	echo "not ok 1 fuzz/parser: the fuzz target does not build"
	sed 's/^/# /' "$log" | tail -n 30
	exit 1
fi
find "$top/selftests" "$top/scripts" -name '*.d' -exec cp {} "$dir/corpus/" \;

st=0
(cd "$dir" && ASAN_OPTIONS=detect_leaks=1 ./fuzz_parse -max_total_time="$secs" \
	-timeout=10 -rss_limit_mb=2048 -dict=d.dict -print_final_stats=1 \
	corpus) >"$log" 2>&1 || st=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
if [ "$st" -eq 0 ]; then
	echo "ok 1 fuzz/parser: ${runs:-?} inputs in ${secs}s, no finding"
	exit 0
fi
echo "not ok 1 fuzz/parser: finding after ${runs:-?} inputs (exit $st)"
grep -E 'ERROR|SUMMARY|Test unit written|runtime error' "$log" | sed 's/^/# /' | head -n 20
for f in "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-*; do
	[ -e "$f" ] || continue
	echo "# input $f:"
	head -c 512 "$f" | od -c | sed 's/^/#   /' | head -n 12
done
exit 1
