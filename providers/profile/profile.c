// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_profile.ko: the profile provider.  profile-N fires on every
 * online CPU N times a second (or every N ns/us/ms/s/m/h/d), tick-N on
 * one CPU; both from the core's cyclics, in hardirq context.  Probes for
 * any rate are created on demand when a description names them.  A
 * probe's interval counts from its arming, and again from the start of
 * tracing of the first consumer to trace it (profile_start()).
 * docs/providers/profile.md documents the probes and their arguments.
 */
#define pr_fmt(fmt) "dtrace profile: " fmt

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/ptrace.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/irq_regs.h>
#include <dtrace/provider.h>
#include <dtrace/services.h>

struct profile_probe {
	char			name[DTRACE_NAMELEN];
	dtrace_id_t		id;
	u64			interval;	/* ns */
	bool			per_cpu;	/* profile-N, not tick-N */
	struct dtrace_cyclic	*cyclic;	/* while enabled */
};

static dtrace_provider_id_t profile_id;
static unsigned int profile_nprobes;	/* profile_lock */
static DEFINE_MUTEX(profile_lock);	/* protects profile_nprobes */

static unsigned long interval_min_ns = 200000;
module_param(interval_min_ns, ulong, 0444);
MODULE_PARM_DESC(interval_min_ns,
		 "Shortest interval a probe may have, in ns (default 200000)");

static unsigned int max_probes = 1000;
module_param(max_probes, uint, 0444);
MODULE_PARM_DESC(max_probes,
		 "Most probes the provider creates, count (default 1000)");

static const unsigned int profile_default_hz[] = {
	97, 199, 499, 997, 1999, 4001, 4999
};

static const unsigned int tick_default_hz[] = { 1, 10, 100, 500, 1000, 5000 };

/**
 * profile_fire() - a probe's cyclic fired
 * @arg: the struct profile_probe
 *
 * arg0 is the kernel PC that was interrupted, or 0 if it was user code;
 * arg1 the user PC, or 0 if the kernel was running.
 * Context: hardirq; probe context.
 */
static void profile_fire(void *arg)
{
	struct profile_probe *pp = arg;
	struct pt_regs *regs = get_irq_regs();
	u64 pc = 0, upc = 0;

	if (regs && user_mode(regs))
		upc = instruction_pointer(regs);
	else if (regs)
		pc = instruction_pointer(regs);
	dtrace_probe(pp->id, pc, upc, 0, 0, 0, 0);
}
NOKPROBE_SYMBOL(profile_fire);

static const struct {
	const char	*suffix;
	u64		ns;	/* per unit; 0 for hz */
} profile_units[] = {
	{ "ns", 1 }, { "nsec", 1 },
	{ "us", NSEC_PER_USEC }, { "usec", NSEC_PER_USEC },
	{ "ms", NSEC_PER_MSEC }, { "msec", NSEC_PER_MSEC },
	{ "s", NSEC_PER_SEC }, { "sec", NSEC_PER_SEC },
	{ "m", 60 * NSEC_PER_SEC }, { "min", 60 * NSEC_PER_SEC },
	{ "h", 3600 * NSEC_PER_SEC }, { "hour", 3600 * NSEC_PER_SEC },
	{ "d", 86400 * NSEC_PER_SEC }, { "day", 86400 * NSEC_PER_SEC },
	{ "hz", 0 }, { "", 0 },
};

/*
 * Parse the "N[unit]" after "profile-" or "tick-": a bare number or
 * "hz" is a rate, anything else an interval.  Return: the interval in
 * ns, or 0 for a name that is not one of ours or too short an interval.
 */
static u64 profile_parse_interval(const char *s)
{
	unsigned long long n = 0;
	const char *unit = s;
	u64 ns = 0;
	size_t i;

	while (*unit >= '0' && *unit <= '9') {
		if (n > U32_MAX)
			return 0;
		n = n * 10 + (*unit++ - '0');
	}
	if (unit == s || n == 0)
		return 0;
	for (i = 0; i < ARRAY_SIZE(profile_units); i++) {
		if (strcmp(unit, profile_units[i].suffix))
			continue;
		if (!profile_units[i].ns)
			ns = NSEC_PER_SEC / n;
		else if (check_mul_overflow((u64)n, profile_units[i].ns, &ns))
			return 0;
		break;
	}
	return ns >= interval_min_ns ? ns : 0;
}

