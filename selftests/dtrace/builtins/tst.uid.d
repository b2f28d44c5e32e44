/*
 * ASSERTION: The built-in variable uid has a sane value in BEGIN (uid == 0).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/uid == 0/
{
	printf("uid ok\n");
}

BEGIN
{
	exit(0);
}
