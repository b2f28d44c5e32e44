/*
 * ASSERTION: strlen counts characters; the empty string is 0.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d\n", strlen("hello"), strlen(""));
	exit(0);
}
