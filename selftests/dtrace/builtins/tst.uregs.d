/*
 * ASSERTION: uregs[R_PC] and uregs[R_SP] of a thread in a system call are user addresses, not 0.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%d %d\n", uregs[R_PC] != 0, uregs[R_SP] != 0);
	exit(0);
}
