/*
 * ASSERTION: printf() formats built-in variables of string and integer type.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s:%s:%s:%s %s\n", probeprov, probemod, probefunc, probename,
	    execname);
	exit(0);
}
