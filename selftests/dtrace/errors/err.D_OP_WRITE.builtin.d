/*
 * ASSERTION: A built-in variable cannot be assigned.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	pid = 1;
}
