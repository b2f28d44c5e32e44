// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/dtrace/: what the core holds, for operators and tests.
 *   providers	NAME PROBES ENABLED, one line per provider
 *   consumers	one line per open of /dev/dtrace: who, its state, its
 *		ECBs and aggregations, its buffer size and policy, and
 *		its drop and error counts summed over CPUs
 *   ecbs	one line per enabled probe of each consumer
 *   buffers	one line per CPU of each started consumer: the fill of
 *		its principal buffer and that CPU's counts
 *   memory	bytes and allocations the consumers hold in the core;
 *		both 0 when no consumer is open
 *   trace	the ring of the core's own recent events (trace.c)
 * dtrace_fasttrap adds fasttrap.  All are root only (0400).  Counts
 * written by probe context are read without stopping it: a line is a
 * moment's view, not a snapshot.
 * Process context.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include "internal.h"

static struct proc_dir_entry *dtrace_proc_dir;

static const char *const dtrace_activity_names[] = {
	[DTRACE_ACTIVITY_INACTIVE]	= "inactive",
	[DTRACE_ACTIVITY_WARMUP]	= "warmup",
	[DTRACE_ACTIVITY_ACTIVE]	= "active",
	[DTRACE_ACTIVITY_DRAINING]	= "draining",
	[DTRACE_ACTIVITY_COOLDOWN]	= "cooldown",
	[DTRACE_ACTIVITY_STOPPED]	= "stopped",
};

static const char *const dtrace_policy_names[] = {
	[DTRACE_BUFPOLICY_SWITCH]	= "switch",
	[DTRACE_BUFPOLICY_FILL]		= "fill",
	[DTRACE_BUFPOLICY_RING]		= "ring",
};

static int dtrace_proc_providers_show(struct seq_file *m, void *v)
{
	struct dtrace_provider *prov;

	seq_printf(m, "%-16s %8s %8s\n", "NAME", "PROBES", "ENABLED");
	mutex_lock(&dtrace_provider_lock);
	mutex_lock(&dtrace_lock);
	for (prov = dtrace_provider_first(); prov;
	     prov = dtrace_provider_next(prov))
		seq_printf(m, "%-16s %8u %8u\n", prov->name, prov->nprobes,
			   prov->nenabled);
	mutex_unlock(&dtrace_lock);
	mutex_unlock(&dtrace_provider_lock);
	return 0;
}

/* Call @show for each consumer, its state->lock held. */
static void dtrace_proc_each_state(struct seq_file *m,
				   void (*show)(struct seq_file *m,
						struct dtrace_state *state))
{
	struct dtrace_state *state;

	mutex_lock(&dtrace_states_lock);
	list_for_each_entry(state, &dtrace_states, list) {
		mutex_lock(&state->lock);
		show(m, state);
		mutex_unlock(&state->lock);
	}
	mutex_unlock(&dtrace_states_lock);
}

static void dtrace_proc_consumer(struct seq_file *m,
				 struct dtrace_state *state)
{
	u64 count[DTRACE_CNT_MAX];

	dtrace_buffers_count(state, count);
	seq_printf(m, "%5u %7d %-16s %-9s %6u %4u %10llu %-6s %8llu %8llu %8llu %8llu %8llu\n",
		   state->id, state->pid, state->comm,
		   dtrace_activity_names[READ_ONCE(state->activity)],
		   state->necbs, state->naggs,
		   state->buffers ? state->bufsize : 0,
		   state->buffers ? dtrace_policy_names[state->bufpolicy] : "-",
		   count[DTRACE_CNT_DROPS], count[DTRACE_CNT_ERRORS],
		   count[DTRACE_CNT_DYNDROPS], count[DTRACE_CNT_SPECDROPS],
		   dtrace_aggs_drops(state));
}

static int dtrace_proc_consumers_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%5s %7s %-16s %-9s %6s %4s %10s %-6s %8s %8s %8s %8s %8s\n",
		   "ID", "PID", "COMM", "STATE", "ECBS", "AGGS", "BUFSIZE",
		   "POLICY", "DROPS", "ERRORS", "DYNDROPS", "SPECDROP",
		   "AGGDROPS");
	dtrace_proc_each_state(m, dtrace_proc_consumer);
	return 0;
}

