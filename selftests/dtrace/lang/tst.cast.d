/*
 * ASSERTION: Casts convert integers as C does and retype pointers.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d %d %d %d\n", (char)300, (unsigned char)-1, (short)0x12345,
	    ((struct task_struct *)(uintptr_t)curthread)->pid == tid);
	exit(0);
}
