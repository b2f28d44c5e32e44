// SPDX-License-Identifier: GPL-2.0
/*
 * Code generation of a checked clause into a struct dt_clause: the
 * predicate program, one kernel action per recorded value or kernel
 * act (stack, raise, chill, aggregate, speculate, ...), the record
 * layout, and the statements the consumer prints or carries out by
 * (dt_impl.h).  The programs of aggregations are dt_cg_agg.c's.
 *
 * A statement that records nothing (an assignment, a void call, an if
 * statement) has no action of its own: the kernel runs a program only
 * for an action.  It is kept pending and generated at the start of the
 * next program, so it runs in program order; what is left at the end
 * of the clause runs in an action of its own (dt_cg_clause()).
 */
#include <stdlib.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_printf.h"
#include "dt_type.h"
#include "dt_var.h"

void dt_cg_init(struct dt_cg *cg, struct dt_pcb *pcb)
{
	memset(cg, 0, sizeof(*cg));
	cg->pcb = pcb;
	dt_irlist_init(&cg->irl);
}

void dt_cg_fini(struct dt_cg *cg)
{
	dt_irlist_fini(&cg->irl);
	dt_clause_free(cg->clause);
	cg->clause = NULL;
	free(cg->vars);
	free(cg->pending);
	cg->vars = NULL;
	cg->pending = NULL;
}

/* Statements without records, in a program: if and expressions. */
static void dt_cg_stmts(struct dt_cg *cg, struct dt_stmt_node *s)
{
	unsigned int els, end, r;

	for (; s; s = s->next) {
		if (s->kind != DT_SN_IF) {
			dt_cg_free(cg, dt_cg_expr(cg, s->expr));
			continue;
		}
		els = dt_as_label(&cg->irl);
		end = dt_as_label(&cg->irl);
		r = dt_cg_expr(cg, s->expr);
		dt_as_branch(&cg->irl, DTRACE_DIF_OP_JZ, r, els);
		dt_cg_free(cg, r);
		dt_cg_stmts(cg, s->then);
		dt_as_branch(&cg->irl, DTRACE_DIF_OP_JMP, 0, end);
		dt_as_place(&cg->irl, els);
		dt_cg_stmts(cg, s->els);
		dt_as_place(&cg->irl, end);
	}
}

static void dt_cg_vartab(struct dt_cg *cg, struct dt_difo *dp, int line)
{
	unsigned int i;

	if (!cg->nvars)
		return;
	dp->vartab = calloc(cg->nvars, sizeof(*dp->vartab));
	if (!dp->vartab) {
		dt_difo_free(dp);
		dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
	}
	for (i = 0; i < cg->nvars; i++)
		dt_var_difv(cg->pcb->dtp, cg->vars[i], &dp->vartab[i]);
	dp->k.vartab = (uintptr_t)dp->vartab;
	dp->k.nvars = cg->nvars;
}

/*
 * Start a program: an empty one, with the pending statements first
 * (they are consumed).
 */
void dt_cg_prog_begin(struct dt_cg *cg)
{
	unsigned int i;

	dt_irlist_fini(&cg->irl);
	cg->regs = 0;
	cg->nvars = 0;
	for (i = 0; i < cg->npending; i++) {
		struct dt_stmt_node *next = cg->pending[i]->next;

		/* one statement at a time: the list goes on past it */
		cg->pending[i]->next = NULL;
		dt_cg_stmts(cg, cg->pending[i]);
		cg->pending[i]->next = next;
	}
	cg->npending = 0;
}

/*
 * End the program dt_cg_prog_begin() started: return %@r (freed) as
 * @rtype of @rsize bytes.  Return: the program; failures unwind.
 */
struct dt_difo *dt_cg_prog_end(struct dt_cg *cg, unsigned int r,
			       uint32_t rtype, uint32_t rsize, int line)
{
	struct dt_difo *dp;
	enum dt_as_err err;

	dt_as_emit(&cg->irl, DTRACE_DIF_OP_RET, 0, r, 0, 0);
	dt_cg_free(cg, r);
	dp = dt_as_assemble(&cg->irl, rtype, rsize, &err);
	dt_irlist_fini(&cg->irl);
	if (!dp && err == DT_AS_TOOBIG)
		dt_diag(cg->pcb, line, D_DIF_LIMIT,
			"expression is too large for a DIF program");
	if (!dp)
		dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
	dt_cg_vartab(cg, dp, line);
	return dp;
}

