// SPDX-License-Identifier: GPL-2.0
/*
 * svctest.ko: unit tests of the core's services (<dtrace/services.h>,
 * <dtrace/hooks.h>),
 * run in the guest by selftests/modules/services.sh.  Loading the module
 * runs every test once; /proc/svctest then reads as KTAP.  With
 * pending=1 it also leaves timeouts and cyclics armed for its exit to
 * cancel, which the script checks by unloading it at once.
 * Process context throughout (module init and exit).
 */
#define pr_fmt(fmt) "svctest: " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/hardirq.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/proc_fs.h>
#include <linux/random.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <dtrace/hooks.h>
#include <dtrace/provider.h>
#include <dtrace/services.h>

static bool pending;
module_param(pending, bool, 0444);
MODULE_PARM_DESC(pending, "Leave timeouts and cyclics armed for exit to cancel");

static unsigned int races = 2000;
module_param(races, uint, 0444);
MODULE_PARM_DESC(races, "Timeout/untimeout race iterations (default 2000)");

#define SVC_NTASKS	64
#define SVC_OUT_SIZE	8192

static char *svc_out;
static size_t svc_len;
static unsigned int svc_ntests, svc_nfailed;

static void svc_report(bool ok, const char *name, const char *why)
{
	svc_ntests++;
	if (!ok)
		svc_nfailed++;
	svc_len += scnprintf(svc_out + svc_len, SVC_OUT_SIZE - svc_len,
			     "%sok %u %s%s%s\n", ok ? "" : "not ",
			     svc_ntests, name, ok ? "" : " # ", ok ? "" : why);
}

/* Task queues */

static int svc_order[SVC_NTASKS];
static atomic_t svc_norder;
static atomic_t svc_count;
static atomic_t svc_bad_context;

static void svc_task_order(void *arg)
{
	svc_order[atomic_inc_return(&svc_norder) - 1] = (long)arg;
	if (!in_task())
		atomic_inc(&svc_bad_context);
}

static void svc_task_count(void *arg)
{
	usleep_range(1000, 2000);	/* may sleep */
	atomic_inc(&svc_count);
}

static void svc_test_taskq(void)
{
	struct dtrace_taskq *tq;
	bool ordered = true;
	long i;

	tq = dtrace_taskq_create("svctest_ordered", true);
	if (!tq) {
		svc_report(false, "taskq_ordered", "create failed");
		return;
	}
	atomic_set(&svc_norder, 0);
	for (i = 0; i < SVC_NTASKS; i++)
		if (dtrace_taskq_dispatch(tq, svc_task_order, (void *)i,
					  GFP_KERNEL))
			ordered = false;
	dtrace_taskq_wait(tq);
	for (i = 0; i < SVC_NTASKS; i++)
		if (svc_order[i] != i)
			ordered = false;
	svc_report(ordered && atomic_read(&svc_norder) == SVC_NTASKS,
		   "taskq_ordered", "tasks ran out of order or not at all");
	svc_report(!atomic_read(&svc_bad_context), "taskq_process_context",
		   "a task ran outside process context");
	dtrace_taskq_destroy(tq);

	/* destroy runs what is queued: every sleeping task counts. */
	tq = dtrace_taskq_create("svctest", false);
	if (!tq) {
		svc_report(false, "taskq_destroy_drains", "create failed");
		return;
	}
	atomic_set(&svc_count, 0);
	for (i = 0; i < SVC_NTASKS; i++)
		dtrace_taskq_dispatch(tq, svc_task_count, NULL, GFP_KERNEL);
	dtrace_taskq_destroy(tq);
	svc_report(atomic_read(&svc_count) == SVC_NTASKS,
		   "taskq_destroy_drains", "destroy left tasks unrun");
}

/* Timeouts */

static void svc_timeout_order(void *arg)
{
	svc_task_order(arg);
}

