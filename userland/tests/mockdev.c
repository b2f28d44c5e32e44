// SPDX-License-Identifier: GPL-2.0
/*
 * A stand-in for /dev/dtrace, for host tests of the dtrace command only:
 * loaded with LD_PRELOAD, it answers open("/dev/dtrace") and the ioctls
 * of include/uapi/linux/dtrace.h from a small probe table, runs clauses
 * with the kernel's own DIF engine (hostenv.c) and writes records as
 * the ABI header describes.  BEGIN fires at GO, every tick-* probe once
 * per STATUS while active, END at STOP, ERROR on a fault.  It is no
 * model of the kernel's timing or concurrency.  As the kernel does, it
 * refuses SETOPT once a clause is enabled and destructive actions
 * without DTRACE_OPT_DESTRUCTIVE; STACK records get fake kernel pcs
 * (DTRACE_MOCK_KPC, counting down by 0x10), USTACK records the mock's
 * pid and fake user pcs (DTRACE_MOCK_UPC).  PROBEARG gives the syscall
 * probe read(2)'s three argument types, mock:::xlate's args[0] as an
 * "xlt_t *" translated from its int arg1 (the probe exists once a
 * description names provider mock), others none.
 *
 * DTRACE_MOCK=absent makes the device missing, =noperm refuses it,
 * =version reports another ABI version.  DTRACE_MOCK_REFUSE=R:P:I:NAME
 * makes ENABLE of a probe named NAME fail EINVAL with dif_rule R,
 * dif_prog P and dif_insn I, as when the kernel's verifier refuses a
 * program.  DTRACE_MOCK_DYNDROPS=N reports
 * N dynamic variable drops on CPU 0 at the first snapshot,
 * DTRACE_MOCK_DROPS=N as many dropped records.
 *
 * DTRACE_MOCK_SIGINT_AT=N raises SIGINT in the Nth reading of
 * CLOCK_MONOTONIC after GO, in the middle of whatever dtrace is doing,
 * so that a test sweeping N lands one between the test of its stop
 * flag and its sleep.  Should dtrace go to sleep before its Nth
 * reading, a timer armed at GO sends the SIGINT 5 s later instead:
 * one SIGINT either way.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <engine/glob.h>
#include "hostenv.h"

#define MOCK_NCPUS	2
#define MOCK_MAXPROBES	64
#define MOCK_MAXECBS	256
#define MOCK_KPC	0xffffffff81000100ULL
#define MOCK_UPC	0x401100ULL

struct mock_prog {
	struct dt_difo d;
};

struct mock_clause {
	struct dt_difo *pred;
	struct dtrace_actdesc *acts;
	struct dt_difo **progs;
	uint32_t nacts, datasize;
	uint64_t cookie;
};

struct mock_ecb {
	uint32_t probe;
	struct mock_clause *cl;
};

static int mock_fd = -1;
static struct dtrace_probedesc probes[MOCK_MAXPROBES + 1];
static uint32_t nprobes;
static struct mock_ecb ecbs[MOCK_MAXECBS + 1];	/* by EPID, from 1 */
static uint32_t necbs;
static uint32_t activity;
static uint64_t opt_bufsize = DTRACE_BUFSIZE_DEFAULT;
static uint64_t opt_cpu = DTRACE_CPU_ANY;	/* probes fire on CPU 0 */
static uint64_t opt_strsize = DTRACE_STRSIZE_DEFAULT;
static uint64_t opt_destructive;
static uint64_t opt_bufpolicy = DTRACE_BUFPOLICY_SWITCH;
static bool env_drops_done;
static uint64_t clock_reads;	/* of CLOCK_MONOTONIC, since GO */
static timer_t sigint_timer;	/* DTRACE_MOCK_SIGINT_AT's fallback */
static bool sigint_armed;
static char *bufs[MOCK_NCPUS];
static uint64_t used[MOCK_NCPUS], drops[MOCK_NCPUS];

