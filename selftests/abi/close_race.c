// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: a consumer that closes /dev/dtrace, exits or is killed
 * while another of its threads is in the middle of DTRACEIOC_ENABLE (of
 * every syscall probe, hundreds of ECBs) or DTRACEIOC_GO leaves the core
 * idle: after each round no consumer is open, /proc/dtrace/memory shows
 * 0 bytes and 0 allocations, and no probe of any provider is enabled.
 * The moment of the close or kill is random; DT_RACE_ITERS rounds of
 * each kind (default 40), DT_RACE_SEED for repeatability.
 *
 * requires: dtrace_syscall
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/dtrace.h>
#include "tap.h"

static int dev = -1;

/* Enable syscall::: (no actions) a few times, then start tracing. */
static void *enabler(void *arg)
{
	struct dtrace_ioc_enable en = { .size = sizeof(en) };
	struct dtrace_ioc_go go = { .size = sizeof(go) };
	int i;

	(void)arg;
	strcpy(en.desc.provider, "syscall");
	for (i = 0; i < 4; i++)
		if (ioctl(dev, DTRACEIOC_ENABLE, &en))
			break;
	ioctl(dev, DTRACEIOC_GO, &go);
	for (;;)
		pause();
	return NULL;
}

/*
 * A child that opens the device, starts the enabler and, after @delay_us,
 * closes the device and exits (@kill: waits to be killed instead).
 */
static pid_t child(unsigned int delay_us, int kill_me)
{
	pthread_t t;
	pid_t pid = fork();

	if (pid)
		return pid;
	dev = open("/dev/dtrace", O_RDWR);
	if (dev < 0)
		_exit(2);
	if (pthread_create(&t, NULL, enabler, NULL))
		_exit(2);
	if (kill_me)
		for (;;)
			pause();
	usleep(delay_us);
	close(dev);
	usleep(delay_us);
	_exit(0);
}

/* The value of KEY in /proc/dtrace/memory, -1 if absent. */
static long memory_field(const char *key)
{
	FILE *f = fopen("/proc/dtrace/memory", "r");
	char name[32];
	long v, ret = -1;

	if (!f)
		return -1;
	while (fscanf(f, "%31s %ld", name, &v) == 2)
		if (!strcmp(name, key))
			ret = v;
	fclose(f);
	return ret;
}

/* Sum of the ENABLED column of /proc/dtrace/providers. */
static long enabled_probes(void)
{
	FILE *f = fopen("/proc/dtrace/providers", "r");
	char line[256], name[64];
	unsigned long probes, en;
	long sum = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %lu %lu", name, &probes, &en) == 3)
			sum += en;
	fclose(f);
	return sum;
}

static int idle(void)
{
	return memory_field("consumers") == 0 && memory_field("bytes") == 0 &&
	       memory_field("allocations") == 0 && enabled_probes() == 0;
}

/* Poll for idle for up to 30 s: release runs as the child exits. */
static int wait_idle(void)
{
	int i;

	for (i = 0; i < 300; i++) {
		if (idle())
			return 1;
		usleep(100000);
	}
	return 0;
}

static int rounds(int kill_it, unsigned int iters)
{
	unsigned int i;
	int status;

	for (i = 0; i < iters; i++) {
		unsigned int delay = rand() % 300000;
		pid_t pid = child(delay, kill_it);

		if (pid < 0)
			return 0;
		if (kill_it) {
			usleep(delay);
			kill(pid, SIGKILL);
		}
		waitpid(pid, &status, 0);
		if (WIFEXITED(status) && WEXITSTATUS(status) == 2) {
			tap_diag("round %u: the child could not open or start", i);
			return 0;
		}
		if (!wait_idle()) {
			tap_diag("round %u (delay %u us): consumers %ld bytes %ld allocations %ld enabled %ld",
				 i, delay, memory_field("consumers"),
				 memory_field("bytes"),
				 memory_field("allocations"), enabled_probes());
			return 0;
		}
	}
	return 1;
}

int main(void)
{
	const char *s = getenv("DT_RACE_ITERS");
	unsigned int iters = s ? strtoul(s, NULL, 0) : 40;
	int fd;

	s = getenv("DT_RACE_SEED");
	srand(s ? strtoul(s, NULL, 0) : 1);
	tap_plan(3);
	fd = open("/dev/dtrace", O_RDWR);
	if (fd < 0)
		tap_skip_all("cannot open /dev/dtrace: %s", strerror(errno));
	close(fd);
	tap_ok(wait_idle(), "idle before the races");
	tap_ok(rounds(0, iters), "%u closes mid-enable, idle after each", iters);
	tap_ok(rounds(1, iters), "%u SIGKILLs mid-enable, idle after each",
	       iters);
	return tap_finish();
}
