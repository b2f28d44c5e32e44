/*
 * ASSERTION: exit() takes an integer.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	exit("now");
}
