/*
 * ASSERTION: dtrace:::ERROR's arg1 is the ID of the probe whose clause
 * faulted (as DTrace passes it), arg4 the fault and arg5 its value;
 * bcopy() of more bytes than the whole scratch space is
 * DTRACEFLT_BADSIZE with the size, of fewer into scratch not allocated
 * DTRACEFLT_BADADDR, and so is one to an alloca variable holding NULL
 * (a destination of another kind does not compile).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option scratchsize=64

BEGIN
{
	begin = id;
	bcopy("abc", alloca(1), 65);
}

BEGIN
{
	bcopy("abc", alloca(1), -1);
}

BEGIN
{
	this->p = alloca(1);
	this->p = NULL;
	bcopy("abc", this->p, 2);
}

ERROR
{
	printf("%s %d %d\n", arg1 == begin ? "BEGIN" : "?", arg4,
	       arg4 == DTRACEFLT_BADSIZE ? arg5 : 0);
}

BEGIN
{
	exit(0);
}
