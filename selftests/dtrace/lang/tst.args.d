/*
 * ASSERTION: args[n] reads the same value as argn.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d\n", args[0] == arg0 && args[3] == arg3);
	exit(0);
}
