// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_fasttrap.ko: probes in user programs on uprobes, the pid
 * provider and USDT.  The dtrace command resolves names to places (ELF
 * symbols and .note.stapsdt notes of the mapped files) and creates the
 * probes through /dev/dtrace_fasttrap (fasttrap_dev.c); this file keeps
 * the catalogue: one dtrace provider per traced process ("pid1234",
 * "myapp1234") or "pid" for probes in every process, registered with
 * its first probe and unregistered when the last open of the device
 * holding it lets go and none of its probes is enabled.  A provider
 * still enabled then (another consumer traces it) is retried by a
 * dtrace timeout until it is idle.  /proc/dtrace/fasttrap lists the
 * probes and whether each is in place.
 *
 * Context: process, under ftp_lock, except the provider ops: the core
 * calls ->enable and ->disable under the provider's arm lock alone (they
 * take the probe's lock, and uprobes' locks, which may sleep on the
 * file), the others under its own locks; none takes ftp_lock.  A probe
 * ->destroy removes is freed later by a work item (ftp_free_destroyed()).
 * docs/providers/pid.md documents the probes.
 */
#define pr_fmt(fmt) "dtrace fasttrap: " fmt

#include <linux/bits.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <dtrace/services.h>
#include "fasttrap_impl.h"

/* serialises the catalogue: providers, their probes and holds */
DEFINE_MUTEX(ftp_lock);

static unsigned int max_enabled = 5000;
module_param(max_enabled, uint, 0444);
MODULE_PARM_DESC(max_enabled,
		 "the most user probes enabled at once (0: no limit)");

static LIST_HEAD(ftp_providers);	/* ftp_lock */

/* A busy provider's retirement is retried this often, by a timeout. */
#define FTP_REAP_DELAY_NS	NSEC_PER_SEC

static dtrace_timeout_id_t ftp_reaper;	/* ftp_lock; 0: none pending */
static void ftp_reap_later(void);
static void ftp_reap(void *arg);

/**
 * ftp_object_put() - let go of the file @obj holds, if it holds one
 * @obj: the file; holds none after
 *
 * Context: process, may sleep (the last reference evicts the inode and
 * may unmount its file system).
 */
void ftp_object_put(struct ftp_object *obj)
{
	if (!obj->inode)
		return;
	iput(obj->inode);
	path_put(&obj->path);
	obj->inode = NULL;
}

static void ftp_probe_free(struct ftp_probe *probe)
{
	struct ftp_site *site, *next;

	list_for_each_entry_safe(site, next, &probe->sites, link)
		kfree(site);
	if (probe->mm)
		mmdrop(probe->mm);
	ftp_object_put(&probe->obj);
	kfree(probe->argtypes);
	kfree(probe);
}

static int ftp_enable(void *arg, dtrace_id_t id, void *parg)
{
	return ftp_probe_arm(parg);
}

static void ftp_disable(void *arg, dtrace_id_t id, void *parg)
{
	ftp_probe_disarm(parg);
}

/*
 * Probes the core destroyed, freed by a work item: ->destroy runs under
 * the core's lock, and letting go of a probe's file may evict its inode
 * or unmount its file system, which must not happen there.
 */
static LLIST_HEAD(ftp_freed);

static void ftp_free_destroyed(struct work_struct *work)
{
	struct ftp_probe *probe, *next;

	llist_for_each_entry_safe(probe, next, llist_del_all(&ftp_freed),
				  freed)
		ftp_probe_free(probe);
}

static DECLARE_WORK(ftp_free_work, ftp_free_destroyed);

/* Called only from dtrace_unregister(), which we call under ftp_lock. */
static void ftp_destroy(void *arg, dtrace_id_t id, void *parg)
{
	struct ftp_probe *probe = parg;

	list_del(&probe->link);
	llist_add(&probe->freed, &ftp_freed);
	schedule_work(&ftp_free_work);
}

