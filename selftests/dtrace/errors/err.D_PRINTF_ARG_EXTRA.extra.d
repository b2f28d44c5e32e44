/*
 * ASSERTION: printf() with more arguments than conversions is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	printf("%d\n", 1, 2);
}
