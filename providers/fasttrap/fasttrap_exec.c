// SPDX-License-Identifier: GPL-2.0
/*
 * Processes that exec while a consumer watches (DTRACEIOC_FTP_WATCH):
 * so that a provider glob (myapp*:::) gets the USDT probes of programs
 * started after dtrace, each exec is queued to every open of the device
 * that watches, and the process is held, before its first instruction
 * in the new image, until each of those opens has made its probes and
 * released it (DTRACEIOC_FTP_RELEASE), closed, or until exec_hold_ms
 * passed or the process got SIGKILL.  The kernel reads no ELF: the
 * watcher reads the notes of the new image through /proc.
 *
 * The sched_process_exec hook (probe context: no sleeping, no
 * allocation, no sleeping lock even on PREEMPT_RT, so a raw spinlock
 * and no wake-up) queues the pid, takes one of FTP_EXEC_HOLDS static
 * hold slots and has an irq_work wake the watchers; the wait is task
 * work the process runs on its way back to user space (process
 * context, may sleep, no lock held).  With every
 * slot taken, or for a process a kernel thread started (a usermode
 * helper: dtrace may itself be waiting for it), the exec is queued but
 * the process is not held.  A watcher's queue that is full loses the
 * exec (that process gets no probes).
 *
 * Context: process, except ftp_exec_hook() (probe context).
 */
#define pr_fmt(fmt) "dtrace fasttrap: " fmt

#include <linux/atomic.h>
#include <linux/binfmts.h>
#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/task_work.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <dtrace/hooks.h>
#include "fasttrap_impl.h"

#define FTP_EXEC_HOLDS	64
#define FTP_EXEC_NOHOLD	U16_MAX

static unsigned int exec_hold_ms = 10000;
module_param(exec_hold_ms, uint, 0644);
MODULE_PARM_DESC(exec_hold_ms,
		 "Longest a process that execs waits for a watching dtrace to make its USDT probes, ms (default 10000)");

/* A process held after its exec: a slot of ftp_holds[]. */
struct ftp_hold_slot {
	struct callback_head	work;
	pid_t			pid;
	u32			gen;		/* bumped at each reuse */
	unsigned int		waiting;	/* watchers yet to release it */
	bool			used;
};

/* One queued exec: the process, and its hold slot (or NOHOLD). */
struct ftp_exec_ent {
	pid_t	pid;
	u16	slot;
	u32	gen;
};

#define FTP_WATCH_QLEN	256

/*
 * An open that watches: its queue of execs, [tail, rd) read and not yet
 * released, [rd, head) not read yet (free-running indexes).
 */
struct ftp_watch {
	struct list_head	link;		/* on ftp_watchers */
	unsigned int		head, rd, tail;
	struct ftp_exec_ent	q[FTP_WATCH_QLEN];
};

/* Guards ftp_holds[], ftp_watchers and every watch's queue. */
static DEFINE_RAW_SPINLOCK(ftp_exec_lock);
static struct ftp_hold_slot ftp_holds[FTP_EXEC_HOLDS];
static LIST_HEAD(ftp_watchers);
/* Held processes wait here for their slot's @waiting to reach 0. */
static DECLARE_WAIT_QUEUE_HEAD(ftp_hold_wq);
/* Watchers wait here (read(), poll()) for an exec queued to them. */
static DECLARE_WAIT_QUEUE_HEAD(ftp_watch_wq);
/* Task works queued or running: the module stays until none is. */
static atomic_t ftp_exec_works = ATOMIC_INIT(0);
static struct dtrace_hooks *ftp_exec_hooks;
static DEFINE_MUTEX(ftp_watch_mutex);	/* arms and disarms the hook */
static unsigned int ftp_nwatchers;	/* @ftp_watch_mutex */

/*
 * Drop one watcher's claim on the hold of @e.  Caller: ftp_exec_lock.
 * Return: whether that let the process go (wake ftp_hold_wq, unlocked).
 */
static bool ftp_hold_put(const struct ftp_exec_ent *e)
{
	struct ftp_hold_slot *h;

	if (e->slot == FTP_EXEC_NOHOLD)
		return false;
	h = &ftp_holds[e->slot];
	return h->used && h->gen == e->gen && h->waiting && !--h->waiting;
}

/* The hook queued execs: wake the watchers, outside probe context. */
static void ftp_watch_wake(struct irq_work *work)
{
	wake_up_interruptible_all(&ftp_watch_wq);
}

static struct irq_work ftp_watch_iw = IRQ_WORK_INIT(ftp_watch_wake);

