/*
 * ASSERTION: Inlines are expanded where they are used, from other inlines too.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


inline int THREE = 3;
inline int NINE = THREE * THREE;
inline string ME = execname;

BEGIN
{
	printf("%d %s\n", NINE + 1, ME);
	exit(0);
}