static void probe_add(const char *prov, const char *name)
{
	struct dtrace_probedesc *p = &probes[++nprobes];

	strcpy(p->provider, prov);
	strcpy(p->name, name);
}

static void mock_init(void)
{
	if (nprobes)
		return;
	probe_add("dtrace", "BEGIN");
	probe_add("dtrace", "END");
	probe_add("dtrace", "ERROR");
	probe_add("syscall", "entry");
	strcpy(probes[nprobes].mod, "vmlinux");
	strcpy(probes[nprobes].func, "read");
}

static bool probe_matches(const struct dtrace_probedesc *p,
			  const struct dtrace_probedesc *d)
{
	return dtrace_match_glob(d->provider, p->provider) &&
	       dtrace_match_glob(d->mod, p->mod) &&
	       dtrace_match_glob(d->func, p->func) &&
	       dtrace_match_glob(d->name, p->name);
}

static void provide(const struct dtrace_probedesc *d)
{
	uint32_t i;

	if (!strcmp(d->provider, "mock")) {
		for (i = 1; i <= nprobes; i++)
			if (!strcmp(probes[i].provider, "mock"))
				return;
		probe_add("mock", "xlate");
		return;
	}
	if ((d->provider[0] && strcmp(d->provider, "profile")) ||
	    strncmp(d->name, "tick-", 5) || strpbrk(d->name, "*?[") ||
	    nprobes == MOCK_MAXPROBES)
		return;
	for (i = 1; i <= nprobes; i++)
		if (!strcmp(probes[i].name, d->name))
			return;
	probe_add("profile", d->name);
}

/*
 * A copy of LEN bytes at the caller's ADDR, one byte more so that LEN 0
 * still allocates; an empty table may come as a NULL address, which
 * memcpy() must not be given even for 0 bytes.
 */
static void *copy_table(uint64_t addr, size_t len)
{
	void *p = malloc(len + 1);

	if (p && len)
		memcpy(p, (void *)(uintptr_t)addr, len);
	return p;
}

static void difo_free(struct dt_difo *d)
{
	if (!d)
		return;
	free(d->insns);
	free(d->ints);
	free(d->strtab);
	free(d->vartab);
	free(d);
}

static struct dt_difo *difo_copy(const struct dtrace_difo *k)
{
	struct dt_difo *d = calloc(1, sizeof(*d));

	d->k = *k;
	d->insns = copy_table(k->insns, k->ninsns * sizeof(*d->insns));
	d->ints = copy_table(k->inttab, k->nints * sizeof(*d->ints));
	d->strtab = copy_table(k->strtab, k->strtab_len);
	d->vartab = copy_table(k->vartab, k->nvars * sizeof(*d->vartab));
	if (k->nvars > DTRACE_DIF_MAXVARS ||
	    (k->strtab_len && d->strtab[k->strtab_len - 1])) {
		difo_free(d);
		return NULL;
	}
	return d;
}

static void clause_free(struct mock_clause *cl)
{
	uint32_t i;

	difo_free(cl->pred);
	for (i = 0; cl->progs && i < cl->nacts; i++)
		difo_free(cl->progs[i]);
	free(cl->progs);
	free(cl->acts);
	free(cl);
}

