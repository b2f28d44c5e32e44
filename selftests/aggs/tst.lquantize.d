/*
 * ASSERTION: lquantize(): "< low" and ">= high" rows.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@ = lquantize(-1, 0, 10, 5);
	@ = lquantize(10, 0, 10, 5);
	@ = lquantize(12, 0, 10, 5);
	@ = lquantize(100, 0, 10, 5);
	exit(0);
}
