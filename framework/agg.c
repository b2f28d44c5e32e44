// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations, process side: DTRACEIOC_AGGDEF (checking a definition
 * and keeping it in the state), the check that an AGGREGATE action names
 * one, the per-CPU aggregation buffers (allocated at GO if anything is
 * defined) and DTRACEIOC_AGGSNAP.  agg_ctx.c is the probe-context side
 * and lays out a buffer.  Process context; state->lock held.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/log2.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "internal.h"

/* Bytes of aggregation buffer per hash chain head. */
#define DTRACE_AGG_BYTES_PER_HEAD	128

/* One key: its size is the kind's, and every kind but the stacks is pushed. */
static int dtrace_aggkey_check(const struct dtrace_aggkey *k, u32 *npush)
{
	switch (k->kind) {
	case DTRACE_AGGKEY_INT:
		(*npush)++;
		return k->size == 8 ? 0 : -EINVAL;
	case DTRACE_AGGKEY_STRING:
		(*npush)++;
		return k->size >= 1 && k->size <= DTRACE_STRSIZE_MAX ?
		       0 : -EINVAL;
	case DTRACE_AGGKEY_BYREF:
		(*npush)++;
		return k->size >= 1 && k->size <= DTRACE_RECORD_MAX ?
		       0 : -EINVAL;
	case DTRACE_AGGKEY_STACK:
		return k->size && !(k->size % 8) &&
		       k->size / 8 <= DTRACE_STACK_MAX ? 0 : -EINVAL;
	case DTRACE_AGGKEY_USTACK:
		return k->size >= 16 && !(k->size % 8) &&
		       k->size / 8 - 1 <= DTRACE_USTACK_MAX ? 0 : -EINVAL;
	}
	return -EINVAL;
}

/* The function's parameters (and the increment flag); values in @agg. */
static int dtrace_aggfunc_check(struct dtrace_agg *agg)
{
	const struct dtrace_ioc_aggdef *d = &agg->def;
	const s64 *p = d->params;
	bool quantizes = d->func >= DTRACE_AGG_QUANTIZE;
	u64 n;

	if (d->flags & ~DTRACE_AGGDEF_INCR ||
	    (d->flags && d->func != DTRACE_AGG_COUNT && !quantizes))
		return -EINVAL;
	if (d->func != DTRACE_AGG_LQUANTIZE &&
	    d->func != DTRACE_AGG_LLQUANTIZE &&
	    (p[0] || p[1] || p[2] || p[3]))
		return -EINVAL;

	switch (d->func) {
	case DTRACE_AGG_COUNT:
	case DTRACE_AGG_SUM:
	case DTRACE_AGG_MIN:
	case DTRACE_AGG_MAX:
		agg->nvals = 1;
		return 0;
	case DTRACE_AGG_AVG:
		agg->nvals = 2;
		return 0;
	case DTRACE_AGG_STDDEV:
		agg->nvals = 4;
		return 0;
	case DTRACE_AGG_QUANTIZE:
		/* the engine's buckets, around the ABI's zero bucket */
		BUILD_BUG_ON(DTRACE_QUANTIZE_ZEROBUCKET !=
			     DTRACE_QUANTIZE_ORDERS ||
			     DTRACE_QUANTIZE_NBUCKETS !=
			     2 * DTRACE_QUANTIZE_ORDERS + 1);
		agg->nvals = DTRACE_QUANTIZE_NBUCKETS;
		return 0;
	case DTRACE_AGG_LQUANTIZE:
		if (p[3])
			return -EINVAL;
		n = dtrace_lquantize_levels(p[0], p[1], p[2]);
		if (!n || n > DTRACE_LQUANTIZE_MAXLEVELS)
			return -EINVAL;
		agg->levels = n;
		agg->nvals = n + 2;
		return 0;
	case DTRACE_AGG_LLQUANTIZE:
		if (p[0] < 2 || p[1] < 0 || p[1] >= p[2] || p[2] > 62 ||
		    (p[3] < p[0] ? p[3] < 1 || p[0] % p[3] : p[3] % p[0]))
			return -EINVAL;
		agg->llq = (struct dtrace_llquantize){
			.factor = p[0], .low = p[1], .high = p[2], .steps = p[3],
		};
		n = dtrace_llquantize_nbuckets(&agg->llq);
		if (!n || n > DTRACE_LLQUANTIZE_MAXBUCKETS)
			return -EINVAL;
		agg->nvals = n;
		return 0;
	}
	return -EINVAL;
}