static int do_enable(struct dtrace_ioc_enable *en)
{
	const char *refuse = getenv("DTRACE_MOCK_REFUSE");
	uint32_t rule, prog, insn;
	struct mock_clause *cl;
	char name[64];
	uint32_t i, end = 0;
	int err = -EINVAL;

	if (activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;
	if (refuse && sscanf(refuse, "%u:%u:%u:%63s", &rule, &prog, &insn,
			     name) == 4 && !strcmp(name, en->desc.name)) {
		en->dif_rule = rule;	/* as the kernel's verifier says why */
		en->dif_prog = prog;
		en->dif_insn = insn;
		return -EINVAL;
	}
	cl = calloc(1, sizeof(*cl));
	cl->cookie = en->cookie;
	if (en->pred.ninsns) {
		cl->pred = difo_copy(&en->pred);
		if (!cl->pred || en->pred.rtype != DTRACE_DIF_RTYPE_INT)
			goto out_free;
	}
	cl->nacts = en->nactions;
	cl->acts = copy_table(en->actions, en->nactions * sizeof(*cl->acts));
	cl->progs = calloc(en->nactions + 1, sizeof(*cl->progs));
	for (i = 0; i < cl->nacts; i++) {
		struct dtrace_actdesc *a = &cl->acts[i];

		if (!a->kind || a->kind >= DTRACE_ACT_MAX)
			goto out_free;
		if ((a->kind == DTRACE_ACT_RAISE ||
		     a->kind == DTRACE_ACT_STOP ||
		     a->kind == DTRACE_ACT_CHILL) &&
		    !(opt_destructive & DTRACE_DESTRUCTIVE_ALLOW)) {
			err = -EPERM;
			goto out_free;
		}
		if (a->kind == DTRACE_ACT_PANIC &&
		    !(opt_destructive & DTRACE_DESTRUCTIVE_PANIC)) {
			err = -EPERM;
			goto out_free;
		}
		if ((a->kind == DTRACE_ACT_STACK &&
		     (!a->arg || a->arg > 128 || a->size != 8 * a->arg)) ||
		    (a->kind == DTRACE_ACT_USTACK &&
		     (!a->arg || a->arg > 128 ||
		      a->size != 8 * (a->arg + 1))))
			goto out_free;
		cl->progs[i] = difo_copy(&a->difo);
		if (!cl->progs[i])
			goto out_free;
		/* the kernel's rules (framework/ecb.c) */
		if (a->kind == DTRACE_ACT_EXIT &&
		    (a->size != 4 || a->offset % 4 ||
		     a->difo.rtype != DTRACE_DIF_RTYPE_INT))
			goto out_free;
		if (!a->size) {		/* run for its effects only */
			if (a->offset)
				goto out_free;
			continue;
		}
		if (a->kind == DTRACE_ACT_DIFEXPR &&
		    a->difo.rtype == DTRACE_DIF_RTYPE_INT &&
		    (a->size != a->difo.rsize || a->offset % a->size))
			goto out_free;
		if (a->offset < end)	/* we emit in order */
			goto out_free;
		end = a->offset + a->size;
	}
	cl->datasize = end;
	en->nmatched = 0;
	for (i = 1; i <= nprobes; i++) {
		if (!probe_matches(&probes[i], &en->desc))
			continue;
		if (necbs == MOCK_MAXECBS)
			return -ENOMEM;
		ecbs[++necbs].probe = i;
		ecbs[necbs].cl = cl;
		en->nmatched++;
	}
	if (!en->nmatched)
		clause_free(cl);	/* no ecb refers to it */
	return 0;

out_free:
	clause_free(cl);
	return err;
}

static void fire(uint32_t probe, const uint64_t *args, bool in_error);

static void ecb_error(uint32_t epid, uint32_t action, struct dif_env *env,
		      bool in_error)
{
	uint64_t args[10] = { epid, ecbs[epid].probe, action, env->fault_pc,
			      (uint64_t)env->fault, 0 };

	if (!in_error)
		fire(3, args, true);
}

static uint64_t env_u64(const char *name, uint64_t dflt)
{
	const char *v = getenv(name);

	return v ? strtoull(v, NULL, 0) : dflt;
}

/* Three fake frames, then zeroes; USTACK starts with our pid. */
static void stack_fill(const struct dtrace_actdesc *a, char *p)
{
	uint64_t pc, n = a->arg, i;

	if (a->kind == DTRACE_ACT_USTACK) {
		pc = (uint64_t)getpid();
		memcpy(p, &pc, 8);
		p += 8;
		pc = env_u64("DTRACE_MOCK_UPC", MOCK_UPC);
	} else {
		pc = env_u64("DTRACE_MOCK_KPC", MOCK_KPC);
	}
	for (i = 0; i < n && i < 3; i++, pc -= 0x10)
		memcpy(p + 8 * i, &pc, 8);
}

static void ecb_fire(uint32_t epid, const uint64_t *args, bool in_error)
{
	const struct mock_ecb *e = &ecbs[epid];
	const struct mock_clause *cl = e->cl;
	const struct dtrace_probedesc *p = &probes[e->probe];
	uint64_t recsize = DT_ALIGN(sizeof(struct dtrace_rechdr) +
				    cl->datasize, 8);
	struct dtrace_rechdr *hdr;
	/* variables live from one firing to the next, as in the kernel */
	static struct dif_env env;
	uint32_t i, cpu = 0;
	bool exiting = false;
	char *data;
	uint64_t v;

	env.strsize = (uint32_t)opt_strsize;
	for (i = 0; i < 10; i++)
		env.vars[DTRACE_DIF_VAR_ARG0 + i] = args ? args[i] : 0;
	env.vars[DTRACE_DIF_VAR_PID] = (uint64_t)getpid();
	env.vars[DTRACE_DIF_VAR_TID] = (uint64_t)getpid();
	env.vars[DTRACE_DIF_VAR_PPID] = (uint64_t)getppid();
	env.vars[DTRACE_DIF_VAR_UID] = getuid();
	env.vars[DTRACE_DIF_VAR_GID] = getgid();
	env.vars[DTRACE_DIF_VAR_CPU] = cpu;
	env.vars[DTRACE_DIF_VAR_TIMESTAMP] = 1000;
	env.vars[DTRACE_DIF_VAR_WALLTIMESTAMP] = (uint64_t)time(NULL) *
						 1000000000ULL;
	env.vars[DTRACE_DIF_VAR_ID] = e->probe;
	env.vars[DTRACE_DIF_VAR_EPID] = epid;
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "dtrace";
	env.strvars[DTRACE_DIF_VAR_PROBEPROV] = p->provider;
	env.strvars[DTRACE_DIF_VAR_PROBEMOD] = p->mod;
	env.strvars[DTRACE_DIF_VAR_PROBEFUNC] = p->func;
	env.strvars[DTRACE_DIF_VAR_PROBENAME] = p->name;

	dif_env_clause(&env);	/* one scratch and strtok() per clause */
	if (cl->pred) {
		if (dif_eval(cl->pred, &env, &v)) {
			ecb_error(epid, 0, &env, in_error);
			return;
		}
		if (!v)
			return;
	}
	if (used[cpu] + recsize > opt_bufsize) {
		drops[cpu]++;
		return;
	}
	hdr = (struct dtrace_rechdr *)(bufs[cpu] + used[cpu]);
	memset(hdr, 0, recsize);
	hdr->epid = epid;
	hdr->size = (uint32_t)(sizeof(*hdr) + cl->datasize);
	data = (char *)(hdr + 1);
	for (i = 0; i < cl->nacts; i++) {
		const struct dtrace_actdesc *a = &cl->acts[i];

		if (a->kind == DTRACE_ACT_STACK ||
		    a->kind == DTRACE_ACT_USTACK) {
			stack_fill(a, data + a->offset);
			continue;
		}
		if (a->kind != DTRACE_ACT_DIFEXPR &&
		    a->kind != DTRACE_ACT_EXIT)
			continue;	/* raise, stop, chill: nothing stored */
		if (dif_eval(cl->progs[i], &env, &v)) {
			ecb_error(epid, i + 1, &env, in_error);
			return;	/* nothing committed */
		}
		if (a->kind == DTRACE_ACT_EXIT)
			exiting = true;
		if (!a->size)
			continue;
		/* a NULL string or object: the kernel's copy faults at 0 */
		if (!v && a->difo.rtype != DTRACE_DIF_RTYPE_INT) {
			env.fault = DTRACEFLT_BADADDR;
			ecb_error(epid, i + 1, &env, in_error);
			return;
		}
		if (a->difo.rtype == DTRACE_DIF_RTYPE_STRING)
			strncpy(data + a->offset, (const char *)(uintptr_t)v,
				a->size - 1);
		else if (a->difo.rtype == DTRACE_DIF_RTYPE_BYREF)
			memcpy(data + a->offset, (const void *)(uintptr_t)v,
			       a->size < a->difo.rsize ? a->size :
			       a->difo.rsize);
		else
			memcpy(data + a->offset, &v, a->size);	/* LE */
	}
	/* as the kernel: a clause whose actions all store nothing records nothing */
	if (!cl->nacts || cl->datasize)
		used[cpu] += recsize;
	if (exiting && (activity == DTRACE_ACTIVITY_ACTIVE ||
			activity == DTRACE_ACTIVITY_WARMUP))
		activity = DTRACE_ACTIVITY_DRAINING;
}

static void fire(uint32_t probe, const uint64_t *args, bool in_error)
{
	uint32_t epid;

	/* the cpu option: probes fire on CPU 0 here; BEGIN and END anywhere */
	if (probe > 2 && opt_cpu != DTRACE_CPU_ANY && opt_cpu != 0)
		return;
	for (epid = 1; epid <= necbs; epid++)
		if (ecbs[epid].probe == probe)
			ecb_fire(epid, args, in_error);
}

static void fire_ticks(void)
{
	uint32_t i;

	for (i = 1; i <= nprobes; i++)
		if (!strncmp(probes[i].name, "tick-", 5) &&
		    activity == DTRACE_ACTIVITY_ACTIVE)
			fire(i, NULL, false);
}

/* One attribute triple: MOCK_ATTR(EVOLVING, EVOLVING, ISA) */
#define MOCK_ATTR(n, d, c) { DTRACE_STABILITY_##n, DTRACE_STABILITY_##d, \
			     DTRACE_CLASS_##c }

/* The syscall provider's stability, as dtrace_syscall.ko declares it. */
static const struct dtrace_pattr mock_syscall_attr = {
	.provider	= MOCK_ATTR(EVOLVING, EVOLVING, COMMON),
	.mod		= MOCK_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= MOCK_ATTR(UNSTABLE, UNSTABLE, ISA),
	.name		= MOCK_ATTR(EVOLVING, EVOLVING, COMMON),
	.args		= MOCK_ATTR(UNSTABLE, UNSTABLE, ISA),
};

/* The dtrace provider's, as dtrace_core.ko declares it. */
static const struct dtrace_pattr mock_dtrace_attr = {
	.provider	= MOCK_ATTR(STABLE, STABLE, COMMON),
	.mod		= MOCK_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= MOCK_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.name		= MOCK_ATTR(STABLE, STABLE, COMMON),
	.args		= MOCK_ATTR(STABLE, STABLE, COMMON),
};

/* At GO: DTRACE_MOCK_SIGINT_AT's count starts, its fallback timer runs. */
static void sigint_arm(void)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGINT,
	};
	struct itimerspec its = { .it_value = { .tv_sec = 5 } };

	clock_reads = 0;
	sigint_armed = env_u64("DTRACE_MOCK_SIGINT_AT", 0) &&
		       !timer_create(CLOCK_MONOTONIC, &sev, &sigint_timer) &&
		       !timer_settime(sigint_timer, 0, &its, NULL);
}

