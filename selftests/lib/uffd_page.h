/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A page that makes whoever touches it wait: for the workload programs
 * (selftests/progs/) of the tests that dtrace never waits on a traced
 * process's or a consumer's memory under a lock others need.
 */
#ifndef _SELFTESTS_UFFD_PAGE_H
#define _SELFTESTS_UFFD_PAGE_H

#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * An anonymous page registered with a userfaultfd that nobody serves:
 * a fault on it, from user mode or (with CAP_SYS_PTRACE or
 * vm.unprivileged_userfaultfd at 1) kernel mode, waits until the
 * process is killed.  Exits 2 if it cannot be made.
 */
static char *uffd_page(void)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { 0 };
	long psize = sysconf(_SC_PAGESIZE);
	const char *what = "userfaultfd";
	char *page;
	int uffd;

	uffd = syscall(SYS_userfaultfd, O_CLOEXEC);
	if (uffd < 0)
		goto fail;
	what = "UFFDIO_API";
	if (ioctl(uffd, UFFDIO_API, &api))
		goto fail;
	what = "mmap";
	page = mmap(NULL, psize, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		goto fail;
	reg.range.start = (unsigned long)page;
	reg.range.len = psize;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	what = "UFFDIO_REGISTER";
	if (ioctl(uffd, UFFDIO_REGISTER, &reg))
		goto fail;
	return page;
fail:
	perror(what);
	exit(2);
}

#endif
