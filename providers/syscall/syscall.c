// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_syscall.ko: the syscall provider.  syscall::NAME:entry and
 * syscall::NAME:return for every 64-bit system call of the running
 * kernel (table.c finds them).  Return probes fire from the raw_syscalls
 * tracepoint sys_exit.  Entry probes fire at the entry of the call's own
 * function (__x64_sys_NAME), through the core's function-entry service
 * (dtrace_fentry_attach(), which fires them before an fbt entry probe
 * on the same function), while at most percall_max calls are enabled,
 * so that the others pay nothing, and from the tracepoint sys_enter
 * above that.  The enable op only counts an entry probe, and moves them
 * all to the tracepoint once there are too many for per-call hooks; the
 * per-call hooks are attached when a consumer starts (the start op), so
 * that an enabling of many calls attaches none, or shortly after the
 * enabling when no start follows.  All of that runs in process context;
 * the tracepoint handlers run in probe context.
 * docs/providers/syscall.md documents the probes, their arguments and
 * how they are armed.
 */
#define pr_fmt(fmt) "dtrace syscall: " fmt

#include <linux/bitmap.h>
#include <linux/compat.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>
#include <dtrace/services.h>
#include "syscall.h"

/*
 * Past 16 calls, the function-entry hooks' cost of arming (an ftrace
 * update each) and the chance that traced calls are most of what runs
 * favour the one tracepoint (docs/providers/syscall.md).
 */
static unsigned int percall_max = 16;
module_param(percall_max, uint, 0644);
MODULE_PARM_DESC(percall_max,
		 "most system calls whose entry probes get a function-entry hook each (unit: calls; default 16); more use raw_syscalls:sys_enter");

/*
 * What arming costs, for the tests: each per-call hook attached is an
 * ftrace update (syscall_lock).
 */
static unsigned int percall_attached;
module_param(percall_attached, uint, 0444);
MODULE_PARM_DESC(percall_attached,
		 "per-call function-entry hooks attached since the module loaded (unit: hooks; read-only)");

/*
 * One raw_syscalls tracepoint and the probes it serves: the entry
 * probes hang off sys_enter, the return probes off sys_exit.  A call's
 * bit in @on is set while its probe is enabled, and @nenabled counts
 * them.  The tracepoint is attached while @raw is set, which for return
 * probes is while any is enabled.  Entry probes are served by per-call
 * function-entry hooks instead (syscall_percall_hooked), attached at
 * start (syscall_percall_attach_pending()), until an enabling takes
 * them over percall_max or a hook cannot be had, and then by the
 * tracepoint until the last one is disabled.  The tracepoint's handler
 * tests @raw, which is set only once the per-call hooks are detached
 * and their handlers done, so that a call is fired by one hook only.
 */
struct syscall_hook {
	const char		*tpname;
	void			*fire;
	unsigned long		*on;
	struct tracepoint	*tp;		/* found at init */
	unsigned int		nenabled;	/* syscall_lock */
	bool			raw;		/* written under syscall_lock */
};

static DECLARE_BITMAP(syscall_entry_on, NR_syscalls);
static DECLARE_BITMAP(syscall_return_on, NR_syscalls);

/*
 * Entry probes on their per-call hook; those enabled, not on one, and
 * not served by the tracepoint either are pending until
 * syscall_percall_attach_pending().  syscall_lock.
 */
static DECLARE_BITMAP(syscall_percall_hooked, NR_syscalls);
static unsigned int syscall_percall_npending;	/* syscall_lock */

static void syscall_entry_fire(void *data, struct pt_regs *regs, long nr);
static void syscall_return_fire(void *data, struct pt_regs *regs, long ret);

enum { SYSCALL_ENTRY, SYSCALL_RETURN };

static struct syscall_hook syscall_hooks[] = {
	[SYSCALL_ENTRY] = { "sys_enter", syscall_entry_fire, syscall_entry_on },
	[SYSCALL_RETURN] = { "sys_exit", syscall_return_fire, syscall_return_on },
};

