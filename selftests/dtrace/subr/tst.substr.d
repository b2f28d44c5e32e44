/*
 * ASSERTION: substr follows D: negative index from the end, negative length off the end, clamping.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s|%s|%s|%s|%s\n", substr("hello", 1), substr("hello", -3), substr("hello", 1, -1), substr("hello", -7, 3), substr("hello", 9));
	exit(0);
}
