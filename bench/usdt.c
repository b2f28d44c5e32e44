// SPDX-License-Identifier: GPL-2.0
/*
 * usdt: bench/ufunc's loop with a USDT probe in place of the call: N
 * iterations of BENCHUSDT_TICK(i), the probe of bench/usdt.d (built
 * with dtrace -h and -G by bench/run.sh); prints the wall time of the
 * loop in ns.  bench/pid.sh runs it untraced and with the probe
 * enabled.  With WAITFILE it waits for that file to exist before the
 * loop (so that dtrace -p can attach first).
 *
 * Usage: usdt N [WAITFILE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "usdt_probes.h"

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long long i, n, t0;
	long sum = 0;

	if (argc < 2 || argc > 3 || (n = atoll(argv[1])) <= 0) {
		fprintf(stderr, "usage: usdt N [WAITFILE]\n");
		return 2;
	}
	while (argc == 3 && access(argv[2], F_OK))
		usleep(10000);
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		BENCHUSDT_TICK(i);
		sum += i;
	}
	printf("%lld\n", now_ns() - t0);
	return sum == 0;
}
