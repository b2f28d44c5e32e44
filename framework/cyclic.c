// SPDX-License-Identifier: GPL-2.0
/*
 * Cyclics (include/dtrace/services.h): periodic high-resolution
 * callbacks on hard hrtimers, one timer for a single cyclic, one pinned
 * timer per online CPU for a DTRACE_CYCLIC_PERCPU one.  Handlers run in
 * hardirq context.  CPU hotplug starts and stops the per-CPU timers of
 * every cyclic as CPUs come and go.
 *
 * Locking: dtrace_cyclic_lock protects dtrace_cyclics (the per-CPU
 * cyclics); it is taken inside cpus_read_lock(), and the hotplug
 * callbacks take it with the hotplug lock held for writing, so adding
 * and removing a cyclic cannot overlap a CPU coming or going.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <dtrace/services.h>
#include "internal.h"

struct dtrace_cyclic_timer {
	struct hrtimer			timer;
	struct dtrace_cyclic		*cyc;
};

struct dtrace_cyclic {
	dtrace_task_func_t		func;
	void				*arg;
	u64				interval;	/* ns */
	struct list_head		list;	/* on dtrace_cyclics, per-CPU */
	struct dtrace_cyclic_timer	single;
	struct dtrace_cyclic_timer __percpu *timers;
};

static DEFINE_MUTEX(dtrace_cyclic_lock);
static LIST_HEAD(dtrace_cyclics);
static enum cpuhp_state dtrace_cyclic_cpuhp;

/* Context: hardirq. */
static enum hrtimer_restart dtrace_cyclic_fire(struct hrtimer *timer)
{
	struct dtrace_cyclic_timer *ct = container_of(timer,
					struct dtrace_cyclic_timer, timer);
	struct dtrace_cyclic *cyc = ct->cyc;

	cyc->func(cyc->arg);
	hrtimer_forward_now(timer, ns_to_ktime(cyc->interval));
	return HRTIMER_RESTART;
}
NOKPROBE_SYMBOL(dtrace_cyclic_fire);

static void dtrace_cyclic_timer_init(struct dtrace_cyclic_timer *ct,
				     struct dtrace_cyclic *cyc,
				     enum hrtimer_mode mode)
{
	hrtimer_init(&ct->timer, CLOCK_MONOTONIC, mode);
	ct->timer.function = dtrace_cyclic_fire;
	ct->cyc = cyc;
}

