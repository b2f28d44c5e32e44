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
 * are, and the handler reads them and calls the core's entry point.  So
 * a provider's module may go as soon as it has detached; what the
 * handler may still see of a detached site is freed after an RCU grace
 * period.
 *
 * Context: dtrace_fentry_attach() and dtrace_fentry_detach() run in
 * process context (from providers' ->enable and ->disable) and may
 * sleep; dtrace_fentry_handler() runs in probe context, called by
 * ftrace with preemption enabled, and disables it.
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

/* In a site's key while a system call's entry probe is attached there. */
#define DTRACE_FENTRY_KEY_SYSCALL	1UL

/**
 * struct dtrace_fentry_site - one function in the filter
 * @node: in dtrace_fentry_table, by @ip
 * @key: what the handler compares with its ip: @ip alone while only a
 *	function's entry probe is attached (its straight path), @ip |
 *	DTRACE_FENTRY_KEY_SYSCALL while a system call's is (ftrace call
 *	sites are at even addresses)
 * @ip: the function's ftrace call site (a function-entry kprobe's addr)
 * @id: the probe of each kind attached here; DTRACE_IDNONE for none.
 *	Deleting the site leaves them as they were: a handler that still
 *	sees it fires them, as it would have just before
 * @nargs: the arguments of each kind's probe
 * @rcu: freeing after the handlers that may see it
 */
struct dtrace_fentry_site {
	struct hlist_node	node;
	unsigned long		key;
	unsigned long		ip;
	dtrace_id_t		id[DTRACE_FENTRY_NKINDS];
	u8			nargs[DTRACE_FENTRY_NKINDS];
	struct rcu_head		rcu;
};

static void dtrace_fentry_handler(unsigned long ip, unsigned long parent_ip,
				  struct ftrace_ops *ops,
				  struct ftrace_regs *fregs);

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

static DEFINE_HASHTABLE(dtrace_fentry_table, 10);
static DEFINE_MUTEX(dtrace_fentry_lock);
static unsigned int dtrace_fentry_nsites;	/* dtrace_fentry_lock */
/*
 * The only site when there is exactly one, else NULL: the handler's
 * test before the table (set under dtrace_fentry_lock).
 */
static struct dtrace_fentry_site __rcu *dtrace_fentry_one;

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
static noinline void notrace
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

/*
 * The ops' handler, at the first instruction of a function in the
 * filter, before the function built its frame.  It finds the site (one
 * pointer test when there is one, else the table) and fires its probes
 * in the order of their kinds.  A site whose key is the ip has only a
 * function's entry probe, whose id is then set (dtrace_fentry_detach()
 * keeps it so): fbt's straight path tests nothing more than it would
 * with an ftrace_ops of its own.  Preemption is disabled around it,
 * which is what freeing a site waits for.
 */
static void notrace dtrace_fentry_handler(unsigned long ip,
					  unsigned long parent_ip,
					  struct ftrace_ops *ops,
					  struct ftrace_regs *fregs)
{
	struct dtrace_fentry_site *site;
	unsigned long key;

	preempt_disable_notrace();
	site = rcu_dereference_raw(dtrace_fentry_one);
	/* acquire: the ids as they were when the key was set */
	if (site && smp_load_acquire(&site->key) == ip)
		goto function;
	hash_for_each_possible_rcu_notrace(dtrace_fentry_table, site, node,
					   ip) {
		/* acquire: as above */
		key = smp_load_acquire(&site->key);
		if (key == ip)
			goto function;
		if (key == (ip | DTRACE_FENTRY_KEY_SYSCALL)) {
			dtrace_fentry_fire_all(site, fregs);
			goto out;
		}
	}
	goto out;

function:
	dtrace_fentry_function(READ_ONCE(site->id[DTRACE_FENTRY_FUNCTION]),
			       site->nargs[DTRACE_FENTRY_FUNCTION], ip,
			       dtrace_ftrace_partial_regs(fregs));
out:
	preempt_enable_notrace();
}
NOKPROBE_SYMBOL(dtrace_fentry_handler);

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
				  dtrace_id_t id, unsigned int nargs)
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
	int ret = 0;

	if (kind >= DTRACE_FENTRY_NKINDS || id == DTRACE_IDNONE ||
	    nargs > U8_MAX || (ip & DTRACE_FENTRY_KEY_SYSCALL))
		return -EINVAL;
	mutex_lock(&dtrace_fentry_lock);
	site = dtrace_fentry_find(ip);
	if (!site) {
		ret = dtrace_fentry_site_add(ip, kind, id, nargs);
		goto out;
	}
	if (site->id[kind] != DTRACE_IDNONE) {
		ret = -EBUSY;
		goto out;
	}
	site->nargs[kind] = nargs;
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
