// SPDX-License-Identifier: GPL-2.0
/*
 * Module references kept for a while after a probe's kprobe is gone.
 *
 * A kprobe on an instruction that is not an ftrace call site is a
 * breakpoint, which the kernel's kprobe optimizer turns into a jump a
 * few jiffies after it is placed.  Unregistering such a kprobe only
 * queues the jump's removal for the optimizer's next run.  If the
 * module under it is unloaded before that run, the kernel (6.1 and
 * 6.12 alike) takes the kprobe off the optimizer's queue without
 * freeing it: it stays at that address, and a kprobe placed there after
 * the module is loaded again (most often at the same address) fails
 * with a WARNING in reuse_unused_kprobe().  The kernel offers modules
 * no way to wait for its optimizer, so fbt keeps the module's reference
 * FBT_HOLD_MS more: many times the optimizer's delay and run, even in
 * an emulated guest.  rmmod of a module whose functions were traced may
 * say it is in use for that long after the last consumer ended.
 *
 * Context: process.  fbt_holds_lock protects the list, which is in
 * order of expiry; fbt_holds_work puts what has expired.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include "fbt_impl.h"

#define FBT_HOLD_MS	3000

struct fbt_hold {
	struct list_head	list;
	struct module		*mod;
	unsigned long		until;		/* jiffies */
};

static void fbt_holds_expire(struct work_struct *work);

static LIST_HEAD(fbt_holds);
static DEFINE_MUTEX(fbt_holds_lock);
static DECLARE_DELAYED_WORK(fbt_holds_work, fbt_holds_expire);

/* Put the references whose time has come; come back for the next one. */
static void fbt_holds_expire(struct work_struct *work)
{
	struct fbt_hold *h, *tmp;

	mutex_lock(&fbt_holds_lock);
	list_for_each_entry_safe(h, tmp, &fbt_holds, list) {
		if (time_before(jiffies, h->until)) {
			schedule_delayed_work(&fbt_holds_work,
					      h->until - jiffies);
			break;
		}
		list_del(&h->list);
		module_put(h->mod);
		kfree(h);
	}
	mutex_unlock(&fbt_holds_lock);
}

/**
 * fbt_module_put_later() - drop a reference to @mod in FBT_HOLD_MS
 * @mod: a module fbt holds a reference to, for a probe just disarmed
 *
 * Out of memory, it waits that long here instead.
 * Context: process; may sleep.
 */
void fbt_module_put_later(struct module *mod)
{
	struct fbt_hold *h = kmalloc(sizeof(*h), GFP_KERNEL);

	if (!h) {
		msleep(FBT_HOLD_MS);
		module_put(mod);
		return;
	}
	h->mod = mod;
	h->until = jiffies + msecs_to_jiffies(FBT_HOLD_MS);
	mutex_lock(&fbt_holds_lock);
	list_add_tail(&h->list, &fbt_holds);
	schedule_delayed_work(&fbt_holds_work, msecs_to_jiffies(FBT_HOLD_MS));
	mutex_unlock(&fbt_holds_lock);
}

/**
 * fbt_module_put_all() - wait for every held reference, and put it
 *
 * For the module's exit, when no probe is enabled any more.
 * Context: process; may sleep.
 */
void fbt_module_put_all(void)
{
	struct fbt_hold *h, *tmp;
	unsigned long until = jiffies;

	mutex_lock(&fbt_holds_lock);
	if (!list_empty(&fbt_holds))
		until = list_last_entry(&fbt_holds, struct fbt_hold,
					list)->until;
	mutex_unlock(&fbt_holds_lock);
	if (time_before(jiffies, until))
		msleep(jiffies_to_msecs(until - jiffies));
	cancel_delayed_work_sync(&fbt_holds_work);
	list_for_each_entry_safe(h, tmp, &fbt_holds, list) {
		list_del(&h->list);
		module_put(h->mod);
		kfree(h);
	}
}
