// SPDX-License-Identifier: GPL-2.0
/*
 * One-shot timeouts (include/dtrace/services.h).  A timeout is an
 * hrtimer whose expiry only queues a work item on the core's timeout
 * queue; the callback runs from there, in process context, so it may
 * take a mutex that the thread it would have interrupted holds.
 *
 * Ownership: a pending timeout is in dtrace_timeouts under its id.
 * Whoever erases it from there frees it: the work item after running
 * the callback, or dtrace_untimeout() after making sure neither the
 * timer nor the work item runs any more.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/hrtimer.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>
#include <dtrace/services.h>
#include "internal.h"

struct dtrace_timeout {
	struct hrtimer		timer;
	struct work_struct	work;
	dtrace_task_func_t	func;
	void			*arg;
	u32			id;
};

static DEFINE_XARRAY_FLAGS(dtrace_timeouts, XA_FLAGS_ALLOC1 | XA_FLAGS_LOCK_IRQ);
static u32 dtrace_timeout_next;
static struct workqueue_struct *dtrace_timeout_wq;

/* Context: whatever the hrtimer expires in; only queues the work. */
static enum hrtimer_restart dtrace_timeout_expire(struct hrtimer *timer)
{
	struct dtrace_timeout *to = container_of(timer, struct dtrace_timeout,
						 timer);

	queue_work(dtrace_timeout_wq, &to->work);
	return HRTIMER_NORESTART;
}

static void dtrace_timeout_run(struct work_struct *work)
{
	struct dtrace_timeout *to = container_of(work, struct dtrace_timeout,
						 work);

	to->func(to->arg);
	/* NULL: dtrace_untimeout() has it, and frees it once we return. */
	if (xa_erase_irq(&dtrace_timeouts, to->id) == to)
		kfree(to);
}

dtrace_timeout_id_t dtrace_timeout(dtrace_task_func_t func, void *arg,
				   u64 delay_ns)
{
	struct dtrace_timeout *to = kzalloc(sizeof(*to), GFP_ATOMIC);
	unsigned long flags;
	u32 id;
	int ret;

	if (!to)
		return 0;
	hrtimer_init(&to->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	to->timer.function = dtrace_timeout_expire;
	INIT_WORK(&to->work, dtrace_timeout_run);
	to->func = func;
	to->arg = arg;

	xa_lock_irqsave(&dtrace_timeouts, flags);
	ret = __xa_alloc_cyclic(&dtrace_timeouts, &to->id, to, xa_limit_32b,
				&dtrace_timeout_next, GFP_ATOMIC);
	/*
	 * Started under the lock, so an untimeout() finds it started.  Once
	 * the lock is dropped the timeout may expire and its work free it
	 * (a delay of 0 on a preemptible kernel): read nothing of it after.
	 */
	id = to->id;
	if (ret >= 0)
		hrtimer_start(&to->timer, ns_to_ktime(delay_ns),
			      HRTIMER_MODE_REL);
	xa_unlock_irqrestore(&dtrace_timeouts, flags);
	if (ret < 0) {
		kfree(to);
		return 0;
	}
	return id;
}
EXPORT_SYMBOL_NS_GPL(dtrace_timeout, DTRACE_NS);

bool dtrace_untimeout(dtrace_timeout_id_t id)
{
	struct dtrace_timeout *to;
	bool cancelled;

	if (!id || id > U32_MAX)
		return false;
	to = xa_erase_irq(&dtrace_timeouts, id);
	if (!to)
		return false;
	/*
	 * A timer stopped before it expired never queued the work: do not
	 * wait for the work then, so that a caller may hold a lock the
	 * callback takes (services.h promises it; cancel_work_sync() would
	 * also tell lockdep that the caller waits for the callback).
	 * Otherwise the work is queued, running or done.
	 */
	if (hrtimer_cancel(&to->timer))
		cancelled = true;
	else
		cancelled = cancel_work_sync(&to->work);
	kfree(to);
	return cancelled;
}
EXPORT_SYMBOL_NS_GPL(dtrace_untimeout, DTRACE_NS);

int dtrace_timeout_init(void)
{
	dtrace_timeout_wq = alloc_workqueue("dtrace_timeout", 0, 0);
	return dtrace_timeout_wq ? 0 : -ENOMEM;
}

/*
 * Every provider is gone; a timeout still pending is a provider's bug
 * (its callback may be unloaded code): cancel it and say so.
 */
void dtrace_timeout_exit(void)
{
	struct dtrace_timeout *to;
	unsigned long id;

	xa_for_each(&dtrace_timeouts, id, to) {
		pr_warn("timeout %ps left pending, cancelled\n", to->func);
		dtrace_untimeout(id);
	}
	destroy_workqueue(dtrace_timeout_wq);
}
