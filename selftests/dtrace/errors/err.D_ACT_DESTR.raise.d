/*
 * ASSERTION: raise() needs -w.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	raise(9);
}
