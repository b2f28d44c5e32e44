/*
 * ASSERTION: psinfo_t's pr_wstat (0 while running), pr_argv and pr_envp
 * (user addresses, in order, for the dtrace process that runs BEGIN)
 * and the members Linux has no such thing for (0).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d\n", curpsinfo->pr_wstat,
	    curpsinfo->pr_argv != 0, curpsinfo->pr_envp > curpsinfo->pr_argv,
	    curpsinfo->pr_argc, curpsinfo->pr_nzomb, curpsinfo->pr_poolid,
	    curpsinfo->pr_contract);
	exit(0);
}
