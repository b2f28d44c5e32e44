/*
 * ASSERTION: Members of curthread are read with their kernel types: an int, a pointer chain and a char array as a string.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d %d %s\n", curthread->pid == tid,
	    curthread->real_parent->tgid == ppid, curthread->comm);
	exit(0);
}
