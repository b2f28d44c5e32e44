/*
 * ASSERTION: END fires after exit(), and its records are printed.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("begin\n");
	exit(3);
}

END
{
	printf("end\n");
}
