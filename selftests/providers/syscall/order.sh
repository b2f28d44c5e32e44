#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a call's entry probe fires before fbt's entry probe of its handler
# requires: dtrace_syscall, dtrace_fbt
#
# ASSERTION: with syscall::read:entry enabled before
# fbt::__x64_sys_read:entry (clause order), each read() of dd fires the
# system call's entry probe first, then the handler's: every "fbt" line
# follows a "syscall" line, as DTrace's flowindent output shows them.
# With DT_PERCALL_MAX set, the syscall module is loaded with that
# percall_max (0: the raw_syscalls tracepoint; the default, 16: a
# per-call hook on the core's ftrace_ops, which fires it before fbt's:
# docs/providers/syscall.md).
set -eu
. selftests/lib/dt.sh
. selftests/providers/syscall/syscall.inc

dt_setup
syscall_load_fbt

timeout 300 "$DTRACE" -q -n '
	syscall::read:entry /pid == $target/ { printf("syscall\n"); }
	fbt::__x64_sys_read:entry /pid == $target/ { printf("fbt\n"); }' \
	-c "dd if=/dev/zero of=/dev/null bs=1 count=5" \
	>"$DT_TMP/out" 2>"$DT_TMP/err" ||
	dt_fail "dtrace exited $?: $(cat "$DT_TMP/err")"
awk '$1 == "syscall" { s++ }
     $1 == "fbt" { f++; if (f > s) bad = 1 }
     END { exit bad || s < 5 || f != s }' "$DT_TMP/out" ||
	dt_fail "fbt before syscall, or counts differ: $(tr '\n' ' ' <"$DT_TMP/out")"
