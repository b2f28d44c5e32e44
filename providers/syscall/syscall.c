// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_syscall.ko: the syscall provider.  syscall::NAME:entry and
 * syscall::NAME:return for every 64-bit system call of the running
 * kernel (table.c finds them), fired from the raw_syscalls tracepoints
 * sys_enter and sys_exit, which are attached only while a probe needs
 * them.  docs/providers/syscall.md documents the probes and arguments.
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
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>
#include "syscall.h"

/*
 * One raw_syscalls tracepoint and the probes it serves: the entry
 * probes hang off sys_enter, the return probes off sys_exit.  A call's
 * bit in @on is set while its probe is enabled; the tracepoint is
 * attached while any bit is.
 */
struct syscall_hook {
	const char		*tpname;
	void			*fire;
	unsigned long		*on;
	struct tracepoint	*tp;		/* found at init */
	unsigned int		nenabled;	/* syscall_lock */
};

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

/**
 * syscall_entry_fire() - sys_enter: a task enters system call @nr
 * @data: unused
 * @regs: the task's user registers
 * @nr: the call's number
 *
 * arg0..argN-1 are the call's N arguments; D reads 0 beyond them.
 * 32-bit (ia32, x32) calls are numbered differently and do not fire.
 * Context: process, preemption disabled (tracepoint); probe context.
 */
static void syscall_entry_fire(void *data, struct pt_regs *regs, long nr)
{
	unsigned long regargs[6];
	u64 args[6];
	int i, n;

	if ((unsigned long)nr >= NR_syscalls ||
	    !test_bit(nr, syscall_entry_on) || in_compat_syscall())
		return;
	syscall_get_arguments(current, regs, regargs);
	n = syscall_calls[nr].meta->nb_args;
	for (i = 0; i < n; i++)
		args[i] = regargs[i];
	dtrace_probe_args(syscall_calls[nr].entry_id, args, n, 0);
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
 * Context: process; may sleep; the provider's arm lock held.  Set the
 * call's bit, then attach the tracepoint if this is its first probe.
 */
static int syscall_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct syscall_call *sc = parg;
	struct syscall_hook *hook = syscall_hook_of(sc, id);
	int nr = sc - syscall_calls;
	int ret = 0;

	mutex_lock(&syscall_lock);
	set_bit(nr, hook->on);
	if (!hook->nenabled) {
		ret = tracepoint_probe_register(hook->tp, hook->fire, NULL);
		if (ret) {
			clear_bit(nr, hook->on);
			pr_err("cannot attach to %s: %d\n", hook->tpname, ret);
			goto out_unlock;
		}
	}
	hook->nenabled++;
out_unlock:
	mutex_unlock(&syscall_lock);
	return ret;
}

/*
 * Context: process; may sleep; the provider's arm lock held.  Clear the
 * call's bit; the last probe of a tracepoint detaches it and waits until
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

	mutex_lock(&syscall_lock);
	clear_bit(sc - syscall_calls, hook->on);
	if (!--hook->nenabled) {
		tracepoint_probe_unregister(hook->tp, hook->fire, NULL);
		tracepoint_synchronize_unregister();
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

static const struct dtrace_pops syscall_pops = {
	.owner		= THIS_MODULE,
	.enable		= syscall_enable,
	.disable	= syscall_disable,
	.getargdesc	= syscall_getargdesc,
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
