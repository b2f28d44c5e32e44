/*
 * ASSERTION: In quiet mode trace() prints a string as it is and an
 * integer in decimal, with nothing between them.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	trace("a");
	trace(-1);
	trace(2L);
	trace("b\n");
	exit(0);
}
