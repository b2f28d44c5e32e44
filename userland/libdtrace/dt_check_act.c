// SPDX-License-Identifier: GPL-2.0
/*
 * The semantic pass over statements: predicates, expression statements
 * (assignments, calls), if statements, each action's prototype and
 * privileges (destructive actions need -w; panic() also allowpanic),
 * and the order DTrace requires of speculate(), commit() and discard()
 * among a clause's actions.  Expressions are checked by dt_check.c,
 * aggregations and the actions on them by dt_check_agg.c.
 */
#include <stdio.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_printf.h"
#include "dt_type.h"

/* The action a statement calls, or NULL if it is no action call. */
const struct dt_ident *dt_check_action(const struct dt_node *n)
{
	const struct dt_ident *id;

	if (!n || n->kind != DT_NODE_CALL || n->left->kind != DT_NODE_IDENT)
		return NULL;
	id = dt_ident_lookup(NULL, n->left->str);
	return id && id->kind == DT_IDENT_ACTION ? id : NULL;
}

void dt_check_nargs(struct dt_pcb *pcb, const struct dt_node *n,
		    const char *name, unsigned int min, unsigned int max)
{
	unsigned int have = dt_node_count(n->args);

	if (have >= min && have <= max)
		return;
	if (min == max)
		dt_diag(pcb, n->line, D_PROTO_LEN,
			"%s( ) prototype mismatch: %u arg%s passed, %u expected",
			name, have, have == 1 ? "" : "s", max);
	dt_diag(pcb, n->line, D_PROTO_LEN,
		"%s( ) prototype mismatch: %u arg%s passed, at %s %u expected",
		name, have, have == 1 ? "" : "s",
		have < min ? "least" : "most", have < min ? min : max);
}

/*
 * Argument #@argno of @name (an action taking a uint32_t, like stack()'s
 * frames): an integer (D_PROTO_ARG), a non-zero constant (@tag), at
 * most @max (@tag; 0: no bound).
 */
static void dt_check_const(struct dt_pcb *pcb, const struct dt_node *n,
			   struct dt_node *a, const char *name,
			   unsigned int argno, enum dt_errtag tag,
			   uint64_t max)
{
	char buf[128];

	dt_check_expr(pcb, a);
	if (!dt_type_is_int(a->type)) {
		dt_type_name(a->type, buf, sizeof(buf));
		dt_diag(pcb, n->line, D_PROTO_ARG,
			"%s( ) argument #%u is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: %s",
			name, argno, buf);
	}
	if (a->kind != DT_NODE_INT || (int64_t)a->value <= 0)
		dt_diag(pcb, n->line, tag,
			"%s( ) argument #%u must be a non-zero positive integer constant",
			name, argno);
	if (max && a->value > max)
		dt_diag(pcb, n->line, tag,
			"%s( ) argument #%u must be between 1 and %llu",
			name, argno, (unsigned long long)max);
}

/* stack([frames]), as a statement or as the argument of a %k. */
static void dt_check_stack(struct dt_pcb *pcb, struct dt_node *n)
{
	dt_check_nargs(pcb, n, "stack", 0, 1);
	if (n->args)
		dt_check_const(pcb, n, n->args, "stack", 1, D_STACK_SIZE,
			       DTRACE_STACK_MAX);
	n->type = &dt_type_stack;
}

/* printf() and system(): a constant format and its arguments. */
/* What an aggregation passed as a value is called in messages. */
static const struct dt_type dt_check_aggtype = {
	.name = "aggregation", .kind = DT_TK_VOID
};

static void dt_check_format(struct dt_pcb *pcb, struct dt_node *n,
			    const char *name)
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
			"%s( ) prototype mismatch: 0 args passed, at least 1 expected",
			name);
	dt_check_expr(pcb, fmt);
	if (!dt_type_is_string(fmt->type))
		dt_diag(pcb, n->line, D_PROTO_ARG,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: %s",
			name, fmt->type->name);
	if (fmt->kind != DT_NODE_STRING)
		dt_diag(pcb, n->line, D_PRINTF_FMT,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
			name, fmt->type->name);
	for (a = fmt->next; a; a = a->next) {
		const struct dt_ident *act = dt_check_action(a);

		if (nargs == DTRACE_ACTIONS_MAX)
			dt_diag(pcb, n->line, D_REC_LIMIT,
				"%s( ) has too many arguments", name);
		/*
		 * An aggregation or another action has no value: as in
		 * DTrace, the conversion it meets says so (D_PRINTF_ARG_TYPE).
		 */
		if (dt_check_is_aggref(a)) {
			types[nargs++] = &dt_check_aggtype;
			continue;
		}
		if (act && act->action != DT_ACT_STACK) {
			types[nargs++] = &dt_type_void;
			continue;
		}
		if (act)
			dt_check_stack(pcb, a);	/* the value of a %k */
		else if (!dt_check_symarg(pcb, a))
			dt_check_expr(pcb, a);
		types[nargs++] = a->type;
	}

	pf = dt_printf_parse_tag(fmt->str, &tag, msg, sizeof(msg));
	if (!pf)
		dt_diag(pcb, n->line, tag, "%s", msg);
	ret = dt_printf_check(pf, types, nargs, &tag, msg, sizeof(msg));
	dt_printf_free(pf);
	if (ret)
		dt_diag(pcb, n->line, tag, "%s", msg);
}

