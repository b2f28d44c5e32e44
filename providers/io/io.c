// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_io.ko: the io provider.  io:::start and done for each request
 * a block device's driver is given and ends (the block_rq_issue and
 * block_rq_complete tracepoints), wait-start and wait-done around a
 * thread's synchronous wait for a bio (submit_bio_wait()), with the
 * arguments other DTraces document (bufinfo_t *, devinfo_t *,
 * fileinfo_t *) translated by the D library from the struct request or
 * struct bio.  This file creates the probes and arms the hooks while
 * they are enabled; io_ctx.c is what runs when they hit.
 * docs/providers/io.md documents the probes.
 */
#define pr_fmt(fmt) "dtrace io: " fmt

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include "io_prov.h"

/**
 * struct iop_probe_desc - one probe
 * @name: the probe name
 * @hook: the hook that fires it
 * @native: the kernel type of its three arguments
 */
struct iop_probe_desc {
	const char	*name;
	enum iop_hook	hook;
	const char	*native;
};

static const struct iop_probe_desc iop_probes[IOP_NPROBES] = {
	[IOP_START] = { "start", IOP_HOOK_ISSUE, "struct request *" },
	[IOP_DONE] = { "done", IOP_HOOK_COMPLETE, "struct request *" },
	[IOP_WAIT_START] = { "wait-start", IOP_HOOK_WAIT, "struct bio *" },
	[IOP_WAIT_DONE] = { "wait-done", IOP_HOOK_WAIT, "struct bio *" },
};

/* What D programs see args[0..2] as. */
static const char *const iop_xlate[] = {
	"bufinfo_t *", "devinfo_t *", "fileinfo_t *",
};

static dtrace_provider_id_t iop_id;

static struct dtrace_hooks *iop_hooks;

static unsigned int maxactive;
module_param(maxactive, uint, 0444);
MODULE_PARM_DESC(maxactive,
		 "Threads waiting in submit_bio_wait() at once that wait-done can follow, count (default 0: the kernel's choice)");

static enum iop_probe iop_probe_of(const void *parg)
{
	return (const struct iop_probe_desc *)parg - iop_probes;
}

/**
 * iop_enable() - arm the hook probe @parg needs, then let it fire
 * @arg: unused
 * @id: the probe
 * @parg: its entry in iop_probes[]
 *
 * Context: process; may sleep; core locks held.
 * Return: 0, or the error arming the hook.
 */
static int iop_enable(void *arg, dtrace_id_t id, void *parg)
{
	enum iop_probe p = iop_probe_of(parg);
	int ret;

	ret = dtrace_hooks_arm(iop_hooks, BIT(iop_probes[p].hook));
	if (!ret)
		WRITE_ONCE(iop_enabled[p], true);
	return ret;
}

/**
 * iop_disable() - stop probe @parg firing, and disarm its hook unless
 *	another enabled probe needs it
 * @arg: unused
 * @id: the probe
 * @parg: its entry in iop_probes[]
 *
 * Context: process; may sleep; core locks held.  A hook still armed
 * for another probe may be running, but tests iop_enabled[] and skips
 * this probe (the core waits a grace period before it frees what the
 * probe could reach).
 */
static void iop_disable(void *arg, dtrace_id_t id, void *parg)
{
	enum iop_probe p = iop_probe_of(parg);

	WRITE_ONCE(iop_enabled[p], false);
	dtrace_hooks_disarm(iop_hooks, BIT(iop_probes[p].hook));
}

/**
 * iop_getargdesc() - describe args[@desc->argno] of probe @parg
 * @arg: unused
 * @id: the probe
 * @parg: its entry in iop_probes[]
 * @desc: in, the argument number; out, its types
 *
 * args[0..2] are arg0..arg2, one pointer each translator reads.
 * Context: process; may sleep; core locks held.
 */
static void iop_getargdesc(void *arg, dtrace_id_t id, void *parg,
			   struct dtrace_ioc_probearg *desc)
{
	const struct iop_probe_desc *pd = parg;

	if (desc->argno >= ARRAY_SIZE(iop_xlate))
		return;
	strscpy(desc->native, pd->native, sizeof(desc->native));
	strscpy(desc->xlate, iop_xlate[desc->argno], sizeof(desc->xlate));
	desc->mapping = desc->argno;
}

/* DTrace's attributes for its io provider */
static const struct dtrace_pattr iop_attr = DTRACE_PATTR_EVENTS;

static const struct dtrace_pops iop_pops = {
	.owner		= THIS_MODULE,
	.enable		= iop_enable,
	.disable	= iop_disable,
	.getargdesc	= iop_getargdesc,
	.attr		= &iop_attr,
};

static int __init iop_init(void)
{
	unsigned int p;
	int ret;

	iop_hooks = dtrace_hooks_create("io", iop_hook_descs, IOP_NHOOKS,
					maxactive);
	if (IS_ERR(iop_hooks)) {
		ret = PTR_ERR(iop_hooks);
		goto out;
	}
	ret = dtrace_register("io", &iop_pops, NULL, &iop_id);
	if (ret)
		goto out_hooks;
	for (p = 0; p < IOP_NPROBES; p++) {
		iop_ids[p] = dtrace_probe_create(iop_id, "vmlinux", "",
						 iop_probes[p].name,
						 (void *)&iop_probes[p]);
		if (iop_ids[p] == DTRACE_IDNONE) {
			ret = -ENOMEM;
			goto out_unregister;
		}
	}
	return 0;

out_unregister:
	dtrace_unregister(iop_id);
out_hooks:
	dtrace_hooks_destroy(iop_hooks);
out:
	pr_err("cannot register: %d\n", ret);
	return ret;
}

/* No probe is enabled, so no hook is armed: the core holds us while one is. */
static void __exit iop_exit(void)
{
	dtrace_unregister(iop_id);
	dtrace_hooks_destroy(iop_hooks);
}

module_init(iop_init);
module_exit(iop_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace io provider: block device requests and waits");
MODULE_IMPORT_NS(DTRACE_NS);
