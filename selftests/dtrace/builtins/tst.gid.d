/*
 * ASSERTION: The built-in variable gid has a sane value in BEGIN (gid == 0).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/gid == 0/
{
	printf("gid ok\n");
}

BEGIN
{
	exit(0);
}