/**
 * dt_cg_program() - generate a whole DIF program returning @n
 * @cg: the generator
 * @n: a checked expression; NULL for a program returning 0
 * @rtype: DTRACE_DIF_RTYPE_*
 * @rsize: integer or by-ref result size, 0 for a string
 *
 * The pending statements run first and are consumed.  A symbol
 * function (sym(), usym() ...) gives its address, or the address of
 * its pid and address in scratch.
 * Return: the program (never NULL: failures unwind via dt_diag()).
 */
struct dt_difo *dt_cg_program(struct dt_cg *cg, struct dt_node *n,
			      uint32_t rtype, uint32_t rsize)
{
	unsigned int r = 0;

	dt_cg_prog_begin(cg);
	if (n)
		r = dt_check_symfn(n) ? dt_cg_symval(cg, n) : dt_cg_expr(cg, n);
	return dt_cg_prog_end(cg, r, rtype, rsize,
			      n ? n->line : cg->pcb->line);
}

/* The next action slot of the clause, its arrays grown as needed. */
static unsigned int dt_cg_slot(struct dt_cg *cg, int line)
{
	struct dt_clause *cl = cg->clause;
	unsigned int cap = cg->cap ? 2 * cg->cap : 8;
	void *p;

	if (cl->nacts == DTRACE_ACTIONS_MAX)
		dt_diag(cg->pcb, line, D_REC_LIMIT,
			"clause has more than %d actions", DTRACE_ACTIONS_MAX);
	if (cl->nacts < cg->cap)
		return cl->nacts;
	p = realloc(cl->progs, cap * sizeof(*cl->progs));
	if (p)
		cl->progs = p;
	p = p ? realloc(cl->acts, cap * sizeof(*cl->acts)) : NULL;
	if (p)
		cl->acts = p;
	p = p ? realloc(cl->recs, cap * sizeof(*cl->recs)) : NULL;
	if (p)
		cl->recs = p;
	if (!p)
		dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
	memset(cl->progs + cg->cap, 0, (cap - cg->cap) * sizeof(*cl->progs));
	memset(cl->acts + cg->cap, 0, (cap - cg->cap) * sizeof(*cl->acts));
	memset(cl->recs + cg->cap, 0, (cap - cg->cap) * sizeof(*cl->recs));
	cg->cap = cap;
	return cl->nacts;
}

/*
 * Append an action of @kind with program @dp (may be NULL) storing
 * @size bytes aligned to @align; return its record description.
 */
static struct dt_recdesc *dt_cg_action(struct dt_cg *cg, uint32_t kind,
				       struct dt_difo *dp, uint32_t size,
				       uint32_t align, uint64_t arg,
				       uint32_t *offp, int line)
{
	struct dt_clause *cl = cg->clause;
	unsigned int i = dt_cg_slot(cg, line);
	uint32_t off = size ? DT_ALIGN(*offp, align) : 0;

	if ((uint64_t)off + size > DTRACE_RECORD_MAX) {
		dt_difo_free(dp);
		dt_diag(cg->pcb, line, D_REC_LIMIT,
			"clause records more than %d bytes", DTRACE_RECORD_MAX);
	}
	cl->progs[i] = dp;
	cl->nacts++;
	cl->acts[i].kind = kind;
	cl->acts[i].offset = off;
	cl->acts[i].size = size;
	cl->acts[i].arg = arg;
	if (dp)
		cl->acts[i].difo = dp->k;
	cl->recs[i].offset = off;
	cl->recs[i].size = size;
	cl->recs[i].kind = DT_REC_NONE;
	if (size)
		*offp = off + size;
	return &cl->recs[i];
}

/*
 * sym(a), func(a), mod(a): the kernel address, 8 bytes; usym(a) ...:
 * the pid and the user address, 16 bytes.
 */
