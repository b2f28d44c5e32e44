/*
 * ASSERTION: String comparison is by content, not by address.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	s = strjoin("ab", "c");
	printf("%d %d %d\n", s == "abc", s < "abd", s > "abd");
	exit(0);
}
