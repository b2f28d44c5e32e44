// SPDX-License-Identifier: GPL-2.0
/*
 * ufunc: a CPU-bound loop of N calls of a user function, bench_ufunc();
 * prints the wall time of the whole loop in ns.  bench/pid.sh runs it
 * untraced and with the function probed, and charges the difference to
 * the tracer's events.  With WAITFILE it waits for that file to exist
 * before the loop (so that dtrace -p can attach first).
 *
 * Usage: ufunc N [WAITFILE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((noinline)) long bench_ufunc(long i)
{
	__asm__ __volatile__("");
	return i + 1;
}

int main(int argc, char **argv)
{
	long long i, n, t0;
	long sum = 0;

	if (argc < 2 || argc > 3 || (n = atoll(argv[1])) <= 0) {
		fprintf(stderr, "usage: ufunc N [WAITFILE]\n");
		return 2;
	}
	while (argc == 3 && access(argv[2], F_OK))
		usleep(10000);
	t0 = now_ns();
	for (i = 0; i < n; i++)
		sum += bench_ufunc(i);
	printf("%lld\n", now_ns() - t0);
	return sum == 0;
}
