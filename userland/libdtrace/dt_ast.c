// SPDX-License-Identifier: GPL-2.0
/*
 * Building the AST: node constructors the grammar calls, list helpers,
 * operator names for diagnostics, and a printer (fully parenthesized)
 * that the unit tests use to check precedence.  An operator, call or
 * member node takes the line of the token the parser had read when it
 * made the node (the lookahead), so that diagnostics name the line
 * DTrace names for a construct spread over lines.
 */
#include <stdio.h>
#include <string.h>
#include "dt_pcb.h"
#include "dt_type.h"

static struct dt_node *dt_node_alloc(struct dt_pcb *pcb,
				     enum dt_node_kind kind, int line)
{
	struct dt_node *n = dt_pcb_alloc(pcb, sizeof(*n));

	if (!n)
		return NULL;
	n->kind = kind;
	n->line = line;
	return n;
}

struct dt_node *dt_node_int(struct dt_pcb *pcb, uint64_t v,
			    const struct dt_type *t, int line)
{
	struct dt_node *n = dt_node_alloc(pcb, DT_NODE_INT, line);

	if (n) {
		n->value = v;
		n->type = t;
	}
	return n;
}

struct dt_node *dt_node_string(struct dt_pcb *pcb, char *s, int line)
{
	struct dt_node *n = dt_node_alloc(pcb, DT_NODE_STRING, line);

	if (n) {
		n->str = s;
		n->type = &dt_type_string;
	}
	return n;
}

struct dt_node *dt_node_ident(struct dt_pcb *pcb, char *name, int line)
{
	struct dt_node *n = dt_node_alloc(pcb, DT_NODE_IDENT, line);

	if (n)
		n->str = name;
	return n;
}

struct dt_node *dt_node_agg(struct dt_pcb *pcb, char *name, int line)
{
	struct dt_node *n = dt_node_alloc(pcb, DT_NODE_AGG, line);

	if (n)
		n->str = name;
	return n;
}

struct dt_node *dt_node_op1(struct dt_pcb *pcb, enum dt_op op,
			    struct dt_node *l)
{
	struct dt_node *n;

	if (!l)
		return NULL;
	n = dt_node_alloc(pcb, DT_NODE_OP1, pcb->line);
	if (n) {
		n->op = op;
		n->left = l;
	}
	return n;
}

struct dt_node *dt_node_op2(struct dt_pcb *pcb, enum dt_op op,
			    struct dt_node *l, struct dt_node *r)
{
	struct dt_node *n;

	if (!l || !r)
		return NULL;
	n = dt_node_alloc(pcb, DT_NODE_OP2, pcb->line);
	if (n) {
		n->op = op;
		n->left = l;
		n->right = r;
	}
	return n;
}

struct dt_node *dt_node_op3(struct dt_pcb *pcb, struct dt_node *c,
			    struct dt_node *l, struct dt_node *r)
{
	struct dt_node *n;

	if (!c || !l || !r)
		return NULL;
	n = dt_node_alloc(pcb, DT_NODE_OP3, pcb->line);
	if (n) {
		n->op = DT_OP_QUESTION;
		n->cond = c;
		n->left = l;
		n->right = r;
	}
	return n;
}

struct dt_node *dt_node_call(struct dt_pcb *pcb, struct dt_node *fn,
			     struct dt_node *args)
{
	struct dt_node *n;

	if (!fn)
		return NULL;
	n = dt_node_alloc(pcb, DT_NODE_CALL, pcb->line);
	if (n) {
		n->left = fn;
		n->args = args;
	}
	return n;
}

struct dt_node *dt_node_member(struct dt_pcb *pcb, enum dt_op op,
			       struct dt_node *l, char *name)
{
	struct dt_node *n;

	if (!l)
		return NULL;
	n = dt_node_alloc(pcb, DT_NODE_MEMBER, pcb->line);
	if (n) {
		n->op = op;
		n->left = l;
		n->str = name;
	}
	return n;
}

struct dt_node *dt_node_index(struct dt_pcb *pcb, struct dt_node *l,
			      struct dt_node *keys)
{
	struct dt_node *n;

	if (!l || !keys)
		return NULL;
	n = dt_node_alloc(pcb, DT_NODE_INDEX, pcb->line);
	if (n) {
		n->left = l;
		n->args = keys;
	}
	return n;
}

struct dt_node *dt_node_cast(struct dt_pcb *pcb, enum dt_node_kind kind,
			     const struct dt_type *t, struct dt_node *l)
{
	struct dt_node *n;

	if (!t || !l)
		return NULL;
	n = dt_node_alloc(pcb, kind, pcb->line);
	if (n) {
		n->ctype = t;
		n->left = l;
	}
	return n;
}

struct dt_node *dt_node_unary(struct dt_pcb *pcb, enum dt_node_kind kind,
			      struct dt_node *l)
{
	struct dt_node *n;

	if (!l)
		return NULL;
	n = dt_node_alloc(pcb, kind, pcb->line);
	if (n)
		n->left = l;
	return n;
}

