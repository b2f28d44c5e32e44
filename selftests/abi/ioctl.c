// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: /dev/dtrace refuses every malformed request with the errno
 * the ABI header documents and leaves nothing enabled behind; a
 * well-formed clause on dtrace:::BEGIN records exactly what it was asked
 * to, and a faulting clause is reported through dtrace:::ERROR while
 * tracing goes on.  Uses include/uapi/linux/dtrace.h only.
 *
 * Needs root and dtrace_core loaded (the runner loads it); skips
 * otherwise.
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

#define INSN(o, d, s1, s2, i) \
	((struct dtrace_dif_insn){ .op = (o), .dst = (d), .src1 = (s1), \
				   .src2 = (s2), .imm = (i) })

static int dev = -1;

static int dt_open(void)
{
	int fd = open("/dev/dtrace", O_RDWR);

	if (fd < 0)
		tap_skip_all("cannot open /dev/dtrace: %s", strerror(errno));
	return fd;
}

/* Return 0 or the errno of a failed ioctl. */
static int dt_ioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? errno : 0;
}

static void difo_set(struct dtrace_difo *d, const struct dtrace_dif_insn *in,
		     unsigned int n, unsigned int rtype, unsigned int rsize)
{
	memset(d, 0, sizeof(*d));
	d->insns = (uintptr_t)in;
	d->ninsns = n;
	d->rtype = rtype;
	d->rsize = rsize;
}

static void desc_set(struct dtrace_probedesc *d, const char *prov,
		     const char *name)
{
	memset(d, 0, sizeof(*d));
	strcpy(d->provider, prov);
	strcpy(d->name, name);
}

/* Enable one action on dtrace:::BEGIN through @fd; return the errno. */
static int enable_one(int fd, const struct dtrace_actdesc *act,
		      unsigned int nact, uint32_t *nmatched)
{
	struct dtrace_ioc_enable en = { .size = sizeof(en) };
	int ret;

	desc_set(&en.desc, "dtrace", "BEGIN");
	en.actions = (uintptr_t)act;
	en.nactions = nact;
	ret = dt_ioctl(fd, DTRACEIOC_ENABLE, &en);
	if (nmatched)
		*nmatched = en.nmatched;
	return ret;
}

/* Nothing of ours is enabled: EPID 1 does not exist. */
static int nothing_enabled(int fd)
{
	struct dtrace_ioc_epdesc ep = { .size = sizeof(ep), .epid = 1 };

	return dt_ioctl(fd, DTRACEIOC_EPDESC, &ep) == ENOENT;
}

static int enable_prog(const struct dtrace_dif_insn *in, unsigned int n,
		       const uint64_t *ints, unsigned int nints,
		       const char *strtab, unsigned int strlen_)
{
	struct dtrace_actdesc act = {
		.kind = DTRACE_ACT_DIFEXPR, .offset = 0, .size = 8,
	};

	difo_set(&act.difo, in, n, DTRACE_DIF_RTYPE_INT, 8);
	act.difo.inttab = (uintptr_t)ints;
	act.difo.nints = nints;
	act.difo.strtab = (uintptr_t)strtab;
	act.difo.strtab_len = strlen_;
	return enable_one(dev, &act, 1, NULL);
}

static void test_version(void)
{
	struct dtrace_ioc_version v = { .size = sizeof(v) };
	struct {
		struct dtrace_ioc_version v;
		uint64_t tail;
	} big = { .v.size = sizeof(big) };
	int ret;

	ret = dt_ioctl(dev, DTRACEIOC_VERSION, &v);
	tap_ok(ret == 0 && v.version == DTRACE_ABI_VERSION, "version is %u",
	       v.version);
	v.size = 0;
	tap_ok(dt_ioctl(dev, DTRACEIOC_VERSION, &v) == EINVAL,
	       "size 0 is EINVAL");
	tap_ok(dt_ioctl(dev, DTRACEIOC_VERSION, &big) == 0,
	       "larger struct with zero tail is accepted");
	big.tail = 1;
	tap_ok(dt_ioctl(dev, DTRACEIOC_VERSION, &big) == EINVAL,
	       "larger struct with non-zero tail is EINVAL");
	tap_ok(dt_ioctl(dev, _IOWR(DTRACE_IOC_MAGIC, 99, v), &v) == ENOTTY,
	       "unknown command is ENOTTY");
	tap_ok(dt_ioctl(dev, DTRACEIOC_VERSION, (void *)8) == EFAULT,
	       "bad argument pointer is EFAULT");
}

