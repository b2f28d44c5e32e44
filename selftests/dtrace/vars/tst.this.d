/*
 * ASSERTION: Clause-local variables start at 0 in each clause firing.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	this->x = 5;
	printf("%d\n", this->x);
}

BEGIN
{
	printf("%d\n", this->x);
	exit(0);
}
