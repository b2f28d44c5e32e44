// SPDX-License-Identifier: GPL-2.0
/*
 * Speculations, process side: at GO, if any clause uses one, nspec
 * speculations, each with a buffer of specsize bytes per possible CPU;
 * freed with the state; the offline CPUs' part in ending them.
 * spec_ctx.c is the probe-context side and explains the state machine.
 * Process context; state->lock held.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include "internal.h"

/**
 * dtrace_specs_free() - free what dtrace_specs_alloc() allocated
 * @state: the consumer; no probe context may be using its speculations
 *
 * Context: process; may sleep; state->lock held.
 */
void dtrace_specs_free(struct dtrace_state *state)
{
	int cpu;
	u32 i;

	if (state->specbufs) {
		for_each_possible_cpu(cpu) {
			struct dtrace_specbuf *sbs;

			sbs = per_cpu_ptr(state->specbufs, cpu);
			for (i = 0; i < state->nspec; i++)
				dtrace_free(sbs[i].data);
		}
		dtrace_percpu_free(state->specbufs,
				   state->nspec * sizeof(*state->specbufs));
	}
	dtrace_free(state->specs);
	state->specbufs = NULL;
	state->specs = NULL;
	state->nspec = 0;
}

/**
 * dtrace_specs_offline() - do the part of every offline CPU in commits and discards
 * @state: a started consumer
 *
 * A CPU that is offline runs no probe and takes no IPI, and a consumer
 * may not snapshot a possible CPU that is not present at all: done here at
 * every snapshot, its part cannot hold a speculation back.
 * Context: process; may sleep; state->lock held.
 */
void dtrace_specs_offline(struct dtrace_state *state)
{
	unsigned long flags;
	int cpu;

	lockdep_assert_held(&state->lock);
	if (!state->specs)
		return;
	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		if (cpu_online(cpu))
			continue;
		local_irq_save(flags);
		/* process context is never inside the core */
		WARN_ON_ONCE(!dtrace_guard_enter());
		dtrace_specs_switch(state, cpu);
		dtrace_guard_leave();
		local_irq_restore(flags);
	}
	cpus_read_unlock();
}

/**
 * dtrace_specs_alloc() - give a starting consumer its speculations
 * @state: the consumer; its ECBs are final, its options fixed
 *
 * Nothing is allocated for a consumer none of whose clauses calls
 * speculation(), speculate(), commit() or discard().
 * Context: process; may sleep; state->lock held.
 * Return: 0 or -ENOMEM, with nothing left allocated.
 */
int dtrace_specs_alloc(struct dtrace_state *state)
{
	/* A size the machine cannot give is an error, not an OOM kill. */
	const gfp_t gfp = GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN;
	u32 nspec = state->options[DTRACE_OPT_NSPEC];
	int cpu;
	u32 i;

	lockdep_assert_held(&state->lock);
	if (!dtrace_retained_speculates(state))
		return 0;
	state->specsize = state->options[DTRACE_OPT_SPECSIZE];
	state->specs = dtrace_zalloc_array(nspec, sizeof(*state->specs), gfp);
	if (!state->specs)
		return -ENOMEM;
	for (i = 0; i < nspec; i++)
		atomic_set(&state->specs[i].npending, num_possible_cpus());
	state->specbufs = dtrace_percpu_zalloc(nspec *
					       sizeof(*state->specbufs),
					       __alignof__(*state->specbufs));
	if (!state->specbufs)
		goto out_free;
	state->nspec = nspec;
	for_each_possible_cpu(cpu) {
		struct dtrace_specbuf *sbs = per_cpu_ptr(state->specbufs, cpu);

		for (i = 0; i < nspec; i++) {
			sbs[i].data = dtrace_zalloc_node(state->specsize, gfp,
							 cpu_to_node(cpu));
			if (!sbs[i].data)
				goto out_free;
		}
	}
	return 0;

out_free:
	dtrace_specs_free(state);
	return -ENOMEM;
}
