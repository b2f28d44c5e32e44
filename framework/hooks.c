// SPDX-License-Identifier: GPL-2.0
/*
 * The hook service (include/dtrace/hooks.h): arms and disarms the
 * tracepoints, kprobes and kretprobes providers declare in a static
 * table, one reference per enabled probe that needs a hook.  A
 * tracepoint is looked up by name in vmlinux when the table is created
 * and in each module as it is loaded (the tracepoint module notifier);
 * when such a module is unloaded, a hook armed on it is unregistered
 * first, and registered again if the module comes back while the hook
 * is still wanted.  Kprobes look after their own modules.  A provider
 * whose every probe is one hook with the same arguments (ip, udp) can
 * leave its ops to struct dtrace_hook_provider, at the end.
 *
 * Context: process, from providers' init, exit, ->enable and ->disable.
 * Locking: dtrace_hooks_lock protects every table's state.  It is taken
 * inside a provider's arm_lock and inside the tracepoint module list
 * lock (the notifier), and outside the kernel's tracepoint and kprobe
 * locks; so the notifier is never (un)registered with it held.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <dtrace/hooks.h>
#include "internal.h"

/**
 * struct dtrace_hook_state - one hook of a table
 * @refs: enabled probes that need it; registered while nonzero
 * @on: registered now (a tracepoint whose module is gone is not)
 * @tp: the tracepoint, when it is loaded
 * @tp_mod: the module @tp is in, NULL for vmlinux
 * @kp: the kprobe while armed
 * @krp: the kretprobe while armed
 */
struct dtrace_hook_state {
	unsigned int		refs;
	bool			on;
	struct tracepoint	*tp;
	struct module		*tp_mod;
	union {
		struct kprobe		kp;
		struct kretprobe	krp;
	};
};

struct dtrace_hooks {
	const char			*provider;
	const struct dtrace_hook_desc	*descs;
	unsigned int			n;
	unsigned int			maxactive;
	struct notifier_block		nb;
	struct dtrace_hook_state	st[];
};

static DEFINE_MUTEX(dtrace_hooks_lock);

static const char *const dtrace_hook_kinds[] = {
	[DTRACE_HOOK_TRACEPOINT]	= "tracepoint",
	[DTRACE_HOOK_KPROBE]		= "kprobe",
	[DTRACE_HOOK_KRETPROBE]		= "kretprobe",
};

/* Note @tp of @mod if a tracepoint hook of @hooks names it. */
static void dtrace_hooks_note_tp(struct dtrace_hooks *hooks,
				 struct tracepoint *tp, struct module *mod)
{
	unsigned int i;

	for (i = 0; i < hooks->n; i++) {
		if (hooks->descs[i].kind != DTRACE_HOOK_TRACEPOINT ||
		    hooks->st[i].tp ||
		    strcmp(tp->name, hooks->descs[i].symbols[0]))
			continue;
		hooks->st[i].tp = tp;
		hooks->st[i].tp_mod = mod;
	}
}

/* for_each_kernel_tracepoint() callback, at create: the vmlinux ones. */
static void dtrace_hooks_find_tp(struct tracepoint *tp, void *priv)
{
	dtrace_hooks_note_tp(priv, tp, NULL);
}

/* Register kprobe or kretprobe @i on the first of its names there is. */
static int dtrace_hook_register_kprobe(struct dtrace_hooks *hooks,
				       unsigned int i)
{
	const struct dtrace_hook_desc *d = &hooks->descs[i];
	struct dtrace_hook_state *s = &hooks->st[i];
	int ret = -ENOENT;
	unsigned int j;

	for (j = 0; j < ARRAY_SIZE(d->symbols) && d->symbols[j]; j++) {
		if (d->kind == DTRACE_HOOK_KPROBE) {
			memset(&s->kp, 0, sizeof(s->kp));
			s->kp.symbol_name = d->symbols[j];
			s->kp.pre_handler = d->pre;
			ret = register_kprobe(&s->kp);
		} else {
			memset(&s->krp, 0, sizeof(s->krp));
			s->krp.kp.symbol_name = d->symbols[j];
			s->krp.entry_handler = d->entry;
			s->krp.handler = d->ret;
			s->krp.data_size = d->data_size;
			s->krp.maxactive = hooks->maxactive;
			ret = register_kretprobe(&s->krp);
		}
		if (ret != -ENOENT)
			break;
	}
	return ret;
}

