#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: proc signal-send, signal-handle and signal-clear with their arguments
# requires: dtrace_proc
#
# ASSERTION: what "procs all" sends: SIGKILL (9) to its child C
# (args[0]->pr_lwpid and args[1]->pr_pid both C), SIGUSR1 (10) and
# SIGUSR2 (12) to itself, each one signal-send with the receiver and the
# number.  SIGUSR1 is handled: one signal-handle in the process with
# args[0] 10 and args[2] the handler's address.  SIGUSR2, blocked, is
# taken by sigtimedwait(): one signal-clear with args[0] 12.  Signals
# discarded as ignored fire nothing: the SIGCHLDs of its children, and
# the SIGCONT with which dtrace starts it.  (Its own SIGCHLD to dtrace,
# its parent, is left out: whether dtrace ignores it is not ours.)
set -eu
. selftests/lib/dt.sh
. selftests/providers/proc/proc.inc

dt_setup
proc_trace '
proc:::signal-send
/(pid == $target && args[1]->pr_pid != ppid) || args[1]->pr_pid == $target/
{
	printf("send %d %d %d %d\n", pid, args[0]->pr_lwpid, args[1]->pr_pid,
	    args[2]);
}
proc:::signal-handle /pid == $target/
{
	printf("handle %d %x\n", args[0], (uintptr_t)args[2]);
}
proc:::signal-clear /pid == $target/
{
	printf("clear %d\n", args[0]);
}'

p=$(work pid)
c=$(work kill-child)
h=$(work handler)
cat >"$DT_TMP/expect" <<EOT
send $p $c $c 9
send $p $p $p 10
handle 10 $h
send $p $p $p 12
clear 12
EOT
proc_expect "$DT_TMP/expect"
exit 0