static void dtrace_proc_ecbs(struct seq_file *m, struct dtrace_state *state)
{
	u32 i;

	for (i = 0; i < state->necbs; i++) {
		const struct dtrace_ecb *ecb = state->ecbs[i];
		const struct dtrace_probe *probe = ecb->probe;

		seq_printf(m, "%5u %6u %8u %7u  %s:%s:%s:%s\n", state->id,
			   ecb->epid, probe->id, ecb->recsize,
			   probe->prov->name, probe->mod, probe->func,
			   probe->name);
	}
}

static int dtrace_proc_ecbs_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%5s %6s %8s %7s  %s\n", "ID", "EPID", "PROBEID",
		   "RECSIZE", "PROBE");
	dtrace_proc_each_state(m, dtrace_proc_ecbs);
	return 0;
}

static void dtrace_proc_buffers(struct seq_file *m,
				struct dtrace_state *state)
{
	int cpu;

	if (!state->buffers)
		return;
	for_each_possible_cpu(cpu) {
		const struct dtrace_buffer *buf = per_cpu_ptr(state->buffers,
							      cpu);

		seq_printf(m, "%5u %4d %-6s %10llu %10llu %8llu %8llu %8llu %8llu %8llu\n",
			   state->id, cpu,
			   dtrace_policy_names[state->bufpolicy],
			   state->bufsize, READ_ONCE(buf->offset),
			   READ_ONCE(buf->count[DTRACE_CNT_DROPS]),
			   READ_ONCE(buf->count[DTRACE_CNT_ERRORS]),
			   READ_ONCE(buf->count[DTRACE_CNT_DYNDROPS]),
			   READ_ONCE(buf->count[DTRACE_CNT_SPECDROPS]),
			   state->aggbufs ?
			   READ_ONCE(per_cpu_ptr(state->aggbufs, cpu)->drops) :
			   0);
	}
}

static int dtrace_proc_buffers_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%5s %4s %-6s %10s %10s %8s %8s %8s %8s %8s\n", "ID",
		   "CPU", "POLICY", "SIZE", "USED", "DROPS", "ERRORS",
		   "DYNDROPS", "SPECDROP", "AGGDROPS");
	dtrace_proc_each_state(m, dtrace_proc_buffers);
	return 0;
}

static int dtrace_proc_memory_show(struct seq_file *m, void *v)
{
	struct dtrace_state *state;
	unsigned int n = 0;
	long bytes, nallocs;

	mutex_lock(&dtrace_states_lock);
	list_for_each_entry(state, &dtrace_states, list)
		n++;
	mutex_unlock(&dtrace_states_lock);
	dtrace_mem_usage(&bytes, &nallocs);
	seq_printf(m, "consumers   %u\nbytes       %ld\nallocations %ld\n", n,
		   bytes, nallocs);
	return 0;
}

/*
 * Every file is for root only: together they name the consumers'
 * processes, the probes they enable and what is loaded to trace.
 */
static const struct {
	const char	*name;
	int		(*show)(struct seq_file *m, void *v);
} dtrace_proc_files[] = {
	{ "providers",	dtrace_proc_providers_show },
	{ "consumers",	dtrace_proc_consumers_show },
	{ "ecbs",	dtrace_proc_ecbs_show },
	{ "buffers",	dtrace_proc_buffers_show },
	{ "memory",	dtrace_proc_memory_show },
	{ "trace",	dtrace_trace_show },
};

int dtrace_proc_init(void)
{
	size_t i;

	dtrace_proc_dir = proc_mkdir("dtrace", NULL);
	if (!dtrace_proc_dir)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(dtrace_proc_files); i++) {
		if (!proc_create_single(dtrace_proc_files[i].name, 0400,
					dtrace_proc_dir,
					dtrace_proc_files[i].show)) {
			proc_remove(dtrace_proc_dir);
			return -ENOMEM;
		}
	}
	return 0;
}

/* proc_remove() waits for readers to leave. */
void dtrace_proc_exit(void)
{
	proc_remove(dtrace_proc_dir);
}
