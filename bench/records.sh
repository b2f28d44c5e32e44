#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Records into the consumer, run in the guest by bench/run.sh: N clauses
# on profile-4999 each printf() a line, so N * 4999 lines a second are
# offered for 5 s at the default bufsize and switchrate; the row says how
# many lines a second reached the output and how many records were
# dropped, ours against bpftrace's N profile:hz:4999 probes each printf()ing
# (its records go through a perf ring of its own sizing; it reports
# "Lost N events").
# Then the added cost of a printf() per event: bench/spin makes N
# umask(i) calls (default 20000; with many more bpftrace, losing most
# of them, was seen not to exit on SIGINT), untraced and under
#   ours-printf  syscall::umask:entry { printf("%d\n", arg0); }
#   bpf-printf   tracepoint:syscalls:sys_enter_umask
#		 { printf("%d\n", args->mask); }
# interleaved, REPS of each (default 5); the row after it says how many
# of the lines reached the output.  What the consumer does while the
# loop runs shares the one vCPU and is in the figure: bpftrace's reads
# its perf ring as events arrive, ours reads its buffer at the
# switchrate (1 Hz), mostly after a loop this short.
set -eu

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=userland/dtrace
hz=4999
secs=5
reps=${REPS:-5}
n=${PRINTF_N:-20000}
bench=records
. bench/lib.sh

modprobe -d "$MODROOT" dtrace_profile
modprobe -d "$MODROOT" dtrace_syscall
bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

# shellcheck disable=SC2043 # one clause count today; the loop takes more
for nc in 10; do
	{
		echo "#pragma D option quiet"
		i=0
		while [ "$i" -lt "$nc" ]; do
			printf 'profile-%d { printf("%%d\\n", %d); }\n' "$hz" "$i"
			i=$((i + 1))
		done
		echo "tick-${secs}s { exit(0); }"
	} >"$tmp/p.d"
	$dtrace -s "$tmp/p.d" >"$tmp/out" 2>"$tmp/err" || true
	got=$(grep -c '^[0-9]' "$tmp/out" || true)
	drops=$(awk '/drops? on CPU/ { s += $2 } END { print s + 0 }' "$tmp/err")
	bgot='' bdrops=''
	if [ -n "$bpf" ]; then
		{
			i=0
			while [ "$i" -lt "$nc" ]; do
				printf 'profile:hz:%d { printf("%%d\\n", %d); }\n' \
					"$hz" "$i"
				i=$((i + 1))
			done
			echo "interval:s:$secs { exit(); }"
		} >"$tmp/p.bt"
		"$bpf" "$tmp/p.bt" >"$tmp/bout" 2>&1 || true
		bgot=$(grep -c '^[0-9]' "$tmp/bout" || true)
		bdrops=$(awk '/^Lost [0-9]+ events/ { s += $2 } END { print s + 0 }' \
			"$tmp/bout")
	fi
	awk -v n="$nc" -v hz="$hz" -v s="$secs" -v g="$got" -v d="$drops" \
	    -v bg="$bgot" -v bd="$bdrops" 'BEGIN {
		t = bg == "" ? "n/a" : sprintf("%d/s, %d lost", bg / s, bd)
		r = bg == "" || bg == 0 ? "n/a" : sprintf("%.2f", g / bg)
		printf "| printf() lines into the consumer, %d clauses (%d/s offered; higher is better) | %d/s, %d dropped | %s | | %s | |\n",
			n, n * hz, g / s, d, t, r }'
done

# lines NAME: append the lines and the lost records of the run just
# made (its output is in $tmp/out) to $tmp/NAME.lines
lines() {
	[ ! -e "$tmp/$1.failed" ] || return 0
	awk '/^[0-9]+$/ { l++ }
	     /drops? on CPU/ { d += $2 } /^Lost [0-9]+ events/ { d += $2 }
	     END { print l + 0, d + 0 }' "$tmp/out" >>"$tmp/$1.lines"
}

# delivered NAME: "lines% lost" medians of NAME's runs, or "n/a"
delivered() {
	if [ ! -s "$tmp/$1.lines" ] || [ -e "$tmp/$1.failed" ]; then
		echo n/a
		return
	fi
	sort -n "$tmp/$1.lines" | awk -v n="$n" '{ l[NR] = $1; d[NR] = $2 }
		END { m = int((NR + 1) / 2)
		      printf "%.1f%% (%d lost)", 100 * l[m] / n, d[m] }'
}

spin_cmd=spin_umask
go='BEGIN { printf("go\n"); }'
# Not interleaved: in one whole run both tracers once failed to exit on
# SIGINT within 120 s, one after the other (never seen when this part
# ran alone); ours first, so that a bpftrace run that has to be killed
# comes after every one of ours.
rep=0
while [ "$rep" -lt "$reps" ]; do
	settle
	bench/spin "$n" umask >>"$tmp/base"
	settle
	traced ours-printf '' $dtrace -q -n \
		"$go syscall::umask:entry { printf(\"%d\\n\", arg0); }"
	lines ours-printf
	rep=$((rep + 1))
done
rep=0
while [ -n "$bpf" ] && [ "$rep" -lt "$reps" ]; do
	settle
	traced bpf-printf '' "$bpf" -e "$go tracepoint:syscalls:sys_enter_umask
		{ printf(\"%d\\n\", args->mask); }"
	lines bpf-printf
	rep=$((rep + 1))
done

base=$(median_base base)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours-printf "$base") $(cost bpf-printf "$base")
row 'umask() with printf("%d\\n", arg0) per call: added cost in the loop' \
	ns/call "$1" "$2" "$3" "<=1.00"
printf '| printf() lines of that run that reached the output | %s | %s | | | |\n' \
	"$(delivered ours-printf)" "$(delivered bpf-printf)"
rmmod dtrace_syscall dtrace_profile dtrace_core
