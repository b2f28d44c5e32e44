// SPDX-License-Identifier: GPL-2.0
/*
 * The memory a consumer makes the core allocate: its state, clauses,
 * DIF programs, ECBs, buffers, variables, aggregations, speculations.
 * Every such allocation goes through here, so that
 *  - /proc/dtrace/memory can say how much there is and how many
 *    allocations, and a test can check both return to zero once every
 *    consumer is gone, however it went;
 *  - the fail_nth parameter can make the Nth of them fail, as
 *    /proc/self/fail-nth does for a kernel built with fault injection
 *    (Debian's is not), so that every allocation failure path of an
 *    enabling is tested.
 * A hidden header in front of each block keeps its size for the free.
 * Process context; all may sleep unless @gfp says otherwise.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/mm.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include "internal.h"

static unsigned int fail_nth;
module_param(fail_nth, uint, 0600);
MODULE_PARM_DESC(fail_nth,
		 "Fault injection: fail the Nth consumer allocation from now (0: off)");

static atomic_long_t dtrace_mem_bytes;
static atomic_long_t dtrace_mem_nallocs;

/* 16 bytes, so the block after it keeps the allocator's alignment. */
struct dtrace_mem_hdr {
	size_t	size;
	size_t	pad;
};

/* Counts fail_nth down; true for the allocation that reaches zero. */
static bool dtrace_mem_fail(void)
{
	unsigned int n;

	do {
		n = READ_ONCE(fail_nth);
		if (!n)
			return false;
	} while (cmpxchg(&fail_nth, n, n - 1) != n);
	return n == 1;
}

static void dtrace_mem_account(long size, long n)
{
	atomic_long_add(size, &dtrace_mem_bytes);
	atomic_long_add(n, &dtrace_mem_nallocs);
}

void *dtrace_zalloc_node(size_t size, gfp_t gfp, int node)
{
	struct dtrace_mem_hdr *hdr;
	size_t total;

	if (dtrace_mem_fail() ||
	    check_add_overflow(size, sizeof(*hdr), &total))
		return NULL;
	hdr = kvzalloc_node(total, gfp, node);
	if (!hdr)
		return NULL;
	hdr->size = total;
	dtrace_mem_account(total, 1);
	return hdr + 1;
}

void *dtrace_zalloc(size_t size, gfp_t gfp)
{
	return dtrace_zalloc_node(size, gfp, NUMA_NO_NODE);
}

void *dtrace_zalloc_array(size_t n, size_t size, gfp_t gfp)
{
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes))
		return NULL;
	return dtrace_zalloc_node(bytes, gfp, NUMA_NO_NODE);
}

void dtrace_free(const void *p)
{
	struct dtrace_mem_hdr *hdr;

	if (!p)
		return;
	hdr = (struct dtrace_mem_hdr *)p - 1;
	dtrace_mem_account(-(long)hdr->size, -1);
	kvfree(hdr);
}

void __percpu *dtrace_percpu_zalloc(size_t size, size_t align)
{
	void __percpu *p;

	if (dtrace_mem_fail())
		return NULL;
	p = __alloc_percpu(size, align);
	if (p)
		dtrace_mem_account(size * num_possible_cpus(), 1);
	return p;
}

void dtrace_percpu_free(void __percpu *p, size_t size)
{
	if (!p)
		return;
	dtrace_mem_account(-(long)(size * num_possible_cpus()), -1);
	free_percpu(p);
}

void dtrace_mem_usage(long *bytes, long *nallocs)
{
	*bytes = atomic_long_read(&dtrace_mem_bytes);
	*nallocs = atomic_long_read(&dtrace_mem_nallocs);
}