/* Register hook @i.  Context: process; dtrace_hooks_lock held. */
static int dtrace_hook_register(struct dtrace_hooks *hooks, unsigned int i)
{
	const struct dtrace_hook_desc *d = &hooks->descs[i];
	struct dtrace_hook_state *s = &hooks->st[i];
	int ret;

	lockdep_assert_held(&dtrace_hooks_lock);
	if (d->kind != DTRACE_HOOK_TRACEPOINT)
		ret = dtrace_hook_register_kprobe(hooks, i);
	else if (s->tp)
		ret = tracepoint_probe_register(s->tp, d->tp_func, NULL);
	else
		ret = -ENOENT;
	if (ret == -ENOENT && d->optional) {
		s->on = false;	/* armed, but nothing to unregister */
		return 0;
	}
	if (ret == -ENOENT)	/* every name the table gives, tried in turn */
		pr_warn("%s: the kernel has no %s %s%s%s%s%s\n",
			hooks->provider, dtrace_hook_kinds[d->kind],
			d->symbols[0], d->symbols[1] ? " nor " : "",
			d->symbols[1] ?: "", d->symbols[2] ? " nor " : "",
			d->symbols[2] ?: "");
	else if (ret)
		pr_warn("%s: cannot hook %s %s: %d\n", hooks->provider,
			dtrace_hook_kinds[d->kind], d->symbols[0], ret);
	s->on = !ret;
	return ret;
}

/*
 * Unregister hook @i and wait until none of its handlers runs.
 * Context: process; dtrace_hooks_lock held.
 */
static void dtrace_hook_unregister(struct dtrace_hooks *hooks, unsigned int i)
{
	const struct dtrace_hook_desc *d = &hooks->descs[i];
	struct dtrace_hook_state *s = &hooks->st[i];

	lockdep_assert_held(&dtrace_hooks_lock);
	if (!s->on)
		return;
	s->on = false;
	switch (d->kind) {
	case DTRACE_HOOK_TRACEPOINT:
		tracepoint_probe_unregister(s->tp, d->tp_func, NULL);
		tracepoint_synchronize_unregister();
		break;
	case DTRACE_HOOK_KPROBE:
		unregister_kprobe(&s->kp);
		break;
	case DTRACE_HOOK_KRETPROBE:
		unregister_kretprobe(&s->krp);
		if (s->krp.nmissed)
			pr_info("%s: %s: %d calls missed (maxactive)\n",
				hooks->provider, s->krp.kp.symbol_name,
				s->krp.nmissed);
		break;
	}
}

static struct tracepoint *dtrace_hooks_mod_tp(struct module *mod,
					      unsigned int i)
{
	return tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]);
}

/*
 * A module with tracepoints comes or goes: note the tracepoints hooks
 * want, and unhook those of a module going away (the kernel requires
 * it before the module's memory is freed).  Context: process; the
 * tracepoint module list lock held.
 */
