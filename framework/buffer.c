// SPDX-License-Identifier: GPL-2.0
/*
 * Principal buffers, switch policy: two buffers per CPU, one filled by
 * probe context, one handed to the consumer at each snapshot.  This
 * file allocates, snapshots and frees them, in process context; the
 * writing side and the switch itself are in probe_ctx.c.
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

		kvfree(buf->data[0]);
		kvfree(buf->data[1]);
	}
	free_percpu(state->buffers);
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
	state->buffers = alloc_percpu(struct dtrace_buffer);
	if (!state->buffers)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct dtrace_buffer *buf = per_cpu_ptr(state->buffers, cpu);
		int node = cpu_to_node(cpu);

		buf->data[0] = kvzalloc_node(state->bufsize, gfp, node);
		buf->data[1] = kvzalloc_node(state->bufsize, gfp, node);
		if (!buf->data[0] || !buf->data[1]) {
			dtrace_buffers_free(state);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * dtrace_buffer_snapshot() - switch one CPU's buffers, copy out the full one
 * @state: a started consumer
 * @snap: the request; cpu, data and bufsize in, used/drops/errors out
 *
 * Context: process; may sleep; state->lock held, which keeps the buffer
 * handed out here from being switched back before it is copied.
 * Return: 0, -ENXIO before GO, -EINVAL for a bad CPU, -ENOSPC if the
 * consumer's buffer is too small, -EFAULT.
 */
int dtrace_buffer_snapshot(struct dtrace_state *state,
			   struct dtrace_ioc_bufsnap *snap)
{
	struct dtrace_buffer *buf;
	unsigned long flags;

	lockdep_assert_held(&state->lock);
	if (!state->buffers)
		return -ENXIO;
	if (snap->cpu >= nr_cpu_ids || !cpu_possible(snap->cpu))
		return -EINVAL;
	if (snap->bufsize < state->bufsize)
		return -ENOSPC;

	buf = per_cpu_ptr(state->buffers, snap->cpu);
	cpus_read_lock();
	if (cpu_online(snap->cpu)) {
		smp_call_function_single(snap->cpu, dtrace_buffer_switch, buf,
					 1);
	} else {
		local_irq_save(flags);
		dtrace_buffer_switch(buf);
		local_irq_restore(flags);
	}
	cpus_read_unlock();

	if (copy_to_user(u64_to_user_ptr(snap->data),
			 buf->data[buf->active ^ 1], buf->snap_used))
		return -EFAULT;
	snap->used = buf->snap_used;
	snap->drops = buf->snap_drops;
	snap->errors = buf->snap_errors;
	snap->dyndrops = buf->snap_dyndrops;
	return 0;
}

/*
 * Totals since the start, for DTRACEIOC_STATUS.  The per-CPU counters are
 * read while probes may bump them: each read is of a whole u64, and a
 * count one behind is as good as the one a moment earlier.
 */
void dtrace_buffers_count(struct dtrace_state *state, u64 *drops,
			  u64 *errors, u64 *dyndrops)
{
	int cpu;

	*drops = 0;
	*errors = 0;
	*dyndrops = 0;
	if (!state->buffers)
		return;
	for_each_possible_cpu(cpu) {
		struct dtrace_buffer *buf = per_cpu_ptr(state->buffers, cpu);

		*drops += READ_ONCE(buf->drops);
		*errors += READ_ONCE(buf->errors);
		*dyndrops += READ_ONCE(buf->dyndrops);
	}
}