/* protects syscall_hooks[], the per-call hooks and attaching them */
static DEFINE_MUTEX(syscall_lock);

static dtrace_provider_id_t syscall_id;

/**
 * syscall_entry_fire() - sys_enter: a task enters system call @nr
 * @data: unused
 * @regs: the task's user registers
 * @nr: the call's number
 *
 * Only while the tracepoint serves the entry probes (@raw).  32-bit
 * (ia32, x32) calls are numbered differently and do not fire.
 * Context: process, preemption disabled (tracepoint); probe context.
 */
static void syscall_entry_fire(void *data, struct pt_regs *regs, long nr)
{
	if ((unsigned long)nr >= NR_syscalls ||
	    !test_bit(nr, syscall_entry_on) || in_compat_syscall() ||
	    !READ_ONCE(syscall_hooks[SYSCALL_ENTRY].raw))
		return;
	dtrace_probe_syscall_entry(syscall_calls[nr].entry_id,
				   syscall_calls[nr].meta->nb_args, regs);
}
NOKPROBE_SYMBOL(syscall_entry_fire);

/**
 * syscall_return_fire() - sys_exit: a task leaves a system call
 * @data: unused
 * @regs: the task's user registers; orig_ax still holds the number
 * @ret: what the call returns
 *
 * arg0 and arg1 are the value the caller sees: @ret, or -1 when the
 * call failed with -errno, and then D's errno is that errno.
 * Context: process, preemption disabled (tracepoint); probe context.
 */
static void syscall_return_fire(void *data, struct pt_regs *regs, long ret)
{
	long nr = syscall_get_nr(current, regs);
	u64 args[2];
	int err = 0;

	if ((unsigned long)nr >= NR_syscalls ||
	    !test_bit(nr, syscall_return_on) || in_compat_syscall())
		return;
	if (IS_ERR_VALUE(ret)) {
		err = -ret;
		ret = -1;
	}
	args[0] = ret;
	args[1] = ret;
	dtrace_probe_args(syscall_calls[nr].return_id, args, 2, err);
}
NOKPROBE_SYMBOL(syscall_return_fire);

static struct syscall_hook *syscall_hook_of(struct syscall_call *sc,
					    dtrace_id_t id)
{
	return &syscall_hooks[id == sc->return_id ? SYSCALL_RETURN :
						    SYSCALL_ENTRY];
}

/* One lookup of a call's function: a kprobe registered disabled there. */
struct syscall_lookup {
	struct kprobe	kp;
	char		symbol[sizeof("__x64_sys_") + DTRACE_FUNCNAMELEN];
};

/*
 * Learn where ftrace calls out at the entry of call @nr's function,
 * __x64_sys_NAME, from a kprobe registered there disabled in @lk (the
 * kernel exports no lookup of a symbol's address; KPROBE_FLAG_FTRACE
 * says the address is an ftrace call site).  It is kept in
 * syscall_calls[@nr]: the function is in vmlinux and does not move.
 * The caller unregisters the kprobe.
 * Context: process; may sleep; syscall_lock held.
 * Return: 0 with the kprobe registered, -ENOMEM, or why kprobes refused
 * the function (which then never gets a hook).
 */
static int syscall_percall_lookup(int nr, struct syscall_lookup *lk)
{
	struct syscall_call *sc = &syscall_calls[nr];
	int ret;

	memset(lk, 0, sizeof(*lk));
	snprintf(lk->symbol, sizeof(lk->symbol), "__x64_sys_%s",
		 sc->meta->name + 4);			/* "sys_NAME" */
	lk->kp.symbol_name = lk->symbol;
	lk->kp.flags = KPROBE_FLAG_DISABLED;
	ret = register_kprobe(&lk->kp);
	if (ret) {
		pr_debug("no entry hook on %s: %d\n", lk->symbol, ret);
		sc->entry_nosite = ret != -ENOMEM;
		return ret;
	}
	if (lk->kp.flags & KPROBE_FLAG_FTRACE)
		sc->entry_ip = (unsigned long)lk->kp.addr;
	else
		sc->entry_nosite = true;
	return 0;
}