struct dt_node *dt_node_scoped(struct dt_pcb *pcb, const char *scope,
			       struct dt_node *name)
{
	char *s;

	if (!name || !(s = dt_pcb_strdup(pcb, scope, strlen(scope))))
		return NULL;
	return dt_node_member(pcb, DT_OP_PTR, dt_node_ident(pcb, s, name->line),
			      name->str);
}

struct dt_node *dt_node_append(struct dt_node *list, struct dt_node *n)
{
	struct dt_node *p;

	if (!list)
		return n;
	for (p = list; p->next; p = p->next)
		;
	p->next = n;
	return list;
}

unsigned int dt_node_count(const struct dt_node *list)
{
	unsigned int n = 0;

	for (; list; list = list->next)
		n++;
	return n;
}

struct dt_stmt_node *dt_stmt_expr(struct dt_pcb *pcb, struct dt_node *expr)
{
	struct dt_stmt_node *s;

	if (!expr)
		return NULL;
	s = dt_pcb_alloc(pcb, sizeof(*s));
	if (s) {
		s->kind = DT_SN_EXPR;
		s->expr = expr;
		s->line = expr->line;
	}
	return s;
}

struct dt_stmt_node *dt_stmt_if(struct dt_pcb *pcb, struct dt_node *cond,
				struct dt_stmt_node *then,
				struct dt_stmt_node *els)
{
	struct dt_stmt_node *s;

	if (!cond)
		return NULL;
	s = dt_pcb_alloc(pcb, sizeof(*s));
	if (s) {
		s->kind = DT_SN_IF;
		s->expr = cond;
		s->then = then;
		s->els = els;
		s->line = cond->line;
	}
	return s;
}

struct dt_stmt_node *dt_stmt_link(struct dt_stmt_node *list,
				  struct dt_stmt_node *s)
{
	struct dt_stmt_node *p;

	if (!list)
		return s;
	for (p = list; p->next; p = p->next)
		;
	p->next = s;
	return list;
}

void dt_decl_add(struct dt_pcb *pcb, struct dt_decl_node *d)
{
	*pcb->decls_tail = d;
	pcb->decls_tail = &d->next;
}

struct dt_pdesc_node *dt_pdesc_append(struct dt_pcb *pcb,
				      struct dt_pdesc_node *list, char *text,
				      int line)
{
	struct dt_pdesc_node *d, *p;

	d = dt_pcb_alloc(pcb, sizeof(*d));
	if (!d)
		return list;
	d->text = text;
	d->line = line;
	if (!list)
		return d;
	for (p = list; p->next; p = p->next)
		;
	p->next = d;
	return list;
}

struct dt_pdesc_node *dt_pdesc_link(struct dt_pdesc_node *list,
				    struct dt_pdesc_node *d)
{
	struct dt_pdesc_node *p;

	for (p = list; p->next; p = p->next)
		;
	p->next = d;
	return list;
}

void dt_clause_add(struct dt_pcb *pcb, struct dt_pdesc_node *descs,
		   struct dt_node *pred, struct dt_stmt_node *stmts)
{
	struct dt_clause_node *c = dt_pcb_alloc(pcb, sizeof(*c));

	if (!c || !descs)
		return;
	c->descs = descs;
	c->pred = pred;
	c->stmts = stmts;
	c->line = descs->line;
	*pcb->clauses_tail = c;
	pcb->clauses_tail = &c->next;
}

static const char *const dt_op_names[DT_OP_NOPS] = {
	[DT_OP_NONE] = "?",
	[DT_OP_COMMA] = ",",
	[DT_OP_ASGN] = "=", [DT_OP_ADD_EQ] = "+=", [DT_OP_SUB_EQ] = "-=",
	[DT_OP_MUL_EQ] = "*=", [DT_OP_DIV_EQ] = "/=", [DT_OP_MOD_EQ] = "%=",
	[DT_OP_AND_EQ] = "&=", [DT_OP_XOR_EQ] = "^=", [DT_OP_OR_EQ] = "|=",
	[DT_OP_LSH_EQ] = "<<=", [DT_OP_RSH_EQ] = ">>=",
	[DT_OP_QUESTION] = "?:",
	[DT_OP_LOR] = "||", [DT_OP_LXOR] = "^^", [DT_OP_LAND] = "&&",
	[DT_OP_BOR] = "|", [DT_OP_XOR] = "^", [DT_OP_BAND] = "&",
	[DT_OP_EQ] = "==", [DT_OP_NE] = "!=", [DT_OP_LT] = "<",
	[DT_OP_LE] = "<=", [DT_OP_GT] = ">", [DT_OP_GE] = ">=",
	[DT_OP_LSH] = "<<", [DT_OP_RSH] = ">>",
	[DT_OP_ADD] = "+", [DT_OP_SUB] = "-", [DT_OP_MUL] = "*",
	[DT_OP_DIV] = "/", [DT_OP_MOD] = "%",
	[DT_OP_NEG] = "-", [DT_OP_PLUS] = "+", [DT_OP_BNEG] = "~",
	[DT_OP_LNEG] = "!", [DT_OP_DEREF] = "*", [DT_OP_ADDROF] = "&",
	[DT_OP_PREINC] = "++", [DT_OP_PREDEC] = "--",
	[DT_OP_POSTINC] = "++", [DT_OP_POSTDEC] = "--",
	[DT_OP_DOT] = ".", [DT_OP_PTR] = "->",
};