static bool ftp_hold_done(struct ftp_hold_slot *h)
{
	return !READ_ONCE(h->waiting);
}

/* The task work of a held process, back from its exec: wait, then go. */
static void ftp_exec_wait(struct callback_head *work)
{
	struct ftp_hold_slot *h = container_of(work, struct ftp_hold_slot,
					       work);
	unsigned long flags;

	wait_event_killable_timeout(ftp_hold_wq, ftp_hold_done(h),
				    msecs_to_jiffies(READ_ONCE(exec_hold_ms)));
	raw_spin_lock_irqsave(&ftp_exec_lock, flags);
	h->used = false;
	h->gen++;
	raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
	atomic_dec(&ftp_exec_works);
}

/* Was current started by a kernel thread (a usermode helper)? */
static bool ftp_exec_from_kernel(void)
{
	bool ret;

	rcu_read_lock();
	ret = rcu_dereference(current->real_parent)->flags & PF_KTHREAD;
	rcu_read_unlock();
	return ret;
}

/* A free hold slot for @pid, or FTP_EXEC_NOHOLD.  Caller: ftp_exec_lock. */
static u16 ftp_hold_get(pid_t pid)
{
	u16 i;

	for (i = 0; i < FTP_EXEC_HOLDS; i++) {
		if (ftp_holds[i].used)
			continue;
		ftp_holds[i].used = true;
		ftp_holds[i].pid = pid;
		ftp_holds[i].waiting = 0;
		return i;
	}
	return FTP_EXEC_NOHOLD;
}

/*
 * sched_process_exec, in the process whose new image is in place: queue
 * it to each watcher and hold it until they release it.
 * Context: process; probe context.
 */
static void ftp_exec_hook(void *data, struct task_struct *p, pid_t old_pid,
			  struct linux_binprm *bprm)
{
	struct ftp_exec_ent e = { .pid = current->tgid,
				  .slot = FTP_EXEC_NOHOLD };
	struct ftp_hold_slot *h = NULL;
	struct ftp_watch *w;
	unsigned long flags;
	bool queued = false;

	raw_spin_lock_irqsave(&ftp_exec_lock, flags);
	if (list_empty(&ftp_watchers))
		goto out_unlock;
	if (!ftp_exec_from_kernel())
		e.slot = ftp_hold_get(e.pid);
	if (e.slot != FTP_EXEC_NOHOLD) {
		h = &ftp_holds[e.slot];
		e.gen = h->gen;
	}
	list_for_each_entry(w, &ftp_watchers, link) {
		if (w->head - w->tail >= FTP_WATCH_QLEN)
			continue;
		w->q[w->head++ % FTP_WATCH_QLEN] = e;
		queued = true;
		if (h)
			h->waiting++;
	}
	if (h && !h->waiting) {
		h->used = false;
		h = NULL;
	}
	if (h)
		atomic_inc(&ftp_exec_works);
	raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
	if (queued)
		irq_work_queue(&ftp_watch_iw);
	if (!h)
		return;
	init_task_work(&h->work, ftp_exec_wait);
	if (task_work_add(current, &h->work, TWA_RESUME)) {
		/* exiting already: nothing to hold */
		raw_spin_lock_irqsave(&ftp_exec_lock, flags);
		h->used = false;
		h->gen++;
		raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
		atomic_dec(&ftp_exec_works);
	}
	return;
out_unlock:
	raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
}
NOKPROBE_SYMBOL(ftp_exec_hook);

static const struct dtrace_hook_desc ftp_exec_hook_descs[] = {
	DTRACE_HOOK_TP("sched_process_exec", ftp_exec_hook),
};

/**
 * ftp_watch_start() - make an open of the device a watcher of execs
 * @wp: where the open keeps its watch; set on success
 * Context: process; may sleep.
 * Return: 0 (also when it watches already), -ENOMEM, or the error
 * arming the exec hook.
 */
int ftp_watch_start(struct ftp_watch **wp)
{
	struct ftp_watch *w;
	unsigned long flags;
	int ret = 0;

	if (*wp)
		return 0;
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	mutex_lock(&ftp_watch_mutex);
	if (!ftp_nwatchers)
		ret = dtrace_hooks_arm(ftp_exec_hooks, BIT(0));
	if (!ret) {
		ftp_nwatchers++;
		raw_spin_lock_irqsave(&ftp_exec_lock, flags);
		list_add_tail(&w->link, &ftp_watchers);
		raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
		*wp = w;
	}
	mutex_unlock(&ftp_watch_mutex);
	if (ret)
		kfree(w);
	return ret;
}