static void test_probematch(void)
{
	struct dtrace_ioc_probe p = { .size = sizeof(p) };
	int ret;

	desc_set(&p.desc, "dtrace", "");
	ret = dt_ioctl(dev, DTRACEIOC_PROBEMATCH, &p);
	tap_ok(ret == 0 && p.id == 1 && !strcmp(p.desc.name, "BEGIN"),
	       "dtrace:::BEGIN is probe 1");
	p.id = 2;
	desc_set(&p.desc, "dtrace", "");
	ret = dt_ioctl(dev, DTRACEIOC_PROBEMATCH, &p);
	tap_ok(ret == 0 && p.id == 2 && !strcmp(p.desc.name, "END"),
	       "dtrace:::END is probe 2");
	p.id = 0;
	desc_set(&p.desc, "dtr?ce", "E[!N]*");
	ret = dt_ioctl(dev, DTRACEIOC_PROBEMATCH, &p);
	tap_ok(ret == 0 && p.id == 3 && !strcmp(p.desc.name, "ERROR"),
	       "globs find dtrace:::ERROR");
	p.id = 0;
	desc_set(&p.desc, "nosuchprovider", "");
	tap_ok(dt_ioctl(dev, DTRACEIOC_PROBEMATCH, &p) == ENOENT,
	       "no match is ENOENT");
	p.id = 0;
	memset(p.desc.provider, 'x', sizeof(p.desc.provider));
	tap_ok(dt_ioctl(dev, DTRACEIOC_PROBEMATCH, &p) == EINVAL,
	       "unterminated name is EINVAL");
	desc_set(&p.desc, "dtrace", "");
	p.flags = 0x80;
	tap_ok(dt_ioctl(dev, DTRACEIOC_PROBEMATCH, &p) == EINVAL,
	       "unknown flag is EINVAL");
}

