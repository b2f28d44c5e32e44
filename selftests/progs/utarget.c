// SPDX-License-Identifier: GPL-2.0
/*
 * A user program for the pid provider and USDT tests.
 *
 *   utarget [-n N] [-t THREADS] [-w FILE] [-x PROG]
 *
 * Each of THREADS threads (default 1) runs N (default 10) rounds of:
 * ut_add(i, 2 * i), which returns 3 * i; ut_mid(i) -> ut_leaf(i); the
 * USDT probe utest:::tick(i, "tick") and, when its semaphore says it is
 * enabled, utest:::tick-enabled(i); getppid(); a setjmp/longjmp pair.
 * With -w it first waits until FILE exists (for dtrace -p); with -x it
 * then execs PROG.  It prints "sum S enabled E" at the end: S the sum
 * of ut_add's results, E how many times tick-enabled was found enabled.
 *
 * The USDT sites are written out in the .note.stapsdt format by hand
 * (selftests/lib/usdt_note.h), not with dtrace -h.  Built with frame
 * pointers for ustack().
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "usdt_note.h"

unsigned short utest_tick_enabled_semaphore
	__attribute__((section(".probes"), used));

static volatile unsigned long long enabled_count;
static unsigned long long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static int rounds = 10;

__attribute__((noinline)) int ut_add(int a, int b)
{
	__asm__ __volatile__("");
	return a + b;
}

__attribute__((noinline)) int ut_leaf(int i)
{
	__asm__ __volatile__("");
	return i + 1;
}

__attribute__((noinline)) int ut_mid(int i)
{
	return ut_leaf(i) + 1;
}

static void tick(int i)
{
	const char *s = "tick";

	__asm__ __volatile__(USDT_NOTE("utest", "tick", "0", "-4@%0 8@%1")
			     :: "nor"(i), "nor"(s));
	if (*(volatile unsigned short *)&utest_tick_enabled_semaphore) {
		enabled_count++;
		__asm__ __volatile__(USDT_NOTE("utest", "tick__enabled",
					     "utest_tick_enabled_semaphore",
					     "-4@%0")
				     :: "nor"(i));
	}
}

__attribute__((noinline)) static void ut_jump(void)
{
	jmp_buf env;

	if (!setjmp(env))
		longjmp(env, 1);
}

static void *work(void *arg)
{
	unsigned long long sum = 0;
	int i;

	(void)arg;
	for (i = 0; i < rounds; i++) {
		sum += ut_add(i, 2 * i);
		ut_mid(i);
		tick(i);
		getppid();
		ut_jump();
	}
	pthread_mutex_lock(&total_lock);
	total += sum;
	pthread_mutex_unlock(&total_lock);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *waitfile = NULL, *execprog = NULL;
	pthread_t tids[16];
	int nthreads = 1, c, i;

	while ((c = getopt(argc, argv, "n:t:w:x:")) != -1) {
		switch (c) {
		case 'n':
			rounds = atoi(optarg);
			break;
		case 't':
			nthreads = atoi(optarg);
			break;
		case 'w':
			waitfile = optarg;
			break;
		case 'x':
			execprog = optarg;
			break;
		default:
			return 2;
		}
	}
	if (nthreads < 1 || nthreads > 16)
		return 2;
	while (waitfile && access(waitfile, F_OK))
		usleep(10000);
	for (i = 0; i < nthreads; i++)
		if (pthread_create(&tids[i], NULL, work, NULL))
			return 1;
	for (i = 0; i < nthreads; i++)
		pthread_join(tids[i], NULL);
	printf("sum %llu enabled %llu\n", total, enabled_count);
	fflush(stdout);
	if (execprog) {
		execl(execprog, execprog, (char *)NULL);
		return 1;
	}
	return 0;
}
