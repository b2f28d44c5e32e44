// SPDX-License-Identifier: GPL-2.0
/*
 * spin: a CPU-bound loop of N getpid() system calls, or with "read" of N
 * one-byte reads of /dev/zero, or with "umask" of N umask(i) calls, i
 * the loop counter (a system call argument that differs on every call:
 * bench/scaling.sh keys an aggregation on it); prints the wall time of
 * the whole loop in ns.  The probe-effect benchmarks run it untraced and
 * while a tracer samples the CPU, and charge the difference to the
 * tracer's events.
 *
 * Usage: spin N [read|umask]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *mode = argc == 3 ? argv[2] : "getpid";
	long long i, n, t0;
	int fd = -1;
	char c;

	if (argc < 2 || argc > 3 || (n = atoll(argv[1])) <= 0 ||
	    (strcmp(mode, "getpid") && strcmp(mode, "read") &&
	     strcmp(mode, "umask"))) {
		fprintf(stderr, "usage: spin N [read|umask]\n");
		return 2;
	}
	if (!strcmp(mode, "read") && (fd = open("/dev/zero", O_RDONLY)) < 0) {
		perror("spin: /dev/zero");
		return 1;
	}
	t0 = now_ns();
	if (fd >= 0)
		for (i = 0; i < n; i++)
			(void)!read(fd, &c, 1);
	else if (!strcmp(mode, "umask"))
		for (i = 0; i < n; i++)
			syscall(SYS_umask, i);
	else
		for (i = 0; i < n; i++)
			syscall(SYS_getpid);
	printf("%lld\n", now_ns() - t0);
	return 0;
}
