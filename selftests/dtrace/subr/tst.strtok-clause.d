/*
 * ASSERTION: strtok()'s state lasts one clause firing: a clause whose
 * firing never called strtok(s, ...) has no string for strtok(NULL, ...)
 * (0 in D) to go on with, even right after another clause of the same
 * probe tokenised one (the state used to be per CPU, shared by clauses
 * and consumers), and faults as a NULL string would: dtrace:::ERROR
 * fires with DTRACEFLT_BADADDR (1) at address 0, and the faulting
 * clause records nothing.
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
	trace(strtok(0, ","));
	printf("not reached\n");
}

ERROR
{
	printf("%s: fault %d at %d\n", first, arg4, arg5);
	exit(0);
}
