/*
 * ASSERTION: Kernel members keep their C types: comparisons of an unsigned member, a pointer compared with 0, and a member of a struct member.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", curthread->flags >= 0, curthread->mm != 0,
	    curthread->real_cred->uid.val == uid);
	exit(0);
}
