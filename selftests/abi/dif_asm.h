/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the ABI selftests that hand-assemble DIF: building programs
 * (P/PI, E, STR, INT, V) and actions (A), a consumer on /dev/dtrace
 * (c_open, c_opt, c_enable, go, stop), the records of every CPU
 * (c_snap_all, find, u64at, with the counters in snap_tot) and an ERROR
 * clause that records faults (enable_error, fault_of).  Header only; each
 * test program includes it once.  Uses include/uapi/linux/dtrace.h only.
 */
#ifndef _DTRACE_SELFTEST_DIF_ASM_H
#define _DTRACE_SELFTEST_DIF_ASM_H

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

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BUFSIZE		DTRACE_BUFSIZE_DEFAULT
#define MAXREC		512

struct prog {
	struct dtrace_dif_insn in[512];
	unsigned int n;
	uint64_t ints[64];
	unsigned int nints;
	char str[1024];
	unsigned int slen;
	struct dtrace_difv vars[16];
	unsigned int nvars;
	uint32_t rtype, rsize;
};

/* Programs live as long as the test: the kernel copies them at ENABLE. */
static struct prog progs[256];
static unsigned int nprogs;

static inline struct prog *P(uint32_t rtype, uint32_t rsize)
{
	struct prog *p = &progs[nprogs++ % ARRAY_SIZE(progs)];

	memset(p, 0, sizeof(*p));
	p->rtype = rtype;
	p->rsize = rsize;
	return p;
}

static inline struct prog *PI(void)
{
	return P(DTRACE_DIF_RTYPE_INT, 8);
}

static inline void E(struct prog *p, int op, int d, int s1, int s2,
		     int32_t imm)
{
	struct dtrace_dif_insn in = { op, d, s1, s2, imm };

	p->in[p->n++] = in;
}

static inline int STR(struct prog *p, const char *s)
{
	int off = p->slen;

	strcpy(p->str + off, s);
	p->slen += strlen(s) + 1;
	return off;
}

static inline int INT(struct prog *p, uint64_t v)
{
	p->ints[p->nints] = v;
	return p->nints++;
}

static inline void V(struct prog *p, uint32_t id, int scope, int kind,
		     int type, uint32_t size)
{
	struct dtrace_difv v = { id, scope, kind, type, 0, size, 0 };

	p->vars[p->nvars++] = v;
}

static inline void difo(struct dtrace_difo *d, const struct prog *p)
{
	memset(d, 0, sizeof(*d));
	if (!p)
		return;
	d->insns = (uintptr_t)p->in;
	d->ninsns = p->n;
	d->inttab = (uintptr_t)p->ints;
	d->nints = p->nints;
	d->strtab = (uintptr_t)p->str;
	d->strtab_len = p->slen;
	d->vartab = (uintptr_t)p->vars;
	d->nvars = p->nvars;
	d->rtype = p->rtype;
	d->rsize = p->rsize;
}

static inline struct dtrace_actdesc A(int kind, const struct prog *p,
				      uint32_t off, uint32_t size,
				      uint64_t arg)
{
	struct dtrace_actdesc a;

	memset(&a, 0, sizeof(a));
	a.kind = kind;
	a.offset = off;
	a.size = size;
	a.arg = arg;
	difo(&a.difo, p);
	return a;
}

/* A consumer: its fd and the EPID the next ENABLE will hand out. */
struct cons {
	int fd;
	uint32_t next_epid;
};

static inline int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? errno : 0;
}

static inline void c_open(struct cons *c)
{
	c->fd = open("/dev/dtrace", O_RDWR);
	c->next_epid = 1;
	if (c->fd < 0)
		tap_skip_all("cannot open /dev/dtrace: %s", strerror(errno));
}

static inline int c_opt(struct cons *c, uint32_t opt, uint64_t val)
{
	struct dtrace_ioc_setopt o = { sizeof(o), opt, val };

	return xioctl(c->fd, DTRACEIOC_SETOPT, &o);
}

/*
 * Enable on @prov:::@name; the clause's EPID in *epid (when it matched
 * one probe), the number of probes matched in *nmatched.  Return: errno.
 */
static inline int c_enable_on(struct cons *c, const char *prov,
			      const char *name, struct dtrace_actdesc *acts,
			      unsigned int n, uint32_t *epid,
			      uint32_t *nmatched)
{
	struct dtrace_ioc_enable en;
	int ret;

	memset(&en, 0, sizeof(en));
	en.size = sizeof(en);
	strcpy(en.desc.provider, prov);
	strcpy(en.desc.name, name);
	en.actions = (uintptr_t)acts;
	en.nactions = n;
	ret = xioctl(c->fd, DTRACEIOC_ENABLE, &en);
	if (!ret && en.nmatched == 1 && epid)
		*epid = c->next_epid;
	if (!ret)
		c->next_epid += en.nmatched;
	if (nmatched)
		*nmatched = ret ? 0 : en.nmatched;
	return ret;
}

