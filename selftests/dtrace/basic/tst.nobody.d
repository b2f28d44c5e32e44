/*
 * ASSERTION: A clause without a body records the default line and the program
 * still runs to exit().
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN

BEGIN
{
	exit(0);
}
