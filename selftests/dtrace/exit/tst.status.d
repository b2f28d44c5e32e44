/*
 * ASSERTION: The exit status of dtrace is the value given to exit().
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	exit(42);
}
