// SPDX-License-Identifier: GPL-2.0
/*
 * Code generation for aggregations: the program of a DTRACE_ACT_AGGREGATE
 * action, which pushes the keys of @a[keys] = f(args) the kernel does
 * not fill itself (all but stack() and ustack()) on the tuple stack in
 * key order, then the increment if the function has one, and returns
 * the value; and the values of the symbol functions (sym(), usym() ...)
 * that keys and records share.  The layout is the struct dt_agg
 * dt_check_agg.c made; clauses and records are dt_cg_act.c's.
 */
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_type.h"

/*
 * The value of symbol function call @n in a register: a kernel
 * address for sym(), func(), mod(); for usym(), ufunc(), umod(),
 * uaddr() the address of 16 bytes of scratch holding the pid and the
 * user address, which the consumer needs to find the process's map.
 */
unsigned int dt_cg_symval(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_ident *id = dt_check_symfn(n);
	unsigned int p, r, v;

	v = dt_cg_expr(cg, n->args);
	if (!id->user)
		return v;
	p = dt_cg_reg(cg, n->line);
	dt_cg_const(cg, p, 16, n->line);
	dt_cg_emit(cg, DTRACE_DIF_OP_ALLOCS, p, p, 0);
	r = dt_cg_reg(cg, n->line);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDV, r, 0, 0, DTRACE_DIF_VAR_PID);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_STX, p, r, 0, 0);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_STX, p, v, 0, 8);
	dt_cg_free(cg, r);
	dt_cg_free(cg, v);
	return p;
}

/* Push key @i of @ag, held in %@r, as the kernel expects it. */
static void dt_cg_aggpush(struct dt_cg *cg, const struct dt_agg *ag,
			  unsigned int i, unsigned int r)
{
	const struct dtrace_aggkey *k = &ag->def.keys[i];

	switch (k->kind) {
	case DTRACE_AGGKEY_INT:
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTV, 0, r, 0, 0);
		break;
	case DTRACE_AGGKEY_STRING:
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTR, 0, r, 0, 0);
		break;
	default:	/* DTRACE_AGGKEY_BYREF */
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTR, 0, r, 0,
			   (int32_t)k->size);
		break;
	}
}

/*
 * The increment of histogram call @fn, or NULL where it has none (the
 * program pushes 1): quantize()'s 2nd, lquantize()'s 5th, llquantize()'s
 * 6th argument.
 */
static struct dt_node *dt_cg_agginc(const struct dt_agg *ag,
				    struct dt_node *fn)
{
	unsigned int n = ag->def.func == DTRACE_AGG_QUANTIZE ? 2 :
			 ag->def.func == DTRACE_AGG_LQUANTIZE ? 5 : 6;
	struct dt_node *a = fn->args;

	while (a && --n)
		a = a->next;
	return a;
}

/**
 * dt_cg_aggprog() - the program of the statement @a[keys] = f(args)
 * @cg: the generator
 * @n: the checked statement (dt_check_is_aggstmt())
 *
 * Every key, the increment and the value are evaluated into registers
 * before the tuple stack is flushed: each may call a subroutine or read
 * an associative array, which use the tuple stack themselves.
 * Return: the program (failures unwind via dt_diag()).
 */
struct dt_difo *dt_cg_aggprog(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_node *lhs = n->left, *fn = n->right, *a;
	const struct dt_agg *ag = lhs->kind == DT_NODE_AGG ? lhs->ident :
				  lhs->left->ident;
	unsigned int regs[DTRACE_AGG_MAXKEYS], i = 0, incr = 0, val = 0;

	dt_cg_prog_begin(cg);
	if (lhs->kind == DT_NODE_INDEX) {
		for (a = lhs->args; a; a = a->next, i++) {
			unsigned int kind = ag->def.keys[i].kind;

			if (kind == DTRACE_AGGKEY_STACK ||
			    kind == DTRACE_AGGKEY_USTACK)
				regs[i] = 0;	/* the kernel's to fill */
			else if (dt_check_symfn(a))
				regs[i] = dt_cg_symval(cg, a);
			else
				regs[i] = dt_cg_expr(cg, a);
		}
	}
	if (ag->def.flags & DTRACE_AGGDEF_INCR) {
		a = dt_cg_agginc(ag, fn);
		if (a) {
			incr = dt_cg_expr(cg, a);
		} else {
			incr = dt_cg_reg(cg, n->line);
			dt_cg_const(cg, incr, 1, n->line);
		}
	}
	if (ag->def.func != DTRACE_AGG_COUNT)
		val = dt_cg_expr(cg, fn->args);

	dt_as_emit(&cg->irl, DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 0);
	for (i = 0; i < ag->nkeys; i++) {
		if (!regs[i])
			continue;
		dt_cg_aggpush(cg, ag, i, regs[i]);
		dt_cg_free(cg, regs[i]);
	}
	if (incr) {
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTV, 0, incr, 0, 0);
		dt_cg_free(cg, incr);
	}
	return dt_cg_prog_end(cg, val, DTRACE_DIF_RTYPE_INT, 8, n->line);
}
