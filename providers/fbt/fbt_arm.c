// SPDX-License-Identifier: GPL-2.0
/*
 * The hooks behind enabled fbt probes.  An entry probe is attached to
 * the core's function-entry service (dtrace_fentry_attach(), its one
 * ftrace_ops, which also serves the syscall provider's per-call entry
 * probes and fires them before fbt's on the same function); a function
 * ftrace cannot reach, or every function with entry_ftrace=0, gets a
 * kprobe instead.  A return probe is a kretprobe (ftrace has no return
 * hook a module can use on both 6.1 and 6.12).  Every probe registers a
 * kprobe: an entry probe's stays disabled when ftrace serves it, and
 * only finds the function's address (kallsyms lookups are not
 * exported), checks that kprobes allow the function and holds its
 * module.  fbt_arm() and fbt_disarm() run in process context from the
 * provider's enable and disable ops; the kprobe handlers run in probe
 * context (with preemption disabled, possibly with interrupts off) and
 * only find the probe for dtrace_probe_entry() (which reads the
 * arguments from the registers) or, on return, dtrace_probe_regs().
 */
#define pr_fmt(fmt) "dtrace fbt: " fmt

#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <dtrace/services.h>
#include "fbt_impl.h"

/*
 * On by default.  Turned off for a while after a 6.12 oops in
 * stress/nmi_switch.sh that was QEMU's multi-threaded TCG running text
 * another vCPU had patched, not this path (docs/providers/fbt.md).
 */
static bool entry_ftrace = true;
module_param(entry_ftrace, bool, 0644);
MODULE_PARM_DESC(entry_ftrace,
		 "entry probes through the core's ftrace_ops (1, the default) or a kprobe each (0), read when a probe is enabled");

/* Return probes of one function may be pending on this many tasks. */
#define FBT_MAXACTIVE	64

struct fbt_armed {
	union {
		struct kprobe		kp;
		struct kretprobe	rp;
	};
	bool			ftrace;		/* served by dtrace_fentry */
	dtrace_id_t		id;
	u8			nargs;
	char			symbol[];	/* "func" or "module:func" */
};

static int fbt_entry_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct fbt_armed *armed = container_of(kp, struct fbt_armed, kp);
	unsigned long trap_ip = instruction_pointer(regs);

	/* the probe's pc is the hook's address, not past the breakpoint */
	instruction_pointer_set(regs, (unsigned long)kp->addr);
	dtrace_probe_entry(armed->id, armed->nargs, kp, regs);
	instruction_pointer_set(regs, trap_ip);
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

/*
 * Serve the entry probe @armed, whose kprobe is registered disabled,
 * through the core's function-entry service if ftrace reaches the
 * function (and entry_ftrace is set), else by enabling the kprobe.
 * Context: process; may sleep.
 */
static void fbt_entry_arm(struct fbt_armed *armed)
{
	int ret = -EOPNOTSUPP;

	if ((armed->kp.flags & KPROBE_FLAG_FTRACE) && READ_ONCE(entry_ftrace))
		ret = dtrace_fentry_attach((unsigned long)armed->kp.addr,
					   DTRACE_FENTRY_FUNCTION, armed->id,
					   armed->nargs);
	if (!ret) {
		armed->ftrace = true;
		return;
	}
	pr_debug("%s through a kprobe: %d\n", armed->symbol, ret);
	enable_kprobe(&armed->kp);
}

/**
 * fbt_arm() - arm @probe: the core's ftrace_ops, a kprobe or a kretprobe
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
		armed->kp.flags = KPROBE_FLAG_DISABLED;
		ret = register_kprobe(&armed->kp);
		if (!ret)
			fbt_entry_arm(armed);
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
 * fbt_disarm() - disarm @probe
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
		/* unregistering the kprobe waits for the handlers */
		if (armed->ftrace)
			dtrace_fentry_detach((unsigned long)armed->kp.addr,
					     DTRACE_FENTRY_FUNCTION);
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
