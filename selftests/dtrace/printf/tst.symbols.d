/*
 * ASSERTION: %a prints a kernel address as module`symbol+0xoffset
 * (without +0x0 at the symbol's start), %A a user address with no
 * target process in hex.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%a\n", (uint64_t)&`vfs_read + 1);
	printf("%a\n", (uint64_t)&`vfs_read);
	printf("%A\n", 0x1000);
	exit(0);
}
