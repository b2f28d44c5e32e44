// SPDX-License-Identifier: GPL-2.0
/*
 * runstat: run a command N times and print, one line per run, its wall
 * time in ns, its peak resident set in KiB (wait4's ru_maxrss) and its
 * CPU time (user and system) in ns, with its output sent to /dev/null.
 * The benchmarks use it in the guest so that no shell or time(1)
 * start-up is counted.
 *
 * Usage: runstat N CMD [ARG...]   Exit: 1 if any run fails.
 * RUNSTAT_TIMEOUT=SECS in the environment kills a run that takes longer
 * (and counts it as failed), without a timeout(1) process in the way.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long tv_ns(const struct timeval *tv)
{
	return tv->tv_sec * 1000000000LL + tv->tv_usec * 1000LL;
}

static pid_t child;

static void on_alarm(int sig)
{
	(void)sig;
	if (child > 0)
		kill(child, SIGKILL);
}

static int run_once(char **argv, unsigned int limit)
{
	struct rusage ru;
	long long t0, t1;
	int status, fd;
	pid_t pid;

	t0 = now_ns();
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		fd = open("/dev/null", O_WRONLY);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	child = pid;
	alarm(limit);
	if (wait4(pid, &status, 0, &ru) < 0)
		return -1;
	alarm(0);
	child = 0;
	t1 = now_ns();
	printf("%lld %ld %lld\n", t1 - t0, ru.ru_maxrss,
	       tv_ns(&ru.ru_utime) + tv_ns(&ru.ru_stime));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	const char *t = getenv("RUNSTAT_TIMEOUT");
	unsigned int limit = t ? (unsigned int)atoi(t) : 0;
	int i, n, bad = 0;

	if (argc < 3 || (n = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: runstat N CMD [ARG...]\n");
		return 2;
	}
	signal(SIGALRM, on_alarm);
	for (i = 0; i < n; i++)
		if (run_once(argv + 2, limit))
			bad = 1;
	return bad;
}
