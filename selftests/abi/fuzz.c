// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: random and mutated input straight at /dev/dtrace is refused
 * with a documented errno or runs safely, and never hurts the kernel:
 *  - random DIF programs (any opcode, register, immediate, table index,
 *    variable table, result type) in random action layouts (stacks
 *    included) on dtrace:::BEGIN, with small random dynamic variable
 *    and scratch spaces; the ones the verifier accepts are started, so
 *    they really run, loads from random kernel and user addresses,
 *    stores, variables, tuples and subroutine calls included, and their
 *    buffers are read back;
 *  - every command with random bytes in its argument and a random size.
 * The run is bounded (DT_FUZZ_ITERS, default 5000) and repeatable
 * (DT_FUZZ_SEED, default 1); the test runner fails it if the kernel logs
 * any trouble.  A longer run: DT_FUZZ_ITERS=1000000 selftests/abi/fuzz.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/dtrace.h>
#include "tap.h"

#define MAX_INSNS	24
#define MAX_ACTS	4

static uint64_t rng_state;

/* xorshift64*: fast, and the same sequence for the same seed. */
static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static uint32_t rnd_below(uint32_t n)
{
	return (uint32_t)(rnd() % n);
}

/* Mostly plausible values, sometimes anything: that is where bugs hide. */
static int32_t rnd_imm(void)
{
	switch (rnd_below(4)) {
	case 0:
		return (int32_t)rnd_below(4) - 1;
	case 1:
		return (int32_t)rnd_below(64);
	case 2:
		return DTRACE_DIF_VAR_PID + (int32_t)rnd_below(20);
	default:
		return (int32_t)rnd();
	}
}

#define MAX_VARS	4

struct prog {
	struct dtrace_dif_insn insns[MAX_INSNS];
	uint64_t ints[4];
	char strtab[16];
	struct dtrace_difv vars[MAX_VARS];
};

/* Variables 1..6, mostly well-formed, sometimes not. */
static void rnd_vars(struct prog *p, struct dtrace_difo *d)
{
	unsigned int i;

	d->nvars = rnd_below(MAX_VARS + 1);
	for (i = 0; i < d->nvars; i++) {
		struct dtrace_difv *v = &p->vars[i];

		memset(v, 0, sizeof(*v));
		v->id = rnd_below(16) ? 1 + rnd_below(6) : (uint32_t)rnd();
		v->scope = rnd_below(16) ? rnd_below(3) : rnd_below(256);
		v->kind = rnd_below(16) ? rnd_below(2) : rnd_below(256);
		v->type = rnd_below(16) ? rnd_below(3) : rnd_below(256);
		v->size = v->type == DTRACE_DIFV_TYPE_INT && rnd_below(8) ? 8 :
			  rnd_below(16) ? 1 + rnd_below(64) : (uint32_t)rnd();
		if (!rnd_below(32))
			v->reserved = 1;
	}
	d->vartab = (uintptr_t)p->vars;
}

static void rnd_prog(struct prog *p, struct dtrace_difo *d)
{
	unsigned int n = 1 + rnd_below(MAX_INSNS), i;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < n; i++) {
		struct dtrace_dif_insn *in = &p->insns[i];

		in->op = rnd_below(DTRACE_DIF_OP_MAX + 2);
		in->dst = rnd_below(8) ? rnd_below(4) : rnd_below(256);
		in->src1 = rnd_below(8) ? rnd_below(4) : rnd_below(256);
		in->src2 = rnd_below(8) ? rnd_below(4) : rnd_below(256);
		in->imm = rnd_imm();
	}
	if (rnd_below(4))
		p->insns[n - 1] = (struct dtrace_dif_insn){
			.op = DTRACE_DIF_OP_RET, .src1 = rnd_below(4),
		};
	for (i = 0; i < 4; i++)
		p->ints[i] = rnd_below(2) ? rnd() : rnd_below(100);
	memcpy(p->strtab, "abc\0execname", 13);
	if (!rnd_below(16))
		p->strtab[12] = 'x';	/* unterminated */

	d->insns = (uintptr_t)p->insns;
	d->ninsns = n;
	d->inttab = (uintptr_t)p->ints;
	d->nints = rnd_below(5);
	d->strtab = (uintptr_t)p->strtab;
	d->strtab_len = rnd_below(14);
	d->rtype = rnd_below(8) ? rnd_below(3) : rnd_below(100);
	d->rsize = d->rtype == DTRACE_DIF_RTYPE_STRING && rnd_below(8) ?
		   0 : 1u << rnd_below(5);
	rnd_vars(p, d);
}

/* Small spaces now and then, so that exhaustion gets exercised. */
static void rnd_options(int fd)
{
	struct dtrace_ioc_setopt opt = { .size = sizeof(opt) };

	if (!rnd_below(4)) {
		opt.option = DTRACE_OPT_DYNVARSIZE;
		opt.value = DTRACE_DYNVARSIZE_MIN;
		ioctl(fd, DTRACEIOC_SETOPT, &opt);
	}
	if (!rnd_below(4)) {
		opt.option = DTRACE_OPT_SCRATCHSIZE;
		opt.value = DTRACE_SCRATCHSIZE_MIN;
		ioctl(fd, DTRACEIOC_SETOPT, &opt);
	}
}