/* A whole definition; fills in keysize, int_keyed, nvals, npush, levels. */
static int dtrace_aggdef_check(struct dtrace_agg *agg)
{
	const struct dtrace_ioc_aggdef *d = &agg->def;
	static const struct dtrace_aggkey zero;
	u64 keysize = 0;
	u32 i;
	int ret;

	if (d->id < 1 || d->id >= DTRACE_AGG_MAXID || d->reserved ||
	    d->nkeys > DTRACE_AGG_MAXKEYS)
		return -EINVAL;
	for (i = 0; i < DTRACE_AGG_MAXKEYS; i++) {
		if (i >= d->nkeys) {
			if (memcmp(&d->keys[i], &zero, sizeof(zero)))
				return -EINVAL;
			continue;
		}
		ret = dtrace_aggkey_check(&d->keys[i], &agg->npush);
		if (ret)
			return ret;
		keysize += ALIGN(d->keys[i].size, 8);
	}
	if (keysize > DTRACE_AGG_KEYMAX)
		return -EINVAL;
	agg->keysize = keysize;
	agg->int_keyed = !d->nkeys || (d->nkeys == 1 &&
				       d->keys[0].kind == DTRACE_AGGKEY_INT);
	if (d->flags & DTRACE_AGGDEF_INCR)
		agg->npush++;
	return dtrace_aggfunc_check(agg);
}

/**
 * dtrace_agg_define() - DTRACEIOC_AGGDEF
 * @state: the consumer
 * @udef: the definition as copied in
 *
 * Context: process; may sleep; state->lock held.
 * Return: 0 (also for the same definition again), -EINVAL for a bad
 * definition, -EEXIST for an id defined differently, -EBUSY after GO,
 * -ENOMEM.
 */