/**
 * ftp_argtypes_size() - the bytes of @req's argument type names
 * @req: a DTRACEIOC_FTP_CREATE request, its other fields checked
 *
 * Context: any.
 * Return: the bytes the names take (0 for none), -EINVAL if they are not
 * as include/uapi/linux/dtrace_fasttrap.h says.
 */
int ftp_argtypes_size(const struct dtrace_ioc_ftp_create *req)
{
	const char *p = req->argtypes, *end = p + sizeof(req->argtypes);
	unsigned int i;

	if (!req->nxargs)
		return req->argtypes[0] ? -EINVAL : 0;
	if (req->kind != DTRACE_FTP_USDT || req->nxargs > DTRACE_FTP_NARGS)
		return -EINVAL;
	for (i = 0; i < req->nxargs; i++)
		if (req->argmap[i] >= req->nargs)
			return -EINVAL;
	for (i = 0; i < req->nargs + req->nxargs; i++) {
		size_t len = strnlen(p, end - p);

		if (!len || len >= DTRACE_ARGTYPELEN || p + len == end)
			return -EINVAL;
		p += len + 1;
	}
	return p - req->argtypes;
}

/* The @n-th name of @probe's argtypes. */
static const char *ftp_argtype(const struct ftp_probe *probe, unsigned int n)
{
	const char *p = probe->argtypes;

	while (n--)
		p += strlen(p) + 1;
	return p;
}

/*
 * USDT arguments: as declared, args[i] being native argument argmap[i]
 * (xlate only when its type differs); else integers of their note's size.
 */
static void ftp_getargdesc(void *arg, dtrace_id_t id, void *parg,
			   struct dtrace_ioc_probearg *desc)
{
	const struct ftp_probe *probe = parg;
	const struct dtrace_ftarg *a;
	const struct ftp_site *site;
	const char *native, *xlate;

	if (probe->kind != DTRACE_FTP_USDT)
		return;
	if (probe->argtypes) {
		if (desc->argno >= probe->nxargs)
			return;
		desc->mapping = probe->argmap[desc->argno];
		native = ftp_argtype(probe, desc->mapping);
		xlate = ftp_argtype(probe, probe->nargs + desc->argno);
		strscpy(desc->native, native, sizeof(desc->native));
		if (strcmp(native, xlate))
			strscpy(desc->xlate, xlate, sizeof(desc->xlate));
		return;
	}
	if (desc->argno >= probe->nargs)
		return;
	site = list_first_entry(&probe->sites, struct ftp_site, link);
	a = &site->args[desc->argno];
	snprintf(desc->native, sizeof(desc->native), "%sint%d_t",
		 a->size < 0 ? "" : "u", abs(a->size) * 8);
}

/* DTrace's attributes for its pid and USDT provider */
static const struct dtrace_pattr ftp_attr = {
	.provider	= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.name		= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),
	.args		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
};

static struct dtrace_pops ftp_pops = {
	.owner		= THIS_MODULE,
	.enable		= ftp_enable,
	.disable	= ftp_disable,
	.destroy	= ftp_destroy,
	.getargdesc	= ftp_getargdesc,
	.attr		= &ftp_attr,
};

/* Unregister @prov if it is idle; false if a probe is still enabled. */
static bool ftp_provider_retire(struct ftp_provider *prov)
{
	lockdep_assert_held(&ftp_lock);
	if (dtrace_unregister(prov->id))
		return false;
	list_del(&prov->list);
	if (prov->mm)
		mmdrop(prov->mm);
	kfree(prov);
	return true;
}

/*
 * @prov's process is gone: its pid names another process now (or none),
 * or it exec'd a new image.  Its probes can never fire again, but a
 * consumer may still have them enabled: the core forgets its name now,
 * and it goes once idle, here or later (ftp_provider_release(), the
 * reaper).
 */
static void ftp_provider_supersede(struct ftp_provider *prov)
{
	lockdep_assert_held(&ftp_lock);
	prov->retired = true;
	dtrace_invalidate(prov->id);
	if (!prov->holds && !ftp_provider_retire(prov))
		ftp_reap_later();
}

