// SPDX-License-Identifier: GPL-2.0
/*
 * Consumer states: one per open of /dev/dtrace.  Options, and the life
 * of a trace: INACTIVE -> WARMUP (BEGIN) -> ACTIVE -> [DRAINING, after
 * exit()] -> COOLDOWN (END) -> STOPPED.  Process context; every function
 * but create is called with state->lock held.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include "internal.h"

LIST_HEAD(dtrace_states);
/* protects dtrace_states and the consumer ids: see internal.h */
DEFINE_MUTEX(dtrace_states_lock);
static u32 dtrace_state_next_id;	/* dtrace_states_lock */

/* Context: process; may sleep; the opener is current. */
struct dtrace_state *dtrace_state_create(void)
{
	struct dtrace_state *state;

	state = dtrace_zalloc(sizeof(*state), GFP_KERNEL);
	if (!state)
		return NULL;
	state->vars = dtrace_zalloc_array(DTRACE_DIF_MAXVARS,
					  sizeof(*state->vars), GFP_KERNEL);
	if (!state->vars) {
		dtrace_free(state);
		return NULL;
	}
	mutex_init(&state->lock);
	refcount_set(&state->refs, 1);
	INIT_LIST_HEAD(&state->retained);
	state->activity = DTRACE_ACTIVITY_INACTIVE;
	state->options[DTRACE_OPT_BUFSIZE] = DTRACE_BUFSIZE_DEFAULT;
	state->options[DTRACE_OPT_BUFPOLICY] = DTRACE_BUFPOLICY_SWITCH;
	state->options[DTRACE_OPT_STRSIZE] = DTRACE_STRSIZE_DEFAULT;
	state->options[DTRACE_OPT_DYNVARSIZE] = DTRACE_DYNVARSIZE_DEFAULT;
	state->options[DTRACE_OPT_SCRATCHSIZE] = DTRACE_SCRATCHSIZE_DEFAULT;
	state->options[DTRACE_OPT_AGGSIZE] = DTRACE_AGGSIZE_DEFAULT;
	state->options[DTRACE_OPT_NSPEC] = DTRACE_NSPEC_DEFAULT;
	state->options[DTRACE_OPT_SPECSIZE] = DTRACE_SPECSIZE_DEFAULT;
	state->options[DTRACE_OPT_CPU] = DTRACE_CPU_ANY;
	state->pid = task_tgid_nr(current);
	get_task_comm(state->comm, current);

	mutex_lock(&dtrace_states_lock);
	state->id = ++dtrace_state_next_id;
	list_add_tail(&state->list, &dtrace_states);
	mutex_unlock(&dtrace_states_lock);
	dtrace_trace("consumer %u opened by %s", state->id, state->comm);
	return state;
}

/**
 * dtrace_state_next() - the next consumer, for a reader of all of them
 * @after: the id of the last one seen, 0 for the first
 *
 * Ids rise in the order of dtrace_states, so a reader that drops
 * dtrace_states_lock between two consumers (to wait for a state->lock)
 * finds its place again by id, whoever opened or closed meanwhile.
 * Context: process; takes dtrace_states_lock.
 * Return: the listed consumer with the lowest id above @after, with a
 * reference the caller drops with dtrace_state_put(); NULL if none.
 */
struct dtrace_state *dtrace_state_next(u32 after)
{
	struct dtrace_state *state, *found = NULL;

	mutex_lock(&dtrace_states_lock);
	list_for_each_entry(state, &dtrace_states, list) {
		if (state->id > after) {
			/* listed, so the file's reference is still held */
			refcount_inc(&state->refs);
			found = state;
			break;
		}
	}
	mutex_unlock(&dtrace_states_lock);
	return found;
}

/**
 * dtrace_state_put() - drop a reference to a consumer
 * @state: the consumer
 *
 * The last reference frees what is left of a closed consumer.
 * Context: process; may sleep; no lock of @state held.
 */
void dtrace_state_put(struct dtrace_state *state)
{
	if (!refcount_dec_and_test(&state->refs))
		return;
	mutex_destroy(&state->lock);
	dtrace_free(state->vars);
	dtrace_free(state);
}

/**
 * dtrace_state_destroy() - tear a consumer down, whatever it was doing
 * @state: the consumer; its file is being released
 *
 * END does not fire: a consumer that wanted it asked for DTRACEIOC_STOP.
 * A /proc/dtrace reader may still hold a reference: it finds the state
 * closed and passes over it, and the last reference frees it.
 * Context: process; may sleep.
 */
