// SPDX-License-Identifier: GPL-2.0
/*
 * The probe registry: probes by id in an xarray (read locklessly by
 * dtrace_probe()), and by provider in a list; creating, finding,
 * matching, arming and destroying probes.  Process context only;
 * see the Locking block in internal.h.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/module.h>
#include <linux/log2.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wait_bit.h>
#include "internal.h"

/* protects the registry and ECB chains: see internal.h */
DEFINE_MUTEX(dtrace_lock);
DEFINE_XARRAY_ALLOC1(dtrace_probes);	/* writers hold dtrace_lock */
/* probes ever created, the last one's probe->gen; dtrace_lock */
u64 dtrace_probe_gen;
struct dtrace_probe_table __rcu *dtrace_probe_tab;

static struct dtrace_probe_table *dtrace_probe_table_locked(void)
{
	return rcu_dereference_protected(dtrace_probe_tab,
					 lockdep_is_held(&dtrace_lock));
}

/*
 * Make room for probe @id in the table probe context reads.  A new table
 * replaces the old one; the old one is freed once no reader can be on it.
 */
static int dtrace_probe_table_grow_locked(u32 id)
{
	struct dtrace_probe_table *old = dtrace_probe_table_locked(), *tab;
	u32 size, i;

	if (old && id < old->size)
		return 0;
	size = max_t(u32, 256, roundup_pow_of_two((u64)id + 1));
	tab = kvzalloc(struct_size(tab, probes, size), GFP_KERNEL);
	if (!tab)
		return -ENOMEM;
	tab->size = size;
	for (i = 0; old && i < old->size; i++)
		RCU_INIT_POINTER(tab->probes[i],
				 rcu_dereference_protected(old->probes[i], 1));
	rcu_assign_pointer(dtrace_probe_tab, tab);
	if (old) {
		synchronize_rcu();
		kvfree(old);
	}
	return 0;
}

/* At module exit, when no provider is left. */
void dtrace_probe_table_free(void)
{
	kvfree(rcu_dereference_protected(dtrace_probe_tab, 1));
	RCU_INIT_POINTER(dtrace_probe_tab, NULL);
}

static size_t dtrace_name_len(const char *s, size_t max)
{
	return s ? strnlen(s, max - 1) : 0;
}

dtrace_id_t dtrace_probe_create(dtrace_provider_id_t provid, const char *mod,
				const char *func, const char *name,
				void *parg)
{
	struct dtrace_provider *prov = (struct dtrace_provider *)provid;
	size_t lmod = dtrace_name_len(mod, DTRACE_MODNAMELEN);
	size_t lfunc = dtrace_name_len(func, DTRACE_FUNCNAMELEN);
	size_t lname = dtrace_name_len(name, DTRACE_NAMELEN);
	struct dtrace_probe *probe;
	char *p;
	u32 id;

	probe = kzalloc(struct_size(probe, names, lmod + lfunc + lname + 3),
			GFP_KERNEL);
	if (!probe)
		return DTRACE_IDNONE;
	probe->prov = prov;
	probe->parg = parg;
	p = probe->names;
	probe->mod = p;
	memcpy(p, mod ?: "", lmod);
	p += lmod + 1;
	probe->func = p;
	memcpy(p, func ?: "", lfunc);
	p += lfunc + 1;
	probe->name = p;
	memcpy(p, name ?: "", lname);

	mutex_lock(&dtrace_lock);
	if (xa_alloc(&dtrace_probes, &id, probe, xa_limit_32b, GFP_KERNEL))
		goto out_unlock;
	if (dtrace_probe_table_grow_locked(id)) {
		xa_erase(&dtrace_probes, id);
		goto out_unlock;
	}
	probe->id = id;
	probe->gen = ++dtrace_probe_gen;
	rcu_assign_pointer(dtrace_probe_table_locked()->probes[id], probe);
	list_add_tail(&probe->prov_list, &prov->probes);
	prov->nprobes++;
	mutex_unlock(&dtrace_lock);
	/* A consumer's retained descriptions may want it: see retain.c. */
	dtrace_retained_kick();
	return id;

out_unlock:
	mutex_unlock(&dtrace_lock);
	kfree(probe);
	return DTRACE_IDNONE;
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_create, DTRACE_NS);

static bool dtrace_name_is(const char *want, const char *have)
{
	return !want || !strcmp(want, have);
}

dtrace_id_t dtrace_probe_lookup(dtrace_provider_id_t provid, const char *mod,
				const char *func, const char *name)
{
	struct dtrace_provider *prov = (struct dtrace_provider *)provid;
	struct dtrace_probe *probe;
	dtrace_id_t id = DTRACE_IDNONE;

	mutex_lock(&dtrace_lock);
	list_for_each_entry(probe, &prov->probes, prov_list) {
		if (dtrace_name_is(mod, probe->mod) &&
		    dtrace_name_is(func, probe->func) &&
		    dtrace_name_is(name, probe->name)) {
			id = probe->id;
			break;
		}
	}
	mutex_unlock(&dtrace_lock);
	return id;
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_lookup, DTRACE_NS);

