/*
 * ASSERTION: A committed speculation's records reach the output.
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
	commit(self->s);
}

/* data may not follow commit() in its clause (D_DREC_COMM, as DTrace) */
BEGIN
{
	printf("done\n");
	exit(0);
}