/*
 * Argument #@argno of @name, @a: an integer, or (@ptr) a pointer too;
 * else D_PROTO_ARG, naming prototype @proto.
 */
static void dt_check_int_arg(struct dt_pcb *pcb, const struct dt_node *n,
			     struct dt_node *a, const char *name,
			     unsigned int argno, const char *proto, bool ptr)
{
	char buf[128];

	dt_check_expr(pcb, a);
	if (ptr ? !dt_type_is_scalar(a->type) : !dt_type_is_int(a->type)) {
		dt_type_name(a->type, buf, sizeof(buf));
		dt_diag(pcb, n->line, D_PROTO_ARG,
			"%s( ) argument #%u is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			name, argno, proto, buf);
	}
}

/*
 * tracemem(address, size[, length]): an address (an array or a string
 * is its address, a struct is refused), a constant size from 1 to what
 * a record holds, and an integer expression: how many of those bytes
 * to print (all when it is negative or above size).
 */
static void dt_check_tracemem(struct dt_pcb *pcb, const struct dt_node *n,
			      struct dt_node *a)
{
	struct dt_node *size = a->next;
	char buf[128];

	dt_check_expr(pcb, a);
	if (!dt_type_is_scalar(a->type) && !dt_type_is_array(a->type) &&
	    !dt_type_is_string(a->type)) {
		dt_type_name(a->type, buf, sizeof(buf));
		dt_diag(pcb, n->line, D_TRACEMEM_ADDR,
			"tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
			buf);
	}
	dt_check_expr(pcb, size);
	if (!dt_type_is_int(size->type)) {
		dt_type_name(size->type, buf, sizeof(buf));
		dt_diag(pcb, n->line, D_PROTO_ARG,
			"tracemem( ) argument #2 is incompatible with prototype:\n\tprototype: size_t\n\t argument: %s",
			buf);
	}
	if (size->kind != DT_NODE_INT || !size->value ||
	    (int64_t)size->value < 0)
		dt_diag(pcb, n->line, D_TRACEMEM_SIZE,
			"tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	if (size->value > DTRACE_RECORD_MAX)
		dt_diag(pcb, n->line, D_TRACEMEM_SIZE,
			"tracemem( ) argument #2 must be at most %u",
			(unsigned int)DTRACE_RECORD_MAX);
	if (!size->next)
		return;
	dt_check_expr(pcb, size->next);
	if (!dt_type_is_int(size->next->type)) {
		dt_type_name(size->next->type, buf, sizeof(buf));
		dt_diag(pcb, n->line, D_PROTO_ARG,
			"tracemem( ) argument #3 is incompatible with prototype:\n\tprototype: ssize_t\n\t argument: %s",
			buf);
	}
}

/*
 * Destructive actions are refused when the program is enabled without
 * -w (the kernel's EPERM, or dt_enable.c for system()), as in DTrace;
 * panic() and breakpoint() also need allowpanic.
 */
static void dt_check_privilege(struct dt_pcb *pcb, const struct dt_node *n,
			       const struct dt_ident *act)
{
	if ((act->action == DT_ACT_PANIC ||
	     act->action == DT_ACT_BREAKPOINT) && pcb->dtp->opt.destructive &&
	    !pcb->dtp->opt.allowpanic)
		dt_diag(pcb, n->line, D_ACT_PANIC,
			"%s( ) also needs option allowpanic (-x allowpanic)",
			act->name);
}

void dt_check_act(struct dt_pcb *pcb, struct dt_node *n,
		  const struct dt_ident *act)
{
	struct dt_node *a = n->args;

	switch (act->action) {
	case DT_ACT_TRACE:
	case DT_ACT_PRINT:
		dt_check_nargs(pcb, n, act->name, 1, 1);
		if (act->action == DT_ACT_TRACE && dt_check_is_aggref(a))
			dt_diag(pcb, n->line, D_TRACE_DYN,
				"trace( ) may not be applied to a dynamic expression");
		if (act->action == DT_ACT_PRINT || !dt_check_symarg(pcb, a))
			dt_check_expr(pcb, a);
		if (dt_type_is_void(a->type))
			dt_diag(pcb, n->line, act->action == DT_ACT_TRACE ?
				D_TRACE_VOID : D_PRINT_VOID,
				"%s( ) may not be applied to a void expression",
				act->name);
		if (act->action == DT_ACT_PRINT && dt_type_is_arith(a->type) &&
		    !dt_type_is_pointer(a->type)) {
			char buf[128];

			dt_type_name(a->type, buf, sizeof(buf));
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: %s",
				buf);
		}
		if (dt_type_is_func(a->type))
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"%s( ) may not record a function", act->name);
		break;
	case DT_ACT_EXIT:
		dt_check_nargs(pcb, n, "exit", 1, 1);
		dt_check_int_arg(pcb, n, a, "exit", 1, "int", false);
		break;
	case DT_ACT_PRINTF:
	case DT_ACT_SYSTEM:
		dt_check_format(pcb, n, act->name);
		break;
	case DT_ACT_FREOPEN:
		dt_check_format(pcb, n, act->name);
		/* the current directory, DTrace's own refusal */
		if (!a->next && !strcmp(a->str, "."))
			dt_diag(pcb, n->line, D_FREOPEN_INVALID,
				"freopen( ) argument #1 cannot be \"%s\"",
				a->str);
		break;
	case DT_ACT_FTRUNCATE:
		dt_check_nargs(pcb, n, act->name, 0, 0);
		break;
	case DT_ACT_TRACEMEM:
		dt_check_nargs(pcb, n, "tracemem", 2, 3);
		dt_check_tracemem(pcb, n, a);
		break;
	case DT_ACT_STACK:
		dt_check_stack(pcb, n);
		break;
	case DT_ACT_USTACK:	/* and jstack(): no Java frames to add */
		dt_check_nargs(pcb, n, act->name, 0, 2);
		if (a)
			dt_check_const(pcb, n, a, act->name, 1, D_USTACK_PROTO,
				       DTRACE_USTACK_MAX);
		if (a && a->next)
			dt_check_const(pcb, n, a->next, act->name, 2,
				       D_USTACK_PROTO, 0);
		break;
	case DT_ACT_RAISE:
	case DT_ACT_CHILL:
	case DT_ACT_SPECULATE:
	case DT_ACT_COMMIT:
	case DT_ACT_DISCARD:
		dt_check_nargs(pcb, n, act->name, 1, 1);
		dt_check_int_arg(pcb, n, a, act->name, 1, "int", false);
		break;
	case DT_ACT_STOP:
	case DT_ACT_PANIC:
		dt_check_nargs(pcb, n, act->name, 0, 0);
		break;
	case DT_ACT_PRINTA:
	case DT_ACT_CLEAR:
	case DT_ACT_TRUNC:
	case DT_ACT_NORMALIZE:
	case DT_ACT_DENORMALIZE:
	case DT_ACT_SETOPT:
		dt_check_aggact(pcb, n, act);
		break;
	case DT_ACT_PCAP:
		/* the sk_buff's address, the link type (PCAP_*) */
		dt_check_nargs(pcb, n, "pcap", 2, 2);
		dt_check_int_arg(pcb, n, a, "pcap", 1, "void *", true);
		dt_check_int_arg(pcb, n, a->next, "pcap", 2, "int", false);
		break;
	case DT_ACT_BREAKPOINT:
		dt_diag(pcb, n->line, D_UNSUPPORTED,
			"breakpoint( ) is not available on Linux");
	case DT_ACT_NONE:
		dt_diag(pcb, n->line, D_INTERNAL,
			"internal error: %s( ) is no action", act->name);
	}
	dt_check_privilege(pcb, n, act);
}

