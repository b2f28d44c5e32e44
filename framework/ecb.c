// SPDX-License-Identifier: GPL-2.0
/*
 * Enablings: a consumer's clause (predicate + actions) checked and copied
 * in, then placed on every matching probe as an ECB with its own EPID.
 * Enabling is all or nothing; removal unlinks, waits for probe context
 * to let go (synchronize_rcu), then frees.  Process context only.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sort.h>
#include <linux/uaccess.h>
#include "internal.h"

static void dtrace_clause_free(struct dtrace_clause *clause)
{
	u32 i;

	for (i = 0; i < clause->nactions; i++)
		dtrace_prog_free(clause->actions[i].prog);
	dtrace_prog_free(clause->pred);
	dtrace_free(clause);
}

void dtrace_clause_put(struct dtrace_clause *clause)
{
	if (refcount_dec_and_test(&clause->refs))
		dtrace_clause_free(clause);
}

static int dtrace_action_cmp(const void *a, const void *b)
{
	const struct dtrace_action *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* A program that is there and returns an integer. */
static bool dtrace_prog_is_int(const struct dtrace_dif_prog *prog)
{
	return prog && prog->rtype == DTRACE_DIF_RTYPE_INT;
}

/*
 * Check one action against the record rules of the ABI header.  Integer
 * results are stored with their own size at a naturally aligned offset
 * (the record data starts 8-aligned), so probe context never writes
 * across an alignment boundary; stacks are arrays of u64.  Actions that
 * store nothing have size 0 and offset 0.
 */
static int dtrace_action_check(const struct dtrace_actdesc *ad,
			       const struct dtrace_dif_prog *prog)
{
	bool stores_nothing = !ad->size && !ad->offset;

	if (ad->reserved || ad->offset >= DTRACE_RECORD_MAX ||
	    ad->size > DTRACE_RECORD_MAX - ad->offset)
		return -EINVAL;
	if (ad->kind != DTRACE_ACT_STACK && ad->kind != DTRACE_ACT_USTACK &&
	    ad->kind != DTRACE_ACT_AGGREGATE && ad->arg)
		return -EINVAL;

	switch (ad->kind) {
	case DTRACE_ACT_DIFEXPR:
		if (!prog)
			return -EINVAL;
		if (!ad->size)	/* run for its effects only */
			return ad->offset ? -EINVAL : 0;
		if (prog->rtype != DTRACE_DIF_RTYPE_INT)
			return 0;
		return ad->size == prog->rsize && !(ad->offset % ad->size) ?
		       0 : -EINVAL;
	case DTRACE_ACT_EXIT:
		return dtrace_prog_is_int(prog) && ad->size == 4 &&
		       !(ad->offset % 4) ? 0 : -EINVAL;
	case DTRACE_ACT_STACK:
		return !prog && ad->arg >= 1 && ad->arg <= DTRACE_STACK_MAX &&
		       ad->size == 8 * ad->arg && !(ad->offset % 8) ?
		       0 : -EINVAL;
	case DTRACE_ACT_USTACK:
		return !prog && ad->arg >= 1 && ad->arg <= DTRACE_USTACK_MAX &&
		       ad->size == 8 * (ad->arg + 1) && !(ad->offset % 8) ?
		       0 : -EINVAL;
	case DTRACE_ACT_AGGREGATE:
		return dtrace_prog_is_int(prog) && stores_nothing &&
		       ad->arg >= 1 && ad->arg < DTRACE_AGG_MAXID ?
		       0 : -EINVAL;
	case DTRACE_ACT_RAISE:
	case DTRACE_ACT_CHILL:
	case DTRACE_ACT_SPECULATE:
	case DTRACE_ACT_COMMIT:
	case DTRACE_ACT_DISCARD:
		return dtrace_prog_is_int(prog) && stores_nothing ?
		       0 : -EINVAL;
	case DTRACE_ACT_STOP:
	case DTRACE_ACT_PANIC:
		return !prog && stores_nothing ? 0 : -EINVAL;
	case DTRACE_ACT_PCAP:
		return dtrace_prog_is_int(prog) &&
		       ad->size > sizeof(struct dtrace_pcaprec) &&
		       !(ad->offset % 8) ? 0 : -EINVAL;
	default:
		return -EINVAL;
	}
}

