/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to the sched provider: its probes, the kernel hooks that fire
 * them, and what sched.c (process context: probes, arming) and
 * sched_ctx.c (probe context: the hook handlers) share.  Names start
 * with schedp_ to keep clear of the scheduler's own sched_ functions.
 * docs/providers/sched.md says what each probe means on Linux.
 */
#ifndef _DTRACE_SCHED_PROV_H
#define _DTRACE_SCHED_PROV_H

#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum schedp_probe {
	SCHEDP_ON_CPU,
	SCHEDP_OFF_CPU,
	SCHEDP_ENQUEUE,
	SCHEDP_DEQUEUE,
	SCHEDP_WAKEUP,
	SCHEDP_PREEMPT,
	SCHEDP_REMAIN_CPU,
	SCHEDP_SLEEP,
	SCHEDP_CHANGE_PRI,
	SCHEDP_SURRENDER,
	SCHEDP_TICK,
	SCHEDP_NPROBES
};

/*
 * The kernel hooks (schedp_hook_descs[] in sched_ctx.c).  The core's
 * hook service arms each while at least one enabled probe needs it
 * (schedp_probes[] in sched.c).  The scheduling classes'
 * enqueue and dequeue methods are called through their class's table,
 * so no kernel inlines them.
 */
enum schedp_hook {
	SCHEDP_HOOK_SWITCH,		/* tracepoint: off-cpu, sleep */
	SCHEDP_HOOK_FINISH,		/* kprobe: on-cpu */
	SCHEDP_HOOK_SCHEDULE,		/* kprobe: preempt */
	SCHEDP_HOOK_SCHEDULE_RET,	/* kretprobe: remain-cpu */
	SCHEDP_HOOK_WAKING,		/* tracepoint: wakeup */
	SCHEDP_HOOK_ENQ_FAIR,		/* kprobes: enqueue */
	SCHEDP_HOOK_ENQ_RT,
	SCHEDP_HOOK_ENQ_DL,
	SCHEDP_HOOK_ENQ_STOP,
	SCHEDP_HOOK_DEQ_FAIR,		/* kprobes: dequeue */
	SCHEDP_HOOK_DEQ_RT,
	SCHEDP_HOOK_DEQ_DL,
	SCHEDP_HOOK_DEQ_STOP,
	SCHEDP_HOOK_LOAD_WEIGHT,	/* kprobe: change-pri */
	SCHEDP_HOOK_PI_SETPRIO,		/* tracepoint: change-pri */
	SCHEDP_HOOK_RESCHED,		/* kprobe: surrender */
	SCHEDP_HOOK_TICK,		/* kprobe: tick */
	SCHEDP_NHOOKS
};

extern const struct dtrace_hook_desc schedp_hook_descs[SCHEDP_NHOOKS];

/* Written in process context (sched.c), read in probe context. */
extern dtrace_id_t schedp_ids[SCHEDP_NPROBES];
extern bool schedp_enabled[SCHEDP_NPROBES];

/*
 * Where struct rq (private to kernel/sched/) keeps its CPU and its
 * running task, from the kernel's BTF; surrender needs them, and is
 * armed only once sched.c has found them.
 */
extern size_t schedp_rq_cpu_off;
extern size_t schedp_rq_curr_off;

#endif /* _DTRACE_SCHED_PROV_H */
