/*
 * ASSERTION: A global string variable holds a copy of the string assigned.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	s = strjoin("ab", "cd");
	t = s;
	s = "x";
	printf("%s %s\n", s, t);
	exit(0);
}
