// SPDX-License-Identifier: GPL-2.0
/*
 * A consumer stuck inside an ioctl: for the test that one consumer
 * waiting on its own memory blocks no other user of dtrace.
 *
 *   ufenable
 *
 * Run as root (a kernel-mode fault on a userfaultfd page needs
 * CAP_SYS_PTRACE, or vm.unprivileged_userfaultfd), it opens /dev/dtrace,
 * registers an anonymous page with a userfaultfd that nobody serves,
 * prints "ready", and calls DTRACEIOC_ENABLE with a predicate whose
 * instructions are on that page.  The core copies them in with the
 * consumer's state->lock held, and waits there until the process is
 * killed.  Exit 2 on a setup error, 1 if the ioctl ever returns.
 */
#include <fcntl.h>
#include <linux/dtrace.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include "uffd_page.h"

int main(void)
{
	struct dtrace_ioc_enable en;
	char *page;
	int fd;

	fd = open("/dev/dtrace", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("/dev/dtrace");
		return 2;
	}
	page = uffd_page();

	/* dtrace:::BEGIN, a one-instruction predicate read from the page */
	memset(&en, 0, sizeof(en));
	en.size = sizeof(en);
	strcpy(en.desc.provider, "dtrace");
	strcpy(en.desc.name, "BEGIN");
	en.pred.insns = (uintptr_t)page;
	en.pred.ninsns = 1;
	en.pred.rtype = DTRACE_DIF_RTYPE_INT;
	en.pred.rsize = 8;
	printf("ready\n");
	fflush(stdout);
	ioctl(fd, DTRACEIOC_ENABLE, &en);
	perror("DTRACEIOC_ENABLE returned");
	return 1;
}
