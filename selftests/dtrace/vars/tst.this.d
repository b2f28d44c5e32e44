/*
 * ASSERTION: Clause-local variables keep their values across the clauses
 * of one probe firing.
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
