// SPDX-License-Identifier: GPL-2.0
/*
 * The hooks behind enabled fbt probes.  An entry probe is one more
 * function in the filter of fbt_ops, the provider's one ftrace_ops,
 * whose handler finds the probe by the function's address (one pointer
 * test when only one function is traced, else a hash table); a function
 * ftrace cannot reach gets a kprobe instead.  A return probe is a
 * kretprobe (ftrace has no return hook a module can use on both 6.1 and
 * 6.12).  Every probe registers a kprobe: an entry probe's stays
 * disabled when ftrace serves it, and only finds the function's address
 * (kallsyms lookups are not exported), checks that kprobes allow the
 * function and holds its module.  fbt_arm() and fbt_disarm() run in
 * process context from the provider's enable and disable ops; the
 * handlers run in probe context (with preemption disabled, possibly
 * with interrupts off) and only find the probe for dtrace_probe_entry()
 * (which reads the arguments from the registers) or, on return,
 * dtrace_probe_regs().
 */
#define pr_fmt(fmt) "dtrace fbt: " fmt

#include <linux/ftrace.h>
#include <linux/hashtable.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "fbt_impl.h"

/*
 * On by default.  Turned off for a while after a 6.12 oops in
 * stress/nmi_switch.sh that was QEMU's multi-threaded TCG running text
 * another vCPU had patched, not this path (docs/providers/fbt.md).
 */
static bool entry_ftrace = true;
module_param(entry_ftrace, bool, 0644);
MODULE_PARM_DESC(entry_ftrace,
		 "entry probes through the provider's ftrace_ops (1, the default) or a kprobe each (0), read when a probe is enabled");

/* Return probes of one function may be pending on this many tasks. */
#define FBT_MAXACTIVE	64

struct fbt_armed {
	union {
		struct kprobe		kp;
		struct kretprobe	rp;
	};
	struct hlist_node	node;		/* in fbt_ftrace_table */
	bool			ftrace;		/* served by fbt_ops */
	dtrace_id_t		id;
	u8			nargs;
	char			symbol[];	/* "func" or "module:func" */
};

static void fbt_ftrace_handler(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *ops,
			       struct ftrace_regs *fregs);

/*
 * Registered while it has a function in its filter (an empty filter
 * would trace every function).  Without FTRACE_OPS_FL_SAVE_REGS: ftrace
 * calls the handler through ftrace_caller, which saves what a function's
 * entry needs, the argument registers, sp and ip (for args[], stack()
 * and caller: dtrace_ftrace_partial_regs()), not all of struct pt_regs
 * as ftrace_regs_caller would; no clause reads the others at an fbt
 * entry probe.  Recursion is left to the core's guard.
 */
static struct ftrace_ops fbt_ops = {
	.func	= fbt_ftrace_handler,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

/* Entry probes fbt_ops serves, by address; add and delete: fbt_ftrace_lock */
static DEFINE_HASHTABLE(fbt_ftrace_table, 10);
static DEFINE_MUTEX(fbt_ftrace_lock);
static unsigned int fbt_ftrace_nfuncs;	/* in the filter; fbt_ftrace_lock */
/*
 * The probe of the one function in the filter when there is exactly
 * one, else NULL: the handler's test before the table (set under
 * fbt_ftrace_lock, freed as the table's entries are).
 */
static struct fbt_armed __rcu *fbt_ftrace_one;

/* Set fbt_ftrace_one for the filter as it now is.  fbt_ftrace_lock held. */
static void fbt_ftrace_one_update(void)
{
	struct fbt_armed *armed, *one = NULL;
	unsigned int bkt;

	lockdep_assert_held(&fbt_ftrace_lock);
	if (fbt_ftrace_nfuncs == 1)
		hash_for_each(fbt_ftrace_table, bkt, armed, node)
			one = armed;
	rcu_assign_pointer(fbt_ftrace_one, one);
}

/*
 * fbt_ops' handler, at the first instruction of a function in its
 * filter, before the function built its frame: as a kprobe there, with
 * the registers a kprobe would have that a function's entry uses (ip
 * set to the hook's address for the firing, as a kprobe's probe
 * address; sp on the return address).  ftrace calls it with preemption
 * enabled and leaves recursion to it (FTRACE_OPS_FL_RECURSION).  It disables preemption,
 * which is what fbt_disarm() waits for; recursion is the core's guard's
 * business: nothing here calls a function ftrace can trace before
 * dtrace_probe_entry(), and a probe that fires inside the core (in the
 * same context or an interrupting one) is counted there as a drop and
 * goes no deeper.  ftrace_test_recursion_trylock() would only drop some
 * of those uncounted, for about 25 instructions an event.
 */
static void notrace fbt_ftrace_handler(unsigned long ip,
				       unsigned long parent_ip,
				       struct ftrace_ops *ops,
				       struct ftrace_regs *fregs)
{
	struct pt_regs *regs = dtrace_ftrace_partial_regs(fregs);
	unsigned long ret_ip = instruction_pointer(regs);
	struct fbt_armed *armed;

