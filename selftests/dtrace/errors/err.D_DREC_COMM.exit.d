/*
 * ASSERTION: nothing that records data, exit() included, may follow
 * commit() in a clause.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	commit(1);
	exit(0);
}
