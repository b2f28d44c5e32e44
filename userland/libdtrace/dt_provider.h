/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT provider declarations (dt_provider.c): what
 *
 *	provider myapp {
 *		probe query__start(int id, const char *text);
 *	};
 *
 * declares, kept in the handle for dtrace -h (a C header of probe
 * macros) and dtrace -G (an object defining the probes' semaphores).
 */
#ifndef _DT_PROVIDER_H
#define _DT_PROVIDER_H

#include <stdio.h>
#include <linux/dtrace_fasttrap.h>
#include "dt_impl.h"

struct dt_pcb;
struct dt_typelist;

struct dt_uprobe {
	char *name;			/* as declared: "query__start" */
	unsigned int nargs;
	const struct dt_type *args[DTRACE_FTP_NARGS];	/* a note's most */
	struct dt_uprobe *next;
};

struct dt_uprov {
	char *name;
	struct dt_uprobe *probes;
	struct dt_uprov *next;
};

/* Grammar actions: a probe of the body, then the whole declaration. */
struct dt_uprobe *dt_uprobe_add(struct dt_pcb *pcb, struct dt_uprobe *list,
				const char *name, const struct dt_typelist *args,
				int line);
int dt_uprov_declare(struct dt_pcb *pcb, const char *name,
		     struct dt_uprobe *probes, int line);

void dt_uprov_free(dtrace_hdl_t *dtp);

#endif /* _DT_PROVIDER_H */
