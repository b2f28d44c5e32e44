// SPDX-License-Identifier: GPL-2.0
/*
 * Retained enablings: every probe description a consumer enabled stays
 * with its clause for the consumer's life, and probes created later that
 * it matches (a module loaded, an SDT provider registered, probes a
 * provider makes for a process) are enabled for it as they appear.
 * Process context only; docs/architecture.md "Retained enablings" tells
 * the story, the Locking block in internal.h the locks.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/module.h>
#include <linux/workqueue.h>
#include "internal.h"

/* One description a consumer enabled, with the clause it carries. */
struct dtrace_retained {
	struct list_head		list;	/* on state->retained */
	struct dtrace_probedesc		desc;
	struct dtrace_clause		*clause;	/* one reference */
	u64				gen;	/* probes up to it are matched */
	/*
	 * The provider the description named plainly, once it matched
	 * probes of it: kept by the consumer's ECBs on them, which go only
	 * with the consumer.  NULL for a glob, or before a first match.
	 */
	const struct dtrace_provider	*prov;
};

/* Descriptions kept, of every consumer: no work while there are none. */
static atomic_t dtrace_nretained = ATOMIC_INIT(0);

static void dtrace_retained_workfn(struct work_struct *work);
static DECLARE_WORK(dtrace_retained_work, dtrace_retained_workfn);

/**
 * dtrace_retained_alloc() - a description to keep once it is enabled
 * @desc: the description
 * @clause: its clause; the retained description takes a reference
 *
 * Allocated before the enabling, so that an enabling that succeeds is
 * always kept: pass it to dtrace_retain() or dtrace_retained_discard().
 * Context: process; may sleep.
 * Return: the description, or NULL.
 */
struct dtrace_retained *dtrace_retained_alloc(const struct dtrace_probedesc *desc,
					      struct dtrace_clause *clause)
{
	struct dtrace_retained *r;

	r = dtrace_zalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return NULL;
	r->desc = *desc;
	r->clause = clause;
	refcount_inc(&clause->refs);
	/*
	 * Counted from now on, not from dtrace_retain(): a probe created
	 * while its enabling runs must schedule the pass that matches it.
	 */
	atomic_inc(&dtrace_nretained);
	return r;
}

/* Give back a description from dtrace_retained_alloc() never kept. */
void dtrace_retained_discard(struct dtrace_retained *r)
{
	dtrace_clause_put(r->clause);
	dtrace_free(r);
	atomic_dec(&dtrace_nretained);
}

/*
 * A description naming one provider plainly stays with the instance of
 * it that it first matched probes of (the @nmatched last ECBs of @state
 * are its enabling's).  A process's provider (pid1234) goes defunct when
 * the process exits, and a new process given the same pid gets a new
 * provider of that name: another process, which the description did
 * not name.  A provider that unregisters cannot go while the ECBs are
 * there, so it is never replaced under a bound description.
 */
static void dtrace_retained_bind(struct dtrace_state *state,
				 struct dtrace_retained *r, u32 nmatched)
{
	if (!r->prov && nmatched && dtrace_desc_names_provider(&r->desc))
		r->prov = state->ecbs[state->necbs - 1]->probe->prov;
}

/**
 * dtrace_retain() - keep a description the consumer has just enabled
 * @state: the consumer
 * @r: from dtrace_retained_alloc(), whether it matched probes or not (-Z)
 * @gen: the probe generation its enabling matched up to
 * @nmatched: the probes it matched, the last ECBs of @state
 *
 * Context: process; state->lock held.
 */
void dtrace_retain(struct dtrace_state *state, struct dtrace_retained *r,
		   u64 gen, u32 nmatched)
{
	lockdep_assert_held(&state->lock);
	r->gen = gen;
	dtrace_retained_bind(state, r, nmatched);
	list_add_tail(&r->list, &state->retained);
}

/**
 * dtrace_retained_speculates() - may @state's clauses speculate?
 * @state: the consumer, being started
 *
 * Every description enabled is retained, matched or not, so this covers
 * the clauses of probes that appear once tracing has begun.
 * Context: process; state->lock held.
 * Return: true if a clause of @state calls speculation().
 */
bool dtrace_retained_speculates(const struct dtrace_state *state)
{
	const struct dtrace_retained *r;

	lockdep_assert_held(&state->lock);
	list_for_each_entry(r, &state->retained, list)
		if (r->clause->speculates)
			return true;
	return false;
}

/**
 * dtrace_retained_free() - forget every description @state kept
 * @state: a consumer being torn down
 *
 * Context: process; state->lock held.
 */
