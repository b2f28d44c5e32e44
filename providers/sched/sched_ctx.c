// SPDX-License-Identifier: GPL-2.0
/*
 * Probe context of the sched provider: the tracepoint, kprobe and
 * kretprobe handlers that turn a scheduler event into a sched:::
 * probe.  They run inside the scheduler, most with its runqueue lock
 * held and interrupts off: each reads the task_structs it is given,
 * calls dtrace_probe_args() or dtrace_probe_regs() and returns.  No
 * locks, no allocation, no sleeping, nothing that could call back into
 * the scheduler.  sched.c arms them; sched_prov.h maps probes to hooks.
 *
 * Arguments are kernel pointers and numbers that the D library
 * translates (psinfo.d, sched.d):
 *
 *	arg0 struct task_struct *	the thread (lwpsinfo_t *)
 *	arg1 struct task_struct *	the same, for psinfo_t *
 *	arg2 int			enqueue, dequeue: its CPU (cpuinfo_t *);
 *					change-pri: the new priority
 *	arg3 int			dequeue: 1 if it leaves to sleep
 */
#define pr_fmt(fmt) "dtrace sched: " fmt

#include <linux/kprobes.h>
#include <linux/minmax.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/prio.h>
#include <linux/smp.h>
#include <uapi/linux/sched.h>
#include "sched_prov.h"

/*
 * The scheduler's private numbers this file reads, the same in every
 * kernel generation dtrace builds for (kernel/sched/sched.h,
 * kernel/sched/core.c): __schedule()'s mode for a preemption, and the
 * dequeue flag of a task that goes to sleep.
 */
#define SCHEDP_SM_PREEMPT	1
#define SCHEDP_DEQUEUE_SLEEP	0x01

dtrace_id_t schedp_ids[SCHEDP_NPROBES];
bool schedp_enabled[SCHEDP_NPROBES];
size_t schedp_rq_cpu_off;
size_t schedp_rq_curr_off;

/* Fire @p, fired from a tracepoint, if it is enabled. */
static void schedp_fire(enum schedp_probe p, const u64 *args, unsigned int n)
{
	if (READ_ONCE(schedp_enabled[p]))
		dtrace_probe_args(schedp_ids[p], args, n, 0);
}
NOKPROBE_SYMBOL(schedp_fire);

/*
 * Fire @p, fired from kprobe @kp at a function's entry, if it is
 * enabled: stack() starts in the hooked function's caller.
 */
static void schedp_fire_kprobe(enum schedp_probe p, const u64 *args,
			       unsigned int n, struct kprobe *kp,
			       struct pt_regs *regs)
{
	if (READ_ONCE(schedp_enabled[p]))
		dtrace_probe_kprobe(schedp_ids[p], args, n, kp, regs, true);
}
NOKPROBE_SYMBOL(schedp_fire_kprobe);

/*
 * sched_switch, in __schedule() of @prev (current) just before it
 * hands the CPU to @next, runqueue locked.  @prev sleeps if it was not
 * preempted and its state is still a sleeping one (a pending signal
 * puts it back to TASK_RUNNING first); a dying task's last switch is
 * not a sleep.
 */
static void schedp_switch(void *data, bool preempt, struct task_struct *prev,
			  struct task_struct *next, unsigned int prev_state)
{
	u64 args[2] = { (uintptr_t)next, (uintptr_t)next };
	unsigned int state = READ_ONCE(prev->__state);

	if (!preempt && state != TASK_RUNNING && !(state & TASK_DEAD))
		schedp_fire(SCHEDP_SLEEP, NULL, 0);
	schedp_fire(SCHEDP_OFF_CPU, args, 2);
}
NOKPROBE_SYMBOL(schedp_switch);

/*
 * finish_task_switch(), entry: the first thing a thread runs when it
 * is back on a CPU (a new thread too, from schedule_tail()); current is
 * already the thread switched to, the runqueue still locked.
 */
static int schedp_finish(struct kprobe *kp, struct pt_regs *regs)
{
	schedp_fire_kprobe(SCHEDP_ON_CPU, NULL, 0, kp, regs);
	return 0;
}
NOKPROBE_SYMBOL(schedp_finish);

/*
 * Whether __schedule(), entered with @regs, was called for a current
 * thread that stays runnable: a preemption, or a thread that calls
 * schedule() without going to sleep (yield, cond_resched(), the return
 * to user mode).  The idle thread is left out.
 */
static bool schedp_stays_runnable(struct pt_regs *regs)
{
	int mode = (int)regs_get_kernel_argument(regs, 0);

	if (is_idle_task(current))
		return false;
	return mode == SCHEDP_SM_PREEMPT ||
	       READ_ONCE(current->__state) == TASK_RUNNING;
}
NOKPROBE_SYMBOL(schedp_stays_runnable);

/*
 * __schedule(), entry: preempt fires when the scheduler has asked the
 * current thread to give up its CPU (TIF_NEED_RESCHED: the tick, a
 * wakeup of a more urgent thread, another CPU) and it now does, still
 * runnable.  off-cpu or remain-cpu follows.
 */
