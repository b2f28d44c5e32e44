// SPDX-License-Identifier: GPL-2.0
/*
 * Speculations, probe-context side: speculation() claims an id,
 * speculate() finds this CPU's buffer of it, commit() and discard() end
 * it, and each CPU's buffer switch finishes a commit or discard there.
 * Probe context, under the rules at the top of probe_ctx.c; spec.c
 * allocates and frees.
 *
 * One speculation's state word holds a kind (DTRACE_SPEC_*) in its low
 * two bits and a generation above them, which each claim bumps:
 *
 *   INACTIVE --speculation()--> ACTIVE --commit()---> COMMITTING --+
 *      ^                          |                                |
 *      |                          +----discard()---> DISCARDING ---+
 *      +---- the last CPU has moved (or dropped) its records ------+
 *
 * Leaving INACTIVE and leaving ACTIVE are cmpxchg()s, so one claim and one
 * commit or discard win.  Each CPU has its own buffer of each
 * speculation and only that CPU touches it, so no buffer is shared:
 * a CPU's records are moved to its principal buffer (commit) or dropped
 * (discard) by that CPU itself, at once by the CPU that commits, and by
 * every other CPU in its next buffer switch (the consumer's IPI; for the
 * CPUs that are offline, the consumer itself at every snapshot).  Having
 * done so, a CPU notes the generation in its done_gen and decrements
 * npending.  The CPU that brings npending to zero sets it back to the
 * number of possible CPUs, then stores INACTIVE with release: whoever
 * claims the id next (a cmpxchg, fully ordered) sees npending ready, and
 * so does every CPU that later sees the id COMMITTING again (acquire).
 *
 * Why nothing is lost or misfiled: a firing runs with interrupts off, so
 * on a CPU a switch runs wholly before or wholly after it.  A firing that
 * read ACTIVE and recorded is followed on its CPU by a switch that sees
 * COMMITTING or DISCARDING, or by one that does not yet (it then waits
 * for the next); either way the record goes where the speculation went.
 * A CPU that has seen COMMITTING never reads the older ACTIVE again
 * (coherence of the one word), and the id is not ACTIVE again before
 * every CPU has done its part, so a record made after a CPU's part
 * belongs to a new claim.  The price: an id comes back only after every
 * online CPU has been switched once since the commit, which the
 * consumer's snapshots of every CPU see to; till then speculation()
 * counts specbusy.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include "internal.h"

#define DTRACE_SPEC_KIND(st)	((st) & 3u)
#define DTRACE_SPEC_GEN(st)	((st) >> 2)

static bool dtrace_spec_ending(u32 st)
{
	return DTRACE_SPEC_KIND(st) == DTRACE_SPEC_COMMITTING ||
	       DTRACE_SPEC_KIND(st) == DTRACE_SPEC_DISCARDING;
}

/**
 * dtrace_spec_claim() - speculation(): a free id, now ACTIVE
 * @mst: machine state of the firing
 *
 * Context: probe context.
 * Return: the id (1..nspec), or 0 when none is INACTIVE: counted as
 * specbusy if some are still being committed or discarded, else as
 * specunavail.
 */
u64 dtrace_spec_claim(struct dtrace_mstate *mst)
{
	struct dtrace_state *state = mst->ecb->state;
	bool busy = false;
	u32 i;

	for (i = 0; i < state->nspec; i++) {
		struct dtrace_spec *spec = &state->specs[i];
		u32 st = READ_ONCE(spec->state);

		if (DTRACE_SPEC_KIND(st) == DTRACE_SPEC_INACTIVE) {
			u32 next = (st & ~3u) + 4 + DTRACE_SPEC_ACTIVE;

			if (cmpxchg(&spec->state, st, next) == st)
				return i + 1;
		} else if (dtrace_spec_ending(st)) {
			busy = true;
		}
	}
	this_cpu_ptr(state->buffers)->count[busy ? DTRACE_CNT_SPECBUSY :
					    DTRACE_CNT_SPECUNAVAIL]++;
	return 0;
}
NOKPROBE_SYMBOL(dtrace_spec_claim);

/**
 * dtrace_spec_buffer() - speculate(@id): room for this firing's record
 * @mst: machine state of the firing
 * @id: the speculation
 * @size: bytes of the record
 *
 * An id that is 0, out of range or INACTIVE drops the record silently,
 * as DTrace does; one being committed or discarded counts specbusy, a
 * full buffer specdrops.
 * Context: probe context.
 * Return: this CPU's buffer of the speculation, with @size bytes free at
 * its offset (the caller advances it to keep the record), or NULL.
 */
