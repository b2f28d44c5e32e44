#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: profile-199hz fires on every online CPU
# requires: dtrace_profile
#
# ASSERTION: in two seconds of 'profile-199hz { printf("%d\n", cpu); }',
# ended by tick-2s calling exit(0), the set of CPUs printed is exactly
# the set of online CPUs: a profile probe fires on each CPU and only
# there, and the cpu variable says which.
set -eu
. selftests/lib/dt.sh

# The CPUs of a list like "0-1,3", one a line.
expand_cpus() {
	echo "$1" | tr ',' '\n' | while IFS=- read -r lo hi; do
		seq "$lo" "${hi:-$lo}"
	done
}

online=$(expand_cpus "$(cat /sys/devices/system/cpu/online)")
[ "$(echo "$online" | wc -l)" -ge 2 ] ||
	dt_skip "needs two online CPUs, has $(echo "$online" | wc -l)"

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 120 "$DTRACE" -q -n 'profile-199hz { printf("%d\n", cpu); }
	tick-2s { exit(0); }' >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit status $st: $(cat "$DT_TMP/err")"
seen=$(sort -n -u "$DT_TMP/out")
[ "$seen" = "$(echo "$online" | sort -n)" ] ||
	dt_fail "CPUs seen: $(echo "$seen" | tr '\n' ' '); online: $(echo "$online" | tr '\n' ' ')"
exit 0
