/*
 * ASSERTION: When several exit() records are seen, the first one gives the status.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	exit(5);
}

BEGIN
{
	exit(6);
}
