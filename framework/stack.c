// SPDX-License-Identifier: GPL-2.0
/*
 * Stacks for probe context: the kernel stack below the probe (STACK,
 * stackdepth, caller) and the user stack of the current task (USTACK,
 * ustackdepth, ucaller) by a frame-pointer walk.  The kernel stack of a
 * probe fired with its registers (dtrace_probe_regs()) is unwound from
 * them; of any other, from here with dtrace's own frames left out.
 * Probe context, under the rules at the top of probe_ctx.c; built
 * without ftrace hooks.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>
#include <asm/unwind.h>
#include "internal.h"

/*
 * The stack of a probe fired with registers: regs->ip, where it fired,
 * then the stack of the code that called the function @regs are in (the
 * ORC unwinder started from @regs steps over their frame first).  So a
 * probe at a function's entry shows the function itself on top (at its
 * hook's address: fbt passes that; a kprobe's trap is one byte past),
 * then its caller; a kretprobe's regs->ip is the return address into the
 * caller, which is then on top.
 */
static u32 dtrace_stack_regs(const struct dtrace_mstate *mst,
			     unsigned long *buf)
{
	struct unwind_state state;
	unsigned int n = 0;
	unsigned long pc;

	buf[n++] = instruction_pointer(mst->regs);
	for (unwind_start(&state, current, mst->regs, NULL);
	     !unwind_done(&state) && n < DTRACE_STACK_SAVE;
	     unwind_next_frame(&state)) {
		pc = unwind_get_return_address(&state);
		if (!pc)
			break;
		buf[n++] = pc;
	}
	return n;
}

/* Text of dtrace_core or of the provider whose probe fired. */
static bool dtrace_stack_is_ours(const struct dtrace_mstate *mst,
				 unsigned long pc)
{
	struct module *owner = mst->probe->prov->pops->owner;

	return within_module(pc, THIS_MODULE) ||
	       (owner && within_module(pc, owner));
}

/* The stack from here, from the last frame of dtrace or its provider. */
static u32 dtrace_stack_here(const struct dtrace_mstate *mst,
			     unsigned long *buf, unsigned int *first)
{
	unsigned int n, i;

	n = stack_trace_save(buf, DTRACE_STACK_SAVE, 0);
	for (i = 0; i < n; i++)
		if (dtrace_stack_is_ours(mst, buf[i]))
			*first = i + 1;
	return n;
}

/**
 * dtrace_stack_kernel() - the kernel stack below the probe
 * @mst: machine state of the firing
 * @pcs: where to store up to @max return addresses, or NULL
 * @max: how many to store
 *
 * The first pc is where the probe fired: for a probe fired with
 * registers, regs->ip (at a function's entry, in the function itself;
 * at a kretprobe, the return address into the caller); for any other,
 * the first pc outside dtrace and the provider.
 * Context: probe context.
 * Return: the depth of the stack from there (not limited by @max).
 */
u32 dtrace_stack_kernel(struct dtrace_mstate *mst, u64 *pcs, u32 max)
{
	unsigned long *buf = this_cpu_ptr(mst->ecb->state->buffers)->stack;
	unsigned int n, i, first = 0;

	if (mst->user)
		return 0;
	if (mst->regs)
		n = dtrace_stack_regs(mst, buf);
	else
		n = dtrace_stack_here(mst, buf, &first);
	for (i = 0; pcs && i < max && first + i < n; i++)
		pcs[i] = buf[first + i];
	return n - first;
}
NOKPROBE_SYMBOL(dtrace_stack_kernel);

/**
 * dtrace_caller() - the kernel pc the probed code returns to
 * @mst: machine state of the firing
 *
 * Context: probe context.
 * Return: the first return address outside dtrace and the provider, or 0.
 */
u64 dtrace_caller(struct dtrace_mstate *mst)
{
	struct unwind_state state;
	u64 pc = 0;

	if (mst->user)
		return 0;
	if (!mst->regs) {
		dtrace_stack_kernel(mst, &pc, 1);
	} else if (!mst->regs_entry) {
		pc = instruction_pointer(mst->regs);
	} else {
		/*
		 * Not the word at regs->sp: a kretprobe on the function may
		 * have put its trampoline there, which the unwinder sees
		 * through.
		 */
		unwind_start(&state, current, mst->regs, NULL);
		if (!unwind_done(&state))
			pc = unwind_get_return_address(&state);
	}
	return pc;
}
NOKPROBE_SYMBOL(dtrace_caller);

/**
 * dtrace_stack_user() - the user stack of the current task
 * @mst: machine state of the firing
 * @pcs: where to store the pcs, or NULL to count them
 * @max: at most this many, and at most DTRACE_USTACK_MAX
 *
 * The first pc is where the task left user mode; the others come from
 * walking the frame-pointer chain with copy_from_user_nofault(), upward
 * only, so code built without frame pointers gives a short stack.  At a
 * user probe on a function's first instruction the frame is not built
 * yet: the second pc is the return address on top of the stack.
 * Context: probe context.
 * Return: the number of pcs; 0 for a task without user context.
 */
u32 dtrace_stack_user(const struct dtrace_mstate *mst, u64 *pcs, u32 max)
{
	struct pt_regs *regs;
	unsigned long fp;
	u32 n = 0;

	if (!current->mm || (current->flags & PF_KTHREAD) || !max)
		return 0;
	max = min_t(u32, max, DTRACE_USTACK_MAX);
	regs = task_pt_regs(current);
	if (pcs)
		pcs[0] = instruction_pointer(regs);
	n = 1;
	if (mst->user && mst->regs_entry && n < max) {
		unsigned long ret;

		if (copy_from_user_nofault(&ret, (void __user *)
					   user_stack_pointer(regs),
					   sizeof(ret)) || !ret)
			return n;
		if (pcs)
			pcs[n] = ret;
		n++;
	}
	fp = frame_pointer(regs);
	while (n < max && fp && IS_ALIGNED(fp, sizeof(long))) {
		unsigned long frame[2];	/* saved fp, return address */

		if (copy_from_user_nofault(frame, (void __user *)fp,
					   sizeof(frame)) || !frame[1])
			break;
		if (pcs)
			pcs[n] = frame[1];
		n++;
		if (frame[0] <= fp)
			break;
		fp = frame[0];
	}
	return n;
}
NOKPROBE_SYMBOL(dtrace_stack_user);
