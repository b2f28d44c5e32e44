// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_sched.ko: the sched provider.  sched:::on-cpu, off-cpu,
 * enqueue, dequeue, wakeup, preempt, remain-cpu, sleep, change-pri,
 * surrender and tick, with the arguments other DTraces document
 * (lwpsinfo_t *, psinfo_t *, cpuinfo_t *), fired from the scheduler's
 * tracepoints where it has them and kprobes where it does not.  This
 * file creates the probes, describes their arguments and arms the hooks
 * a probe needs while it is enabled; sched_ctx.c is what runs when they
 * hit.  docs/providers/sched.md says what each probe means on Linux.
 */
#define pr_fmt(fmt) "dtrace sched: " fmt

#include <linux/bitops.h>
#include <linux/btf.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include "sched_prov.h"

#define SCHEDP_HOOKS_ENQ	(BIT(SCHEDP_HOOK_ENQ_FAIR) | \
				 BIT(SCHEDP_HOOK_ENQ_RT) | \
				 BIT(SCHEDP_HOOK_ENQ_DL) | \
				 BIT(SCHEDP_HOOK_ENQ_STOP))
#define SCHEDP_HOOKS_DEQ	(BIT(SCHEDP_HOOK_DEQ_FAIR) | \
				 BIT(SCHEDP_HOOK_DEQ_RT) | \
				 BIT(SCHEDP_HOOK_DEQ_DL) | \
				 BIT(SCHEDP_HOOK_DEQ_STOP))

/* args[N] of a probe: the kernel type passed and the type D sees. */
struct schedp_arg {
	const char	*native;
	const char	*xlate;		/* NULL: args[N] has the native type */
};

/**
 * struct schedp_probe_desc - one probe
 * @name: the probe name
 * @hooks: BIT(SCHEDP_HOOK_*) of each hook that fires it
 * @args: its arguments; an entry without @native ends them
 */
struct schedp_probe_desc {
	const char		*name;
	unsigned long		hooks;
	struct schedp_arg	args[4];
};

#define SCHEDP_LWPSINFO	{ "struct task_struct *", "lwpsinfo_t *" }
#define SCHEDP_PSINFO	{ "struct task_struct *", "psinfo_t *" }
#define SCHEDP_CPUINFO	{ "int", "cpuinfo_t *" }

static const struct schedp_probe_desc schedp_probes[SCHEDP_NPROBES] = {
	[SCHEDP_ON_CPU] = { "on-cpu", BIT(SCHEDP_HOOK_FINISH) },
	[SCHEDP_OFF_CPU] = { "off-cpu", BIT(SCHEDP_HOOK_SWITCH),
			     { SCHEDP_LWPSINFO, SCHEDP_PSINFO } },
	[SCHEDP_ENQUEUE] = { "enqueue", SCHEDP_HOOKS_ENQ,
			     { SCHEDP_LWPSINFO, SCHEDP_PSINFO,
			       SCHEDP_CPUINFO } },
	[SCHEDP_DEQUEUE] = { "dequeue", SCHEDP_HOOKS_DEQ,
			     { SCHEDP_LWPSINFO, SCHEDP_PSINFO,
			       SCHEDP_CPUINFO, { "int" } } },
	[SCHEDP_WAKEUP] = { "wakeup", BIT(SCHEDP_HOOK_WAKING),
			    { SCHEDP_LWPSINFO, SCHEDP_PSINFO } },
	[SCHEDP_PREEMPT] = { "preempt", BIT(SCHEDP_HOOK_SCHEDULE) },
	[SCHEDP_REMAIN_CPU] = { "remain-cpu", BIT(SCHEDP_HOOK_SCHEDULE_RET) },
	[SCHEDP_SLEEP] = { "sleep", BIT(SCHEDP_HOOK_SWITCH) },
	[SCHEDP_CHANGE_PRI] = { "change-pri", BIT(SCHEDP_HOOK_LOAD_WEIGHT) |
				BIT(SCHEDP_HOOK_PI_SETPRIO),
				{ SCHEDP_LWPSINFO, SCHEDP_PSINFO, { "int" } } },
	[SCHEDP_SURRENDER] = { "surrender", BIT(SCHEDP_HOOK_RESCHED),
			       { SCHEDP_LWPSINFO, SCHEDP_PSINFO } },
	[SCHEDP_TICK] = { "tick", BIT(SCHEDP_HOOK_TICK),
			  { SCHEDP_LWPSINFO, SCHEDP_PSINFO } },
};

