/*
 * ASSERTION: printf() with fewer arguments than conversions is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	printf("%d %s\n", 1);
}
