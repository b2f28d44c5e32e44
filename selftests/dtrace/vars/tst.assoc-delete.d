/*
 * ASSERTION: Storing 0 into an associative array element frees it; it reads 0 after.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	a["k"] = 5;
	a["k"] = 0;
	a["j"] = 7;
	printf("%d %d\n", a["k"], a["j"]);
	exit(0);
}
