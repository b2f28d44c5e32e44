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
grep -q '^caller helloworld`hello_read+0x[0-9a-f]*$' "$DT_TMP/out" ||
	dt_fail "caller not in hello_read: $(cat "$DT_TMP/out")"
first=$(awk '/^caller/ { c = 1; next } c && /`/ { print $1; exit }' "$DT_TMP/out")
case $first in
helloworld\`hello_read+0x*) ;;
*) dt_fail "first frame '$first': $(cat "$DT_TMP/out")" ;;
esac
grep -q 'vmlinux`vfs_read+' "$DT_TMP/out" ||
	dt_fail "no vfs_read frame: $(cat "$DT_TMP/out")"
! grep -q 'dtrace_' "$DT_TMP/out" ||
	dt_fail "dtrace frames in the stack: $(cat "$DT_TMP/out")"
exit 0