void dtrace_state_destroy(struct dtrace_state *state)
{
	mutex_lock(&dtrace_states_lock);
	list_del(&state->list);
	mutex_unlock(&dtrace_states_lock);

	mutex_lock(&state->lock);
	dtrace_trace("consumer %u closed: %u ECBs to tear down", state->id,
		     state->necbs);
	state->closed = true;
	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_STOPPED);
	dtrace_retained_free(state);
	/* Waits for probe context, so the buffers are free to go after. */
	dtrace_ecbs_destroy(state);
	dtrace_specs_free(state);
	dtrace_aggs_free(state);
	dtrace_vars_free(state);
	dtrace_buffers_free(state);
	dtrace_aggs_destroy(state);
	mutex_unlock(&state->lock);
	dtrace_state_put(state);
}

/*
 * Options that are a size in bytes: their bounds; rounded up to 8 but
 * dynvarsize, a budget counted to the byte (dynvar.c).
 */
static const struct {
	u64	min;
	u64	max;
} dtrace_opt_size[DTRACE_OPT_MAX] = {
	[DTRACE_OPT_BUFSIZE]	 = { DTRACE_BUFSIZE_MIN, DTRACE_BUFSIZE_MAX },
	[DTRACE_OPT_DYNVARSIZE]	 = { DTRACE_DYNVARSIZE_MIN,
				     DTRACE_DYNVARSIZE_MAX },
	[DTRACE_OPT_SCRATCHSIZE] = { DTRACE_SCRATCHSIZE_MIN,
				     DTRACE_SCRATCHSIZE_MAX },
	[DTRACE_OPT_AGGSIZE]	 = { DTRACE_AGGSIZE_MIN, DTRACE_AGGSIZE_MAX },
	[DTRACE_OPT_SPECSIZE]	 = { DTRACE_SPECSIZE_MIN,
				     DTRACE_SPECSIZE_MAX },
};

