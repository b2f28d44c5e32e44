/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deferred and timed work that dtrace_core.ko offers to itself and to
 * providers, in the shape of the Solaris services DTrace was written
 * against: task queues (taskq_create/taskq_dispatch/taskq_destroy),
 * one-shot timeouts (timeout/untimeout) and cyclics (periodic
 * high-resolution callbacks).  docs/services.md says when to use which.
 *
 * It also owns the one ftrace_ops through which providers' probes fire
 * at a kernel function's entry (the function-entry service), so that
 * probes of different providers on one function fire in a fixed order.
 *
 * Task and timeout callbacks run in process context, on a workqueue:
 * they may sleep and take mutexes, and a thread holding a mutex is never
 * interrupted by one that wants it.  Cyclic handlers run in hardirq
 * context, where a probe of the interrupted code may fire.
 */
#ifndef _DTRACE_SERVICES_H
#define _DTRACE_SERVICES_H

#include <linux/gfp.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <asm/syscall.h>
#include <dtrace/provider.h>	/* dtrace_id_t */

struct dtrace_taskq;
struct dtrace_cyclic;

typedef void (*dtrace_task_func_t)(void *arg);

/**
 * dtrace_taskq_create() - a queue that runs dispatched tasks
 * @name: the workqueue's name, seen in ps as kworker threads' queue
 * @ordered: run tasks one at a time in dispatch order; otherwise tasks
 *	may run concurrently, on any CPU
 *
 * Context: process; may sleep.
 * Return: the queue, or NULL when out of memory.
 */
struct dtrace_taskq *dtrace_taskq_create(const char *name, bool ordered);

/**
 * dtrace_taskq_dispatch() - run @func(@arg) on @tq, soon
 * @tq: from dtrace_taskq_create()
 * @func: the task
 * @arg: passed to @func
 * @gfp: how to allocate the task's entry: GFP_KERNEL from process
 *	context, GFP_ATOMIC from atomic context
 *
 * Context: any but probe and NMI context (it allocates).
 * Return: 0, or -ENOMEM: the task will not run.
 */
int dtrace_taskq_dispatch(struct dtrace_taskq *tq, dtrace_task_func_t func,
			  void *arg, gfp_t gfp);

/**
 * dtrace_taskq_wait() - wait until every task dispatched so far has run
 * @tq: the queue
 *
 * Context: process; may sleep; not from a task of @tq.
 */
void dtrace_taskq_wait(struct dtrace_taskq *tq);

/**
 * dtrace_taskq_destroy() - run what is queued, then free @tq
 * @tq: the queue; nothing may dispatch to it any more
 *
 * Context: process; may sleep; not from a task of @tq.
 */
void dtrace_taskq_destroy(struct dtrace_taskq *tq);

/* A pending timeout; 0 is none. */
typedef u64 dtrace_timeout_id_t;

/**
 * dtrace_timeout() - run @func(@arg) once, @delay_ns from now
 * @func: the callback; it runs in process context on the core's
 *	timeout queue, so it may sleep and take mutexes
 * @arg: passed to @func
 * @delay_ns: how long from now, at least; 0 runs it as soon as possible
 *
 * Context: process or atomic (not probe context): allocates with
 * GFP_ATOMIC.
 * Return: the timeout's id for dtrace_untimeout(), or 0 when out of
 * memory (the callback will not run).
 */
dtrace_timeout_id_t dtrace_timeout(dtrace_task_func_t func, void *arg,
				   u64 delay_ns);

/**
 * dtrace_untimeout() - cancel a timeout
 * @id: from dtrace_timeout(); 0 and ids that have run are ignored
 *
 * When this returns, the callback has either not run and never will, or
 * has returned.  It waits for a callback that is running, so it must not
 * be called from that callback, nor with a lock held that the callback
 * may already be waiting for.  A callback that has not started yet is
 * cancelled without waiting, whatever locks the caller holds.
 *
 * Context: process; may sleep.
 * Return: true if the callback was cancelled before it ran, false if it
 * had run or was running (and has now returned), or @id was unknown.
 */
bool dtrace_untimeout(dtrace_timeout_id_t id);

/* dtrace_cyclic_add() flags */
#define DTRACE_CYCLIC_PERCPU	0x1	/* fire on every online CPU */

/**
 * dtrace_cyclic_add() - call @func(@arg) every @interval_ns
 * @func: the handler; it runs in hardirq context, on the CPU that
 *	fired (get_irq_regs() gives the interrupted registers)
 * @arg: passed to @func
 * @interval_ns: the period; at least 1000
 * @flags: 0 for one timer on whatever CPU it was armed, or
 *	DTRACE_CYCLIC_PERCPU for one pinned timer on every online CPU,
 *	following CPUs as they come and go
 *
 * Intervals missed (a CPU busy with interrupts off, a guest descheduled)
 * are skipped, not fired in a burst.
 *
 * Context: process; may sleep.
 * Return: the cyclic, or an ERR_PTR: -EINVAL for a bad interval or
 * flag, -ENOMEM.
 */
