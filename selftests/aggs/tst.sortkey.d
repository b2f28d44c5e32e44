/*
 * ASSERTION: aggsortkey sorts by key first; aggsortrev reverses.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

#pragma D option aggsortkey
#pragma D option aggsortrev

BEGIN
{
	@["a"] = sum(9); @["b"] = sum(1); @["c"] = sum(5);
	exit(0);
}

END
{
	printa("%s %@d\n", @);
}
