/*
 * ASSERTION: A char array member (curthread->comm) compares with a string (execname) as a string.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/curthread->comm == execname/
{
	printf("same\n");
}

BEGIN
/curthread->comm != "no-such-command"/
{
	printf("different\n");
	exit(0);
}