/*
 * The order rules of speculate(): it comes before every action that
 * stores data, once, and no aggregation, exit(), commit() or discard()
 * follows it (their effects could not be taken back with the record).
 * commit() comes before every action that stores data too: it writes
 * into the principal buffer, where the clause's own record is being
 * filled from then on.  Also notes where the record starts being written
 * and whether the clause touches speculations at all.
 */
static int dtrace_clause_order(struct dtrace_clause *clause)
{
	bool spec = false;
	u32 i;

	clause->first_data = clause->nactions;
	clause->speculates = clause->pred && clause->pred->speculates;
	for (i = 0; i < clause->nactions; i++) {
		const struct dtrace_action *act = &clause->actions[i];

		if (act->prog && act->prog->speculates)
			clause->speculates = true;
		switch (act->kind) {
		case DTRACE_ACT_SPECULATE:
			if (spec || clause->first_data < i)
				return -EINVAL;
			spec = true;
			clause->speculates = true;
			break;
		case DTRACE_ACT_COMMIT:
			if (clause->first_data < i)
				return -EINVAL;
			fallthrough;
		case DTRACE_ACT_DISCARD:
			clause->speculates = true;
			fallthrough;
		case DTRACE_ACT_AGGREGATE:
		case DTRACE_ACT_EXIT:
			if (spec)
				return -EINVAL;
			break;
		}
		if (act->size && clause->first_data == clause->nactions)
			clause->first_data = i;
	}
	return 0;
}

static int dtrace_clause_layout(struct dtrace_clause *clause)
{
	struct dtrace_action *sorted;
	u32 i, end = 0;
	int ret = 0;

	if (!clause->nactions)
		return 0;
	sorted = kmemdup(clause->actions,
			 array_size(clause->nactions, sizeof(*sorted)),
			 GFP_KERNEL);
	if (!sorted)
		return -ENOMEM;
	sort(sorted, clause->nactions, sizeof(*sorted), dtrace_action_cmp,
	     NULL);
	for (i = 0; i < clause->nactions; i++) {
		if (!sorted[i].size)
			continue;	/* stores nothing */
		if (sorted[i].offset < end) {
			ret = -EINVAL;	/* overlaps the one before */
			break;
		}
		end = sorted[i].offset + sorted[i].size;
	}
	kfree(sorted);
	clause->datasize = end;
	return ret;
}

/**
 * dtrace_clause_create() - check and copy in a consumer's clause
 * @cookie: the consumer's name for the clause
 * @upred: predicate (ninsns 0 for none), tables still in user memory
 * @uacts: the action array in user memory
 * @nactions: its length
 * @err: set when the verifier refuses a program: why
 * @err_prog: set to the program refused: 0 the predicate, N action #N
 *
 * Context: process; may sleep.
 * Return: the clause holding one reference, or ERR_PTR(-EINVAL, -E2BIG,
 * -EFAULT, -ENOMEM).
 */
struct dtrace_clause *dtrace_clause_create(u64 cookie,
					   const struct dtrace_difo *upred,
					   const struct dtrace_actdesc __user *uacts,
					   u32 nactions,
					   struct dtrace_dif_err *err,
					   u32 *err_prog)
{
	struct dtrace_actdesc *ads = NULL;
	struct dtrace_clause *clause;
	int ret;
	u32 i;

	if (nactions > DTRACE_ACTIONS_MAX)
		return ERR_PTR(-E2BIG);
	clause = dtrace_zalloc(struct_size(clause, actions, nactions),
			       GFP_KERNEL);
	if (!clause)
		return ERR_PTR(-ENOMEM);
	refcount_set(&clause->refs, 1);
	clause->cookie = cookie;

	if (upred->ninsns) {
		*err_prog = 0;
		clause->pred = dtrace_prog_create(upred, err);
		if (IS_ERR(clause->pred)) {
			ret = PTR_ERR(clause->pred);
			clause->pred = NULL;
			goto out_free;
		}
		ret = -EINVAL;
		if (clause->pred->rtype != DTRACE_DIF_RTYPE_INT)
			goto out_free;
	}

	if (nactions) {
		ads = memdup_user(uacts, array_size(nactions, sizeof(*ads)));
		if (IS_ERR(ads)) {
			ret = PTR_ERR(ads);
			ads = NULL;
			goto out_free;
		}
	}
	for (i = 0; i < nactions; i++) {
		struct dtrace_action *act = &clause->actions[i];
		struct dtrace_dif_prog *prog = NULL;

		if (ads[i].difo.ninsns) {
			*err_prog = i + 1;
			prog = dtrace_prog_create(&ads[i].difo, err);
			if (IS_ERR(prog)) {
				ret = PTR_ERR(prog);
				goto out_free;
			}
		}
		act->kind = ads[i].kind;
		act->offset = ads[i].offset;
		act->size = ads[i].size;
		act->arg = ads[i].arg;
		act->prog = prog;
		clause->nactions++;
		ret = dtrace_action_check(&ads[i], prog);
		if (ret)
			goto out_free;
	}
	ret = dtrace_clause_layout(clause);
	if (!ret)
		ret = dtrace_clause_order(clause);
	if (ret)
		goto out_free;
	kfree(ads);
	return clause;

out_free:
	kfree(ads);
	dtrace_clause_free(clause);
	return ERR_PTR(ret);
}

