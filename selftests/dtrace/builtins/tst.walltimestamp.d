/*
 * ASSERTION: The built-in variable walltimestamp has a sane value in BEGIN (walltimestamp > 1577836800000000000).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/walltimestamp > 1577836800000000000/
{
	printf("walltimestamp ok\n");
}

BEGIN
{
	exit(0);
}
