/*
 * ASSERTION: The address of a member is the struct address plus the member offset.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d\n", (uintptr_t)&curthread->pid > (uintptr_t)curthread);
	exit(0);
}
