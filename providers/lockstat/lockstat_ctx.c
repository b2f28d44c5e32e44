// SPDX-License-Identifier: GPL-2.0
/*
 * The probe-context half of dtrace_lockstat.ko: the hook table and its
 * handlers.  Acquisitions and releases are kretprobes and kprobes on
 * the kernel's out-of-line lock functions (mutex_lock(),
 * _raw_spin_lock(), _raw_read_lock() ...); spinning and blocking are
 * the lock:contention_begin and lock:contention_end tracepoints, which
 * the kernel's lock slow paths call around a wait, whatever its
 * configuration.  A wait's start time is kept, between the two, in a
 * small table of slots claimed by the waiting task, since a mutex
 * waiter may sleep and wake on another CPU.
 *
 * Context: everything here is probe context, called from inside the
 * kernel's lock functions: no locks, no allocation, nothing that could
 * itself take a lock; the file is kept out of reach of function tracing.
 */
#include <linux/hash.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <trace/events/lock.h>	/* LCB_F_*: the contention flags */
#include "lockstat_prov.h"

/**
 * struct lsp_wait - a task waiting for a lock, between the kernel's
 *	contention_begin and contention_end
 * @task: the waiter, NULL for a free slot; set by cmpxchg() to claim
 * @lock: the lock waited for; NULL while the slot is being claimed or
 *	freed, so no other lookup of the same task can match it
 * @flags: the contention flags (LCB_F_*) of the latest begin
 * @start: when the wait (or its latest phase) began, in ns
 *
 * A task waits for one lock at a time, but may contend for a spinlock
 * inside the slow path of a mutex (its wait_lock), so it may hold a
 * couple of slots; only it writes those it holds, but an interrupt on
 * its CPU runs as it too.
 */
struct lsp_wait {
	struct task_struct	*task;
	void			*lock;
	unsigned int		flags;
	u64			start;
};

#define LSP_WAIT_BITS	10
#define LSP_WAIT_PROBES	16	/* slots tried from a task's hash */

static struct lsp_wait lsp_waits[1 << LSP_WAIT_BITS];

/**
 * lsp_waits_reset() - forget every wait
 *
 * Context: process; no contention hook armed (their handlers have
 * returned), before they are armed again: a wait seen begin before the
 * hooks were last disarmed never saw its end.
 */
void lsp_waits_reset(void)
{
	memset(lsp_waits, 0, sizeof(lsp_waits));
}

static struct lsp_wait *lsp_wait_slot(unsigned int i)
{
	return &lsp_waits[i & (ARRAY_SIZE(lsp_waits) - 1)];
}
NOKPROBE_SYMBOL(lsp_wait_slot);

/* The slot in which current waits for @lock, or NULL. */
static struct lsp_wait *lsp_wait_find(const void *lock)
{
	unsigned int h = hash_ptr(current, LSP_WAIT_BITS), i;
	struct lsp_wait *w;

	for (i = 0; i < LSP_WAIT_PROBES; i++) {
		w = lsp_wait_slot(h + i);
		if (READ_ONCE(w->task) == current &&
		    READ_ONCE(w->lock) == lock)
			return w;
	}
	return NULL;
}
NOKPROBE_SYMBOL(lsp_wait_find);

/* Claim a slot for current's wait for @lock; NULL when all are taken. */
static struct lsp_wait *lsp_wait_claim(void *lock)
{
	unsigned int h = hash_ptr(current, LSP_WAIT_BITS), i;
	struct lsp_wait *w;

	for (i = 0; i < LSP_WAIT_PROBES; i++) {
		w = lsp_wait_slot(h + i);
		if (!READ_ONCE(w->task) && !cmpxchg(&w->task, NULL, current)) {
			WRITE_ONCE(w->lock, lock);
			return w;
		}
	}
	return NULL;
}
NOKPROBE_SYMBOL(lsp_wait_claim);

static void lsp_wait_free(struct lsp_wait *w)
{
	WRITE_ONCE(w->lock, NULL);
	/* the lock is cleared before another task can claim the slot */
	smp_store_release(&w->task, NULL);
}
NOKPROBE_SYMBOL(lsp_wait_free);