/**
 * ftp_provider_hold() - the provider @name of @mm, registered if need be
 * @name: "pid1234", "myapp1234" or "pid"
 * @mm: the address space of the process the name's pid is now; NULL
 *	for "pid"
 *
 * A provider of that name left from an earlier process of the same pid
 * is retired and replaced.
 * Context: process; ftp_lock held.
 * Return: the provider with one more hold, or an ERR_PTR.
 */
struct ftp_provider *ftp_provider_hold(const char *name, struct mm_struct *mm)
{
	struct ftp_provider *prov;
	int ret;

	lockdep_assert_held(&ftp_lock);
	list_for_each_entry(prov, &ftp_providers, list) {
		if (prov->retired || strcmp(prov->name, name))
			continue;
		if (prov->mm == mm) {
			prov->holds++;
			return prov;
		}
		ftp_provider_supersede(prov);
		break;
	}
	prov = kzalloc(sizeof(*prov), GFP_KERNEL);
	if (!prov)
		return ERR_PTR(-ENOMEM);
	strscpy(prov->name, name, sizeof(prov->name));
	INIT_LIST_HEAD(&prov->probes);
	ret = dtrace_register(prov->name, &ftp_pops, prov, &prov->id);
	if (ret) {
		kfree(prov);
		return ERR_PTR(ret);
	}
	if (mm) {
		mmgrab(mm);
		prov->mm = mm;
	}
	prov->holds = 1;
	list_add_tail(&prov->list, &ftp_providers);
	return prov;
}

/**
 * ftp_provider_release() - drop a hold taken by ftp_provider_hold()
 * @prov: the provider
 *
 * With the last hold the provider goes, now or, while another consumer
 * still has a probe of it enabled, once it has not.
 * Context: process; ftp_lock held.
 */
void ftp_provider_release(struct ftp_provider *prov)
{
	lockdep_assert_held(&ftp_lock);
	if (--prov->holds == 0 && !ftp_provider_retire(prov))
		ftp_reap_later();
}

/*
 * Try the unheld providers again in a while.  Out of memory for the
 * timeout, they wait for the next release or the module's exit.
 */
static void ftp_reap_later(void)
{
	lockdep_assert_held(&ftp_lock);
	if (!ftp_reaper)
		ftp_reaper = dtrace_timeout(ftp_reap, NULL, FTP_REAP_DELAY_NS);
}

/* Context: process (a dtrace timeout); takes ftp_lock. */
static void ftp_reap(void *arg)
{
	struct ftp_provider *prov, *next;
	bool busy = false;

	mutex_lock(&ftp_lock);
	ftp_reaper = 0;
	list_for_each_entry_safe(prov, next, &ftp_providers, list)
		if (!prov->holds && !ftp_provider_retire(prov))
			busy = true;
	if (busy)
		ftp_reap_later();
	mutex_unlock(&ftp_lock);
}

/* Context: ftp_lock or @probe->lock held, or @probe not yet visible. */
static struct ftp_site *ftp_site_alloc(struct ftp_probe *probe,
				       const struct dtrace_ioc_ftp_create *req)
{
	struct ftp_site *site = kzalloc(sizeof(*site), GFP_KERNEL);
	unsigned int i;

	if (!site)
		return NULL;
	site->probe = probe;
	site->offset = req->offset;
	site->refctr = req->refctr;
	memcpy(site->args, req->args, sizeof(site->args));
	/* a pointer's size in a note: 8, unsigned (ftp_usdt_prefault()) */
	for (i = 0; i < probe->nargs; i++)
		if (site->args[i].size == 8)
			site->ptrargs |= BIT(i);
	list_add_tail(&site->link, &probe->sites);
	return site;
}

/*
 * @req names @probe: the same place, or another site of the same USDT
 * probe, added if it is new: 1, with *@arm the new site if the probe is
 * armed (ftp_site_arm_late() arms it, outside ftp_lock); a clash:
 * -EEXIST; -ENOMEM.
 */
