/*
 * ASSERTION: commit() and discard() of an ID above nspec are an illegal
 * operation: the clause faults (dtrace:::ERROR, arg4 DTRACEFLT_ILLOP,
 * arg5 the ID); of ID 0 they do nothing.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	discard(0);
}

BEGIN
{
	commit(0);
}

BEGIN
{
	printf("zero ignored\n");
}

BEGIN
{
	discard(3);
}

BEGIN
{
	commit(1000);
}

ERROR
{
	printf("fault %d value %d\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
