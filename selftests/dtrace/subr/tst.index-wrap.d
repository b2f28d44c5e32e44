/*
 * ASSERTION: index() with a start position so large that adding the
 * substring's length wraps finds nothing (-1) and reads nothing out of
 * bounds: the kernel stays up and the kernel log clean (issue 18,
 * defect 1: this oopsed in dtrace_dif_subr with interrupts off).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	trace(index("abc", "b", 0x7fffffffffffffff));
	printf("\n");
	exit(0);
}
