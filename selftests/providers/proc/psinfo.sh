#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: curpsinfo and curlwpsinfo of a process that just exec'd
# requires: dtrace_proc
#
# ASSERTION: at proc:::exec-success of the -c target, curpsinfo agrees
# with the built-in variables and the workload: pr_pid, pr_ppid,
# pr_uid, pr_gid, pr_fname, pr_addr, pr_nlwp 1, pr_dmodel PR_MODEL_LP64,
# pr_psargs the command line; curlwpsinfo's pr_lwpid is tid and
# pr_sname 'O' (on a CPU, it is running the probe).  pr_pgid and pr_sid
# are the ones the workload reads with getpgrp() and getsid().
set -eu
. selftests/lib/dt.sh
. selftests/providers/proc/proc.inc

dt_setup
proc_trace '
proc:::exec-success /pid == $target/
{
	printf("ids %d %d %d %d %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid,
	    curpsinfo->pr_gid == gid,
	    curpsinfo->pr_addr == (uintptr_t)curthread);
	printf("fname %s %d\n", curpsinfo->pr_fname,
	    curpsinfo->pr_fname == execname);
	printf("model %d %d\n", curpsinfo->pr_nlwp,
	    curpsinfo->pr_dmodel == PR_MODEL_LP64);
	printf("psargs %s\n", curpsinfo->pr_psargs);
	printf("lwp %d %c %d\n", curlwpsinfo->pr_lwpid == tid,
	    curlwpsinfo->pr_sname, curlwpsinfo->pr_state == SONPROC);
	printf("pgid %d %d\n", curpsinfo->pr_pgid, curpsinfo->pr_sid);
}'

psargs=$(printf '%s' "$PROCS all" | cut -c 1-79)
cat >"$DT_TMP/expect" <<EOT
ids 1 1 1 1 1
fname procs 1
model 1 1
psargs $psargs
lwp 1 O 1
pgid $(work pgid-sid)
EOT
proc_expect "$DT_TMP/expect"
exit 0
