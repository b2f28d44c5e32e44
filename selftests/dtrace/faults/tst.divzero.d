/*
 * ASSERTION: A division by zero at run time reports an error on stderr, drops that
 * record and tracing goes on.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	trace(1 / (pid - pid));
}

BEGIN
{
	printf("after\n");
	exit(0);
}
