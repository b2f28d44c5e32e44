// SPDX-License-Identifier: GPL-2.0
/*
 * The function-entry service (include/dtrace/services.h): one
 * ftrace_ops of the core's own serves every probe that fires at the
 * first instruction of a kernel function through ftrace, whatever
 * provider it belongs to.  A site is one function address in the ops'
 * filter and holds one probe id per kind (a system call's entry, a
 * function's entry); the handler fires them in the order of the kinds,
 * so that a system call's entry probe comes before the fbt entry probe
 * of its handler function whichever was enabled first.  With one
 * ftrace_ops per provider the kernel would call them in no fixed order
 * (newest registered first).
 *
 * The handler calls no provider code: a kind says where the arguments
 * are, and the handler reads them and fires the probe.  So a provider's
 * module may go as soon as it has detached; what the handler may still
 * see of a detached site is freed after an RCU grace period.  The
 * handler, dtrace_fentry_handler(), lives in probe_ctx.c beside the
 * entry points, which it inlines for a function's entry probe; this file
 * keeps the sites and the path of a site with a system call's entry
 * probe (dtrace_fentry_fire_all()).
 *
 * Context: dtrace_fentry_attach() and dtrace_fentry_detach() run in
 * process context (from providers' ->enable and ->disable) and may
 * sleep; dtrace_fentry_fire_all() runs in probe context, from the
 * handler, with interrupts off.
 * Locking: dtrace_fentry_lock protects the table, the filter and the
 * count of sites; it is taken inside a provider's own locks and outside
 * ftrace's.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/compat.h>
#include <linux/ftrace.h>
#include <linux/hashtable.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/ptrace.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <dtrace/compat.h>
#include <dtrace/provider.h>
#include <dtrace/services.h>
#include "internal.h"

/*
 * Registered while it has a function in its filter (an empty filter
 * would trace every function).  Without FTRACE_OPS_FL_SAVE_REGS:
 * ftrace_caller saves what a function's entry needs, the argument
 * registers, sp and ip (dtrace_ftrace_partial_regs()).  Recursion is
 * left to the core's guard: a probe that fires inside the core is
 * counted there as a drop.
 */
static struct ftrace_ops dtrace_fentry_ops = {
	.func	= dtrace_fentry_handler,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

DEFINE_HASHTABLE(dtrace_fentry_table, DTRACE_FENTRY_HASH_BITS);
static DEFINE_MUTEX(dtrace_fentry_lock);
static unsigned int dtrace_fentry_nsites;	/* dtrace_fentry_lock */
/*
 * The only site when there is exactly one, else NULL: the handler's
 * test before the table (set under dtrace_fentry_lock).
 */
struct dtrace_fentry_site __rcu *dtrace_fentry_one;

/*
 * A system call's entry: its arguments are the task's user registers,
 * where the system call entry saved them.  32-bit calls can run the same
 * function (an alias, for calls without arguments) and do not fire, as
 * with raw_syscalls:sys_enter.
 */
static __always_inline void dtrace_fentry_syscall(dtrace_id_t id,
						  unsigned int n)
{
	if (in_compat_syscall())
		return;
	dtrace_probe_syscall_entry(id, n, task_pt_regs(current));
}

/*
 * A function's entry, as a kprobe there: the probe's pc is the hook's
 * address (ftrace's is past the call), sp on the return address.
 */
static __always_inline void dtrace_fentry_function(dtrace_id_t id,
						   unsigned int nargs,
						   unsigned long ip,
						   struct pt_regs *regs)
{
	unsigned long ret_ip = instruction_pointer(regs);

	instruction_pointer_set(regs, ip);
	dtrace_probe_entry(id, nargs, NULL, regs);
	instruction_pointer_set(regs, ret_ip);
}

/*
 * Every probe attached at @site, in the order of their kinds: the path
 * of a function with a system call's entry probe.
 */
noinline void notrace
dtrace_fentry_fire_all(const struct dtrace_fentry_site *site,
		       struct ftrace_regs *fregs)
{
	dtrace_id_t id;

	/* acquire: nargs as dtrace_fentry_attach() set it before the id */
	id = smp_load_acquire(&site->id[DTRACE_FENTRY_SYSCALL]);
	if (id != DTRACE_IDNONE)
		dtrace_fentry_syscall(id, site->nargs[DTRACE_FENTRY_SYSCALL]);
	/* acquire: as above */
	id = smp_load_acquire(&site->id[DTRACE_FENTRY_FUNCTION]);
	if (id != DTRACE_IDNONE)
		dtrace_fentry_function(id, site->nargs[DTRACE_FENTRY_FUNCTION],
				       site->ip,
				       dtrace_ftrace_partial_regs(fregs));
}
NOKPROBE_SYMBOL(dtrace_fentry_fire_all);

/* Set dtrace_fentry_one for the table as it now is.  Lock held. */
static void dtrace_fentry_one_update(void)
{
	struct dtrace_fentry_site *site, *one = NULL;
	unsigned int bkt;

	lockdep_assert_held(&dtrace_fentry_lock);
	if (dtrace_fentry_nsites == 1)
		hash_for_each(dtrace_fentry_table, bkt, site, node)
			one = site;
	rcu_assign_pointer(dtrace_fentry_one, one);
}

static struct dtrace_fentry_site *dtrace_fentry_find(unsigned long ip)
{
	struct dtrace_fentry_site *site;

