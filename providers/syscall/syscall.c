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
 * above that.  Hooks are attached only while a probe needs them, from
 * the enable and disable ops (process context); the tracepoint handlers
 * run in probe context.  docs/providers/syscall.md documents the probes,
 * their arguments and how they are armed.
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
 * bit in @on is set while its probe is enabled.  The tracepoint is
 * attached while @raw is set, which for return probes is while any is
 * enabled; entry probes are served by per-call function-entry hooks
 * instead (struct syscall_kprobe) until more than percall_max are
 * enabled or a hook cannot be had, and then by the tracepoint until the
 * last one is disabled.  The tracepoint's handler tests @raw, which is
 * set only once the per-call hooks are detached, so that a call is
 * fired by one hook only.
 */
struct syscall_hook {
	const char		*tpname;
	void			*fire;
	unsigned long		*on;
	struct tracepoint	*tp;		/* found at init */
	unsigned int		nenabled;	/* syscall_lock */
	bool			raw;		/* written under syscall_lock */
};

/*
 * The hook on the function of one system call whose entry is enabled: a
 * kprobe registered disabled, which finds the function's address (and
 * tells that ftrace reaches it), and the core's function-entry hook
 * there, which fires the probe.
 */
struct syscall_kprobe {
	struct kprobe		kp;
	int			nr;
	char			symbol[];	/* "__x64_sys_NAME" */
};

/* Entry kprobes by call number; syscall_lock. */
static struct syscall_kprobe *syscall_kprobes[NR_syscalls];

static DECLARE_BITMAP(syscall_entry_on, NR_syscalls);
static DECLARE_BITMAP(syscall_return_on, NR_syscalls);

static void syscall_entry_fire(void *data, struct pt_regs *regs, long nr);
static void syscall_return_fire(void *data, struct pt_regs *regs, long ret);

enum { SYSCALL_ENTRY, SYSCALL_RETURN };

static struct syscall_hook syscall_hooks[] = {
	[SYSCALL_ENTRY] = { "sys_enter", syscall_entry_fire, syscall_entry_on },
	[SYSCALL_RETURN] = { "sys_exit", syscall_return_fire, syscall_return_on },
};

/* protects syscall_hooks[].nenabled and attaching the tracepoints */
static DEFINE_MUTEX(syscall_lock);

static dtrace_provider_id_t syscall_id;

/*
 * Fire the entry probe of call @nr, whose arguments are in the user
 * registers @regs.  arg0..argN-1 are the call's N arguments; D reads 0
 * beyond them.  Context: probe context.
 */
static __always_inline void syscall_entry_probe(struct pt_regs *regs, long nr)
{
	unsigned long a[6];
	int n;

	/*
	 * Six arguments, those past the call's own 0, through
	 * dtrace_probe(): no array to zero here and a constant count for
	 * the core to copy (this runs at every traced call).
	 */
	syscall_get_arguments(current, regs, a);
	n = syscall_calls[nr].meta->nb_args;
	dtrace_probe(syscall_calls[nr].entry_id, n > 0 ? a[0] : 0,
		     n > 1 ? a[1] : 0, n > 2 ? a[2] : 0, n > 3 ? a[3] : 0,
		     n > 4 ? a[4] : 0, n > 5 ? a[5] : 0);
}

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
	syscall_entry_probe(regs, nr);
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

/*
 * Attach a function-entry hook to __x64_sys_NAME for the entry probe of
 * call @nr.  Context: process; may sleep; syscall_lock held.
 * Return: 0, -ENOMEM, -EOPNOTSUPP if ftrace does not reach the
 * function, or why kprobes or ftrace refused.
 */
