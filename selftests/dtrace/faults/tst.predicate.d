/*
 * ASSERTION: A fault in a predicate reports an error and the clause does not run;
 * later clauses do.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/(pid % (pid - pid)) == 0/
{
	printf("ran\n");
}

BEGIN
{
	printf("after\n");
	exit(0);
}
