// SPDX-License-Identifier: GPL-2.0
/*
 * floor_bench.ko: the floor of the probe-effect benchmarks, a bare hook
 * with a handler that does nothing.  Loading it attaches one hook,
 * chosen by the module parameters; unloading detaches it.  bench/lib.sh
 * (floor()) times a loop with the module loaded against the untraced
 * loop, and the difference is what the hook alone costs, which neither
 * tracer can go below.  Module init and exit run in process context;
 * the handlers run where their hook fires and return at once.
 *
 *   hook=ftrace func=NAME   an ftrace_ops on NAME, with the flags of
 *                           dtrace_fbt's own (its own recursion guard, no
 *                           saved registers: ftrace_caller's partial set)
 *   hook=ftrace-regs func=NAME
 *                           the same with all registers saved
 *                           (FTRACE_OPS_FL_SAVE_REGS, ftrace_regs_caller:
 *                           what dtrace_fbt used until November 26, 2026)
 *   hook=kprobe func=NAME   a kprobe on NAME's first instruction
 *   hook=tracepoint tp=NAME a probe on the tracepoint NAME (sys_enter)
 *   hook=uprobe path=FILE offset=OFF
 *                           a uprobe consumer at file offset OFF of FILE
 *   hook=hrtimer hz=N       a hard hrtimer pinned to each online CPU,
 *                           firing N times a second and only re-arming:
 *                           the timer under profile-N (the core's
 *                           per-CPU cyclic, framework/cyclic.c)
 */
#include <linux/cpu.h>
#include <linux/ftrace.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/namei.h>
#include <linux/ptrace.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/uprobes.h>
#include <dtrace/compat.h>

static char *hook = "ftrace";
module_param(hook, charp, 0444);
MODULE_PARM_DESC(hook, "ftrace, ftrace-regs, kprobe, tracepoint, uprobe or hrtimer");
static char *func = "__task_pid_nr_ns";
module_param(func, charp, 0444);
MODULE_PARM_DESC(func, "kernel function for hook=ftrace, ftrace-regs and kprobe");
static char *tp = "sys_enter";
module_param(tp, charp, 0444);
MODULE_PARM_DESC(tp, "tracepoint for hook=tracepoint");
static char *path;
module_param(path, charp, 0444);
MODULE_PARM_DESC(path, "executable for hook=uprobe");
static ulong offset;
module_param(offset, ulong, 0444);
MODULE_PARM_DESC(offset, "file offset in path for hook=uprobe");
static uint hz = 4999;
module_param(hz, uint, 0444);
MODULE_PARM_DESC(hz, "rate of hook=hrtimer, per second on each CPU");

static void floor_ftrace(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
}

