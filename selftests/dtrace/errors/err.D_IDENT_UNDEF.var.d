/*
 * ASSERTION: An undefined identifier is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(nosuchvar);
}
