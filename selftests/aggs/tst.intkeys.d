/*
 * ASSERTION: 64-bit integer keys print as trace() prints them.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@[(int64_t)7] = sum(20);
	@[(int64_t)-3] = sum(10);
	exit(0);
}
