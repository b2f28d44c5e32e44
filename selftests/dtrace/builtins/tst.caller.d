/*
 * ASSERTION: caller is a kernel text address outside dtrace: non-zero in BEGIN.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d\n", caller != 0);
	exit(0);
}
