/*
 * ASSERTION: copyout() needs -w.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	copyout(0, 0, 1);
}
