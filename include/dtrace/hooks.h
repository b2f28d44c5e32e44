/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hook service of dtrace_core.ko (framework/hooks.c): a provider
 * that fires its probes from kernel tracepoints, kprobes and kretprobes
 * declares them in a static table, and the core finds the targets,
 * arms a hook while at least one enabled probe needs it (a reference
 * count per hook), disarms it and waits until its handlers have
 * returned, and unhooks a tracepoint whose module is unloaded.
 * docs/services.md describes it; the io, tcp, sched, proc, ip, udp and
 * lockstat providers use it.
 */
#ifndef _DTRACE_HOOKS_H
#define _DTRACE_HOOKS_H

#include <linux/init.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/types.h>
#include <dtrace/provider.h>

enum dtrace_hook_kind {
	DTRACE_HOOK_TRACEPOINT,
	DTRACE_HOOK_KPROBE,
	DTRACE_HOOK_KRETPROBE,
};

/**
 * struct dtrace_hook_desc - one hook of a provider's table
 * @kind: what @symbols names
 * @symbols: the tracepoint, or the kernel function and up to two other
 *	names the compiler or the kernel's configuration may have given it
 *	(a ".isra.0" copy; mutex_lock_nested() for mutex_lock() under
 *	lockdep), tried in order; NULL-ended.  A kernel with none of them
 *	fails the arming with -ENOENT and a warning naming all, unless
 *	@optional
 * @optional: a function only some kernels have (lockdep's
 *	_raw_spin_lock_nested()): where none of @symbols is, arming
 *	succeeds and the hook never fires
 * @tp_func: tracepoint probe, called with NULL as its data
 * @pre: kprobe pre-handler
 * @entry: kretprobe entry handler, which may fill @data_size bytes
 * @ret: kretprobe return handler
 * @data_size: per-instance data of the kretprobe
 *
 * Every handler runs in probe context (include/dtrace/provider.h).
 */
struct dtrace_hook_desc {
	enum dtrace_hook_kind	kind;
	const char		*symbols[4];
	bool			optional;
	void			*tp_func;
	kprobe_pre_handler_t	pre;
	kretprobe_handler_t	entry;
	kretprobe_handler_t	ret;
	size_t			data_size;
};

/* A table entry for tracepoint @name calling @func */
#define DTRACE_HOOK_TP(name, func) \
	{ .kind = DTRACE_HOOK_TRACEPOINT, .symbols = { name }, .tp_func = func }

/* A table entry for a kprobe on function @name calling @func */
#define DTRACE_HOOK_KP(name, func) \
	{ .kind = DTRACE_HOOK_KPROBE, .symbols = { name }, .pre = func }

/* A provider's table while it is loaded: opaque, from dtrace_hooks_create(). */
struct dtrace_hooks;

/**
 * dtrace_hooks_create() - take charge of a provider's hook table
 * @provider: the provider's name, for messages
 * @descs: its hooks, static: they are used until dtrace_hooks_destroy()
 * @n: how many (at most BITS_PER_LONG)
 * @maxactive: for the kretprobes: calls in flight at once that a
 *	return can be seen for (0: the kernel's choice)
 *
 * Finds the tracepoints of @descs, in vmlinux and in modules loaded
 * now or later, and says in the kernel log which it did not find.
 * Nothing is armed yet.
 *
 * Context: process; may sleep; not from a tracepoint module notifier.
 * Return: the table, or an ERR_PTR: -EINVAL for a bad table, -ENOMEM.
 */
struct dtrace_hooks *dtrace_hooks_create(const char *provider,
					 const struct dtrace_hook_desc *descs,
					 unsigned int n, unsigned int maxactive);

/**
 * dtrace_hooks_destroy() - release a table from dtrace_hooks_create()
 * @hooks: the table, NULL or an ERR_PTR; no hook of it may be armed
 *
 * Context: process; may sleep.
 */
void dtrace_hooks_destroy(struct dtrace_hooks *hooks);

