// SPDX-License-Identifier: GPL-2.0
/*
 * Enabling a compiled program: one DTRACEIOC_ENABLE per probe
 * description of every clause, each clause under its cookie, after a
 * DTRACEIOC_AGGDEF for each aggregation the clause is the first to use.  Before
 * the first program, the internal clause on dtrace:::ERROR is enabled:
 * it records arg0 and arg2..arg5 of every fault so that dt_consume.c
 * can report it ("error in dt_clause_N for probe ID ...").
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <engine/dif.h>
#include "dt_as.h"

/* arg0 (EPID) and arg2..arg5 of dtrace:::ERROR; arg1, the probe, not */
#define DT_ERR_NARGS	5

static struct dt_clause *dt_error_clause_create(void)
{
	struct dt_clause *cl = dt_clause_alloc();
	struct dt_irlist irl;
	unsigned int i;

	if (!cl)
		return NULL;
	cl->is_error = true;
	cl->descs = calloc(1, sizeof(*cl->descs));
	cl->progs = calloc(DT_ERR_NARGS, sizeof(*cl->progs));
	cl->acts = calloc(DT_ERR_NARGS, sizeof(*cl->acts));
	cl->recs = calloc(DT_ERR_NARGS, sizeof(*cl->recs));
	if (!cl->descs || !cl->progs || !cl->acts || !cl->recs)
		goto fail;
	strcpy(cl->descs[0].provider, "dtrace");
	strcpy(cl->descs[0].name, "ERROR");
	cl->ndescs = 1;

