/*
 * ASSERTION: The built-in variable cpu has a sane value in BEGIN (cpu >= 0 && cpu < 8192).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/cpu >= 0 && cpu < 8192/
{
	printf("cpu ok\n");
}

BEGIN
{
	exit(0);
}
