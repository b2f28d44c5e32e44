#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# System call probe effect, run in the guest by bench/run.sh.  bench/spin
# makes N getpid() calls untraced, then under each of:
#   ours-all  syscall:::entry { @[probefunc] = count(); }
#   bpf-all   tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }
#   ours-one  syscall::read:entry { @ = count(); }
#   bpf-one   tracepoint:syscalls:sys_enter_read { @ = count(); }
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

modprobe -d "$MODROOT" dtrace_syscall

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

# wait_go FILE PID: until the tracer wrote "go" (it is tracing), or died
wait_go() {
	_w=0
	while ! grep -q '^go' "$1" 2>/dev/null; do
		kill -0 "$2" 2>/dev/null || return 1
		_w=$((_w + 1))
		[ "$_w" -lt 6000 ] || return 1
		sleep 0.05
	done
}

# wait_exit PID: wait for PID to exit, at most 120 s; else kill it, false
wait_exit() {
	_w=0
	while kill -0 "$1" 2>/dev/null &&
	      [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" != Z ]; do
		_w=$((_w + 1))
		if [ "$_w" -ge 2400 ]; then
			kill -9 "$1" 2>/dev/null || true
			wait "$1" || true
			return 1
		fi
		sleep 0.05
	done
	wait "$1" || true
}

# traced NAME PARSE CMD...: spin under CMD; append "ns events" to
# $tmp/NAME, events being what awk PARSE finds in CMD's output (n when
# PARSE is empty: the calls spin made, none of them traced)
traced() {
	name=$1 parse=$2
	shift 2
	[ ! -e "$tmp/$name.failed" ] || return 0
	"$@" >"$tmp/out" 2>&1 &
	pid=$!
	if ! wait_go "$tmp/out" "$pid"; then
		kill -9 "$pid" 2>/dev/null || true
		echo "syscall: $name did not start: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$name.failed"
		return 0
	fi
	t=$(bench/spin "$n")
	kill -INT "$pid"
	if ! wait_exit "$pid"; then
		echo "syscall: $name did not exit on SIGINT: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$name.failed"
		return 0
	fi
	ev=$n
	[ -z "$parse" ] || ev=$(awk "$parse" "$tmp/out")
	if [ -z "$ev" ] || [ "$ev" -eq 0 ]; then
		echo "syscall: $name counted no events: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$name.failed"
		return 0
	fi
	echo "$t $ev" >>"$tmp/$name"
	echo "syscall: $name $t ns, $ev events" >&2
}

# Let the previous run's teardown (RCU callbacks, workers) finish first.
settle() {
	sync
	sleep 1
}

go='BEGIN { printf("go\n"); }'
rep=0
while [ "$rep" -lt "$reps" ]; do
	settle
	bench/spin "$n" >>"$tmp/base"
	settle
	traced ours-all '$1 == "getpid" { print $2 }' $dtrace -q -n \
		"$go syscall:::entry { @[probefunc] = count(); }"
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
	rep=$((rep + 1))
done

base=$(sort -n "$tmp/base" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')

# added cost per event of each run of $1: (t - base) / events; median,
# spread
cost() {
	if [ ! -s "$tmp/$1" ] || [ -e "$tmp/$1.failed" ]; then
		echo "n/a n/a"
		return
	fi
	awk -v b="$base" '{ print ($1 - b) / $2 }' "$tmp/$1" | sort -n |
	awk '{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)];
		printf "%.0f %.1f", m, m ? 100 * (v[NR] - v[1]) / m : 0 }'
}

# row LABEL UNIT OURS SPREAD BPF
row() {
	awk -v l="$1" -v u="$2" -v o="$3" -v s="$4" -v t="$5" 'BEGIN {
		ostr = o == "n/a" ? "failed" : sprintf("%d %s (±%s%%)", o, u, s)
		tstr = t == "n/a" ? "n/a" : sprintf("%d %s", t, u)
		r = (o == "n/a" || t == "n/a" || t <= 0) ? "n/a" : sprintf("%.2f", o / t)
		printf "| %s | %s | %s | %s |\n", l, ostr, tstr, r }'
}

set -- $(cost ours-all) $(cost bpf-all)
row 'syscall:::entry, @[probefunc] = count(): added cost per call' \
	ns/event "$1" "$2" "$3"
set -- $(cost ours-one) $(cost bpf-one)
row 'getpid() while only syscall::read:entry is traced: added cost' \
	ns/call "$1" "$2" "$3"
rmmod dtrace_syscall dtrace_core
