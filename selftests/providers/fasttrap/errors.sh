#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: user probes that cannot be made give clear errors and make nothing
# requires: dtrace_fasttrap
#
# ASSERTION: a pid provider description for a process that does not
# exist says "no such process"; a NAME1234 description for a missing
# process is taken for a kernel provider's name and just matches no
# probe; one for an object the process does not map matches no probe;
# with dtrace_fasttrap unloaded, a pid description says to load it.  No
# user probe is left behind by any of them.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
# a pid that is surely free: one past the largest pid in use
nopid=$(($(cat /proc/sys/kernel/pid_max) - 1))
! timeout 120 "$DTRACE" -n "pid$nopid:a.out:main:entry" >"$DT_TMP/out" 2>&1 ||
	dt_fail "accepted a missing process: $(cat "$DT_TMP/out")"
ft_expect "pid $nopid: no such process"
! timeout 120 "$DTRACE" -n "myapp$nopid:::tick" >"$DT_TMP/out" 2>&1 ||
	dt_fail "accepted a USDT description of a missing process: $(cat "$DT_TMP/out")"
ft_expect 'does not match any probes'
! grep -q 'no such process' "$DT_TMP/out" ||
	dt_fail "myapp$nopid taken for a process: $(cat "$DT_TMP/out")"
! timeout 120 "$DTRACE" -c "$UT -n 1" \
	-n 'pid$target:libnosuch.so:main:entry' >"$DT_TMP/out" 2>&1 ||
	dt_fail "accepted a missing object: $(cat "$DT_TMP/out")"
ft_expect 'does not match any probes'
ft_no_sites || dt_fail "probes left: $(ft_sites)"
dt_rmmod dtrace_fasttrap
! timeout 120 "$DTRACE" -c "$UT -n 1" \
	-n 'pid$target:a.out:ut_add:entry' >"$DT_TMP/out" 2>&1 ||
	dt_fail "accepted without dtrace_fasttrap: $(cat "$DT_TMP/out")"
ft_expect 'modprobe dtrace_fasttrap'
exit 0