static dtrace_provider_id_t schedp_id;

static struct dtrace_hooks *schedp_hooks;

/* protects the rq layout */
static DEFINE_MUTEX(schedp_lock);
static bool schedp_rq_known;

static unsigned int maxactive = 1024;
module_param(maxactive, uint, 0444);
MODULE_PARM_DESC(maxactive,
		 "Runnable threads inside the scheduler at once that remain-cpu can follow, count (default 1024)");

/* Type @id of @btf past its typedefs and qualifiers, or NULL. */
static const struct btf_type *schedp_btf_resolve(const struct dtrace_btf *btf,
						 u32 id)
{
	const struct btf_type *t = dtrace_btf_type(btf, id);
	unsigned int depth;

	for (depth = 0; t && depth < 8; depth++) {
		if (btf_kind(t) != BTF_KIND_TYPEDEF &&
		    btf_kind(t) != BTF_KIND_CONST &&
		    btf_kind(t) != BTF_KIND_VOLATILE &&
		    btf_kind(t) != BTF_KIND_TYPE_TAG)
			return t;
		t = dtrace_btf_type(btf, t->type);
	}
	return NULL;
}

/*
 * The byte offset of member @name of struct or union @sou in @btf,
 * whose type must be @kind (after typedefs and qualifiers) of @size
 * bytes.  The member may be inside anonymous structs and unions of
 * @sou, @depth levels deep at most: 6.12's struct rq has curr in a
 * union with donor.
 * Return: the offset, or -ENOENT.
 */
static long schedp_btf_member(const struct dtrace_btf *btf,
			      const struct btf_type *sou, const char *name,
			      unsigned int kind, u32 size, unsigned int depth)
{
	const struct btf_member *m = btf_members(sou);
	const struct btf_type *t;
	u32 i, bits;
	long off;

	for (i = 0; i < btf_vlen(sou); i++, m++) {
		t = schedp_btf_resolve(btf, m->type);
		bits = btf_member_bit_offset(sou, i);
		if (!t || bits % 8)
			continue;
		if (!m->name_off && depth &&
		    (btf_kind(t) == BTF_KIND_STRUCT ||
		     btf_kind(t) == BTF_KIND_UNION)) {
			off = schedp_btf_member(btf, t, name, kind, size,
						depth - 1);
			if (off >= 0 && bits / 8 + off + size <= sou->size)
				return bits / 8 + off;
			continue;
		}
		if (strcmp(dtrace_btf_name(btf, m->name_off), name))
			continue;
		if (btf_kind(t) != kind ||
		    (kind == BTF_KIND_INT && t->size != size) ||
		    bits / 8 + size > sou->size)
			return -ENOENT;
		return bits / 8;
	}
	return -ENOENT;
}

/*
 * Find where struct rq keeps its CPU (int cpu) and running task
 * (struct task_struct *curr), once.  Context: process; schedp_lock
 * held; may sleep.  Return: 0, or the error reading the BTF, or
 * -ENOENT.
 */
static int schedp_rq_layout(void)
{
	struct dtrace_btf *btf;
	const struct btf_type *t;
	long cpu = -ENOENT, curr = -ENOENT;
	u32 first, n, id;

	lockdep_assert_held(&schedp_lock);
	if (schedp_rq_known)
		return 0;
	btf = dtrace_btf_load("vmlinux", NULL);
	if (IS_ERR(btf))
		return PTR_ERR(btf);
	dtrace_btf_ids(btf, &first, &n);
	for (id = first; id < first + n; id++) {
		t = dtrace_btf_type(btf, id);
		if (!t || btf_kind(t) != BTF_KIND_STRUCT ||
		    strcmp(dtrace_btf_name(btf, t->name_off), "rq"))
			continue;
		cpu = schedp_btf_member(btf, t, "cpu", BTF_KIND_INT,
					sizeof(int), 2);
		curr = schedp_btf_member(btf, t, "curr", BTF_KIND_PTR,
					 sizeof(void *), 2);
		break;
	}
	dtrace_btf_free(btf);
	if (cpu < 0 || curr < 0)
		return -ENOENT;
	schedp_rq_cpu_off = cpu;
	schedp_rq_curr_off = curr;
	schedp_rq_known = true;
	return 0;
}

static enum schedp_probe schedp_probe_of(const void *parg)
{
	return (const struct schedp_probe_desc *)parg - schedp_probes;
}

