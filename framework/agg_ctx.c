// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations, probe-context side: DTRACE_ACT_AGGREGATE builds the key
 * from the tuple stack its program leaves at RET (and the stacks the key
 * asks for), finds or creates the entry in this CPU's buffer and applies
 * the function; and the switch that hands that buffer to the consumer.
 * Probe context, under the rules at the top of probe_ctx.c; agg.c is the
 * process side (definitions, allocation, the snapshot ioctl).
 *
 * One buffer, aggsize bytes:
 *
 *	u32 heads[agg_nheads]	offset of the first entry of each hash
 *				chain, 0 for none (no entry is at 0)
 *	entries			struct dtrace_aggent, key, u64 values;
 *				bump-allocated from the end of heads
 *
 * An entry's next is the offset of the next one on its chain.  Entries
 * are never freed: a snapshot takes the whole buffer and the consumer
 * resets it before it is switched in again.  Each CPU caches, per
 * aggregation, the entry it hit last (struct dtrace_agghit); a switch
 * forgets them all, so a cached entry is always one of data[active].
 * clear() and trunc() act on the consumer's copy, never on a buffer.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/cred.h>
#include <linux/kprobes.h>
#include <linux/limits.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "internal.h"

/*
 * The fast paths and their switches, for the tests that compare them
 * with the general paths (selftests/aggs/fastpath.sh):
 * dtrace_core.straight=0 runs every program enabled after it through
 * the DIF decode loop (engine/dif.h); dtrace_core.aggfast=0 sends every
 * aggregation through the general key path, and every clause through
 * the general action loop (probe_ctx.c), `@ = count()` included, which
 * the ECB loop otherwise counts itself, at once.
 */
module_param_named(straight, dtrace_dif_straight_on, bool, 0644);
MODULE_PARM_DESC(straight, "run straight-line DIF programs without the decode loop (default 1)");

bool dtrace_agg_fast = true;
module_param_named(aggfast, dtrace_agg_fast, bool, 0644);
MODULE_PARM_DESC(aggfast, "clauses of one aggregation skip the action loop (@ = count() and @[execname] = count(): the clause machinery); keys of one integer (or none) skip the key buffer and hit a cached entry, as keys of one built-in string do (default 1)");

/* An integer on the tuple stack: pushed with PUSHTV. */
static bool dtrace_tuple_is_int(const struct dtrace_tuple_ent *e)
{
	return !e->is_string && !e->size;
}

/*
 * Lay the key of @agg out at @key from the tuple entries @ent (the keys
 * the program pushed, in order) and the stacks, and note in @sig the
 * significant words of each (see dtrace_agg_hash()); the words after
 * them are not written.  A pushed key of the wrong kind is an ILLOP
 * fault, a bad address BADADDR.
 */
static void dtrace_agg_key(struct dtrace_mstate *mst,
			   const struct dtrace_agg *agg,
			   const struct dtrace_tuple_ent *ent, char *key,
			   u32 *sig)
{
	u32 i;

	for (i = 0; i < agg->def.nkeys && !mst->dif.fault; i++) {
		const struct dtrace_aggkey *k = &agg->def.keys[i];
		u32 len = ALIGN(k->size, 8), n;
		u64 *pcs = (u64 *)key;
		const void *src;

		switch (k->kind) {
		case DTRACE_AGGKEY_INT:
			if (!dtrace_tuple_is_int(ent))
				goto illop;
			*pcs = ent++->value;
			sig[i] = 1;
			break;
		case DTRACE_AGGKEY_STRING:
			if (!ent->is_string)
				goto illop;
			/* up to the word with the NUL; the rest is not read */
			n = dtrace_copy_strn(mst, key, ent++->value, k->size);
			sig[i] = n / 8 + 1;
			memset(key + n + 1, 0, sig[i] * 8 - (n + 1));
			break;
		case DTRACE_AGGKEY_BYREF:
			if (ent->is_string || ent->size != k->size)
				goto illop;
			memset(key + k->size, 0, len - k->size);
			src = (const void *)(uintptr_t)ent->value;
			if (copy_from_kernel_nofault(key, src, k->size))
				dtrace_fault_set(mst, DTRACEFLT_BADADDR,
						 ent->value);
			ent++;
			sig[i] = len / 8;
			break;
		case DTRACE_AGGKEY_STACK:
			n = dtrace_stack_kernel(mst, pcs, len / 8);
			n = min(n, len / 8);
			sig[i] = min(n + 1, len / 8);	/* up to the first 0 */
			if (n < len / 8)
				pcs[n] = 0;
			break;
		case DTRACE_AGGKEY_USTACK:
			pcs[0] = current->tgid;
			n = dtrace_stack_user(mst, pcs + 1, len / 8 - 1);
			sig[i] = min(n + 2, len / 8);
			if (n + 1 < len / 8)
				pcs[n + 1] = 0;
			break;
		}
		key += len;
	}
	return;

illop:
	dtrace_fault_set(mst, DTRACEFLT_ILLOP, i);
}