/* An ECB pointer as its writers, who hold dtrace_lock, see it. */
static struct dtrace_ecb *dtrace_ecb_deref(struct dtrace_ecb __rcu **link)
{
	return rcu_dereference_protected(*link, lockdep_is_held(&dtrace_lock));
}

static void dtrace_ecb_unlink_locked(struct dtrace_ecb *ecb)
{
	struct dtrace_ecb __rcu **link = &ecb->probe->ecbs;
	struct dtrace_ecb *e;

	lockdep_assert_held(&dtrace_lock);
	while ((e = dtrace_ecb_deref(link)) != ecb)
		link = &e->next;
	/* A reader standing on ecb still finds the rest through ecb->next. */
	rcu_assign_pointer(*link, dtrace_ecb_deref(&ecb->next));
}

static void dtrace_ecb_link_locked(struct dtrace_ecb *ecb)
{
	struct dtrace_ecb __rcu **link = &ecb->probe->ecbs;
	struct dtrace_ecb *e;

	lockdep_assert_held(&dtrace_lock);
	/* Clauses fire in the order the consumer enabled them. */
	while ((e = dtrace_ecb_deref(link)))
		link = &e->next;
	rcu_assign_pointer(*link, ecb);
}

static void dtrace_ecb_free(struct dtrace_ecb *ecb)
{
	dtrace_clause_put(ecb->clause);
	dtrace_free(ecb);
}

/*
 * Remove the state's ECBs with EPID > @keep: unlink them all and count
 * their users off, disarm the probes left without users (no global lock
 * held: see dtrace_probe_arm()), wait once for probe context, then free.
 */
static void dtrace_ecbs_truncate(struct dtrace_state *state, u32 keep)
{
	struct dtrace_probe *probe;
	u32 i;

	lockdep_assert_held(&state->lock);
	if (state->necbs == keep)
		return;
	mutex_lock(&dtrace_lock);
	for (i = state->necbs; i > keep; i--) {
		probe = state->ecbs[i - 1]->probe;
		dtrace_ecb_unlink_locked(state->ecbs[i - 1]);
		/* Busy already, so the pin takes no module reference. */
		WARN_ON_ONCE(dtrace_probe_pin_locked(probe));
		probe->users--;
	}
	mutex_unlock(&dtrace_lock);
	for (i = state->necbs; i > keep; i--)
		dtrace_probe_arm(state->ecbs[i - 1]->probe, false);
	synchronize_rcu();
	mutex_lock(&dtrace_lock);
	for (i = state->necbs; i > keep; i--)
		dtrace_probe_unpin_locked(state->ecbs[i - 1]->probe);
	mutex_unlock(&dtrace_lock);
	for (i = state->necbs; i > keep; i--)
		dtrace_ecb_free(state->ecbs[i - 1]);
	state->necbs = keep;
}

static int dtrace_ecbs_grow(struct dtrace_state *state)
{
	struct dtrace_ecb **ecbs;
	u32 cap;

	if (state->necbs < state->ecbs_cap)
		return 0;
	if (state->ecbs_cap >= U32_MAX / 2)
		return -ENOSPC;
	cap = state->ecbs_cap ? state->ecbs_cap * 2 : 16;
	ecbs = dtrace_zalloc_array(cap, sizeof(*ecbs), GFP_KERNEL);
	if (!ecbs)
		return -ENOMEM;
	if (state->necbs)
		memcpy(ecbs, state->ecbs, state->necbs * sizeof(*ecbs));
	dtrace_free(state->ecbs);
	state->ecbs = ecbs;
	state->ecbs_cap = cap;
	return 0;
}

