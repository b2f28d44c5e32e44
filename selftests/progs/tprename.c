// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the sdt provider's trace event tests
 * (selftests/providers/sdt/tp_*.sh): renames itself and forks, and says
 * what the events task:task_rename and sched:sched_process_fork should
 * report, on stdout:
 *
 *	tprename NAME  rename P OLD NAME   this process P, named OLD, sets
 *	                                   its name to NAME (prctl
 *	                                   PR_SET_NAME)
 *	               fork P NAME C       then forks child C, which
 *	                                   exits at once; reaped
 *
 * Exit status: 0, or 1 if something did not go as planned.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char old[17] = "", now[17] = "";
	int status;
	pid_t child;

	if (argc != 2 || prctl(PR_GET_NAME, old) ||
	    prctl(PR_SET_NAME, argv[1]) || prctl(PR_GET_NAME, now))
		return 1;
	printf("rename %d %s %s\n", (int)getpid(), old, now);
	fflush(stdout);
	child = fork();
	if (child < 0)
		return 1;
	if (!child)
		_exit(0);
	printf("fork %d %s %d\n", (int)getpid(), now, (int)child);
	if (waitpid(child, &status, 0) != child || status)
		return 1;
	return 0;
}
