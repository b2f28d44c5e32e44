/*
 * ASSERTION: strlen takes a string.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(strlen(1));
}