static int mock_ioctl(unsigned long cmd, void *arg)
{
	uint32_t i;

	switch (cmd) {
	case DTRACEIOC_VERSION: {
		struct dtrace_ioc_version *v = arg;
		const char *m = getenv("DTRACE_MOCK");

		v->version = m && !strcmp(m, "version") ? 99 :
			     DTRACE_ABI_VERSION;
		return 0;
	}
	case DTRACEIOC_PROBEMATCH: {
		struct dtrace_ioc_probe *p = arg;

		if (p->flags & DTRACE_MATCH_PROVIDE)
			provide(&p->desc);
		for (i = p->id ? p->id : 1; i <= nprobes; i++) {
			if (probe_matches(&probes[i], &p->desc)) {
				p->id = i;
				p->desc = probes[i];
				/* the other mock providers declare none */
				memset(&p->attr, 0, sizeof(p->attr));
				if (!strcmp(probes[i].provider, "syscall"))
					p->attr = mock_syscall_attr;
				if (!strcmp(probes[i].provider, "dtrace"))
					p->attr = mock_dtrace_attr;
				return 0;
			}
		}
		return -ENOENT;
	}
	case DTRACEIOC_SETOPT: {
		struct dtrace_ioc_setopt *so = arg;

		if (activity != DTRACE_ACTIVITY_INACTIVE || necbs)
			return -EBUSY;
		if (so->option == DTRACE_OPT_BUFSIZE)
			opt_bufsize = so->value;
		else if (so->option == DTRACE_OPT_STRSIZE)
			opt_strsize = so->value;
		else if (so->option == DTRACE_OPT_DESTRUCTIVE)
			opt_destructive = so->value;
		else if (so->option == DTRACE_OPT_CPU)
			opt_cpu = so->value;
		else if (so->option == DTRACE_OPT_BUFPOLICY)
			opt_bufpolicy = so->value;
		else if (so->option != DTRACE_OPT_DYNVARSIZE &&
			 so->option != DTRACE_OPT_SCRATCHSIZE)
			return -EINVAL;
		if (opt_cpu != DTRACE_CPU_ANY && opt_cpu >= MOCK_NCPUS)
			return -EINVAL;
		return 0;
	}
	case DTRACEIOC_PROBEARG: {
		static const char *const rd[] = { "unsigned int", "char *",
						   "size_t" };
		struct dtrace_ioc_probearg *pa = arg;

		if (!pa->id || pa->id > nprobes)
			return -ENOENT;
		if (pa->argno >= 10)
			return -EINVAL;
		memset(pa->native, 0, sizeof(pa->native));
		memset(pa->xlate, 0, sizeof(pa->xlate));
		pa->mapping = pa->argno;
		if (!strcmp(probes[pa->id].provider, "syscall") &&
		    pa->argno < 3)
			strcpy(pa->native, rd[pa->argno]);
		if (!strcmp(probes[pa->id].provider, "mock") && !pa->argno) {
			strcpy(pa->native, "int");
			strcpy(pa->xlate, "xlt_t *");
			pa->mapping = 1;
		}
		return 0;
	}
	case DTRACEIOC_ENABLE:
		return do_enable(arg);
	case DTRACEIOC_EPDESC: {
		struct dtrace_ioc_epdesc *ep = arg;

		if (!ep->epid || ep->epid > necbs)
			return -ENOENT;
		ep->probe = ecbs[ep->epid].probe;
		ep->cookie = ecbs[ep->epid].cl->cookie;
		ep->datasize = ecbs[ep->epid].cl->datasize;
		return 0;
	}
	case DTRACEIOC_GO: {
		uint64_t end = 0;

		if (activity != DTRACE_ACTIVITY_INACTIVE)
			return -EBUSY;
		/* the kernel's checks: fill keeps room for END's records */
		for (i = 1; i <= necbs; i++)
			if (ecbs[i].probe == 2)
				end += DT_ALIGN(sizeof(struct dtrace_rechdr) +
						ecbs[i].cl->datasize, 8);
		if (opt_bufpolicy == DTRACE_BUFPOLICY_FILL && end > opt_bufsize)
			return -ENOSPC;
		/* every record fits in a buffer */
		for (i = 1; i <= necbs; i++)
			if (DT_ALIGN(sizeof(struct dtrace_rechdr) +
				     ecbs[i].cl->datasize, 8) > opt_bufsize)
				return -E2BIG;
		for (i = 0; i < MOCK_NCPUS; i++)
			bufs[i] = calloc(1, opt_bufsize);
		activity = DTRACE_ACTIVITY_WARMUP;
		sigint_arm();
		fire(1, NULL, false);
		if (activity == DTRACE_ACTIVITY_WARMUP)
			activity = DTRACE_ACTIVITY_ACTIVE;
		return 0;
	}
	case DTRACEIOC_STOP:
		if (activity != DTRACE_ACTIVITY_ACTIVE &&
		    activity != DTRACE_ACTIVITY_DRAINING)
			return -EBUSY;
		activity = DTRACE_ACTIVITY_COOLDOWN;
		fire(2, NULL, false);
		activity = DTRACE_ACTIVITY_STOPPED;
		return 0;
	case DTRACEIOC_STATUS: {
		struct dtrace_ioc_status *st = arg;

		fire_ticks();
		st->activity = activity;
		return 0;
	}
	case DTRACEIOC_BUFSNAP: {
		struct dtrace_ioc_bufsnap *bs = arg;

		if (!bufs[0])
			return -ENXIO;
		if (bs->cpu >= MOCK_NCPUS)
			return -EINVAL;
		if (bs->bufsize < opt_bufsize)
			return -ENOSPC;
		memcpy((void *)(uintptr_t)bs->data, bufs[bs->cpu],
		       used[bs->cpu]);
		bs->used = used[bs->cpu];
		bs->drops = drops[bs->cpu];
		bs->errors = 0;
		bs->dyndrops = 0;
		if (bs->cpu == 0 && !env_drops_done) {
			env_drops_done = true;
			bs->drops += env_u64("DTRACE_MOCK_DROPS", 0);
			bs->dyndrops = env_u64("DTRACE_MOCK_DYNDROPS", 0);
		}
		used[bs->cpu] = 0;
		drops[bs->cpu] = 0;
		return 0;
	}
	}
	return -ENOTTY;
}

