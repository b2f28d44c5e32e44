// SPDX-License-Identifier: GPL-2.0
/*
 * Principal buffers, probe-context side: where a record goes under each
 * policy (DTRACE_BUFPOLICY_*), and the switch that hands one CPU's
 * records to the consumer, run on that CPU by an IPI.  Probe context,
 * under the rules at the top of probe_ctx.c; buffer.c is the process
 * side (allocation, the snapshot ioctl).
 *
 * SWITCH and FILL append at offset.  FILL keeps state->endsize bytes for
 * the END clauses, which alone may use them.
 *
 * RING writes whole records at head (buf->offset) and evicts the oldest
 * ones (from tail) that a new record overlaps.  A record that does not
 * fit before the end of the buffer starts a new lap at 0; what is left of
 * the lap before the last one is given up then, as it is older than
 * anything the new lap overwrites.  The live records, oldest first:
 *
 *	wrapped:     [tail, lapend) then [0, head)
 *	not wrapped: [0, head)
 *
 *	0          head        tail            lapend      bufsize
 *	| new lap  | (evicted) | rest of older lap | unused  |
 *
 * No marker is written at the wrap point: lapend says where it is.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/kprobes.h>
#include <linux/percpu.h>
#include "internal.h"

/* Bytes from the record at @off to the next one. */
static u64 dtrace_rec_len(const void *data, u64 off)
{
	const struct dtrace_rechdr *hdr = data + off;

	return ALIGN(hdr->size, 8);
}

/*
 * Room for @size bytes at head, evicting what it overlaps.  Return: NULL
 * if the record at tail is not a record (shorter than a header, or past
 * the end of its lap).  That cannot happen, as nothing writes a buffer
 * outside its CPU's guard; if it did, eviction would walk garbage or
 * spin on a size of 0, so it stops: the rest of the older lap is given
 * up, and the caller counts this record as a drop.
 */
static void *dtrace_ring_reserve(struct dtrace_buffer *buf, u64 bufsize,
				 u32 size)
{
	void *data = buf->data[0];
	u64 len;

	if (buf->offset + size > bufsize) {
		buf->lapend = buf->offset;
		buf->offset = 0;
		buf->tail = 0;
		buf->wrapped = true;
	}
	/* When wrapped, tail >= head: evict what [head, head + size) covers. */
	while (buf->wrapped && buf->tail < buf->offset + size) {
		len = dtrace_rec_len(data, buf->tail);
		if (WARN_ON_ONCE(len < sizeof(struct dtrace_rechdr) ||
				 len > buf->lapend - buf->tail)) {
			buf->tail = 0;
			buf->wrapped = false;
			return NULL;
		}
		buf->tail += len;
		if (buf->tail >= buf->lapend) {
			buf->tail = 0;
			buf->wrapped = false;
		}
	}
	return data + buf->offset;
}

/**
 * dtrace_buffer_reserve() - room for one record in a principal buffer
 * @state: the consumer
 * @buf: this CPU's buffer (or an offline CPU's, from its switch)
 * @size: bytes of the record, 8-aligned
 * @end: the record is an END clause's, which may use the room FILL keeps
 *
 * A record that does not fit is a drop; under FILL it also stops the
 * trace as exit() does.  The room is the caller's until it commits it
 * with dtrace_buffer_commit(); a record not committed is not there.
 * Context: probe context, or a buffer switch.
 * Return: where to write the record, or NULL.
 */
void *dtrace_buffer_reserve(struct dtrace_state *state,
			    struct dtrace_buffer *buf, u32 size, bool end)
{
	u64 limit = state->bufsize;
	void *rec;

	if (size > limit)
		goto drop;
	switch (state->bufpolicy) {
	case DTRACE_BUFPOLICY_RING:
		rec = dtrace_ring_reserve(buf, limit, size);
		if (!rec)
			goto drop;
		return rec;
	case DTRACE_BUFPOLICY_FILL:
		if (!end)
			limit -= state->endsize;
		if (buf->offset + size > limit) {
			dtrace_state_exit(state);
			goto drop;
		}
		break;
	default:
		if (buf->offset + size > limit)
			goto drop;
		break;
	}
	return buf->data[buf->active] + buf->offset;

drop:
	buf->count[DTRACE_CNT_DROPS]++;
	return NULL;
}
NOKPROBE_SYMBOL(dtrace_buffer_reserve);

/**
 * dtrace_buffer_commit() - keep the record dtrace_buffer_reserve() placed
 * @buf: the buffer it was reserved in
 * @size: its size, as reserved
 *
 * Context: probe context, or a buffer switch.
 */
void dtrace_buffer_commit(struct dtrace_buffer *buf, u32 size)
{
	buf->offset += size;
}
NOKPROBE_SYMBOL(dtrace_buffer_commit);

/* What the consumer gets of a FILL or RING buffer once STOPPED: all, once. */
static void dtrace_buffer_take(struct dtrace_buffer *buf)
{
	buf->snap_buf = 0;
	if (buf->wrapped) {
		buf->snap_start = buf->tail;
		buf->snap_used = buf->lapend - buf->tail;
		buf->snap_wrap = buf->offset;
	} else {
		buf->snap_used = buf->offset;
	}
	buf->offset = 0;
	buf->tail = 0;
	buf->lapend = 0;
	buf->wrapped = false;
}

/**
 * dtrace_buffer_switch() - hand this CPU's records to the consumer
 * @arg: a struct dtrace_switch
 *
 * First this CPU finishes its part of the commits and discards it has
 * not done yet (spec_ctx.c), so committed records go out with this
 * snapshot.  Then: SWITCH hands over the filled buffer and writes to the
 * other one; FILL and RING hand over nothing until the state is STOPPED,
 * then everything, once.  The counters always move to the snapshot.
 * Context: on the buffer's own CPU with interrupts off (an IPI), inside
 * that CPU's guard, so no probe can be writing to it, not even from an
 * NMI; or from process context with interrupts off, inside the guard of
 * the CPU it runs on, for a CPU that is offline and held so by
 * cpus_read_lock().
 */
void dtrace_buffer_switch(void *arg)
{
	struct dtrace_switch *sw = arg;
	struct dtrace_buffer *buf = sw->buf;
	u64 c;
	int i;

	/* An IPI or the offline path never lands inside the core. */
	WARN_ON_ONCE(!dtrace_guard_enter());
	if (sw->state->specs)
		dtrace_specs_switch(sw->state, sw->cpu);
	for (i = 0; i < DTRACE_CNT_MAX; i++) {
		/* once: an NMI may bump DTRACE_CNT_NESTED meanwhile */
		c = READ_ONCE(buf->count[i]);
		buf->snap[i] = c - buf->seen[i];
		buf->seen[i] = c;
	}
	buf->snap_start = 0;
	buf->snap_used = 0;
	buf->snap_wrap = 0;
	if (sw->state->bufpolicy == DTRACE_BUFPOLICY_SWITCH) {
		buf->snap_buf = buf->active;
		buf->snap_used = buf->offset;
		buf->active ^= 1;
		buf->offset = 0;
	} else if (sw->stopped) {
		dtrace_buffer_take(buf);
	}
	dtrace_guard_leave();
}
NOKPROBE_SYMBOL(dtrace_buffer_switch);
