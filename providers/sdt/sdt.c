// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_sdt.ko: probes for the DTRACE_PROBE*() sites of kernel modules
 * (<dtrace/sdt.h>).  This file owns the dtrace side: one dtrace provider
 * per provider name that sites use, shared by every module that uses it;
 * one probe per provider:module:function:name, which may stand for
 * several sites; enabling a probe turns on its sites' static keys.
 * sdt_modules.c finds the sites and calls sdt_module_add() and
 * sdt_module_remove() as modules come and go.
 *
 * Context: process, under sdt_lock, except the provider ops (called by
 * the core under its own locks: they take no lock of ours) and
 * sdt_fire(), which runs in probe context in whatever context the
 * driver's site is, with preemption disabled by the site.
 * docs/providers/sdt.md documents the probes.
 */
#define pr_fmt(fmt) "dtrace sdt: " fmt

#include <linux/atomic.h>
#include <linux/jump_label.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "sdt_impl.h"

/* protects sdt_providers and sdt_modules: see sdt_impl.h */
DEFINE_MUTEX(sdt_lock);

/* A provider name used by sites, registered with the core. */
struct sdt_provider {
	struct list_head	list;		/* on sdt_providers */
	dtrace_provider_id_t	id;
	unsigned int		users;		/* modules with probes of it */
	char			name[DTRACE_PROVNAMELEN];
};

/* A probe: the sites of one provider:module:function:name. */
struct sdt_probe {
	struct module		*mod;
	unsigned int		nsites;
	struct dtrace_sdt_site	*sites[];
};

/* A module with sites, and the providers its probes belong to. */
struct sdt_module {
	struct list_head	list;		/* on sdt_modules */
	struct module		*mod;
	unsigned int		nprovs;
	struct sdt_provider	*provs[];
};

static LIST_HEAD(sdt_providers);	/* sdt_lock */
static LIST_HEAD(sdt_modules);		/* sdt_lock */

/*
 * Enabled probes of every sdt provider.  The core serialises enable and
 * disable per provider only: another provider's may run alongside.
 */
static atomic_t sdt_nenabled;

/*
 * Probe context, called by a site whose key is on, with preemption
 * disabled: the id may be one a probe being removed had, which the core
 * no longer knows and ignores.
 */
static notrace void sdt_fire(const struct dtrace_sdt_site *site,
			     const u64 *args, unsigned int nargs)
{
	dtrace_probe_args(READ_ONCE(site->id), args, nargs, 0);
}
NOKPROBE_SYMBOL(sdt_fire);

/*
 * The traced module stays while a probe of it is enabled, so that its
 * sites and keys do.
 */
static int sdt_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct sdt_probe *probe = parg;
	unsigned int i;

	if (!try_module_get(probe->mod))
		return -ENODEV;
	for (i = 0; i < probe->nsites; i++)
		static_branch_enable(&probe->sites[i]->key);
	atomic_inc(&sdt_nenabled);
	return 0;
}

static void sdt_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct sdt_probe *probe = parg;
	unsigned int i;

	for (i = 0; i < probe->nsites; i++)
		static_branch_disable(&probe->sites[i]->key);
	module_put(probe->mod);
	/* A site past its key runs sdt_fire() with preemption disabled. */
	if (atomic_dec_and_test(&sdt_nenabled))
		synchronize_rcu();
}

static void sdt_destroy(void *arg, dtrace_id_t id, void *parg)
{
	struct sdt_probe *probe = parg;
	unsigned int i;

	for (i = 0; i < probe->nsites; i++)
		WRITE_ONCE(probe->sites[i]->fire, NULL);
	kfree(probe);
}

/* The types of a site are NUL-terminated strings, one after another. */
static void sdt_getargdesc(void *arg, dtrace_id_t id, void *parg,
			   struct dtrace_ioc_probearg *desc)
{
	const struct dtrace_sdt_site *site = ((struct sdt_probe *)parg)->sites[0];
	const char *type = site->types;
	unsigned int i;

