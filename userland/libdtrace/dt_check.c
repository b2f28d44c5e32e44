// SPDX-License-Identifier: GPL-2.0
/*
 * The semantic pass: resolve identifiers, give every expression node its
 * D type by C's rules, and check predicates and action statements
 * (trace, printf with its format, exit).  Each error is a dt_diag() with
 * its D_* tag; nothing is changed but node types and resolved variables.
 */
#include <stdio.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_printf.h"
#include "dt_type.h"

static void dt_check_unsupported(struct dt_pcb *pcb, struct dt_node *n)
{
	dt_diag(pcb, n->line, D_UNSUPPORTED,
		"operator %s is not supported yet", dt_op_name(n->op));
}

static void dt_check_ident(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_ident *id = dt_ident_lookup(n->str);

	if (!id)
		dt_diag(pcb, n->line, D_IDENT_UNDEF,
			"failed to resolve %s: Unknown variable name", n->str);
	switch (id->kind) {
	case DT_IDENT_VAR:
		n->type = id->type;
		n->value = (uint64_t)id->var;
		return;
	case DT_IDENT_ACTION:
		dt_diag(pcb, n->line, D_OP_VOID,
			"%s( ) is an action and has no value", n->str);
	case DT_IDENT_LATER:
		break;
	}
	dt_diag(pcb, n->line, D_UNSUPPORTED, "%s is not supported yet",
		n->str);
}

/* A call where a value is wanted: never valid for now, but say why. */
static void dt_check_call(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_ident *id;

	if (n->left->kind != DT_NODE_IDENT)
		dt_diag(pcb, n->line, D_UNSUPPORTED,
			"calls through an expression are not supported");
	id = dt_ident_lookup(n->left->str);
	if (!id || id->kind == DT_IDENT_VAR)
		dt_diag(pcb, n->line, D_IDENT_UNDEF,
			"failed to resolve %s: Unknown function name",
			n->left->str);
	if (id->kind == DT_IDENT_ACTION)
		dt_diag(pcb, n->line, D_OP_VOID,
			"%s( ) is an action and may not be used in an expression",
			id->name);
	dt_diag(pcb, n->line, D_UNSUPPORTED, "%s( ) is not supported yet",
		id->name);
}

static void dt_check_op1(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *t;

	switch (n->op) {
	case DT_OP_NEG:
	case DT_OP_PLUS:
	case DT_OP_BNEG:
	case DT_OP_LNEG:
		break;
	default:
		dt_check_unsupported(pcb, n);
	}
	dt_check_expr(pcb, n->left);
	t = n->left->type;

	if (n->op == DT_OP_LNEG) {
		if (!dt_type_is_scalar(t))
			dt_diag(pcb, n->line, D_OP_SCALAR,
				"operator ! requires an operand of scalar type");
		n->type = &dt_type_int;
		return;
	}
	if (!dt_type_is_int(t))
		dt_diag(pcb, n->line, n->op == DT_OP_BNEG ? D_OP_INT : D_OP_ARITH,
			"operator %s requires an operand of %s type",
			dt_op_name(n->op),
			n->op == DT_OP_BNEG ? "integral" : "arithmetic");
	n->type = dt_type_promote(t);
}

static bool dt_is_zero_const(const struct dt_node *n)
{
	return n->kind == DT_NODE_INT && n->value == 0;
}

static void dt_check_op2(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *lt, *rt;
	const char *op = dt_op_name(n->op);

	if (n->op >= DT_OP_ASGN && n->op <= DT_OP_RSH_EQ)
		dt_check_unsupported(pcb, n);
	if (n->op == DT_OP_INDEX)
		dt_check_unsupported(pcb, n);

	dt_check_expr(pcb, n->left);
	dt_check_expr(pcb, n->right);
	lt = n->left->type;
	rt = n->right->type;

	switch (n->op) {
	case DT_OP_COMMA:
		n->type = rt;
		return;

	case DT_OP_LOR:
	case DT_OP_LXOR:
	case DT_OP_LAND:
		if (!dt_type_is_scalar(lt) || !dt_type_is_scalar(rt))
			dt_diag(pcb, n->line, D_OP_SCALAR,
				"operator %s requires operands of scalar type",
				op);
		n->type = &dt_type_int;
		return;

	case DT_OP_EQ:
	case DT_OP_NE:
	case DT_OP_LT:
	case DT_OP_LE:
	case DT_OP_GT:
	case DT_OP_GE:
		if (!((dt_type_is_int(lt) && dt_type_is_int(rt)) ||
		      (dt_type_is_string(lt) && dt_type_is_string(rt))))
			dt_diag(pcb, n->line, D_OP_INCOMPAT,
				"operands have incompatible types: \"%s\" %s \"%s\"",
				lt->name, op, rt->name);
		n->type = &dt_type_int;
		return;

	case DT_OP_ADD:
	case DT_OP_SUB:
	case DT_OP_MUL:
	case DT_OP_DIV:
		if (!dt_type_is_int(lt) || !dt_type_is_int(rt))
			dt_diag(pcb, n->line, D_OP_ARITH,
				"operator %s requires operands of arithmetic type",
				op);
		break;

	default:	/* % & | ^ << >> */
		if (!dt_type_is_int(lt) || !dt_type_is_int(rt))
			dt_diag(pcb, n->line, D_OP_INT,
				"operator %s requires operands of integral type",
				op);
		break;
	}

	if ((n->op == DT_OP_DIV || n->op == DT_OP_MOD) &&
	    dt_is_zero_const(n->right))
		dt_diag(pcb, n->line, D_DIV_ZERO,
			"expression contains division by zero");

	if (n->op == DT_OP_LSH || n->op == DT_OP_RSH)
		n->type = dt_type_promote(lt);
	else
		n->type = dt_type_common(lt, rt);
}