static void dt_cg_symrec(struct dt_cg *cg, struct dt_node *n,
			 uint32_t *offp)
{
	const struct dt_ident *id = dt_check_symfn(n);
	struct dt_recdesc *rec;
	struct dt_difo *dp;
	uint32_t size = id->user ? 16 : 8;

	dp = dt_cg_program(cg, n, id->user ? DTRACE_DIF_RTYPE_BYREF :
			   DTRACE_DIF_RTYPE_INT, size);
	rec = dt_cg_action(cg, DTRACE_ACT_DIFEXPR, dp, size, 8, 0, offp,
			   n->line);
	rec->kind = id->user ? DT_REC_USYM : DT_REC_KSYM;
	rec->symfmt = (enum dt_symfmt)id->symfmt;
	rec->type = n->type;
}

/* An action recording the value of @n, by its type. */
static void dt_cg_record(struct dt_cg *cg, struct dt_node *n, uint32_t kind,
			 uint32_t *offp)
{
	const struct dt_type *t = dt_type_base(n->type);
	struct dt_recdesc *rec;
	struct dt_difo *dp;
	uint32_t size;

	if (dt_check_symfn(n)) {
		dt_cg_symrec(cg, n, offp);
		return;
	}
	if (kind == DTRACE_ACT_EXIT) {
		dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_INT, 4);
		rec = dt_cg_action(cg, kind, dp, 4, 4, 0, offp, n->line);
		rec->kind = DT_REC_INT;
		rec->is_signed = true;
		rec->type = &dt_type_int;
		return;
	}
	if (t->kind == DT_TK_STRING) {
		size = dt_strbytes(&cg->pcb->dtp->opt);
		dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_STRING, 0);
		rec = dt_cg_action(cg, kind, dp, size, 8, 0, offp, n->line);
		rec->kind = DT_REC_STRING;
	} else if (dt_type_is_byref(t)) {
		size = (uint32_t)t->size;
		if (!size || size > DTRACE_RECORD_MAX)
			dt_diag(cg->pcb, n->line, D_REC_LIMIT,
				"cannot record %s: its size is %u bytes",
				t->name, size);
		dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_BYREF, size);
		rec = dt_cg_action(cg, kind, dp, size, 8, 0, offp, n->line);
		rec->kind = DT_REC_BYREF;
	} else {
		size = (uint32_t)(t->size ? t->size : 8);
		if (size != 1 && size != 2 && size != 4)
			size = 8;
		dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_INT, size);
		rec = dt_cg_action(cg, kind, dp, size, size, 0, offp, n->line);
		rec->kind = DT_REC_INT;
		rec->is_signed = t->is_signed;
	}
	rec->type = n->type;
}

/*
 * print() of a pointer to a struct or union records the object too,
 * after the pointer: its bytes, a by-ref record of the pointee's type.
 */
static void dt_cg_pointee(struct dt_cg *cg, struct dt_node *n,
			  uint32_t *offp)
{
	const struct dt_type *t = dt_type_base(n->type), *pt;
	struct dt_recdesc *rec;
	struct dt_difo *dp;
	uint32_t size;

	if (t->kind != DT_TK_POINTER || !t->ref)
		return;
	pt = dt_type_base(t->ref);
	size = (uint32_t)pt->size;
	if ((pt->kind != DT_TK_STRUCT && pt->kind != DT_TK_UNION) || !size ||
	    size > DTRACE_RECORD_MAX)
		return;
	dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_BYREF, size);
	rec = dt_cg_action(cg, DTRACE_ACT_DIFEXPR, dp, size, 8, 0, offp,
			   n->line);
	rec->kind = DT_REC_BYREF;
	rec->type = t->ref;
}

static void dt_cg_aggn(struct dt_cg *cg, struct dt_node *n, uint32_t *offp);

/*
 * tracemem(addr, n[, len]): n bytes at addr, as a by-ref record; len,
 * the bytes to print, as a signed record after it.
 */
