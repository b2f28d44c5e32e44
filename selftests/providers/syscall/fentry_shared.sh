#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt keeps firing on a function whose syscall entry hook is detached and unloaded
# requires: dtrace_syscall, dtrace_fbt
#
# ASSERTION: fbt::__x64_sys_read:entry and syscall::read:entry share
# the core's function-entry hook on __x64_sys_read.  While one consumer
# counts the fbt probe, another enables and then drops the syscall
# probe; dtrace_syscall is then unloaded, and the fbt probe still fires
# for dd's reads (the hook stays for fbt alone; the core calls nothing
# in the unloaded module), and the kernel stays clean.  Then the reverse:
# fbt dropped and unloaded under a syscall consumer, which keeps firing.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
grep -q ' __x64_sys_read$' /proc/kallsyms || dt_skip "no __x64_sys_read here"

# reads KEPT DROPPED: KEPT's probe counts dd's reads while DROPPED's
# probe comes and goes and its module is unloaded
reads() {
	dt_trace "$1 /execname == \"dd\"/ { @ = count(); }
		END { printa(\"reads %@d\n\", @); }"
	timeout 120 "$DTRACE" -q -n "$2 { @ = count(); }" \
		-c "dd if=/dev/zero of=/dev/null bs=1 count=5" \
		>"$DT_TMP/other" 2>&1 ||
		dt_fail "$2: dtrace exited $?: $(cat "$DT_TMP/other")"
	dt_wait 60 rmmod "$3" 2>/dev/null || dt_fail "rmmod $3 failed"
	dd if=/dev/zero of=/dev/null bs=1 count=50 2>/dev/null
	dt_trace_stop
	n=$(awk '$1 == "reads" { print $2 }' "$DT_TMP/out")
	[ "${n:-0}" -ge 55 ] ||
		dt_fail "$1: ${n:-no} reads counted, expected 55 or more: $(cat "$DT_TMP/out")"
	echo "# $1 counted $n reads"
}

reads fbt::__x64_sys_read:entry syscall::read:entry dtrace_syscall
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed again"
reads syscall::read:entry fbt::__x64_sys_read:entry dtrace_fbt
exit 0