/* What an enabling does with each probe its description matches. */
struct dtrace_ecb_enabling {
	struct dtrace_state		*state;
	const struct dtrace_probedesc	*desc;
	struct dtrace_clause		*clause;
	u32				recsize;
	u64				since;	/* only probes with a later gen */
	bool				refused;	/* a probe could not be armed */
};

/* Count, per provider, the probes the enabling would arm. */
static int dtrace_ecb_count(struct dtrace_probe *probe,
			    struct dtrace_ecb_enabling *en)
{
	if (!probe->users && !probe->pins)
		probe->prov->narming++;
	return 0;
}

/*
 * Whether built-in variable @var is a key the ECB loop reads itself
 * (dtrace_agg_lookup_var() in agg_ctx.c): from the task, the CPU or the
 * probe, with no machine state and no fault, as a key of @kind.
 */
static bool dtrace_ecb_direct_var(u32 var, u32 kind)
{
	switch (var) {
	case DTRACE_DIF_VAR_EXECNAME:
	case DTRACE_DIF_VAR_PROBEPROV:
	case DTRACE_DIF_VAR_PROBEMOD:
	case DTRACE_DIF_VAR_PROBEFUNC:
	case DTRACE_DIF_VAR_PROBENAME:
		return kind == DTRACE_AGGKEY_STRING;
	case DTRACE_DIF_VAR_PID:
	case DTRACE_DIF_VAR_TID:
	case DTRACE_DIF_VAR_UID:
	case DTRACE_DIF_VAR_GID:
	case DTRACE_DIF_VAR_CPU:
		return kind == DTRACE_AGGKEY_INT;
	}
	return false;
}

/*
 * Whether the key program @s pushes the one key of @agg from a built-in
 * variable the ECB loop can read itself (`LDV execname; FLUSHTS;
 * PUSHTR; RET`, `LDV pid; FLUSHTS; PUSHTV; RET`); if so, *@var is it.
 */
static bool dtrace_ecb_direct_key(const struct dtrace_dif_straight *s,
				  const struct dtrace_agg *agg, u32 *var)
{
	const struct dtrace_aggkey *k = &agg->def.keys[0];
	u8 push = k->kind == DTRACE_AGGKEY_STRING ? DTRACE_DIF_OP_PUSHTR :
						    DTRACE_DIF_OP_PUSHTV;

	if (agg->def.nkeys != 1 || agg->npush != 1 || s->nloads != 1 ||
	    s->loads[0].kind != DTRACE_DIF_LOAD_VAR || s->push != push ||
	    s->push_src != 1 || s->push_size ||
	    !dtrace_ecb_direct_var(s->loads[0].var, k->kind))
		return false;
	*var = s->loads[0].var;
	return true;
}

/*
 * The aggregation of @clause if the ECB loop may count it itself
 * (ecb->agg_direct): no predicate, one action, a count() with no
 * increment, whose program is the empty straight form (`@ = count()`:
 * FLUSHTS; RET, which reads nothing and cannot fault) or pushes one
 * key of a built-in variable (dtrace_ecb_direct_key(), *@var); else
 * NULL.
 */
static const struct dtrace_agg *
dtrace_ecb_agg_direct(const struct dtrace_state *state,
		      const struct dtrace_clause *clause, u32 *var)
{
	const struct dtrace_action *act = &clause->actions[0];
	const struct dtrace_dif_straight *s;
	const struct dtrace_agg *agg;

	if (clause->pred || clause->nactions != 1 ||
	    act->kind != DTRACE_ACT_AGGREGATE)
		return NULL;
	s = &act->prog->straight;
	agg = state->aggs[act->arg];
	if (!s->ok || agg->def.func != DTRACE_AGG_COUNT ||
	    (agg->def.flags & DTRACE_AGGDEF_INCR))
		return NULL;
	if (!agg->def.nkeys && !s->nloads && !s->push && !agg->npush)
		return agg;
	return dtrace_ecb_direct_key(s, agg, var) ? agg : NULL;
}

/*
 * Reserve an ECB for the clause on @probe: a user and a pin on the
 * probe, the ECB at the end of the state's table, not linked yet.
 */
