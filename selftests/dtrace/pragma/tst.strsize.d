/*
 * ASSERTION: #pragma D option strsize bounds recorded strings, NUL included.
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
