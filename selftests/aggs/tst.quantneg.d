/*
 * ASSERTION: quantize() of negative values and zero.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@ = quantize(-3);
	@ = quantize(0);
	@ = quantize(0);
	exit(0);
}