static int dtrace_ecb_reserve(struct dtrace_probe *probe,
			      struct dtrace_ecb_enabling *en)
{
	struct dtrace_state *state = en->state;
	struct dtrace_ecb *ecb;
	int ret;

	ret = dtrace_ecbs_grow(state);
	if (ret)
		return ret;
	ecb = dtrace_zalloc(sizeof(*ecb), GFP_KERNEL);
	if (!ecb)
		return -ENOMEM;
	ret = dtrace_probe_pin_locked(probe);
	if (ret) {
		dtrace_free(ecb);
		return ret;
	}
	probe->users++;
	ecb->state = state;
	ecb->probe = probe;
	if (probe == dtrace_probe_begin)
		ecb->fires_in = DTRACE_ACTIVITY_WARMUP;
	else if (probe == dtrace_probe_end)
		ecb->fires_in = DTRACE_ACTIVITY_COOLDOWN;
	else if (probe == dtrace_probe_error)
		ecb->fires_in = DTRACE_ECB_FIRES_ERROR;
	else
		ecb->fires_in = DTRACE_ACTIVITY_ACTIVE;
	ecb->clause = en->clause;
	ecb->recsize = en->recsize;
	ecb->fires_fast = DTRACE_ECB_FIRES_SLOW;
	ecb->agg_direct = dtrace_ecb_agg_direct(state, en->clause,
						&ecb->agg_var);
	if (ecb->agg_direct && !ecb->agg_direct->def.nkeys)
		ecb->agg_count = ecb->agg_direct;
	refcount_inc(&en->clause->refs);
	state->ecbs[state->necbs++] = ecb;
	return 0;
}

/* Give back an ECB reserved and never linked: disarm, unpin, free. */
static void dtrace_ecb_unreserve(struct dtrace_ecb *ecb)
{
	struct dtrace_probe *probe = ecb->probe;

	mutex_lock(&dtrace_lock);
	probe->users--;
	mutex_unlock(&dtrace_lock);
	dtrace_probe_arm(probe, false);
	mutex_lock(&dtrace_lock);
	dtrace_probe_unpin_locked(probe);
	mutex_unlock(&dtrace_lock);
	dtrace_ecb_free(ecb);
}

/*
 * Arm the probes of the ECBs reserved from @first on, with no global
 * lock held, and link each ECB once its probe is armed, numbering them
 * anew.  A probe its provider cannot arm (-EOPNOTSUPP) loses its ECB
 * and is noted; any other error, or @ret already one, gives back every
 * ECB not yet linked.  Returns the error.
 */
static int dtrace_ecbs_arm(struct dtrace_ecb_enabling *en, u32 first,
			   int ret)
{
	struct dtrace_state *state = en->state;
	u32 i, n = first;
	int err;

	for (i = first; i < state->necbs; i++) {
		struct dtrace_ecb *ecb = state->ecbs[i];

		err = ret ?: dtrace_probe_arm(ecb->probe, true);
		if (err) {
			en->refused |= err == -EOPNOTSUPP;
			if (err != -EOPNOTSUPP)
				ret = err;
			dtrace_ecb_unreserve(ecb);
			continue;
		}
		mutex_lock(&dtrace_lock);
		state->ecbs[n++] = ecb;
		ecb->epid = n;
		dtrace_ecb_link_locked(ecb);
		dtrace_probe_unpin_locked(ecb->probe);
		mutex_unlock(&dtrace_lock);
	}
	state->necbs = n;
	return ret;
}

/* Does the enabling want @probe: its description, created late enough? */
static bool dtrace_ecb_wants(const struct dtrace_probe *probe,
			     const struct dtrace_ecb_enabling *en)
{
	return probe->gen > en->since && dtrace_probe_matches(probe, en->desc);
}

/*
 * Call @fn for each probe the enabling wants: the probes of @prov only,
 * if the description names it, else all.
 */
static int dtrace_ecb_each(struct dtrace_provider *prov,
			   struct dtrace_ecb_enabling *en,
			   int (*fn)(struct dtrace_probe *probe,
				     struct dtrace_ecb_enabling *en))
{
	struct dtrace_probe *probe;
	unsigned long id;
	int ret;