static int dtrace_hooks_module(struct notifier_block *nb, unsigned long val,
			       void *data)
{
	struct dtrace_hooks *hooks = container_of(nb, struct dtrace_hooks, nb);
	struct module *mod = ((struct tp_module *)data)->mod;
	unsigned int i;

	mutex_lock(&dtrace_hooks_lock);
	for (i = 0; val == MODULE_STATE_COMING && i < mod->num_tracepoints; i++)
		dtrace_hooks_note_tp(hooks, dtrace_hooks_mod_tp(mod, i), mod);
	for (i = 0; i < hooks->n; i++) {
		struct dtrace_hook_state *s = &hooks->st[i];

		if (!s->tp || s->tp_mod != mod)
			continue;
		if (val == MODULE_STATE_COMING && s->refs && !s->on) {
			dtrace_hook_register(hooks, i);
		} else if (val == MODULE_STATE_GOING) {
			if (s->on)
				pr_info("%s: module %s unloaded: tracepoint %s unhooked\n",
					hooks->provider, mod->name,
					s->tp->name);
			dtrace_hook_unregister(hooks, i);
			s->tp = NULL;
			s->tp_mod = NULL;
		}
	}
	mutex_unlock(&dtrace_hooks_lock);
	return NOTIFY_OK;
}

struct dtrace_hooks *dtrace_hooks_create(const char *provider,
					 const struct dtrace_hook_desc *descs,
					 unsigned int n, unsigned int maxactive)
{
	struct dtrace_hooks *hooks;
	unsigned int i;
	int ret;

	if (!n || n > BITS_PER_LONG)
		return ERR_PTR(-EINVAL);
	for (i = 0; i < n; i++)
		if (!descs[i].symbols[0] ||
		    descs[i].kind >= ARRAY_SIZE(dtrace_hook_kinds))
			return ERR_PTR(-EINVAL);
	hooks = kzalloc(struct_size(hooks, st, n), GFP_KERNEL);
	if (!hooks)
		return ERR_PTR(-ENOMEM);
	hooks->provider = provider;
	hooks->descs = descs;
	hooks->n = n;
	hooks->maxactive = maxactive;
	hooks->nb.notifier_call = dtrace_hooks_module;

	mutex_lock(&dtrace_hooks_lock);
	for_each_kernel_tracepoint(dtrace_hooks_find_tp, hooks);
	mutex_unlock(&dtrace_hooks_lock);
	/* Calls dtrace_hooks_module() for each module loaded now. */
	ret = register_tracepoint_module_notifier(&hooks->nb);
	if (ret) {
		kfree(hooks);
		return ERR_PTR(ret);
	}

	mutex_lock(&dtrace_hooks_lock);
	for (i = 0; i < n; i++)
		if (descs[i].kind == DTRACE_HOOK_TRACEPOINT &&
		    !hooks->st[i].tp)
			pr_warn("%s: no tracepoint %s: its probes will not enable until a module brings it\n",
				provider, descs[i].symbols[0]);
	mutex_unlock(&dtrace_hooks_lock);
	return hooks;
}
EXPORT_SYMBOL_NS_GPL(dtrace_hooks_create, DTRACE_NS);

void dtrace_hooks_destroy(struct dtrace_hooks *hooks)
{
	unsigned int i;

	if (IS_ERR_OR_NULL(hooks))
		return;
	unregister_tracepoint_module_notifier(&hooks->nb);
	for (i = 0; i < hooks->n; i++)
		WARN_ON_ONCE(hooks->st[i].refs);
	kfree(hooks);
}
EXPORT_SYMBOL_NS_GPL(dtrace_hooks_destroy, DTRACE_NS);

/* Drop a reference on each hook in @mask.  dtrace_hooks_lock held. */
static void dtrace_hooks_put(struct dtrace_hooks *hooks, unsigned long mask)
{
	unsigned int i;

	lockdep_assert_held(&dtrace_hooks_lock);
	for_each_set_bit(i, &mask, hooks->n) {
		if (WARN_ON_ONCE(!hooks->st[i].refs))
			continue;
		if (!--hooks->st[i].refs)
			dtrace_hook_unregister(hooks, i);
	}
}