const char *dt_op_name(enum dt_op op)
{
	if (op >= DT_OP_NOPS || !dt_op_names[op])
		return "?";
	return dt_op_names[op];
}

struct dt_printbuf {
	char *buf;
	size_t len, off;
};

static void dt_pb_put(struct dt_printbuf *pb, const char *s)
{
	size_t n = strlen(s);

	if (pb->off + 1 < pb->len) {
		size_t room = pb->len - pb->off - 1;

		memcpy(pb->buf + pb->off, s, n < room ? n : room);
		pb->buf[pb->off + (n < room ? n : room)] = '\0';
	}
	pb->off += n;
}

static void dt_node_print_pb(const struct dt_node *n, struct dt_printbuf *pb)
{
	char num[32];
	const struct dt_node *a;

	switch (n->kind) {
	case DT_NODE_INT:
		snprintf(num, sizeof(num), "%llu", (unsigned long long)n->value);
		dt_pb_put(pb, num);
		break;
	case DT_NODE_STRING:
		dt_pb_put(pb, "\"");
		dt_pb_put(pb, n->str);
		dt_pb_put(pb, "\"");
		break;
	case DT_NODE_IDENT:
		dt_pb_put(pb, n->str);
		break;
	case DT_NODE_AGG:
		dt_pb_put(pb, "@");
		dt_pb_put(pb, n->str);
		break;
	case DT_NODE_OP1:
		dt_pb_put(pb, "(");
		if (n->op == DT_OP_POSTINC || n->op == DT_OP_POSTDEC) {
			dt_node_print_pb(n->left, pb);
			dt_pb_put(pb, dt_op_name(n->op));
		} else {
			dt_pb_put(pb, dt_op_name(n->op));
			dt_node_print_pb(n->left, pb);
		}
		dt_pb_put(pb, ")");
		break;
	case DT_NODE_OP2:
		dt_pb_put(pb, "(");
		dt_node_print_pb(n->left, pb);
		dt_pb_put(pb, " ");
		dt_pb_put(pb, dt_op_name(n->op));
		dt_pb_put(pb, " ");
		dt_node_print_pb(n->right, pb);
		dt_pb_put(pb, ")");
		break;
	case DT_NODE_OP3:
		dt_pb_put(pb, "(");
		dt_node_print_pb(n->cond, pb);
		dt_pb_put(pb, " ? ");
		dt_node_print_pb(n->left, pb);
		dt_pb_put(pb, " : ");
		dt_node_print_pb(n->right, pb);
		dt_pb_put(pb, ")");
		break;
	case DT_NODE_CALL:
		dt_node_print_pb(n->left, pb);
		dt_pb_put(pb, "(");
		for (a = n->args; a; a = a->next) {
			dt_node_print_pb(a, pb);
			if (a->next)
				dt_pb_put(pb, ", ");
		}
		dt_pb_put(pb, ")");
		break;
	case DT_NODE_MEMBER:
		dt_pb_put(pb, "(");
		dt_node_print_pb(n->left, pb);
		dt_pb_put(pb, dt_op_name(n->op));
		dt_pb_put(pb, n->str);
		dt_pb_put(pb, ")");
		break;
	case DT_NODE_INDEX:
		dt_pb_put(pb, "(");
		dt_node_print_pb(n->left, pb);
		dt_pb_put(pb, "[");
		for (a = n->args; a; a = a->next) {
			dt_node_print_pb(a, pb);
			if (a->next)
				dt_pb_put(pb, ", ");
		}
		dt_pb_put(pb, "])");
		break;
	case DT_NODE_CAST:
	case DT_NODE_XLATE:
		dt_pb_put(pb, n->kind == DT_NODE_CAST ? "((" : "(xlate<");
		dt_pb_put(pb, n->ctype->name);
		dt_pb_put(pb, n->kind == DT_NODE_CAST ? ")" : ">(");
		dt_node_print_pb(n->left, pb);
		dt_pb_put(pb, n->kind == DT_NODE_CAST ? ")" : "))");
		break;
	case DT_NODE_SIZEOF:
	case DT_NODE_STRINGOF:
		dt_pb_put(pb, n->kind == DT_NODE_SIZEOF ? "(sizeof " :
							  "(stringof ");
		dt_node_print_pb(n->left, pb);
		dt_pb_put(pb, ")");
		break;
	}
}

/*
 * Print @n fully parenthesized into @buf.  Return: the length the whole
 * text needs, like snprintf.
 */
int dt_node_print(const struct dt_node *n, char *buf, size_t len)
{
	struct dt_printbuf pb = { .buf = buf, .len = len };

	if (len)
		buf[0] = '\0';
	dt_node_print_pb(n, &pb);
	return (int)pb.off;
}