int dtrace_state_setopt(struct dtrace_state *state, u32 option, u64 value)
{
	lockdep_assert_held(&state->lock);
	if (state->activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;
	if (option >= DTRACE_OPT_MAX)
		return -EINVAL;
	if (dtrace_opt_size[option].max) {
		if (value < dtrace_opt_size[option].min ||
		    value > dtrace_opt_size[option].max)
			return -EINVAL;
		state->options[option] = option == DTRACE_OPT_DYNVARSIZE ?
					 value : ALIGN(value, 8);
		return 0;
	}

	switch (option) {
	case DTRACE_OPT_BUFPOLICY:
		if (value > DTRACE_BUFPOLICY_RING)
			return -EINVAL;
		break;
	case DTRACE_OPT_STRSIZE:
		if (value < 2 || value > DTRACE_STRSIZE_MAX)
			return -EINVAL;
		break;
	case DTRACE_OPT_DESTRUCTIVE:
		if (value & ~(u64)(DTRACE_DESTRUCTIVE_ALLOW |
				   DTRACE_DESTRUCTIVE_PANIC))
			return -EINVAL;
		break;
	case DTRACE_OPT_NSPEC:
		if (value < 1 || value > DTRACE_NSPEC_MAX)
			return -EINVAL;
		break;
	case DTRACE_OPT_CPU:
		if (value != DTRACE_CPU_ANY &&
		    (value >= nr_cpu_ids || !cpu_possible(value)))
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	state->options[option] = value;
	return 0;
}

/* The bytes the records of all the state's END clauses take. */
static u64 dtrace_state_endsum(const struct dtrace_state *state)
{
	u64 size = 0;
	u32 i;

	for (i = 0; i < state->necbs; i++) {
		const struct dtrace_ecb *ecb = state->ecbs[i];
		const struct dtrace_clause *clause = ecb->clause;

		if (ecb->probe == dtrace_probe_end &&
		    (!clause->nactions || clause->datasize))
			size += ecb->recsize;
	}
	return size;
}

/*
 * FILL: the room every CPU's buffer keeps for END, the records of all
 * the state's END clauses (they all fire, on one CPU), at most the
 * whole buffer.
 */
static u64 dtrace_state_endsize(const struct dtrace_state *state)
{
	if (state->bufpolicy != DTRACE_BUFPOLICY_FILL)
		return 0;
	return min(dtrace_state_endsum(state), state->bufsize);
}

/* Does every enabled clause's record fit in a buffer of @bufsize? */
static bool dtrace_state_records_fit(const struct dtrace_state *state,
				     u64 bufsize)
{
	u32 i;

	for (i = 0; i < state->necbs; i++)
		if (state->ecbs[i]->recsize > bufsize)
			return false;
	return true;
}

/*
 * Each ECB's fires_fast (internal.h), now that the cpu option is fixed
 * (options are set only before GO): its activity if it may fire there on
 * any CPU, which BEGIN's and END's may whatever the option says.  A
 * probe firing before it sees this takes the full test, which gives the
 * same answer; so do the ECBs a retained description makes after GO,
 * which keep DTRACE_ECB_FIRES_SLOW.
 */
static void dtrace_state_fires_fast(struct dtrace_state *state)
{
	bool any_cpu = state->options[DTRACE_OPT_CPU] == DTRACE_CPU_ANY;
	struct dtrace_ecb *ecb;
	u32 i;

	for (i = 0; i < state->necbs; i++) {
		ecb = state->ecbs[i];
		if (ecb->fires_in == DTRACE_ECB_FIRES_ERROR ||
		    (ecb->fires_in == DTRACE_ACTIVITY_ACTIVE && !any_cpu))
			continue;
		WRITE_ONCE(ecb->fires_fast, ecb->fires_in);
	}
}

/**
 * dtrace_state_go() - start tracing: allocate buffers, variables,
 *	aggregation and speculation buffers, fire BEGIN
 * @state: a consumer not started yet
 * @cpu: out, the CPU BEGIN fired on
 *
 * Return: 0, -EBUSY if already started, -ENOSPC if under the fill
 * policy the records of the END clauses together do not fit in the
 * buffer size asked for, -E2BIG if a clause's record does not or if
 * dynvarsize cannot hold one element of a dynamic variable, -ENOMEM.
 */
int dtrace_state_go(struct dtrace_state *state, u32 *cpu)
{
	u32 i;
	int ret;

	lockdep_assert_held(&state->lock);
	if (state->activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;
	if (state->options[DTRACE_OPT_BUFPOLICY] == DTRACE_BUFPOLICY_FILL &&
	    dtrace_state_endsum(state) > state->options[DTRACE_OPT_BUFSIZE])
		return -ENOSPC;
	if (!dtrace_state_records_fit(state,
				      state->options[DTRACE_OPT_BUFSIZE]) ||
	    !dtrace_vars_fit(state))
		return -E2BIG;
	state->bufsize = state->options[DTRACE_OPT_BUFSIZE];
	state->bufpolicy = state->options[DTRACE_OPT_BUFPOLICY];
	state->strsize = state->options[DTRACE_OPT_STRSIZE];
	state->endsize = dtrace_state_endsize(state);
	ret = dtrace_buffers_alloc(state);
	if (ret)
		return ret;
	ret = dtrace_vars_alloc(state);
	if (ret)
		goto out_free_buffers;
	ret = dtrace_aggs_alloc(state);
	if (ret)
		goto out_free_vars;
	ret = dtrace_specs_alloc(state);
	if (ret)
		goto out_free_aggs;

	/* The clocks of profile-n and tick-n count from here. */
	for (i = 0; i < state->necbs; i++)
		dtrace_probe_start(state->ecbs[i]->probe, state);
	dtrace_state_fires_fast(state);
	dtrace_trace("consumer %u go: %u ECBs, bufsize %llu", state->id,
		     state->necbs, state->bufsize);
	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_WARMUP);
	preempt_disable();
	*cpu = smp_processor_id();
	dtrace_probe_fire_state(dtrace_probe_begin, state);
	preempt_enable();
	/* An exit() in BEGIN has moved the state on to DRAINING already. */
	cmpxchg(&state->activity, DTRACE_ACTIVITY_WARMUP,
		DTRACE_ACTIVITY_ACTIVE);
	return 0;

out_free_aggs:
	dtrace_aggs_free(state);
out_free_vars:
	dtrace_vars_free(state);
out_free_buffers:
	dtrace_buffers_free(state);
	dtrace_trace("consumer %u go failed: %d", state->id, ret);
	return ret;
}

/**
 * dtrace_state_stop() - stop tracing and fire END
 * @state: a started consumer
 * @cpu: out, the CPU END fired on
 *
 * Return: 0, or -EBUSY if the state is not tracing.
 */
int dtrace_state_stop(struct dtrace_state *state, u32 *cpu)
{
	int activity = READ_ONCE(state->activity);

	lockdep_assert_held(&state->lock);
	if (activity != DTRACE_ACTIVITY_ACTIVE &&
	    activity != DTRACE_ACTIVITY_DRAINING)
		return -EBUSY;

	dtrace_trace("consumer %u stop", state->id);
	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_COOLDOWN);
	preempt_disable();
	*cpu = smp_processor_id();
	dtrace_probe_fire_state(dtrace_probe_end, state);
	preempt_enable();
	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_STOPPED);
	return 0;
}
