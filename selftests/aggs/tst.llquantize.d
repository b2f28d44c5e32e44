/*
 * ASSERTION: llquantize(): negative values in buckets that mirror the
 * positive ones, "<= -factor^(high+1)" and "abs() < factor^low" rows,
 * and fewer steps than the factor (a divisor of it).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@a = llquantize(-150, 10, 1, 2, 10);
	@a = llquantize(-12, 10, 1, 2, 10);
	@a = llquantize(3, 10, 1, 2, 10);
	@a = llquantize(-3, 10, 1, 2, 10);
	@a = llquantize(20, 10, 1, 2, 10);
	@a = llquantize(-5000, 10, 1, 2, 10);
	@b = llquantize(0, 10, 0, 2, 5);
	@b = llquantize(29, 10, 0, 2, 5);
	@b = llquantize(30, 10, 0, 2, 5);
	exit(0);
}
