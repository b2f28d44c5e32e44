/*
 * ASSERTION: curlwpsinfo translates the current thread: pr_lwpid is tid, pr_name is execname.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d %s\n", curlwpsinfo->pr_lwpid == tid, curlwpsinfo->pr_name);
	exit(0);
}
