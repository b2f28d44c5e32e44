/*
 * ASSERTION: strstr returns the rest from the first occurrence; an empty needle gives the string.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s %s\n", strstr("hello", "ll"), strstr("abc", ""));
	exit(0);
}
