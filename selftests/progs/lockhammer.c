// SPDX-License-Identifier: GPL-2.0
/*
 * lockhammer: make the kernel's locks contend, for the lockstat
 * provider's tests.  For SECONDS seconds, NTHREADS threads of each kind:
 *   pipe:  write and read one byte through one shared pipe (the pipe's
 *          struct mutex);
 *   sigmask: sigprocmask() (the process's sighand->siglock, a
 *          spinlock_t all its threads share);
 *   pgid:  setpgid(0, 0) (the tasklist_lock rwlock_t, write-locked);
 *   mmap:  map, touch and unmap a page (the process's mmap_lock, a
 *          struct rw_semaphore, write-locked).
 * Usage: lockhammer SECONDS [NTHREADS]; prints "done" and exits 0.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static int fds[2];
static volatile int stop;

static void *pipe_thread(void *arg)
{
	char c = 'x';

	(void)arg;
	while (!stop) {
		if (write(fds[1], &c, 1) != 1 || read(fds[0], &c, 1) != 1)
			break;
	}
	return NULL;
}

static void *sigmask_thread(void *arg)
{
	sigset_t set;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	while (!stop) {
		sigprocmask(SIG_BLOCK, &set, NULL);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
	}
	return NULL;
}

static void *pgid_thread(void *arg)
{
	(void)arg;
	while (!stop)
		setpgid(0, 0);
	return NULL;
}

static void *mmap_thread(void *arg)
{
	char *p;

	(void)arg;
	while (!stop) {
		p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			break;
		*p = 1;
		munmap(p, 4096);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	void *(*const kinds[])(void *) = { pipe_thread, sigmask_thread,
					   pgid_thread, mmap_thread };
	int secs = argc > 1 ? atoi(argv[1]) : 5;
	int n = argc > 2 ? atoi(argv[2]) : 4;
	pthread_t *t;
	int i, k = sizeof(kinds) / sizeof(kinds[0]);

	if (secs <= 0 || n <= 0 || pipe(fds)) {
		fprintf(stderr, "usage: lockhammer SECONDS [NTHREADS]\n");
		return 2;
	}
	t = calloc((size_t)(n * k), sizeof(*t));
	if (!t)
		return 2;
	for (i = 0; i < n * k; i++)
		if (pthread_create(&t[i], NULL, kinds[i % k], NULL))
			return 2;
	sleep((unsigned int)secs);
	stop = 1;
	for (i = 0; i < n * k; i++)
		pthread_join(t[i], NULL);
	printf("done\n");
	return 0;
}