static void svc_test_timeout_order(void)
{
	static const int delays_ms[] = { 60, 20, 40, 0 };
	bool ok = true;
	int i;

	atomic_set(&svc_norder, 0);
	atomic_set(&svc_bad_context, 0);
	for (i = 0; i < ARRAY_SIZE(delays_ms); i++)
		if (!dtrace_timeout(svc_timeout_order,
				    (void *)(long)delays_ms[i],
				    delays_ms[i] * NSEC_PER_MSEC))
			ok = false;
	/* Generous: an emulated guest's timers are late, never early. */
	for (i = 0; i < 200 && atomic_read(&svc_norder) < 4; i++)
		msleep(50);
	ok = ok && atomic_read(&svc_norder) == 4 && svc_order[0] == 0 &&
	     svc_order[1] == 20 && svc_order[2] == 40 && svc_order[3] == 60;
	svc_report(ok, "timeout_order", "callbacks not in expiry order");
	svc_report(!atomic_read(&svc_bad_context), "timeout_process_context",
		   "a callback ran outside process context");
}

struct svc_slow {
	struct completion	started;
	atomic_t		done;
	struct mutex		*lock;	/* taken by the callback if set */
};

static void svc_timeout_slow(void *arg)
{
	struct svc_slow *s = arg;

	complete(&s->started);
	if (s->lock)
		mutex_lock(s->lock);
	msleep(50);
	atomic_set(&s->done, 1);
	if (s->lock)
		mutex_unlock(s->lock);
}

static void svc_test_untimeout(void)
{
	struct svc_slow s = { .lock = NULL };
	dtrace_timeout_id_t id;
	bool ret;

	svc_report(!dtrace_untimeout(0) && !dtrace_untimeout(U64_MAX),
		   "untimeout_bad_id", "an unknown id was cancelled");

	/* Pending: cancelled, never runs. */
	init_completion(&s.started);
	atomic_set(&s.done, 0);
	id = dtrace_timeout(svc_timeout_slow, &s, 100 * NSEC_PER_MSEC);
	ret = dtrace_untimeout(id);
	msleep(200);
	svc_report(id && ret && !completion_done(&s.started),
		   "untimeout_pending", "a cancelled timeout ran");
	svc_report(!dtrace_untimeout(id), "untimeout_twice",
		   "a timeout was cancelled twice");

	/* Running: untimeout waits for it to return. */
	init_completion(&s.started);
	id = dtrace_timeout(svc_timeout_slow, &s, 0);
	wait_for_completion(&s.started);
	ret = dtrace_untimeout(id);
	svc_report(!ret && atomic_read(&s.done), "untimeout_waits_running",
		   "untimeout returned before the running callback");

	/* Run: nothing to cancel. */
	atomic_set(&s.done, 0);
	init_completion(&s.started);
	id = dtrace_timeout(svc_timeout_slow, &s, 0);
	wait_for_completion(&s.started);
	while (!atomic_read(&s.done))
		usleep_range(10000, 20000);
	msleep(20);
	svc_report(!dtrace_untimeout(id), "untimeout_after_run",
		   "a timeout that ran was cancelled");
}

/*
 * A callback that needs a mutex the test holds: it waits for it in
 * process context (no deadlock, nothing spins in interrupt context),
 * and untimeout() of such a callback that has not started returns at
 * once although the caller holds the mutex.
 */
static void svc_test_timeout_mutex(void)
{
	static DEFINE_MUTEX(lock);
	struct svc_slow s = { .lock = &lock };
	dtrace_timeout_id_t id;
	bool ok;

	init_completion(&s.started);
	atomic_set(&s.done, 0);
	mutex_lock(&lock);
	id = dtrace_timeout(svc_timeout_slow, &s, 0);
	ok = wait_for_completion_timeout(&s.started, 30 * HZ);
	msleep(100);	/* it is blocked on the mutex, we sleep */
	ok = ok && !atomic_read(&s.done);
	mutex_unlock(&lock);
	ok = ok && !dtrace_untimeout(id) && atomic_read(&s.done);
	svc_report(ok, "timeout_callback_waits_mutex",
		   "the callback did not wait for the mutex in process context");

	init_completion(&s.started);
	mutex_lock(&lock);
	id = dtrace_timeout(svc_timeout_slow, &s, 500 * NSEC_PER_MSEC);
	ok = dtrace_untimeout(id);
	mutex_unlock(&lock);
	svc_report(ok && !completion_done(&s.started),
		   "untimeout_holding_callbacks_mutex",
		   "cancelling a pending callback under its mutex failed");
}

