/*
 * ASSERTION: A variable keeps the type of its first assignment.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	x = 1;
	x = "a";
}
