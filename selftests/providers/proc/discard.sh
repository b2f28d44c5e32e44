#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: proc signal-discard fires for a signal sent to a process that ignores it
# requires: dtrace_proc
#
# ASSERTION: a shell that ignores SIGHUP (trap "" HUP) and sends itself
# SIGHUP, then SIGUSR2, which it handles: the SIGHUP is discarded (one
# signal-discard, args[0]->pr_lwpid and args[1]->pr_pid the shell,
# args[2] 1) and never sent (no signal-send for it); the SIGUSR2 is
# sent (one signal-send with args[2] 12) and not discarded.
set -eu
. selftests/lib/dt.sh
. selftests/providers/proc/proc.inc

dt_setup
proc_run "sh -c 'trap \"\" HUP; trap \"echo usr2 >&2\" USR2; kill -HUP \$\$; kill -USR2 \$\$'" '
proc:::signal-discard, proc:::signal-send
/args[1]->pr_pid == $target/
{
	printf("%s %d %d %d\n", probename, args[0]->pr_lwpid == $target,
	    args[1]->pr_pid == $target, args[2]);
}'
printf 'signal-discard 1 1 1\nsignal-send 1 1 12\n' >"$DT_TMP/expect"
proc_expect "$DT_TMP/expect"
exit 0
