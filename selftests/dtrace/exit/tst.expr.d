/*
 * ASSERTION: exit() takes any integer expression.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	exit(pid > 0 ? 7 : 1);
}
