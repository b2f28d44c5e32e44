// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_lockstat.ko: the lockstat provider.  lockstat:::adaptive-*
 * (Linux's struct mutex: acquire, acquire-error, release, spin, block),
 * spin-* (spinlock_t: acquire, release, spin) and rw-* (rwlock_t:
 * acquire, release, spin; rw-block for struct rw_semaphore), with the
 * arguments DTrace on Linux documents.  This file creates the probes,
 * describes their arguments and arms the hooks a probe needs while it
 * is enabled; lockstat_ctx.c is what runs when they hit.
 * docs/providers/lockstat.md says what each probe means on Linux and
 * what it cannot see.
 */
#define pr_fmt(fmt) "dtrace lockstat: " fmt

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include "lockstat_prov.h"

dtrace_id_t lsp_ids[LSP_NPROBES];
bool lsp_enabled[LSP_NPROBES];

/**
 * struct lsp_probe_desc - one probe
 * @name: the probe name
 * @hooks: BIT(LSP_HOOK_*) of each hook that fires it
 * @args: the types of args[0..]; NULL ends them
 */
struct lsp_probe_desc {
	const char	*name;
	unsigned long	hooks;
	const char	*args[3];
};

#define LSP_HOOKS_CONT	(BIT(LSP_HOOK_CONT_END) | BIT(LSP_HOOK_CONT_BEGIN))
#define LSP_HOOKS(first, last)	GENMASK(LSP_HOOK_##last, LSP_HOOK_##first)

static const struct lsp_probe_desc lsp_probes[LSP_NPROBES] = {
	[LSP_ADAPTIVE_ACQUIRE] = { "adaptive-acquire",
				   LSP_HOOKS(MUTEX_LOCK, MUTEX_TRYLOCK),
				   { "struct mutex *" } },
	[LSP_ADAPTIVE_ACQUIRE_ERROR] = { "adaptive-acquire-error",
					 LSP_HOOKS(MUTEX_LOCK_INTR,
						   MUTEX_LOCK_KILL),
					 { "struct mutex *", "int" } },
	[LSP_ADAPTIVE_RELEASE] = { "adaptive-release",
				   BIT(LSP_HOOK_MUTEX_UNLOCK),
				   { "struct mutex *" } },
	[LSP_ADAPTIVE_SPIN] = { "adaptive-spin", LSP_HOOKS_CONT,
				{ "struct mutex *", "uint64_t" } },
	[LSP_ADAPTIVE_BLOCK] = { "adaptive-block", LSP_HOOKS_CONT,
				 { "struct mutex *", "uint64_t" } },
	[LSP_SPIN_ACQUIRE] = { "spin-acquire",
			       LSP_HOOKS(SPIN_LOCK, SPIN_TRYLOCK),
			       { "spinlock_t *" } },
	[LSP_SPIN_RELEASE] = { "spin-release",
			       LSP_HOOKS(SPIN_UNLOCK, SPIN_UNLOCK_BH),
			       { "spinlock_t *" } },
	[LSP_SPIN_SPIN] = { "spin-spin", LSP_HOOKS_CONT,
			    { "spinlock_t *", "uint64_t" } },
	[LSP_RW_ACQUIRE] = { "rw-acquire", LSP_HOOKS(READ_LOCK, WRITE_LOCK_BH),
			     { "rwlock_t *", "int" } },
	[LSP_RW_RELEASE] = { "rw-release",
			     LSP_HOOKS(READ_UNLOCK, WRITE_UNLOCK_BH),
			     { "rwlock_t *" } },
	[LSP_RW_SPIN] = { "rw-spin", LSP_HOOKS_CONT,
			  { "rwlock_t *", "uint64_t" } },
	[LSP_RW_BLOCK] = { "rw-block", LSP_HOOKS_CONT,
			   { "struct rw_semaphore *", "uint64_t", "int" } },
};

static dtrace_provider_id_t lsp_id;
static struct dtrace_hooks *lsp_hooks;
/* enabled probes that use the contention hooks; ->enable/->disable only */
static unsigned int lsp_ncont;

/*
 * Calls of a kretprobe in flight at once whose return can be seen: a
 * mutex_lock() caller may sleep in it, and every CPU may be in a few
 * nested spinlocks.
 */
#define LSP_MAXACTIVE	128

static enum lsp_probe lsp_probe_of(const void *parg)
{
	return (const struct lsp_probe_desc *)parg - lsp_probes;
}

/**
 * lsp_enable() - arm the hooks of probe @parg, then let it fire
 * @arg: unused
 * @id: the probe
 * @parg: its entry in lsp_probes[]
 *
 * The contention hooks' first user forgets the waits a previous
 * arming left half-seen.
 * Context: process; may sleep; the core serialises ->enable and
 * ->disable of the provider.
 * Return: 0, or the error of the hook that could not be armed.
 */
static int lsp_enable(void *arg, dtrace_id_t id, void *parg)
{
	enum lsp_probe p = lsp_probe_of(parg);
	bool cont = lsp_probes[p].hooks & LSP_HOOKS_CONT;
	int ret;

	if (cont && !lsp_ncont)
		lsp_waits_reset();
	ret = dtrace_hooks_arm(lsp_hooks, lsp_probes[p].hooks);
	if (ret)
		return ret;
	lsp_ncont += cont;
	WRITE_ONCE(lsp_enabled[p], true);
	return 0;
}

/**
 * lsp_disable() - stop probe @parg firing and drop its hooks
 * @arg: unused
 * @id: the probe
 * @parg: its entry in lsp_probes[]
 *
 * Context: as lsp_enable().  A hook still armed for another probe may
 * run on, but tests lsp_enabled[] and skips this probe.
 */
static void lsp_disable(void *arg, dtrace_id_t id, void *parg)
{
	enum lsp_probe p = lsp_probe_of(parg);

	WRITE_ONCE(lsp_enabled[p], false);
	dtrace_hooks_disarm(lsp_hooks, lsp_probes[p].hooks);
	lsp_ncont -= !!(lsp_probes[p].hooks & LSP_HOOKS_CONT);
}

/* ->getargdesc: args[N] is arg N, of the type the table gives. */
static void lsp_getargdesc(void *arg, dtrace_id_t id, void *parg,
			   struct dtrace_ioc_probearg *desc)
{
	const struct lsp_probe_desc *pd = parg;

	if (desc->argno >= ARRAY_SIZE(pd->args) || !pd->args[desc->argno]) {
		desc->mapping = DTRACE_ARGNONE;
		return;
	}
	strscpy(desc->native, pd->args[desc->argno], sizeof(desc->native));
	desc->mapping = desc->argno;
}

/*
 * DTrace's attributes for its lockstat provider; the arguments' are
 * ISA-dependent, as DTrace on Linux has them.
 */
static const struct dtrace_pattr lsp_attr = {
	.provider	= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.name		= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.args		= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),
};