/* Create probe @name if it names a valid interval and does not exist. */
static void profile_create(const char *name)
{
	struct profile_probe *pp;
	bool per_cpu;
	u64 interval;

	if (str_has_prefix(name, "profile-"))
		per_cpu = true;
	else if (str_has_prefix(name, "tick-"))
		per_cpu = false;
	else
		return;
	interval = profile_parse_interval(strchr(name, '-') + 1);
	if (!interval)
		return;
	if (dtrace_probe_lookup(profile_id, NULL, NULL, name) != DTRACE_IDNONE)
		return;

	mutex_lock(&profile_lock);
	if (profile_nprobes >= max_probes) {
		mutex_unlock(&profile_lock);
		pr_warn_ratelimited("%u probes exist; %s not created (max_probes)\n",
				    profile_nprobes, name);
		return;
	}
	profile_nprobes++;
	mutex_unlock(&profile_lock);

	pp = kzalloc(sizeof(*pp), GFP_KERNEL);
	if (!pp)
		goto out_uncount;
	strscpy(pp->name, name, sizeof(pp->name));
	pp->interval = interval;
	pp->per_cpu = per_cpu;
	pp->id = dtrace_probe_create(profile_id, "", "", name, pp);
	if (pp->id != DTRACE_IDNONE)
		return;
	kfree(pp);
out_uncount:
	mutex_lock(&profile_lock);
	profile_nprobes--;
	mutex_unlock(&profile_lock);
}

/*
 * Context: process; may sleep; called by the core with its provider lock
 * held.  Only an exact name can be created: a glob matches the probes
 * that exist already.
 */
static int profile_provide(void *arg, const struct dtrace_probedesc *desc)
{
	if (!strpbrk(desc->name, "*?[\\"))
		profile_create(desc->name);
	return 0;
}

static int profile_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct profile_probe *pp = parg;

	pp->cyclic = dtrace_cyclic_add(profile_fire, pp, pp->interval,
				       pp->per_cpu ? DTRACE_CYCLIC_PERCPU : 0);
	if (IS_ERR(pp->cyclic)) {
		int ret = PTR_ERR(pp->cyclic);

		pp->cyclic = NULL;
		return ret;
	}
	return 0;
}

/* dtrace_cyclic_remove() waits for a running profile_fire() to return. */
static void profile_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct profile_probe *pp = parg;

	dtrace_cyclic_remove(pp->cyclic);
	pp->cyclic = NULL;
}

/* The consumer's clock starts now (see struct dtrace_pops). */
static void profile_start(void *arg, dtrace_id_t id, void *parg)
{
	struct profile_probe *pp = parg;

	dtrace_cyclic_restart(pp->cyclic);
}

static void profile_destroy(void *arg, dtrace_id_t id, void *parg)
{
	kfree(parg);
	mutex_lock(&profile_lock);
	profile_nprobes--;
	mutex_unlock(&profile_lock);
}

/* DTrace's attributes for its profile provider */
static const struct dtrace_pattr profile_attr = {
	.provider	= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.mod		= DTRACE_ATTR(UNSTABLE, UNSTABLE, UNKNOWN),
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.name		= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.args		= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
};

static const struct dtrace_pops profile_pops = {
	.owner		= THIS_MODULE,
	.provide	= profile_provide,
	.enable		= profile_enable,
	.disable	= profile_disable,
	.start		= profile_start,
	.destroy	= profile_destroy,
	.attr		= &profile_attr,
};

static void profile_create_defaults(void)
{
	char name[DTRACE_NAMELEN];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profile_default_hz); i++) {
		snprintf(name, sizeof(name), "profile-%u",
			 profile_default_hz[i]);
		profile_create(name);
	}
	for (i = 0; i < ARRAY_SIZE(tick_default_hz); i++) {
		snprintf(name, sizeof(name), "tick-%u", tick_default_hz[i]);
		profile_create(name);
	}
}

static int __init profile_init(void)
{
	int ret;

	ret = dtrace_register("profile", &profile_pops, NULL, &profile_id);
	if (ret) {
		pr_err("cannot register: %d\n", ret);
		return ret;
	}
	profile_create_defaults();
	return 0;
}

/* No probe is enabled: the core holds this module while one is. */
static void __exit profile_exit(void)
{
	dtrace_unregister(profile_id);
}

module_init(profile_init);
module_exit(profile_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace profile provider: profile-N and tick-N probes");
MODULE_IMPORT_NS(DTRACE_NS);