	lockdep_assert_held(&dtrace_fentry_lock);
	hash_for_each_possible(dtrace_fentry_table, site, node, ip)
		if (site->ip == ip)
			return site;
	return NULL;
}

/*
 * A new site for @ip with probe @id of @kind, in the filter and the
 * table (whole before a handler can find it), the ops registered if it
 * is the first.  Lock held.
 * Return: 0, -ENOMEM, or ftrace's error.
 */
static int dtrace_fentry_site_add(unsigned long ip,
				  enum dtrace_fentry_kind kind,
				  dtrace_id_t id, unsigned int nargs,
				  struct dtrace_probe *probe)
{
	struct dtrace_fentry_site *site;
	int ret;

	site = kzalloc(sizeof(*site), GFP_KERNEL);
	if (!site)
		return -ENOMEM;
	site->ip = ip;
	site->key = ip;
	if (kind == DTRACE_FENTRY_SYSCALL)
		site->key |= DTRACE_FENTRY_KEY_SYSCALL;
	site->id[kind] = id;
	site->nargs[kind] = nargs;
	site->fn_probe = probe;
	ret = ftrace_set_filter_ip(&dtrace_fentry_ops, ip, 0, 0);
	if (ret)
		goto out_free;
	if (!dtrace_fentry_nsites) {
		ret = register_ftrace_function(&dtrace_fentry_ops);
		if (ret)
			goto out_filter;
	}
	hash_add_rcu(dtrace_fentry_table, &site->node, ip);
	dtrace_fentry_nsites++;
	dtrace_fentry_one_update();
	return 0;

out_filter:
	ftrace_set_filter_ip(&dtrace_fentry_ops, ip, 1, 0);
out_free:
	kfree(site);
	return ret;
}

/*
 * Take @site out of the filter and the table, the ops unregistered if
 * it was the last (an empty filter would trace every function); freed
 * after the handlers that may see it.  Lock held.
 */
static void dtrace_fentry_site_del(struct dtrace_fentry_site *site)
{
	if (!--dtrace_fentry_nsites)
		unregister_ftrace_function(&dtrace_fentry_ops);
	ftrace_set_filter_ip(&dtrace_fentry_ops, site->ip, 1, 0);
	hash_del_rcu(&site->node);
	dtrace_fentry_one_update();
	kfree_rcu(site, rcu);
}

int dtrace_fentry_attach(unsigned long ip, enum dtrace_fentry_kind kind,
			 dtrace_id_t id, unsigned int nargs)
{
	struct dtrace_fentry_site *site;
	struct dtrace_probe *probe = NULL;
	int ret = 0;

	if (kind >= DTRACE_FENTRY_NKINDS || id == DTRACE_IDNONE ||
	    nargs > U8_MAX || (ip & DTRACE_FENTRY_KEY_SYSCALL))
		return -EINVAL;
	/* the caller's ->enable is arming it: it stays until detached */
	if (kind == DTRACE_FENTRY_FUNCTION) {
		probe = xa_load(&dtrace_probes, id);
		if (!probe)
			return -EINVAL;
	}
	mutex_lock(&dtrace_fentry_lock);
	site = dtrace_fentry_find(ip);
	if (!site) {
		ret = dtrace_fentry_site_add(ip, kind, id, nargs, probe);
		goto out;
	}
	if (site->id[kind] != DTRACE_IDNONE) {
		ret = -EBUSY;
		goto out;
	}
	site->nargs[kind] = nargs;
	if (probe)
		WRITE_ONCE(site->fn_probe, probe);
	/* the handler reads nargs after it sees the id */
	smp_store_release(&site->id[kind], id);
	/* and the id after it sees the key: release */
	if (kind == DTRACE_FENTRY_SYSCALL)
		/* release: the id and nargs before the key that says so */
		smp_store_release(&site->key, ip | DTRACE_FENTRY_KEY_SYSCALL);
out:
	mutex_unlock(&dtrace_fentry_lock);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(dtrace_fentry_attach, DTRACE_NS);

void dtrace_fentry_detach(unsigned long ip, enum dtrace_fentry_kind kind)
{
	struct dtrace_fentry_site *site;
	int k;

	if (kind >= DTRACE_FENTRY_NKINDS)
		return;
	mutex_lock(&dtrace_fentry_lock);
	site = dtrace_fentry_find(ip);
	if (!site || site->id[kind] == DTRACE_IDNONE)
		goto out;
	for (k = 0; k < DTRACE_FENTRY_NKINDS; k++)
		if (k != kind && site->id[k] != DTRACE_IDNONE)
			break;
	if (k == DTRACE_FENTRY_NKINDS) {
		dtrace_fentry_site_del(site);
		goto out;
	}
	/*
	 * A function's probe alone again: its straight path (release: its
	 * id as set), then no system call id.
	 */
	if (kind == DTRACE_FENTRY_SYSCALL)
		/* release: as above */
		smp_store_release(&site->key, ip);
	WRITE_ONCE(site->id[kind], DTRACE_IDNONE);
out:
	mutex_unlock(&dtrace_fentry_lock);
}
EXPORT_SYMBOL_NS_GPL(dtrace_fentry_detach, DTRACE_NS);
