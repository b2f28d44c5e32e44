/*
 * ASSERTION: Scalar functions: sum, min, max, avg (truncated), stddev (population),
 * printed in id order, each after a blank line.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@s = sum(-10); @s = sum(3);
	@mn = min(-5); @mn = min(3);
	@mx = max(-5); @mx = max(3);
	@a = avg(1); @a = avg(2); @a = avg(2); @a = avg(5);
	@d = stddev(2); @d = stddev(4); @d = stddev(4); @d = stddev(4);
	@d = stddev(5); @d = stddev(5); @d = stddev(7); @d = stddev(9);
	exit(0);
}