	preempt_disable_notrace();
	armed = rcu_dereference_raw(fbt_ftrace_one);
	if (armed && (unsigned long)armed->kp.addr == ip)
		goto found;
	hash_for_each_possible_rcu_notrace(fbt_ftrace_table, armed, node, ip)
		if ((unsigned long)armed->kp.addr == ip)
			goto found;
	goto out;

found:
	/* the probe's pc is the hook's address (ftrace's is past the call) */
	instruction_pointer_set(regs, ip);
	dtrace_probe_entry(armed->id, armed->nargs, NULL, regs);
	instruction_pointer_set(regs, ret_ip);
out:
	preempt_enable_notrace();
}
NOKPROBE_SYMBOL(fbt_ftrace_handler);

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
 * through fbt_ops if ftrace reaches the function (and entry_ftrace is
 * set), else by enabling the kprobe.  Context: process; may sleep.
 */
static void fbt_entry_arm(struct fbt_armed *armed)
{
	unsigned long ip = (unsigned long)armed->kp.addr;
	int ret = -EOPNOTSUPP;

	mutex_lock(&fbt_ftrace_lock);
	if (!(armed->kp.flags & KPROBE_FLAG_FTRACE) || !READ_ONCE(entry_ftrace))
		goto out_kprobe;
	hash_add_rcu(fbt_ftrace_table, &armed->node, ip);
	ret = ftrace_set_filter_ip(&fbt_ops, ip, 0, 0);
	if (!ret && !fbt_ftrace_nfuncs) {
		ret = register_ftrace_function(&fbt_ops);
		if (ret)
			ftrace_set_filter_ip(&fbt_ops, ip, 1, 0);
	}
	if (ret) {
		hash_del_rcu(&armed->node);
		goto out_kprobe;
	}
	fbt_ftrace_nfuncs++;
	fbt_ftrace_one_update();
	armed->ftrace = true;
	mutex_unlock(&fbt_ftrace_lock);
	return;

out_kprobe:
	mutex_unlock(&fbt_ftrace_lock);
	pr_debug("%s through a kprobe: %d\n", armed->symbol, ret);
	enable_kprobe(&armed->kp);
}

/*
 * Take the entry probe @armed out of fbt_ops; the last one unregisters
 * it (an empty filter would trace every function).  The caller then
 * unregisters the kprobe, whose RCU grace period ends every handler
 * that could still see @armed.  Context: process; may sleep.
 */
static void fbt_entry_disarm(struct fbt_armed *armed)
{
	unsigned long ip = (unsigned long)armed->kp.addr;

	mutex_lock(&fbt_ftrace_lock);
	if (!--fbt_ftrace_nfuncs)
		unregister_ftrace_function(&fbt_ops);
	ftrace_set_filter_ip(&fbt_ops, ip, 1, 0);
	hash_del_rcu(&armed->node);
	fbt_ftrace_one_update();
	mutex_unlock(&fbt_ftrace_lock);
}

/**
 * fbt_arm() - arm @probe: fbt_ops, a kprobe or a kretprobe
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
		if (armed->ftrace)
			fbt_entry_disarm(armed);
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