/* Does statement list @s contain an action (records or kernel acts)? */
static bool dt_stmts_act(const struct dt_stmt_node *s)
{
	for (; s; s = s->next) {
		if (s->kind == DT_SN_IF) {
			if (dt_stmts_act(s->then) || dt_stmts_act(s->els))
				return true;
		} else if (dt_check_action(s->expr) ||
			   dt_check_is_aggstmt(s->expr) ||
			   dt_check_symfn(s->expr)) {
			return true;
		}
	}
	return false;
}

static void dt_check_stmts(struct dt_pcb *pcb, struct dt_stmt_node *s);

static void dt_check_stmt(struct dt_pcb *pcb, struct dt_stmt_node *s)
{
	const struct dt_ident *act;

	if (s->kind == DT_SN_IF) {
		dt_check_expr(pcb, s->expr);
		if (!dt_type_is_scalar(s->expr->type))
			dt_diag(pcb, s->line, D_OP_SCALAR,
				"if statement requires a condition of scalar type");
		/* TODO(issue 3): actions need conditional records */
		if (dt_stmts_act(s->then) || dt_stmts_act(s->els))
			dt_diag(pcb, s->line, D_UNSUPPORTED,
				"actions inside if statements are not supported yet");
		dt_check_stmts(pcb, s->then);
		dt_check_stmts(pcb, s->els);
		return;
	}
	act = dt_check_action(s->expr);
	if (act)
		dt_check_act(pcb, s->expr, act);
	else if (dt_check_is_aggstmt(s->expr))
		dt_check_agg(pcb, s->expr);
	else if (dt_check_symarg(pcb, s->expr))
		;	/* func(pc); records the symbol, as trace() does */
	else if (dt_check_is_aggref(s->expr))
		dt_diag(pcb, s->line, D_AGG_NULL,
			"expression has null effect: aggregation @%s is only assigned or named by printa( ), clear( ), trunc( ) and normalize( )",
			s->expr->kind == DT_NODE_AGG ? s->expr->str :
			s->expr->left->str);
	else
		dt_check_expr(pcb, s->expr);
}

