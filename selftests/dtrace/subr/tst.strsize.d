/*
 * ASSERTION: Results of string subroutines are cut to strsize characters
 * (DTrace counts no NUL in strsize).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	printf("%s %d\n", strjoin("abcdef", "ghijkl"), strlen("abcdefghijkl"));
	exit(0);
}
