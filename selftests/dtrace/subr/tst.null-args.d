/*
 * ASSERTION: subroutines whose prototype takes a char * accept NULL
 * (and the constant 0) as DTrace's do, and fault BADADDR when they run;
 * bcopy() takes a string as its source.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	this->p = (char *)alloca(4);
	bcopy("abc", this->p, 4);
	printf("%s\n", stringof(this->p));
}

BEGIN
{
	trace(strlen(NULL));
}

BEGIN
{
	trace(substr(0, 1));
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %s\n", arg4 == DTRACEFLT_BADADDR ? "BADADDR" : "other");
}
