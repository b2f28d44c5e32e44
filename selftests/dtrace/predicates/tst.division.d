/*
 * ASSERTION: A division in a predicate is not taken for its end.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/pid / pid == 1/
{
	printf("divided\n");
}

BEGIN
/(10 / 3) == 3/
{
	printf("parenthesized\n");
	exit(0);
}