bool dtrace_probe_matches(const struct dtrace_probe *probe,
			  const struct dtrace_probedesc *desc)
{
	return !probe->prov->defunct &&
	       dtrace_match_glob(desc->provider, probe->prov->name) &&
	       dtrace_match_glob(desc->mod, probe->mod) &&
	       dtrace_match_glob(desc->func, probe->func) &&
	       dtrace_match_glob(desc->name, probe->name);
}

void dtrace_probe_describe(const struct dtrace_probe *probe,
			   struct dtrace_probedesc *desc)
{
	memset(desc, 0, sizeof(*desc));
	strscpy(desc->provider, probe->prov->name, sizeof(desc->provider));
	strscpy(desc->mod, probe->mod, sizeof(desc->mod));
	strscpy(desc->func, probe->func, sizeof(desc->func));
	strscpy(desc->name, probe->name, sizeof(desc->name));
}

/*
 * Arming.  An enabling or a teardown pins each probe it works on under
 * dtrace_lock, changes probe->users there, and then, with no global
 * lock held, calls dtrace_probe_arm(), which calls the provider's
 * ->enable or ->disable under the provider's arm_lock; then it unpins.
 * A probe with users or pins is busy: it cannot be destroyed, and while
 * any probe of a provider is busy the core holds the provider's module.
 * probe->armed only changes under arm_lock, to match probe->users read
 * under it, and every change of users is followed by a dtrace_probe_arm()
 * of whoever made it, so a probe is armed exactly while it has users,
 * once the arm calls in flight are done.
 */
static bool dtrace_probe_busy(const struct dtrace_probe *probe)
{
	return probe->users || probe->pins;
}

/**
 * dtrace_probe_pin_locked() - keep @probe while it is armed or disarmed
 * @probe: the probe
 *
 * The provider's first busy probe takes a reference on its module; a
 * module on its way out cannot be pinned, and its probes cannot be
 * enabled.
 * Context: process; dtrace_lock held.
 * Return: 0, or -ENODEV for a provider being unloaded.
 */
int dtrace_probe_pin_locked(struct dtrace_probe *probe)
{
	struct dtrace_provider *prov = probe->prov;

	lockdep_assert_held(&dtrace_lock);
	if (!dtrace_probe_busy(probe)) {
		if (!prov->nenabled && !try_module_get(prov->pops->owner)) {
			dtrace_trace("provider %s is going: not enabled",
				     prov->name);
			return -ENODEV;
		}
		if (!prov->nenabled)
			dtrace_trace("provider %s: first probe enabled, module held",
				     prov->name);
		prov->nenabled++;
	}
	probe->pins++;
	prov->npinned++;
	return 0;
}

/**
 * dtrace_probe_unpin_locked() - drop a pin taken by dtrace_probe_pin_locked()
 * @probe: the probe, with dtrace_probe_arm() done since users last changed
 *
 * The provider's last busy probe releases its module.
 * Context: process; dtrace_lock held.
 */
void dtrace_probe_unpin_locked(struct dtrace_probe *probe)
{
	struct dtrace_provider *prov = probe->prov;

	lockdep_assert_held(&dtrace_lock);
	probe->pins--;
	if (!--prov->npinned) {
		/* dtrace_probe_remove() reads npinned, then sleeps */
		smp_mb();
		wake_up_var(&prov->npinned);
	}
	if (dtrace_probe_busy(probe) || --prov->nenabled)
		return;
	module_put(prov->pops->owner);
	dtrace_trace("provider %s: last probe disabled, module released",
		     prov->name);
}

/**
 * dtrace_probe_arm() - arm @probe if it has users, disarm it if not
 * @probe: a probe the caller has pinned
 * @intr: wait for the provider's arm_lock interruptibly (an enabling
 *	can give up; a teardown cannot)
 *
 * Context: process; may sleep, as long as the provider's op does; no
 * global lock of the core held (state->lock may be).
 * Return: 0 once @probe is armed or has no users; -EINTR; or the error
 * of ->enable, which leaves the probe disarmed.
 */
