/*
 * ASSERTION: a clause that prints a format alone and aggregates, on a
 * probe other than BEGIN, still prints: it records though its only
 * action with data is none.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	n = 0;
}

tick-10ms
/n < 3/
{
	printf("x\n");
	@ = count();
	n++;
}

tick-10ms
/n == 3/
{
	exit(0);
}
