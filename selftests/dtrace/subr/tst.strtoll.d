/*
 * ASSERTION: strtoll parses a base, a 0x prefix and stops at the first non-digit.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", strtoll("123"), strtoll("  -7x"), strtoll("0x1f", 16), strtoll("017", 0));
	exit(0);
}
