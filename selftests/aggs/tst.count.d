/*
 * ASSERTION: An anonymous count() prints a blank line, then its value in 17 columns.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@ = count();
	@ = count();
	exit(0);
}
