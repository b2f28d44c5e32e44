/*
 * ASSERTION: A member a struct does not have is an error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(curthread->no_such_member);
}
