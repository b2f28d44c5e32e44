#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: stack() and caller at an sdt site start in the driver
# requires: dtrace_sdt
#
# ASSERTION: in hello:::read, caller is in helloworld`hello_read and the
# first frame of stack() is too, followed by the VFS read path; no frame
# of dtrace itself shows.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
sdt_load dtrace_sdt helloworld
dt_trace 'hello:::read { printf("caller %a\n", caller); stack(); }'
cat /proc/helloworld >/dev/null
dt_wait 60 grep -q vfs_read "$DT_TMP/out" || true
dt_trace_stop
dt_check_stack "$DT_TMP/out" 'helloworld`hello_read'
grep -q 'vmlinux`vfs_read+' "$DT_TMP/out" ||
	dt_fail "no vfs_read frame: $(cat "$DT_TMP/out")"
exit 0
