// SPDX-License-Identifier: GPL-2.0
/*
 * Code generation: checked expressions to DIF (through dt_as.c), and a
 * checked clause to a struct dt_clause: predicate program, one action
 * per recorded value laid out in 8-byte slots, and the statements the
 * consumer prints by.
 *
 * Register discipline: %r0 is never written, so it reads as zero; every
 * subexpression gets a register from %r1..%r15, freed when its parent
 * has used it.  A value of integer type T is kept in its register
 * sign- or zero-extended from T's size to 64 bits, so the 64-bit
 * compare and divide instructions give C's results; dt_cg_fit()
 * restores that after operations that can leave T's range.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_printf.h"
#include "dt_type.h"

#define DT_CG_FIRSTREG	1

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
}

static unsigned int dt_cg_reg(struct dt_cg *cg, int line)
{
	unsigned int r;

	for (r = DT_CG_FIRSTREG; r < DTRACE_DIF_NREGS; r++) {
		if (!(cg->regs & (1u << r))) {
			cg->regs |= 1u << r;
			return r;
		}
	}
	dt_diag(cg->pcb, line, D_NOREG,
		"insufficient registers to generate code: expression is too complex");
}

static void dt_cg_free(struct dt_cg *cg, unsigned int r)
{
	cg->regs &= ~(1u << r);
}

static void dt_cg_emit(struct dt_cg *cg, unsigned int op, unsigned int d,
		       unsigned int s1, unsigned int s2)
{
	dt_as_emit(&cg->irl, op, d, s1, s2, 0);
}

static void dt_cg_const(struct dt_cg *cg, unsigned int r, uint64_t v,
			int line)
{
	int64_t sv = (int64_t)v;
	int32_t idx;

	if (sv >= INT32_MIN && sv <= INT32_MAX) {
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDI, r, 0, 0, (int32_t)sv);
		return;
	}
	idx = dt_as_int(&cg->irl, v);
	if (idx < 0)
		dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_SETX, r, 0, 0, idx);
}

/* Re-extend %r from the size of integer type @t, by its signedness. */
static void dt_cg_fit(struct dt_cg *cg, unsigned int r,
		      const struct dt_type *t, int line)
{
	unsigned int tmp;

	t = dt_type_base(t);
	if (t->kind != DT_TK_INT || t->size >= 8)
		return;
	tmp = dt_cg_reg(cg, line);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDI, tmp, 0, 0,
		   (int32_t)(64 - 8 * t->size));
	dt_cg_emit(cg, DTRACE_DIF_OP_SHL, r, r, tmp);
	dt_cg_emit(cg, t->is_signed ? DTRACE_DIF_OP_ASR : DTRACE_DIF_OP_LSR,
		   r, r, tmp);
	dt_cg_free(cg, tmp);
}

/* Convert %r from integer type @from to @to, as C converts values. */
static void dt_cg_convert(struct dt_cg *cg, unsigned int r,
			  const struct dt_type *from,
			  const struct dt_type *to, int line)
{
	from = dt_type_base(from);
	to = dt_type_base(to);
	if (to->kind != DT_TK_INT || from->kind != DT_TK_INT || to->size >= 8)
		return;
	/* Every value of @from is a value of @to: nothing to do. */
	if ((from->is_signed == to->is_signed && from->size <= to->size) ||
	    (!from->is_signed && from->size < to->size))
		return;
	dt_cg_fit(cg, r, to, line);
}

static unsigned int dt_cg_expr(struct dt_cg *cg, struct dt_node *n);

static unsigned int dt_cg_op1(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int r = dt_cg_expr(cg, n->left);

	switch (n->op) {
	case DT_OP_LNEG:
		dt_cg_emit(cg, DTRACE_DIF_OP_SEQ, r, r, 0);
		break;
	case DT_OP_NEG:
		dt_cg_convert(cg, r, n->left->type, n->type, n->line);
		dt_cg_emit(cg, DTRACE_DIF_OP_NEG, r, r, 0);
		dt_cg_fit(cg, r, n->type, n->line);
		break;
	case DT_OP_BNEG:
		dt_cg_convert(cg, r, n->left->type, n->type, n->line);
		dt_cg_emit(cg, DTRACE_DIF_OP_NOT, r, r, 0);
		dt_cg_fit(cg, r, n->type, n->line);
		break;
	default:	/* unary + */
		dt_cg_convert(cg, r, n->left->type, n->type, n->line);
		break;
	}
	return r;
}

