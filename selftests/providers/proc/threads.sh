#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: proc lwp-create, lwp-start and lwp-exit for one pthread
# requires: dtrace_proc
#
# ASSERTION: the one thread "procs all" creates gives exactly one
# lwp-create, in the process, with args[0]->pr_lwpid the new thread's id
# and args[1]->pr_pid the process; then one lwp-start and one lwp-exit
# in the new thread (tid), lwp-start after lwp-create.  The process's
# own start and exit do not count as lwp ones, and no create fires for
# a thread.
set -eu
. selftests/lib/dt.sh
. selftests/providers/proc/proc.inc

dt_setup
proc_trace '
proc:::lwp-create /pid == $target/
{
	printf("lwp-create %d %d %d\n", tid, args[0]->pr_lwpid,
	    args[1]->pr_pid);
	made[args[0]->pr_lwpid] = timestamp;
}
proc:::lwp-start /pid == $target/
{
	printf("lwp-start %d %d\n", tid, made[tid] && timestamp > made[tid]);
}
proc:::lwp-exit /pid == $target/
{
	printf("lwp-exit %d\n", tid);
}
proc:::create /pid == $target && args[0]->pr_pid == $target/
{
	printf("create of a thread\n");
}'

p=$(work pid)
t=$(work thread)
cat >"$DT_TMP/expect" <<EOT
lwp-create $p $t $p
lwp-start $t 1
lwp-exit $t
EOT
proc_expect "$DT_TMP/expect"
exit 0