/*
 * Release the execs @w has read (all of them with @all).  Caller:
 * ftp_exec_lock.  Return: whether a process was let go.
 */
static bool ftp_watch_drop(struct ftp_watch *w, bool all)
{
	unsigned int end = all ? w->head : w->rd;
	bool wake = false;

	while (w->tail != end)
		wake |= ftp_hold_put(&w->q[w->tail++ % FTP_WATCH_QLEN]);
	if (all)
		w->rd = w->tail;
	return wake;
}

/**
 * ftp_watch_release() - let go the processes @w has read
 * @w: the open's watch, or NULL (nothing to do)
 * Context: process.
 */
void ftp_watch_release(struct ftp_watch *w)
{
	unsigned long flags;
	bool wake;

	if (!w)
		return;
	raw_spin_lock_irqsave(&ftp_exec_lock, flags);
	wake = ftp_watch_drop(w, false);
	raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
	if (wake)
		wake_up_all(&ftp_hold_wq);
}

/**
 * ftp_watch_stop() - end a watch (the open is closed), releasing all
 * @w: the watch, or NULL
 * Context: process; may sleep.
 */
void ftp_watch_stop(struct ftp_watch *w)
{
	unsigned long flags;
	bool wake;

	if (!w)
		return;
	raw_spin_lock_irqsave(&ftp_exec_lock, flags);
	list_del(&w->link);
	wake = ftp_watch_drop(w, true);
	raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
	if (wake)
		wake_up_all(&ftp_hold_wq);
	mutex_lock(&ftp_watch_mutex);
	if (!--ftp_nwatchers)
		dtrace_hooks_disarm(ftp_exec_hooks, BIT(0));
	mutex_unlock(&ftp_watch_mutex);
	kfree(w);
}

/**
 * ftp_watch_read() - read() of a watching open: the pids of new execs
 * @w: the watch, or NULL (-EINVAL: not watching)
 * @buf: user buffer, filled with s32 pids
 * @count: its size
 * @nonblock: O_NONBLOCK: -EAGAIN instead of waiting for one
 * Context: process; may sleep.
 * Return: bytes read (a multiple of 4), or a negative errno.
 */
ssize_t ftp_watch_read(struct ftp_watch *w, char __user *buf, size_t count,
		       bool nonblock)
{
	s32 pids[32];
	unsigned long flags;
	unsigned int n = 0;
	int ret;

	if (!w)
		return -EINVAL;
	if (count < sizeof(s32))
		return -EINVAL;
	count = min_t(size_t, count / sizeof(s32), ARRAY_SIZE(pids));
	for (;;) {
		raw_spin_lock_irqsave(&ftp_exec_lock, flags);
		while (n < count && w->rd != w->head)
			pids[n++] = w->q[w->rd++ % FTP_WATCH_QLEN].pid;
		raw_spin_unlock_irqrestore(&ftp_exec_lock, flags);
		if (n)
			break;
		if (nonblock)
			return -EAGAIN;
		ret = wait_event_interruptible(ftp_watch_wq,
					       READ_ONCE(w->rd) !=
					       READ_ONCE(w->head));
		if (ret)
			return ret;
	}
	if (copy_to_user(buf, pids, n * sizeof(s32)))
		return -EFAULT;
	return n * sizeof(s32);
}

/**
 * ftp_watch_poll() - poll() of a watching open
 * @w: the watch, or NULL (never readable)
 * @file: the open
 * @pt: the poll table
 * Context: process.
 * Return: EPOLLIN | EPOLLRDNORM while an exec is waiting to be read.
 */
__poll_t ftp_watch_poll(struct ftp_watch *w, struct file *file,
			poll_table *pt)
{
	if (!w)
		return 0;
	poll_wait(file, &ftp_watch_wq, pt);
	return READ_ONCE(w->rd) != READ_ONCE(w->head) ?
	       EPOLLIN | EPOLLRDNORM : 0;
}

int ftp_exec_init(void)
{
	ftp_exec_hooks = dtrace_hooks_create("fasttrap", ftp_exec_hook_descs,
					     ARRAY_SIZE(ftp_exec_hook_descs),
					     0);
	return PTR_ERR_OR_ZERO(ftp_exec_hooks);
}

/*
 * No open of the device is left, so no process waits for a watcher any
 * more; those still on their way out of ftp_exec_wait() are waited for.
 */
void ftp_exec_exit(void)
{
	irq_work_sync(&ftp_watch_iw);
	while (atomic_read(&ftp_exec_works))
		schedule_timeout_uninterruptible(1);
	synchronize_rcu();
	dtrace_hooks_destroy(ftp_exec_hooks);
}
