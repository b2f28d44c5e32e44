#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: entry arguments, return values and errno of known calls
# requires: dtrace_syscall
#
# ASSERTION: for the calls selftests/progs/syscalls makes (-c, pid ==
# $target), the entry probes see the call's arguments (openat's dirfd
# AT_FDCWD, path and flags; read's count 1234; write's fd -1 and count
# 5), and the return probes see in arg0 and arg1 the value the caller
# gets: 1234 from read, 0 from close, and -1 with errno ENOENT (2) from
# openat of a missing file and EBADF (9) from write to fd -1; errno is 0
# after a call that succeeded.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

st=0
timeout 120 "$DTRACE" -q -c selftests/progs/syscalls -n '
	syscall::openat:entry /pid == $target/ {
		printf("E openat %d %s %d\n", (int)arg0, copyinstr(arg1), arg2);
	}
	syscall::read:entry, syscall::write:entry /pid == $target/ {
		printf("E %s %d %d\n", probefunc, (int)arg0, arg2);
	}
	syscall::openat:return, syscall::read:return, syscall::close:return,
	syscall::write:return /pid == $target/ {
		printf("X %s %d %d %d\n", probefunc, arg0, arg1, errno);
	}' >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit status $st: $(cat "$DT_TMP/err")"

# The loader's calls come first and differ (flags O_CLOEXEC, other
# counts); each line of the workload's own must be there once.  Only
# close() looks the same as the loader's (which makes two).
grep -qxF 'X close 0 0 0' "$DT_TMP/out" || dt_fail "no 'X close 0 0 0'"
for want in 'E openat -100 /dev/zero 0' 'E read 3 1234' 'X read 1234 1234 0' \
	'E openat -100 /nonexistent/dtrace-syscall 0' \
	'X openat -1 -1 2' 'E write -1 5' 'X write -1 -1 9'; do
	n=$(grep -cxF "$want" "$DT_TMP/out" || true)
	[ "$n" -eq 1 ] || {
		cat "$DT_TMP/out" >&2
		dt_fail "'$want' printed $n times, expected once"
	}
done
# Every successful return had errno 0, every failed one -1 and an errno.
bad=$(awk '$1 == "X" && !(($3 >= 0 && $5 == 0) || ($3 == -1 && $4 == -1 && $5 > 0))' \
	"$DT_TMP/out")
[ -z "$bad" ] || dt_fail "return lines with a wrong errno: $bad"
exit 0
