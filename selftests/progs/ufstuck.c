// SPDX-License-Identifier: GPL-2.0
/*
 * A traced process that makes the kernel wait on it: for the fasttrap
 * test that a probe handler never sleeps on user memory.
 *
 *   ufstuck [-w FILE]
 *
 * Run as root, it first drops to uid and gid 65534 (nobody).  It then
 * registers an anonymous page with a userfaultfd that nobody serves, so
 * any fault on the page, from user or (with vm.unprivileged_userfaultfd
 * set to 1) kernel mode, waits until the process is killed.  With -w it
 * waits until FILE exists (for dtrace -p).  Then it fires the USDT probe
 * ufstuck:::stuck(page, 7), calls uf_stuck(page) (a pid probe target)
 * and reads the page itself: there it stays.  It prints "ready" once the
 * page is registered and "fired" after the probe.
 */
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "uffd_page.h"
#include "usdt_note.h"


__attribute__((noinline)) int uf_stuck(const char *p)
{
	return *(const volatile char *)p;
}

static void fire(const char *p)
{
	__asm__ __volatile__(USDT_NOTE("ufstuck", "stuck", "0", "8@%0 -4@%1")
			     :: "r"(p), "r"(7));
}

static void die(const char *what)
{
	perror(what);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *waitfile = NULL;
	char *page;

	if (argc == 3 && !strcmp(argv[1], "-w"))
		waitfile = argv[2];
	else if (argc != 1)
		return fprintf(stderr, "usage: ufstuck [-w FILE]\n"), 2;
	if (getuid() == 0 &&
	    (setgroups(0, NULL) || setgid(65534) || setuid(65534)))
		die("dropping to nobody");

	page = uffd_page();
	printf("ready\n");
	fflush(stdout);

	while (waitfile && access(waitfile, F_OK))
		usleep(10000);
	fire(page);
	printf("fired\n");
	fflush(stdout);
	return uf_stuck(page);
}
