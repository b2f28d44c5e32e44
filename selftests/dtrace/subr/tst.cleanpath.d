/*
 * ASSERTION: cleanpath removes //, . and .. components.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s %s %s\n", cleanpath("/a//b/./c/../d/"), cleanpath("/.."), cleanpath("a/../.."));
	exit(0);
}
