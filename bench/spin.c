// SPDX-License-Identifier: GPL-2.0
/*
 * spin: a CPU-bound loop of N getpid() system calls; prints the wall time
 * of the whole loop in ns.  The probe-effect benchmarks run it untraced
 * and while a tracer samples the CPU, and charge the difference to the
 * tracer's events.
 *
 * Usage: spin N
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
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
	long long i, n, t0;

	if (argc != 2 || (n = atoll(argv[1])) <= 0) {
		fprintf(stderr, "usage: spin N\n");
		return 2;
	}
	t0 = now_ns();
	for (i = 0; i < n; i++)
		syscall(SYS_getpid);
	printf("%lld\n", now_ns() - t0);
	return 0;
}