/*
 * Cancellation race: untimeout() at random moments around expiry.  Each
 * callback runs at most once, and exactly when untimeout() said it was
 * not cancelled.
 */
static atomic_t *svc_ran;

static void svc_timeout_mark(void *arg)
{
	atomic_inc(&svc_ran[(long)arg]);
}

static void svc_test_timeout_race(void)
{
	unsigned int i, bad = 0;
	dtrace_timeout_id_t id;
	bool cancelled;

	svc_ran = kcalloc(races, sizeof(*svc_ran), GFP_KERNEL);
	if (!svc_ran) {
		svc_report(false, "untimeout_race", "out of memory");
		return;
	}
	for (i = 0; i < races; i++) {
		id = dtrace_timeout(svc_timeout_mark, (void *)(long)i,
				    get_random_u32() % 50000);
		if (!id) {
			bad++;
			continue;
		}
		udelay(get_random_u32() % 60);
		cancelled = dtrace_untimeout(id);
		if (atomic_read(&svc_ran[i]) != !cancelled)
			bad++;
	}
	msleep(100);
	for (i = 0; i < races; i++)
		if (atomic_read(&svc_ran[i]) > 1)
			bad++;
	svc_report(!bad, "untimeout_race",
		   "a callback ran after being cancelled, or twice");
	kfree(svc_ran);
}

/* Cyclics */

static DEFINE_PER_CPU(atomic_t, svc_fired);
static atomic_t svc_fired_total;

static void svc_cyclic_fire(void *arg)
{
	if (!in_hardirq())
		atomic_inc(&svc_bad_context);
	atomic_inc(this_cpu_ptr(&svc_fired));
	atomic_inc(&svc_fired_total);
}

static void svc_test_cyclic(void)
{
	struct dtrace_cyclic *cyc;
	int cpu, before, missing = 0;

	svc_report(PTR_ERR(dtrace_cyclic_add(svc_cyclic_fire, NULL, 10, 0)) ==
		   -EINVAL && PTR_ERR(dtrace_cyclic_add(svc_cyclic_fire, NULL,
				NSEC_PER_MSEC, 0x80)) == -EINVAL,
		   "cyclic_bad_args", "a bad interval or flag was taken");

	atomic_set(&svc_bad_context, 0);
	atomic_set(&svc_fired_total, 0);
	cyc = dtrace_cyclic_add(svc_cyclic_fire, NULL, NSEC_PER_MSEC, 0);
	if (IS_ERR(cyc)) {
		svc_report(false, "cyclic_single", "add failed");
		return;
	}
	msleep(100);
	dtrace_cyclic_remove(cyc);
	before = atomic_read(&svc_fired_total);
	msleep(50);
	svc_report(before > 0, "cyclic_single", "never fired");
	svc_report(atomic_read(&svc_fired_total) == before,
		   "cyclic_remove_stops", "fired after remove");

	for_each_possible_cpu(cpu)
		atomic_set(per_cpu_ptr(&svc_fired, cpu), 0);
	cyc = dtrace_cyclic_add(svc_cyclic_fire, NULL, NSEC_PER_MSEC,
				DTRACE_CYCLIC_PERCPU);
	if (IS_ERR(cyc)) {
		svc_report(false, "cyclic_percpu", "add failed");
		return;
	}
	msleep(200);
	dtrace_cyclic_remove(cyc);
	for_each_online_cpu(cpu)
		if (!atomic_read(per_cpu_ptr(&svc_fired, cpu)))
			missing++;
	svc_report(!missing, "cyclic_percpu", "a CPU never fired");
	svc_report(!atomic_read(&svc_bad_context), "cyclic_hardirq_context",
		   "a handler ran outside hardirq context");

	/* add and remove back to back, timers firing all the while */
	for (cpu = 0; cpu < 200; cpu++) {
		cyc = dtrace_cyclic_add(svc_cyclic_fire, NULL, NSEC_PER_USEC *
					50, cpu & 1 ? DTRACE_CYCLIC_PERCPU : 0);
		if (IS_ERR(cyc))
			break;
		udelay(get_random_u32() % 200);
		dtrace_cyclic_remove(cyc);
	}
	svc_report(cpu == 200, "cyclic_add_remove_storm", "add failed");
}

