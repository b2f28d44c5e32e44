#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: caller and stack() in fbt probes start in the caller
# requires: dtrace_fbt
#
# ASSERTION: for a read(2) by the target, fbt::vfs_read:entry and
# :return both have caller in ksys_read, and stack() starts there and
# goes on to the system call entry, with no kprobe or dtrace frame.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
timeout 300 "$DTRACE" -q -n '
	fbt::vfs_read:entry,fbt::vfs_read:return /pid == $target/ {
		printf("%s caller %a\n", probename, caller);
		stack();
		exit(0);
	}' -c "dd if=/proc/version of=/dev/null bs=16 count=1" \
	>"$DT_TMP/out" 2>&1 || dt_fail "dtrace exited $?: $(cat "$DT_TMP/out")"
dt_check_stack "$DT_TMP/out" 'vmlinux`ksys_read'
grep -q 'do_syscall_64' "$DT_TMP/out" ||
	dt_fail "stack does not reach the system call: $(cat "$DT_TMP/out")"
exit 0
