/*
 * ASSERTION: Associative arrays take tuples of mixed types as keys; a missing element reads 0.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	a[1, "one"] = 10;
	a[2, "two"] = 20;
	a[1, "two"] = 30;
	printf("%d %d %d %d\n", a[1, "one"], a[2, "two"], a[1, "two"],
	    a[2, "one"]);
	exit(0);
}