static int schedp_schedule(struct kprobe *kp, struct pt_regs *regs)
{
	if (schedp_stays_runnable(regs) && test_tsk_need_resched(current))
		schedp_fire_kprobe(SCHEDP_PREEMPT, NULL, 0, kp, regs);
	return 0;
}
NOKPROBE_SYMBOL(schedp_schedule);

/*
 * __schedule(), entry, for remain-cpu: only calls for a thread that
 * stays runnable are followed to their return (a thread going to sleep
 * would hold a kretprobe instance for as long as it sleeps).  The
 * thread's context switch count is kept to tell, at the return,
 * whether it left the CPU meanwhile.
 */
static int schedp_schedule_entry(struct kretprobe_instance *ri,
				 struct pt_regs *regs)
{
	unsigned long *switches = (unsigned long *)ri->data;

	if (!schedp_stays_runnable(regs))
		return 1;
	*switches = current->nvcsw + current->nivcsw;
	return 0;
}
NOKPROBE_SYMBOL(schedp_schedule_entry);

/* __schedule() returns: remain-cpu if the thread never left its CPU. */
static int schedp_schedule_ret(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	unsigned long *switches = (unsigned long *)ri->data;

	if (current->nvcsw + current->nivcsw == *switches &&
	    READ_ONCE(schedp_enabled[SCHEDP_REMAIN_CPU]))
		dtrace_probe_regs(schedp_ids[SCHEDP_REMAIN_CPU], NULL, 0, regs,
				  false);
	return 0;
}
NOKPROBE_SYMBOL(schedp_schedule_ret);

/*
 * sched_waking, in try_to_wake_up() of the waker (a thread, or an
 * interrupt), once it is known that @p sleeps in a state the wakeup
 * ends.
 */
static void schedp_waking(void *data, struct task_struct *p)
{
	u64 args[2] = { (uintptr_t)p, (uintptr_t)p };

	schedp_fire(SCHEDP_WAKEUP, args, 2);
}
NOKPROBE_SYMBOL(schedp_waking);

/*
 * enqueue_task_<class>(rq, p, flags), entry: @p joins the runqueue of
 * the CPU it is set to run on (task_cpu() is set before the enqueue).
 */
static int schedp_enqueue(struct kprobe *kp, struct pt_regs *regs)
{
	struct task_struct *p = (void *)regs_get_kernel_argument(regs, 1);
	u64 args[3] = { (uintptr_t)p, (uintptr_t)p, task_cpu(p) };

	schedp_fire_kprobe(SCHEDP_ENQUEUE, args, 3, kp, regs);
	return 0;
}
NOKPROBE_SYMBOL(schedp_enqueue);

/* dequeue_task_<class>(rq, p, flags), entry: @p leaves its runqueue. */
static int schedp_dequeue(struct kprobe *kp, struct pt_regs *regs)
{
	struct task_struct *p = (void *)regs_get_kernel_argument(regs, 1);
	int flags = (int)regs_get_kernel_argument(regs, 2);
	u64 args[4] = { (uintptr_t)p, (uintptr_t)p, task_cpu(p),
			!!(flags & SCHEDP_DEQUEUE_SLEEP) };

	schedp_fire_kprobe(SCHEDP_DEQUEUE, args, 4, kp, regs);
	return 0;
}
NOKPROBE_SYMBOL(schedp_dequeue);

/*
 * The priority @p gets from its policy and parameters as they are now:
 * what __sched_setscheduler() and set_user_nice() have just stored
 * when they call set_load_weight().
 */
static int schedp_normal_prio(const struct task_struct *p)
{
	unsigned int policy = READ_ONCE(p->policy);

	if (policy == SCHED_DEADLINE)
		return MAX_DL_PRIO - 1;
	if (policy == SCHED_FIFO || policy == SCHED_RR)
		return MAX_RT_PRIO - 1 - READ_ONCE(p->rt_priority);
	return READ_ONCE(p->static_prio);
}
NOKPROBE_SYMBOL(schedp_normal_prio);

/* change-pri of @p to @prio, from kprobe @kp at @regs or a tracepoint */
static void schedp_change_pri(struct task_struct *p, int prio,
			      struct kprobe *kp, struct pt_regs *regs)
{
	u64 args[3] = { (uintptr_t)p, (uintptr_t)p, prio };

	if (prio == READ_ONCE(p->prio))
		return;
	if (kp)
		schedp_fire_kprobe(SCHEDP_CHANGE_PRI, args, 3, kp, regs);
	else
		schedp_fire(SCHEDP_CHANGE_PRI, args, 3);
}
NOKPROBE_SYMBOL(schedp_change_pri);

/*
 * set_load_weight(p, update_load), entry, with update_load true: called
 * by sched_setscheduler()/sched_setattr() and setpriority()/nice()
 * once they have checked the request and stored the new policy or nice
 * value, before @p's priority changes.  (Its other callers, a fork and
 * boot, pass false.)
 */
