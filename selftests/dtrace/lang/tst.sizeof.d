/*
 * ASSERTION: sizeof gives the size of types and of expressions, char arrays included.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d %d %d\n", sizeof(int), sizeof(curthread->comm),
	    sizeof(struct task_struct) > 1000);
	exit(0);
}
