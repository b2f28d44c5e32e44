// SPDX-License-Identifier: GPL-2.0
/*
 * Compiled clauses and programs: allocation, freeing, and the handle's
 * table of clauses, whose index is the cookie the kernel hands back
 * with each EPID (DTRACEIOC_EPDESC).
 */
#include <stdlib.h>
#include "dt_impl.h"
#include "dt_printf.h"

struct dt_clause *dt_clause_alloc(void)
{
	return calloc(1, sizeof(struct dt_clause));
}

void dt_difo_free(struct dt_difo *dp)
{
	if (!dp)
		return;
	free(dp->insns);
	free(dp->ints);
	free(dp->strtab);
	free(dp->vartab);
	free(dp);
}

void dt_clause_free(struct dt_clause *cl)
{
	unsigned int i;

	if (!cl)
		return;
	dt_difo_free(cl->pred);
	if (cl->progs)
		for (i = 0; i < cl->nacts; i++)
			dt_difo_free(cl->progs[i]);
	if (cl->stmts)
		for (i = 0; i < cl->nstmts; i++) {
			dt_printf_free(cl->stmts[i].fmt);
			free(cl->stmts[i].aggs);
			free(cl->stmts[i].optname);
			free(cl->stmts[i].optval);
		}
	free(cl->progs);
	free(cl->acts);
	free(cl->recs);
	free(cl->stmts);
	free(cl->descs);
	free(cl);
}

/*
 * Give @cl its cookie and a place in the handle's table; from then on
 * the handle owns it (dtrace_close() frees it).
 */
int dt_clause_register(dtrace_hdl_t *dtp, struct dt_clause *cl)
{
	if (dtp->nclauses == dtp->clauses_cap) {
		unsigned int cap = dtp->clauses_cap ? dtp->clauses_cap * 2 : 16;
		struct dt_clause **p = realloc(dtp->clauses,
					       cap * sizeof(*p));

		if (!p)
			return dt_set_errno(dtp, EDT_NOMEM);
		dtp->clauses = p;
		dtp->clauses_cap = cap;
	}
	cl->id = dtp->nclauses;
	dtp->clauses[dtp->nclauses++] = cl;
	return 0;
}

/* Free a program; clauses already registered belong to the handle. */
void dt_program_free(dtrace_prog_t *pgp)
{
	unsigned int i;

	if (!pgp)
		return;
	if (!pgp->enabled)
		for (i = 0; i < pgp->nclauses; i++)
			dt_clause_free(pgp->clauses[i]);
	free(pgp->clauses);
	free(pgp);
}
