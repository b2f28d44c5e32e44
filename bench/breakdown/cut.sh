#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Where the instructions of one fbt event go, piece by piece, run in
# the guest under -icount on a build with bench/breakdown/cut.patch
# applied (a throwaway build: the patch adds the cut points, module
# parameter dtrace_core.cut, which no shipped
# build has).  Each cut point N returns early at one place of the path;
# the loop's time with cut N against cut N-1 is that piece's count of
# instructions (under -icount a guest ns is about one instruction),
# less the 2 or 3 of the cut test itself.  docs/performance.md, "Where
# one clause goes", has the table and how to run it:
#
#   git apply bench/breakdown/cut.patch && scripts/build.sh
#   cc -O2 -o bench/spin bench/spin.c
#   VM_ICOUNT=shift=0,sleep=on scripts/vm/run.sh --icount --quiet \
#	--results /tmp/cut -- bench/breakdown/cut.sh
#   git apply -R bench/breakdown/cut.patch
#
# Prints "NAME NS-PER-CALL" for: base (no tracing), floor (an empty
# ftrace_ops, floor_bench.ko), c1..c6 (the core's function-entry
# handler, dtrace_fentry_handler() in framework/probe_ctx.c), c0 (the
# whole event) and c0-noaggfast (aggfast=0).  The cut points: c1 the
# handler returns at once, c2 after interrupts off and finding the
# site, c3 after the site's probe and its ECB list, c4 after the guard,
# c5 after the ECB loop's dtrace_ecb_may_fire(), c6 after the direct
# count's test (dtrace_ecb_count_hit()).
set -eu

n=${SPIN_N:-200000}
modroot=$PWD/.vm/modroot-$(uname -r)
func=${FBT_FUNC:-__task_pid_nr_ns}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
params=/sys/module/dtrace_core/parameters

# run NAME: three runs of the loop, their mean per call
run() {
	_s=0
	for _r in 1 2 3; do
		_s=$((_s + $(bench/spin "$n")))
	done
	awk -v s="$_s" -v n="$n" -v name="$1" \
		'BEGIN { printf "%s %.1f\n", name, s / 3 / n }'
}

[ -x bench/spin ] || { echo "cut.sh: cc -O2 -o bench/spin bench/spin.c first" >&2; exit 1; }
modprobe -d "$modroot" dtrace_fbt
[ -w "$params/cut" ] || { echo "cut.sh: build with cut.patch first" >&2; exit 1; }
run base
modprobe -d "$modroot" floor_bench hook=ftrace func="$func"
run floor
rmmod floor_bench
userland/dtrace -q -n "fbt::$func:entry { @ = count(); }" >"$tmp/out" 2>&1 &
pid=$!
sleep 5
for c in 1 2 3 4 5 6 0; do
	echo "$c" >"$params/cut"
	run "c$c"
done
echo 0 >"$params/aggfast"
run c0-noaggfast
echo 1 >"$params/aggfast"
kill -INT "$pid"
wait "$pid" || true
echo "events counted: $(awk 'NF == 1 { print $1 }' "$tmp/out")"
