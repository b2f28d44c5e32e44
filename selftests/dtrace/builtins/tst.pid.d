/*
 * ASSERTION: The built-in variable pid has a sane value in BEGIN (pid > 0).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/pid > 0/
{
	printf("pid ok\n");
}

BEGIN
{
	exit(0);
}
