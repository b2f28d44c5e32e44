/*
 * ASSERTION: The built-in variable execname has a sane value in BEGIN (execname == "dtrace").
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/execname == "dtrace"/
{
	printf("execname ok\n");
}

BEGIN
{
	exit(0);
}
