// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: /dev/dtrace_fasttrap refuses every malformed
 * DTRACEIOC_FTP_CREATE with the errno include/uapi/linux/dtrace_fasttrap.h
 * documents (wrong size, kind, names, argument specs and types, a file
 * that is not regular or an offset past its end, a process that does not
 * exist) and makes nothing then; a good request makes a probe that
 * DTRACEIOC_PROBEMATCH finds, the same request again gives the same id,
 * and closing the device takes the probe away.  Then a thousand random
 * mutations of a good request: each refused or made, never an oops.
 *
 * Needs root and dtrace_fasttrap loaded (the runner loads every module);
 * skips otherwise.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/dtrace.h>
#include <linux/dtrace_fasttrap.h>
#include "tap.h"

static int self_fd = -1;	/* this program's own executable */

static int ftp_open(void)
{
	int fd = open(DTRACE_FASTTRAP_DEVICE, O_RDWR);

	if (fd < 0)
		tap_skip_all("cannot open %s: %s", DTRACE_FASTTRAP_DEVICE,
			     strerror(errno));
	return fd;
}

static int ftp_create(int fd, struct dtrace_ioc_ftp_create *c)
{
	return ioctl(fd, DTRACEIOC_FTP_CREATE, c) ? errno : 0;
}

/* A good request: an entry probe at offset 0 of our own file. */
static void good(struct dtrace_ioc_ftp_create *c, const char *func)
{
	memset(c, 0, sizeof(*c));
	c->size = sizeof(*c);
	c->fd = self_fd;
	c->pid = getpid();
	c->kind = DTRACE_FTP_ENTRY;
	snprintf(c->desc.provider, sizeof(c->desc.provider), "pid%d",
		 getpid());
	strcpy(c->desc.mod, "fasttrap");
	snprintf(c->desc.func, sizeof(c->desc.func), "%s", func);
	strcpy(c->desc.name, "entry");
}

/* A good request made a USDT probe with one argument of @kind, @size. */
static void usdt1(struct dtrace_ioc_ftp_create *c, __u8 kind, __s8 size)
{
	good(c, "refused");
	c->kind = DTRACE_FTP_USDT;
	c->nargs = 1;
	c->args[0].kind = kind;
	c->args[0].size = size;
}

/* Is there a probe named @c->desc?  Through /dev/dtrace. */
static bool probe_exists(const struct dtrace_ioc_ftp_create *c)
{
	struct dtrace_ioc_probe p = { .size = sizeof(p) };
	int fd = open("/dev/dtrace", O_RDWR);
	bool found;

	if (fd < 0)
		return false;
	p.desc = c->desc;
	found = !ioctl(fd, DTRACEIOC_PROBEMATCH, &p);
	close(fd);
	return found;
}

