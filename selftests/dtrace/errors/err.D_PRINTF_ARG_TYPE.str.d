/*
 * ASSERTION: printf() %d of a string is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	printf("%d\n", execname);
}