static struct ftrace_ops floor_ops = {
	.func	= floor_ftrace,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

static struct ftrace_ops floor_regs_ops = {
	.func	= floor_ftrace,
	.flags	= FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_RECURSION,
};

/* The ftrace_ops hook= names, or NULL for another kind of hook. */
static struct ftrace_ops *floor_ftrace_ops(void)
{
	if (!strcmp(hook, "ftrace"))
		return &floor_ops;
	if (!strcmp(hook, "ftrace-regs"))
		return &floor_regs_ops;
	return NULL;
}

static int floor_kprobe(struct kprobe *kp, struct pt_regs *regs)
{
	return 0;
}

static struct kprobe floor_kp = {
	.pre_handler	= floor_kprobe,
};

/* The raw_syscalls signature; the probe reads none of its arguments. */
static void floor_tp_probe(void *data, struct pt_regs *regs, long id)
{
}

static struct tracepoint *floor_tp;

static void floor_tp_find(struct tracepoint *t, void *priv)
{
	if (!strcmp(t->name, tp))
		floor_tp = t;
}

static int floor_uprobe(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	return 0;
}

static struct uprobe_consumer floor_uc = {
	.handler	= floor_uprobe,
};

static struct inode *floor_inode;
static struct uprobe *floor_up;

static int floor_uprobe_attach(void)
{
	struct path p;
	int ret;

	if (!path)
		return -EINVAL;
	ret = kern_path(path, LOOKUP_FOLLOW, &p);
	if (ret)
		return ret;
	floor_inode = igrab(d_real_inode(p.dentry));
	path_put(&p);
	if (!floor_inode)
		return -ENOENT;
	ret = dtrace_uprobe_register(floor_inode, offset, 0, &floor_uc,
				     &floor_up);
	if (ret)
		iput(floor_inode);
	return ret;
}

static DEFINE_PER_CPU(struct hrtimer, floor_timer);
static u64 floor_interval;	/* ns */

/* As the core's cyclic does, without the call of a probe. */
static enum hrtimer_restart floor_hrtimer(struct hrtimer *t)
{
	hrtimer_forward_now(t, ns_to_ktime(floor_interval));
	return HRTIMER_RESTART;
}

/* On the CPU itself, so that the pinned timer stays there. */
static void floor_hrtimer_start(void *unused)
{
	hrtimer_start(this_cpu_ptr(&floor_timer), ns_to_ktime(floor_interval),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/* Each online CPU's; a CPU that comes online later gets none. */
static int floor_hrtimer_attach(void)
{
	int cpu;

	if (!hz || hz > NSEC_PER_SEC / NSEC_PER_USEC)
		return -EINVAL;
	floor_interval = NSEC_PER_SEC / hz;
	for_each_possible_cpu(cpu) {
		struct hrtimer *t = per_cpu_ptr(&floor_timer, cpu);

		hrtimer_init(t, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
		t->function = floor_hrtimer;
	}
	cpus_read_lock();
	on_each_cpu(floor_hrtimer_start, NULL, 1);
	cpus_read_unlock();
	return 0;
}

static void floor_hrtimer_detach(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		hrtimer_cancel(per_cpu_ptr(&floor_timer, cpu));
}

static int __init floor_init(void)
{
	struct ftrace_ops *ops = floor_ftrace_ops();
	int ret;

	if (ops) {
		ret = ftrace_set_filter(ops, func, strlen(func), 0);
		if (!ret)
			ret = register_ftrace_function(ops);
	} else if (!strcmp(hook, "kprobe")) {
		floor_kp.symbol_name = func;
		ret = register_kprobe(&floor_kp);
	} else if (!strcmp(hook, "tracepoint")) {
		for_each_kernel_tracepoint(floor_tp_find, NULL);
		ret = floor_tp ? tracepoint_probe_register(floor_tp,
							   floor_tp_probe,
							   NULL) : -ENOENT;
	} else if (!strcmp(hook, "uprobe")) {
		ret = floor_uprobe_attach();
	} else if (!strcmp(hook, "hrtimer")) {
		ret = floor_hrtimer_attach();
	} else {
		ret = -EINVAL;
	}
	if (ret)
		pr_err("floor_bench: cannot attach %s: %d\n", hook, ret);
	return ret;
}

static void __exit floor_exit(void)
{
	struct ftrace_ops *ops = floor_ftrace_ops();

	if (ops) {
		unregister_ftrace_function(ops);
	} else if (!strcmp(hook, "kprobe")) {
		unregister_kprobe(&floor_kp);
	} else if (!strcmp(hook, "tracepoint")) {
		tracepoint_probe_unregister(floor_tp, floor_tp_probe, NULL);
		tracepoint_synchronize_unregister();
	} else if (!strcmp(hook, "hrtimer")) {
		floor_hrtimer_detach();
	} else {
		dtrace_uprobe_unregister(floor_inode, offset, &floor_uc,
					 floor_up);
		iput(floor_inode);
	}
}

module_init(floor_init);
module_exit(floor_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dtrace benchmark: bare hooks with empty handlers");
