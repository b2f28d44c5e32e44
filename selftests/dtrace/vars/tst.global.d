/*
 * ASSERTION: A global scalar keeps its value across clauses and takes op= and ++.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	x = 40;
	x++;
}

BEGIN
{
	x += 1;
	printf("%d\n", x);
	exit(0);
}
