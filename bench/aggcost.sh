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
	[ -z "$bpf" ] ||
		traced bpf '/^@\[spin\]:/ { print $2 }' "$bpf" -e \
			"BEGIN { printf(\"go\n\"); } profile:hz:$hz { @[comm] = count(); }"
	rep=$((rep + 1))
done

base=$(median_base base)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours "$base") $(cost bpf "$base")
awk -v base="$base" -v n="$n" \
	'BEGIN { printf "| untraced getpid() loop | %.0f ns/op | | | | |\n", base / n }'
row "profile-$hz, @[execname] = count(): added cost" ns/event "$1" "$2" "$3" \
	"<=0.50"
rmmod dtrace_profile dtrace_core