/**
 * dtrace_hooks_arm() - take a reference on each hook in @mask
 * @hooks: the provider's table
 * @mask: BIT(i) for each hook descs[i] to arm
 *
 * A hook's first reference registers it; its handlers may run as soon
 * as it is registered, before this returns.  Either every hook in
 * @mask is armed or, on error, none is (the others are released
 * again), and the kernel log names the target that failed.
 *
 * Context: process; may sleep (a provider's ->enable).
 * Return: 0, -ENOENT for a tracepoint or function the kernel does not
 * have, or the error registering the hook.
 */
int dtrace_hooks_arm(struct dtrace_hooks *hooks, unsigned long mask);

/**
 * dtrace_hooks_disarm() - drop a reference on each hook in @mask
 * @hooks: the provider's table
 * @mask: as given to dtrace_hooks_arm()
 *
 * A hook whose last reference goes is unregistered; when this returns
 * none of its handlers is running or will run.  Handlers of hooks that
 * stay armed go on running.
 *
 * Context: process; may sleep (a provider's ->disable).
 */
void dtrace_hooks_disarm(struct dtrace_hooks *hooks, unsigned long mask);

/* args[N] of a probe: the kernel type passed, and the type D sees. */
struct dtrace_hook_arg {
	const char	*native;
	const char	*xlate;
};

/**
 * struct dtrace_hook_provider - a provider each of whose probes is fired
 *	by one hook, all probes with the same arguments
 * @name: the provider's name
 * @owner: its module (THIS_MODULE)
 * @probes: the probe names; probe i is fired by hook @descs[i]
 * @descs: the hooks
 * @n: how many probes and hooks
 * @args: args[0..@nargs - 1] of every probe; args[N] is arg N
 * @nargs: how many
 * @enabled: @n flags, probe i's set while it is enabled: its handler
 *	tests it with READ_ONCE() before it fires
 * @ids: @n probe ids, for dtrace_probe()
 * @attr: the probes' stability attributes (struct dtrace_pops' @attr)
 * @hooks: private to the core
 * @pops: private to the core
 * @id: private to the core
 *
 * The provider's probes are in module "vmlinux", with an empty
 * function field.
 */
struct dtrace_hook_provider {
	const char			*name;
	struct module			*owner;
	const char *const		*probes;
	const struct dtrace_hook_desc	*descs;
	unsigned int			n;
	const struct dtrace_hook_arg	*args;
	unsigned int			nargs;
	bool				*enabled;
	dtrace_id_t			*ids;
	const struct dtrace_pattr	*attr;
	struct dtrace_hooks		*hooks;
	struct dtrace_pops		pops;
	dtrace_provider_id_t		id;
};

/**
 * dtrace_hook_provider_register() - register @hp and create its probes
 * @hp: the provider, static; it is used until
 *	dtrace_hook_provider_unregister()
 *
 * Context: process; may sleep (module init).
 * Return: 0, or the error of dtrace_hooks_create(), dtrace_register(),
 * or -ENOMEM.
 */
int dtrace_hook_provider_register(struct dtrace_hook_provider *hp);

/**
 * dtrace_hook_provider_unregister() - unregister @hp and free its hooks
 * @hp: from dtrace_hook_provider_register(); none of its probes enabled
 *	(the core holds the provider's module while one is)
 *
 * Context: process; may sleep (module exit).
 */
void dtrace_hook_provider_unregister(struct dtrace_hook_provider *hp);

/**
 * module_dtrace_hook_provider() - a module that is one hook provider
 * @__hp: the module's static struct dtrace_hook_provider
 *
 * Defines the module's init, which registers @__hp (and logs why it
 * could not), and its exit, which unregisters it: the whole of a
 * provider module whose probes are all in one table.  Use it once per
 * module, in place of module_init() and module_exit().
 */
#define module_dtrace_hook_provider(__hp)				\
static struct dtrace_hook_provider *const __hp##_module = &(__hp);	\
static int __init __hp##_init(void)					\
{									\
	int ret = dtrace_hook_provider_register(__hp##_module);		\
									\
	if (ret)							\
		pr_err("cannot register: %d\n", ret);			\
	return ret;							\
}									\
module_init(__hp##_init);						\
static void __exit __hp##_exit(void)					\
{									\
	dtrace_hook_provider_unregister(__hp##_module);			\
}									\
module_exit(__hp##_exit)

#endif /* _DTRACE_HOOKS_H */
