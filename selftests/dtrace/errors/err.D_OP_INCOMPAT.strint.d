/*
 * ASSERTION: Comparing a string with an integer is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
/execname == 1/
{
	exit(0);
}