static void dt_cg_tracemem(struct dt_cg *cg, struct dt_node *n,
			   uint32_t *offp)
{
	uint32_t size = (uint32_t)n->args->next->value;
	struct dt_recdesc *rec;
	struct dt_difo *dp;

	dp = dt_cg_program(cg, n->args, DTRACE_DIF_RTYPE_BYREF, size);
	rec = dt_cg_action(cg, DTRACE_ACT_DIFEXPR, dp, size, 8, 0, offp,
			   n->line);
	rec->kind = DT_REC_BYREF;
	rec->type = dt_type_array(cg->pcb->dtp, &dt_type_uchar, size);
	if (n->args->next->next)
		dt_cg_aggn(cg, n->args->next->next, offp);
}

/*
 * pcap(skb, proto): the kernel's copy of the packet (struct
 * dtrace_pcaprec and pcapsize bytes), then the link type, an int.
 */
static void dt_cg_pcap(struct dt_cg *cg, struct dt_node *n, uint32_t *offp)
{
	uint32_t size = (uint32_t)(sizeof(struct dtrace_pcaprec) +
				   cg->pcb->dtp->opt.pcapsize);
	struct dt_difo *dp;

	dp = dt_cg_program(cg, n->args, DTRACE_DIF_RTYPE_INT, 8);
	dt_cg_action(cg, DTRACE_ACT_PCAP, dp, size, 8, 0, offp, n->line);
	dt_cg_record(cg, n->args->next, DTRACE_ACT_DIFEXPR, offp);
}

static void dt_cg_stack(struct dt_cg *cg, struct dt_node *n, bool user,
			uint32_t *offp)
{
	uint64_t frames = dt_options_frames(&cg->pcb->dtp->opt, user,
					    n->args ? n->args->value : 0);
	struct dt_recdesc *rec;
	uint32_t size;

	size = (uint32_t)(8 * (frames + (user ? 1 : 0)));
	rec = dt_cg_action(cg, user ? DTRACE_ACT_USTACK : DTRACE_ACT_STACK,
			   NULL, size, 8, frames, offp, n->line);
	rec->kind = user ? DT_REC_USTACK : DT_REC_STACK;
}

/* raise(sig), chill(ns): a program, no record. */
static void dt_cg_kact(struct dt_cg *cg, struct dt_node *n, uint32_t kind,
		       uint32_t *offp)
{
	struct dt_difo *dp = NULL;

	if (n->args)
		dp = dt_cg_program(cg, n->args, DTRACE_DIF_RTYPE_INT, 8);
	dt_cg_action(cg, kind, dp, 0, 1, 0, offp, n->line);
}

static struct dt_stmt *dt_cg_newstmt(struct dt_cg *cg, enum dt_stmt_kind k,
				     int line)
{
	struct dt_clause *cl = cg->clause;
	struct dt_stmt *p = realloc(cl->stmts,
				    (cl->nstmts + 1) * sizeof(*p));

	if (!p)
		dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
	cl->stmts = p;
	p = &cl->stmts[cl->nstmts++];
	memset(p, 0, sizeof(*p));
	p->kind = k;
	p->first = cl->nacts;
	return p;
}

static void dt_cg_pend(struct dt_cg *cg, struct dt_stmt_node *s)
{
	if (cg->npending == cg->pendcap) {
		unsigned int cap = cg->pendcap ? 2 * cg->pendcap : 8;
		struct dt_stmt_node **p = realloc(cg->pending,
						  cap * sizeof(*p));

		if (!p)
			dt_diag(cg->pcb, s->line, D_NOMEM, "out of memory");
		cg->pending = p;
		cg->pendcap = cap;
	}
	cg->pending[cg->npending++] = s;
}

static void dt_cg_format(struct dt_cg *cg, struct dt_stmt *st,
			 struct dt_node *n, uint32_t *offp)
{
	struct dt_node *a;
	char err[256];

	st->fmt = dt_printf_parse(n->args->str, err, sizeof(err));
	if (!st->fmt)
		dt_diag(cg->pcb, n->line, D_NOMEM, "%s", err);
	for (a = n->args->next; a; a = a->next) {
		const struct dt_ident *act = dt_check_action(a);

		if (act && act->action == DT_ACT_STACK)
			dt_cg_stack(cg, a, false, offp);	/* %k */
		else
			dt_cg_record(cg, a, DTRACE_ACT_DIFEXPR, offp);
	}
}