/* On the CPU itself, so that the pinned timer stays there. */
static void dtrace_cyclic_start_this_cpu(void *arg)
{
	struct dtrace_cyclic *cyc = arg;

	hrtimer_start(&this_cpu_ptr(cyc->timers)->timer,
		      ns_to_ktime(cyc->interval), HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * Start or restart @cyc's timer on each online CPU, from that CPU.
 * cpus_read_lock() and dtrace_cyclic_lock held.
 */
static void dtrace_cyclic_start_online(struct dtrace_cyclic *cyc)
{
	int cpu;

	lockdep_assert_held(&dtrace_cyclic_lock);
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, dtrace_cyclic_start_this_cpu,
					 cyc, 1);
}

static int dtrace_cyclic_add_percpu(struct dtrace_cyclic *cyc)
{
	int cpu;

	cyc->timers = alloc_percpu(struct dtrace_cyclic_timer);
	if (!cyc->timers)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		dtrace_cyclic_timer_init(per_cpu_ptr(cyc->timers, cpu), cyc,
					 HRTIMER_MODE_REL_PINNED_HARD);
	cpus_read_lock();
	mutex_lock(&dtrace_cyclic_lock);
	list_add(&cyc->list, &dtrace_cyclics);
	dtrace_cyclic_start_online(cyc);
	mutex_unlock(&dtrace_cyclic_lock);
	cpus_read_unlock();
	return 0;
}

struct dtrace_cyclic *dtrace_cyclic_add(dtrace_task_func_t func, void *arg,
					u64 interval_ns, unsigned int flags)
{
	struct dtrace_cyclic *cyc;
	int ret;

	if (!func || interval_ns < NSEC_PER_USEC ||
	    (flags & ~DTRACE_CYCLIC_PERCPU))
		return ERR_PTR(-EINVAL);
	cyc = kzalloc(sizeof(*cyc), GFP_KERNEL);
	if (!cyc)
		return ERR_PTR(-ENOMEM);
	cyc->func = func;
	cyc->arg = arg;
	cyc->interval = interval_ns;
	INIT_LIST_HEAD(&cyc->list);

	if (flags & DTRACE_CYCLIC_PERCPU) {
		ret = dtrace_cyclic_add_percpu(cyc);
		if (ret) {
			kfree(cyc);
			return ERR_PTR(ret);
		}
		return cyc;
	}
	dtrace_cyclic_timer_init(&cyc->single, cyc, HRTIMER_MODE_REL_HARD);
	hrtimer_start(&cyc->single.timer, ns_to_ktime(interval_ns),
		      HRTIMER_MODE_REL_HARD);
	return cyc;
}
EXPORT_SYMBOL_NS_GPL(dtrace_cyclic_add, DTRACE_NS);

/* hrtimer_cancel() waits for a running handler to return. */
void dtrace_cyclic_remove(struct dtrace_cyclic *cyc)
{
	int cpu;

	if (!cyc->timers) {
		hrtimer_cancel(&cyc->single.timer);
		kfree(cyc);
		return;
	}
	cpus_read_lock();
	mutex_lock(&dtrace_cyclic_lock);
	list_del(&cyc->list);
	mutex_unlock(&dtrace_cyclic_lock);
	cpus_read_unlock();
	for_each_possible_cpu(cpu)
		hrtimer_cancel(&per_cpu_ptr(cyc->timers, cpu)->timer);
	free_percpu(cyc->timers);
	kfree(cyc);
}
EXPORT_SYMBOL_NS_GPL(dtrace_cyclic_remove, DTRACE_NS);

/*
 * A single cyclic's handler may be running on another CPU: wait for it
 * before queueing the timer again, as hrtimer_forward_now() there must
 * not meet a queued timer.  A per-CPU timer is pinned and requeued on
 * its own CPU, with interrupts off, so its handler is not running.
 */
void dtrace_cyclic_restart(struct dtrace_cyclic *cyc)
{
	if (!cyc->timers) {
		hrtimer_cancel(&cyc->single.timer);
		hrtimer_start(&cyc->single.timer, ns_to_ktime(cyc->interval),
			      HRTIMER_MODE_REL_HARD);
		return;
	}
	cpus_read_lock();
	mutex_lock(&dtrace_cyclic_lock);
	dtrace_cyclic_start_online(cyc);
	mutex_unlock(&dtrace_cyclic_lock);
	cpus_read_unlock();
}
EXPORT_SYMBOL_NS_GPL(dtrace_cyclic_restart, DTRACE_NS);

/* Context: on @cpu, hotplug lock held for writing. */
static int dtrace_cyclic_cpu_online(unsigned int cpu)
{
	struct dtrace_cyclic *cyc;

	mutex_lock(&dtrace_cyclic_lock);
	list_for_each_entry(cyc, &dtrace_cyclics, list)
		dtrace_cyclic_start_this_cpu(cyc);
	mutex_unlock(&dtrace_cyclic_lock);
	return 0;
}

static int dtrace_cyclic_cpu_offline(unsigned int cpu)
{
	struct dtrace_cyclic *cyc;

	mutex_lock(&dtrace_cyclic_lock);
	list_for_each_entry(cyc, &dtrace_cyclics, list)
		hrtimer_cancel(&this_cpu_ptr(cyc->timers)->timer);
	mutex_unlock(&dtrace_cyclic_lock);
	return 0;
}

int dtrace_cyclic_init(void)
{
	int ret;

	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "dtrace/cyclic:online",
					dtrace_cyclic_cpu_online,
					dtrace_cyclic_cpu_offline);
	if (ret < 0)
		return ret;
	dtrace_cyclic_cpuhp = ret;
	return 0;
}

/* No provider is left, so no cyclic is. */
void dtrace_cyclic_exit(void)
{
	cpuhp_remove_state_nocalls(dtrace_cyclic_cpuhp);
}
