// SPDX-License-Identifier: GPL-2.0
/*
 * A 64-bit program making 32-bit system calls: "int $0x80" with the
 * ia32 number of getpid() (20), 5 times, then one 64-bit getpid().  On
 * x86-64, 20 is writev() in the 64-bit table: the syscall provider's
 * compat test checks that the ia32 calls fire neither writev nor getpid.
 * Exit 0 if every call returned the pid, 4 if the kernel runs no ia32
 * calls (built without IA32_EMULATION: ENOSYS; or booted with it off:
 * the int faults), 1 otherwise.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define IA32_GETPID	20

static long ia32_syscall0(long nr)
{
	long ret;

	asm volatile("int $0x80" : "=a"(ret) : "a"(nr)
		     : "memory", "r8", "r9", "r10", "r11");
	return ret;
}

static void no_ia32(int sig)
{
	(void)sig;
	_exit(4);
}

int main(void)
{
	long pid, got;
	int i;

	signal(SIGSEGV, no_ia32);
	pid = syscall(SYS_getpid);
	for (i = 0; i < 5; i++) {
		got = ia32_syscall0(IA32_GETPID);
		if (got == -38) {	/* -ENOSYS */
			fprintf(stderr, "no ia32 system calls\n");
			return 4;
		}
		if (got != pid) {
			fprintf(stderr, "ia32 getpid returned %ld, not %ld\n",
				got, pid);
			return 1;
		}
	}
	return 0;
}
