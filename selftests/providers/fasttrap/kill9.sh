#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace killed with SIGKILL leaves no user probe and the target unharmed
# requires: dtrace_fasttrap
#
# ASSERTION: with dtrace -p tracing entry, return and USDT probes of a
# waiting utarget, kill -9 of dtrace leaves, within a minute, no line in
# /proc/dtrace/fasttrap and no pid or utest provider in
# /proc/dtrace/providers; the target then runs its 50 rounds unharmed
# (its own sum is right and it exits 0).  The same for a -c target, which
# dies with dtrace.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
"$UT" -n 50 -w "$DT_TMP/go" >"$DT_TMP/target" &
pid=$!
ft_wait_exec "$pid"
"$DTRACE" -q -p "$pid" -n 'BEGIN { printf("go\n"); }
	pid$target:a.out:ut_add:entry, pid$target:a.out:ut_add:return,
	utest$target:::tick, utest$target:::tick-enabled { @ = count(); }' \
	>"$DT_TMP/out" 2>&1 &
DT_BG=$!
dt_wait 120 grep -q '^go' "$DT_TMP/out" || dt_fail "no go: $(cat "$DT_TMP/out")"
[ "$(ft_sites | grep -c ' yes ')" -eq 4 ] ||
	dt_fail "not 4 armed sites: $(cat /proc/dtrace/fasttrap)"
kill -KILL "$DT_BG"
wait "$DT_BG" 2>/dev/null || true
DT_BG=
dt_wait 60 ft_no_sites || dt_fail "sites left: $(cat /proc/dtrace/fasttrap)"
! grep -Eq "^(pid|utest)$pid " /proc/dtrace/providers ||
	dt_fail "providers left: $(cat /proc/dtrace/providers)"
touch "$DT_TMP/go"
st=0
dt_wait_pid "$pid" 120 || st=$?
[ "$st" -eq 0 ] || dt_fail "target exited $st"
grep -q '^sum 3675 enabled 0$' "$DT_TMP/target" ||
	dt_fail "target: $(cat "$DT_TMP/target")"

"$DTRACE" -q -c "$UT -n 100000" -n 'BEGIN { printf("go\n"); }
	pid$target:a.out:ut_add:entry { @ = count(); }' >"$DT_TMP/out" 2>&1 &
DT_BG=$!
dt_wait 120 grep -q '^go' "$DT_TMP/out" || dt_fail "no go: $(cat "$DT_TMP/out")"
kill -KILL "$DT_BG"
wait "$DT_BG" 2>/dev/null || true
DT_BG=
dt_wait 60 ft_no_sites || dt_fail "sites left: $(cat /proc/dtrace/fasttrap)"
dt_wait 60 sh -c '! pgrep -x utarget >/dev/null' ||
	dt_fail "the -c target outlived dtrace"
exit 0