int dtrace_probe_arm(struct dtrace_probe *probe, bool intr)
{
	struct dtrace_provider *prov = probe->prov;
	bool want;
	int ret = 0;

	if (!intr)
		mutex_lock(&prov->arm_lock);
	else if (mutex_lock_interruptible(&prov->arm_lock))
		return -EINTR;
	mutex_lock(&dtrace_lock);
	want = probe->users;
	mutex_unlock(&dtrace_lock);
	if (want && !probe->armed) {
		if (prov->pops->enable)
			ret = prov->pops->enable(prov->arg, probe->id,
						 probe->parg);
		probe->armed = !ret;
	} else if (!want && probe->armed) {
		if (prov->pops->disable)
			prov->pops->disable(prov->arg, probe->id, probe->parg);
		probe->armed = false;
	}
	mutex_unlock(&prov->arm_lock);
	return ret;
}

/**
 * dtrace_probe_start() - tell @probe's provider that @state starts
 *	tracing it (the ->start op of struct dtrace_pops)
 * @probe: a probe with an ECB of @state
 * @state: a consumer starting to trace, before its BEGIN
 *
 * Not when another consumer has started tracing @probe already: its
 * clock goes on as it was.
 * Context: process; may sleep; state->lock held, no global lock.
 */
void dtrace_probe_start(struct dtrace_probe *probe,
			const struct dtrace_state *state)
{
	struct dtrace_provider *prov = probe->prov;
	const struct dtrace_ecb *ecb;
	bool alone = true;

	if (!prov->pops->start)
		return;
	mutex_lock(&prov->arm_lock);
	mutex_lock(&dtrace_lock);
	for (ecb = rcu_dereference_protected(probe->ecbs,
					     lockdep_is_held(&dtrace_lock));
	     ecb; ecb = rcu_dereference_protected(ecb->next,
					lockdep_is_held(&dtrace_lock)))
		if (ecb->state != state &&
		    READ_ONCE(ecb->state->activity) != DTRACE_ACTIVITY_INACTIVE)
			alone = false;
	mutex_unlock(&dtrace_lock);
	if (alone && probe->armed)
		prov->pops->start(prov->arg, probe->id, probe->parg);
	mutex_unlock(&prov->arm_lock);
}

static bool dtrace_probe_in(const struct dtrace_probe *probe,
			    const char *mod)
{
	return !mod || !strcmp(probe->mod, mod);
}

/**
 * dtrace_probes_destroy_locked() - remove probes of @prov
 * @prov: the provider
 * @mod: remove only the probes of this module, or all if NULL
 *
 * Context: process; may sleep; dtrace_provider_lock and dtrace_lock held.
 * Return: how many were removed; -EBUSY if one of them is enabled, or
 * -EAGAIN if one is pinned by an enabling or a teardown in flight (then
 * none is).
 */
int dtrace_probes_destroy_locked(struct dtrace_provider *prov,
				 const char *mod)
{
	struct dtrace_probe_table *tab = dtrace_probe_table_locked();
	struct dtrace_probe *probe, *tmp;
	LIST_HEAD(doomed);
	int ret = 0, n = 0;

	lockdep_assert_held(&dtrace_lock);
	list_for_each_entry(probe, &prov->probes, prov_list) {
		if (!dtrace_probe_in(probe, mod))
			continue;
		if (rcu_access_pointer(probe->ecbs))
			return -EBUSY;
		if (dtrace_probe_busy(probe))
			ret = -EAGAIN;
	}
	if (ret)
		return ret;
	list_for_each_entry_safe(probe, tmp, &prov->probes, prov_list) {
		if (!dtrace_probe_in(probe, mod))
			continue;
		xa_erase(&dtrace_probes, probe->id);
		RCU_INIT_POINTER(tab->probes[probe->id], NULL);
		list_move_tail(&probe->prov_list, &doomed);
		n++;
	}
	if (!n)
		return 0;
	/* dtrace_probe() may still be looking at one of them. */
	synchronize_rcu();
	list_for_each_entry_safe(probe, tmp, &doomed, prov_list) {
		if (prov->pops->destroy)
			prov->pops->destroy(prov->arg, probe->id, probe->parg);
		list_del(&probe->prov_list);
		kfree(probe);
	}
	prov->nprobes -= n;
	return n;
}

/*
 * A probe pinned by an enabling or a teardown in flight is not enabled
 * for long (its module going, an enabling of it fails): wait for the
 * pins to go, then try again.
 */
int dtrace_probe_remove(dtrace_provider_id_t provid, const char *mod)
{
	struct dtrace_provider *prov = (struct dtrace_provider *)provid;
	int ret;

	if (!mod)
		return -EINVAL;
	for (;;) {
		mutex_lock(&dtrace_provider_lock);
		mutex_lock(&dtrace_lock);
		ret = dtrace_probes_destroy_locked(prov, mod);
		mutex_unlock(&dtrace_lock);
		mutex_unlock(&dtrace_provider_lock);
		if (ret != -EAGAIN)
			return ret;
		wait_var_event(&prov->npinned, !READ_ONCE(prov->npinned));
	}
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_remove, DTRACE_NS);
