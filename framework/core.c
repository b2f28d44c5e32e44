// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_core.ko: module init and exit.  The map of the core is the
 * Locking block in internal.h and docs/architecture.md; the provider
 * API it exports is include/dtrace/provider.h.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/module.h>
#include "internal.h"

static int __init dtrace_init(void)
{
	int ret;

	dtrace_actions_init();
	ret = dtrace_timeout_init();
	if (ret)
		goto out;
	ret = dtrace_cyclic_init();
	if (ret)
		goto out_timeout;
	ret = dtrace_prov_init();
	if (ret)
		goto out_cyclic;
	ret = dtrace_proc_init();
	if (ret)
		goto out_prov;
	ret = dtrace_retained_init();
	if (ret)
		goto out_proc;
	ret = dtrace_dev_init();
	if (ret)
		goto out_retained;
	return 0;

out_retained:
	dtrace_retained_exit();
out_proc:
	dtrace_proc_exit();
out_prov:
	dtrace_prov_exit();
	dtrace_probe_table_free();
out_cyclic:
	dtrace_cyclic_exit();
out_timeout:
	dtrace_timeout_exit();
out:
	pr_err("cannot initialise: %d\n", ret);
	return ret;
}

/*
 * No consumer is open (each holds the module) and no other provider is
 * registered (each uses this module's symbols), so nothing can be
 * enabled here.
 */
static void __exit dtrace_exit(void)
{
	dtrace_dev_exit();
	dtrace_retained_exit();
	dtrace_actions_exit();
	dtrace_proc_exit();
	dtrace_prov_exit();
	dtrace_probe_table_free();
	xa_destroy(&dtrace_probes);
	dtrace_cyclic_exit();
	dtrace_timeout_exit();
}

module_init(dtrace_init);
module_exit(dtrace_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace framework: probes, enablings, DIF and buffers");
