/*
 * ASSERTION: Every process descends from init; none from a pid that does not exist.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d\n", progenyof(1), progenyof(-5));
	exit(0);
}
