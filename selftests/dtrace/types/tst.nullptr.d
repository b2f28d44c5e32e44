/*
 * ASSERTION: A member read through a NULL kernel pointer (curthread->vfork_done of a process that was not vforked, or has exec'd since) is a run-time error of that clause; tracing goes on.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	trace(curthread->vfork_done->done);
}

BEGIN
{
	printf("after\n");
	exit(0);
}