/* && and ||: the right operand runs only when the left does not decide. */
static unsigned int dt_cg_logical(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int end = dt_as_label(&cg->irl);
	unsigned int l, r;

	l = dt_cg_expr(cg, n->left);
	dt_cg_emit(cg, DTRACE_DIF_OP_SNE, l, l, 0);
	dt_as_branch(&cg->irl, n->op == DT_OP_LAND ? DTRACE_DIF_OP_JZ :
			       DTRACE_DIF_OP_JNZ, l, end);
	r = dt_cg_expr(cg, n->right);
	dt_cg_emit(cg, DTRACE_DIF_OP_SNE, l, r, 0);
	dt_cg_free(cg, r);
	dt_as_place(&cg->irl, end);
	return l;
}

static unsigned int dt_cg_compare(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_type *lt = n->left->type, *rt = n->right->type;
	unsigned int l = dt_cg_expr(cg, n->left);
	unsigned int r = dt_cg_expr(cg, n->right);
	bool is_unsigned = false;
	unsigned int a = l, b = r;
	unsigned int op;

	if (dt_type_is_string(lt)) {
		/* strcmp() as -1/0/1, compared with 0 in %r0 */
		dt_cg_emit(cg, DTRACE_DIF_OP_SCMP, l, l, r);
		b = 0;
	} else {
		const struct dt_type *ct = dt_type_common(lt, rt);

		dt_cg_convert(cg, l, lt, ct, n->line);
		dt_cg_convert(cg, r, rt, ct, n->line);
		is_unsigned = !dt_type_base(ct)->is_signed;
	}

	switch (n->op) {
	case DT_OP_EQ:
		op = DTRACE_DIF_OP_SEQ;
		break;
	case DT_OP_NE:
		op = DTRACE_DIF_OP_SNE;
		break;
	case DT_OP_LT:
		op = is_unsigned ? DTRACE_DIF_OP_SLTU : DTRACE_DIF_OP_SLT;
		break;
	case DT_OP_LE:
		op = is_unsigned ? DTRACE_DIF_OP_SLEU : DTRACE_DIF_OP_SLE;
		break;
	case DT_OP_GT:		/* a > b is b < a */
		op = is_unsigned ? DTRACE_DIF_OP_SLTU : DTRACE_DIF_OP_SLT;
		a = b;
		b = l;
		break;
	default:		/* a >= b is b <= a */
		op = is_unsigned ? DTRACE_DIF_OP_SLEU : DTRACE_DIF_OP_SLE;
		a = b;
		b = l;
		break;
	}
	dt_cg_emit(cg, op, l, a, b);
	dt_cg_free(cg, r);
	return l;
}

static unsigned int dt_cg_arith_op(enum dt_op op, bool is_signed)
{
	switch (op) {
	case DT_OP_ADD:
		return DTRACE_DIF_OP_ADD;
	case DT_OP_SUB:
		return DTRACE_DIF_OP_SUB;
	case DT_OP_MUL:
		return DTRACE_DIF_OP_MUL;
	case DT_OP_DIV:
		return is_signed ? DTRACE_DIF_OP_SDIV : DTRACE_DIF_OP_UDIV;
	case DT_OP_MOD:
		return is_signed ? DTRACE_DIF_OP_SREM : DTRACE_DIF_OP_UREM;
	case DT_OP_BAND:
		return DTRACE_DIF_OP_AND;
	case DT_OP_BOR:
		return DTRACE_DIF_OP_OR;
	case DT_OP_XOR:
		return DTRACE_DIF_OP_XOR;
	case DT_OP_LSH:
		return DTRACE_DIF_OP_SHL;
	default:
		return is_signed ? DTRACE_DIF_OP_ASR : DTRACE_DIF_OP_LSR;
	}
}

static unsigned int dt_cg_op2(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int l, r, op;
	bool is_signed;

	switch (n->op) {
	case DT_OP_COMMA:
		dt_cg_free(cg, dt_cg_expr(cg, n->left));
		return dt_cg_expr(cg, n->right);
	case DT_OP_LAND:
	case DT_OP_LOR:
		return dt_cg_logical(cg, n);
	case DT_OP_LXOR:
		l = dt_cg_expr(cg, n->left);
		r = dt_cg_expr(cg, n->right);
		dt_cg_emit(cg, DTRACE_DIF_OP_SNE, l, l, 0);
		dt_cg_emit(cg, DTRACE_DIF_OP_SNE, r, r, 0);
		dt_cg_emit(cg, DTRACE_DIF_OP_XOR, l, l, r);
		dt_cg_free(cg, r);
		return l;
	case DT_OP_EQ:
	case DT_OP_NE:
	case DT_OP_LT:
	case DT_OP_LE:
	case DT_OP_GT:
	case DT_OP_GE:
		return dt_cg_compare(cg, n);
	default:
		break;
	}

	l = dt_cg_expr(cg, n->left);
	r = dt_cg_expr(cg, n->right);
	dt_cg_convert(cg, l, n->left->type, n->type, n->line);
	if (n->op != DT_OP_LSH && n->op != DT_OP_RSH)
		dt_cg_convert(cg, r, n->right->type, n->type, n->line);
	is_signed = dt_type_base(n->type)->is_signed;
	op = dt_cg_arith_op(n->op, is_signed);
	dt_cg_emit(cg, op, l, l, r);
	dt_cg_free(cg, r);
	if (op != DTRACE_DIF_OP_AND && op != DTRACE_DIF_OP_OR &&
	    op != DTRACE_DIF_OP_XOR && op != DTRACE_DIF_OP_LSR &&
	    op != DTRACE_DIF_OP_ASR)
		dt_cg_fit(cg, l, n->type, n->line);
	return l;
}