static void test_refused(void)
{
	struct dtrace_ioc_ftp_create c;
	int fd = ftp_open(), pipefd[2];

	good(&c, "refused");
	c.size = sizeof(c) - 8;
	tap_ok(ftp_create(fd, &c) == EINVAL, "short size: EINVAL");

	good(&c, "refused");
	c.kind = DTRACE_FTP_NKINDS;
	tap_ok(ftp_create(fd, &c) == EINVAL, "unknown kind: EINVAL");

	good(&c, "refused");
	c.nargs = 1;
	tap_ok(ftp_create(fd, &c) == EINVAL, "arguments on an entry probe: EINVAL");

	good(&c, "refused");
	c.kind = DTRACE_FTP_USDT;
	c.nargs = DTRACE_FTP_NARGS + 1;
	tap_ok(ftp_create(fd, &c) == EINVAL, "too many arguments: EINVAL");

	usdt1(&c, DTRACE_FTARG_REG, 3);
	tap_ok(ftp_create(fd, &c) == EINVAL, "argument size 3: EINVAL");

	usdt1(&c, DTRACE_FTARG_REG, 8);
	c.args[0].base = 200;
	tap_ok(ftp_create(fd, &c) == EINVAL, "register 200: EINVAL");

	usdt1(&c, DTRACE_FTARG_MEM, 4);
	c.args[0].base = 14;
	c.args[0].index = 13;
	c.args[0].scale = 3;
	tap_ok(ftp_create(fd, &c) == EINVAL, "scale 3: EINVAL");

	good(&c, "refused");
	c.nxargs = 1;
	strcpy(c.argtypes, "int");
	tap_ok(ftp_create(fd, &c) == EINVAL, "types on an entry probe: EINVAL");

	usdt1(&c, DTRACE_FTARG_IMM, 4);
	c.nxargs = 1;
	c.argmap[0] = 1;
	memcpy(c.argtypes, "int\0int", 8);
	tap_ok(ftp_create(fd, &c) == EINVAL,
	       "args[0] mapped to a native argument past nargs: EINVAL");
	c.argmap[0] = 0;
	memcpy(c.argtypes, "int\0\0", 5);
	tap_ok(ftp_create(fd, &c) == EINVAL, "an empty type name: EINVAL");
	memset(c.argtypes, 'x', sizeof(c.argtypes));
	tap_ok(ftp_create(fd, &c) == EINVAL, "unterminated type names: EINVAL");
	memset(c.argtypes, 0, sizeof(c.argtypes));
	c.nxargs = 0;
	strcpy(c.argtypes, "int");
	tap_ok(ftp_create(fd, &c) == EINVAL, "type names but no nxargs: EINVAL");

	good(&c, "refused");
	c.refctr = 8;
	tap_ok(ftp_create(fd, &c) == EINVAL, "semaphore on an entry probe: EINVAL");

	good(&c, "re*fused");
	tap_ok(ftp_create(fd, &c) == EINVAL, "glob in a name: EINVAL");

	good(&c, "refused");
	c.desc.name[0] = '\0';
	tap_ok(ftp_create(fd, &c) == EINVAL, "empty name: EINVAL");

	good(&c, "refused");
	memset(c.desc.func, 'x', sizeof(c.desc.func));
	tap_ok(ftp_create(fd, &c) == EINVAL, "unterminated name: EINVAL");

	good(&c, "refused");
	strcpy(c.desc.provider, "pid1");
	tap_ok(ftp_create(fd, &c) == EINVAL,
	       "provider not ending in the pid: EINVAL");

	good(&c, "refused");
	c.pid = 0;
	tap_ok(ftp_create(fd, &c) == EINVAL,
	       "any process under a per-process name: EINVAL");

	good(&c, "refused");
	c.pid = -5;
	tap_ok(ftp_create(fd, &c) == EINVAL, "negative pid: EINVAL");

	good(&c, "refused");
	c.offset = 1ULL << 40;
	tap_ok(ftp_create(fd, &c) == EINVAL, "offset past the file: EINVAL");

	good(&c, "refused");
	c.fd = 1000;
	tap_ok(ftp_create(fd, &c) == EBADF, "closed fd: EBADF");

	good(&c, "refused");
	if (pipe(pipefd) == 0) {
		c.fd = pipefd[0];
		tap_ok(ftp_create(fd, &c) == EINVAL, "a pipe: EINVAL");
		close(pipefd[0]);
		close(pipefd[1]);
	}

	good(&c, "refused");
	c.pid = 0x3ffffff0;
	snprintf(c.desc.provider, sizeof(c.desc.provider), "pid%d", c.pid);
	tap_ok(ftp_create(fd, &c) == ESRCH, "no such process: ESRCH");

	tap_ok(ioctl(fd, _IO(DTRACE_FASTTRAP_IOC_MAGIC, 99), 0) < 0 &&
	       errno == ENOTTY, "unknown ioctl: ENOTTY");
	tap_ok(ioctl(fd, DTRACEIOC_FTP_CREATE, (void *)16) < 0 &&
	       errno == EFAULT, "bad pointer: EFAULT");

	good(&c, "refused");
	tap_ok(!probe_exists(&c), "nothing was made");
	close(fd);
}

static void test_made(void)
{
	struct dtrace_ioc_ftp_create c, again, clash;
	int fd = ftp_open();

	good(&c, "made");
	tap_ok(ftp_create(fd, &c) == 0 && c.id, "a good request makes a probe");
	tap_ok(probe_exists(&c), "PROBEMATCH finds it");
	again = c;
	again.id = 0;
	tap_ok(ftp_create(fd, &again) == 0 && again.id == c.id,
	       "the same request again: the same id");
	clash = c;
	clash.offset = 1;
	tap_ok(ftp_create(fd, &clash) == EEXIST,
	       "the same names at another offset: EEXIST");
	close(fd);
	tap_ok(!probe_exists(&c), "closing the device takes it away");
}

static void test_mutations(void)
{
	struct dtrace_ioc_ftp_create c;
	unsigned int i, made = 0;
	int fd = ftp_open();

	srand(12345);
	for (i = 0; i < 1000; i++) {
		unsigned char *b = (unsigned char *)&c;
		unsigned int k;

		good(&c, "mutant");
		for (k = 0; k < 1 + (unsigned int)rand() % 4; k++)
			b[rand() % sizeof(c)] = (unsigned char)rand();
		if (ftp_create(fd, &c) == 0)
			made++;
	}
	tap_diag("%u of 1000 mutated requests made a probe", made);
	close(fd);
	good(&c, "mutant");
	tap_ok(!probe_exists(&c), "mutants gone with their device");
}

int main(void)
{
	self_fd = open("/proc/self/exe", O_RDONLY);
	if (self_fd < 0)
		tap_skip_all("cannot open /proc/self/exe");
	if (access(DTRACE_FASTTRAP_DEVICE, F_OK))
		tap_skip_all("no %s (dtrace_fasttrap not loaded)",
			     DTRACE_FASTTRAP_DEVICE);
	tap_start(27);
	test_refused();
	test_made();
	test_mutations();
	return tap_finish();
}