static int ftp_probe_join(struct ftp_probe *probe,
			  const struct dtrace_ioc_ftp_create *req,
			  const struct inode *inode, const struct mm_struct *mm,
			  struct ftp_site **arm)
{
	struct ftp_site *site;
	int ret = 1;

	if (probe->obj.inode != inode || probe->mm != mm ||
	    probe->kind != req->kind)
		return -EEXIST;
	mutex_lock(&probe->lock);
	list_for_each_entry(site, &probe->sites, link) {
		if (site->offset == req->offset) {
			ret = site->refctr == req->refctr ? 1 : -EEXIST;
			goto out;
		}
	}
	if (probe->kind != DTRACE_FTP_USDT) {
		ret = -EEXIST;
		goto out;
	}
	site = ftp_site_alloc(probe, req);
	if (!site)
		ret = -ENOMEM;
	else if (probe->armed)
		*arm = site;
out:
	mutex_unlock(&probe->lock);
	return ret;
}

/**
 * ftp_site_arm_late() - arm a site ftp_probe_create() added to an armed probe
 * @site: the site
 *
 * Without ftp_lock, which uprobes could hold while it reads the file.
 * The caller's hold on the provider keeps the probe.  A site that could
 * not be armed goes again.
 * Context: process; may sleep; ftp_lock not held.
 * Return: 0 or the error arming it.
 */
int ftp_site_arm_late(struct ftp_site *site)
{
	struct ftp_probe *probe = site->probe;
	int ret = 0;

	mutex_lock(&probe->lock);
	if (probe->armed && !site->armed)
		ret = ftp_site_arm(probe, site);
	mutex_unlock(&probe->lock);
	if (!ret)
		return 0;
	mutex_lock(&ftp_lock);
	mutex_lock(&probe->lock);
	if (!site->armed) {
		list_del(&site->link);
		kfree(site);
	}
	mutex_unlock(&probe->lock);
	mutex_unlock(&ftp_lock);
	return ret;
}

/**
 * ftp_probe_create() - the probe @req describes, in @prov
 * @prov: the provider, held by the caller
 * @req: checked by the caller; @req->id is set
 * @obj: the file, whose references the probe takes over if it is new
 * @mm: the address space the probe fires in, NULL for any; likewise
 * @arm: set to a site added to an armed probe, for ftp_site_arm_late()
 *
 * A USDT probe whose site is not yet known gets it as a further site;
 * its argument types stay those of the request that made it.
 * Context: process; ftp_lock held.
 * Return: 1 if the probe existed (@obj and @mm stay the caller's), 0
 * if it was made, -EEXIST if its names are taken by a probe at another
 * place, -ENOMEM.
 */
int ftp_probe_create(struct ftp_provider *prov,
		     struct dtrace_ioc_ftp_create *req,
		     struct ftp_object *obj, struct mm_struct *mm,
		     struct ftp_site **arm)
{
	const struct dtrace_probedesc *d = &req->desc;
	struct ftp_probe *probe;
	int ret, size;

	lockdep_assert_held(&ftp_lock);
	list_for_each_entry(probe, &prov->probes, link) {
		if (strcmp(probe->desc.mod, d->mod) ||
		    strcmp(probe->desc.func, d->func) ||
		    strcmp(probe->desc.name, d->name))
			continue;
		ret = ftp_probe_join(probe, req, obj->inode, mm, arm);
		if (ret > 0)
			req->id = probe->id;
		return ret;
	}
	probe = kzalloc(sizeof(*probe), GFP_KERNEL);
	if (!probe)
		return -ENOMEM;
	INIT_LIST_HEAD(&probe->sites);
	mutex_init(&probe->lock);
	probe->prov = prov;
	probe->desc = *d;
	probe->pid = req->pid;
	probe->kind = req->kind;
	probe->nargs = req->nargs;
	size = ftp_argtypes_size(req);
	if (size > 0) {
		probe->argtypes = kmemdup(req->argtypes, size, GFP_KERNEL);
		if (!probe->argtypes)
			goto fail;
		probe->nxargs = req->nxargs;
		memcpy(probe->argmap, req->argmap, sizeof(probe->argmap));
	}
	/* Whole before it is published: an enabling may arm it at once. */
	probe->obj = *obj;
	probe->mm = mm;
	if (!ftp_site_alloc(probe, req))
		goto fail;
	probe->id = dtrace_probe_create(prov->id, d->mod, d->func, d->name,
					probe);
	if (probe->id == DTRACE_IDNONE)
		goto fail;
	list_add_tail(&probe->link, &prov->probes);
	req->id = probe->id;
	obj->inode = NULL;	/* the probe's now */
	return 0;
fail:
	probe->obj.inode = NULL;	/* still the caller's */
	probe->mm = NULL;
	ftp_probe_free(probe);
	return -ENOMEM;
}