static unsigned int dt_cg_op3(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int other = dt_as_label(&cg->irl);
	unsigned int end = dt_as_label(&cg->irl);
	unsigned int c, r;

	c = dt_cg_expr(cg, n->cond);
	dt_as_branch(&cg->irl, DTRACE_DIF_OP_JZ, c, other);
	r = dt_cg_expr(cg, n->left);
	dt_cg_convert(cg, r, n->left->type, n->type, n->line);
	dt_cg_emit(cg, DTRACE_DIF_OP_MOV, c, r, 0);
	dt_cg_free(cg, r);
	dt_as_branch(&cg->irl, DTRACE_DIF_OP_JMP, 0, end);
	dt_as_place(&cg->irl, other);
	r = dt_cg_expr(cg, n->right);
	dt_cg_convert(cg, r, n->right->type, n->type, n->line);
	dt_cg_emit(cg, DTRACE_DIF_OP_MOV, c, r, 0);
	dt_cg_free(cg, r);
	dt_as_place(&cg->irl, end);
	return c;
}

/* Generate @n; return the register holding its value. */
static unsigned int dt_cg_expr(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int r;
	int32_t off;

	switch (n->kind) {
	case DT_NODE_INT:
		r = dt_cg_reg(cg, n->line);
		dt_cg_const(cg, r, n->value, n->line);
		return r;
	case DT_NODE_STRING:
		r = dt_cg_reg(cg, n->line);
		off = dt_as_str(&cg->irl, n->str);
		if (off < 0)
			dt_diag(cg->pcb, n->line, D_NOMEM, "out of memory");
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_SETS, r, 0, 0, off);
		return r;
	case DT_NODE_IDENT:
		r = dt_cg_reg(cg, n->line);
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDV, r, 0, 0,
			   (int32_t)n->value);
		return r;
	case DT_NODE_OP1:
		return dt_cg_op1(cg, n);
	case DT_NODE_OP2:
		return dt_cg_op2(cg, n);
	case DT_NODE_OP3:
		return dt_cg_op3(cg, n);
	default:
		break;
	}
	dt_diag(cg->pcb, n->line, D_UNSUPPORTED,
		"no code generation for this expression");
}

/**
 * dt_cg_program() - generate a whole DIF program returning @n
 * @cg: the generator
 * @n: a checked expression
 * @rtype: DTRACE_DIF_RTYPE_*
 * @rsize: integer result size, 0 for a string
 *
 * Return: the program (never NULL: failures unwind via dt_diag()).
 */
struct dt_difo *dt_cg_program(struct dt_cg *cg, struct dt_node *n,
			      uint32_t rtype, uint32_t rsize)
{
	struct dt_difo *dp;
	enum dt_as_err err;
	unsigned int r;

	dt_irlist_fini(&cg->irl);
	cg->regs = 0;
	r = dt_cg_expr(cg, n);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_RET, 0, r, 0, 0);
	dt_cg_free(cg, r);
	dp = dt_as_assemble(&cg->irl, rtype, rsize, &err);
	dt_irlist_fini(&cg->irl);
	if (!dp && err == DT_AS_TOOBIG)
		dt_diag(cg->pcb, n->line, D_DIF_LIMIT,
			"expression is too large for a DIF program");
	if (!dp)
		dt_diag(cg->pcb, n->line, D_NOMEM, "out of memory");
	return dp;
}