	if (desc->argno >= site->nargs)
		return;
	for (i = 0; i < desc->argno; i++)
		type += strlen(type) + 1;
	strscpy(desc->native, type, sizeof(desc->native));
}

/* DTrace's attributes for its sdt provider */
static const struct dtrace_pattr sdt_attr = {
	.provider	= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, ISA),
	.name		= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),
	.args		= DTRACE_ATTR(PRIVATE, PRIVATE, ISA),
};

static const struct dtrace_pops sdt_pops = {
	.owner		= THIS_MODULE,
	.enable		= sdt_enable,
	.disable	= sdt_disable,
	.destroy	= sdt_destroy,
	.getargdesc	= sdt_getargdesc,
	.attr		= &sdt_attr,
};

static void sdt_provider_put(struct sdt_provider *prov)
{
	if (--prov->users)
		return;
	dtrace_unregister(prov->id);
	list_del(&prov->list);
	kfree(prov);
}

/* The provider @name, counted once as used by @sm; NULL on failure. */
static struct sdt_provider *sdt_provider_get(struct sdt_module *sm,
					     const char *name)
{
	struct sdt_provider *prov;
	unsigned int i;
	int ret;

	for (i = 0; i < sm->nprovs; i++)
		if (!strcmp(sm->provs[i]->name, name))
			return sm->provs[i];
	list_for_each_entry(prov, &sdt_providers, list)
		if (!strcmp(prov->name, name))
			goto found;

	prov = kzalloc(sizeof(*prov), GFP_KERNEL);
	if (!prov)
		return NULL;
	strscpy(prov->name, name, sizeof(prov->name));
	ret = dtrace_register(prov->name, &sdt_pops, prov, &prov->id);
	if (ret) {
		pr_warn("%s: cannot register provider %s: %d\n",
			sm->mod->name, name, ret);
		kfree(prov);
		return NULL;
	}
	list_add_tail(&prov->list, &sdt_providers);
found:
	prov->users++;
	sm->provs[sm->nprovs++] = prov;
	return prov;
}

static bool sdt_site_same_probe(const struct dtrace_sdt_site *a,
				const struct dtrace_sdt_site *b)
{
	return !strcmp(a->provider, b->provider) &&
	       !strcmp(a->func, b->func) && !strcmp(a->name, b->name);
}

/* "read__done" is probe read-done. */
static void sdt_probe_name(char *buf, size_t size, const char *name)
{
	size_t n = 0;

	while (*name && n + 1 < size) {
		if (name[0] == '_' && name[1] == '_') {
			buf[n++] = '-';
			name += 2;
		} else {
			buf[n++] = *name++;
		}
	}
	buf[n] = '\0';
}

/*
 * Make the probe of sites[first] from it and every later site of the
 * same probe, which are taken out of @sites.  A site that cannot have a
 * probe is left alone: it never fires.
 */
static void sdt_probe_add(struct sdt_module *sm,
			  struct dtrace_sdt_site **sites,
			  unsigned int first, unsigned int nsites)
{
	struct dtrace_sdt_site *site = sites[first];
	char name[DTRACE_NAMELEN];
	struct sdt_provider *prov;
	struct sdt_probe *probe;
	unsigned int i, n = 0;
	dtrace_id_t id;

	for (i = first; i < nsites; i++)
		n += sites[i] && sdt_site_same_probe(site, sites[i]);
	probe = kzalloc(struct_size(probe, sites, n), GFP_KERNEL);
	if (!probe)
		goto out_drop;
	probe->mod = sm->mod;
	for (i = first; i < nsites; i++) {
		if (sites[i] && sdt_site_same_probe(site, sites[i])) {
			probe->sites[probe->nsites++] = sites[i];
			sites[i] = NULL;
		}
	}

	prov = sdt_provider_get(sm, site->provider);
	if (!prov)
		goto out_free;
	sdt_probe_name(name, sizeof(name), site->name);
	id = dtrace_probe_create(prov->id, sm->mod->name, site->func, name,
				 probe);
	if (id == DTRACE_IDNONE)
		goto out_free;
	for (i = 0; i < probe->nsites; i++) {
		WRITE_ONCE(probe->sites[i]->id, id);
		WRITE_ONCE(probe->sites[i]->fire, sdt_fire);
	}
	return;

out_free:
	kfree(probe);
out_drop:
	pr_warn("%s: no probe for %s:::%s\n", sm->mod->name, site->provider,
		site->name);
}