static const struct dtrace_pops lsp_pops = {
	.owner		= THIS_MODULE,
	.enable		= lsp_enable,
	.disable	= lsp_disable,
	.getargdesc	= lsp_getargdesc,
	.attr		= &lsp_attr,
};

static int __init lsp_init(void)
{
	unsigned int p;
	int ret;

	lsp_hooks = dtrace_hooks_create("lockstat", lsp_hook_descs,
					LSP_NHOOKS, LSP_MAXACTIVE);
	if (IS_ERR(lsp_hooks)) {
		ret = PTR_ERR(lsp_hooks);
		goto out;
	}
	ret = dtrace_register("lockstat", &lsp_pops, NULL, &lsp_id);
	if (ret)
		goto out_hooks;
	for (p = 0; p < LSP_NPROBES; p++) {
		lsp_ids[p] = dtrace_probe_create(lsp_id, "vmlinux", "",
						 lsp_probes[p].name,
						 (void *)&lsp_probes[p]);
		if (lsp_ids[p] == DTRACE_IDNONE) {
			ret = -ENOMEM;
			goto out_unregister;
		}
	}
	return 0;

out_unregister:
	dtrace_unregister(lsp_id);
out_hooks:
	dtrace_hooks_destroy(lsp_hooks);
out:
	pr_err("cannot register: %d\n", ret);
	return ret;
}

/* No probe is enabled, so no hook is armed: the core holds us while one is. */
static void __exit lsp_exit(void)
{
	dtrace_unregister(lsp_id);
	dtrace_hooks_destroy(lsp_hooks);
}

module_init(lsp_init);
module_exit(lsp_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace lockstat provider: mutexes, spinlocks and rwlocks acquired, released, spun and blocked on");
MODULE_IMPORT_NS(DTRACE_NS);
