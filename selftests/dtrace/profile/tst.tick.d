/*
 * ASSERTION: A tick-100ms probe fires; dtrace -s provides it on demand.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

tick-100ms
{
	printf("tick\n");
	exit(0);
}
