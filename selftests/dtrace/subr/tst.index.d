/*
 * ASSERTION: index and rindex find the first and last position or -1.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", index("hello", "l"), index("hello", "l", 3), index("hello", "z"), rindex("hello", "l"), rindex("abc", ""));
	exit(0);
}
