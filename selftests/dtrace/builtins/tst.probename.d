/*
 * ASSERTION: The built-in variable probename has a sane value in BEGIN (probename == "BEGIN").
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/probename == "BEGIN"/
{
	printf("probename ok\n");
}

BEGIN
{
	exit(0);
}