	if (prov) {
		list_for_each_entry(probe, &prov->probes, prov_list) {
			if (!dtrace_ecb_wants(probe, en))
				continue;
			ret = fn(probe, en);
			if (ret)
				return ret;
		}
		return 0;
	}
	xa_for_each(&dtrace_probes, id, probe) {
		if (!dtrace_ecb_wants(probe, en))
			continue;
		ret = fn(probe, en);
		if (ret)
			return ret;
	}
	return 0;
}

/* -E2BIG if the enabling would take a provider over its limit. */
static int dtrace_ecb_check_limits(struct dtrace_provider *named,
				   struct dtrace_ecb_enabling *en)
{
	struct dtrace_provider *prov;
	int ret = 0;

	dtrace_ecb_each(named, en, dtrace_ecb_count);
	for (prov = dtrace_provider_first(); prov;
	     prov = dtrace_provider_next(prov)) {
		if (prov->pops->max_enabled &&
		    prov->nenabled + prov->narming > prov->pops->max_enabled)
			ret = -E2BIG;
		prov->narming = 0;
	}
	return ret;
}

/**
 * dtrace_ecb_enable() - place @clause on every probe matching @desc
 * @state: the consumer
 * @desc: probe description, globs allowed
 * @clause: the checked clause; each ECB takes its own reference
 * @provide: ask the providers for the probes @desc names first
 * @gen: in, match only probes created after this generation (0: all);
 *	out, the generation the matching saw, whatever the result
 * @nmatched: out, the number of probes enabled
 *
 * All or nothing: an enabling that would take a provider over its
 * max_enabled fails before arming anything; on any other error, every
 * ECB made by this call is gone again and the probes it armed are
 * disarmed.  A probe its provider cannot arm (->enable says
 * -EOPNOTSUPP) is left out, unless no other probe matches.  A
 * description naming one provider looks at that provider's probes only,
 * however many others (fbt's) there are.
 * Context: process; may sleep; state->lock held.
 * Return: 0 or a negative errno.
 */
int dtrace_ecb_enable(struct dtrace_state *state,
		      const struct dtrace_probedesc *desc,
		      struct dtrace_clause *clause, bool provide, u64 *gen,
		      u32 *nmatched)
{
	struct dtrace_ecb_enabling en = {
		.state = state,
		.desc = desc,
		.clause = clause,
		.recsize = ALIGN(sizeof(struct dtrace_rechdr) +
				 clause->datasize, 8),
		.since = *gen,
	};
	u32 first = state->necbs;
	struct dtrace_provider *prov;
	int perr = 0, ret = 0;

	lockdep_assert_held(&state->lock);
	if (provide)
		perr = dtrace_providers_provide(desc);

	mutex_lock(&dtrace_provider_lock);
	mutex_lock(&dtrace_lock);
	*gen = dtrace_probe_gen;
	prov = dtrace_provider_named(desc);
	if (!IS_ERR(prov)) {
		ret = dtrace_ecb_check_limits(prov, &en);
		if (!ret)
			ret = dtrace_ecb_each(prov, &en, dtrace_ecb_reserve);
	}
	mutex_unlock(&dtrace_lock);
	mutex_unlock(&dtrace_provider_lock);

	/* Arming, or giving back after an error, outside the global locks */
	ret = dtrace_ecbs_arm(&en, first, ret);
	if (!ret && en.refused && state->necbs == first)
		ret = -EOPNOTSUPP;
	if (!ret && perr && state->necbs == first)
		ret = perr;	/* nothing to trace: a provider said why */
	if (ret) {
		dtrace_ecbs_truncate(state, first);
		dtrace_trace("consumer %u enabling %s:%s:%s:%s failed: %d",
			     state->id, desc->provider, desc->mod, desc->func,
			     desc->name, ret);
		return ret;
	}
	*nmatched = state->necbs - first;
	if (!*nmatched && en.since)
		return 0;	/* a retained description, nothing new */
	dtrace_trace("consumer %u enabled %s:%s:%s:%s: %u probes", state->id,
		     desc->provider, desc->mod, desc->func, desc->name,
		     *nmatched);
	return 0;
}

/**
 * dtrace_ecbs_destroy() - remove every ECB of @state
 * @state: a consumer being torn down
 *
 * Context: process; may sleep; state->lock held.
 */
void dtrace_ecbs_destroy(struct dtrace_state *state)
{
	dtrace_ecbs_truncate(state, 0);
	dtrace_free(state->ecbs);
	state->ecbs = NULL;
	state->ecbs_cap = 0;
}