static void test_verifier(void)
{
	static const char strtab[] = "abc";
	static const char unterminated[] = { 'a', 'b' };
	const uint64_t ints[1] = { 42 };
	struct dtrace_dif_insn in[4];
	int ret;

	in[0] = INSN(DTRACE_DIF_OP_JMP, 0, 0, 0, -1);
	in[1] = INSN(DTRACE_DIF_OP_RET, 0, 0, 0, 0);
	ret = enable_prog(in, 2, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL && nothing_enabled(dev),
	       "backward branch refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_JMP, 0, 0, 0, 1);
	ret = enable_prog(in, 2, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL && nothing_enabled(dev),
	       "branch past the end refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_MOV, DTRACE_DIF_NREGS, 0, 0, 0);
	ret = enable_prog(in, 2, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL && nothing_enabled(dev),
	       "register out of range refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_MOV, 1, 0, 3, 0);
	ret = enable_prog(in, 2, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL, "unused operand not zero refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_LDI, 1, 0, 0, 5);
	ret = enable_prog(in, 1, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL, "program not ending in RET refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_MAX, 0, 0, 0, 0);
	ret = enable_prog(in, 2, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL, "unknown opcode refused (%d)", ret);

	in[0] = INSN(0, 0, 0, 0, 0);
	ret = enable_prog(in, 2, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL, "opcode 0 refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_SETX, 1, 0, 0, 1);
	ret = enable_prog(in, 2, ints, 1, NULL, 0);
	tap_ok(ret == EINVAL, "integer table index out of range refused (%d)",
	       ret);

	in[0] = INSN(DTRACE_DIF_OP_SETS, 1, 0, 0, 4);
	ret = enable_prog(in, 2, NULL, 0, strtab, sizeof(strtab));
	tap_ok(ret == EINVAL, "string table offset out of range refused (%d)",
	       ret);

	in[0] = INSN(DTRACE_DIF_OP_SETS, 1, 0, 0, 0);
	ret = enable_prog(in, 2, NULL, 0, unterminated, sizeof(unterminated));
	tap_ok(ret == EINVAL, "unterminated string table refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_MAX);
	ret = enable_prog(in, 2, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL, "unknown variable refused (%d)", ret);

	in[0] = INSN(DTRACE_DIF_OP_LDI, 1, 0, 0, 5);
	in[1] = INSN(DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	ret = enable_prog(in, DTRACE_DIF_MAXINSNS + 1, NULL, 0, NULL, 0);
	tap_ok(ret == EINVAL, "too long a program refused (%d)", ret);

	{
		struct dtrace_actdesc act = {
			.kind = DTRACE_ACT_DIFEXPR, .size = 8,
		};

		difo_set(&act.difo, (void *)8, 2, DTRACE_DIF_RTYPE_INT, 8);
		ret = enable_one(dev, &act, 1, NULL);
		tap_ok(ret == EFAULT && nothing_enabled(dev),
		       "unreadable program is EFAULT (%d)", ret);
	}
}

static void test_actions(void)
{
	const struct dtrace_dif_insn in[2] = {
		INSN(DTRACE_DIF_OP_LDI, 1, 0, 0, 7),
		INSN(DTRACE_DIF_OP_RET, 0, 1, 0, 0),
	};
	struct dtrace_actdesc act[2];
	int ret;

	memset(act, 0, sizeof(act));
	act[0].kind = DTRACE_ACT_DIFEXPR;
	act[0].size = 8;
	difo_set(&act[0].difo, in, 2, DTRACE_DIF_RTYPE_INT, 8);
	act[1] = act[0];
	act[1].offset = 4;
	ret = enable_one(dev, act, 2, NULL);
	tap_ok(ret == EINVAL && nothing_enabled(dev),
	       "overlapping records refused (%d)", ret);

	act[1].offset = DTRACE_RECORD_MAX - 4;
	ret = enable_one(dev, act, 2, NULL);
	tap_ok(ret == EINVAL, "record past the maximum refused (%d)", ret);

	act[1].offset = 8;
	act[1].kind = DTRACE_ACT_MAX;
	ret = enable_one(dev, act, 2, NULL);
	tap_ok(ret == EINVAL, "unknown action refused (%d)", ret);

	act[1].kind = DTRACE_ACT_EXIT;
	ret = enable_one(dev, act, 2, NULL);
	tap_ok(ret == EINVAL, "exit() of 8 bytes refused (%d)", ret);

	act[1].kind = DTRACE_ACT_DIFEXPR;
	act[1].difo.rsize = 3;
	ret = enable_one(dev, act, 2, NULL);
	tap_ok(ret == EINVAL, "result size 3 refused (%d)", ret);

	act[1].difo.rsize = 8;
	act[1].offset = 12;
	ret = enable_one(dev, act, 2, NULL);
	tap_ok(ret == EINVAL, "misaligned integer record refused (%d)", ret);

	ret = enable_one(dev, act, DTRACE_ACTIONS_MAX + 1, NULL);
	tap_ok(ret == E2BIG, "too many actions is E2BIG (%d)", ret);
	tap_ok(nothing_enabled(dev), "after all that, nothing is enabled");
}

struct trace_rec {
	struct dtrace_rechdr hdr;
	uint64_t value;
	char str[16];
};

/*
 * One consumer doing it all by hand: ERROR records its arguments; a
 * first BEGIN clause faults on address 0; a second records 7 and "abc"
 * and calls exit(7).
 */
static void test_trace(void)
{
	static const char strtab[] = "abc";
	const struct dtrace_dif_insn seven[2] = {
		INSN(DTRACE_DIF_OP_LDI, 1, 0, 0, 7),
		INSN(DTRACE_DIF_OP_RET, 0, 1, 0, 0),
	};
	const struct dtrace_dif_insn str[2] = {
		INSN(DTRACE_DIF_OP_SETS, 1, 0, 0, 0),
		INSN(DTRACE_DIF_OP_RET, 0, 1, 0, 0),
	};
	const struct dtrace_dif_insn null_load[2] = {
		INSN(DTRACE_DIF_OP_LDX, 1, 0, 0, 0),
		INSN(DTRACE_DIF_OP_RET, 0, 1, 0, 0),
	};
	struct dtrace_dif_insn args[5][2];
	struct dtrace_actdesc act[5];
	struct dtrace_ioc_enable en = { .size = sizeof(en) };
	struct dtrace_ioc_go go = { .size = sizeof(go) };
	struct dtrace_ioc_status st = { .size = sizeof(st) };
	struct dtrace_ioc_bufsnap snap = { .size = sizeof(snap) };
	struct dtrace_ioc_setopt opt = { .size = sizeof(opt) };
	struct dtrace_ioc_epdesc ep = { .size = sizeof(ep) };
	const struct trace_rec *rec;
	const uint64_t *err;
	size_t bufsize = 64 * 1024;
	char *buf;
	int fd = dt_open(), i, ret;

	buf = calloc(1, bufsize);
	opt.option = DTRACE_OPT_BUFSIZE;
	opt.value = bufsize;
	tap_ok(dt_ioctl(fd, DTRACEIOC_SETOPT, &opt) == 0, "bufsize set");
	opt.option = DTRACE_OPT_MAX;
	tap_ok(dt_ioctl(fd, DTRACEIOC_SETOPT, &opt) == EINVAL,
	       "unknown option is EINVAL");
	snap.data = (uintptr_t)buf;
	snap.bufsize = bufsize;
	tap_ok(dt_ioctl(fd, DTRACEIOC_BUFSNAP, &snap) == ENXIO,
	       "snapshot before GO is ENXIO");

	/* ERROR: record arg0 (EPID), arg1 (probe ID), arg2, arg4, arg5 */
	memset(act, 0, sizeof(act));
	for (i = 0; i < 5; i++) {
		args[i][0] = INSN(DTRACE_DIF_OP_LDV, 1, 0, 0,
				  DTRACE_DIF_VAR_ARG0 + (i < 3 ? i : i + 1));
		args[i][1] = INSN(DTRACE_DIF_OP_RET, 0, 1, 0, 0);
		act[i].kind = DTRACE_ACT_DIFEXPR;
		act[i].offset = 8 * i;
		act[i].size = 8;
		difo_set(&act[i].difo, args[i], 2, DTRACE_DIF_RTYPE_INT, 8);
	}
	desc_set(&en.desc, "dtrace", "ERROR");
	en.actions = (uintptr_t)act;
	en.nactions = 5;
	tap_ok(dt_ioctl(fd, DTRACEIOC_ENABLE, &en) == 0 && en.nmatched == 1,
	       "ERROR clause enabled");

	/* BEGIN: trace(*(u64 *)0) faults */
	memset(act, 0, sizeof(act));
	act[0].kind = DTRACE_ACT_DIFEXPR;
	act[0].size = 8;
	difo_set(&act[0].difo, null_load, 2, DTRACE_DIF_RTYPE_INT, 8);
	desc_set(&en.desc, "dtrace", "BEGIN");
	en.nactions = 1;
	tap_ok(dt_ioctl(fd, DTRACEIOC_ENABLE, &en) == 0,
	       "faulting clause enabled");

	/* BEGIN: trace(7); trace("abc"); exit(7) */
	memset(act, 0, sizeof(act));
	act[0].kind = DTRACE_ACT_DIFEXPR;
	act[0].size = 8;
	difo_set(&act[0].difo, seven, 2, DTRACE_DIF_RTYPE_INT, 8);
	act[1].kind = DTRACE_ACT_DIFEXPR;
	act[1].offset = 8;
	act[1].size = 16;
	difo_set(&act[1].difo, str, 2, DTRACE_DIF_RTYPE_STRING, 0);
	act[1].difo.strtab = (uintptr_t)strtab;
	act[1].difo.strtab_len = sizeof(strtab);
	act[2].kind = DTRACE_ACT_EXIT;
	act[2].offset = 24;
	act[2].size = 4;
	difo_set(&act[2].difo, seven, 2, DTRACE_DIF_RTYPE_INT, 8);
	en.nactions = 3;
	en.cookie = 77;
	tap_ok(dt_ioctl(fd, DTRACEIOC_ENABLE, &en) == 0 && en.nmatched == 1,
	       "BEGIN clause enabled");

	ep.epid = 3;
	tap_ok(dt_ioctl(fd, DTRACEIOC_EPDESC, &ep) == 0 && ep.probe == 1 &&
	       ep.cookie == 77 && ep.datasize == 28,
	       "EPID 3 is probe 1, cookie 77, 28 bytes");

	ret = dt_ioctl(fd, DTRACEIOC_GO, &go);
	tap_ok(ret == 0, "GO, BEGIN on cpu %u", go.cpu);
	tap_ok(dt_ioctl(fd, DTRACEIOC_GO, &go) == EBUSY, "second GO is EBUSY");
	tap_ok(dt_ioctl(fd, DTRACEIOC_ENABLE, &en) == EBUSY,
	       "ENABLE after GO is EBUSY");
	ret = dt_ioctl(fd, DTRACEIOC_STATUS, &st);
	tap_ok(ret == 0 && st.activity == DTRACE_ACTIVITY_DRAINING,
	       "exit() in BEGIN leaves the state DRAINING (%u)", st.activity);

	snap.cpu = go.cpu;
	snap.bufsize = bufsize - 8;
	tap_ok(dt_ioctl(fd, DTRACEIOC_BUFSNAP, &snap) == ENOSPC,
	       "snapshot into too small a buffer is ENOSPC");
	snap.cpu = 1u << 30;
	snap.bufsize = bufsize;
	tap_ok(dt_ioctl(fd, DTRACEIOC_BUFSNAP, &snap) == EINVAL,
	       "snapshot of a CPU that does not exist is EINVAL");
	snap.cpu = go.cpu;
	ret = dt_ioctl(fd, DTRACEIOC_BUFSNAP, &snap);
	tap_ok(ret == 0 && snap.used == 56 + 48 && snap.drops == 0 &&
	       snap.errors == 0,
	       "snapshot holds two records (%llu bytes)",
	       (unsigned long long)snap.used);

	err = (const uint64_t *)(buf + sizeof(struct dtrace_rechdr));
	tap_ok(((const struct dtrace_rechdr *)buf)->epid == 1 &&
	       err[0] == 2 && err[1] == 1 && err[2] == 1 &&
	       err[3] == DTRACEFLT_BADADDR && err[4] == 0,
	       "ERROR record: epid %llu probe %llu action %llu fault %llu addr %llu",
	       (unsigned long long)err[0], (unsigned long long)err[1],
	       (unsigned long long)err[2], (unsigned long long)err[3],
	       (unsigned long long)err[4]);

	rec = (const struct trace_rec *)(buf + 56);
	tap_ok(rec->hdr.epid == 3 && rec->hdr.size == 16 + 28 &&
	       rec->value == 7 && !strcmp(rec->str, "abc") &&
	       *(const int32_t *)(buf + 56 + 16 + 24) == 7,
	       "BEGIN record: epid %u, 7, \"abc\", exit 7", rec->hdr.epid);

	tap_ok(dt_ioctl(fd, DTRACEIOC_STOP, &go) == 0, "STOP");
	tap_ok(dt_ioctl(fd, DTRACEIOC_STOP, &go) == EBUSY,
	       "second STOP is EBUSY");
	tap_ok(dt_ioctl(fd, DTRACEIOC_STATUS, &st) == 0 &&
	       st.activity == DTRACE_ACTIVITY_STOPPED,
	       "state is STOPPED");
	close(fd);
	free(buf);
}

/*
 * String comparison: SCMP gives -1/0/1, looks at no more than strsize
 * bytes, and a bad address faults (NULL is no bad address: it orders
 * before every string, as in DTrace; dtrace/vars/tst.string-null.d).
 * With no ERROR clause, the fault is only counted in the snapshot's
 * errors.
 */
static void test_strcmp(void)
{
	static const char strtab[] = "abcX\0abcY";
	const struct dtrace_dif_insn cmp[4] = {
		INSN(DTRACE_DIF_OP_SETS, 1, 0, 0, 0),
		INSN(DTRACE_DIF_OP_SETS, 2, 0, 0, 5),
		INSN(DTRACE_DIF_OP_SCMP, 3, 1, 2, 0),
		INSN(DTRACE_DIF_OP_RET, 0, 3, 0, 0),
	};
	const struct dtrace_dif_insn rcmp[4] = {
		INSN(DTRACE_DIF_OP_SETS, 1, 0, 0, 5),
		INSN(DTRACE_DIF_OP_SETS, 2, 0, 0, 0),
		INSN(DTRACE_DIF_OP_SCMP, 3, 1, 2, 0),
		INSN(DTRACE_DIF_OP_RET, 0, 3, 0, 0),
	};
	const struct dtrace_dif_insn bad[4] = {
		INSN(DTRACE_DIF_OP_SETS, 1, 0, 0, 0),
		INSN(DTRACE_DIF_OP_NOT, 2, 0, 0, 0),	/* r2 = ~0: unmapped */
		INSN(DTRACE_DIF_OP_SCMP, 3, 1, 2, 0),
		INSN(DTRACE_DIF_OP_RET, 0, 3, 0, 0),
	};
	struct dtrace_ioc_setopt opt = { .size = sizeof(opt) };
	struct dtrace_ioc_bufsnap snap = { .size = sizeof(snap) };
	struct dtrace_ioc_go go = { .size = sizeof(go) };
	struct dtrace_actdesc act[2];
	size_t bufsize = 4096;
	char *buf = calloc(1, bufsize);
	int64_t *v = (int64_t *)(buf + sizeof(struct dtrace_rechdr));
	uint64_t strsize;
	int fd, ret;

	for (strsize = 4; strsize >= 3; strsize--) {
		fd = dt_open();
		opt.option = DTRACE_OPT_BUFSIZE;
		opt.value = bufsize;
		dt_ioctl(fd, DTRACEIOC_SETOPT, &opt);
		opt.option = DTRACE_OPT_STRSIZE;
		opt.value = strsize;
		dt_ioctl(fd, DTRACEIOC_SETOPT, &opt);

		memset(act, 0, sizeof(act));
		act[0].kind = act[1].kind = DTRACE_ACT_DIFEXPR;
		act[0].size = act[1].size = 8;
		act[1].offset = 8;
		difo_set(&act[0].difo, cmp, 4, DTRACE_DIF_RTYPE_INT, 8);
		difo_set(&act[1].difo, rcmp, 4, DTRACE_DIF_RTYPE_INT, 8);
		act[0].difo.strtab = act[1].difo.strtab = (uintptr_t)strtab;
		act[0].difo.strtab_len = act[1].difo.strtab_len =
			sizeof(strtab);
		enable_one(fd, act, 2, NULL);
		difo_set(&act[0].difo, bad, 4, DTRACE_DIF_RTYPE_INT, 8);
		act[0].difo.strtab = (uintptr_t)strtab;
		act[0].difo.strtab_len = sizeof(strtab);
		enable_one(fd, act, 1, NULL);

		dt_ioctl(fd, DTRACEIOC_GO, &go);
		snap.cpu = go.cpu;
		snap.data = (uintptr_t)buf;
		snap.bufsize = bufsize;
		ret = dt_ioctl(fd, DTRACEIOC_BUFSNAP, &snap);
		if (strsize == 4)
			tap_ok(ret == 0 && snap.used == 32 && v[0] == -1 &&
			       v[1] == 1, "strcmp over 4 bytes: %lld %lld",
			       (long long)v[0], (long long)v[1]);
		else
			tap_ok(ret == 0 && snap.used == 32 && v[0] == 0 &&
			       v[1] == 0, "strcmp stops at strsize 3: %lld %lld",
			       (long long)v[0], (long long)v[1]);
		tap_ok(snap.errors == 1,
		       "bad string address with no ERROR clause counted (%llu)",
		       (unsigned long long)snap.errors);
		close(fd);
	}
	free(buf);
}

int main(void)
{
	tap_plan();
	dev = dt_open();
	test_version();
	test_probematch();
	test_verifier();
	test_actions();
	test_trace();
	test_strcmp();
	close(dev);
	return tap_finish();
}
