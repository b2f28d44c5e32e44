/*
 * ASSERTION: && and || do not evaluate their right operand when the left decides,
 * so no division by zero fault happens.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/0 && 1 / (pid - pid)/
{
	printf("and ran\n");
}

BEGIN
/1 || 1 / (pid - pid)/
{
	printf("or ran\n");
	exit(0);
}