static int syscall_kprobe_arm(int nr)
{
	const char *name = syscall_calls[nr].meta->name + 4;	/* "sys_" */
	struct syscall_kprobe *skp;
	int ret;

	skp = kzalloc(struct_size(skp, symbol, sizeof("__x64_sys_") +
				  strlen(name)), GFP_KERNEL);
	if (!skp)
		return -ENOMEM;
	skp->nr = nr;
	sprintf(skp->symbol, "__x64_sys_%s", name);
	skp->kp.symbol_name = skp->symbol;
	skp->kp.flags = KPROBE_FLAG_DISABLED;
	ret = register_kprobe(&skp->kp);
	if (ret)
		goto out_free;
	ret = -EOPNOTSUPP;
	if (skp->kp.flags & KPROBE_FLAG_FTRACE)
		ret = dtrace_fentry_attach((unsigned long)skp->kp.addr,
					   DTRACE_FENTRY_SYSCALL,
					   syscall_calls[nr].entry_id,
					   syscall_calls[nr].meta->nb_args);
	if (ret)
		goto out_unregister;
	percall_attached++;
	syscall_kprobes[nr] = skp;
	return 0;

out_unregister:
	unregister_kprobe(&skp->kp);
out_free:
	pr_debug("no entry hook on %s: %d\n", skp->symbol, ret);
	kfree(skp);
	return ret;
}

/*
 * Detach the entry hook of call @nr.  When this returns, no handler
 * fires its probe any more (unregistering the kprobe waits for an RCU
 * grace period).  Context: process; may sleep; syscall_lock held.
 */
static void syscall_kprobe_disarm(int nr)
{
	dtrace_fentry_detach((unsigned long)syscall_kprobes[nr]->kp.addr,
			     DTRACE_FENTRY_SYSCALL);
	unregister_kprobe(&syscall_kprobes[nr]->kp);
	kfree(syscall_kprobes[nr]);
	syscall_kprobes[nr] = NULL;
}

/* syscall_kprobes_disarm_all()'s batch; syscall_lock */
static struct kprobe *syscall_kprobe_batch[NR_syscalls];

/*
 * Detach every entry hook, waiting once for their handlers rather than
 * once each.  When this returns, none fires any more.
 * Context: process; may sleep; syscall_lock held.
 */
static void syscall_kprobes_disarm_all(void)
{
	int nr, n = 0;

	for (nr = 0; nr < NR_syscalls; nr++) {
		if (!syscall_kprobes[nr])
			continue;
		dtrace_fentry_detach((unsigned long)syscall_kprobes[nr]->kp.addr,
				     DTRACE_FENTRY_SYSCALL);
		syscall_kprobe_batch[n++] = &syscall_kprobes[nr]->kp;
	}
	if (!n)
		return;
	unregister_kprobes(syscall_kprobe_batch, n);
	for (nr = 0; nr < NR_syscalls; nr++) {
		kfree(syscall_kprobes[nr]);
		syscall_kprobes[nr] = NULL;
	}
}

/*
 * Serve @hook's enabled probes (their bits in @hook->on) from its
 * tracepoint from now on: attach it, detach the entry hooks if there
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
		syscall_kprobes_disarm_all();
	WRITE_ONCE(hook->raw, true);
	return 0;
}

/*
 * Context: process; may sleep; the provider's arm lock held.  Set the
 * call's bit; the first return probe attaches sys_exit.  An entry probe
 * gets its own function-entry hook while at most percall_max are
 * enabled; the one past that, or one whose function has no hook, moves
 * all of them to sys_enter.
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
		ret = syscall_kprobe_arm(nr);
		if (!ret || ret == -ENOMEM)
			goto out_check;
	}
	ret = syscall_go_raw(hook);
out_check:
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
 * Context: process; may sleep; the provider's arm lock held.  Clear the
 * call's bit and detach its entry hook if it has one (which waits for its
 * handlers); the last probe of a tracepoint detaches it and waits until
 * no callback runs any more, so the module may go after this.  While
 * other probes keep the tracepoint attached, a callback that tested the
 * bit just before may still call dtrace_probe_args() for this probe: it
 * runs with preemption disabled, and the core waits for an RCU grace
 * period after disarming a probe before it frees what such a late call
 * could reach, so waiting here too (hundreds of times when
 * syscall:::entry ends) would buy nothing.
 */
static void syscall_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct syscall_call *sc = parg;
	struct syscall_hook *hook = syscall_hook_of(sc, id);
	int nr = sc - syscall_calls;

	mutex_lock(&syscall_lock);
	clear_bit(nr, hook->on);
	if (!hook->raw)
		syscall_kprobe_disarm(nr);
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
 * No probe is enabled, so no tracepoint is attached: the core holds this
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