static void dt_check_op3(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *lt, *rt;

	dt_check_expr(pcb, n->cond);
	dt_check_expr(pcb, n->left);
	dt_check_expr(pcb, n->right);
	if (!dt_type_is_scalar(n->cond->type))
		dt_diag(pcb, n->line, D_OP_SCALAR,
			"operator ?: requires a condition of scalar type");
	lt = n->left->type;
	rt = n->right->type;
	if (dt_type_is_int(lt) && dt_type_is_int(rt))
		n->type = dt_type_common(lt, rt);
	else if (dt_type_is_string(lt) && dt_type_is_string(rt))
		n->type = &dt_type_string;
	else
		dt_diag(pcb, n->line, D_OP_INCOMPAT,
			"operands have incompatible types: \"%s\" : \"%s\"",
			lt->name, rt->name);
}

/* Type-check an expression where a value is wanted. */
void dt_check_expr(struct dt_pcb *pcb, struct dt_node *n)
{
	switch (n->kind) {
	case DT_NODE_INT:
	case DT_NODE_STRING:
		return;		/* typed by the lexer */
	case DT_NODE_IDENT:
		dt_check_ident(pcb, n);
		return;
	case DT_NODE_OP1:
		dt_check_op1(pcb, n);
		return;
	case DT_NODE_OP2:
		dt_check_op2(pcb, n);
		return;
	case DT_NODE_OP3:
		dt_check_op3(pcb, n);
		return;
	case DT_NODE_CALL:
		dt_check_call(pcb, n);
		return;
	case DT_NODE_MEMBER:
		dt_check_unsupported(pcb, n);
		return;
	}
}

/* The action a statement calls, or NULL if it is no action call. */
const struct dt_ident *dt_check_action(const struct dt_node *n)
{
	const struct dt_ident *id;

	if (n->kind != DT_NODE_CALL || n->left->kind != DT_NODE_IDENT)
		return NULL;
	id = dt_ident_lookup(n->left->str);
	return id && id->kind == DT_IDENT_ACTION ? id : NULL;
}

static void dt_check_nargs(struct dt_pcb *pcb, const struct dt_node *n,
			   const char *name, unsigned int want)
{
	unsigned int have = dt_node_count(n->args);

	if (have != want)
		dt_diag(pcb, n->line, D_PROTO_LEN,
			"%s( ) prototype mismatch: %u arg%s passed, %u expected",
			name, have, have == 1 ? "" : "s", want);
}

static void dt_check_printf(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *types[DTRACE_ACTIONS_MAX];
	struct dt_node *fmt = n->args, *a;
	unsigned int nargs = 0;
	struct dt_pfmt *pf;
	enum dt_errtag tag;
	char msg[512];
	int ret;

	if (!fmt)
		dt_diag(pcb, n->line, D_PROTO_LEN,
			"printf( ) prototype mismatch: 0 args passed, at least 1 expected");
	dt_check_expr(pcb, fmt);
	if (fmt->kind != DT_NODE_STRING)
		dt_diag(pcb, n->line, D_PRINTF_FMT,
			"printf( ) argument #1 is incompatible with prototype: prototype: string constant argument: %s",
			fmt->type->name);
	for (a = fmt->next; a; a = a->next) {
		dt_check_expr(pcb, a);
		if (nargs == DTRACE_ACTIONS_MAX)
			dt_diag(pcb, n->line, D_REC_LIMIT,
				"printf( ) has too many arguments");
		types[nargs++] = a->type;
	}

	pf = dt_printf_parse(fmt->str, msg, sizeof(msg));
	if (!pf)
		dt_diag(pcb, n->line, D_PRINTF_CONV, "%s", msg);
	ret = dt_printf_check(pf, types, nargs, &tag, msg, sizeof(msg));
	dt_printf_free(pf);
	if (ret)
		dt_diag(pcb, n->line, tag, "%s", msg);
}

static void dt_check_stmt(struct dt_pcb *pcb, struct dt_stmt_node *s)
{
	const struct dt_ident *act = dt_check_action(s->expr);
	struct dt_node *n = s->expr;

	if (!act) {
		dt_check_expr(pcb, n);
		dt_diag(pcb, n->line, D_UNSUPPORTED,
			"expression statements other than actions are not supported yet");
	}

	switch (act->action) {
	case DT_ACT_TRACE:
		dt_check_nargs(pcb, n, "trace", 1);
		dt_check_expr(pcb, n->args);
		if (dt_type_is_void(n->args->type))
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"trace( ) argument #1 is incompatible with prototype: prototype: non-void argument: void");
		break;
	case DT_ACT_EXIT:
		dt_check_nargs(pcb, n, "exit", 1);
		dt_check_expr(pcb, n->args);
		if (!dt_type_is_int(n->args->type))
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"exit( ) argument #1 is incompatible with prototype: prototype: int argument: %s",
				n->args->type->name);
		break;
	case DT_ACT_PRINTF:
		dt_check_printf(pcb, n);
		break;
	case DT_ACT_NONE:
		break;
	}
}

/**
 * dt_check_clause() - type-check one clause's predicate and statements
 * @pcb: the compilation; errors unwind through dt_diag()
 * @c: the clause
 */
void dt_check_clause(struct dt_pcb *pcb, struct dt_clause_node *c)
{
	struct dt_stmt_node *s;

	if (c->pred) {
		dt_check_expr(pcb, c->pred);
		if (!dt_type_is_scalar(c->pred->type))
			dt_diag(pcb, c->pred->line, D_PRED_SCALAR,
				"predicate result must be of scalar type");
	}
	for (s = c->stmts; s; s = s->next)
		dt_check_stmt(pcb, s);
}
