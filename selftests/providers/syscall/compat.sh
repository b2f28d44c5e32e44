#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: 32-bit system calls fire no 64-bit probe
# requires: dtrace_syscall CONFIG_IA32_EMULATION
#
# ASSERTION: selftests/progs/int80 makes one 64-bit getpid() and five
# ia32 getpid() calls (ia32 number 20, which is writev in the 64-bit
# table).  With getpid and writev entry and return probes enabled for
# it, only the 64-bit call fires: getpid:entry and getpid:return once
# each, writev never.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

st=0
selftests/progs/int80 || st=$?
[ "$st" -ne 4 ] || dt_skip "the kernel runs no ia32 system calls"
[ "$st" -eq 0 ] || dt_fail "selftests/progs/int80 alone exited $st"

timeout 120 "$DTRACE" -q -c selftests/progs/int80 -n '
	syscall::getpid:, syscall::writev: /pid == $target/ {
		@[probefunc, probename] = count();
	}
	END { printa("%s:%s %@d\n", @); }' >"$DT_TMP/out" 2>"$DT_TMP/err" ||
	st=$?
[ "$st" -eq 0 ] || dt_fail "exit status $st: $(cat "$DT_TMP/err")"
got=$(grep -v '^$' "$DT_TMP/out" | sort)
want='getpid:entry 1
getpid:return 1'
[ "$got" = "$want" ] || dt_fail "printed '$got', expected '$want'"
exit 0
