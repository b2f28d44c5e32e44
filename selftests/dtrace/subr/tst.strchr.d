/*
 * ASSERTION: strchr and strrchr return the rest of the string from the character, or NULL.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s %s %d\n", strchr("hello", 'l'), strrchr("hello", 'l'), strchr("abc", 'z') == 0);
	exit(0);
}
