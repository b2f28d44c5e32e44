/*
 * ASSERTION: quantize(): two blank lines, the header, rows from the bucket before
 * the first non-empty one to the one after the last, bars of 40
 * columns in proportion to the total, a blank line after.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@ = quantize(1);
	@ = quantize(4);
	@ = quantize(5);
	@ = quantize(7);
	exit(0);
}
