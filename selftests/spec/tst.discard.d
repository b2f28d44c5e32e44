/*
 * ASSERTION: A discarded speculation's records never print.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	self->s = speculation();
}

BEGIN
{
	speculate(self->s);
	printf("speculated %d\n", 1);
}

BEGIN
{
	discard(self->s);
	printf("done\n");
	exit(0);
}