int dtrace_hooks_arm(struct dtrace_hooks *hooks, unsigned long mask)
{
	unsigned long armed = 0;
	unsigned int i;
	int ret = 0;

	mutex_lock(&dtrace_hooks_lock);
	for_each_set_bit(i, &mask, hooks->n) {
		if (!hooks->st[i].refs) {
			ret = dtrace_hook_register(hooks, i);
			if (ret)
				break;
		}
		hooks->st[i].refs++;
		armed |= BIT(i);
	}
	if (ret)
		dtrace_hooks_put(hooks, armed);
	mutex_unlock(&dtrace_hooks_lock);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(dtrace_hooks_arm, DTRACE_NS);

void dtrace_hooks_disarm(struct dtrace_hooks *hooks, unsigned long mask)
{
	mutex_lock(&dtrace_hooks_lock);
	dtrace_hooks_put(hooks, mask);
	mutex_unlock(&dtrace_hooks_lock);
}
EXPORT_SYMBOL_NS_GPL(dtrace_hooks_disarm, DTRACE_NS);

/* Probe @parg of @hp: its entry in hp->probes[]. */
static unsigned int dtrace_hook_probe_of(struct dtrace_hook_provider *hp,
					 const void *parg)
{
	return (const char *const *)parg - hp->probes;
}

/* ->enable: arm the probe's hook, then let it fire. */
static int dtrace_hook_prov_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct dtrace_hook_provider *hp = arg;
	unsigned int p = dtrace_hook_probe_of(hp, parg);
	int ret;

	ret = dtrace_hooks_arm(hp->hooks, BIT(p));
	if (!ret)
		WRITE_ONCE(hp->enabled[p], true);
	return ret;
}

/*
 * ->disable: stop the probe firing and disarm its hook.  When this
 * returns no handler of the hook runs.
 */
static void dtrace_hook_prov_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct dtrace_hook_provider *hp = arg;
	unsigned int p = dtrace_hook_probe_of(hp, parg);

	WRITE_ONCE(hp->enabled[p], false);
	dtrace_hooks_disarm(hp->hooks, BIT(p));
}

/* ->getargdesc: args[N] is arg N, of the type the table gives. */
static void dtrace_hook_prov_getargdesc(void *arg, dtrace_id_t id, void *parg,
					struct dtrace_ioc_probearg *desc)
{
	struct dtrace_hook_provider *hp = arg;
	const struct dtrace_hook_arg *a;

	if (desc->argno >= hp->nargs)
		return;
	a = &hp->args[desc->argno];
	strscpy(desc->native, a->native, sizeof(desc->native));
	strscpy(desc->xlate, a->xlate, sizeof(desc->xlate));
	desc->mapping = desc->argno;
}

int dtrace_hook_provider_register(struct dtrace_hook_provider *hp)
{
	unsigned int p;
	int ret;

	hp->hooks = dtrace_hooks_create(hp->name, hp->descs, hp->n, 0);
	if (IS_ERR(hp->hooks))
		return PTR_ERR(hp->hooks);
	hp->pops.owner = hp->owner;
	hp->pops.enable = dtrace_hook_prov_enable;
	hp->pops.disable = dtrace_hook_prov_disable;
	hp->pops.getargdesc = dtrace_hook_prov_getargdesc;
	hp->pops.attr = hp->attr;
	ret = dtrace_register(hp->name, &hp->pops, hp, &hp->id);
	if (ret)
		goto out_hooks;
	for (p = 0; p < hp->n; p++) {
		hp->ids[p] = dtrace_probe_create(hp->id, "vmlinux", "",
						 hp->probes[p],
						 (void *)&hp->probes[p]);
		if (hp->ids[p] == DTRACE_IDNONE) {
			ret = -ENOMEM;
			goto out_unregister;
		}
	}
	return 0;

out_unregister:
	dtrace_unregister(hp->id);
out_hooks:
	dtrace_hooks_destroy(hp->hooks);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(dtrace_hook_provider_register, DTRACE_NS);

void dtrace_hook_provider_unregister(struct dtrace_hook_provider *hp)
{
	dtrace_unregister(hp->id);
	dtrace_hooks_destroy(hp->hooks);
}
EXPORT_SYMBOL_NS_GPL(dtrace_hook_provider_unregister, DTRACE_NS);
