/*
 * ASSERTION: One clause may name several probes; each firing runs it.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

dtrace:::BEGIN, dtrace:::END
{
	printf("%s\n", probename);
}

BEGIN
{
	exit(0);
}
