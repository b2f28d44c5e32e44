/*
 * ASSERTION: Declared variables have their declared types from the start, before any assignment.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


int n;
string s;
self long t;
int a[string, int];

BEGIN
{
	printf("%d [%s] %d %d\n", n, s, self->t, a["x", 1]);
	a["x", 1] = 5;
	printf("%d\n", a["x", 1]);
	exit(0);
}