static int mock_open(const char *path, int flags, mode_t mode,
		     int (*real)(const char *, int, ...))
{
	const char *m = getenv("DTRACE_MOCK");

	if (strcmp(path, "/dev/dtrace"))
		return real(path, flags, mode);
	if (m && !strcmp(m, "absent")) {
		errno = ENOENT;
		return -1;
	}
	if (m && !strcmp(m, "noperm")) {
		errno = EACCES;
		return -1;
	}
	mock_init();
	mock_fd = real("/dev/null", O_RDWR, 0);
	return mock_fd;
}

int open(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	mode_t mode = 0;
	va_list ap;

	if (!real)
		real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	return mock_open(path, flags, mode, real);
}

int open64(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	mode_t mode = 0;
	va_list ap;

	if (!real)
		real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT,
							      "open64");
	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	return mock_open(path, flags, mode, real);
}

int ioctl(int fd, unsigned long cmd, ...)
{
	static int (*real)(int, unsigned long, ...);
	void *arg;
	va_list ap;
	int ret;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (fd != mock_fd || mock_fd < 0) {
		if (!real)
			real = (int (*)(int, unsigned long, ...))
				dlsym(RTLD_NEXT, "ioctl");
		return real(fd, cmd, arg);
	}
	ret = mock_ioctl(cmd, arg);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return 0;
}

/* DTRACE_MOCK_SIGINT_AT: a SIGINT at a chosen clock reading after GO. */
int clock_gettime(clockid_t clk, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);
	int ret;

	if (!real)
		real = (int (*)(clockid_t, struct timespec *))
			dlsym(RTLD_NEXT, "clock_gettime");
	ret = real(clk, ts);
	if (sigint_armed && clk == CLOCK_MONOTONIC &&
	    ++clock_reads == env_u64("DTRACE_MOCK_SIGINT_AT", 0)) {
		struct itimerspec off = { 0 }, left;

		/* the timer's SIGINT, or this one: not both */
		sigint_armed = false;
		if (!timer_settime(sigint_timer, 0, &off, &left) &&
		    (left.it_value.tv_sec || left.it_value.tv_nsec))
			raise(SIGINT);
	}
	return ret;
}
