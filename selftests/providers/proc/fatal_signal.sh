#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: proc signal-handle names the signal that kills a process, not the SIGKILL Linux turns it into
# requires: dtrace_proc
#
# ASSERTION: a shell that sends itself SIGUSR1, which it neither handles
# nor ignores, dies of it.  Linux delivers such a fatal signal to the
# process's threads as SIGKILL (the whole group exits), but what the
# process received is SIGUSR1: signal-handle fires once in it, with
# args[0] 10.  A real SIGKILL still reads 9: the child the shell kills
# with it.  (The SIGCHLD the shell may handle for that child is left
# out.)
set -eu
. selftests/lib/dt.sh
. selftests/providers/proc/proc.inc

dt_setup
proc_run "sh -c 'sleep 60 & kill -KILL \$!; wait; kill -USR1 \$\$'" '
proc:::signal-handle
/(pid == $target || ppid == $target) && args[0] != SIGCHLD/
{
	printf("%s %d\n", pid == $target ? "target" : "child", args[0]);
}'
printf 'child 9\ntarget 10\n' >"$DT_TMP/expect"
proc_expect "$DT_TMP/expect"
exit 0
