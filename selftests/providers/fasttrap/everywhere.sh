#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid*:OBJECT:FUNCTION:entry traces a library function in every process
# requires: dtrace_fasttrap
#
# ASSERTION: pid*:libc.so.6:getppid:entry, enabled before any utarget
# runs, fires 25 times for each of two utarget -n 25 started afterwards
# (execname "utarget", 50 in all, two pids); /proc/dtrace/fasttrap shows
# the probe with pid 0 (any process).
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
dt_trace 'pid*:libc.so.6:getppid:entry /execname == "utarget"/ {
		@n = count(); @p[pid] = count(); }
	END { printa("n %@d\n", @n); printa("p %d %@d\n", @p); }'
ft_sites | grep -q '^0 .*pid:libc.so.6:getppid:entry$' ||
	dt_fail "no pid 0 probe: $(cat /proc/dtrace/fasttrap)"
"$UT" -n 25 >/dev/null
"$UT" -n 25 >/dev/null
dt_trace_stop
ft_expect '^n 50$'
[ "$(grep -c '^p [0-9]* 25$' "$DT_TMP/out")" -eq 2 ] ||
	dt_fail "not 25 from each of two pids: $(cat "$DT_TMP/out")"
exit 0
