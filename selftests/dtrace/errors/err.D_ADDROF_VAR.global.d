/*
 * ASSERTION: The address of a D variable cannot be taken.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	x = 1;
	trace(&x);
}
