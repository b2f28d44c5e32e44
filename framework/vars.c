// SPDX-License-Identifier: GPL-2.0
/*
 * Variables of a consumer, process side: the declarations its clauses
 * make (checked for agreement at ENABLE, together with the destructive
 * rights the clause needs), and at GO the storage they get: global
 * scalars; per CPU, clause-locals, scratch, the tuple-key and the stack
 * walk buffers; and the dynamic variable space (dynvar.c explains it).
 * Process context; state->lock held.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/security.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "internal.h"

/* Check @prog's declarations against @vars (and add them to it). */
static int dtrace_vars_merge(struct dtrace_var *vars,
			     const struct dtrace_dif_prog *prog)
{
	u32 i;

	if (!prog)
		return 0;
	for (i = 0; i < prog->nvars; i++) {
		const struct dtrace_difv *d = &prog->vartab[i];
		struct dtrace_var *v = &vars[d->id];

		if (!v->size) {
			v->scope = d->scope;
			v->kind = d->kind;
			v->type = d->type;
			v->size = d->size;
			v->dsize = d->dsize;
		} else if (v->scope != d->scope || v->kind != d->kind ||
			   v->type != d->type || v->size != d->size ||
			   v->dsize != d->dsize) {
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * Whether what @clause does is allowed: its destructive actions and
 * subroutines by @state's options, and by the kernel's lockdown.  Under
 * integrity lockdown (and confidentiality, which includes it) none is
 * enabled: they change the system from probe context, copyout() writes
 * any process's memory as bpf_probe_write_user() would, and that
 * function's lockdown reason is the one asked.
 * Return: 0, -EPERM, or the lockdown's error (-EPERM).
 */
static int dtrace_clause_allowed(const struct dtrace_state *state,
				 const struct dtrace_clause *clause)
{
	u64 allow = state->options[DTRACE_OPT_DESTRUCTIVE];
	bool destructive = clause->pred && clause->pred->destructive;
	bool panic = false;
	u32 i;

	for (i = 0; i < clause->nactions; i++) {
		const struct dtrace_action *act = &clause->actions[i];

		if (act->prog && act->prog->destructive)
			destructive = true;
		switch (act->kind) {
		case DTRACE_ACT_RAISE:
		case DTRACE_ACT_STOP:
		case DTRACE_ACT_CHILL:
			destructive = true;
			break;
		case DTRACE_ACT_PANIC:
			panic = true;
			break;
		}
	}
	if ((panic && !(allow & DTRACE_DESTRUCTIVE_PANIC)) ||
	    (destructive && !(allow & DTRACE_DESTRUCTIVE_ALLOW)))
		return -EPERM;
	if (panic || destructive)
		return security_locked_down(LOCKDOWN_BPF_WRITE_USER);
	return 0;
}

static int dtrace_vars_merge_clause(struct dtrace_var *vars,
				    const struct dtrace_clause *clause)
{
	int ret = dtrace_vars_merge(vars, clause->pred);
	u32 i;

	for (i = 0; !ret && i < clause->nactions; i++)
		ret = dtrace_vars_merge(vars, clause->actions[i].prog);
	return ret;
}

/**
 * dtrace_vars_declare() - check a clause's variables and rights
 * @state: the consumer, not started
 * @clause: the clause about to be enabled
 *
 * Context: process; may sleep; state->lock held.
 * Return: 0, -EINVAL if a declaration disagrees with another one of the
 * consumer, -EPERM for a destructive clause the options or the kernel's
 * lockdown do not allow, -ENOMEM.
 */
int dtrace_vars_declare(struct dtrace_state *state,
			const struct dtrace_clause *clause)
{
	size_t size = array_size(DTRACE_DIF_MAXVARS, sizeof(*state->vars));
	struct dtrace_var *vars;
	int ret;

	lockdep_assert_held(&state->lock);
	ret = dtrace_clause_allowed(state, clause);
	if (ret)
		return ret;
	vars = kmemdup(state->vars, size, GFP_KERNEL);
	if (!vars)
		return -ENOMEM;
	ret = dtrace_vars_merge_clause(vars, clause);
	kfree(vars);
	return ret;
}

/**
 * dtrace_vars_commit() - record the declarations of an enabled clause
 * @state: the consumer, not started
 * @clause: the clause dtrace_vars_declare() accepted, under the same
 *	hold of state->lock
 *
 * Cannot fail: the check has been made.
 * Context: process; state->lock held.
 */
void dtrace_vars_commit(struct dtrace_state *state,
			const struct dtrace_clause *clause)
{
	u32 i;

	lockdep_assert_held(&state->lock);
	WARN_ON_ONCE(dtrace_vars_merge_clause(state->vars, clause));
	if (clause->pred)
		state->maxpush = max(state->maxpush, clause->pred->maxpush);
	for (i = 0; i < clause->nactions; i++)
		if (clause->actions[i].prog)
			state->maxpush = max(state->maxpush,
					     clause->actions[i].prog->maxpush);
}

/* Give global and clause-local scalars their offsets; sizes out. */
static void dtrace_vars_layout(struct dtrace_state *state, u32 *gsize,
			       u32 *lsize)
{
	u32 id;

	*gsize = 0;
	*lsize = 0;
	for (id = 1; id < DTRACE_DIF_MAXVARS; id++) {
		struct dtrace_var *v = &state->vars[id];
		u32 *end;

		if (!v->size || v->kind != DTRACE_DIFV_KIND_SCALAR ||
		    v->scope == DTRACE_DIFV_SCOPE_THREAD)
			continue;
		end = v->scope == DTRACE_DIFV_SCOPE_GLOBAL ? gsize : lsize;
		v->offset = *end;
		*end += ALIGN(v->size, 8);
	}
}

/**
 * dtrace_vars_free() - free what dtrace_vars_alloc() allocated
 * @state: the consumer; no probe context may be using its storage
 *
 * Context: process; may sleep; state->lock held.
 */
void dtrace_vars_free(struct dtrace_state *state)
{
	int cpu;

	if (state->buffers) {
		for_each_possible_cpu(cpu) {
			struct dtrace_buffer *buf;

			buf = per_cpu_ptr(state->buffers, cpu);
			dtrace_free(buf->scratch);
			dtrace_free(buf->locals);
			dtrace_free(buf->key);
			dtrace_free(buf->stack);
			buf->stack = NULL;
			buf->scratch = NULL;
			buf->locals = NULL;
			buf->key = NULL;
		}
	}
	dtrace_free(state->globals);
	dtrace_free(state->dyn.buckets);
	dtrace_free(state->dyn.base);
	state->globals = NULL;
	memset(&state->dyn, 0, sizeof(state->dyn));
}

/*
 * The memory behind a dynvarsize budget: an element takes at least 64
 * bytes here where DTrace counts as little as its value's size, so 16
 * times the budget (at least 4 KiB, at most 64 MiB more than it).  A
 * space of many tiny elements can run out of memory before its budget:
 * that too is a drop.
 */
static u64 dtrace_dynspace_memsize(u64 budget)
{
	return clamp_t(u64, budget * 16, SZ_4K, budget + SZ_64M);
}

static int dtrace_dynspace_alloc(struct dtrace_state *state, gfp_t gfp)
{
	struct dtrace_dynspace *dyn = &state->dyn;
	u64 size = state->options[DTRACE_OPT_DYNVARSIZE];
	u64 mem = dtrace_dynspace_memsize(size);
	u32 i;

	/* One bucket for every 256 bytes of space. */
	dyn->nbuckets = roundup_pow_of_two(max_t(u64, size / 256, 16));
	dyn->buckets = dtrace_zalloc_array(dyn->nbuckets,
					   sizeof(*dyn->buckets), gfp);
	/* room to align: the space holds mem / 64 chunks on any allocator */
	dyn->base = dtrace_zalloc(mem + 63, gfp);
	if (!dyn->buckets || !dyn->base)
		return -ENOMEM;
	for (i = 0; i < dyn->nbuckets; i++)
		dyn->buckets[i].lock =
			(arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	dyn->lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	dyn->next = ALIGN((uintptr_t)dyn->base, 64);
	dyn->end = dyn->next + mem;
	dyn->budget = size;
	dyn->used = 0;
	return 0;
}

/* A self-> variable or an associative array: lives in the dynamic space. */
static bool dtrace_var_dynamic(const struct dtrace_var *v)
{
	return v->scope == DTRACE_DIFV_SCOPE_THREAD ||
	       v->kind == DTRACE_DIFV_KIND_ARRAY;
}

/**
 * dtrace_vars_fit() - whether one element of every dynamic variable fits
 * @state: the consumer, not started; its options fixed
 *
 * As in DTrace, a dynvarsize too small for a single element of some
 * self-> variable or associative array makes the start fail.
 * Context: process; state->lock held.
 * Return: true if every such variable's dsize is at most dynvarsize.
 */
bool dtrace_vars_fit(const struct dtrace_state *state)
{
	u32 id;

	lockdep_assert_held(&state->lock);
	for (id = 1; id < DTRACE_DIF_MAXVARS; id++) {
		const struct dtrace_var *v = &state->vars[id];

		if (dtrace_var_dynamic(v) &&
		    v->dsize > state->options[DTRACE_OPT_DYNVARSIZE])
			return false;
	}
	return true;
}

/* Whether any of @state's variables lives in the dynamic space. */
static bool dtrace_vars_any_dynamic(const struct dtrace_state *state)
{
	u32 id;

	for (id = 1; id < DTRACE_DIF_MAXVARS; id++)
		if (dtrace_var_dynamic(&state->vars[id]))
			return true;
	return false;
}

/**
 * dtrace_vars_alloc() - give a starting consumer its variable storage
 * @state: the consumer; its buffers are allocated, options fixed
 *
 * Context: process; may sleep; state->lock held.
 * Return: 0 or -ENOMEM, with nothing left allocated.
 */
int dtrace_vars_alloc(struct dtrace_state *state)
{
	/* A size the machine cannot give is an error, not an OOM kill. */
	const gfp_t gfp = GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN;
	u32 gsize, lsize;
	int cpu;

	lockdep_assert_held(&state->lock);
	state->scratchsize = state->options[DTRACE_OPT_SCRATCHSIZE];
	state->keysize = DTRACE_DIF_TUPLE_MAX *
			 (sizeof(u32) + max3(8U, state->strsize,
					     state->maxpush));
	dtrace_vars_layout(state, &gsize, &lsize);
	state->globalsize = gsize;
	state->localsize = lsize;
	state->globals = dtrace_zalloc(gsize ?: 8, gfp);
	if (!state->globals)
		goto out_free;
	for_each_possible_cpu(cpu) {
		struct dtrace_buffer *buf = per_cpu_ptr(state->buffers, cpu);
		int node = cpu_to_node(cpu);

		buf->scratch = dtrace_zalloc_node(state->scratchsize, gfp,
						  node);
		buf->locals = dtrace_zalloc_node(lsize ?: 8, gfp, node);
		buf->key = dtrace_zalloc_node(state->keysize, gfp, node);
		buf->stack = dtrace_zalloc_node(DTRACE_STACK_SAVE *
						sizeof(*buf->stack), gfp, node);
		if (!buf->scratch || !buf->locals || !buf->key || !buf->stack)
			goto out_free;
	}
	/*
	 * The space is many times dynvarsize (dtrace_dynspace_memsize()):
	 * made only for a program that has a dynamic variable.  Variables
	 * are fixed from here on (no enabling after GO).
	 */
	if (dtrace_vars_any_dynamic(state) && dtrace_dynspace_alloc(state, gfp))
		goto out_free;
	return 0;

out_free:
	dtrace_vars_free(state);
	return -ENOMEM;
}