/* Append an action recording the value of @n to the clause. */
static void dt_cg_record(struct dt_cg *cg, struct dt_node *n, uint32_t kind,
			 uint32_t *offp)
{
	struct dt_clause *cl = cg->clause;
	const struct dt_type *t = dt_type_base(n->type);
	struct dt_recdesc *rec;
	struct dt_difo *dp;
	uint32_t size, off;
	unsigned int i = cl->nacts;

	if (i == DTRACE_ACTIONS_MAX)
		dt_diag(cg->pcb, n->line, D_REC_LIMIT,
			"clause has more than %d actions", DTRACE_ACTIONS_MAX);
	if (kind == DTRACE_ACT_EXIT)
		size = 4;
	else if (t->kind == DT_TK_STRING)
		size = (uint32_t)cg->pcb->dtp->opt.strsize;
	else
		size = t->size;
	off = DT_ALIGN(*offp, 8);
	if ((uint64_t)off + size > DTRACE_RECORD_MAX)
		dt_diag(cg->pcb, n->line, D_REC_LIMIT,
			"clause records more than %d bytes", DTRACE_RECORD_MAX);

	if (t->kind == DT_TK_STRING)
		dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_STRING, 0);
	else
		dp = dt_cg_program(cg, n, DTRACE_DIF_RTYPE_INT, size);
	cl->progs[i] = dp;
	cl->nacts++;

	rec = &cl->recs[i];
	rec->kind = t->kind == DT_TK_STRING ? DT_REC_STRING : DT_REC_INT;
	rec->offset = off;
	rec->size = size;
	rec->is_signed = kind == DTRACE_ACT_EXIT || t->is_signed;

	cl->acts[i].kind = kind;
	cl->acts[i].offset = off;
	cl->acts[i].size = size;
	cl->acts[i].difo = dp->k;
	*offp = off + size;
}

static unsigned int dt_cg_count_actions(const struct dt_clause_node *c)
{
	const struct dt_stmt_node *s;
	unsigned int n = 0;

	for (s = c->stmts; s; s = s->next) {
		const struct dt_ident *act = dt_check_action(s->expr);

		if (act && act->action == DT_ACT_PRINTF)
			n += dt_node_count(s->expr->args) - 1;
		else
			n++;
	}
	return n;
}

static void dt_cg_stmt(struct dt_cg *cg, struct dt_stmt_node *s,
		       uint32_t *offp)
{
	const struct dt_ident *act = dt_check_action(s->expr);
	struct dt_clause *cl = cg->clause;
	struct dt_stmt *st = &cl->stmts[cl->nstmts++];
	struct dt_node *a;
	char err[256];

	st->first = cl->nacts;
	switch (act->action) {
	case DT_ACT_TRACE:
		st->kind = DT_STMT_TRACE;
		dt_cg_record(cg, s->expr->args, DTRACE_ACT_DIFEXPR, offp);
		break;
	case DT_ACT_EXIT:
		st->kind = DT_STMT_EXIT;
		dt_cg_record(cg, s->expr->args, DTRACE_ACT_EXIT, offp);
		break;
	default:
		st->kind = DT_STMT_PRINTF;
		st->fmt = dt_printf_parse(s->expr->args->str, err,
					  sizeof(err));
		if (!st->fmt)
			dt_diag(cg->pcb, s->line, D_NOMEM, "%s", err);
		for (a = s->expr->args->next; a; a = a->next)
			dt_cg_record(cg, a, DTRACE_ACT_DIFEXPR, offp);
		break;
	}
	st->nrecs = cl->nacts - st->first;
}

/**
 * dt_cg_clause() - generate a checked clause into cg->clause
 * @cg: the generator; cg->clause, allocated by the caller, is filled
 * @c: the clause
 */
void dt_cg_clause(struct dt_cg *cg, struct dt_clause_node *c)
{
	unsigned int nacts = dt_cg_count_actions(c), nstmts = 0;
	struct dt_stmt_node *s;
	struct dt_clause *cl = cg->clause;
	uint32_t off = 0;

	for (s = c->stmts; s; s = s->next)
		nstmts++;
	cl->progs = calloc(nacts + 1, sizeof(*cl->progs));
	cl->acts = calloc(nacts + 1, sizeof(*cl->acts));
	cl->recs = calloc(nacts + 1, sizeof(*cl->recs));
	cl->stmts = calloc(nstmts + 1, sizeof(*cl->stmts));
	if (!cl->progs || !cl->acts || !cl->recs || !cl->stmts)
		dt_diag(cg->pcb, c->line, D_NOMEM, "out of memory");

	if (c->pred)
		cl->pred = dt_cg_program(cg, c->pred, DTRACE_DIF_RTYPE_INT, 8);
	for (s = c->stmts; s; s = s->next)
		dt_cg_stmt(cg, s, &off);
	cl->datasize = off;
}
