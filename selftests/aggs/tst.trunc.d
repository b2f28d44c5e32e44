/*
 * ASSERTION: trunc(@, 2) keeps the two largest, normalize(@, 2) halves the
 * printed values, clear(@) keeps the keys with values 0.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@t["a"] = sum(1); @t["b"] = sum(5); @t["c"] = sum(9);
	@n["a"] = sum(4);
	@c["a"] = sum(4);
}

END
{
	trunc(@t, 2);
	normalize(@n, 2);
	clear(@c);
	printa("%s %@d\n", @t);
	printa("%s %@d\n", @n);
	printa("%s %@d\n", @c);
}

BEGIN
{
	exit(0);
}
