// SPDX-License-Identifier: GPL-2.0
/*
 * Consumer states: one per open of /dev/dtrace.  Options, and the life
 * of a trace: INACTIVE -> WARMUP (BEGIN) -> ACTIVE -> [DRAINING, after
 * exit()] -> COOLDOWN (END) -> STOPPED.  Process context; every function
 * but create is called with state->lock held.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/slab.h>
#include <linux/smp.h>
#include "internal.h"

struct dtrace_state *dtrace_state_create(void)
{
	struct dtrace_state *state;

	state = kzalloc(sizeof(*state), GFP_KERNEL);
	if (!state)
		return NULL;
	state->vars = kvcalloc(DTRACE_DIF_MAXVARS, sizeof(*state->vars),
			       GFP_KERNEL);
	if (!state->vars) {
		kfree(state);
		return NULL;
	}
	mutex_init(&state->lock);
	state->activity = DTRACE_ACTIVITY_INACTIVE;
	state->options[DTRACE_OPT_BUFSIZE] = DTRACE_BUFSIZE_DEFAULT;
	state->options[DTRACE_OPT_BUFPOLICY] = DTRACE_BUFPOLICY_SWITCH;
	state->options[DTRACE_OPT_STRSIZE] = DTRACE_STRSIZE_DEFAULT;
	state->options[DTRACE_OPT_DYNVARSIZE] = DTRACE_DYNVARSIZE_DEFAULT;
	state->options[DTRACE_OPT_SCRATCHSIZE] = DTRACE_SCRATCHSIZE_DEFAULT;
	return state;
}

/**
 * dtrace_state_destroy() - tear a consumer down, whatever it was doing
 * @state: the consumer; its file is being released
 *
 * END does not fire: a consumer that wanted it asked for DTRACEIOC_STOP.
 * Context: process; may sleep.
 */
void dtrace_state_destroy(struct dtrace_state *state)
{
	mutex_lock(&state->lock);
	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_STOPPED);
	/* Waits for probe context, so the buffers are free to go after. */
	dtrace_ecbs_destroy(state);
	dtrace_vars_free(state);
	dtrace_buffers_free(state);
	mutex_unlock(&state->lock);
	mutex_destroy(&state->lock);
	kvfree(state->vars);
	kfree(state);
}

int dtrace_state_setopt(struct dtrace_state *state, u32 option, u64 value)
{
	lockdep_assert_held(&state->lock);
	if (state->activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;

	switch (option) {
	case DTRACE_OPT_BUFSIZE:
		if (value < DTRACE_BUFSIZE_MIN || value > DTRACE_BUFSIZE_MAX)
			return -EINVAL;
		value = ALIGN(value, 8);
		break;
	case DTRACE_OPT_BUFPOLICY:
		if (value != DTRACE_BUFPOLICY_SWITCH)
			return -EINVAL;
		break;
	case DTRACE_OPT_STRSIZE:
		if (value < 2 || value > DTRACE_STRSIZE_MAX)
			return -EINVAL;
		break;
	case DTRACE_OPT_DYNVARSIZE:
		if (value < DTRACE_DYNVARSIZE_MIN ||
		    value > DTRACE_DYNVARSIZE_MAX)
			return -EINVAL;
		value = ALIGN(value, 8);
		break;
	case DTRACE_OPT_SCRATCHSIZE:
		if (value < DTRACE_SCRATCHSIZE_MIN ||
		    value > DTRACE_SCRATCHSIZE_MAX)
			return -EINVAL;
		value = ALIGN(value, 8);
		break;
	case DTRACE_OPT_DESTRUCTIVE:
		if (value & ~(u64)(DTRACE_DESTRUCTIVE_ALLOW |
				   DTRACE_DESTRUCTIVE_PANIC))
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	state->options[option] = value;
	return 0;
}

/**
 * dtrace_state_go() - start tracing: allocate buffers and variables, fire BEGIN
 * @state: a consumer not started yet
 * @cpu: out, the CPU BEGIN fired on
 *
 * Return: 0, -EBUSY if already started, -ENOMEM.
 */
int dtrace_state_go(struct dtrace_state *state, u32 *cpu)
{
	int ret;

	lockdep_assert_held(&state->lock);
	if (state->activity != DTRACE_ACTIVITY_INACTIVE)
		return -EBUSY;
	state->bufsize = state->options[DTRACE_OPT_BUFSIZE];
	state->strsize = state->options[DTRACE_OPT_STRSIZE];
	ret = dtrace_buffers_alloc(state);
	if (ret)
		return ret;
	ret = dtrace_vars_alloc(state);
	if (ret) {
		dtrace_buffers_free(state);
		return ret;
	}

	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_WARMUP);
	preempt_disable();
	*cpu = smp_processor_id();
	dtrace_probe_fire_state(dtrace_probe_begin, state);
	preempt_enable();
	/* An exit() in BEGIN has moved the state on to DRAINING already. */
	cmpxchg(&state->activity, DTRACE_ACTIVITY_WARMUP,
		DTRACE_ACTIVITY_ACTIVE);
	return 0;
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

	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_COOLDOWN);
	preempt_disable();
	*cpu = smp_processor_id();
	dtrace_probe_fire_state(dtrace_probe_end, state);
	preempt_enable();
	WRITE_ONCE(state->activity, DTRACE_ACTIVITY_STOPPED);
	return 0;
}