/* The ids of the aggregations named by @n's arguments, into @st->aggs. */
static void dt_cg_aggids(struct dt_cg *cg, struct dt_stmt *st,
			 const struct dt_node *n)
{
	const struct dt_node *a;
	unsigned int count = 0;

	for (a = n->args; a; a = a->next)
		count += a->kind == DT_NODE_AGG;
	st->aggs = calloc(count, sizeof(*st->aggs));
	if (!st->aggs)
		dt_diag(cg->pcb, n->line, D_NOMEM, "out of memory");
	for (a = n->args; a; a = a->next)
		if (a->kind == DT_NODE_AGG)
			st->aggs[st->naggs++] = ((struct dt_agg *)a->ident)->id;
}

/* The n of trunc(@a, n) and normalize(@a, n): a signed 8-byte record. */
static void dt_cg_aggn(struct dt_cg *cg, struct dt_node *n, uint32_t *offp)
{
	struct dt_recdesc *rec;
	struct dt_difo *dp;

	dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_INT, 8);
	rec = dt_cg_action(cg, DTRACE_ACT_DIFEXPR, dp, 8, 8, 0, offp,
			   n->line);
	rec->kind = DT_REC_INT;
	rec->is_signed = true;
	rec->type = &dt_type_int64;
}

static char *dt_cg_strdup(struct dt_cg *cg, const char *s, int line)
{
	char *p = strdup(s);

	if (!p)
		dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
	return p;
}

/* printa(): its format, if it has one, parsed once here. */
static void dt_cg_printa(struct dt_cg *cg, struct dt_stmt *st,
			 const struct dt_node *n)
{
	char err[256];

	if (n->args->kind != DT_NODE_STRING)
		return;
	st->fmt = dt_printf_parse(n->args->str, err, sizeof(err));
	if (!st->fmt)
		dt_diag(cg->pcb, n->line, D_NOMEM, "%s", err);
}

/*
 * setopt(): the option's name and value, for the consumer; a value that
 * is no constant is recorded, the statement's one record.
 */
static void dt_cg_setopt(struct dt_cg *cg, struct dt_stmt *st,
			 const struct dt_node *n, uint32_t *offp)
{
	struct dt_node *a = n->args;

	st->optname = dt_cg_strdup(cg, a->str, n->line);
	if (a->next && a->next->kind == DT_NODE_STRING)
		st->optval = dt_cg_strdup(cg, a->next->str, n->line);
	else if (a->next)
		dt_cg_record(cg, a->next, DTRACE_ACT_DIFEXPR, offp);
}

/*
 * One statement.  The switch has a case for every enum dt_action and no
 * default, so an action added to dt_ident.c without code here is a
 * compiler error (-Werror=switch); one the checker refuses, or a value
 * that is none of them, is an internal error, never a guess at an
 * action.
 */
