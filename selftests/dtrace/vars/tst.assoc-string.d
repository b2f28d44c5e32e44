/*
 * ASSERTION: An associative array of strings keyed by string, with keys made at run time.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	names[execname] = "me";
	names[strjoin("dt", "race")] = strjoin(names["dtrace"], "!");
	printf("%s\n", names["dtrace"]);
	exit(0);
}
