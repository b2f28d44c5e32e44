/*
 * ASSERTION: vtimestamp, the time the current thread has run on a CPU, is positive and no larger than timestamp.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d\n", vtimestamp > 0, vtimestamp <= timestamp);
	exit(0);
}
