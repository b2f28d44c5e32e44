/*
 * ASSERTION: A thread-local variable set in one clause is seen by a later clause firing on the same thread, and reads 0 before.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d\n", self->x);
	self->x = 7;
}

BEGIN
{
	self->x *= 6;
	printf("%d\n", self->x);
	exit(0);
}
