#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: entry arguments have the call's C types, return ones long
# requires: dtrace_syscall
#
# ASSERTION: "dtrace -lv -n syscall::openat:entry" shows args[0] int,
# args[1] const char * (no __user) and args[2] int; read:return shows
# args[0] and args[1] long.  In a clause args[0] of openat has type int,
# so AT_FDCWD prints as -100, and copyinstr(args[1]) reads the path.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

# argtypes PROBE: the "args[N]: TYPE" lines of dtrace -lv PROBE
argtypes() {
	timeout 120 "$DTRACE" -lv -n "$1" >"$DT_TMP/lv" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -lv -n $1 exited $?: $(cat "$DT_TMP/err")"
	sed -n 's/^[[:space:]]*\(args\[[0-9]*\]: .*\)$/\1/p' "$DT_TMP/lv"
}

got=$(argtypes syscall::openat:entry | head -n 3)
want='args[0]: int
args[1]: const char *
args[2]: int'
[ "$got" = "$want" ] || dt_fail "openat:entry types: '$got', expected '$want'"
got=$(argtypes syscall::read:return)
want='args[0]: long
args[1]: long'
[ "$got" = "$want" ] || dt_fail "read:return types: '$got', expected '$want'"

st=0
timeout 120 "$DTRACE" -q -c selftests/progs/syscalls -n '
	syscall::openat:entry /pid == $target && args[2] == 0/ {
		printf("%d %s\n", args[0], copyinstr((uintptr_t)args[1]));
	}' >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit status $st: $(cat "$DT_TMP/err")"
got=$(grep -v '^$' "$DT_TMP/out" | sort)
want='-100 /dev/zero
-100 /nonexistent/dtrace-syscall'
[ "$got" = "$want" ] || dt_fail "printed '$got', expected '$want'"
exit 0
