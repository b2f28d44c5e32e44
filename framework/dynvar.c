// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic variables: thread-locals (self->) and associative arrays,
 * global and thread-local, in one space per consumer of dynvarsize bytes
 * that vars.c allocates at GO; the kernel's dtrace_env_dynvar_load() and
 * _store() of the engine's env.h.  Everything here is probe context, under
 * the rules at the top of probe_ctx.c; built without ftrace hooks.
 *
 * Design.  An element is found by hashing its key (variable id, thread
 * key, tuple) into one of state->dyn.nbuckets chains:
 *
 *   buckets[hash & (nbuckets - 1)] --> elem --> elem --> NULL
 *   elem: next | thread | start | hash | id | keylen | class | key | value
 *
 * Each bucket has an arch_spinlock_t; the space has one more for its
 * allocator (a bump pointer plus one free list per size class: 64 bytes
 * << class) and its budget.
 *
 * Budget.  dynvarsize counts what DTrace counts for an element, the
 * variable's dsize (docs/abi.md): a self-> int takes 4 bytes of it, an
 * a[int] = int element 20.  The memory behind it (vars.c) is larger, as
 * an element here also holds its chain link, thread key and hash; the
 * budget decides when the space is full.  Order: bucket lock, then allocator lock; nothing else is
 * taken inside either and neither critical section calls out, so a CPU
 * never waits on one that waits on it.  Probe context always runs with
 * interrupts off and the per-CPU nesting guard of dtrace_probe() keeps a
 * probe (NMI included) from re-entering on a CPU that holds a lock, so
 * raw arch spinlocks, which lockdep does not track, cannot self-deadlock.
 *
 * A thread key is the task_struct address with the interrupt level in
 * its low bits, plus the task's start time, so an interrupt never sees
 * the interrupted thread's self-> variables and a recycled task_struct
 * does not inherit them.
 *
 * A load of an unset element gives 0 (a string reads as NULL, as in
 * DTrace), or for a struct or array the address of dtrace_zero_area.  A
 * by-reference load yields the address of the element's value: it stays
 * readable (the space lives until the consumer goes) but another CPU may
 * change or free it meanwhile, as in any DTrace.  Storing 0 to an integer
 * or NULL to a string frees the element; when the space is full a store
 * is lost, counted in the CPU's dyndrops, and ends the clause there
 * (DTRACE_DIF_QUIT: no record, no ERROR), as in DTrace.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/jhash.h>
#include <linux/kprobes.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "internal.h"
#include "engine/env.h"

struct dtrace_dynvar {
	struct dtrace_dynvar		*next;	/* on a chain or a free list */
	u64				thread;	/* task | ipl; 0 for globals */
	u64				start;	/* the task's start_time */
	u32				hash;
	u32				id;
	u32				keylen;	/* bytes of the encoded key */
	u32				class;	/* size class of the element */
	u32				cost;	/* of the budget */
	char				data[] __aligned(8);	/* key, value */
};

/* What a load of an unset by-reference element points to. */
const u8 dtrace_zero_area[DTRACE_RECORD_MAX] __aligned(8);

/*
 * Encode the tuple into this CPU's key buffer: per entry a u32 length
 * (0 for an integer, which takes 8 bytes) and the bytes; a string stops
 * before its NUL.  Return: the key length, or -1 after a fault.
 */
static int dtrace_dynvar_key(struct dtrace_mstate *mst, char *key,
			     const struct dtrace_tuple_ent *tup, u32 ntup)
{
	u32 i, len = 0;

	for (i = 0; i < ntup; i++) {
		const struct dtrace_tuple_ent *t = &tup[i];
		u32 n = t->size, *lenp = (u32 *)(key + len);

		len += sizeof(u32);
		if (!n) {
			*lenp = 0;
			memcpy(key + len, &t->value, sizeof(u64));
			len += sizeof(u64);
			continue;
		}
		if (t->is_string) {
			dtrace_copy_string(mst, key + len, t->value, n);
			if (mst->dif.fault)
				return -1;
			n = strnlen(key + len, n);
		} else if (!dtrace_dif_read(&mst->dif, key + len, t->value, n,
					    false)) {
			return -1;
		}
		*lenp = n;
		len += n;
	}
	return len;
}

