/*
 * ASSERTION: Integer arithmetic follows C: precedence, signed and unsigned division,
 * shifts, bitwise and logical operators, the conditional operator.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", 1 + 2 * 3, (1 + 2) * 3, 7 / 2, -7 / 2, -7 % 2);
	printf("%d %d %d\n", 1L << 63 >> 63, 1UL << 63 >> 63, -16 >> 2);
	printf("%d %d %d %d\n", 0xf0 & 0x3c, 0xf0 | 0x0f, 0xff ^ 0x0f, ~0);
	printf("%d %d %d %d\n", !0, !5, 3 > 2 == 1, 0 || 5);
	printf("%d %d %d\n", 0u - 1 > 0, -1 < 0u, -1L < 0u);
	printf("%d %d\n", 0 ? 1 : 0 ? 2 : 3, 2147483647 + 1);
	exit(0);
}
