/*
 * ASSERTION: #pragma D option strsize bounds recorded strings: strsize
 * characters at most, as DTrace counts it (the NUL is not counted).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option strsize=4

BEGIN
{
	printf("%s|%s\n", "abcdef", execname);
	exit(0);
}
