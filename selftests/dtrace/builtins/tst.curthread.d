/*
 * ASSERTION: curthread is the current struct task_struct *, typed from the kernel's BTF: its pid, tgid, real_parent and comm agree with tid, pid, ppid and execname.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %s\n", curthread->pid == tid, curthread->tgid == pid,
	    curthread->real_parent->tgid == ppid, stringof(curthread->comm));
	exit(0);
}
