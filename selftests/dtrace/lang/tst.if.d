/*
 * ASSERTION: if and else choose which assignments run.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	if (pid > 0) {
		a = 1;
	} else {
		a = 2;
	}
	if (pid < 0)
		b = 1;
	else
		b = 2;
	printf("%d %d\n", a, b);
	exit(0);
}
