/*
 * ASSERTION: printf() applies C semantics to %d %i %u %x %X %o %c %s %% with
 * flags, widths and precisions.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("[%d] [%i] [%u] [%x] [%X] [%o]\n", -42, 7, 42, 255, 255, 8);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%.3d]\n", 42, 42, 42, 42, 42, 7);
	printf("[%#x] [%#o] [%c] [%3c] [%%]\n", 255, 8, 65, 66);
	printf("[%s] [%8s] [%-8s] [%.2s]\n", "abc", "abc", "abc", "abc");
	printf("[%u] [%x]\n", -1, -1);
	printf("[%d] [%x]\n", 0x123456789, -1L);
	exit(0);
}
