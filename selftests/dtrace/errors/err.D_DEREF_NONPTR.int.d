/*
 * ASSERTION: Only pointers can be dereferenced.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(*pid);
}
