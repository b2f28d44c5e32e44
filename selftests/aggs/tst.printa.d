/*
 * ASSERTION: printa() with a format joins aggregations on their keys: %@ takes
 * the next aggregation's value (0 where it has none); both are printed
 * and so not printed again at the end.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@a["x"] = count(); @a["x"] = count(); @a["y"] = count();
	@b["x"] = sum(300);
}

END
{
	printa("%s %@d %@d\n", @a, @b);
}

BEGIN
{
	exit(0);
}
