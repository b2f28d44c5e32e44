// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/dtrace/: what the core holds, for operators and tests.
 *   providers	NAME PROBES ENABLED, one line per provider
 * Process context.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include "internal.h"

static struct proc_dir_entry *dtrace_proc_dir;

static int dtrace_proc_providers_show(struct seq_file *m, void *v)
{
	struct dtrace_provider *prov;

	seq_printf(m, "%-16s %8s %8s\n", "NAME", "PROBES", "ENABLED");
	mutex_lock(&dtrace_provider_lock);
	mutex_lock(&dtrace_lock);
	for (prov = dtrace_provider_first(); prov;
	     prov = dtrace_provider_next(prov))
		seq_printf(m, "%-16s %8u %8u\n", prov->name, prov->nprobes,
			   prov->nenabled);
	mutex_unlock(&dtrace_lock);
	mutex_unlock(&dtrace_provider_lock);
	return 0;
}

int dtrace_proc_init(void)
{
	dtrace_proc_dir = proc_mkdir("dtrace", NULL);
	if (!dtrace_proc_dir)
		return -ENOMEM;
	if (!proc_create_single("providers", 0444, dtrace_proc_dir,
				dtrace_proc_providers_show)) {
		proc_remove(dtrace_proc_dir);
		return -ENOMEM;
	}
	return 0;
}

void dtrace_proc_exit(void)
{
	proc_remove(dtrace_proc_dir);
}
