/*
 * ASSERTION: errno is 0 where no system call failed (BEGIN).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d\n", errno);
	exit(0);
}
