// SPDX-License-Identifier: GPL-2.0
/*
 * A 32-bit (i386) program that does nothing but exit with status 7,
 * for the proc provider's pr_dmodel test.  Built with -m32 -nostdlib
 * -static (selftests/Makefile), so it needs no 32-bit C library: it
 * makes the exit system call itself through int $0x80.
 */
void _start(void);

void _start(void)
{
	__asm__ volatile("int $0x80" : : "a"(1), "b"(7));
	for (;;)
		;
}
