#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Kernel function probe effect, run in the guest by bench/run.sh.
# bench/spin makes N getpid() calls, each of which calls
# __task_pid_nr_ns(), untraced and under each of:
#   ours  fbt::__task_pid_nr_ns:entry { @ = count(); }
#   bpf   kprobe:__task_pid_nr_ns { @ = count(); }
#   kfunc kfunc:__task_pid_nr_ns { @ = count(); }  (bpftrace's BPF
#         trampoline, its fastest probe; needs the kernel's BTF)
# and under the floors, floor_bench.ko's bare hooks with empty handlers:
# an ftrace_ops like dtrace_fbt's (no saved registers: ftrace_caller), the
# same with all registers saved (ftrace_regs_caller, fbt's hook until
# November 26, 2026), and a kprobe.  The extra time divided
# by the events counted is the cost of one event.  Runs are interleaved,
# REPS of each (default 7).  Prints the rows, each less the ftrace floor
# (what our probe is built on).
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
		settle
		traced kfunc '/^@:/ { print $2 }' "$bpf" -e \
			"$go kfunc:$func { @ = count(); }"
	fi
	settle
	floor floor-ftrace hook=ftrace func="$func"
	settle
	floor floor-ftrace-regs hook=ftrace-regs func="$func"
	settle
	floor floor-kprobe hook=kprobe func="$func"
	rep=$((rep + 1))
done

base=$(median_base base)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours "$base") $(cost bpf "$base") $(cost kfunc "$base") \
	$(cost floor-ftrace "$base") $(cost floor-kprobe "$base") \
	$(cost floor-ftrace-regs "$base")
row "fbt::$func:entry, @ = count(): added cost per call, vs kprobe:" \
	ns/event "$1" "$2" "$3" "<=0.50" "$7"
row "fbt::$func:entry, @ = count(): added cost per call, vs kfunc:" \
	ns/event "$1" "$2" "$5" "<=0.50" "$7"
row "floor: empty kprobe on $func (bpftrace's kprobe: is built on one)" \
	ns/event "$9" "${10}" n/a
row "floor: empty ftrace_ops on $func with all registers saved" \
	ns/event "${11}" "${12}" n/a
rmmod dtrace_fbt dtrace_core