/*
 * Keys are hashed and compared by their significant words only: the
 * words of each key up to the one that ends it (a string's NUL, a
 * stack's first zero pc); what follows is zero padding in every key of
 * the aggregation.  So two keys whose significant words agree are the
 * same key, and a 256-byte string slot holding "sshd" costs one word.
 */

/* FNV-1a over the significant words, with the id mixed in first. */
static u32 dtrace_agg_hash(const struct dtrace_agg *agg, const u64 *key,
			   const u32 *sig)
{
	u64 h = 0xcbf29ce484222325ULL ^ agg->def.id;
	u32 i, w;

	for (i = 0; i < agg->def.nkeys; i++) {
		for (w = 0; w < sig[i]; w++) {
			h ^= key[w];
			h *= 0x100000001b3ULL;
		}
		key += ALIGN(agg->def.keys[i].size, 8) / 8;
	}
	return h ^ (h >> 32);
}

/* Store @key as a new entry's key: significant words, then zeros. */
static void dtrace_agg_key_store(const struct dtrace_agg *agg, u64 *dst,
				 const u64 *key, const u32 *sig)
{
	u32 i, len;

	for (i = 0; i < agg->def.nkeys; i++) {
		len = ALIGN(agg->def.keys[i].size, 8) / 8;
		memcpy(dst, key, sig[i] * 8);
		memset(dst + sig[i], 0, (len - sig[i]) * 8);
		dst += len;
		key += len;
	}
}

static bool dtrace_agg_key_equal(const struct dtrace_agg *agg,
				 const u64 *a, const u64 *b, const u32 *sig)
{
	u32 i, w;

	for (i = 0; i < agg->def.nkeys; i++) {
		for (w = 0; w < sig[i]; w++)
			if (a[w] != b[w])
				return false;
		a += ALIGN(agg->def.keys[i].size, 8) / 8;
		b += ALIGN(agg->def.keys[i].size, 8) / 8;
	}
	return true;
}

/* The values of a new entry: MIN and MAX start at the far end. */
static void dtrace_agg_init(const struct dtrace_agg *agg, u64 *v)
{
	memset(v, 0, agg->nvals * sizeof(*v));
	if (agg->def.func == DTRACE_AGG_MIN)
		v[0] = S64_MAX;
	else if (agg->def.func == DTRACE_AGG_MAX)
		v[0] = (u64)S64_MIN;
}

/*
 * The values of @agg's entry for @key in this CPU's buffer, created if
 * missing.  Return: NULL if a new entry does not fit (a drop).
 */
static u64 *dtrace_agg_lookup(const struct dtrace_state *state,
			      struct dtrace_aggbuf *ab,
			      const struct dtrace_agg *agg, const char *key,
			      const u32 *sig)
{
	char *base = ab->data[ab->active];
	u32 hash = dtrace_agg_hash(agg, (const u64 *)key, sig);
	u32 *head = (u32 *)base + (hash & (state->agg_nheads - 1));
	u32 size = sizeof(struct dtrace_aggent) + agg->keysize +
		   agg->nvals * sizeof(u64);
	u32 start = state->agg_nheads * sizeof(u32);
	struct dtrace_aggent *ent;
	u32 off;

	for (off = *head; off; off = ent->next) {
		ent = (struct dtrace_aggent *)(base + off);
		if (ent->hash == hash && ent->aggid == agg->def.id &&
		    dtrace_agg_key_equal(agg, (const u64 *)(ent + 1),
					 (const u64 *)key, sig))
			return (u64 *)((char *)(ent + 1) + agg->keysize);
	}
	off = start + ab->used;
	if (size > state->aggsize - off)
		return NULL;
	ent = (struct dtrace_aggent *)(base + off);
	ent->aggid = agg->def.id;
	ent->size = size;
	ent->hash = hash;
	ent->next = *head;
	dtrace_agg_key_store(agg, (u64 *)(ent + 1), (const u64 *)key, sig);
	dtrace_agg_init(agg, (u64 *)((char *)(ent + 1) + agg->keysize));
	*head = off;
	ab->used += size;
	return (u64 *)((char *)(ent + 1) + agg->keysize);
}