static const char *const ftp_kind_names[DTRACE_FTP_NKINDS] = {
	[DTRACE_FTP_ENTRY] = "entry",
	[DTRACE_FTP_RETURN] = "return",
	[DTRACE_FTP_OFFSET] = "offset",
	[DTRACE_FTP_USDT] = "usdt",
};

static void ftp_proc_site(struct seq_file *m, const struct ftp_probe *probe,
			  const struct ftp_site *site)
{
	seq_printf(m, "%-8d %-6s %-5s %#12llx %-10lu %s:%s:%s:%s\n",
		   probe->pid, ftp_kind_names[probe->kind],
		   READ_ONCE(probe->armed) ? "yes" : "no",
		   (unsigned long long)site->offset, probe->obj.inode->i_ino,
		   probe->desc.provider, probe->desc.mod, probe->desc.func,
		   probe->desc.name);
}

/* /proc/dtrace/fasttrap: one line per site. */
static int ftp_proc_show(struct seq_file *m, void *v)
{
	struct ftp_provider *prov;
	struct ftp_probe *probe;
	struct ftp_site *site;

	seq_printf(m, "%-8s %-6s %-5s %12s %-10s %s\n", "PID", "KIND", "ARMED",
		   "OFFSET", "INODE", "PROBE");
	mutex_lock(&ftp_lock);
	list_for_each_entry(prov, &ftp_providers, list) {
		list_for_each_entry(probe, &prov->probes, link) {
			list_for_each_entry(site, &probe->sites, link)
				ftp_proc_site(m, probe, site);
		}
	}
	mutex_unlock(&ftp_lock);
	return 0;
}

static int __init ftp_init(void)
{
	int ret;

	ftp_pops.max_enabled = max_enabled;
	if (!proc_create_single("dtrace/fasttrap", 0400, NULL, ftp_proc_show))
		return -ENOMEM;
	ret = ftp_exec_init();
	if (ret)
		goto out_proc;
	ret = ftp_dev_init();
	if (ret)
		goto out_exec;
	return 0;

out_exec:
	ftp_exec_exit();
out_proc:
	remove_proc_entry("dtrace/fasttrap", NULL);
	return ret;
}

/*
 * No open of the device is left (it pins the module) and no probe is
 * enabled (the core pins the module then), so every provider goes.
 */
static void __exit ftp_exit(void)
{
	struct ftp_provider *prov, *next;

	dtrace_timeout_id_t reaper;

	ftp_dev_exit();
	ftp_exec_exit();
	remove_proc_entry("dtrace/fasttrap", NULL);
	/* Not under ftp_lock: a running ftp_reap() may be waiting for it. */
	mutex_lock(&ftp_lock);
	reaper = ftp_reaper;
	ftp_reaper = 0;
	mutex_unlock(&ftp_lock);
	dtrace_untimeout(reaper);
	mutex_lock(&ftp_lock);
	list_for_each_entry_safe(prov, next, &ftp_providers, list)
		WARN_ON(!ftp_provider_retire(prov));
	mutex_unlock(&ftp_lock);
	flush_work(&ftp_free_work);
}

module_init(ftp_init);
module_exit(ftp_exit);

MODULE_DESCRIPTION("dtrace pid and USDT provider (uprobes)");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(DTRACE_NS);