int dtrace_agg_define(struct dtrace_state *state,
		      const struct dtrace_ioc_aggdef *udef)
{
	struct dtrace_agg *agg, *old;
	int ret;

	lockdep_assert_held(&state->lock);
	if (state->activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;
	agg = dtrace_zalloc(sizeof(*agg), GFP_KERNEL);
	if (!agg)
		return -ENOMEM;
	agg->def = *udef;
	agg->def.size = sizeof(agg->def);
	ret = dtrace_aggdef_check(agg);
	if (ret)
		goto out_free;

	old = state->aggs ? state->aggs[agg->def.id] : NULL;
	if (old) {
		ret = memcmp(&old->def, &agg->def, sizeof(agg->def)) ?
		      -EEXIST : 0;
		goto out_free;
	}
	if (!state->aggs) {
		state->aggs = dtrace_zalloc_array(DTRACE_AGG_MAXID,
						  sizeof(*state->aggs),
						  GFP_KERNEL);
		ret = -ENOMEM;
		if (!state->aggs)
			goto out_free;
	}
	state->aggs[agg->def.id] = agg;
	state->naggs++;
	return 0;

out_free:
	dtrace_free(agg);
	return ret;
}

/**
 * dtrace_aggs_check_clause() - every AGGREGATE of @clause names an aggregation
 * @state: the consumer
 * @clause: a clause about to be enabled; ecb.c checked the rest
 *
 * Context: process; state->lock held.
 * Return: 0 or -EINVAL.
 */
int dtrace_aggs_check_clause(const struct dtrace_state *state,
			     const struct dtrace_clause *clause)
{
	u32 i;

	lockdep_assert_held(&state->lock);
	for (i = 0; i < clause->nactions; i++) {
		const struct dtrace_action *act = &clause->actions[i];

		if (act->kind == DTRACE_ACT_AGGREGATE &&
		    (!state->aggs || !state->aggs[act->arg]))
			return -EINVAL;
	}
	return 0;
}

/**
 * dtrace_aggs_free() - free the aggregation buffers
 * @state: the consumer; no probe context may be using them
 *
 * Context: process; may sleep; state->lock held.
 */
void dtrace_aggs_free(struct dtrace_state *state)
{
	int cpu;

	if (!state->aggbufs)
		return;
	for_each_possible_cpu(cpu) {
		struct dtrace_aggbuf *ab = per_cpu_ptr(state->aggbufs, cpu);

		dtrace_free(ab->data[0]);
		dtrace_free(ab->data[1]);
		dtrace_free(ab->key);
		dtrace_free(ab->hits);
	}
	dtrace_percpu_free(state->aggbufs, sizeof(struct dtrace_aggbuf));
	state->aggbufs = NULL;
}

/**
 * dtrace_aggs_destroy() - free the definitions
 * @state: the consumer being torn down, buffers already freed
 *
 * Context: process; may sleep; state->lock held.
 */
void dtrace_aggs_destroy(struct dtrace_state *state)
{
	u32 id;

	if (!state->aggs)
		return;
	for (id = 1; id < DTRACE_AGG_MAXID; id++)
		dtrace_free(state->aggs[id]);
	dtrace_free(state->aggs);
	state->aggs = NULL;
	state->naggs = 0;
}

/**
 * dtrace_aggs_alloc() - give every possible CPU its two aggregation buffers
 * @state: a consumer about to start, options fixed
 *
 * Nothing is allocated when no aggregation is defined.
 * Context: process; may sleep; state->lock held.
 * Return: 0 or -ENOMEM, with nothing left allocated.
 */
int dtrace_aggs_alloc(struct dtrace_state *state)
{
	/* A size the machine cannot give is an error, not an OOM kill. */
	const gfp_t gfp = GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN;
	u32 id, nhits = 0;
	int cpu;

	lockdep_assert_held(&state->lock);
	state->aggsize = state->options[DTRACE_OPT_AGGSIZE];
	if (!state->naggs)
		return 0;
	state->agg_nheads = rounddown_pow_of_two(state->aggsize /
						 DTRACE_AGG_BYTES_PER_HEAD);
	state->agg_keymax = 8;
	for (id = 1; id < DTRACE_AGG_MAXID; id++)
		if (state->aggs[id]) {
			state->agg_keymax = max(state->agg_keymax,
						state->aggs[id]->keysize);
			nhits = id + 1;
		}

	state->aggbufs = dtrace_percpu_zalloc(sizeof(struct dtrace_aggbuf),
					      __alignof__(struct dtrace_aggbuf));
	if (!state->aggbufs)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct dtrace_aggbuf *ab = per_cpu_ptr(state->aggbufs, cpu);
		int node = cpu_to_node(cpu);

		ab->data[0] = dtrace_zalloc_node(state->aggsize, gfp, node);
		ab->data[1] = dtrace_zalloc_node(state->aggsize, gfp, node);
		ab->key = dtrace_zalloc_node(state->agg_keymax, gfp, node);
		ab->hits = dtrace_zalloc_node(nhits * sizeof(*ab->hits), gfp,
					      node);
		ab->nhits = nhits;
		if (!ab->data[0] || !ab->data[1] || !ab->key || !ab->hits) {
			dtrace_aggs_free(state);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * dtrace_agg_snapshot() - DTRACEIOC_AGGSNAP
 * @state: a started consumer
 * @snap: the request; cpu, data and bufsize in, used and drops out
 *
 * The buffer switched out is copied, then reset (empty chains, nothing
 * used) for its next turn; nothing else touches it meanwhile, as
 * state->lock keeps the next snapshot waiting.
 * Context: process; may sleep; state->lock held.
 * Return: 0, -ENXIO before GO, -EINVAL for a bad CPU, -ENOSPC if the
 * consumer's buffer is too small, -EFAULT.
 */
int dtrace_agg_snapshot(struct dtrace_state *state,
			struct dtrace_ioc_aggsnap *snap)
{
	u32 heads = state->agg_nheads * sizeof(u32);
	struct dtrace_aggbuf *ab;
	char *old;
	int ret = 0;

	lockdep_assert_held(&state->lock);
	if (!state->buffers)
		return -ENXIO;
	if (snap->cpu >= nr_cpu_ids || !cpu_possible(snap->cpu))
		return -EINVAL;
	if (snap->bufsize < state->aggsize)
		return -ENOSPC;
	snap->used = 0;
	snap->drops = 0;
	if (!state->aggbufs)
		return 0;

	ab = per_cpu_ptr(state->aggbufs, snap->cpu);
	dtrace_cpu_call(snap->cpu, dtrace_agg_switch, ab);
	old = ab->data[ab->active ^ 1];
	if (copy_to_user(u64_to_user_ptr(snap->data), old + heads,
			 ab->snap_used))
		ret = -EFAULT;
	memset(old, 0, heads);
	snap->used = ab->snap_used;
	snap->drops = ab->snap_drops;
	return ret;
}

/* Aggregation drops since the start, for DTRACEIOC_STATUS. */
u64 dtrace_aggs_drops(struct dtrace_state *state)
{
	u64 drops = 0;
	int cpu;

	if (!state->aggbufs)
		return 0;
	for_each_possible_cpu(cpu)
		drops += READ_ONCE(per_cpu_ptr(state->aggbufs, cpu)->drops);
	return drops;
}
