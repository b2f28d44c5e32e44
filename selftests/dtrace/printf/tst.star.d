/*
 * ASSERTION: printf() takes widths and precisions from * arguments.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("[%*d] [%-*d] [%.*s] [%*.*d]\n", 6, 1, 4, 2, 3, "abcdef", 5, 3, 9);
	exit(0);
}
