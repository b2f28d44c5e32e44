/*
 * ASSERTION: In BEGIN, which fires in the dtrace process itself, pid, ppid, uid and gid equal the macro variables $pid, $ppid, $uid and $gid.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", pid == $pid, ppid == $ppid, uid == $uid,
	    gid == $gid);
	exit(0);
}
