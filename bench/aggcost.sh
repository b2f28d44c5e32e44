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
hz=4999

modprobe -d "$MODROOT" dtrace_profile

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

# wait_go FILE PID: until the tracer wrote "go" (it is tracing), or died
wait_go() {
	polls=0
	while ! grep -q '^go' "$1" 2>/dev/null; do
		kill -0 "$2" 2>/dev/null || return 1
		polls=$((polls + 1))
		[ "$polls" -lt 6000 ] || return 1
		sleep 0.05
	done
}

# traced NAME PARSE CMD...: spin under CMD; append "ns events" to $tmp/NAME
traced() {
	name=$1 parse=$2
	shift 2
	"$@" >"$tmp/out" 2>&1 &
	pid=$!
	if ! wait_go "$tmp/out" "$pid"; then
		kill -9 "$pid" 2>/dev/null || true
		echo "aggcost: $name did not start: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$name.failed"
		return
	fi
	t=$(bench/spin "$n")
	kill -INT "$pid"
	wait "$pid" || true
	ev=$(awk "$parse" "$tmp/out")
	if [ -z "$ev" ] || [ "$ev" -eq 0 ]; then
		echo "aggcost: $name counted no events: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$name.failed"
		return
	fi
	echo "$t $ev" >>"$tmp/$name"
}

# Let the previous run's teardown (RCU callbacks, workers) finish first.
settle() {
	sync
	sleep 1
}

i=0
while [ "$i" -lt "$reps" ]; do
	settle
	bench/spin "$n" >>"$tmp/base"
	settle
	traced ours '$1 == "spin" { print $2 }' $dtrace -q -n \
		"BEGIN { printf(\"go\n\"); } profile-$hz { @[execname] = count(); }"
	settle
	[ -z "$bpf" ] || [ -e "$tmp/bpf.failed" ] ||
		traced bpf '/^@\[spin\]:/ { print $2 }' "$bpf" -e \
			"BEGIN { printf(\"go\n\"); } profile:hz:$hz { @[comm] = count(); }"
	i=$((i + 1))
done

base=$(sort -n "$tmp/base" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')

# per-event cost of each run of $1: (t - base) / events; median, spread
cost() {
	if [ ! -s "$tmp/$1" ] || [ -e "$tmp/$1.failed" ]; then
		echo "n/a n/a"
		return
	fi
	awk -v b="$base" '{ print ($1 - b) / $2 }' "$tmp/$1" | sort -n |
	awk '{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)];
		printf "%.0f %.1f", m, m ? 100 * (v[NR] - v[1]) / m : 0 }'
}

# Every run's figure on stderr (the bench log), to see what a spread is.
for f in ours bpf; do
	[ -s "$tmp/$f" ] || continue
	awk -v b="$base" -v f="$f" \
		'{ printf "aggcost: %s run %d: %.0f ns/event\n", f, NR, ($1 - b) / $2 }' \
		"$tmp/$f" >&2
done
set -- $(cost ours) $(cost bpf)
awk -v o="$1" -v s="$2" -v t="$3" -v base="$base" -v n="$n" 'BEGIN {
	printf "| untraced getpid() loop | %.0f ns/op | | |\n", base / n
	ostr = o == "n/a" ? "failed" : sprintf("%d ns/event (±%s%%)", o, s)
	tstr = t == "n/a" ? "n/a" : sprintf("%d ns/event", t)
	r = (o == "n/a" || t == "n/a" || t <= 0) ? "n/a" : sprintf("%.2f", o / t)
	printf "| profile-%d, @[execname] = count(): added cost | %s | %s | %s |\n",
		'"$hz"', ostr, tstr, r }'
rmmod dtrace_profile dtrace_core
