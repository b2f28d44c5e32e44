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

dt_setup
if [ -n "${DT_PERCALL_MAX:-}" ]; then
	modprobe -d "$MODROOT" dtrace_syscall percall_max="$DT_PERCALL_MAX" ||
		dt_fail "modprobe dtrace_syscall failed"
else
	dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
fi
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
grep -q ' __x64_sys_read$' /proc/kallsyms || dt_skip "no __x64_sys_read here"

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
