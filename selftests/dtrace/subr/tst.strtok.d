/*
 * ASSERTION: strtok walks the tokens of a string, then returns NULL.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	x = strtok("a,b,,c", ","); y = strtok(0, ","); z = strtok(0, ","); printf("%s %s %s %d\n", x, y, z, strtok(0, ",") == 0);
	exit(0);
}
