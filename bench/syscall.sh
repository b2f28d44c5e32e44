#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# System call probe effect, run in the guest by bench/run.sh.  bench/spin
# makes N getpid() calls (and N 1-byte reads of /dev/zero, for a second
# baseline) untraced, then N getpid() calls under each of:
#   ours-all  syscall:::entry { @[probefunc] = count(); }
#   ours-nokey syscall:::entry { @ = count(); } (the key's share, by
#             difference)
#   bpf-all   tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }
#   ours-one  syscall::read:entry { @ = count(); }
#   bpf-one   tracepoint:syscalls:sys_enter_read { @ = count(); }
# and N one-byte reads under each of:
#   ours-read syscall::read:entry { @[pid] = sum(arg2); }
#   bpf-read  tracepoint:syscalls:sys_enter_read { @[pid] = sum(args->count); }
# (ours through its per-call function-entry hook on __x64_sys_read, the
# module's default: percall_max=16).
# The first two fire on every getpid(): their extra time divided by the
# getpid() calls counted is the cost of one event.  The last two trace a
# call spin never makes: their extra time per getpid() is what a call
# that is not traced pays while another one is.  Runs are interleaved,
# REPS of each (default 7).  Prints table rows.
set -eu

reps=${REPS:-7}
n=${SPIN_N:-2000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=userland/dtrace
bench=syscall
. bench/lib.sh

modprobe -d "$MODROOT" dtrace_syscall

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

go='BEGIN { printf("go\n"); }'
rep=0
while [ "$rep" -lt "$reps" ]; do
	settle
	bench/spin "$n" >>"$tmp/base"
	bench/spin "$n" read >>"$tmp/base-read"
	settle
	traced ours-all '$1 == "getpid" { print $2 }' $dtrace -q -n \
		"$go syscall:::entry { @[probefunc] = count(); }"
	settle
	traced ours-nokey '' $dtrace -q -n "$go syscall:::entry { @ = count(); }"
	settle
	traced ours-one '' $dtrace -q -n "$go syscall::read:entry { @ = count(); }"
	if [ -n "$bpf" ]; then
		settle
		traced bpf-all '/^@\[spin\]:/ { print $2 }' "$bpf" -e \
			"$go tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }"
		settle
		traced bpf-one '' "$bpf" -e \
			"$go tracepoint:syscalls:sys_enter_read { @ = count(); }"
	fi
	settle
	spin_cmd=spin_read
	traced ours-read '' $dtrace -q -n \
		"$go syscall::read:entry { @[pid] = sum(arg2); }"
	if [ -n "$bpf" ]; then
		settle
		traced bpf-read '' "$bpf" -e \
			"$go tracepoint:syscalls:sys_enter_read { @[pid] = sum(args->count); }"
	fi
	spin_cmd=
	settle
	floor floor-tp hook=tracepoint tp=sys_enter
	rep=$((rep + 1))
done

base=$(median_base base)
sort -n "$tmp/base-read" | awk -v n="$n" '{ v[NR] = $1 } END {
	printf "| untraced 1-byte read(/dev/zero) loop | %.0f ns/op | | | | |\n",
		v[int((NR + 1) / 2)] / n }'

# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours-all "$base") $(cost bpf-all "$base") \
	$(cost floor-tp "$base")
row 'syscall:::entry, @[probefunc] = count(): added cost per call' \
	ns/event "$1" "$2" "$3" "<=0.50" "$5"
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours-nokey "$base") $(cost bpf-all "$base") \
	$(cost floor-tp "$base")
row 'the same with @ = count() (no key)' ns/event "$1" "$2" "$3" "" "$5"
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours-one "$base") $(cost bpf-one "$base")
row 'getpid() while only syscall::read:entry is traced: added cost' \
	ns/call "$1" "$2" "$3" "~10"
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours-read "$(median_base base-read)") \
	$(cost bpf-read "$(median_base base-read)")
row 'syscall::read:entry, @[pid] = sum(arg2): added cost per read()' \
	ns/event "$1" "$2" "$3" "<=0.50"
rmmod dtrace_syscall dtrace_core
