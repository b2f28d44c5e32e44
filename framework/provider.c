// SPDX-License-Identifier: GPL-2.0
/*
 * The provider list: dtrace_register() and dtrace_unregister(), asking
 * providers for probes on demand, and the export of the glob matcher
 * (engine/glob.c) to providers.
 * Everything here runs in process context and may sleep.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/err.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "internal.h"
#include "engine/glob.h"

/* protects dtrace_providers; serialises ->provide */
DEFINE_MUTEX(dtrace_provider_lock);
static LIST_HEAD(dtrace_providers);	/* dtrace_provider_lock */

/* The matcher is the engine's, the same source userland runs (engine/glob.c). */
EXPORT_SYMBOL_NS_GPL(dtrace_match_glob, DTRACE_NS);

static bool dtrace_provider_name_valid(const char *name)
{
	size_t len = strnlen(name, DTRACE_PROVNAMELEN);

	if (len == 0 || len == DTRACE_PROVNAMELEN)
		return false;
	/* A name may not contain what separates or globs a description. */
	return !strpbrk(name, ":*?[]\\ \t\n");
}

int dtrace_register(const char *name, const struct dtrace_pops *pops,
		    void *arg, dtrace_provider_id_t *idp)
{
	struct dtrace_provider *prov, *p;
	int ret = 0;

	if (!name || !pops || !idp || !dtrace_provider_name_valid(name))
		return -EINVAL;

	prov = kzalloc(sizeof(*prov), GFP_KERNEL);
	if (!prov)
		return -ENOMEM;
	strscpy(prov->name, name, sizeof(prov->name));
	prov->pops = pops;
	prov->arg = arg;
	INIT_LIST_HEAD(&prov->probes);
	mutex_init(&prov->arm_lock);

	mutex_lock(&dtrace_provider_lock);
	list_for_each_entry(p, &dtrace_providers, list) {
		if (!p->defunct && !strcmp(p->name, name)) {
			ret = -EEXIST;
			goto out_unlock;
		}
	}
	list_add_tail(&prov->list, &dtrace_providers);
	*idp = (dtrace_provider_id_t)prov;
	dtrace_trace("provider %s registered", name);
out_unlock:
	mutex_unlock(&dtrace_provider_lock);
	if (ret)
		kfree(prov);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(dtrace_register, DTRACE_NS);

int dtrace_unregister(dtrace_provider_id_t id)
{
	struct dtrace_provider *prov = (struct dtrace_provider *)id;
	int ret = 0;

	mutex_lock(&dtrace_provider_lock);
	mutex_lock(&dtrace_lock);
	if (prov->nenabled) {
		dtrace_trace("provider %s busy: %u probes enabled, not unregistered",
			     prov->name, prov->nenabled);
		ret = -EBUSY;
		goto out_unlock;
	}
	dtrace_trace("provider %s unregistered", prov->name);
	dtrace_probes_destroy_locked(prov, NULL);
	list_del(&prov->list);
out_unlock:
	mutex_unlock(&dtrace_lock);
	mutex_unlock(&dtrace_provider_lock);
	if (!ret) {
		mutex_destroy(&prov->arm_lock);
		kfree(prov);
	}
	return ret;
}
EXPORT_SYMBOL_NS_GPL(dtrace_unregister, DTRACE_NS);

void dtrace_invalidate(dtrace_provider_id_t id)
{
	struct dtrace_provider *prov = (struct dtrace_provider *)id;

	mutex_lock(&dtrace_provider_lock);
	mutex_lock(&dtrace_lock);
	prov->defunct = true;
	dtrace_trace("provider %s invalidated", prov->name);
	mutex_unlock(&dtrace_lock);
	mutex_unlock(&dtrace_provider_lock);
}
EXPORT_SYMBOL_NS_GPL(dtrace_invalidate, DTRACE_NS);

/**
 * dtrace_providers_provide() - let providers create probes for @desc
 * @desc: the description a consumer is about to match
 *
 * Each provider whose name matches is asked while its module is pinned,
 * so a provider in the middle of unloading is skipped, not called.
 * Context: process; may sleep; dtrace_lock not held.
 * Return: 0, or the first error a provider gave (for the caller to pass
 * on if nothing matches @desc).
 */
int dtrace_providers_provide(const struct dtrace_probedesc *desc)
{
	struct dtrace_provider *prov;
	int ret, err = 0;

	mutex_lock(&dtrace_provider_lock);
	list_for_each_entry(prov, &dtrace_providers, list) {
		if (!prov->pops->provide ||
		    !dtrace_match_glob(desc->provider, prov->name))
			continue;
		if (!try_module_get(prov->pops->owner))
			continue;
		ret = prov->pops->provide(prov->arg, desc);
		module_put(prov->pops->owner);
		if (ret && !err)
			err = ret;
	}
	mutex_unlock(&dtrace_provider_lock);
	return err;
}

/**
 * dtrace_desc_names_provider() - does @desc name one provider plainly?
 * @desc: a probe description
 *
 * Context: any.
 * Return: true if its provider field is neither empty nor a glob.
 */
bool dtrace_desc_names_provider(const struct dtrace_probedesc *desc)
{
	return *desc->provider && !strpbrk(desc->provider, "*?[\\");
}

/**
 * dtrace_provider_named() - the one provider a description can match
 * @desc: a probe description
 *
 * Matching a description that names its provider plainly need look at
 * that provider's probes only: the others may be many (fbt's).
 * Context: process; dtrace_provider_lock held.
 * Return: the provider, NULL if @desc's provider field is empty or a
 * glob, or ERR_PTR(-ENOENT) if no provider has that name.
 */
struct dtrace_provider *dtrace_provider_named(const struct dtrace_probedesc *desc)
{
	struct dtrace_provider *prov;

	lockdep_assert_held(&dtrace_provider_lock);
	if (!dtrace_desc_names_provider(desc))
		return NULL;
	list_for_each_entry(prov, &dtrace_providers, list)
		if (!prov->defunct && !strcmp(prov->name, desc->provider))
			return prov;
	return ERR_PTR(-ENOENT);
}

/*
 * Walking the provider list, for /proc/dtrace; the caller holds
 * dtrace_provider_lock.
 */
struct dtrace_provider *dtrace_provider_first(void)
{
	lockdep_assert_held(&dtrace_provider_lock);
	return list_first_entry_or_null(&dtrace_providers,
					struct dtrace_provider, list);
}

struct dtrace_provider *dtrace_provider_next(struct dtrace_provider *prov)
{
	lockdep_assert_held(&dtrace_provider_lock);
	if (list_is_last(&prov->list, &dtrace_providers))
		return NULL;
	return list_next_entry(prov, list);
}
