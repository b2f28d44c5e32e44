/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT provider declarations (dt_provider.c): what
 *
 *	provider myapp {
 *		probe query__start(int id, const char *text);
 *	};
 *
 * declares, kept in the handle for dtrace -h (a C header of probe
 * macros) and dtrace -G (an object defining the probes' semaphores and
 * recording their argument types, dt_link.c).
 */
#ifndef _DT_PROVIDER_H
#define _DT_PROVIDER_H

#include <stdio.h>
#include <linux/dtrace_fasttrap.h>
#include "dt_impl.h"

struct dt_pcb;

/* A probe's parameters as the grammar reads them (pcb memory). */
struct dt_uparams {
	const struct dt_type **types;
	const char **names;		/* NULL where a parameter has none */
	unsigned int n;
};

/*
 * The most arguments a probe may declare: as many as one asm statement
 * takes operands.  Its site passes them all; a D program sees the first
 * DTRACE_FTP_NARGS.
 */
#define DT_UPROBE_MAXARGS	30

/*
 * A probe: the arguments its site is given (native), and the ones D's
 * args[] shows (translated), each one of the native ones: xargs[i] is
 * native argument map[i].  Without a ": (...)" list the two are the same.
 */
struct dt_uprobe {
	char *name;			/* as declared: "query__start" */
	unsigned int nargs;
	const struct dt_type *args[DT_UPROBE_MAXARGS];
	unsigned int nxargs;
	const struct dt_type *xargs[DT_UPROBE_MAXARGS];
	unsigned char map[DT_UPROBE_MAXARGS];
	struct dt_uprobe *next;
};

struct dt_uprov {
	char *name;
	struct dt_uprobe *probes;
	struct dt_uprov *next;
};

/*
 * Grammar actions: a parameter (@t NULL: none, for an empty list), a
 * probe of the body, then the whole declaration.
 */
struct dt_uparams *dt_uparams_add(struct dt_pcb *pcb, struct dt_uparams *l,
				  const struct dt_type *t, const char *name);
struct dt_uprobe *dt_uprobe_add(struct dt_pcb *pcb, struct dt_uprobe *list,
				const char *name, const struct dt_uparams *args,
				const struct dt_uparams *xargs, int line);
int dt_uprov_declare(struct dt_pcb *pcb, const char *name,
		     struct dt_uprobe *probes, int line);

void dt_uprov_free(dtrace_hdl_t *dtp);

#endif /* _DT_PROVIDER_H */