void dtrace_retained_free(struct dtrace_state *state)
{
	struct dtrace_retained *r, *tmp;

	lockdep_assert_held(&state->lock);
	list_for_each_entry_safe(r, tmp, &state->retained, list) {
		list_del(&r->list);
		dtrace_retained_discard(r);
	}
}

/*
 * A consumer already tracing starts tracing the probes of its @n newest
 * ECBs now, as dtrace_state_go() starts the others: their providers'
 * ->start is called, as for any enabling.
 */
static void dtrace_retained_start(struct dtrace_state *state, u32 n)
{
	u32 i;

	for (i = state->necbs - n; i < state->necbs; i++)
		dtrace_probe_start(state->ecbs[i]->probe, state);
}

/*
 * Enable @state's descriptions on the probes created since each was last
 * matched; @provide asks the providers for the probes each names first.
 * A description whose new probes would take a provider over its
 * max_enabled gets none of them (all or nothing, as when it was enabled
 * first); dtrace_ecb_enable() notes that in the trace ring.  A consumer
 * that has stopped tracing takes no new probes; one that has not started
 * starts its new probes with the others when it does.
 */
static void dtrace_retained_state(struct dtrace_state *state, bool provide)
{
	struct dtrace_retained *r;
	int activity;
	u32 n;

	mutex_lock(&state->lock);
	activity = READ_ONCE(state->activity);
	if (activity == DTRACE_ACTIVITY_INACTIVE ||
	    activity == DTRACE_ACTIVITY_WARMUP ||
	    activity == DTRACE_ACTIVITY_ACTIVE) {
		list_for_each_entry(r, &state->retained, list) {
			/* its process gone, the name is another's */
			if (r->prov && READ_ONCE(r->prov->defunct))
				continue;
			if (dtrace_ecb_enable(state, &r->desc, r->clause,
					      provide, &r->gen, &n))
				continue;
			dtrace_retained_bind(state, r, n);
			if (activity != DTRACE_ACTIVITY_INACTIVE)
				dtrace_retained_start(state, n);
		}
	}
	mutex_unlock(&state->lock);
}

/*
 * Every consumer in turn, by id, each held by a reference while its own
 * lock is taken: dtrace_states_lock is not held while probes are armed
 * (arming a uprobe reads the probed file).
 */
static void dtrace_retained_pass(bool provide)
{
	struct dtrace_state *state;
	u32 last = 0;

	while ((state = dtrace_state_next(last))) {
		last = state->id;
		dtrace_retained_state(state, provide);
		dtrace_state_put(state);
	}
}

/**
 * dtrace_retained_kick() - new probes exist: match them, soon
 *
 * The matching runs from the system's queue for long work (arming a
 * uprobe may wait on the probed file), so a provider may call this
 * (through dtrace_probe_create()) with its own locks held and the
 * core's provider lock too.  Many calls in a row make one pass.
 * Context: any process context; does not sleep.
 */
void dtrace_retained_kick(void)
{
	if (atomic_read(&dtrace_nretained))
		queue_work(system_long_wq, &dtrace_retained_work);
}

static void dtrace_retained_workfn(struct work_struct *work)
{
	dtrace_retained_pass(false);
}

/* The contract is in <dtrace/provider.h>. */
void dtrace_retained_sync(void)
{
	might_sleep();
	flush_work(&dtrace_retained_work);
}
EXPORT_SYMBOL_NS_GPL(dtrace_retained_sync, DTRACE_NS);

/*
 * A module has finished loading, and every provider's own notifier (of
 * priority 0) has seen it: fbt knows its functions, sdt has made its
 * probes.  Ask the providers for what the retained descriptions name and
 * enable it before modprobe returns, so the module's first calls after
 * loading are traced.
 */
static int dtrace_retained_module(struct notifier_block *nb,
				  unsigned long val, void *data)
{
	if (val == MODULE_STATE_LIVE && atomic_read(&dtrace_nretained))
		dtrace_retained_pass(true);
	return NOTIFY_DONE;
}

static struct notifier_block dtrace_retained_nb = {
	.notifier_call	= dtrace_retained_module,
	.priority	= -100,	/* after the providers' notifiers */
};

int dtrace_retained_init(void)
{
	return register_module_notifier(&dtrace_retained_nb);
}

/* No consumer is left (each holds the module): no description either. */
void dtrace_retained_exit(void)
{
	unregister_module_notifier(&dtrace_retained_nb);
	cancel_work_sync(&dtrace_retained_work);
}
