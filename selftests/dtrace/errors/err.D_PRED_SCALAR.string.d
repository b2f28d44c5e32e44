/*
 * ASSERTION: A predicate must be of scalar type.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
/execname/
{
	exit(0);
}