static struct dtrace_dynvar *dtrace_dynvar_alloc(struct dtrace_dynspace *dyn,
						 size_t size, u32 cost)
{
	struct dtrace_dynvar *dv = NULL;
	u32 class = 0;

	while (class < DTRACE_DYN_NCLASSES && (64UL << class) < size)
		class++;
	if (class == DTRACE_DYN_NCLASSES)
		return NULL;
	arch_spin_lock(&dyn->lock);
	if (dyn->budget - dyn->used < cost) {
		/* full as DTrace counts it */
	} else if (dyn->free[class]) {
		dv = dyn->free[class];
		dyn->free[class] = dv->next;
	} else if (dyn->end - dyn->next >= (64UL << class)) {
		dv = (struct dtrace_dynvar *)dyn->next;
		dyn->next += 64UL << class;
	}
	if (dv)
		dyn->used += cost;
	arch_spin_unlock(&dyn->lock);
	if (dv) {
		dv->class = class;
		dv->cost = cost;
	}
	return dv;
}

static void dtrace_dynvar_free(struct dtrace_dynspace *dyn,
			       struct dtrace_dynvar *dv)
{
	arch_spin_lock(&dyn->lock);
	dv->next = dyn->free[dv->class];
	dyn->free[dv->class] = dv;
	dyn->used -= dv->cost;
	arch_spin_unlock(&dyn->lock);
}

/* Everything a lookup needs, worked out before any lock is taken. */
struct dtrace_dynkey {
	const char		*key;
	u32			keylen;
	u32			id;
	u32			hash;
	u64			thread;
	u64			start;
	struct dtrace_dynbucket	*bucket;
};

static bool dtrace_dynkey_make(struct dtrace_mstate *mst,
			       struct dtrace_dynkey *k, u32 id, bool thread,
			       const struct dtrace_tuple_ent *tup, u32 ntup)
{
	struct dtrace_state *state = mst->ecb->state;
	char *key = this_cpu_ptr(state->buffers)->key;
	int len;

	if (!state->dyn.nbuckets)
		return false;	/* no space: the program has no such variable */
	len = dtrace_dynvar_key(mst, key, tup, ntup);
	if (len < 0)
		return false;
	k->key = key;
	k->keylen = len;
	k->id = id;
	k->thread = thread ? (uintptr_t)current | dtrace_ipl(mst) : 0;
	k->start = thread ? current->start_time : 0;
	k->hash = jhash(key, len, jhash_3words(id, (u32)k->thread,
					       (u32)(k->thread >> 32), 0));
	k->bucket = &state->dyn.buckets[k->hash & (state->dyn.nbuckets - 1)];
	return true;
}

/* The link that points at the element of @k, or at the chain's end. */
static struct dtrace_dynvar **dtrace_dynvar_link(const struct dtrace_dynkey *k)
{
	struct dtrace_dynvar **link = &k->bucket->chain, *dv;

	for (; (dv = *link); link = &dv->next)
		if (dv->hash == k->hash && dv->id == k->id &&
		    dv->thread == k->thread && dv->start == k->start &&
		    dv->keylen == k->keylen &&
		    !memcmp(dv->data, k->key, k->keylen))
			break;
	return link;
}

static void *dtrace_dynvar_value(struct dtrace_dynvar *dv)
{
	return dv->data + ALIGN(dv->keylen, 8);
}

/**
 * dtrace_env_dynvar_load() - read a dynamic variable
 * @dif: machine state of the firing (the engine's part)
 * @id: the variable, declared in the consumer's table
 * @thread: a thread-local (self->) one
 * @tup: the array's keys (none for a self-> scalar)
 * @ntup: their number
 *
 * Context: probe context.
 * Return: the integer or the address of the value; 0 (NULL for a
 * string) or the address of dtrace_zero_area for an unset one; 0 after
 * a fault.
 */
