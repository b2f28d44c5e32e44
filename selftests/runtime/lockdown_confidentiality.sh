#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: under confidentiality lockdown /dev/dtrace does not open
# requires: dtrace_core
#
# ASSERTION: with the kernel locked down for confidentiality (runs only
# so: lockdown.inc), root opening /dev/dtrace gets EPERM from the
# kernel: dtrace exits 1 saying "failed to initialize dtrace: The
# kernel is locked down for confidentiality", no consumer is made, and
# the kernel logs the lockdown refusal.  A user without CAP_SYS_ADMIN
# is still told it lacks the privilege, not about lockdown.
set -eu
. selftests/lib/dt.sh
. selftests/runtime/lockdown.inc

ld_setup confidentiality
st=0
timeout 120 "$DTRACE" -n 'BEGIN { exit(0); }' >"$DT_TMP/out" 2>"$DT_TMP/err" ||
	st=$?
[ "$st" -eq 1 ] || dt_fail "exit $st, not 1: $(cat "$DT_TMP/err")"
grep -q '^dtrace: failed to initialize dtrace: The kernel is locked down for confidentiality' \
	"$DT_TMP/err" || dt_fail "stderr '$(cat "$DT_TMP/err")'"
dt_idle || dt_fail "not idle after: $(cat /proc/dtrace/memory)"
dmesg | grep -q 'Lockdown: dtrace: use of bpf to read kernel RAM is restricted' ||
	dt_fail "no lockdown refusal in the kernel log"

if command -v setpriv >/dev/null; then
	st=0
	setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin \
		"$DTRACE" -n 'BEGIN { exit(0); }' >"$DT_TMP/out" 2>&1 || st=$?
	[ "$st" -eq 1 ] || dt_fail "without CAP_SYS_ADMIN: exit $st"
	grep -q 'requires additional privileges: CAP_SYS_ADMIN' "$DT_TMP/out" ||
		dt_fail "without CAP_SYS_ADMIN: $(cat "$DT_TMP/out")"
fi
exit 0