static void dt_cg_stmt(struct dt_cg *cg, struct dt_stmt_node *s,
		       uint32_t *offp)
{
	const struct dt_ident *act = dt_check_action(s->expr);
	struct dt_node *n = s->expr;
	struct dt_stmt *st = NULL;

	if (s->kind == DT_SN_EXPR && dt_check_is_aggstmt(n)) {
		const struct dt_agg *ag = n->left->kind == DT_NODE_AGG ?
					  n->left->ident : n->left->left->ident;

		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_action(cg, DTRACE_ACT_AGGREGATE, dt_cg_aggprog(cg, n),
			     0, 1, ag->id, offp, s->line);
		st->nrecs = 1;
		return;
	}
	if (s->kind == DT_SN_EXPR && dt_check_symfn(n)) {
		/* func(pc); traces the symbol, as trace(func(pc)) */
		st = dt_cg_newstmt(cg, DT_STMT_TRACE, s->line);
		dt_cg_record(cg, n, DTRACE_ACT_DIFEXPR, offp);
		st->nrecs = cg->clause->nacts - st->first;
		return;
	}
	if (s->kind == DT_SN_IF || !act) {
		dt_cg_pend(cg, s);
		return;
	}
	switch (act->action) {
	case DT_ACT_TRACE:
		st = dt_cg_newstmt(cg, DT_STMT_TRACE, s->line);
		dt_cg_record(cg, n->args, DTRACE_ACT_DIFEXPR, offp);
		break;
	case DT_ACT_PRINT:
		st = dt_cg_newstmt(cg, DT_STMT_PRINT, s->line);
		dt_cg_record(cg, n->args, DTRACE_ACT_DIFEXPR, offp);
		dt_cg_pointee(cg, n->args, offp);
		break;
	case DT_ACT_EXIT:
		st = dt_cg_newstmt(cg, DT_STMT_EXIT, s->line);
		dt_cg_record(cg, n->args, DTRACE_ACT_EXIT, offp);
		break;
	case DT_ACT_PRINTF:
	case DT_ACT_SYSTEM:
	case DT_ACT_FREOPEN:
		st = dt_cg_newstmt(cg, act->action == DT_ACT_PRINTF ?
				   DT_STMT_PRINTF :
				   act->action == DT_ACT_SYSTEM ?
				   DT_STMT_SYSTEM : DT_STMT_FREOPEN, s->line);
		dt_cg_format(cg, st, n, offp);
		break;
	case DT_ACT_FTRUNCATE:
		st = dt_cg_newstmt(cg, DT_STMT_FTRUNCATE, s->line);
		break;
	case DT_ACT_TRACEMEM:
		st = dt_cg_newstmt(cg, DT_STMT_TRACEMEM, s->line);
		dt_cg_tracemem(cg, n, offp);
		break;
	case DT_ACT_PCAP:
		st = dt_cg_newstmt(cg, DT_STMT_PCAP, s->line);
		dt_cg_pcap(cg, n, offp);
		break;
	case DT_ACT_STACK:
	case DT_ACT_USTACK:
		st = dt_cg_newstmt(cg, act->action == DT_ACT_STACK ?
				   DT_STMT_STACK : DT_STMT_USTACK, s->line);
		dt_cg_stack(cg, n, act->action == DT_ACT_USTACK, offp);
		break;
	case DT_ACT_RAISE:
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_kact(cg, n, DTRACE_ACT_RAISE, offp);
		break;
	case DT_ACT_CHILL:
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_kact(cg, n, DTRACE_ACT_CHILL, offp);
		break;
	case DT_ACT_SPECULATE:
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_kact(cg, n, DTRACE_ACT_SPECULATE, offp);
		break;
	case DT_ACT_COMMIT:
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_kact(cg, n, DTRACE_ACT_COMMIT, offp);
		break;
	case DT_ACT_DISCARD:
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_kact(cg, n, DTRACE_ACT_DISCARD, offp);
		break;
	case DT_ACT_STOP:
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_action(cg, DTRACE_ACT_STOP, NULL, 0, 1, 0, offp,
			     s->line);
		break;
	case DT_ACT_PANIC:
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, s->line);
		dt_cg_action(cg, DTRACE_ACT_PANIC, NULL, 0, 1, 0, offp,
			     s->line);
		break;
	/* done by the consumer; trunc() and normalize() record their n */
	case DT_ACT_PRINTA:
		st = dt_cg_newstmt(cg, DT_STMT_PRINTA, s->line);
		dt_cg_printa(cg, st, n);
		dt_cg_aggids(cg, st, n);
		break;
	case DT_ACT_CLEAR:
		st = dt_cg_newstmt(cg, DT_STMT_CLEAR, s->line);
		dt_cg_aggids(cg, st, n);
		break;
	case DT_ACT_TRUNC:
		st = dt_cg_newstmt(cg, DT_STMT_TRUNC, s->line);
		if (n->args->next)
			dt_cg_aggn(cg, n->args->next, offp);
		dt_cg_aggids(cg, st, n);
		break;
	case DT_ACT_NORMALIZE:
		st = dt_cg_newstmt(cg, DT_STMT_NORMALIZE, s->line);
		dt_cg_aggn(cg, n->args->next, offp);
		dt_cg_aggids(cg, st, n);
		break;
	case DT_ACT_DENORMALIZE:
		st = dt_cg_newstmt(cg, DT_STMT_DENORMALIZE, s->line);
		dt_cg_aggids(cg, st, n);
		break;
	case DT_ACT_SETOPT:
		st = dt_cg_newstmt(cg, DT_STMT_SETOPT, s->line);
		dt_cg_setopt(cg, st, n, offp);
		break;
	case DT_ACT_NONE:
	case DT_ACT_BREAKPOINT:	/* refused by dt_check_act() */
		break;
	}
	if (!st)
		dt_diag(cg->pcb, s->line, D_INTERNAL,
			"internal error: no code for action %d, %s( )",
			(int)act->action, act->name);
	st->nrecs = cg->clause->nacts - st->first;
}

