/*
 * ASSERTION: The built-in variable epid has a sane value in BEGIN (epid > 0).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/epid > 0/
{
	printf("epid ok\n");
}

BEGIN
{
	exit(0);
}
