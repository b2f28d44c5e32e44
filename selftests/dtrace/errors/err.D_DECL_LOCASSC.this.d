/*
 * ASSERTION: Clause-local associative arrays do not exist.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	this->a[1] = 1;
}