struct dtrace_cyclic *dtrace_cyclic_add(dtrace_task_func_t func, void *arg,
					u64 interval_ns, unsigned int flags);

/**
 * dtrace_cyclic_remove() - stop and free a cyclic
 * @cyc: from dtrace_cyclic_add()
 *
 * When this returns no handler of @cyc runs, on any CPU.
 * Context: process; may sleep.
 */
void dtrace_cyclic_remove(struct dtrace_cyclic *cyc);

/**
 * dtrace_cyclic_restart() - count @cyc's interval from now
 * @cyc: from dtrace_cyclic_add()
 *
 * The next call of the handler comes one interval from now, on every
 * CPU of a DTRACE_CYCLIC_PERCPU cyclic; the interval is the same.
 * A profile provider calls it from its ->start op (include/dtrace/provider.h).
 * Context: process; may sleep.
 */
void dtrace_cyclic_restart(struct dtrace_cyclic *cyc);

/*
 * What a probe attached at a function's entry is, which says where its
 * arguments are and when it fires: the kinds attached to one function
 * fire in this order.
 */
enum dtrace_fentry_kind {
	/* a system call's entry, on its handler (__x64_sys_NAME) */
	DTRACE_FENTRY_SYSCALL,
	/* the function's own entry (fbt) */
	DTRACE_FENTRY_FUNCTION,
	DTRACE_FENTRY_NKINDS
};

/**
 * dtrace_probe_syscall_entry() - fire a system call's entry probe
 * @id: the probe
 * @nargs: how many arguments the call takes (at most 6)
 * @regs: the task's user registers, where the system call entry saved
 *	them (the raw_syscalls:sys_enter tracepoint's, or task_pt_regs())
 *
 * arg0..arg5 are the call's arguments, 0 past @nargs: six through
 * dtrace_probe(), with no array for the core to zero and copy (this runs
 * at every traced call).  The one body of both ways a system call's
 * entry probe fires, the syscall provider's tracepoint handler and the
 * core's function-entry handler (DTRACE_FENTRY_SYSCALL), which calls no
 * provider code.  The caller has checked that the call is a 64-bit one
 * (!in_compat_syscall()).
 * Context: probe context.
 */
static __always_inline void dtrace_probe_syscall_entry(dtrace_id_t id,
						       unsigned int nargs,
						       struct pt_regs *regs)
{
	unsigned long a[6];
	unsigned int n = nargs;

	syscall_get_arguments(current, regs, a);
	dtrace_probe(id, n > 0 ? a[0] : 0, n > 1 ? a[1] : 0,
		     n > 2 ? a[2] : 0, n > 3 ? a[3] : 0, n > 4 ? a[4] : 0,
		     n > 5 ? a[5] : 0);
}

/**
 * dtrace_fentry_attach() - fire probe @id at each entry of a function
 * @ip: the function's ftrace call site: the addr of a kprobe registered
 *	on the function that has KPROBE_FLAG_FTRACE
 * @kind: what the probe is.  DTRACE_FENTRY_SYSCALL: arg0..arg5 are the
 *	system call's arguments from the task's user registers (the first
 *	@nargs of them, 0 past those), fired with dtrace_probe(), and not
 *	for a 32-bit call.  DTRACE_FENTRY_FUNCTION: the function's
 *	arguments by the calling convention, fired with
 *	dtrace_probe_entry() (stack() and caller from the function's
 *	caller); attach it from ->enable and detach it in ->disable: the
 *	core keeps the probe itself, which stays while it is enabled
 * @id: the probe
 * @nargs: how many arguments @id has (at most 255)
 *
 * The core's one ftrace_ops has the function in its filter while a probe
 * is attached there; its handler fires the probes attached to one
 * function in the order of their kinds, a system call's entry before the
 * fbt entry of its handler, whichever was attached first.  It calls no
 * code of the provider, which may go once it has detached.
 *
 * Context: process; may sleep.
 * Return: 0; -EINVAL for a bad @kind, @id or @nargs; -EBUSY if a probe
 * of @kind is attached at @ip already; -ENOMEM; or ftrace's error for a
 * function it cannot trace.
 */
int dtrace_fentry_attach(unsigned long ip, enum dtrace_fentry_kind kind,
			 dtrace_id_t id, unsigned int nargs);

/**
 * dtrace_fentry_detach() - undo dtrace_fentry_attach()
 * @ip: as attached
 * @kind: as attached; nothing happens if none is attached
 *
 * A handler that started before may still fire the probe: it runs with
 * interrupts disabled, so after an RCU grace period (synchronize_rcu(),
 * or unregistering a kprobe, which waits for one) none does.
 *
 * Context: process; may sleep.
 */
void dtrace_fentry_detach(unsigned long ip, enum dtrace_fentry_kind kind);

#endif /* _DTRACE_SERVICES_H */
