/*
 * ASSERTION: ipl is 0 in process context (BEGIN) and 2 in hardirq context (profile, an hrtimer).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d\n", ipl);
}

profile-97
{
	printf("%d\n", ipl);
	exit(0);
}