/**
 * dtrace_agg_lookup_miss() - dtrace_agg_lookup_int()'s miss
 * @state: the consumer
 * @ab: this CPU's aggregation buffers
 * @agg: an aggregation of no key or one integer key
 * @key: the key's value (0 for no key)
 *
 * The general lookup of the one-word key, out of line so that the hit
 * path keeps no key on its stack; the entry found or made becomes this
 * CPU's cached one.
 * Context: probe context.
 * Return: the values, or NULL if a new entry does not fit.
 */
noinline u64 *dtrace_agg_lookup_miss(const struct dtrace_state *state,
				     struct dtrace_aggbuf *ab,
				     const struct dtrace_agg *agg, u64 key)
{
	char *base = ab->data[ab->active];
	u32 sig = 1;
	u64 *vals;

	vals = dtrace_agg_lookup(state, ab, agg, (const char *)&key, &sig);
	if (vals) {
		ab->hits[agg->def.id].key = key;
		ab->hits[agg->def.id].off = (char *)vals - base;
	}
	return vals;
}
NOKPROBE_SYMBOL(dtrace_agg_lookup_miss);

/*
 * Whether the string at @src is the key @key of @size bytes as the
 * general path would lay it out (dtrace_agg_key(): the bytes up to the
 * NUL, at most @size - 1 of them, then zeros): compared up to the NUL,
 * never read past it or past @size - 1 bytes.
 */
static __always_inline bool dtrace_agg_str_equal(const char *key,
						 const char *src, u32 size)
{
	u32 i;
	char c;

	for (i = 0; i < size - 1; i++) {
		c = READ_ONCE(src[i]);
		if (key[i] != c)
			return false;
		if (!c)
			return true;
	}
	return true;	/* cut at size - 1, as the stored key was */
}

/*
 * dtrace_agg_lookup_str()'s miss: lay @src out in the key buffer as
 * dtrace_agg_key() does (each byte read once, so a name changing under
 * us gives one string or the other, not a mix of lengths), look it up
 * (created if missing) and cache the entry.  @src is a string of the
 * kernel's own that is there for as long as the firing (a task's comm,
 * a probe's names), so it is read directly.
 */
static noinline u64 *dtrace_agg_lookup_str_miss(const struct dtrace_state *state,
						struct dtrace_aggbuf *ab,
						const struct dtrace_agg *agg,
						const char *src)
{
	u32 size = agg->def.keys[0].size, n, sig;
	char *key = ab->key, c;
	u64 *vals;

	for (n = 0; n < size - 1; n++) {
		c = READ_ONCE(src[n]);
		if (!c)
			break;
		key[n] = c;
	}
	sig = n / 8 + 1;
	memset(key + n, 0, sig * 8 - n);
	vals = dtrace_agg_lookup(state, ab, agg, key, &sig);
	if (vals)
		ab->hits[agg->def.id].off =
			(char *)vals - (char *)ab->data[ab->active];
	return vals;
}
NOKPROBE_SYMBOL(dtrace_agg_lookup_str_miss);

/*
 * The values of @agg's entry for the string @src, its one key, in this
 * CPU's buffer @ab: the entry this CPU hit last for @agg if the key it
 * stores is @src, compared up to the NUL without hashing; else the
 * general lookup, which caches what it finds or makes.
 */
static __always_inline u64 *dtrace_agg_lookup_str(const struct dtrace_state *state,
						  struct dtrace_aggbuf *ab,
						  const struct dtrace_agg *agg,
						  const char *src)
{
	u32 off = ab->hits[agg->def.id].off;
	char *vals = (char *)ab->data[ab->active] + off;

	if (off && dtrace_agg_str_equal(vals - agg->keysize, src,
					agg->def.keys[0].size))
		return (u64 *)vals;
	return dtrace_agg_lookup_str_miss(state, ab, agg, src);
}

/**
 * dtrace_agg_lookup_var() - the entry of an ECB counted by the ECB loop
 * @ecb: an ECB whose agg_direct has one key, the built-in variable
 *	ecb->agg_var (ecb.c, dtrace_ecb_agg_direct(), chose it)
 * @ab: this CPU's aggregation buffers
 *
 * The variable is read as the general path reads it
 * (dtrace_env_variable() in env_ctx.c), but from the task, the CPU and
 * the ECB's probe, with no machine state, and its entry found through
 * @ab's cached one.
 * Context: probe context.
 * Return: the values, or NULL if a new entry does not fit (a drop).
 */
