/*
 * ASSERTION: clear() applies to what was aggregated before it, not to
 * what later firings aggregated before the consumer read the clear()'s
 * record: with aggregations snapshot every millisecond and records read
 * once a second, @a = sum(7) after the clear() survives it.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option aggrate=1ms
#pragma D option switchrate=1s

BEGIN
{
	@a = sum(5);
}

tick-10ms
{
	n++;
}

tick-10ms
/n == 2/
{
	clear(@a);
}

tick-10ms
/n == 6/
{
	@a = sum(7);
}

tick-10ms
/n == 10/
{
	printa("%@d\n", @a);
	exit(0);
}