static void lsp_fire(enum lsp_probe p, const void *lock, u64 arg1, u64 arg2)
{
	if (READ_ONCE(lsp_enabled[p]))
		dtrace_probe(lsp_ids[p], (uintptr_t)lock, arg1, arg2, 0, 0, 0);
}
NOKPROBE_SYMBOL(lsp_fire);

/*
 * A wait for @lock of kind @flags ended after @ns: fire its spin or
 * block probe.  Waits of rt_mutexes and per-CPU rw_semaphores have no
 * probe.
 */
static void lsp_waited(const void *lock, unsigned int flags, u64 ns)
{
	if (flags & (LCB_F_RT | LCB_F_PERCPU))
		return;
	if (flags & LCB_F_MUTEX)
		lsp_fire(flags & LCB_F_SPIN ? LSP_ADAPTIVE_SPIN :
			 LSP_ADAPTIVE_BLOCK, lock, ns, 0);
	else if (!(flags & (LCB_F_READ | LCB_F_WRITE)))
		lsp_fire(LSP_SPIN_SPIN, lock, ns, 0);
	else if (flags & LCB_F_SPIN)
		lsp_fire(LSP_RW_SPIN, lock, ns, 0);
	else
		lsp_fire(LSP_RW_BLOCK, lock, ns, flags & LCB_F_READ ?
			 LSP_RW_READER : LSP_RW_WRITER);
}
NOKPROBE_SYMBOL(lsp_waited);

/*
 * contention_begin(lock, flags): current is about to wait for @lock.
 * A mutex's slow path calls it twice without an end between: first to
 * spin (LCB_F_SPIN), then, if spinning did not get the lock, to block;
 * the spin phase ends there.
 */
static void lsp_cont_begin(void *data, void *lock, unsigned int flags)
{
	u64 now = ktime_get_mono_fast_ns();
	struct lsp_wait *w = lsp_wait_find(lock);

	if (w) {
		lsp_waited(lock, w->flags, now - w->start);
	} else {
		w = lsp_wait_claim(lock);
		if (!w)
			return;		/* too many waiters: not timed */
	}
	w->flags = flags;
	w->start = now;
}
NOKPROBE_SYMBOL(lsp_cont_begin);

/*
 * contention_end(lock, ret): current's wait for @lock is over: it holds
 * the lock, or (ret, a negative errno) gave up, which is no spin or
 * block (adaptive-acquire-error says so).
 */
static void lsp_cont_end(void *data, void *lock, int ret)
{
	u64 now = ktime_get_mono_fast_ns();
	struct lsp_wait *w = lsp_wait_find(lock);
	unsigned int flags;
	u64 start;

	if (!w)
		return;		/* began before the hooks were armed */
	flags = w->flags;
	start = w->start;
	lsp_wait_free(w);
	if (!ret)
		lsp_waited(lock, flags, now - start);
}
NOKPROBE_SYMBOL(lsp_cont_end);

