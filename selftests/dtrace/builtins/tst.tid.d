/*
 * ASSERTION: The built-in variable tid has a sane value in BEGIN (tid > 0 && tid == pid).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/tid > 0 && tid == pid/
{
	printf("tid ok\n");
}

BEGIN
{
	exit(0);
}
