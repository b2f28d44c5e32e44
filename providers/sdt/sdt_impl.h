/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dtrace_sdt.ko's own declarations: the probes sdt.c makes of the
 * sites sdt_modules.c finds in each module.
 */
#ifndef _DTRACE_SDT_IMPL_H
#define _DTRACE_SDT_IMPL_H

#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <dtrace/provider.h>
#include <dtrace/sdt.h>

/* protects the provider and module lists of sdt.c and sdt_modules.c */
extern struct mutex sdt_lock;

int sdt_module_add(struct module *mod, struct dtrace_sdt_site **sites,
		   unsigned int nsites);
void sdt_module_remove(struct module *mod);
void sdt_modules_remove_all(void);

int sdt_tp_init(void);
void sdt_tp_exit(void);

int sdt_scan_init(void);
void sdt_scan_exit(void);

#endif /* _DTRACE_SDT_IMPL_H */
