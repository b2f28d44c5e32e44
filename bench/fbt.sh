#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Kernel function probe effect, run in the guest by bench/run.sh.
# bench/spin makes N getpid() calls, each of which calls
# __task_pid_nr_ns(), untraced and under each of:
#   ours  fbt::__task_pid_nr_ns:entry { @ = count(); }
#   bpf   kprobe:__task_pid_nr_ns { @ = count(); }
# The extra time divided by the events counted is the cost of one
# event.  Runs are interleaved, REPS of each (default 7).  Prints a row.
set -eu

reps=${REPS:-7}
n=${SPIN_N:-2000000}
func=${FBT_FUNC:-__task_pid_nr_ns}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=userland/dtrace
bench=fbt
. bench/lib.sh

modprobe -d "$MODROOT" dtrace_fbt

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

go='BEGIN { printf("go\n"); }'
rep=0
while [ "$rep" -lt "$reps" ]; do
	settle
	bench/spin "$n" >>"$tmp/base"
	settle
	traced ours 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' $dtrace -q -n \
		"$go fbt::$func:entry { @ = count(); }"
	if [ -n "$bpf" ]; then
		settle
		traced bpf '/^@:/ { print $2 }' "$bpf" -e \
			"$go kprobe:$func { @ = count(); }"
	fi
	rep=$((rep + 1))
done

base=$(median_base base)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours "$base") $(cost bpf "$base")
row "fbt::$func:entry, @ = count(): added cost per call" \
	ns/event "$1" "$2" "$3" "<=1.00"
rmmod dtrace_fbt dtrace_core
