// SPDX-License-Identifier: GPL-2.0
/*
 * The kprobes behind enabled fbt probes: a kprobe on the function's
 * first instruction (through ftrace on x86-64) for an entry probe, a
 * kretprobe for a return probe, registered when the probe is enabled
 * and unregistered when it is disabled.  fbt_arm() and fbt_disarm() run
 * in process context from the provider's enable and disable ops; the
 * handlers run in probe context (with preemption disabled, possibly
 * with interrupts off) and only gather arguments for dtrace_probe_regs().
 */
#define pr_fmt(fmt) "dtrace fbt: " fmt

#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "fbt_impl.h"

/* Return probes of one function may be pending on this many tasks. */
#define FBT_MAXACTIVE	64

struct fbt_armed {
	union {
		struct kprobe		kp;
		struct kretprobe	rp;
	};
	dtrace_id_t		id;
	u8			nargs;
	char			symbol[];	/* "func" or "module:func" */
};

/*
 * The x86-64 calling convention: six arguments in registers, the rest
 * on the stack above the return address.  A switch, not a loop over an
 * array of the registers: this runs on every firing.
 */
static void fbt_args(struct pt_regs *regs, u64 *args, unsigned int n)
{
	unsigned long *sp = (unsigned long *)kernel_stack_pointer(regs);
	unsigned int i;

	for (i = 6; i < n; i++)
		if (copy_from_kernel_nofault(&args[i], sp + i - 5,
					     sizeof(args[i])))
			args[i] = 0;
	switch (min(n, 6U)) {
	case 6:
		args[5] = regs->r9;
		fallthrough;
	case 5:
		args[4] = regs->r8;
		fallthrough;
	case 4:
		args[3] = regs->cx;
		fallthrough;
	case 3:
		args[2] = regs->dx;
		fallthrough;
	case 2:
		args[1] = regs->si;
		fallthrough;
	case 1:
		args[0] = regs->di;
	}
}

static int fbt_entry_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct fbt_armed *armed = container_of(kp, struct fbt_armed, kp);
	u64 args[DTRACE_PROBE_NARGS];

	fbt_args(regs, args, armed->nargs);
	dtrace_probe_regs(armed->id, args, armed->nargs, regs, true);
	return 0;
}
NOKPROBE_SYMBOL(fbt_entry_handler);

/*
 * arg0 is the offset of the return in the function in DTrace; a
 * kretprobe does not know it, so it reads 0.  arg1 is the return value.
 */
static int fbt_return_handler(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct fbt_armed *armed = container_of(get_kretprobe(ri),
					       struct fbt_armed, rp);
	/* arg0: the offset of the return, which a kretprobe does not know */
	u64 args[2] = { (u64)-1, regs_return_value(regs) };

	dtrace_probe_regs(armed->id, args, ARRAY_SIZE(args), regs, false);
	return 0;
}
NOKPROBE_SYMBOL(fbt_return_handler);

/**
 * fbt_arm() - register the kprobe of @probe
 * @probe: a probe not armed
 * @id: its dtrace id
 *
 * Context: process; may sleep.
 * Return: 0, -ENOMEM, or -EOPNOTSUPP for a function kprobes refuse
 * (blacklisted, not at an instruction boundary, not found).
 */
int fbt_arm(struct fbt_probe *probe, dtrace_id_t id)
{
	const char *func = dtrace_btf_name(probe->obj->btf,
					   probe->func->name_off);
	struct fbt_armed *armed;
	int ret;

	armed = kzalloc(struct_size(armed, symbol, strlen(probe->obj->name) +
				    strlen(func) + 2), GFP_KERNEL);
	if (!armed)
		return -ENOMEM;
	armed->id = id;
	armed->nargs = probe->nargs;
	if (probe->obj->mod)
		sprintf(armed->symbol, "%s:%s", probe->obj->name, func);
	else
		strcpy(armed->symbol, func);

	if (probe->which == FBT_ENTRY) {
		armed->kp.symbol_name = armed->symbol;
		armed->kp.pre_handler = fbt_entry_handler;
		ret = register_kprobe(&armed->kp);
	} else {
		armed->rp.kp.symbol_name = armed->symbol;
		armed->rp.handler = fbt_return_handler;
		armed->rp.maxactive = max_t(int, FBT_MAXACTIVE,
					    2 * num_possible_cpus());
		ret = register_kretprobe(&armed->rp);
	}
	if (ret) {
		pr_debug("no kprobe on %s: %d\n", armed->symbol, ret);
		kfree(armed);
		return ret == -ENOMEM ? ret : -EOPNOTSUPP;
	}
	probe->armed = armed;
	return 0;
}

/**
 * fbt_disarm() - unregister the kprobe of @probe
 * @probe: an armed probe
 *
 * When this returns no handler of it is running (unregistering waits).
 * Context: process; may sleep.
 * Return: true if the kprobe was a breakpoint (not through ftrace), which
 * the kernel may have optimized into a jump: then its module must stay
 * a little longer (fbt_module_put_later()).
 */
bool fbt_disarm(struct fbt_probe *probe)
{
	struct fbt_armed *armed = probe->armed;
	bool breakpoint;

	if (probe->which == FBT_ENTRY) {
		breakpoint = !kprobe_ftrace(&armed->kp);
		unregister_kprobe(&armed->kp);
	} else {
		breakpoint = !kprobe_ftrace(&armed->rp.kp);
		unregister_kretprobe(&armed->rp);
	}
	probe->armed = NULL;
	kfree(armed);
	return breakpoint;
}
