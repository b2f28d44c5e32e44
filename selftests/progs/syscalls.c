// SPDX-License-Identifier: GPL-2.0
/*
 * A known sequence of system calls for the syscall provider's tests,
 * made with syscall(2) so that libc cannot swap or add calls:
 *
 *	getppid()                      7 times
 *	openat(AT_FDCWD, "/dev/zero", O_RDONLY)          -> fd
 *	read(fd, buf, 1234)                              -> 1234
 *	close(fd)                                        -> 0
 *	openat(AT_FDCWD, "/nonexistent/dtrace-syscall", O_RDONLY)
 *	                                                 -> -1, ENOENT
 *	write(-1, buf, 5)                                -> -1, EBADF
 *	getpid()
 *
 * The paths are copied to the stack first, so that their pages are
 * present when a probe's copyinstr() reads them (a probe cannot fault
 * pages in).  selftests/providers/syscall/ check these numbers.  Exit 0 if every
 * call returned what it should, 1 otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	static char buf[4096];
	char zero[32], missing[32];
	long fd, r;
	int i;

	strcpy(zero, "/dev/zero");
	strcpy(missing, "/nonexistent/dtrace-syscall");

	for (i = 0; i < 7; i++)
		syscall(SYS_getppid);
	fd = syscall(SYS_openat, AT_FDCWD, zero, O_RDONLY);
	if (fd < 0) {
		perror("openat /dev/zero");
		return 1;
	}
	r = syscall(SYS_read, fd, buf, 1234);
	if (r != 1234) {
		fprintf(stderr, "read returned %ld\n", r);
		return 1;
	}
	if (syscall(SYS_close, fd)) {
		perror("close");
		return 1;
	}
	r = syscall(SYS_openat, AT_FDCWD, missing, O_RDONLY);
	if (r != -1 || errno != ENOENT) {
		fprintf(stderr, "openat of a missing file: %ld\n", r);
		return 1;
	}
	r = syscall(SYS_write, -1, buf, 5);
	if (r != -1 || errno != EBADF) {
		fprintf(stderr, "write to fd -1: %ld\n", r);
		return 1;
	}
	syscall(SYS_getpid);
	return 0;
}