/* Enable on dtrace:::@name; the clause's EPID in *epid.  Return: errno. */
static inline int c_enable(struct cons *c, const char *name,
			   struct dtrace_actdesc *acts, unsigned int n,
			   uint32_t *epid)
{
	return c_enable_on(c, "dtrace", name, acts, n, epid, NULL);
}

/* One record taken back, with its data. */
struct rec {
	uint32_t epid;
	unsigned char data[MAXREC];
};

static struct rec recs[1024];
static unsigned int nrecs;
/* What the last c_snap_all() summed over all CPUs. */
static struct dtrace_ioc_bufsnap snap_tot;

static inline void c_snap_all(struct cons *c)
{
	static char buf[BUFSIZE];
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	long cpu;

	nrecs = 0;
	memset(&snap_tot, 0, sizeof(snap_tot));
	for (cpu = 0; cpu < ncpu; cpu++) {
		struct dtrace_ioc_bufsnap s;
		uint64_t off = 0;

		memset(&s, 0, sizeof(s));
		s.size = sizeof(s);
		s.cpu = cpu;
		s.data = (uintptr_t)buf;
		s.bufsize = sizeof(buf);
		if (xioctl(c->fd, DTRACEIOC_BUFSNAP, &s))
			continue;
		snap_tot.used += s.used;
		snap_tot.drops += s.drops;
		snap_tot.errors += s.errors;
		snap_tot.dyndrops += s.dyndrops;
		snap_tot.specdrops += s.specdrops;
		snap_tot.specbusy += s.specbusy;
		snap_tot.specunavail += s.specunavail;
		while (off + sizeof(struct dtrace_rechdr) <= s.used &&
		       nrecs < ARRAY_SIZE(recs)) {
			struct dtrace_rechdr *h = (void *)(buf + off);
			size_t len = h->size - sizeof(*h);

			recs[nrecs].epid = h->epid;
			memset(recs[nrecs].data, 0, MAXREC);
			memcpy(recs[nrecs].data, h + 1,
			       len < MAXREC ? len : MAXREC);
			nrecs++;
			off += (h->size + 7) & ~7u;
		}
	}
}

static inline struct rec *find(uint32_t epid)
{
	unsigned int i;

	for (i = 0; i < nrecs; i++)
		if (recs[i].epid == epid)
			return &recs[i];
	return NULL;
}

static inline uint64_t u64at(const struct rec *r, unsigned int off)
{
	uint64_t v;

	memcpy(&v, r->data + off, 8);
	return v;
}

/* The ERROR clause: epid (arg0) at 0, fault at 8, address at 16. */
static uint32_t error_epid;

static inline void enable_error(struct cons *c)
{
	struct dtrace_actdesc a[3];
	struct prog *p;
	int i, args[3] = { 0, 4, 5 };

	for (i = 0; i < 3; i++) {
		p = PI();
		E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_ARG0 + args[i]);
		E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
		a[i] = A(DTRACE_ACT_DIFEXPR, p, 8 * i, 8, 0);
	}
	c_enable(c, "ERROR", a, 3, &error_epid);
}

/* The fault of clause @epid that the ERROR clause recorded, or -1. */
static inline int64_t fault_of(uint32_t epid, uint64_t *addr)
{
	unsigned int i;

	for (i = 0; i < nrecs; i++)
		if (recs[i].epid == error_epid && u64at(&recs[i], 0) == epid) {
			if (addr)
				*addr = u64at(&recs[i], 16);
			return u64at(&recs[i], 8);
		}
	return -1;
}

static inline int go(struct cons *c)
{
	struct dtrace_ioc_go g = { sizeof(g), 0 };

	return xioctl(c->fd, DTRACEIOC_GO, &g);
}

static inline int stop(struct cons *c)
{
	struct dtrace_ioc_go g = { sizeof(g), 0 };

	return xioctl(c->fd, DTRACEIOC_STOP, &g);
}

/* A one-action clause recording the integer program @p at offset 0. */
static inline int rec_int(struct cons *c, const char *probe,
			  struct prog *p, uint32_t *epid)
{
	struct dtrace_actdesc a = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);

	return c_enable(c, probe, &a, 1, epid);
}

#endif /* _DTRACE_SELFTEST_DIF_ASM_H */
