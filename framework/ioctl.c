// SPDX-License-Identifier: GPL-2.0
/*
 * The /dev/dtrace ioctls: copying arguments in and out by the size rule
 * of include/uapi/linux/dtrace.h, checking them, and calling the
 * subsystem that does the work.  Process context; each per-consumer
 * command holds state->lock throughout.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/build_bug.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "internal.h"

/*
 * Read an ioctl argument whose first member is "__u32 size": a shorter
 * struct reads as zero-extended, a longer one only with a zero tail.
 */
static int dtrace_copy_in(void *karg, size_t ksize, unsigned long arg,
			  u32 *usize)
{
	void __user *uarg = (void __user *)arg;
	int ret;

	if (get_user(*usize, (u32 __user *)uarg))
		return -EFAULT;
	if (*usize < sizeof(u32))
		return -EINVAL;
	ret = copy_struct_from_user(karg, ksize, uarg, *usize);
	return ret == -E2BIG ? -EINVAL : ret;
}

static int dtrace_copy_out(unsigned long arg, const void *karg, size_t ksize,
			   u32 usize)
{
	if (copy_to_user((void __user *)arg, karg, min_t(size_t, ksize, usize)))
		return -EFAULT;
	return 0;
}

static bool dtrace_field_valid(const char *s, size_t len)
{
	return strnlen(s, len) < len;
}

static bool dtrace_desc_valid(const struct dtrace_probedesc *d)
{
	return dtrace_field_valid(d->provider, sizeof(d->provider)) &&
	       dtrace_field_valid(d->mod, sizeof(d->mod)) &&
	       dtrace_field_valid(d->func, sizeof(d->func)) &&
	       dtrace_field_valid(d->name, sizeof(d->name));
}

/*
 * The first probe from p->id on that matches p->desc.  When the
 * description names one provider, others' probes are passed over by a
 * pointer test, not matched name by name.
 */
static int dtrace_ioc_probematch(struct dtrace_ioc_probe *p)
{
	struct dtrace_provider *prov;
	struct dtrace_probe *probe;
	unsigned long id;
	int ret = -ENOENT;

	if (p->flags & ~DTRACE_MATCH_PROVIDE || p->reserved ||
	    !dtrace_desc_valid(&p->desc))
		return -EINVAL;
	/* No match: the reason a provider could not make probes, if any. */
	if (p->flags & DTRACE_MATCH_PROVIDE)
		ret = dtrace_providers_provide(&p->desc) ?: -ENOENT;

	mutex_lock(&dtrace_provider_lock);
	mutex_lock(&dtrace_lock);
	prov = dtrace_provider_named(&p->desc);
	if (IS_ERR(prov))
		goto out_unlock;
	xa_for_each_start(&dtrace_probes, id, probe, p->id) {
		if ((!prov || probe->prov == prov) &&
		    dtrace_probe_matches(probe, &p->desc)) {
			p->id = probe->id;
			dtrace_probe_describe(probe, &p->desc);
			/* a provider without attributes has all zero */
			memset(&p->attr, 0, sizeof(p->attr));
			if (probe->prov->pops->attr)
				p->attr = *probe->prov->pops->attr;
			ret = 0;
			break;
		}
	}
out_unlock:
	mutex_unlock(&dtrace_lock);
	mutex_unlock(&dtrace_provider_lock);
	return ret;
}

static int dtrace_ioc_enable(struct dtrace_state *state,
			     struct dtrace_ioc_enable *en)
{
	struct dtrace_dif_err err = { 0 };
	struct dtrace_retained *retained;
	struct dtrace_clause *clause;
	u64 gen = 0;
	int ret;

	if (en->reserved || en->reserved2 || en->dif_rule || en->dif_prog ||
	    en->dif_insn || !dtrace_desc_valid(&en->desc))
		return -EINVAL;
	if (state->activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;
	clause = dtrace_clause_create(en->cookie, &en->pred,
				      u64_to_user_ptr(en->actions),
				      en->nactions, &err, &en->dif_prog);
	if (IS_ERR(clause)) {
		en->dif_rule = err.rule;
		en->dif_insn = err.insn;
		if (!err.rule)
			en->dif_prog = 0;
		return PTR_ERR(clause);
	}
	en->dif_prog = 0;
	/* Check first, record the declarations once the probes are on. */
	ret = dtrace_aggs_check_clause(state, clause);
	if (!ret)
		ret = dtrace_vars_declare(state, clause);
	if (ret)
		goto out_put;
	/* Kept for the probes that appear later, matched or not (-Z). */
	retained = dtrace_retained_alloc(&en->desc, clause);
	if (!retained) {
		ret = -ENOMEM;
		goto out_put;
	}
	ret = dtrace_ecb_enable(state, &en->desc, clause, true, &gen,
				&en->nmatched);
	if (ret) {
		dtrace_retained_discard(retained);
		goto out_put;
	}
	dtrace_retain(state, retained, gen, en->nmatched);
	dtrace_vars_commit(state, clause);
out_put:
	dtrace_clause_put(clause);
	return ret;
}

static int dtrace_ioc_epdesc(struct dtrace_state *state,
			     struct dtrace_ioc_epdesc *ep)
{
	const struct dtrace_ecb *ecb;

