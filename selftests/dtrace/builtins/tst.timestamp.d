/*
 * ASSERTION: The built-in variable timestamp has a sane value in BEGIN (timestamp > 0).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/timestamp > 0/
{
	printf("timestamp ok\n");
}

BEGIN
{
	exit(0);
}
