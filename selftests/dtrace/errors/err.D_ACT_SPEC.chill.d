/*
 * ASSERTION: a destructive action may not follow speculate(), whether
 * or not -w is given.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	speculate(1);
	chill(10);
}
