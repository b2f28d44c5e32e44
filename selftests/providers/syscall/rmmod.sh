#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace_syscall cannot be unloaded while a probe is enabled
# requires: dtrace_syscall
#
# ASSERTION: while a consumer has syscall::getpid:entry and
# syscall::read:return enabled, rmmod dtrace_syscall fails and the
# provider shows enabled probes; once the consumer is gone, rmmod
# succeeds (the tracepoints were detached) and a reload lists the
# probes again.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

"$DTRACE" -q -n 'BEGIN { printf("go\n"); }
	syscall::getpid:entry { @e = count(); }
	syscall::read:return { @r = count(); }' >"$DT_TMP/out" 2>&1 &
DT_BG=$!
dt_wait 120 grep -q '^go' "$DT_TMP/out" ||
	dt_fail "consumer did not start: $(cat "$DT_TMP/out")"
[ "$(dt_enabled syscall)" = 2 ] ||
	dt_fail "provider shows '$(dt_enabled syscall)' enabled probes, expected 2"
if rmmod dtrace_syscall 2>/dev/null; then
	dt_fail "rmmod dtrace_syscall succeeded while probes were enabled"
fi
kill -INT "$DT_BG"
st=0
dt_wait_pid "$DT_BG" 120 || st=$?
DT_BG=
[ "$st" -eq 0 ] || dt_fail "consumer exited $st: $(cat "$DT_TMP/out")"
dt_wait 60 rmmod dtrace_syscall 2>/dev/null ||
	dt_fail "rmmod dtrace_syscall still fails with no consumer"
dt_modprobe dtrace_syscall || dt_fail "reload failed"
n=$(timeout 120 "$DTRACE" -l -n syscall::getpid:entry | wc -l)
[ "$n" -eq 2 ] || dt_fail "after reload, syscall::getpid:entry lists $((n - 1)) probes"
exit 0
