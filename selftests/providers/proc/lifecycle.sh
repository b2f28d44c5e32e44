#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: proc create, start, exec, exec-success, exec-failure and exit with their arguments
# requires: dtrace_proc
#
# ASSERTION: for "procs all" and its children: create fires in the
# parent once per child, with args[0] the child (pr_pid, pr_ppid), and
# before the child's start; exec gives the path (the -c command's, then
# /proc/self/exe and /nonexistent/procs-missing); exec-success fires
# for the two execs that work, with pr_psargs the new command line
# (the -c command's, then "procs exit 7"); exec-failure fires once,
# for the exec that fails, with args[0] -ENOENT (the kernel's return
# value, as DTrace on Linux gives it) and errno ENOENT (2); exit fires
# once per process with CLD_EXITED (1), except for the child killed by
# SIGKILL: CLD_KILLED (2).  Nothing else fires for them.
set -eu
. selftests/lib/dt.sh
. selftests/providers/proc/proc.inc

dt_setup
proc_trace '
proc:::create /pid == $target/
{
	printf("create %d %d\n", args[0]->pr_pid, args[0]->pr_ppid);
	created[args[0]->pr_pid] = timestamp;
}
proc:::start /progenyof($target)/
{
	printf("start %d %d\n", pid, created[pid] && timestamp > created[pid]);
}
proc:::exec /progenyof($target)/
{
	printf("exec %d %s\n", pid, args[0]);
}
proc:::exec-success /progenyof($target)/
{
	printf("exec-success %d %s\n", pid, curpsinfo->pr_psargs);
}
proc:::exec-failure /progenyof($target)/
{
	printf("exec-failure %d %d %d %d\n", pid, args[0], errno,
	    args[0] == -ENOENT);
}
proc:::exit /progenyof($target)/
{
	printf("exit %d %d\n", pid, args[0]);
}'

p=$(work pid)
a=$(work exec-child)
b=$(work fail-child)
c=$(work kill-child)
psargs=$(printf '%s' "$PROCS all" | cut -c 1-79)
cat >"$DT_TMP/expect" <<EOT
exec $p $PROCS
exec-success $p $psargs
create $a $p
start $a 1
exec $a /proc/self/exe
exec-success $a procs exit 7
exit $a 1
create $b $p
start $b 1
exec $b /nonexistent/procs-missing
exec-failure $b -2 2 1
exit $b 1
create $c $p
start $c 1
exit $c 2
exit $p 1
EOT
proc_expect "$DT_TMP/expect"
exit 0
