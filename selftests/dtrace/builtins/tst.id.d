/*
 * ASSERTION: The built-in variable id has a sane value in BEGIN (id == 1).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/id == 1/
{
	printf("id ok\n");
}

BEGIN
{
	exit(0);
}
