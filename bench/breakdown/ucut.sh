#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Where the instructions of one pid entry event go, piece by piece: as
# cut.sh, for pid$target:ufunc:bench_ufunc:entry { @ = count(); } on
# bench/ufunc's loop, on a throwaway build with cut.patch and ucut.patch
# (whose dtrace_fasttrap.fcut parameter cuts fasttrap's handler):
#
#   git apply bench/breakdown/cut.patch bench/breakdown/ucut.patch
#   scripts/build.sh && cc -O2 -o bench/ufunc bench/ufunc.c
#   VM_ICOUNT=shift=0,sleep=on scripts/vm/run.sh --icount --quiet \
#	--results /tmp/ucut -- bench/breakdown/ucut.sh
#   git apply -R bench/breakdown/cut.patch bench/breakdown/ucut.patch
#
# Prints "NAME NS-PER-CALL" for: base (no tracing), floor (an empty
# uprobe consumer, floor_bench.ko), f1 f2 (fasttrap's handler), c1..c7
# (the core) and c0 (the whole event, whose runs check that dtrace
# counted every call).  Since branch perf12a cut.patch's c1 and c2 are
# in the core's function-entry handler, which a user probe does not
# go through: here they cut nothing (c0's figure), and the core's
# shared part is c3 (the probe's ECB list) to c6 (the direct count's
# test); c7 cuts nothing either.
set -eu

n=${UFUNC_N:-20000}
modroot=$PWD/.vm/modroot-$(uname -r)
ufunc=$PWD/bench/ufunc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
params=/sys/module/dtrace_core/parameters

# loop: one loop of ufunc; traced (dtrace -p attached before the loop
# starts, and exits with it) with $traced set, with cut point $cut
# written to $cutparam while the loop runs
loop() {
	if [ -z "${traced-}" ]; then
		"$ufunc" "$n"
		return
	fi
	rm -f "$tmp/go"
	# emptied here, not by the redirection below, which the started
	# job may do after the wait for "go" read the last run's
	: >"$tmp/out"
	"$ufunc" "$n" "$tmp/go" >"$tmp/t" &
	_u=$!
	userland/dtrace -q -p "$_u" -n 'BEGIN { printf("go\n"); }
		pid$target:ufunc:bench_ufunc:entry { @ = count(); }' \
		>"$tmp/out" 2>&1 &
	_d=$!
	until grep -q '^go' "$tmp/out"; do
		kill -0 "$_d" || { touch "$tmp/go"; return 1; }
		sleep 0.1
	done
	# the cut only now: dtrace's BEGIN fires through the core too
	[ -z "${cut-}" ] || echo "$cut" >"$cutparam"
	touch "$tmp/go"
	wait "$_u" || true
	[ -z "${cut-}" ] || echo 0 >"$cutparam"
	wait "$_d" || true
	# with no cut, every call counted
	[ -n "${cut-}" ] ||
	[ "$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out")" = "$n" ] ||
		{ echo "ucut.sh: not $n events: $(cat "$tmp/out")" >&2; return 1; }
	cat "$tmp/t"
}

# run NAME: three runs of the loop, their mean per call
run() {
	_s=0
	for _r in 1 2 3; do
		_s=$((_s + $(loop)))
	done
	awk -v s="$_s" -v n="$n" -v name="$1" \
		'BEGIN { printf "%s %.1f\n", name, s / 3 / n }'
}

[ -x "$ufunc" ] || { echo "ucut.sh: cc -O2 -o bench/ufunc bench/ufunc.c first" >&2; exit 1; }
modprobe -d "$modroot" dtrace_fasttrap
[ -w "$params/cut" ] || { echo "ucut.sh: build with cut.patch first" >&2; exit 1; }
addr=$((0x$(nm "$ufunc" | awk '$3 == "bench_ufunc" { print $1 }')))
# bench_ufunc's file offset: bench/pid.sh's file_offset()
# shellcheck disable=SC2034 # type, paddr, filesz: the fields skipped
readelf -lW "$ufunc" | grep '^ *LOAD' | while read -r type off vaddr paddr filesz memsz _; do
	if [ "$addr" -ge $((vaddr)) ] && [ "$addr" -lt $((vaddr + memsz)) ]; then
		echo $((addr - vaddr + off))
	fi
done >"$tmp/off"
run base
modprobe -d "$modroot" floor_bench hook=uprobe path="$ufunc" offset="$(cat "$tmp/off")"
run floor
rmmod floor_bench
traced=1
cutparam=/sys/module/dtrace_fasttrap/parameters/fcut
for cut in 1 2; do
	run "f$cut"
done
cutparam=$params/cut
for cut in 1 2 3 4 5 6 7; do
	run "c$cut"
done
cut=
run c0
