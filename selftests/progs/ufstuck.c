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
#include <fcntl.h>
#include <grp.h>
#include <linux/userfaultfd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
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
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { 0 };
	const char *waitfile = NULL;
	long psize = sysconf(_SC_PAGESIZE);
	char *page;
	int uffd;

	if (argc == 3 && !strcmp(argv[1], "-w"))
		waitfile = argv[2];
	else if (argc != 1)
		return fprintf(stderr, "usage: ufstuck [-w FILE]\n"), 2;
	if (getuid() == 0 &&
	    (setgroups(0, NULL) || setgid(65534) || setuid(65534)))
		die("dropping to nobody");

	uffd = syscall(SYS_userfaultfd, O_CLOEXEC);
	if (uffd < 0)
		die("userfaultfd");
	if (ioctl(uffd, UFFDIO_API, &api))
		die("UFFDIO_API");
	page = mmap(NULL, psize, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		die("mmap");
	reg.range.start = (unsigned long)page;
	reg.range.len = psize;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	if (ioctl(uffd, UFFDIO_REGISTER, &reg))
		die("UFFDIO_REGISTER");
	printf("ready\n");
	fflush(stdout);

	while (waitfile && access(waitfile, F_OK))
		usleep(10000);
	fire(page);
	printf("fired\n");
	fflush(stdout);
	return uf_stuck(page);
}