	for (i = 0; i < DT_ERR_NARGS; i++) {
		enum dt_as_err err;
		struct dt_difo *dp;

		dt_irlist_init(&irl);
		dt_as_emit(&irl, DTRACE_DIF_OP_LDV, 1, 0, 0,
			   DTRACE_DIF_VAR_ARG0 + (i ? 1 + (int32_t)i : 0));
		dt_as_emit(&irl, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
		dp = dt_as_assemble(&irl, DTRACE_DIF_RTYPE_INT, 8, &err);
		dt_irlist_fini(&irl);
		if (!dp)
			goto fail;
		cl->progs[i] = dp;
		cl->nacts++;
		cl->acts[i].kind = DTRACE_ACT_DIFEXPR;
		cl->acts[i].offset = 8 * i;
		cl->acts[i].size = 8;
		cl->acts[i].difo = dp->k;
		cl->recs[i].kind = DT_REC_INT;
		cl->recs[i].offset = 8 * i;
		cl->recs[i].size = 8;
	}
	cl->datasize = 8 * DT_ERR_NARGS;
	return cl;
fail:
	dt_clause_free(cl);
	return NULL;
}

/* DTRACEIOC_AGGDEF, once per handle, for each aggregation of @cl. */
static int dt_clause_aggdef(dtrace_hdl_t *dtp, const struct dt_clause *cl)
{
	unsigned int i;

	for (i = 0; i < cl->nacts; i++) {
		struct dt_agg *ag;

		if (cl->acts[i].kind != DTRACE_ACT_AGGREGATE)
			continue;
		ag = dtp->aggs[cl->acts[i].arg];
		if (ag->defined)
			continue;
		if (dt_ioctl(dtp, DTRACEIOC_AGGDEF, &ag->def))
			return dt_set_errno_ioctl(dtp, errno);
		ag->defined = true;
	}
	return 0;
}

/*
 * The verifier refused a program of the clause @en enables: say which
 * program, where and by which rule (the ABI header's list of texts,
 * through the engine).
 */
static int dt_enable_refused(dtrace_hdl_t *dtp,
			     const struct dtrace_ioc_enable *en)
{
	const struct dtrace_probedesc *d = &en->desc;
	char what[32];

	if (en->dif_prog)
		snprintf(what, sizeof(what), "action #%u", en->dif_prog);
	else
		snprintf(what, sizeof(what), "the predicate");
	snprintf(dtp->errmsg, sizeof(dtp->errmsg),
		 "failed to enable '%s%s%s%s%s%s%s': DIF program of %s refused at instruction %u: %s",
		 d->provider, d->provider[0] ? ":" : "", d->mod,
		 d->mod[0] || d->provider[0] ? ":" : "", d->func,
		 d->func[0] || d->mod[0] || d->provider[0] ? ":" : "",
		 d->name, what, en->dif_insn,
		 dtrace_dif_rule_text(en->dif_rule));
	return dt_set_errno(dtp, EDT_DIFREFUSED);
}

/*
 * system() is run by the consumer, so the kernel cannot refuse it: it
 * is destructive all the same, and needs -w as the kernel's
 * destructive actions do (which it refuses with EPERM).
 */
static bool dt_clause_destructive(const struct dt_clause *cl)
{
	unsigned int i;

	for (i = 0; i < cl->nstmts; i++)
		if (cl->stmts[i].kind == DT_STMT_SYSTEM)
			return true;
	return false;
}

/* DTRACEIOC_ENABLE for each description of @cl; adds to *@matched. */
static int dt_clause_enable(dtrace_hdl_t *dtp, struct dt_clause *cl,
			    unsigned int *matched)
{
	unsigned int i;

	if (!dtp->opt.destructive && dt_clause_destructive(cl))
		return dt_set_errno(dtp, EDT_DESTRUCTIVE);
	if (dt_clause_aggdef(dtp, cl))
		return -1;
	for (i = 0; i < cl->ndescs; i++) {
		struct dtrace_ioc_enable en = { .size = sizeof(en) };

		en.nactions = cl->nacts;
		en.actions = (uintptr_t)cl->acts;
		en.cookie = cl->id;
		en.desc = cl->descs[i];
		if (cl->pred)
			en.pred = cl->pred->k;
		if (dt_ioctl(dtp, DTRACEIOC_ENABLE, &en)) {
			if (errno == EINVAL && en.dif_rule)
				return dt_enable_refused(dtp, &en);
			return dt_set_errno_ioctl(dtp, errno);
		}
		*matched += en.nmatched;
	}
	return 0;
}

static int dt_error_clause_enable(dtrace_hdl_t *dtp)
{
	struct dt_clause *cl = dt_error_clause_create();
	unsigned int matched = 0;

	if (!cl)
		return dt_set_errno(dtp, EDT_NOMEM);
	if (dt_clause_register(dtp, cl)) {
		dt_clause_free(cl);
		return -1;
	}
	dtp->errclause = cl;
	return dt_clause_enable(dtp, cl, &matched);
}

/**
 * dtrace_program_exec() - enable a compiled program
 * @dtp: the handle, not yet tracing
 * @pgp: the program; its clauses belong to the handle from now on
 * @pip: out (may be NULL): probes matched, the ERROR clause excluded
 *
 * Return: 0, or -1 (EDT_ACTIVE, EDT_NOPERM, EDT_DESTRUCTIVE, an errno
 * of DTRACEIOC_ENABLE).
 */
int dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
			dtrace_proginfo_t *pip)
{
	unsigned int i, matched = 0;

	if (dtp->active)
		return dt_set_errno(dtp, EDT_ACTIVE);
	if (dtp->fd < 0)
		return dt_set_errno(dtp, EDT_NODEVICE_OP);
	if (!pgp->enabled) {
		for (i = 0; i < pgp->nclauses; i++) {
			if (dt_clause_register(dtp, pgp->clauses[i])) {
				dtp->nclauses -= i;	/* the program keeps them */
				return -1;
			}
		}
		pgp->enabled = true;
	}
	if (dt_options_apply(dtp) ||
	    (!dtp->errclause && dt_error_clause_enable(dtp)))
		return -1;
	for (i = 0; i < pgp->nclauses; i++)
		if (dt_clause_enable(dtp, pgp->clauses[i], &matched))
			return -1;
	if (pip)
		pip->matched = matched;
	return 0;
}

/* Call @func with every probe description of @pgp, in program order. */
int dtrace_program_desc_iter(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
			     dtrace_desc_f *func, void *arg)
{
	unsigned int i, j;
	int ret;

	for (i = 0; i < pgp->nclauses; i++)
		for (j = 0; j < pgp->clauses[i]->ndescs; j++) {
			ret = func(dtp, &pgp->clauses[i]->descs[j], arg);
			if (ret)
				return ret;
		}
	return 0;
}
