/*
 * ASSERTION: strtok()'s state lasts one clause firing: a clause whose
 * firing never called strtok(s, ...) gets NULL from strtok(NULL, ...) (0 in D),
 * even right after another clause of the same probe tokenised a string
 * (the state used to be per CPU, shared by clauses and consumers).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	first = strtok("a,b", ",");
}

BEGIN
{
	printf("%s %d\n", first, strtok(0, ",") == 0);
	exit(0);
}