/**
 * schedp_enable() - arm every hook probe @parg needs, then let it fire
 * @arg: unused
 * @id: the probe
 * @parg: its entry in schedp_probes[]
 *
 * Context: process; may sleep; core locks held.
 * Return: 0, or the error of the hook that could not be armed (the
 * others are disarmed again).
 */
static int schedp_enable(void *arg, dtrace_id_t id, void *parg)
{
	enum schedp_probe p = schedp_probe_of(parg);
	int ret;

	if (p == SCHEDP_SURRENDER) {
		mutex_lock(&schedp_lock);
		ret = schedp_rq_layout();
		mutex_unlock(&schedp_lock);
		if (ret) {
			pr_warn("no struct rq cpu and curr in the kernel's BTF: %d\n",
				ret);
			return ret;
		}
	}
	ret = dtrace_hooks_arm(schedp_hooks, schedp_probes[p].hooks);
	if (!ret)
		WRITE_ONCE(schedp_enabled[p], true);
	return ret;
}

/**
 * schedp_disable() - stop probe @parg firing and disarm the hooks no
 *	other enabled probe needs
 * @arg: unused
 * @id: the probe
 * @parg: its entry in schedp_probes[]
 *
 * Context: process; may sleep; core locks held.  When it returns no
 * handler of a disarmed hook runs; one still armed for another probe
 * may run, but tests schedp_enabled[] and skips this probe (the core
 * waits a grace period before it frees what the probe could reach).
 */
static void schedp_disable(void *arg, dtrace_id_t id, void *parg)
{
	enum schedp_probe p = schedp_probe_of(parg);

	WRITE_ONCE(schedp_enabled[p], false);
	dtrace_hooks_disarm(schedp_hooks, schedp_probes[p].hooks);
}

/**
 * schedp_getargdesc() - describe args[@desc->argno] of probe @parg
 * @arg: unused
 * @id: the probe
 * @parg: its entry in schedp_probes[]
 * @desc: in, the argument number; out, its types
 *
 * args[N] is arg N, translated where the table says.
 * Context: process; may sleep; core locks held.
 */
static void schedp_getargdesc(void *arg, dtrace_id_t id, void *parg,
			      struct dtrace_ioc_probearg *desc)
{
	const struct schedp_probe_desc *pd = parg;
	const struct schedp_arg *a;

	if (desc->argno >= ARRAY_SIZE(pd->args))
		return;
	a = &pd->args[desc->argno];
	if (!a->native)
		return;
	strscpy(desc->native, a->native, sizeof(desc->native));
	if (a->xlate)
		strscpy(desc->xlate, a->xlate, sizeof(desc->xlate));
	desc->mapping = desc->argno;
}

/* DTrace's attributes for its sched provider */
static const struct dtrace_pattr schedp_attr = DTRACE_PATTR_EVENTS;

static const struct dtrace_pops schedp_pops = {
	.owner		= THIS_MODULE,
	.enable		= schedp_enable,
	.disable	= schedp_disable,
	.getargdesc	= schedp_getargdesc,
	.attr		= &schedp_attr,
};

static int __init schedp_init(void)
{
	unsigned int p;
	int ret;

	schedp_hooks = dtrace_hooks_create("sched", schedp_hook_descs,
					   SCHEDP_NHOOKS, maxactive);
	if (IS_ERR(schedp_hooks)) {
		ret = PTR_ERR(schedp_hooks);
		goto out;
	}
	ret = dtrace_register("sched", &schedp_pops, NULL, &schedp_id);
	if (ret)
		goto out_hooks;
	for (p = 0; p < SCHEDP_NPROBES; p++) {
		schedp_ids[p] = dtrace_probe_create(schedp_id, "vmlinux", "",
						    schedp_probes[p].name,
						    (void *)&schedp_probes[p]);
		if (schedp_ids[p] == DTRACE_IDNONE) {
			ret = -ENOMEM;
			goto out_unregister;
		}
	}
	return 0;

out_unregister:
	dtrace_unregister(schedp_id);
out_hooks:
	dtrace_hooks_destroy(schedp_hooks);
out:
	pr_err("cannot register: %d\n", ret);
	return ret;
}

/* No probe is enabled, so no hook is armed: the core holds us while one is. */
static void __exit schedp_exit(void)
{
	dtrace_unregister(schedp_id);
	dtrace_hooks_destroy(schedp_hooks);
}

module_init(schedp_init);
module_exit(schedp_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace sched provider: threads on and off CPUs, run queues, priorities");
MODULE_IMPORT_NS(DTRACE_NS);
