/*
 * ASSERTION: substr takes two or three arguments.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(substr("a"));
}