u64 dtrace_env_dynvar_load(struct dtrace_dif_mstate *dif, u32 id,
			   bool thread, const struct dtrace_tuple_ent *tup,
			   u32 ntup)
{
	struct dtrace_mstate *mst = to_mstate(dif);
	const struct dtrace_var *var = &mst->ecb->state->vars[id];
	u64 v = var->type != DTRACE_DIFV_TYPE_BYREF ? 0 :
		(uintptr_t)dtrace_zero_area;
	struct dtrace_dynvar *dv;
	struct dtrace_dynkey k;

	if (!dtrace_dynkey_make(mst, &k, id, thread, tup, ntup))
		return 0;
	arch_spin_lock(&k.bucket->lock);
	dv = *dtrace_dynvar_link(&k);
	if (dv && var->type == DTRACE_DIFV_TYPE_INT)
		v = *(u64 *)dtrace_dynvar_value(dv);
	else if (dv)
		v = (uintptr_t)dtrace_dynvar_value(dv);
	arch_spin_unlock(&k.bucket->lock);
	return v;
}
NOKPROBE_SYMBOL(dtrace_env_dynvar_load);

/**
 * dtrace_env_dynvar_store() - write a dynamic variable
 * @dif: machine state of the firing (the engine's part)
 * @id: the variable, declared in the consumer's table
 * @thread: a thread-local (self->) one
 * @tup: the array's keys (none for a self-> scalar)
 * @ntup: their number
 * @val: the integer, or the address of the string or bytes to copy
 *
 * Storing 0 frees the element, whatever its type: an integer, NULL to a
 * string, or NULL (the compiler's 0) to a struct or union held by
 * reference, which has no bytes to copy.
 * A store that finds the space full is counted in this CPU's dyndrops,
 * lost, and ends the clause (DTRACE_DIF_QUIT).
 * Context: probe context.
 */
void dtrace_env_dynvar_store(struct dtrace_dif_mstate *dif, u32 id,
			     bool thread, const struct dtrace_tuple_ent *tup,
			     u32 ntup, u64 val)
{
	struct dtrace_mstate *mst = to_mstate(dif);
	struct dtrace_state *state = mst->ecb->state;
	const struct dtrace_var *var = &state->vars[id];
	struct dtrace_dynvar **link, *dv;
	struct dtrace_dynkey k;
	bool fresh = false;

	if (!dtrace_dynkey_make(mst, &k, id, thread, tup, ntup))
		return;
	arch_spin_lock(&k.bucket->lock);
	link = dtrace_dynvar_link(&k);
	dv = *link;
	if (!val) {
		if (dv) {
			*link = dv->next;
			dtrace_dynvar_free(&state->dyn, dv);
		}
		goto out_unlock;
	}
	if (!dv) {
		dv = dtrace_dynvar_alloc(&state->dyn, sizeof(*dv) +
					 ALIGN(k.keylen, 8) + var->size,
					 var->dsize ?: k.keylen + var->size);
		if (!dv) {
			this_cpu_ptr(state->buffers)->count[DTRACE_CNT_DYNDROPS]++;
			dtrace_dif_fault(dif, DTRACE_DIF_QUIT, 0);
			goto out_unlock;
		}
		dv->thread = k.thread;
		dv->start = k.start;
		dv->hash = k.hash;
		dv->id = id;
		dv->keylen = k.keylen;
		memcpy(dv->data, k.key, k.keylen);
		fresh = true;
	}
	dtrace_dif_copy_value(dif, dtrace_dynvar_value(dv), val, var);
	if (fresh && dif->fault) {
		dtrace_dynvar_free(&state->dyn, dv);
	} else if (fresh) {
		dv->next = k.bucket->chain;
		k.bucket->chain = dv;
	}
out_unlock:
	arch_spin_unlock(&k.bucket->lock);
}
NOKPROBE_SYMBOL(dtrace_env_dynvar_store);