u64 *dtrace_agg_lookup_var(const struct dtrace_ecb *ecb,
			   struct dtrace_aggbuf *ab)
{
	const struct dtrace_state *state = ecb->state;
	const struct dtrace_agg *agg = ecb->agg_direct;
	const struct dtrace_probe *probe = ecb->probe;
	struct task_struct *task = current;

	switch (ecb->agg_var) {
	case DTRACE_DIF_VAR_EXECNAME:
		return dtrace_agg_lookup_str(state, ab, agg, task->comm);
	case DTRACE_DIF_VAR_PROBEPROV:
		return dtrace_agg_lookup_str(state, ab, agg, probe->prov->name);
	case DTRACE_DIF_VAR_PROBEMOD:
		return dtrace_agg_lookup_str(state, ab, agg, probe->mod);
	case DTRACE_DIF_VAR_PROBEFUNC:
		return dtrace_agg_lookup_str(state, ab, agg, probe->func);
	case DTRACE_DIF_VAR_PROBENAME:
		return dtrace_agg_lookup_str(state, ab, agg, probe->name);
	case DTRACE_DIF_VAR_PID:
		return dtrace_agg_lookup_int(state, ab, agg, task->tgid);
	case DTRACE_DIF_VAR_TID:
		return dtrace_agg_lookup_int(state, ab, agg, task->pid);
	case DTRACE_DIF_VAR_UID:
		return dtrace_agg_lookup_int(state, ab, agg,
					     __kuid_val(current_uid()));
	case DTRACE_DIF_VAR_GID:
		return dtrace_agg_lookup_int(state, ab, agg,
					     __kgid_val(current_gid()));
	}
	/* DTRACE_DIF_VAR_CPU, the one other that ecb.c lets through */
	return dtrace_agg_lookup_int(state, ab, agg, smp_processor_id());
}
NOKPROBE_SYMBOL(dtrace_agg_lookup_var);

/*
 * The general path: lay the key out in this CPU's key buffer, then hash
 * and look it up.  Return: the values, or NULL after a fault (in @mst)
 * or when a new entry does not fit.
 */
static noinline u64 *dtrace_agg_lookup_key(struct dtrace_mstate *mst,
					   const struct dtrace_state *state,
					   struct dtrace_aggbuf *ab,
					   const struct dtrace_agg *agg)
{
	u32 sig[DTRACE_AGG_MAXKEYS];

	dtrace_agg_key(mst, agg, mst->tup.ent, ab->key, sig);
	if (mst->dif.fault)
		return NULL;
	return dtrace_agg_lookup(state, ab, agg, ab->key, sig);
}

/*
 * The bucket arithmetic is engine/quantize_ctx.c's, shared with userland;
 * it runs here, in probe context, so it is not to be probed either.
 */
NOKPROBE_SYMBOL(dtrace_quantize_bucket);
NOKPROBE_SYMBOL(dtrace_lquantize_bucket);
NOKPROBE_SYMBOL(dtrace_llquantize_bucket);
NOKPROBE_SYMBOL(dtrace_llquantize_zero);

/* stddev()'s sum of squares: add @v * @v to the u128 at @sq (low, high). */
static void dtrace_agg_addsq(u64 *sq, s64 v)
{
	u64 m = v < 0 ? -(u64)v : (u64)v;
	u64 a = m >> 32, b = (u32)m;
	u64 lo = b * b, hi = a * a, mid = a * b;
	u64 mid_lo = mid << 33;

	/* m^2 = a^2 2^64 + 2ab 2^32 + b^2 */
	hi += mid >> 31;
	lo += mid_lo;
	hi += lo < mid_lo;
	sq[0] += lo;
	sq[1] += hi + (sq[0] < lo);
}