/*
 * What the clause holds: aggregations, statements for the consumer, and
 * whether it speculates (its record then goes to the speculation).
 */
static void dt_cg_clause_kinds(const struct dt_clause *cl, bool *aggp,
			       bool *consp, bool *specp)
{
	unsigned int i;

	*aggp = false;
	*consp = false;
	*specp = false;
	for (i = 0; i < cl->nacts; i++) {
		*aggp |= cl->acts[i].kind == DTRACE_ACT_AGGREGATE;
		*specp |= cl->acts[i].kind == DTRACE_ACT_SPECULATE;
		/* DTrace records a signal it sends: the probe's line */
		*consp |= cl->acts[i].kind == DTRACE_ACT_RAISE ||
			  cl->acts[i].kind == DTRACE_ACT_STOP;
	}
	/* printf("text") and printa() print, yet may record nothing */
	for (i = 0; i < cl->nstmts; i++)
		*consp |= cl->stmts[i].kind != DT_STMT_SILENT;
}

/**
 * dt_cg_clause() - generate a checked clause into cg->clause
 * @cg: the generator; cg->clause, allocated by the caller, is filled
 * @c: the clause
 *
 * The kernel writes no record for a clause whose actions store nothing.
 * That is right for a clause of aggregations, commit() or discard(), or
 * assignments, which prints nothing; but the consumer must see a clause
 * fire whose statements print without recording (printf() of a format
 * alone, printa() and the like) or that sends a signal (raise(),
 * stop(): DTrace prints the probe's line), and a clause that only speculates
 * records DTrace's default line in the speculation (printed if it is
 * committed).  Those get a one-byte record if they store nothing else;
 * pending statements at the end run in an action of their own, which
 * stores nothing where no such byte is needed.  (A clause with no
 * action at all gets the kernel's header-only record: the probe's line.)
 */
void dt_cg_clause(struct dt_cg *cg, struct dt_clause_node *c)
{
	struct dt_stmt_node *s;
	struct dt_stmt *st;
	struct dt_recdesc *rec;
	uint32_t off = 0, size;
	bool agg, cons, spec;

	cg->cap = 0;
	cg->npending = 0;
	if (c->pred)
		cg->clause->pred = dt_cg_program(cg, c->pred,
						 DTRACE_DIF_RTYPE_INT, 8);
	for (s = c->stmts; s; s = s->next)
		dt_cg_stmt(cg, s, &off);
	dt_cg_clause_kinds(cg->clause, &agg, &cons, &spec);
	size = !off && (cons || spec) ? 1 : 0;
	if (cg->npending || size) {
		st = dt_cg_newstmt(cg, DT_STMT_SILENT, c->line);
		rec = dt_cg_action(cg, DTRACE_ACT_DIFEXPR,
				   dt_cg_program(cg, NULL,
						 DTRACE_DIF_RTYPE_INT,
						 size ? 1 : 8),
				   size, 1, 0, &off, c->line);
		if (size) {
			rec->kind = DT_REC_INT;
			rec->type = &dt_type_uchar;
		}
		st->nrecs = 1;
	}
	cg->clause->datasize = off;
}
