/*
 * ASSERTION: tracemem(addr, size, length) records size bytes and prints
 * the first length of them: all of them when length is negative or
 * above size, nothing at all (not even the header) when it is 0.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	n = 3;
	tracemem(probename, 5, n);
	tracemem(probename, 5, 0);
	tracemem(probename, 5, -1);
	tracemem(probename, 5, n + 10);
	printf("end\n");
	exit(0);
}
