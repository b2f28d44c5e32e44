#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: an sdt provider in a module loaded after dtrace started is traced
# requires: dtrace_sdt
#
# ASSERTION: with dtrace_sdt loaded but not helloworld, "dtrace -Z" on
# hello:::read starts although the description matches nothing yet;
# once helloworld is loaded (while dtrace runs), 5 reads of
# /proc/helloworld fire hello:::read 5 times for that consumer, with no
# new consumer and no new enabling asked for.  After the consumer exits
# the core is idle again and helloworld unloads.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
! dt_loaded helloworld || dt_skip "helloworld is loaded already"
sdt_load dtrace_sdt
dt_trace 'hello:::read { printf("read %s\n", execname); }' -Z
DT_MODS=helloworld
dt_modprobe helloworld || dt_fail "modprobe helloworld failed"
i=0
while [ $i -lt 5 ]; do
	sdt_read /proc/helloworld
	i=$((i + 1))
done
dt_trace_stop
n=$(grep -c '^read dd$' "$DT_TMP/out" || true)
[ "$n" -eq 5 ] || dt_fail "hello:::read fired $n times, not 5: $(cat "$DT_TMP/out")"
dt_check_idle "the consumer of a retained description exited"
dt_wait 60 rmmod helloworld || dt_fail "rmmod helloworld failed"
DT_MODS=
exit 0
