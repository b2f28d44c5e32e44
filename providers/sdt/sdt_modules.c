// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the DTRACE_PROBE*() sites of kernel modules: every site is a
 * struct dtrace_sdt_site whose symbol starts with DTRACE_SDT_SITE_PREFIX,
 * so the sites of a module are the symbols of its kallsyms table with
 * that prefix (Debian's kernels keep data symbols: CONFIG_KALLSYMS_ALL).
 * A module notifier hands each module to sdt.c when it is live and takes
 * its probes away when it is going; at load, the core's
 * dtrace_modules_each() gives the modules already live.
 *
 * Context: process, may sleep (module init and exit, the notifier).
 */
#define pr_fmt(fmt) "dtrace sdt: " fmt

#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "sdt_impl.h"

static bool sdt_site_in(struct module *mod, unsigned long addr)
{
	return IS_ALIGNED(addr, __alignof__(struct dtrace_sdt_site)) &&
	       within_module(addr, mod) &&
	       within_module(addr + sizeof(struct dtrace_sdt_site) - 1, mod);
}

/*
 * Store up to @max of @mod's sites in @sites.  The symbol table may be
 * switched from the init-time one to the core one under us, hence RCU;
 * both hold every site.  Return: how many sites there are.
 */
static unsigned int sdt_sites_find(struct module *mod,
				   struct dtrace_sdt_site **sites,
				   unsigned int max)
{
	const size_t plen = strlen(DTRACE_SDT_SITE_PREFIX);
	struct mod_kallsyms *ks;
	unsigned int i, n = 0;

	preempt_disable();
	ks = rcu_dereference_sched(mod->kallsyms);
	for (i = 0; ks && i < ks->num_symtab; i++) {
		const Elf_Sym *sym = &ks->symtab[i];
		unsigned long addr = sym->st_value;

		if (strncmp(ks->strtab + sym->st_name, DTRACE_SDT_SITE_PREFIX,
			    plen) || !sdt_site_in(mod, addr))
			continue;
		if (n < max)
			sites[n] = (struct dtrace_sdt_site *)addr;
		n++;
	}
	preempt_enable();
	return n;
}

/* Make the probes of live module @mod, which the caller holds. */
static int sdt_scan_module(struct module *mod)
{
	struct dtrace_sdt_site **sites;
	unsigned int n;
	int ret;

	n = sdt_sites_find(mod, NULL, 0);
	if (!n)
		return 0;
	sites = kcalloc(n, sizeof(*sites), GFP_KERNEL);
	if (!sites)
		return -ENOMEM;
	n = min(n, sdt_sites_find(mod, sites, n));
	ret = sdt_module_add(mod, sites, n);
	kfree(sites);
	return ret;
}

/*
 * Probes appear once a module is live: its init has run, so a site in
 * init code is never enabled, and a module whose init failed never had
 * any.  A going module's probes are not enabled, since an enabled probe
 * holds its module.
 */
static int sdt_module_notify(struct notifier_block *nb, unsigned long state,
			     void *data)
{
	struct module *mod = data;

	if (state == MODULE_STATE_LIVE) {
		if (sdt_scan_module(mod))
			pr_warn("%s: out of memory, no probes\n", mod->name);
	} else if (state == MODULE_STATE_GOING) {
		sdt_module_remove(mod);
	}
	return NOTIFY_DONE;
}

static struct notifier_block sdt_module_nb = {
	.notifier_call = sdt_module_notify,
};

static int sdt_scan_one(struct module *mod, void *arg)
{
	return sdt_scan_module(mod);
}

/**
 * sdt_scan_init() - find the sites of every module, now and to come
 *
 * Context: process; module init.
 * Return: 0, or -ENOMEM with nothing left registered.
 */
int sdt_scan_init(void)
{
	int ret;

	ret = register_module_notifier(&sdt_module_nb);
	if (ret)
		return ret;
	/* The modules live before the notifier was registered. */
	ret = dtrace_modules_each(THIS_MODULE, sdt_scan_one, NULL);
	if (ret) {
		sdt_scan_exit();
		sdt_modules_remove_all();
	}
	return ret;
}

/**
 * sdt_scan_exit() - stop following modules
 *
 * Returns after any notifier call in progress.
 * Context: process; module exit or failed init.
 */
void sdt_scan_exit(void)
{
	unregister_module_notifier(&sdt_module_nb);
}