/* Every function but count(), which dtrace_agg_fire() does itself. */
static void dtrace_agg_apply(const struct dtrace_agg *agg, u64 *v, s64 val,
			     u64 incr)
{
	switch (agg->def.func) {
	case DTRACE_AGG_SUM:
		v[0] += val;
		break;
	case DTRACE_AGG_AVG:
		v[0]++;
		v[1] += val;
		break;
	case DTRACE_AGG_MIN:
		if (val < (s64)v[0])
			v[0] = val;
		break;
	case DTRACE_AGG_MAX:
		if (val > (s64)v[0])
			v[0] = val;
		break;
	case DTRACE_AGG_STDDEV:
		v[0]++;
		v[1] += val;
		dtrace_agg_addsq(&v[2], val);
		break;
	case DTRACE_AGG_QUANTIZE:
		v[DTRACE_QUANTIZE_ZEROBUCKET + dtrace_quantize_bucket(val)] +=
			incr;
		break;
	case DTRACE_AGG_LQUANTIZE:
		v[dtrace_lquantize_bucket(agg->def.params[0],
					  agg->def.params[2], agg->levels,
					  val)] += incr;
		break;
	case DTRACE_AGG_LLQUANTIZE:
		v[dtrace_llquantize_bucket(&agg->llq, val)] += incr;
		break;
	}
}

/**
 * dtrace_agg_fire() - run an AGGREGATE action
 * @mst: machine state of the firing; faults go to it
 * @act: the action; act->arg names a defined aggregation (checked at
 *	enable time)
 *
 * The program's tuple stack at RET must hold exactly the aggregation's
 * pushed keys, then the increment if it has one; anything else is an
 * ILLOP fault at the RET.  An entry that does not fit counts a drop.
 * Context: probe context.
 */
void dtrace_agg_fire(struct dtrace_mstate *mst,
		     const struct dtrace_action *act)
{
	struct dtrace_state *state = mst->ecb->state;
	const struct dtrace_agg *agg = state->aggs[act->arg];
	const struct dtrace_tuple *tup = &mst->tup;
	struct dtrace_aggbuf *ab;
	u64 val, incr = 1, *vals;
	u32 bad;

	val = dtrace_dif_run(act->prog, mst);
	if (mst->dif.fault)
		return;
	/* faults from here on are the RET's */
	if (tup->n != agg->npush) {
		bad = tup->n;
		goto illop;
	}
	if (agg->def.flags & DTRACE_AGGDEF_INCR) {
		if (!dtrace_tuple_is_int(&tup->ent[tup->n - 1])) {
			bad = tup->n - 1;
			goto illop;
		}
		incr = tup->ent[tup->n - 1].value;
	}
	ab = this_cpu_ptr(state->aggbufs);
	if (agg->int_keyed && READ_ONCE(dtrace_agg_fast)) {
		if (agg->def.nkeys && !dtrace_tuple_is_int(&tup->ent[0])) {
			bad = 0;
			goto illop;
		}
		vals = dtrace_agg_lookup_int(state, ab, agg,
					     agg->def.nkeys ? tup->ent[0].value : 0);
	} else {
		mst->dif.fault_pc = act->prog->ninsns - 1;
		vals = dtrace_agg_lookup_key(mst, state, ab, agg);
		if (mst->dif.fault)
			return;
	}
	if (!vals) {
		ab->drops++;
		return;
	}
	if (agg->def.func == DTRACE_AGG_COUNT)
		vals[0] += incr;	/* the commonest, before the switch */
	else
		dtrace_agg_apply(agg, vals, val, incr);
	return;

illop:
	mst->dif.fault_pc = act->prog->ninsns - 1;
	dtrace_fault_set(mst, DTRACEFLT_ILLOP, bad);
}
NOKPROBE_SYMBOL(dtrace_agg_fire);

/**
 * dtrace_agg_switch() - hand this CPU's aggregation buffer to the consumer
 * @arg: the CPU's struct dtrace_aggbuf
 *
 * The buffer switched in was reset by the consumer after its last
 * snapshot (or is new).
 * Context: on the buffer's own CPU with interrupts off (an IPI), or for
 * an offline CPU under cpus_read_lock() with interrupts off; inside the
 * guard of the CPU it runs on, so that a probe in an NMI cannot link an
 * entry into the buffer coming in before used is reset.
 */
void dtrace_agg_switch(void *arg)
{
	struct dtrace_aggbuf *ab = arg;

	/* An IPI or the offline path never lands inside the core. */
	WARN_ON_ONCE(!dtrace_guard_enter());
	ab->snap_used = ab->used;
	ab->snap_drops = ab->drops - ab->drops_seen;
	ab->drops_seen = ab->drops;
	ab->active ^= 1;
	ab->used = 0;
	/* no entry of the buffer switched out may be hit again */
	memset(ab->hits, 0, ab->nhits * sizeof(*ab->hits));
	dtrace_guard_leave();
}
NOKPROBE_SYMBOL(dtrace_agg_switch);