/*
 * Learn the call site of every pending call's function not known yet,
 * with one kprobe each, unregistered together (which waits for one RCU
 * grace period).  Context: process; may sleep; syscall_lock held.
 * Return: 0 or -ENOMEM.
 */
static int syscall_percall_lookup_pending(void)
{
	unsigned int n = 0, max = syscall_percall_npending;
	struct syscall_lookup *lk;
	struct kprobe **kps;
	int nr, ret = 0;

	lk = kcalloc(max, sizeof(*lk), GFP_KERNEL);
	kps = kcalloc(max, sizeof(*kps), GFP_KERNEL);
	if (!lk || !kps) {
		ret = -ENOMEM;
		goto out_free;
	}
	for_each_set_bit(nr, syscall_entry_on, NR_syscalls) {
		if (test_bit(nr, syscall_percall_hooked) ||
		    syscall_calls[nr].entry_ip || syscall_calls[nr].entry_nosite)
			continue;
		if (WARN_ON_ONCE(n == max))
			break;
		ret = syscall_percall_lookup(nr, &lk[n]);
		if (ret == -ENOMEM)
			break;
		if (!ret) {
			kps[n] = &lk[n].kp;
			n++;
		}
		ret = 0;
	}
	if (n)
		unregister_kprobes(kps, n);
out_free:
	kfree(kps);
	kfree(lk);
	return ret;
}

/*
 * Detach every per-call hook, then wait until no handler fires their
 * probes any more: the core's handler runs with preemption disabled, so
 * one RCU grace period.  The tracepoint serves the pending probes too
 * from now on.  Context: process; may sleep; syscall_lock held.
 */
static void syscall_percall_detach_all(void)
{
	bool any = false;
	int nr;

	for_each_set_bit(nr, syscall_percall_hooked, NR_syscalls) {
		dtrace_fentry_detach(syscall_calls[nr].entry_ip,
				     DTRACE_FENTRY_SYSCALL);
		any = true;
	}
	bitmap_zero(syscall_percall_hooked, NR_syscalls);
	syscall_percall_npending = 0;
	if (any)
		synchronize_rcu();
}

/*
 * Serve @hook's enabled probes (their bits in @hook->on) from its
 * tracepoint from now on: attach it, detach the per-call hooks if there
 * are any (which waits until none fires), then set @raw, which the
 * tracepoint's handler tests.  A call running through the switch may be
 * missed by both hooks, never fired by both.
 * Context: process; may sleep; syscall_lock held.
 * Return: 0, or the error of attaching the tracepoint.
 */
static int syscall_go_raw(struct syscall_hook *hook)
{
	int ret;

	ret = tracepoint_probe_register(hook->tp, hook->fire, NULL);
	if (ret) {
		pr_err("cannot attach to %s: %d\n", hook->tpname, ret);
		return ret;
	}
	if (hook == &syscall_hooks[SYSCALL_ENTRY])
		syscall_percall_detach_all();
	WRITE_ONCE(hook->raw, true);
	return 0;
}

/*
 * Give each pending entry probe its per-call hook, or, if one cannot be
 * had (a function ftrace does not reach, no memory), serve them all from
 * the tracepoint.  If that fails too, the kernel log says so and they
 * stay pending: the next start tries again.
 * Context: process; may sleep; syscall_lock held.
 */
static void syscall_percall_attach_pending(void)
{
	struct syscall_call *sc;
	int nr, ret;

	lockdep_assert_held(&syscall_lock);
	if (!syscall_percall_npending)
		return;
	ret = syscall_percall_lookup_pending();
	for_each_set_bit(nr, syscall_entry_on, NR_syscalls) {
		if (ret)
			break;
		if (test_bit(nr, syscall_percall_hooked))
			continue;
		sc = &syscall_calls[nr];
		ret = -EOPNOTSUPP;
		if (sc->entry_ip)
			ret = dtrace_fentry_attach(sc->entry_ip,
						   DTRACE_FENTRY_SYSCALL,
						   sc->entry_id,
						   sc->meta->nb_args);
		if (ret)
			break;
		set_bit(nr, syscall_percall_hooked);
		syscall_percall_npending--;
		percall_attached++;
	}
	if (ret) {
		pr_debug("entry probes to %s: %d\n",
			 syscall_hooks[SYSCALL_ENTRY].tpname, ret);
		syscall_go_raw(&syscall_hooks[SYSCALL_ENTRY]);
	}
}

