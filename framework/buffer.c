// SPDX-License-Identifier: GPL-2.0
/*
 * Principal buffers, process side: two buffers per CPU under the switch
 * policy (one filled by probe context, one handed to the consumer at each
 * snapshot), one under fill and ring.  This file allocates, snapshots and
 * frees them; the writing side and the switch itself are in
 * buffer_ctx.c, which explains the policies.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/cpu.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include "internal.h"

void dtrace_buffers_free(struct dtrace_state *state)
{
	int cpu;

	if (!state->buffers)
		return;
	for_each_possible_cpu(cpu) {
		struct dtrace_buffer *buf = per_cpu_ptr(state->buffers, cpu);

		dtrace_free(buf->data[0]);
		dtrace_free(buf->data[1]);
	}
	dtrace_percpu_free(state->buffers, sizeof(struct dtrace_buffer));
	state->buffers = NULL;
}

/**
 * dtrace_buffers_alloc() - give every possible CPU its two buffers
 * @state: a consumer about to start; state->bufsize is set
 *
 * Context: process; may sleep; state->lock held.
 * Return: 0 or -ENOMEM, with nothing left allocated.
 */
int dtrace_buffers_alloc(struct dtrace_state *state)
{
	/* A size the machine cannot give is an error, not an OOM kill. */
	const gfp_t gfp = GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN;
	int cpu;

	lockdep_assert_held(&state->lock);
	state->buffers = dtrace_percpu_zalloc(sizeof(struct dtrace_buffer),
					      __alignof__(struct dtrace_buffer));
	if (!state->buffers)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct dtrace_buffer *buf = per_cpu_ptr(state->buffers, cpu);
		int node = cpu_to_node(cpu);

		buf->data[0] = dtrace_zalloc_node(state->bufsize, gfp, node);
		if (state->bufpolicy == DTRACE_BUFPOLICY_SWITCH)
			buf->data[1] = dtrace_zalloc_node(state->bufsize, gfp,
							  node);
		if (!buf->data[0] ||
		    (state->bufpolicy == DTRACE_BUFPOLICY_SWITCH &&
		     !buf->data[1])) {
			dtrace_buffers_free(state);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * dtrace_cpu_call() - run @fn(@arg) for CPU @cpu, as if there
 * @cpu: a possible CPU
 * @fn: a switch: it must run on @cpu with interrupts off, or anywhere
 *	with interrupts off while @cpu is offline
 * @arg: its argument
 *
 * Context: process; may sleep.
 */
void dtrace_cpu_call(int cpu, smp_call_func_t fn, void *arg)
{
	unsigned long flags;

	cpus_read_lock();
	if (cpu_online(cpu)) {
		smp_call_function_single(cpu, fn, arg, 1);
	} else {
		local_irq_save(flags);
		fn(arg);
		local_irq_restore(flags);
	}
	cpus_read_unlock();
}

/**
 * dtrace_buffer_snapshot() - switch one CPU's buffers, copy out the records
 * @state: a started consumer
 * @snap: the request; cpu, data and bufsize in, used and counters out
 *
 * Context: process; may sleep; state->lock held, which keeps the buffer
 * handed out here from being switched back before it is copied.
 * Return: 0, -ENXIO before GO, -EINVAL for a bad CPU, -ENOSPC if the
 * consumer's buffer is too small, -EFAULT.
 */
int dtrace_buffer_snapshot(struct dtrace_state *state,
			   struct dtrace_ioc_bufsnap *snap)
{
	struct dtrace_switch sw = { .state = state, .cpu = snap->cpu };
	void __user *udata = u64_to_user_ptr(snap->data);
	struct dtrace_buffer *buf;
	const char *data;

	lockdep_assert_held(&state->lock);
	if (!state->buffers)
		return -ENXIO;
	if (snap->cpu >= nr_cpu_ids || !cpu_possible(snap->cpu))
		return -EINVAL;
	if (snap->bufsize < state->bufsize)
		return -ENOSPC;

	buf = per_cpu_ptr(state->buffers, snap->cpu);
	sw.buf = buf;
	sw.stopped = READ_ONCE(state->activity) == DTRACE_ACTIVITY_STOPPED;
	dtrace_cpu_call(snap->cpu, dtrace_buffer_switch, &sw);
	dtrace_specs_offline(state);

	data = buf->data[buf->snap_buf];
	if (copy_to_user(udata, data + buf->snap_start, buf->snap_used) ||
	    copy_to_user(udata + buf->snap_used, data, buf->snap_wrap))
		return -EFAULT;
	snap->used = buf->snap_used + buf->snap_wrap;
	snap->drops = buf->snap[DTRACE_CNT_DROPS] +
		      buf->snap[DTRACE_CNT_NESTED];
	snap->errors = buf->snap[DTRACE_CNT_ERRORS];
	snap->dyndrops = buf->snap[DTRACE_CNT_DYNDROPS];
	snap->specdrops = buf->snap[DTRACE_CNT_SPECDROPS];
	snap->specbusy = buf->snap[DTRACE_CNT_SPECBUSY];
	snap->specunavail = buf->snap[DTRACE_CNT_SPECUNAVAIL];
	return 0;
}

/*
 * Totals since the start, for DTRACEIOC_STATUS.  The per-CPU counters are
 * read while probes may bump them: each read is of a whole u64, and a
 * count one behind is as good as the one a moment earlier.  Firings
 * dropped inside the guard (DTRACE_CNT_NESTED) count as drops too, as
 * they do in a snapshot.
 */
void dtrace_buffers_count(struct dtrace_state *state,
			  u64 count[DTRACE_CNT_MAX])
{
	int cpu, i;

	memset(count, 0, DTRACE_CNT_MAX * sizeof(*count));
	if (!state->buffers)
		return;
	for_each_possible_cpu(cpu) {
		struct dtrace_buffer *buf = per_cpu_ptr(state->buffers, cpu);

		for (i = 0; i < DTRACE_CNT_MAX; i++)
			count[i] += READ_ONCE(buf->count[i]);
	}
	count[DTRACE_CNT_DROPS] += count[DTRACE_CNT_NESTED];
}
