// SPDX-License-Identifier: GPL-2.0
/*
 * Scratch: the per-CPU memory a clause firing may allocate from (ALLOCS,
 * string subroutines) and the only memory DIF may store to.  Each CPU of
 * a consumer has state->scratchsize bytes (buffers->scratch, set up at GO
 * by vars.c); dtrace_ecb_fire() empties it before every clause, so
 * nothing allocated survives the clause that made it.
 *
 * Probe context, under the rules at the top of probe_ctx.c: no locks, no
 * sleeping, no allocation; built without ftrace hooks.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/kprobes.h>
#include <linux/string.h>
#include "internal.h"

/**
 * dtrace_scratch_alloc() - zeroed scratch for the current clause firing
 * @mst: machine state of the firing
 * @size: bytes wanted
 *
 * Context: probe context.
 * Return: @size zeroed bytes, 8-byte aligned, or NULL after recording
 * DTRACEFLT_NOSCRATCH (fault address: @size).
 */
void *dtrace_scratch_alloc(struct dtrace_mstate *mst, size_t size)
{
	uintptr_t p = ALIGN(mst->scratch_ptr, 8);

	if (p < mst->scratch_ptr || p > mst->scratch_end ||
	    size > mst->scratch_end - p) {
		dtrace_fault_set(mst, DTRACEFLT_NOSCRATCH, size);
		return NULL;
	}
	mst->scratch_ptr = p + size;
	memset((void *)p, 0, size);
	return (void *)p;
}
NOKPROBE_SYMBOL(dtrace_scratch_alloc);

/**
 * dtrace_scratch_valid() - whether DIF may store @size bytes at @addr
 * @mst: machine state of the firing
 * @addr: first byte
 * @size: bytes
 *
 * Only scratch handed out so far in this clause firing is writable.
 * Context: probe context.
 */
bool dtrace_scratch_valid(const struct dtrace_mstate *mst, uintptr_t addr,
			  size_t size)
{
	return addr >= mst->scratch_base && addr < mst->scratch_ptr &&
	       size <= mst->scratch_ptr - addr;
}
NOKPROBE_SYMBOL(dtrace_scratch_valid);
