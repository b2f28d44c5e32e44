/*
 * ASSERTION: An associative array keeps the number and types of its keys.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	a[1] = 1;
	a[1, 2] = 2;
}