	if (ep->epid == 0 || ep->epid > state->necbs)
		return -ENOENT;
	ecb = state->ecbs[ep->epid - 1];
	ep->probe = ecb->probe->id;
	ep->cookie = ecb->clause->cookie;
	ep->datasize = ecb->clause->datasize;
	return 0;
}

static int dtrace_ioc_status(struct dtrace_state *state,
			     struct dtrace_ioc_status *st)
{
	u64 count[DTRACE_CNT_MAX];

	st->activity = READ_ONCE(state->activity);
	dtrace_buffers_count(state, count);
	st->drops = count[DTRACE_CNT_DROPS];
	st->errors = count[DTRACE_CNT_ERRORS];
	st->dyndrops = count[DTRACE_CNT_DYNDROPS];
	st->aggdrops = dtrace_aggs_drops(state);
	st->specdrops = count[DTRACE_CNT_SPECDROPS];
	st->specbusy = count[DTRACE_CNT_SPECBUSY];
	st->specunavail = count[DTRACE_CNT_SPECUNAVAIL];
	return 0;
}

/*
 * The provider describes the argument; dtrace_lock keeps the probe and
 * its provider (dtrace_unregister() takes it) for the call.
 */
static int dtrace_ioc_probearg(struct dtrace_ioc_probearg *pa)
{
	struct dtrace_probe *probe;
	int ret = 0;

	if (pa->argno >= DTRACE_PROBE_NARGS)
		return -EINVAL;
	pa->mapping = pa->argno;
	memset(pa->native, 0, sizeof(pa->native));
	memset(pa->xlate, 0, sizeof(pa->xlate));
	mutex_lock(&dtrace_lock);
	probe = xa_load(&dtrace_probes, pa->id);
	if (!probe)
		ret = -ENOENT;
	else if (probe->prov->pops->getargdesc)
		probe->prov->pops->getargdesc(probe->prov->arg, probe->id,
					      probe->parg, pa);
	mutex_unlock(&dtrace_lock);
	pa->native[sizeof(pa->native) - 1] = '\0';
	pa->xlate[sizeof(pa->xlate) - 1] = '\0';
	return ret;
}

/*
 * The ABI's struct layouts, fixed: selftests/abi/header_c89.c checks the
 * same numbers from userland.
 */
static_assert(sizeof(struct dtrace_probedesc) == 320);
static_assert(sizeof(struct dtrace_dif_insn) == 8);
static_assert(sizeof(struct dtrace_difo) == 56);
static_assert(sizeof(struct dtrace_actdesc) == 80);
static_assert(sizeof(struct dtrace_rechdr) == 16);
static_assert(sizeof(struct dtrace_ioc_version) == 8);
static_assert(sizeof(struct dtrace_ioc_probe) == 352);
static_assert(sizeof(struct dtrace_pattr) == 16);
static_assert(sizeof(struct dtrace_ioc_setopt) == 16);
static_assert(sizeof(struct dtrace_ioc_enable) == 424);
static_assert(offsetof(struct dtrace_ioc_enable, dif_rule) == 408);
static_assert(offsetof(struct dtrace_ioc_enable, pred) == 352);
static_assert(sizeof(struct dtrace_ioc_epdesc) == 24);
static_assert(sizeof(struct dtrace_ioc_go) == 8);
static_assert(sizeof(struct dtrace_ioc_bufsnap) == 80);
static_assert(sizeof(struct dtrace_ioc_status) == 64);
static_assert(sizeof(struct dtrace_aggkey) == 8);
static_assert(sizeof(struct dtrace_ioc_aggdef) == 120);
static_assert(sizeof(struct dtrace_aggent) == 16);
static_assert(sizeof(struct dtrace_ioc_aggsnap) == 40);
static_assert(sizeof(struct dtrace_ioc_probearg) == 272);
static_assert(sizeof(struct dtrace_difv) == 16);
static_assert(sizeof(struct dtrace_cpuinfo) == 72);

/* Argument of any command, so that one copy-in serves them all. */
union dtrace_ioc_arg {
	u32				size;
	struct dtrace_ioc_version	version;
	struct dtrace_ioc_probe		probe;
	struct dtrace_ioc_setopt	setopt;
	struct dtrace_ioc_enable	enable;
	struct dtrace_ioc_epdesc	epdesc;
	struct dtrace_ioc_go		go;
	struct dtrace_ioc_bufsnap	bufsnap;
	struct dtrace_ioc_status	status;
	struct dtrace_ioc_probearg	probearg;
	struct dtrace_ioc_aggdef	aggdef;
	struct dtrace_ioc_aggsnap	aggsnap;
};

/*
 * The kernel's size of each command's argument, by command number: the
 * size in the command word is the caller's, the one in the struct is
 * what counts.
 */
static const size_t dtrace_ioc_size[] = {
	[_IOC_NR(DTRACEIOC_VERSION)]	= sizeof(struct dtrace_ioc_version),
	[_IOC_NR(DTRACEIOC_PROBEMATCH)]	= sizeof(struct dtrace_ioc_probe),
	[_IOC_NR(DTRACEIOC_SETOPT)]	= sizeof(struct dtrace_ioc_setopt),
	[_IOC_NR(DTRACEIOC_ENABLE)]	= sizeof(struct dtrace_ioc_enable),
	[_IOC_NR(DTRACEIOC_EPDESC)]	= sizeof(struct dtrace_ioc_epdesc),
	[_IOC_NR(DTRACEIOC_GO)]		= sizeof(struct dtrace_ioc_go),
	[_IOC_NR(DTRACEIOC_STOP)]	= sizeof(struct dtrace_ioc_go),
	[_IOC_NR(DTRACEIOC_BUFSNAP)]	= sizeof(struct dtrace_ioc_bufsnap),
	[_IOC_NR(DTRACEIOC_STATUS)]	= sizeof(struct dtrace_ioc_status),
	[_IOC_NR(DTRACEIOC_PROBEARG)]	= sizeof(struct dtrace_ioc_probearg),
	[_IOC_NR(DTRACEIOC_AGGDEF)]	= sizeof(struct dtrace_ioc_aggdef),
	[_IOC_NR(DTRACEIOC_AGGSNAP)]	= sizeof(struct dtrace_ioc_aggsnap),
};

static int dtrace_ioc_dispatch(struct dtrace_state *state, unsigned int nr,
			       union dtrace_ioc_arg *a)
{
	switch (nr) {
	case _IOC_NR(DTRACEIOC_VERSION):
		a->version.version = DTRACE_ABI_VERSION;
		return 0;
	case _IOC_NR(DTRACEIOC_PROBEMATCH):
		return dtrace_ioc_probematch(&a->probe);
	case _IOC_NR(DTRACEIOC_SETOPT):
		return dtrace_state_setopt(state, a->setopt.option,
					   a->setopt.value);
	case _IOC_NR(DTRACEIOC_ENABLE):
		return dtrace_ioc_enable(state, &a->enable);
	case _IOC_NR(DTRACEIOC_EPDESC):
		return dtrace_ioc_epdesc(state, &a->epdesc);
	case _IOC_NR(DTRACEIOC_GO):
		return dtrace_state_go(state, &a->go.cpu);
	case _IOC_NR(DTRACEIOC_STOP):
		return dtrace_state_stop(state, &a->go.cpu);
	case _IOC_NR(DTRACEIOC_BUFSNAP):
		return dtrace_buffer_snapshot(state, &a->bufsnap);
	case _IOC_NR(DTRACEIOC_STATUS):
		return dtrace_ioc_status(state, &a->status);
	case _IOC_NR(DTRACEIOC_PROBEARG):
		return dtrace_ioc_probearg(&a->probearg);
	case _IOC_NR(DTRACEIOC_AGGDEF):
		return dtrace_agg_define(state, &a->aggdef);
	case _IOC_NR(DTRACEIOC_AGGSNAP):
		return dtrace_agg_snapshot(state, &a->aggsnap);
	}
	return -ENOTTY;
}

long dtrace_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dtrace_state *state = file->private_data;
	unsigned int nr = _IOC_NR(cmd);
	union dtrace_ioc_arg a;
	size_t ksize;
	u32 usize;
	int ret;

	if (_IOC_TYPE(cmd) != DTRACE_IOC_MAGIC ||
	    nr >= ARRAY_SIZE(dtrace_ioc_size) || !dtrace_ioc_size[nr])
		return -ENOTTY;
	ksize = dtrace_ioc_size[nr];
	memset(&a, 0, sizeof(a));
	ret = dtrace_copy_in(&a, ksize, arg, &usize);
	if (ret)
		return ret;

	mutex_lock(&state->lock);
	ret = dtrace_ioc_dispatch(state, nr, &a);
	mutex_unlock(&state->lock);
	/* A refused program: say why, to a caller that has the fields. */
	if (ret == -EINVAL && nr == _IOC_NR(DTRACEIOC_ENABLE) &&
	    a.enable.dif_rule &&
	    usize >= offsetofend(struct dtrace_ioc_enable, dif_insn))
		return dtrace_copy_out(arg, &a, ksize, usize) ?: ret;
	if (ret)
		return ret;
	return dtrace_copy_out(arg, &a, ksize, usize);
}