/* One clause of random programs on BEGIN, started if accepted. */
static int fuzz_program(unsigned int *accepted)
{
	struct prog progs[MAX_ACTS + 1];
	struct dtrace_actdesc act[MAX_ACTS];
	struct dtrace_ioc_enable en = { .size = sizeof(en) };
	struct dtrace_ioc_go go = { .size = sizeof(go) };
	struct dtrace_ioc_setopt opt = {
		.size = sizeof(opt), .option = DTRACE_OPT_BUFSIZE,
		.value = 65536,
	};
	static char buf[65536];
	unsigned int nact = rnd_below(MAX_ACTS + 1), i, off = 0;
	int fd = open("/dev/dtrace", O_RDWR), ret = 0;

	if (fd < 0)
		return errno;
	memset(act, 0, sizeof(act));
	for (i = 0; i < nact; i++) {
		rnd_prog(&progs[i], &act[i].difo);
		act[i].kind = rnd_below(8) ? 1 + rnd_below(2) :
			      rnd_below(DTRACE_ACT_MAX + 1);
		act[i].size = act[i].kind == DTRACE_ACT_EXIT ? 4 :
			      act[i].difo.rtype == DTRACE_DIF_RTYPE_STRING ?
			      1 + rnd_below(64) : act[i].difo.rsize;
		if (act[i].kind == DTRACE_ACT_STACK ||
		    act[i].kind == DTRACE_ACT_USTACK) {
			act[i].arg = rnd_below(8) ? 1 + rnd_below(40) : rnd();
			act[i].size = 8 * (act[i].arg +
				(act[i].kind == DTRACE_ACT_USTACK));
			if (rnd_below(2))
				act[i].difo.ninsns = 0;
		}
		act[i].offset = rnd_below(8) ? off : rnd_below(128);
		off = (act[i].offset + act[i].size + 7) & ~7u;
	}
	strcpy(en.desc.provider, "dtrace");
	strcpy(en.desc.name, "BEGIN");
	en.actions = (uintptr_t)act;
	en.nactions = nact;
	if (rnd_below(2))
		rnd_prog(&progs[MAX_ACTS], &en.pred);

	ioctl(fd, DTRACEIOC_SETOPT, &opt);
	rnd_options(fd);
	if (ioctl(fd, DTRACEIOC_ENABLE, &en)) {
		/* EPERM: destructive, never allowed here (raise could kill). */
		if (errno != EINVAL && errno != E2BIG && errno != EPERM)
			ret = errno;
		goto out;
	}
	(*accepted)++;
	if (ioctl(fd, DTRACEIOC_GO, &go)) {
		ret = errno;
		goto out;
	}
	for (i = 0; i < 2; i++) {
		struct dtrace_ioc_bufsnap snap = {
			.size = sizeof(snap), .cpu = go.cpu,
			.data = (uintptr_t)buf, .bufsize = sizeof(buf),
		};

		if (ioctl(fd, DTRACEIOC_BUFSNAP, &snap)) {
			ret = errno;
			break;
		}
	}
	if (rnd_below(2))
		ioctl(fd, DTRACEIOC_STOP, &go);
out:
	close(fd);
	return ret;
}

/* Every command, random bytes, random size field: refused or harmless. */
static int fuzz_ioctl(int fd)
{
	static const unsigned long cmds[] = {
		DTRACEIOC_VERSION, DTRACEIOC_PROBEMATCH, DTRACEIOC_SETOPT,
		DTRACEIOC_ENABLE, DTRACEIOC_EPDESC, DTRACEIOC_GO,
		DTRACEIOC_STOP, DTRACEIOC_BUFSNAP, DTRACEIOC_STATUS,
		DTRACEIOC_PROBEARG,
	};
	union {
		uint32_t size;
		unsigned char bytes[512];
		uint64_t words[64];
	} arg;
	unsigned long cmd;
	unsigned int i;

	for (i = 0; i < 64; i++)
		arg.words[i] = rnd_below(4) ? rnd() : 0;
	arg.size = rnd_below(4) ? rnd_below(sizeof(arg)) : (uint32_t)rnd();
	cmd = cmds[rnd_below(sizeof(cmds) / sizeof(cmds[0]))];
	if (!rnd_below(8))
		cmd = _IOWR(DTRACE_IOC_MAGIC, rnd_below(32), arg.bytes);
	if (!ioctl(fd, cmd, &arg))
		return 0;
	switch (errno) {
	case EINVAL: case E2BIG: case EFAULT: case ENOTTY: case ENOENT:
	case EBUSY: case ENXIO: case ENOSPC: case ENOMEM: case ENODEV:
		return 0;
	}
	return errno;
}

int main(void)
{
	const char *s = getenv("DT_FUZZ_SEED"), *n = getenv("DT_FUZZ_ITERS");
	unsigned long iters = n ? strtoul(n, NULL, 0) : 5000, i;
	unsigned int accepted = 0, bad_prog = 0, bad_ioctl = 0;
	int fd, err;

	rng_state = s ? strtoull(s, NULL, 0) | 1 : 1;
	tap_plan(0);
	fd = open("/dev/dtrace", O_RDWR);
	if (fd < 0)
		tap_skip_all("cannot open /dev/dtrace: %s", strerror(errno));

	for (i = 0; i < iters; i++) {
		err = fuzz_program(&accepted);
		if (err && bad_prog++ < 5)
			printf("# program %lu: unexpected errno %d\n", i, err);
		err = fuzz_ioctl(fd);
		if (err && bad_ioctl++ < 5)
			printf("# ioctl %lu: unexpected errno %d\n", i, err);
		if (i % 64 == 63) {	/* a fresh consumer now and then */
			close(fd);
			fd = open("/dev/dtrace", O_RDWR);
		}
	}
	close(fd);
	tap_ok(!bad_prog, "%lu random clauses: %u accepted and run, the rest refused",
	       iters, accepted);
	tap_ok(accepted > 0, "some random programs pass the verifier");
	tap_ok(!bad_ioctl, "%lu random ioctls refused or harmless", iters);
	return tap_finish();
}