static struct sdt_module *sdt_module_find(struct module *mod)
{
	struct sdt_module *sm;

	list_for_each_entry(sm, &sdt_modules, list)
		if (sm->mod == mod)
			return sm;
	return NULL;
}

/**
 * sdt_module_add() - make the probes of a module's sites
 * @mod: a live module, which the caller keeps from unloading
 * @sites: its sites; the array is consumed
 * @nsites: how many
 *
 * A module already known is left as it is.
 * Context: process; may sleep; takes sdt_lock.
 * Return: 0 or -ENOMEM.
 */
int sdt_module_add(struct module *mod, struct dtrace_sdt_site **sites,
		   unsigned int nsites)
{
	struct sdt_module *sm;
	unsigned int i;
	int ret = 0;

	if (!nsites)
		return 0;
	mutex_lock(&sdt_lock);
	if (sdt_module_find(mod))
		goto out_unlock;
	sm = kzalloc(struct_size(sm, provs, nsites), GFP_KERNEL);
	if (!sm) {
		ret = -ENOMEM;
		goto out_unlock;
	}
	sm->mod = mod;
	for (i = 0; i < nsites; i++)
		if (sites[i])
			sdt_probe_add(sm, sites, i, nsites);
	list_add_tail(&sm->list, &sdt_modules);
out_unlock:
	mutex_unlock(&sdt_lock);
	return ret;
}

static void sdt_module_free(struct sdt_module *sm)
{
	unsigned int i;
	int ret;

	for (i = 0; i < sm->nprovs; i++) {
		ret = dtrace_probe_remove(sm->provs[i]->id, sm->mod->name);
		if (ret < 0)
			pr_err("%s: probes of %s still enabled: %d\n",
			       sm->mod->name, sm->provs[i]->name, ret);
		sdt_provider_put(sm->provs[i]);
	}
	list_del(&sm->list);
	kfree(sm);
}

/**
 * sdt_module_remove() - remove the probes of a module that is going
 * @mod: the module
 *
 * Its probes are not enabled: an enabled one holds the module.
 * Context: process; may sleep; takes sdt_lock.
 */
void sdt_module_remove(struct module *mod)
{
	struct sdt_module *sm;

	mutex_lock(&sdt_lock);
	sm = sdt_module_find(mod);
	if (sm)
		sdt_module_free(sm);
	mutex_unlock(&sdt_lock);
}

/**
 * sdt_modules_remove_all() - remove every probe, at module exit
 *
 * Context: process; may sleep; takes sdt_lock.  No probe is enabled:
 * the core holds this module while one is.
 */
void sdt_modules_remove_all(void)
{
	struct sdt_module *sm, *tmp;

	mutex_lock(&sdt_lock);
	list_for_each_entry_safe(sm, tmp, &sdt_modules, list)
		sdt_module_free(sm);
	mutex_unlock(&sdt_lock);
}

static int __init sdt_init(void)
{
	int ret = sdt_tp_init();

	if (ret)
		goto out;
	ret = sdt_scan_init();
	if (ret)
		sdt_tp_exit();
out:
	if (ret)
		pr_err("cannot start: %d\n", ret);
	return ret;
}

/*
 * Every site's handler is cleared by ->destroy; a site that read it
 * before is still inside sdt_fire() with preemption disabled.
 */
static void __exit sdt_exit(void)
{
	sdt_scan_exit();
	sdt_modules_remove_all();
	sdt_tp_exit();
	synchronize_rcu();
}

module_init(sdt_init);
module_exit(sdt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace sdt provider: DTRACE_PROBE() sites in kernel modules");
MODULE_IMPORT_NS(DTRACE_NS);