static int schedp_load_weight(struct kprobe *kp, struct pt_regs *regs)
{
	struct task_struct *p = (void *)regs_get_kernel_argument(regs, 0);

	if ((u8)regs_get_kernel_argument(regs, 1))
		schedp_change_pri(p, schedp_normal_prio(p), kp, regs);
	return 0;
}
NOKPROBE_SYMBOL(schedp_load_weight);

/*
 * sched_pi_setprio: priority inheritance boosts @p to the priority of
 * @pi_task, the most urgent thread waiting on an rt_mutex it holds, or
 * (@pi_task NULL) ends the boost.
 */
static void schedp_pi_setprio(void *data, struct task_struct *p,
			      struct task_struct *pi_task)
{
	int prio = READ_ONCE(p->normal_prio);

	if (pi_task)
		prio = min(prio, READ_ONCE(pi_task->prio));
	schedp_change_pri(p, prio, NULL, NULL);
}
NOKPROBE_SYMBOL(schedp_pi_setprio);

/*
 * resched_curr(rq), entry, runqueue locked: the thread running on the
 * runqueue's CPU is told to give it up.  surrender fires when that CPU
 * is another one (it is then sent an IPI) and the thread had not been
 * told already.
 */
static int schedp_resched(struct kprobe *kp, struct pt_regs *regs)
{
	const char *rq = (const char *)regs_get_kernel_argument(regs, 0);
	int rqcpu = READ_ONCE(*(const int *)(rq + schedp_rq_cpu_off));
	struct task_struct *curr;
	u64 args[2];

	if (rqcpu == smp_processor_id())
		return 0;
	curr = READ_ONCE(*(struct task_struct *const *)(rq +
							schedp_rq_curr_off));
	if (test_tsk_need_resched(curr))
		return 0;
	args[0] = (uintptr_t)curr;
	args[1] = (uintptr_t)curr;
	schedp_fire_kprobe(SCHEDP_SURRENDER, args, 2, kp, regs);
	return 0;
}
NOKPROBE_SYMBOL(schedp_resched);

/*
 * update_process_times(), entry: the tick's accounting of the thread
 * it interrupted, on each CPU that takes ticks (an idle CPU may not).
 */
static int schedp_tick(struct kprobe *kp, struct pt_regs *regs)
{
	u64 args[2] = { (uintptr_t)current, (uintptr_t)current };

	schedp_fire_kprobe(SCHEDP_TICK, args, 2, kp, regs);
	return 0;
}
NOKPROBE_SYMBOL(schedp_tick);

const struct dtrace_hook_desc schedp_hook_descs[SCHEDP_NHOOKS] = {
	[SCHEDP_HOOK_SWITCH] = DTRACE_HOOK_TP("sched_switch", schedp_switch),
	[SCHEDP_HOOK_FINISH] = {
		.kind = DTRACE_HOOK_KPROBE,
		.symbols = { "finish_task_switch",
			     "finish_task_switch.isra.0" },
		.pre = schedp_finish,
	},
	[SCHEDP_HOOK_SCHEDULE] = DTRACE_HOOK_KP("__schedule", schedp_schedule),
	[SCHEDP_HOOK_SCHEDULE_RET] = {
		.kind = DTRACE_HOOK_KRETPROBE,
		.symbols = { "__schedule" }, .entry = schedp_schedule_entry,
		.ret = schedp_schedule_ret, .data_size = sizeof(unsigned long),
	},
	[SCHEDP_HOOK_WAKING] = DTRACE_HOOK_TP("sched_waking", schedp_waking),
	[SCHEDP_HOOK_ENQ_FAIR] = DTRACE_HOOK_KP("enqueue_task_fair",
						schedp_enqueue),
	[SCHEDP_HOOK_ENQ_RT] = DTRACE_HOOK_KP("enqueue_task_rt", schedp_enqueue),
	[SCHEDP_HOOK_ENQ_DL] = DTRACE_HOOK_KP("enqueue_task_dl", schedp_enqueue),
	[SCHEDP_HOOK_ENQ_STOP] = DTRACE_HOOK_KP("enqueue_task_stop",
						schedp_enqueue),
	[SCHEDP_HOOK_DEQ_FAIR] = DTRACE_HOOK_KP("dequeue_task_fair",
						schedp_dequeue),
	[SCHEDP_HOOK_DEQ_RT] = DTRACE_HOOK_KP("dequeue_task_rt", schedp_dequeue),
	[SCHEDP_HOOK_DEQ_DL] = DTRACE_HOOK_KP("dequeue_task_dl", schedp_dequeue),
	[SCHEDP_HOOK_DEQ_STOP] = DTRACE_HOOK_KP("dequeue_task_stop",
						schedp_dequeue),
	[SCHEDP_HOOK_LOAD_WEIGHT] = DTRACE_HOOK_KP("set_load_weight",
						   schedp_load_weight),
	[SCHEDP_HOOK_PI_SETPRIO] = DTRACE_HOOK_TP("sched_pi_setprio",
						  schedp_pi_setprio),
	[SCHEDP_HOOK_RESCHED] = DTRACE_HOOK_KP("resched_curr", schedp_resched),
	[SCHEDP_HOOK_TICK] = DTRACE_HOOK_KP("update_process_times", schedp_tick),
};
