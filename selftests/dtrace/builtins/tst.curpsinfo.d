/*
 * ASSERTION: curpsinfo translates the current task: pr_pid, pr_ppid, pr_uid and pr_fname agree with pid, ppid, uid and execname.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %s\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid,
	    curpsinfo->pr_fname);
	exit(0);
}