/* Where a clause's actions are, for DTrace's rules on speculations. */
struct dt_order {
	bool spec;	/* speculate() seen */
	bool commit;	/* commit() seen */
	bool discard;	/* discard() seen */
	bool datarec;	/* an action that records data seen */
};

/* Does statement @n call a destructive action or subroutine? */
static bool dt_check_is_destructive(const struct dt_node *n)
{
	const struct dt_ident *id;

	if (n->kind != DT_NODE_CALL || n->left->kind != DT_NODE_IDENT)
		return false;
	id = dt_ident_lookup(NULL, n->left->str);
	return id && id->destructive;
}

/*
 * DTrace's rules for speculations, one statement at a time in action
 * order: speculate() once, before every action that records data, and
 * never with commit() or discard() nor followed by an aggregation, a
 * destructive action or exit(); commit() once, before any data, and
 * followed by no data nor aggregation; discard() may follow data.
 */
static void dt_check_order(struct dt_pcb *pcb, struct dt_order *o,
			   const struct dt_stmt_node *s)
{
	const struct dt_ident *act;

	if (s->kind == DT_SN_IF)
		return;		/* holds no action (dt_stmts_act) */
	if (dt_check_is_aggstmt(s->expr)) {
		if (o->spec)
			dt_diag(pcb, s->line, D_AGG_SPEC,
				"aggregating actions may not follow speculate( )");
		if (o->commit)
			dt_diag(pcb, s->line, D_AGG_COMM,
				"aggregating actions may not follow commit( )");
		o->datarec = true;
		return;
	}
	if (o->spec && dt_check_is_destructive(s->expr))
		dt_diag(pcb, s->line, D_ACT_SPEC,
			"destructive actions may not follow speculate( )");
	act = dt_check_action(s->expr);
	if (!act)
		return;
	switch (act->action) {
	case DT_ACT_SPECULATE:
		if (o->spec)
			dt_diag(pcb, s->line, D_SPEC_SPEC,
				"speculate( ) may not follow speculate( )");
		if (o->commit || o->discard)
			dt_diag(pcb, s->line, D_SPEC_COMM,
				"speculate( ) may not follow commit( ) or discard( )");
		if (o->datarec)
			dt_diag(pcb, s->line, D_SPEC_DREC,
				"speculate( ) may not follow data-recording action(s)");
		o->spec = true;
		break;
	case DT_ACT_COMMIT:
	case DT_ACT_DISCARD:
		if (o->spec)
			dt_diag(pcb, s->line, D_COMM_SPEC,
				"%s( ) may not follow speculate( )",
				act->name);
		if (o->commit || o->discard)
			dt_diag(pcb, s->line, D_COMM_COMM,
				"%s( ) may not follow commit( ) or discard( )",
				act->name);
		if (act->action == DT_ACT_DISCARD) {
			o->discard = true;
			break;
		}
		if (o->datarec)
			dt_diag(pcb, s->line, D_COMM_DREC,
				"commit( ) may not follow data-recording action(s)");
		o->commit = true;
		break;
	case DT_ACT_EXIT:	/* records its status */
		if (o->spec)
			dt_diag(pcb, s->line, D_EXIT_SPEC,
				"exit( ) may not follow speculate( )");
		/* fall through */
	case DT_ACT_TRACE:
	case DT_ACT_PRINTF:
	case DT_ACT_TRACEMEM:
	case DT_ACT_PCAP:
	case DT_ACT_PRINT:
	case DT_ACT_STACK:
	case DT_ACT_USTACK:
	case DT_ACT_SYSTEM:
	case DT_ACT_FREOPEN:
	case DT_ACT_FTRUNCATE:
	case DT_ACT_PRINTA:
	case DT_ACT_CLEAR:
	case DT_ACT_TRUNC:
	case DT_ACT_NORMALIZE:
	case DT_ACT_DENORMALIZE:
	case DT_ACT_SETOPT:
		if (o->commit)
			dt_diag(pcb, s->line, D_DREC_COMM,
				"data-recording actions may not follow commit( )");
		o->datarec = true;
		break;
	case DT_ACT_RAISE:
	case DT_ACT_STOP:
	case DT_ACT_CHILL:
	case DT_ACT_PANIC:
	case DT_ACT_BREAKPOINT:
	case DT_ACT_NONE:
		break;		/* acts, records nothing */
	}
}