/* Hooks */

static atomic_t svc_hook_hits;

static void svc_hook_switch(void *data, bool preempt, struct task_struct *prev,
			    struct task_struct *next, unsigned int prev_state)
{
	atomic_inc(&svc_hook_hits);
}

static int svc_hook_msleep(struct kprobe *kp, struct pt_regs *regs)
{
	atomic_inc(&svc_hook_hits);
	return 0;
}

enum {
	SVC_HOOK_SWITCH, SVC_HOOK_NOFUNC, SVC_HOOK_NOTP, SVC_HOOK_ALT,
	SVC_HOOK_OPTIONAL
};

static const struct dtrace_hook_desc svc_hook_descs[] = {
	[SVC_HOOK_SWITCH] = DTRACE_HOOK_TP("sched_switch", svc_hook_switch),
	[SVC_HOOK_NOFUNC] = {
		.kind = DTRACE_HOOK_KPROBE, .pre = svc_hook_msleep,
		.symbols = { "svctest_no_such_function",
			     "svctest_no_such_function2" },
	},
	[SVC_HOOK_NOTP] = DTRACE_HOOK_TP("svctest_no_such_tracepoint",
					 svc_hook_switch),
	[SVC_HOOK_ALT] = {
		.kind = DTRACE_HOOK_KPROBE, .pre = svc_hook_msleep,
		.symbols = { "svctest_no_such_function", "msleep" },
	},
	[SVC_HOOK_OPTIONAL] = {
		.kind = DTRACE_HOOK_KPROBE, .pre = svc_hook_msleep,
		.symbols = { "svctest_no_such_function" }, .optional = true,
	},
};

/* Whether a hook of the table fires while this thread sleeps 50 ms. */
static bool svc_hook_fires(void)
{
	atomic_set(&svc_hook_hits, 0);
	msleep(50);
	return atomic_read(&svc_hook_hits) > 0;
}