/*
 * Context: process; may sleep; the provider's arm lock held.  Set the
 * call's bit; the first return probe attaches sys_exit.  An entry probe
 * waits for its per-call hook (pending) while at most percall_max are
 * enabled; the one past that moves all of them to sys_enter, so that an
 * enabling of many calls attaches no per-call hook.  A consumer's start
 * attaches the pending hooks (the core calls ->start for a retained
 * description of a consumer already tracing too, once it has enabled
 * the probes that description matched).
 */
static int syscall_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct syscall_call *sc = parg;
	struct syscall_hook *hook = syscall_hook_of(sc, id);
	int nr = sc - syscall_calls;
	int ret = 0;

	mutex_lock(&syscall_lock);
	set_bit(nr, hook->on);
	if (hook->raw)
		goto out_enabled;
	if (hook == &syscall_hooks[SYSCALL_ENTRY] &&
	    hook->nenabled < READ_ONCE(percall_max)) {
		syscall_percall_npending++;
		goto out_enabled;
	}
	ret = syscall_go_raw(hook);
	if (ret) {
		clear_bit(nr, hook->on);
		goto out_unlock;
	}
out_enabled:
	hook->nenabled++;
out_unlock:
	mutex_unlock(&syscall_lock);
	return ret;
}

/*
 * Context: as syscall_enable().  A consumer starts tracing: the entry
 * probes it enabled are all it will have, so the pending ones get their
 * per-call hooks now, before its BEGIN.  Once per probe of the consumer
 * that no other consumer traces yet; the first does the work.
 */
static void syscall_start(void *arg, dtrace_id_t id, void *parg)
{
	mutex_lock(&syscall_lock);
	syscall_percall_attach_pending();
	mutex_unlock(&syscall_lock);
}

/*
 * Context: process; may sleep; the provider's arm lock held.  Clear the
 * call's bit and detach its per-call hook if it has one; the last probe
 * of a tracepoint detaches it and waits until no callback runs any
 * more, so the module may go after this.  A handler that tested the bit,
 * or found the per-call hook, just before may still call dtrace_probe()
 * for this probe: it runs with preemption disabled, and the core waits
 * for an RCU grace period after disarming a probe before it frees what
 * such a late call could reach, so waiting here too (hundreds of times
 * when syscall:::entry ends) would buy nothing.  The core's per-call
 * handler calls no code of this module.
 */
static void syscall_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct syscall_call *sc = parg;
	struct syscall_hook *hook = syscall_hook_of(sc, id);
	int nr = sc - syscall_calls;

	mutex_lock(&syscall_lock);
	clear_bit(nr, hook->on);
	if (hook == &syscall_hooks[SYSCALL_ENTRY] && !hook->raw) {
		if (test_and_clear_bit(nr, syscall_percall_hooked))
			dtrace_fentry_detach(sc->entry_ip,
					     DTRACE_FENTRY_SYSCALL);
		else
			syscall_percall_npending--;
	}
	if (!--hook->nenabled && hook->raw) {
		tracepoint_probe_unregister(hook->tp, hook->fire, NULL);
		tracepoint_synchronize_unregister();
		WRITE_ONCE(hook->raw, false);
	}
	mutex_unlock(&syscall_lock);
}

/*
 * Copy a metadata type ("const char __user *") to @dst without the
 * __user annotations, which mean nothing to D: "const char *".
 */