static void dt_check_stmts(struct dt_pcb *pcb, struct dt_stmt_node *s)
{
	for (; s; s = s->next)
		dt_check_stmt(pcb, s);
}

static void dt_check_pred(struct dt_pcb *pcb, struct dt_clause_node *c)
{
	dt_check_expr(pcb, c->pred);
	if (!dt_type_is_scalar(c->pred->type))
		dt_diag(pcb, c->pred->line, D_PRED_SCALAR,
			"predicate result must be of scalar type");
}

/*
 * The predicate, first: false if it reads a global that is not defined
 * yet (D_IDENT_UNDEF, forgotten), to be checked again once the clause's
 * statements have defined it, as DTrace does; other errors unwind.
 */
static bool dt_check_pred_first(struct dt_pcb *pcb, struct dt_clause_node *c)
{
	jmp_buf outer;

	memcpy(outer, pcb->jmp, sizeof(outer));
	if (setjmp(pcb->jmp)) {
		memcpy(pcb->jmp, outer, sizeof(outer));
		if (pcb->tag != D_IDENT_UNDEF)
			longjmp(pcb->jmp, 1);
		pcb->failed = false;
		return false;
	}
	dt_check_pred(pcb, c);
	memcpy(pcb->jmp, outer, sizeof(outer));
	return true;
}

/*
 * The statements of @c, whose predicate is yet to be checked: an
 * unknown variable there is reported at the predicate if the predicate
 * has one too, as DTrace checks the predicate first.
 */
static void dt_check_stmts_pred_later(struct dt_pcb *pcb,
				      struct dt_clause_node *c)
{
	struct dt_order order = { 0 };
	struct dt_stmt_node *s;
	jmp_buf outer;

	memcpy(outer, pcb->jmp, sizeof(outer));
	if (setjmp(pcb->jmp)) {
		memcpy(pcb->jmp, outer, sizeof(outer));
		if (pcb->tag == D_IDENT_UNDEF && !dt_check_pred_first(pcb, c))
			dt_check_pred(pcb, c);
		longjmp(pcb->jmp, 1);
	}
	for (s = c->stmts; s; s = s->next) {
		dt_check_order(pcb, &order, s);
		dt_check_stmt(pcb, s);
	}
	memcpy(pcb->jmp, outer, sizeof(outer));
	dt_check_pred(pcb, c);
}

/**
 * dt_check_clause() - type-check one clause's predicate and statements
 * @pcb: the compilation; errors unwind through dt_diag()
 * @c: the clause
 */
void dt_check_clause(struct dt_pcb *pcb, struct dt_clause_node *c)
{
	struct dt_order order = { 0 };
	struct dt_stmt_node *s;

	pcb->clause_line = c->line;
	if (c->pred && !dt_check_pred_first(pcb, c)) {
		dt_check_stmts_pred_later(pcb, c);
		return;
	}
	for (s = c->stmts; s; s = s->next) {
		dt_check_order(pcb, &order, s);
		dt_check_stmt(pcb, s);
	}
}
