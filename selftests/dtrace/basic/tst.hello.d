/*
 * ASSERTION: trace() of a string in quiet mode prints exactly the string.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	trace("hello");
	printf("\n");
	exit(0);
}