static void syscall_type_copy(char *dst, size_t size, const char *type)
{
	size_t n = 0;

	while (*type && n + 1 < size) {
		size_t len = strcspn(type, " ");

		if (len && !(len == 6 && !strncmp(type, "__user", 6))) {
			if (n && dst[n - 1] != ' ' && n + 1 < size)
				dst[n++] = ' ';
			len = min(len, size - 1 - n);
			memcpy(dst + n, type, len);
			n += len;
		}
		type += len;
		type += strspn(type, " ");
	}
	dst[n] = '\0';
}

/*
 * Entry arguments have the call's C types; both return arguments are
 * the long the call returns.  Context: process; may sleep; core locks
 * held.
 */
static void syscall_getargdesc(void *arg, dtrace_id_t id, void *parg,
			       struct dtrace_ioc_probearg *desc)
{
	struct syscall_call *sc = parg;

	if (id == sc->return_id) {
		if (desc->argno < 2)
			strscpy(desc->native, "long", sizeof(desc->native));
		return;
	}
	if (desc->argno < sc->meta->nb_args)
		syscall_type_copy(desc->native, sizeof(desc->native),
				  sc->meta->types[desc->argno]);
}

/* DTrace's attributes for its syscall provider */
static const struct dtrace_pattr syscall_attr = {
	.provider	= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= DTRACE_ATTR(UNSTABLE, UNSTABLE, ISA),
	.name		= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.args		= DTRACE_ATTR(UNSTABLE, UNSTABLE, ISA),
};

static const struct dtrace_pops syscall_pops = {
	.owner		= THIS_MODULE,
	.enable		= syscall_enable,
	.disable	= syscall_disable,
	.start		= syscall_start,
	.getargdesc	= syscall_getargdesc,
	.attr		= &syscall_attr,
};

static void syscall_tp_find(struct tracepoint *tp, void *priv)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(syscall_hooks); i++)
		if (!strcmp(tp->name, syscall_hooks[i].tpname))
			syscall_hooks[i].tp = tp;
}

/*
 * Both probes of every call found, in number order.  Return: 0 or
 * -ENOMEM (the caller unregisters, which destroys those created).
 */
static int syscall_create_probes(void)
{
	struct syscall_call *sc;
	const char *name;

	for (sc = syscall_calls; sc < syscall_calls + NR_syscalls; sc++) {
		if (!sc->meta)
			continue;
		name = sc->meta->name + 4;	/* "sys_NAME" */
		sc->entry_id = dtrace_probe_create(syscall_id, "", name,
						   "entry", sc);
		sc->return_id = dtrace_probe_create(syscall_id, "", name,
						    "return", sc);
		if (sc->entry_id == DTRACE_IDNONE ||
		    sc->return_id == DTRACE_IDNONE)
			return -ENOMEM;
	}
	return 0;
}

static int __init syscall_module_init(void)
{
	size_t i;
	int ret;

	for_each_kernel_tracepoint(syscall_tp_find, NULL);
	for (i = 0; i < ARRAY_SIZE(syscall_hooks); i++) {
		if (!syscall_hooks[i].tp) {
			pr_err("the kernel has no raw_syscalls:%s tracepoint\n",
			       syscall_hooks[i].tpname);
			return -EOPNOTSUPP;
		}
	}

	ret = syscall_table_build();
	if (ret < 0)
		return ret;
	pr_debug("%d system calls\n", ret);

	ret = dtrace_register("syscall", &syscall_pops, NULL, &syscall_id);
	if (ret)
		goto out;
	ret = syscall_create_probes();
	if (ret)
		goto out_unregister;
	return 0;

out_unregister:
	dtrace_unregister(syscall_id);
out:
	pr_err("cannot register: %d\n", ret);
	return ret;
}

/*
 * No probe is enabled, so no hook is attached: the core holds this
 * module while one is.
 */
static void __exit syscall_module_exit(void)
{
	dtrace_unregister(syscall_id);
}

module_init(syscall_module_init);
module_exit(syscall_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace syscall provider: entry and return of every system call");
MODULE_IMPORT_NS(DTRACE_NS);
