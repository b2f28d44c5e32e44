/*
 * ASSERTION: A division by the constant zero is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(1 / 0);
}
