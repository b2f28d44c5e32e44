#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: only the enabled call's probe fires
# requires: dtrace_syscall
#
# ASSERTION: with only syscall::getppid:entry enabled, counting every
# firing by probe for the workload (which makes many calls, getppid()
# exactly 7 times) gives exactly one key, getppid:entry, with count 7.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

st=0
timeout 120 "$DTRACE" -q -c selftests/progs/syscalls -n '
	syscall::getppid:entry /pid == $target/ {
		@[probefunc, probename] = count();
	}
	END { printa("%s:%s %@d\n", @); }' >"$DT_TMP/out" 2>"$DT_TMP/err" ||
	st=$?
[ "$st" -eq 0 ] || dt_fail "exit status $st: $(cat "$DT_TMP/err")"
got=$(grep -v '^$' "$DT_TMP/out")
[ "$got" = "getppid:entry 7" ] || dt_fail "printed '$got', expected 'getppid:entry 7'"
exit 0
