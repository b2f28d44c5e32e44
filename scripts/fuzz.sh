#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fuzz for a bounded time, each target SECONDS (libFuzzer with ASan and
# UBSan, userland/fuzz/): fuzz_parse, the D compiler, on a corpus seeded
# from every D program under selftests/ and scripts/; fuzz_dif, the
# kernel's DIF verifier and interpreter (framework/engine/) on the host,
# seeded with those programs compiled (fuzz_seed writes each program in
# fuzz_dif's format into a scratch directory, and fails if the verifier
# refuses one); fuzz_d, D programs built from the grammar, compiled and
# run through the engine.  Prints one TAP line for the seeds and one per
# target; exits 1 on a finding (crash, sanitizer report, leak, timeout,
# a compiled program the verifier refuses), whose input libFuzzer leaves
# in userland/fuzz/ and which is shown here with the report's first
# lines (report()); each target's log is .vm/fuzz-NAME.log.
#
# Usage: fuzz.sh [SECONDS]   (default $DT_FUZZ_SECONDS, else 60)
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-${DT_FUZZ_SECONDS:-60}}
dir=$top/userland/fuzz
log=$top/.vm/fuzz.log
seeds=$top/.vm/fuzz-seeds

mkdir -p "$top/.vm" "$dir/corpus" "$dir/corpus-dif" "$dir/corpus-d"
if ! make -s -C "$dir" >"$log" 2>&1; then
	echo "not ok 1 fuzz: the fuzz targets do not build"
	sed 's/^/# /' "$log" | tail -n 30
	exit 1
fi
dfiles=$(find "$top/selftests" "$top/scripts" -name '*.d' | sort)
for f in $dfiles; do
	cp "$f" "$dir/corpus/$(echo "${f#"$top"/}" | tr / _)"
done

# The error and summary lines of the sanitizers or libFuzzer in LOG, and
# lines matching EXTRA; then the first frames of the first stack.
errors() {
	grep -E "^==[0-9]+== ?(ERROR|WARNING)|^SUMMARY: |runtime error: |$2" \
		"$1" | sed 's/^/# /' | head -n 10
	sed -n '/^ *#[0-9][0-9]* 0x/{s/^ */#   /;p;}' "$1" | head -n 8
}

ret=0
rm -rf "$seeds"
mkdir -p "$seeds"
# shellcheck disable=SC2086 # one argument per file; the paths have no spaces
if "$dir/fuzz_seed" "$seeds" $dfiles >"$log" 2>&1; then
	echo "ok 1 fuzz/seeds: $(sed -n 's/^fuzz_seed: //p' "$log")"
else
	echo "not ok 1 fuzz/seeds: the compiled D did not all make seeds"
	errors "$log" '^fuzz_seed: '
	ret=1
fi

# The finding of BIN in its log LOG: errors(), and the
# input libFuzzer wrote for it (the one this run named, not an older
# file); for fuzz_d, also the D program the input makes.
report() {
	bin=$1 tlog=$2
	errors "$tlog" '^fuzz_d: '
	f=$(sed -n 's/.*Test unit written to //p' "$tlog" | tail -n 1)
	case $f in
	"") echo "# no input was written; full log: $tlog"; return ;;
	/*) ;;
	*) f=$dir/${f#./} ;;
	esac
	echo "# input $f (full log: $tlog), the first bytes:"
	head -c 512 "$f" | od -c | sed 's/^/#   /' | head -n 12
	echo "# reproduce: (cd userland/fuzz && ./$bin $f)"
	[ "$bin" = fuzz_d ] || return 0
	echo "# the D program it makes:"
	(cd "$dir" && DT_FUZZ_D_PRINT=1 ./fuzz_d "$f" 2>&1) |
		sed -n '/^Running: /,/^==\|^fuzz_d: \|^Executed /p' |
		sed '1d;$d;s/^/#   /' | head -n 30
}

# One target: TAP line N, name, binary, its arguments.  Exit 1 on a
# finding.  Each target's log is .vm/fuzz-NAME.log.
fuzz_one() {
	n=$1 name=$2 bin=$3
	shift 3
	st=0
	tlog=$top/.vm/fuzz-$name.log
	(cd "$dir" && ASAN_OPTIONS=detect_leaks=1 ./"$bin" -max_total_time="$secs" \
		-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$@") \
		>"$tlog" 2>&1 || st=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tlog")
	cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$tlog" | tail -n 1)
	if [ "$st" -eq 0 ]; then
		echo "ok $n fuzz/$name: ${runs:-?} inputs in ${secs}s, ${cov:-cov: ?}, no finding"
		return 0
	fi
	echo "not ok $n fuzz/$name: finding after ${runs:-?} inputs (exit $st)"
	report "$bin" "$tlog"
	return 1
}

fuzz_one 2 parser fuzz_parse -dict=d.dict corpus || ret=1
fuzz_one 3 dif fuzz_dif corpus-dif "$seeds" || ret=1
fuzz_one 4 d fuzz_d -max_len=1024 -len_control=0 corpus-d || ret=1
exit $ret