struct dtrace_specbuf *dtrace_spec_buffer(struct dtrace_mstate *mst, u64 id,
					  u32 size)
{
	struct dtrace_state *state = mst->ecb->state;
	struct dtrace_buffer *buf = this_cpu_ptr(state->buffers);
	struct dtrace_specbuf *sb;
	u32 st;

	if (!id || id > state->nspec)
		return NULL;
	st = READ_ONCE(state->specs[id - 1].state);
	if (dtrace_spec_ending(st))
		buf->count[DTRACE_CNT_SPECBUSY]++;
	if (DTRACE_SPEC_KIND(st) != DTRACE_SPEC_ACTIVE)
		return NULL;
	sb = this_cpu_ptr(state->specbufs) + id - 1;
	if (size > state->specsize - sb->offset) {
		buf->count[DTRACE_CNT_SPECDROPS]++;
		return NULL;
	}
	return sb;
}
NOKPROBE_SYMBOL(dtrace_spec_buffer);

/*
 * CPU @cpu's part in ending speculation @i, whose state word is @st:
 * move its records to the CPU's principal buffer (commit; a record that
 * does not fit is a principal drop) or drop them (discard), then count
 * the CPU done.  On @cpu with interrupts off, or for an offline @cpu;
 * either way inside the guard of the CPU it runs on.
 */
static void dtrace_spec_finish(struct dtrace_state *state, u32 i, int cpu,
			       u32 st, bool end)
{
	struct dtrace_specbuf *sb = per_cpu_ptr(state->specbufs, cpu) + i;
	struct dtrace_buffer *buf = per_cpu_ptr(state->buffers, cpu);
	struct dtrace_spec *spec = &state->specs[i];
	u32 off, len;

	for (off = 0; DTRACE_SPEC_KIND(st) == DTRACE_SPEC_COMMITTING &&
	     off < sb->offset; off += len) {
		const struct dtrace_rechdr *hdr = sb->data + off;
		void *dst;

		len = ALIGN(hdr->size, 8);
		/* cannot happen (the guard): never walk garbage nor spin */
		if (WARN_ON_ONCE(len < sizeof(*hdr) ||
				 len > sb->offset - off)) {
			buf->count[DTRACE_CNT_SPECDROPS]++;
			break;
		}
		dst = dtrace_buffer_reserve(state, buf, len, end);
		if (dst) {
			memcpy(dst, hdr, len);
			dtrace_buffer_commit(buf, len);
		}
	}
	sb->offset = 0;
	sb->done_gen = DTRACE_SPEC_GEN(st);
	if (atomic_dec_and_test(&spec->npending)) {
		atomic_set(&spec->npending, num_possible_cpus());
		/* npending is ready before anyone can claim the id again */
		smp_store_release(&spec->state, st & ~3u);
	}
}

/**
 * dtrace_spec_end() - commit() or discard() speculation @id
 * @mst: machine state of the firing
 * @id: the speculation; 0 or one not ACTIVE does nothing, one above
 *	nspec is an illegal operation (DTRACEFLT_ILLOP), as in DTrace
 * @commit: commit, else discard
 *
 * This CPU does its part now; the others in their next switch.
 * Context: probe context.
 */
void dtrace_spec_end(struct dtrace_mstate *mst, u64 id, bool commit)
{
	struct dtrace_state *state = mst->ecb->state;
	struct dtrace_spec *spec;
	u32 st, next;

	if (id > state->nspec) {
		dtrace_fault_set(mst, DTRACEFLT_ILLOP, id);
		return;
	}
	if (!id)
		return;
	spec = &state->specs[id - 1];
	st = READ_ONCE(spec->state);
	if (DTRACE_SPEC_KIND(st) != DTRACE_SPEC_ACTIVE)
		return;
	next = (st & ~3u) | (commit ? DTRACE_SPEC_COMMITTING :
				      DTRACE_SPEC_DISCARDING);
	if (cmpxchg(&spec->state, st, next) != st)
		return;
	dtrace_spec_finish(state, id - 1, smp_processor_id(), next,
			   mst->probe == dtrace_probe_end);
}
NOKPROBE_SYMBOL(dtrace_spec_end);

/**
 * dtrace_specs_switch() - CPU @cpu's part in every commit and discard
 * @state: the consumer
 * @cpu: the CPU being switched
 *
 * Context: a buffer switch: on @cpu with interrupts off, or for an
 * offline @cpu under cpus_read_lock() with interrupts off; inside the
 * guard of the CPU it runs on (dtrace_guard_enter()).
 */
void dtrace_specs_switch(struct dtrace_state *state, int cpu)
{
	struct dtrace_specbuf *sbs = per_cpu_ptr(state->specbufs, cpu);
	u32 i;

	for (i = 0; i < state->nspec; i++) {
		/* pairs with the release in dtrace_spec_finish(): npending */
		u32 st = smp_load_acquire(&state->specs[i].state);

		if (dtrace_spec_ending(st) &&
		    sbs[i].done_gen != DTRACE_SPEC_GEN(st))
			dtrace_spec_finish(state, i, cpu, st, false);
	}
}
NOKPROBE_SYMBOL(dtrace_specs_switch);
