/*
 * ASSERTION: stack() takes a positive constant frame count.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	stack(0);
}
