/*
 * ASSERTION: The built-in variable probefunc has a sane value in BEGIN (probefunc == "").
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/probefunc == ""/
{
	printf("probefunc ok\n");
}

BEGIN
{
	exit(0);
}