static void svc_test_hooks(void)
{
	struct dtrace_hooks *h;
	bool fired;

	svc_report(PTR_ERR(dtrace_hooks_create("svctest", svc_hook_descs, 0,
					       0)) == -EINVAL,
		   "hooks_bad_table", "an empty table was taken");
	h = dtrace_hooks_create("svctest", svc_hook_descs,
				ARRAY_SIZE(svc_hook_descs), 0);
	if (IS_ERR(h)) {
		svc_report(false, "hooks_create", "create failed");
		return;
	}
	svc_report(!svc_hook_fires(), "hooks_unarmed", "fired before arming");
	svc_report(dtrace_hooks_arm(h, BIT(SVC_HOOK_NOFUNC)) == -ENOENT &&
		   dtrace_hooks_arm(h, BIT(SVC_HOOK_NOTP)) == -ENOENT,
		   "hooks_missing_target", "not -ENOENT");
	svc_report(dtrace_hooks_arm(h, BIT(SVC_HOOK_SWITCH) |
				    BIT(SVC_HOOK_NOTP)) == -ENOENT &&
		   !svc_hook_fires(), "hooks_all_or_none",
		   "a failed arm left a hook armed");

	if (dtrace_hooks_arm(h, BIT(SVC_HOOK_SWITCH)) ||
	    dtrace_hooks_arm(h, BIT(SVC_HOOK_SWITCH))) {
		svc_report(false, "hooks_refcount", "arm failed");
		dtrace_hooks_destroy(h);
		return;
	}
	fired = svc_hook_fires();
	dtrace_hooks_disarm(h, BIT(SVC_HOOK_SWITCH));
	fired = fired && svc_hook_fires();
	dtrace_hooks_disarm(h, BIT(SVC_HOOK_SWITCH));
	svc_report(fired && !svc_hook_fires(), "hooks_refcount",
		   "not armed while referenced, or armed after the last disarm");

	fired = !dtrace_hooks_arm(h, BIT(SVC_HOOK_ALT));
	if (fired) {
		fired = svc_hook_fires();
		dtrace_hooks_disarm(h, BIT(SVC_HOOK_ALT));
	}
	svc_report(fired && !svc_hook_fires(), "hooks_other_name",
		   "the kprobe on its second name did not fire, or outlived disarm");

	fired = !dtrace_hooks_arm(h, BIT(SVC_HOOK_OPTIONAL) |
				  BIT(SVC_HOOK_SWITCH));
	if (fired) {
		fired = svc_hook_fires();
		dtrace_hooks_disarm(h, BIT(SVC_HOOK_OPTIONAL) |
				    BIT(SVC_HOOK_SWITCH));
	}
	svc_report(fired && !svc_hook_fires(), "hooks_optional",
		   "a missing optional hook failed the arming of its mask");
	dtrace_hooks_destroy(h);
}

/* pending=1: armed now, cancelled by svctest_exit(). */
static dtrace_timeout_id_t svc_pending_ids[8];
static struct dtrace_cyclic *svc_pending_cyc;

static void svc_timeout_pending(void *arg)
{
	pr_info("a pending timeout ran before the module was unloaded\n");
}

static void svc_arm_pending(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(svc_pending_ids); i++)
		svc_pending_ids[i] = dtrace_timeout(svc_timeout_pending,
						    NULL, (i + 1) * NSEC_PER_SEC);
	svc_pending_cyc = dtrace_cyclic_add(svc_cyclic_fire, NULL,
					    NSEC_PER_MSEC,
					    DTRACE_CYCLIC_PERCPU);
}

static int svc_show(struct seq_file *m, void *v)
{
	seq_printf(m, "TAP version 13\n1..%u\n%s", svc_ntests, svc_out);
	return 0;
}

static int __init svctest_init(void)
{
	svc_out = kzalloc(SVC_OUT_SIZE, GFP_KERNEL);
	if (!svc_out)
		return -ENOMEM;
	svc_test_taskq();
	svc_test_timeout_order();
	svc_test_untimeout();
	svc_test_timeout_mutex();
	svc_test_timeout_race();
	svc_test_cyclic();
	svc_test_hooks();
	if (pending)
		svc_arm_pending();
	pr_info("%u tests, %u failed\n", svc_ntests, svc_nfailed);
	if (!proc_create_single("svctest", 0444, NULL, svc_show)) {
		kfree(svc_out);
		return -ENOMEM;
	}
	return 0;
}

static void __exit svctest_exit(void)
{
	int i;

	remove_proc_entry("svctest", NULL);
	for (i = 0; i < ARRAY_SIZE(svc_pending_ids); i++)
		dtrace_untimeout(svc_pending_ids[i]);
	if (!IS_ERR_OR_NULL(svc_pending_cyc))
		dtrace_cyclic_remove(svc_pending_cyc);
	kfree(svc_out);
}

module_init(svctest_init);
module_exit(svctest_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Unit tests of the DTrace core's taskq, timeout, cyclic and hook services");
MODULE_IMPORT_NS(DTRACE_NS);
