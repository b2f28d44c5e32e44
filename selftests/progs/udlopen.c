// SPDX-License-Identifier: GPL-2.0
/*
 * A process that loads a library late, for the pid provider's retained
 * descriptions.
 *
 *   udlopen LIB FUNC LOADED GO N
 *
 * dlopen()s LIB once file LOADED exists, prints "loaded", then, once file GO exists, calls FUNC (a function
 * taking no argument) N times and prints "called N".  The test creates
 * the files, so it knows when the library is mapped and when the calls
 * begin.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void wait_for(const char *file)
{
	while (access(file, F_OK))
		usleep(10000);
}

int main(int argc, char **argv)
{
	void (*fn)(void);
	void *lib;
	int i, n;

	if (argc != 6) {
		fprintf(stderr, "usage: udlopen LIB FUNC LOADED GO N\n");
		return 2;
	}
	n = atoi(argv[5]);
	wait_for(argv[3]);
	lib = dlopen(argv[1], RTLD_NOW);
	if (!lib) {
		fprintf(stderr, "udlopen: %s\n", dlerror());
		return 1;
	}
	*(void **)&fn = dlsym(lib, argv[2]);
	if (!fn) {
		fprintf(stderr, "udlopen: %s\n", dlerror());
		return 1;
	}
	printf("loaded\n");
	fflush(stdout);
	wait_for(argv[4]);
	for (i = 0; i < n; i++)
		fn();
	printf("called %d\n", n);
	return 0;
}