/* Every kretprobe's entry: note the lock, the function's first argument. */
static int lsp_note_lock(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	*(void **)ri->data = (void *)regs_get_kernel_argument(regs, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_note_lock);

static void *lsp_lock_of(struct kretprobe_instance *ri)
{
	return *(void **)ri->data;
}
NOKPROBE_SYMBOL(lsp_lock_of);

/* mutex_lock() returned: current holds the mutex. */
static int lsp_mutex_locked(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	lsp_fire(LSP_ADAPTIVE_ACQUIRE, lsp_lock_of(ri), 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_mutex_locked);

/* mutex_lock_interruptible() or _killable() returned 0 or an errno. */
static int lsp_mutex_locked_err(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	int ret = (int)regs_return_value(regs);

	if (ret)
		lsp_fire(LSP_ADAPTIVE_ACQUIRE_ERROR, lsp_lock_of(ri), ret, 0);
	else
		lsp_fire(LSP_ADAPTIVE_ACQUIRE, lsp_lock_of(ri), 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_mutex_locked_err);

/* mutex_trylock() returned 1 if it took the mutex. */
static int lsp_mutex_trylocked(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	if (regs_return_value(regs) == 1)
		lsp_fire(LSP_ADAPTIVE_ACQUIRE, lsp_lock_of(ri), 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_mutex_trylocked);

static int lsp_mutex_unlock(struct kprobe *kp, struct pt_regs *regs)
{
	lsp_fire(LSP_ADAPTIVE_RELEASE,
		 (void *)regs_get_kernel_argument(regs, 0), 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_mutex_unlock);

/* _raw_spin_lock*() returned (the _irqsave one returns the flags). */
static int lsp_spin_locked(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	lsp_fire(LSP_SPIN_ACQUIRE, lsp_lock_of(ri), 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_spin_locked);

static int lsp_spin_trylocked(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	if (regs_return_value(regs) == 1)
		lsp_fire(LSP_SPIN_ACQUIRE, lsp_lock_of(ri), 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_spin_trylocked);

static int lsp_spin_unlock(struct kprobe *kp, struct pt_regs *regs)
{
	lsp_fire(LSP_SPIN_RELEASE, (void *)regs_get_kernel_argument(regs, 0),
		 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_spin_unlock);

static int lsp_read_locked(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	lsp_fire(LSP_RW_ACQUIRE, lsp_lock_of(ri), LSP_RW_READER, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_read_locked);

static int lsp_write_locked(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	lsp_fire(LSP_RW_ACQUIRE, lsp_lock_of(ri), LSP_RW_WRITER, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_write_locked);

static int lsp_rw_unlock(struct kprobe *kp, struct pt_regs *regs)
{
	lsp_fire(LSP_RW_RELEASE, (void *)regs_get_kernel_argument(regs, 0),
		 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(lsp_rw_unlock);

/*
 * A kretprobe on @name (or on @alt, where the kernel has no @name)
 * noting the lock, then calling @func at return
 */
#define LSP_KRET_ALT(name, alt, func) {					\
	.kind = DTRACE_HOOK_KRETPROBE, .symbols = { name, alt },	\
	.entry = lsp_note_lock, .ret = func, .data_size = sizeof(void *) }
#define LSP_KRET(name, func)	LSP_KRET_ALT(name, NULL, func)
/* As LSP_KRET(), on a function only some kernels have */
#define LSP_KRET_OPT(name, func) {					\
	.kind = DTRACE_HOOK_KRETPROBE, .symbols = { name },		\
	.optional = true, .entry = lsp_note_lock, .ret = func,		\
	.data_size = sizeof(void *) }

/*
 * With lockdep (CONFIG_DEBUG_LOCK_ALLOC) mutex_lock() and its
 * interruptible and killable forms are macros over the *_nested()
 * functions, which take the lock as their first argument too; and
 * spin_lock_nested(), spin_lock_irqsave_nested(), spin_lock_nest_lock()
 * and write_lock_nested() have functions of their own (elsewhere they
 * are _raw_spin_lock(), _raw_spin_lock_irqsave() and _raw_write_lock()).
 */

const struct dtrace_hook_desc lsp_hook_descs[LSP_NHOOKS] = {
	[LSP_HOOK_CONT_END] = DTRACE_HOOK_TP("contention_end", lsp_cont_end),
	[LSP_HOOK_CONT_BEGIN] = DTRACE_HOOK_TP("contention_begin",
					       lsp_cont_begin),
	[LSP_HOOK_MUTEX_LOCK] = LSP_KRET_ALT("mutex_lock", "mutex_lock_nested",
					     lsp_mutex_locked),
	[LSP_HOOK_MUTEX_LOCK_INTR] =
		LSP_KRET_ALT("mutex_lock_interruptible",
			     "mutex_lock_interruptible_nested",
			     lsp_mutex_locked_err),
	[LSP_HOOK_MUTEX_LOCK_KILL] =
		LSP_KRET_ALT("mutex_lock_killable",
			     "mutex_lock_killable_nested",
			     lsp_mutex_locked_err),
	[LSP_HOOK_MUTEX_TRYLOCK] = LSP_KRET("mutex_trylock",
					    lsp_mutex_trylocked),
	[LSP_HOOK_MUTEX_UNLOCK] = DTRACE_HOOK_KP("mutex_unlock",
						 lsp_mutex_unlock),
	[LSP_HOOK_SPIN_LOCK] = LSP_KRET("_raw_spin_lock", lsp_spin_locked),
	[LSP_HOOK_SPIN_LOCK_IRQ] = LSP_KRET("_raw_spin_lock_irq",
					    lsp_spin_locked),
	[LSP_HOOK_SPIN_LOCK_IRQSAVE] = LSP_KRET("_raw_spin_lock_irqsave",
						lsp_spin_locked),
	[LSP_HOOK_SPIN_LOCK_BH] = LSP_KRET("_raw_spin_lock_bh",
					   lsp_spin_locked),
	[LSP_HOOK_SPIN_LOCK_NESTED] = LSP_KRET_OPT("_raw_spin_lock_nested",
						   lsp_spin_locked),
	[LSP_HOOK_SPIN_LOCK_IRQSAVE_NESTED] =
		LSP_KRET_OPT("_raw_spin_lock_irqsave_nested", lsp_spin_locked),
	[LSP_HOOK_SPIN_LOCK_NEST_LOCK] =
		LSP_KRET_OPT("_raw_spin_lock_nest_lock", lsp_spin_locked),
	[LSP_HOOK_SPIN_TRYLOCK] = LSP_KRET("_raw_spin_trylock",
					   lsp_spin_trylocked),
	[LSP_HOOK_SPIN_UNLOCK] = DTRACE_HOOK_KP("_raw_spin_unlock",
						lsp_spin_unlock),
	[LSP_HOOK_SPIN_UNLOCK_IRQ] = DTRACE_HOOK_KP("_raw_spin_unlock_irq",
						    lsp_spin_unlock),
	[LSP_HOOK_SPIN_UNLOCK_IRQRESTORE] =
		DTRACE_HOOK_KP("_raw_spin_unlock_irqrestore", lsp_spin_unlock),
	[LSP_HOOK_SPIN_UNLOCK_BH] = DTRACE_HOOK_KP("_raw_spin_unlock_bh",
						   lsp_spin_unlock),
	[LSP_HOOK_READ_LOCK] = LSP_KRET("_raw_read_lock", lsp_read_locked),
	[LSP_HOOK_READ_LOCK_IRQ] = LSP_KRET("_raw_read_lock_irq",
					    lsp_read_locked),
	[LSP_HOOK_READ_LOCK_IRQSAVE] = LSP_KRET("_raw_read_lock_irqsave",
						lsp_read_locked),
	[LSP_HOOK_READ_LOCK_BH] = LSP_KRET("_raw_read_lock_bh",
					   lsp_read_locked),
	[LSP_HOOK_WRITE_LOCK] = LSP_KRET("_raw_write_lock", lsp_write_locked),
	[LSP_HOOK_WRITE_LOCK_NESTED] = LSP_KRET_OPT("_raw_write_lock_nested",
						    lsp_write_locked),
	[LSP_HOOK_WRITE_LOCK_IRQ] = LSP_KRET("_raw_write_lock_irq",
					     lsp_write_locked),
	[LSP_HOOK_WRITE_LOCK_IRQSAVE] = LSP_KRET("_raw_write_lock_irqsave",
						 lsp_write_locked),
	[LSP_HOOK_WRITE_LOCK_BH] = LSP_KRET("_raw_write_lock_bh",
					    lsp_write_locked),
	[LSP_HOOK_READ_UNLOCK] = DTRACE_HOOK_KP("_raw_read_unlock",
						lsp_rw_unlock),
	[LSP_HOOK_READ_UNLOCK_IRQ] = DTRACE_HOOK_KP("_raw_read_unlock_irq",
						    lsp_rw_unlock),
	[LSP_HOOK_READ_UNLOCK_IRQRESTORE] =
		DTRACE_HOOK_KP("_raw_read_unlock_irqrestore", lsp_rw_unlock),
	[LSP_HOOK_READ_UNLOCK_BH] = DTRACE_HOOK_KP("_raw_read_unlock_bh",
						   lsp_rw_unlock),
	[LSP_HOOK_WRITE_UNLOCK] = DTRACE_HOOK_KP("_raw_write_unlock",
						 lsp_rw_unlock),
	[LSP_HOOK_WRITE_UNLOCK_IRQ] = DTRACE_HOOK_KP("_raw_write_unlock_irq",
						     lsp_rw_unlock),
	[LSP_HOOK_WRITE_UNLOCK_IRQRESTORE] =
		DTRACE_HOOK_KP("_raw_write_unlock_irqrestore", lsp_rw_unlock),
	[LSP_HOOK_WRITE_UNLOCK_BH] = DTRACE_HOOK_KP("_raw_write_unlock_bh",
						    lsp_rw_unlock),
};
