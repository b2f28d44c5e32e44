/*
 * ASSERTION: The built-in variable probeprov has a sane value in BEGIN (probeprov == "dtrace").
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/probeprov == "dtrace"/
{
	printf("probeprov ok\n");
}

BEGIN
{
	exit(0);
}
