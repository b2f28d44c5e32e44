#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Probe effect of an aggregation, run in the guest by bench/run.sh: the
# added cost per event of a profile probe doing @[execname] = count(),
# ours against bpftrace's profile:hz probe doing @[comm] = count().
# bench/spin runs N getpid() calls untraced, then while each tracer
# samples at 4999 Hz; the extra time of the traced run divided by the
# events counted for "spin" is the cost of one event, everything
# included: timer, probe, aggregation, and the consumer's wake-ups.
# The floor is the same loop under a bare per-CPU hrtimer at the same
# rate (floor_bench.ko hook=hrtimer), the timer profile-N runs on; a
# second run of ours with the consumer's periodic work put off for an
# hour (aggrate, statusrate, switchrate; SIGINT still ends it at once)
# shows that work's share.  Two more runs of ours split the event:
# "@ = count()" (no key: the key's share by difference) and a clause
# whose predicate is false (the hook, the dispatch and a predicate);
# their events are the timer's firings during the loop, as the floor's.
# Runs are interleaved, REPS of each (default 11).  Prints table rows.
set -eu

reps=${REPS:-11}
n=${SPIN_N:-6000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=userland/dtrace
bench=aggcost
. bench/lib.sh
hz=4999

modprobe -d "$MODROOT" dtrace_profile

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

rep=0
while [ "$rep" -lt "$reps" ]; do
	settle
	bench/spin "$n" >>"$tmp/base"
	settle
	traced ours '$1 == "spin" { print $2 }' $dtrace -q -n \
		"BEGIN { printf(\"go\n\"); } profile-$hz { @[execname] = count(); }"
	settle
	traced ours-quiet '$1 == "spin" { print $2 }' $dtrace -q \
		-x aggrate=1h -x statusrate=1h -x switchrate=1h -n \
		"BEGIN { printf(\"go\n\"); } profile-$hz { @[execname] = count(); }"
	settle
	timer_hz=$hz
	floor floor-hrtimer hook=hrtimer hz=$hz
	settle
	traced ours-nokey '' $dtrace -q -n \
		"BEGIN { printf(\"go\n\"); } profile-$hz { @ = count(); }"
	settle
	traced ours-false '' $dtrace -q -n \
		"BEGIN { printf(\"go\n\"); } profile-$hz /pid == -1/ { }"
	timer_hz=
	settle
	[ -z "$bpf" ] ||
		traced bpf '/^@\[spin\]:/ { print $2 }' "$bpf" -e \
			"BEGIN { printf(\"go\n\"); } profile:hz:$hz { @[comm] = count(); }"
	rep=$((rep + 1))
done

base=$(median_base base)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours "$base") $(cost bpf "$base") \
	$(cost floor-hrtimer "$base") $(cost ours-quiet "$base")
awk -v base="$base" -v n="$n" \
	'BEGIN { printf "| untraced getpid() loop | %.0f ns/op | | | | |\n", base / n }'
row "profile-$hz, @[execname] = count(): added cost" ns/event "$1" "$2" "$3" \
	"<=0.50" "$5"
row "the same, consumer's periodic work off (-x aggrate=1h statusrate=1h switchrate=1h)" \
	ns/event "$7" "$8" "$3" "" "$5"
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours-nokey "$base") $(cost ours-false "$base") \
	$(cost bpf "$base") $(cost floor-hrtimer "$base")
row "profile-$hz, @ = count() (no key)" ns/event "$1" "$2" "$5" "" "$7"
row "profile-$hz, /pid == -1/ { } (predicate false)" ns/event "$3" "$4" \
	"$5" "" "$7"
rmmod dtrace_profile dtrace_core
