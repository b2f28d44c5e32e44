/*
 * ASSERTION: The built-in variable ppid has a sane value in BEGIN (ppid > 0 && ppid != pid).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/ppid > 0 && ppid != pid/
{
	printf("ppid ok\n");
}

BEGIN
{
	exit(0);
}
