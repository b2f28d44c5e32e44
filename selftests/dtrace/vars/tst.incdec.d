/*
 * ASSERTION: Pre- and post-increment and decrement give C's values.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	x = 5;
	printf("%d %d %d %d %d\n", x++, x, ++x, x--, --x);
	exit(0);
}
