/*
 * ASSERTION: trace() takes exactly one argument.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(1, 2);
}
