// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_sysinfo.ko: the sysinfo provider, the Linux counterparts of
 * DTrace's kernel statistics probes, for those events the kernel has a
 * tracepoint for: context switches, system calls, forks, execs and
 * interrupts.  Each probe fires where the event happens, in the context
 * of the thread it counts for, with arg0 the amount the statistic grows
 * by (1).  This file declares the probes and their hooks for the core's
 * hook service (which creates the probes and arms a hook while its
 * probe is enabled) and holds the handlers, which run in probe context
 * (the whole file is kept out of reach of function tracing).
 * docs/providers/sysinfo.md lists the probes, their sources, and
 * DTrace's probes that have no Linux hook.
 */
#define pr_fmt(fmt) "dtrace sysinfo: " fmt

#include <linux/binfmts.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum sysi_probe {
	SYSI_PSWITCH, SYSI_INV_SWTCH, SYSI_SYSCALL, SYSI_SYSFORK,
	SYSI_SYSEXEC, SYSI_INTR, SYSI_NPROBES
};

static dtrace_id_t sysi_ids[SYSI_NPROBES];
/* Whether each probe fires (the core's hook provider sets them). */
static bool sysi_enabled[SYSI_NPROBES];

static void sysi_fire(enum sysi_probe p)
{
	if (READ_ONCE(sysi_enabled[p]))
		dtrace_probe(sysi_ids[p], 1, 0, 0, 0, 0, 0);
}
NOKPROBE_SYMBOL(sysi_fire);

/*
 * sched:sched_switch: @prev gives up the CPU to @next, with runqueue
 * locked and interrupts off; current is still @prev.  Probe context.
 */
static void sysi_switch(void *data, bool preempt, struct task_struct *prev,
			struct task_struct *next, unsigned int prev_state)
{
	sysi_fire(SYSI_PSWITCH);
}
NOKPROBE_SYMBOL(sysi_switch);

/* sched_switch again: @prev was preempted, not going to sleep. */
static void sysi_switch_inv(void *data, bool preempt,
			    struct task_struct *prev,
			    struct task_struct *next, unsigned int prev_state)
{
	if (preempt)
		sysi_fire(SYSI_INV_SWTCH);
}
NOKPROBE_SYMBOL(sysi_switch_inv);

/* raw_syscalls:sys_enter: a system call of current begins. */
static void sysi_sys_enter(void *data, struct pt_regs *regs, long id)
{
	sysi_fire(SYSI_SYSCALL);
}
NOKPROBE_SYMBOL(sysi_sys_enter);

/* sched:sched_process_fork: @parent (current) made @child. */
static void sysi_fork(void *data, struct task_struct *parent,
		      struct task_struct *child)
{
	sysi_fire(SYSI_SYSFORK);
}
NOKPROBE_SYMBOL(sysi_fork);

/* sched:sched_process_exec: current has exec'd a new program. */
static void sysi_exec(void *data, struct task_struct *p, pid_t old_pid,
		      struct linux_binprm *bprm)
{
	sysi_fire(SYSI_SYSEXEC);
}
NOKPROBE_SYMBOL(sysi_exec);

/* irq:irq_handler_entry: a device interrupt's handler is about to run. */
static void sysi_irq(void *data, int irq, struct irqaction *action)
{
	sysi_fire(SYSI_INTR);
}
NOKPROBE_SYMBOL(sysi_irq);

/* Probe p is fired by hook p. */
static const struct dtrace_hook_desc sysi_hook_descs[SYSI_NPROBES] = {
	[SYSI_PSWITCH] = DTRACE_HOOK_TP("sched_switch", sysi_switch),
	[SYSI_INV_SWTCH] = DTRACE_HOOK_TP("sched_switch", sysi_switch_inv),
	[SYSI_SYSCALL] = DTRACE_HOOK_TP("sys_enter", sysi_sys_enter),
	[SYSI_SYSFORK] = DTRACE_HOOK_TP("sched_process_fork", sysi_fork),
	[SYSI_SYSEXEC] = DTRACE_HOOK_TP("sched_process_exec", sysi_exec),
	[SYSI_INTR] = DTRACE_HOOK_TP("irq_handler_entry", sysi_irq),
};

static const char *const sysi_names[SYSI_NPROBES] = {
	[SYSI_PSWITCH] = "pswitch",
	[SYSI_INV_SWTCH] = "inv_swtch",
	[SYSI_SYSCALL] = "syscall",
	[SYSI_SYSFORK] = "sysfork",
	[SYSI_SYSEXEC] = "sysexec",
	[SYSI_INTR] = "intr",
};

static const struct dtrace_hook_arg sysi_args[] = {
	{ "int", "" },
};

static struct dtrace_hook_provider sysi_prov = {
	.name		= "sysinfo",
	.owner		= THIS_MODULE,
	.probes		= sysi_names,
	.descs		= sysi_hook_descs,
	.n		= SYSI_NPROBES,
	.args		= sysi_args,
	.nargs		= ARRAY_SIZE(sysi_args),
	.enabled	= sysi_enabled,
	.ids		= sysi_ids,
};

module_dtrace_hook_provider(sysi_prov);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace sysinfo provider: kernel statistics events");
MODULE_IMPORT_NS(DTRACE_NS);
