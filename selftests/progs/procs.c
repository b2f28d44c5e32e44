// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the proc provider's selftests (selftests/providers/proc/):
 * one run of every event the provider reports, in a fixed order, each
 * with known values, printed on stdout so the tests can compare:
 *
 *	procs all      pid P                  this process
 *	               pgid-sid G S           its process group and session
 *	               exec-child A           forks A, which execs
 *	                                      /proc/self/exe "procs" "exit" "7"
 *	               fail-child B           forks B, whose exec of
 *	                                      /nonexistent/procs-missing fails
 *	                                      (ENOENT); B then _exit(3)s
 *	               kill-child C           forks C, which waits to be
 *	                                      killed with SIGKILL
 *	               thread T               a pthread, thread id T, that
 *	                                      returns at once; joined
 *	               handler H              SIGUSR1 raised and handled by
 *	                                      the function at H (hex)
 *	               sigwait 12             SIGUSR2 blocked, sent to self,
 *	                                      taken by sigtimedwait()
 *	               done                   then exit(0)
 *	procs exit N   exit(N) at once
 *
 * Exit status: 0, or 1 if something did not go as planned.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t handled;
static pid_t thread_tid;

static void on_usr1(int sig)
{
	handled = sig;
}

static void *thread_main(void *arg)
{
	thread_tid = syscall(SYS_gettid);
	return arg;
}

static int fail(const char *what)
{
	fprintf(stderr, "procs: %s: %s\n", what, strerror(errno));
	return 1;
}

/* Wait for @pid; return its wait status, or -1. */
static int reap(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

static int run_children(void)
{
	char *const exec_argv[] = { "procs", "exit", "7", NULL };
	pid_t pid;
	int st;

	pid = fork();
	if (pid < 0)
		return fail("fork");
	if (pid == 0) {
		execv("/proc/self/exe", exec_argv);
		_exit(99);
	}
	printf("exec-child %d\n", pid);
	st = reap(pid);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 7)
		return fail("exec child status");

	pid = fork();
	if (pid < 0)
		return fail("fork");
	if (pid == 0) {
		execv("/nonexistent/procs-missing", exec_argv);
		_exit(errno == ENOENT ? 3 : 98);
	}
	printf("fail-child %d\n", pid);
	st = reap(pid);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 3)
		return fail("fail child status");

	pid = fork();
	if (pid < 0)
		return fail("fork");
	if (pid == 0) {
		for (;;)
			pause();
	}
	printf("kill-child %d\n", pid);
	if (kill(pid, SIGKILL))
		return fail("kill");
	st = reap(pid);
	if (!WIFSIGNALED(st) || WTERMSIG(st) != SIGKILL)
		return fail("kill child status");
	return 0;
}

static int run_thread(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread_main, NULL))
		return fail("pthread_create");
	if (pthread_join(t, NULL))
		return fail("pthread_join");
	printf("thread %d\n", (int)thread_tid);
	return 0;
}

static int run_signals(void)
{
	struct timespec ts = { 60, 0 };
	struct sigaction sa;
	sigset_t set;
	int sig;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	if (sigaction(SIGUSR1, &sa, NULL))
		return fail("sigaction");
	printf("handler %lx\n", (unsigned long)(uintptr_t)on_usr1);
	if (raise(SIGUSR1) || handled != SIGUSR1)
		return fail("raise");

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		return fail("sigprocmask");
	if (kill(getpid(), SIGUSR2))
		return fail("kill self");
	sig = sigtimedwait(&set, NULL, &ts);
	if (sig != SIGUSR2)
		return fail("sigtimedwait");
	printf("sigwait %d\n", sig);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "exit"))
		exit(atoi(argv[2]));
	if (argc != 2 || strcmp(argv[1], "all")) {
		fprintf(stderr, "usage: procs all | procs exit N\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("pid %d\n", (int)getpid());
	printf("pgid-sid %d %d\n", (int)getpgrp(), (int)getsid(0));
	if (run_children() || run_thread() || run_signals())
		return 1;
	printf("done\n");
	return 0;
}
