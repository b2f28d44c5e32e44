/*
 * ASSERTION: copyinstr of a NULL address is a run-time error of that clause; tracing goes on.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	trace(copyinstr(0));
}

BEGIN
{
	printf("after\n");
	exit(0);
}
