/*
 * ASSERTION: The built-in variable arg0..arg9 has a sane value in BEGIN (arg0 + arg9 - arg9 - arg0 == 0 && arg1 - arg1 == 0).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/arg0 + arg9 - arg9 - arg0 == 0 && arg1 - arg1 == 0/
{
	printf("args ok\n");
}

BEGIN
{
	exit(0);
}
