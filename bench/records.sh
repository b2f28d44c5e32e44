#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Records into the consumer, run in the guest by bench/run.sh: N clauses
# on profile-4999 each trace() a value, so N * 4999 records a second are
# offered for 5 s at the default bufsize and switchrate; the row says how
# many records a second reached the output and how many were dropped.
# Ours only: bpftrace's printf goes through a perf ring of its own sizing.
set -eu

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=userland/dtrace
hz=4999
secs=5

modprobe -d "$MODROOT" dtrace_profile

for n in 10; do
	{
		echo "#pragma D option quiet"
		i=0
		while [ "$i" -lt "$n" ]; do
			printf 'profile-%d { printf("%%d\\n", %d); }\n' "$hz" "$i"
			i=$((i + 1))
		done
		echo "tick-${secs}s { exit(0); }"
	} >"$tmp/p.d"
	$dtrace -s "$tmp/p.d" >"$tmp/out" 2>"$tmp/err" || true
	got=$(wc -l <"$tmp/out")
	drops=$(awk '/drops? on CPU/ { s += $2 } END { print s + 0 }' "$tmp/err")
	awk -v n="$n" -v hz="$hz" -v s="$secs" -v g="$got" -v d="$drops" 'BEGIN {
		printf "| trace() records into the consumer, %d clauses (%d/s offered) | %d/s, %d dropped | | |\n",
			n, n * hz, g / s, d }'
done
rmmod dtrace_profile dtrace_core
