/*
 * ASSERTION: An undefined function is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(nosuchfunc(1));
}
