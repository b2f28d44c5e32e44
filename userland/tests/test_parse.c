// SPDX-License-Identifier: GPL-2.0
/*
 * Parser tests: precedence and associativity of every level of the
 * expression grammar (printed fully parenthesized), clause shapes,
 * syntax errors, and probe descriptions with right-filled fields.
 */
#include <stdio.h>
#include <string.h>
#include "dt_decl.h"
#include "dt_pcb.h"
#include "dt_type.h"
#include "helpers.h"
#include "tap.h"

/* The first statement of "X{@expr}", parenthesized; or the error. */
static const char *parse_expr(dtrace_hdl_t *dtp, const char *expr)
{
	static char out[1024];
	char text[512];
	struct dt_pcb pcb;

	snprintf(text, sizeof(text), "X{%s}", expr);
	dt_pcb_init(&pcb, dtp, text, strlen(text));
	if (dt_parse(&pcb))
		snprintf(out, sizeof(out), "[%s] %s", dt_errtag_name(pcb.tag),
			 pcb.msg);
	else if (!pcb.clauses || !pcb.clauses->stmts)
		snprintf(out, sizeof(out), "(nothing)");
	else
		dt_node_print(pcb.clauses->stmts->expr, out, sizeof(out));
	dt_pcb_fini(&pcb);
	return out;
}

/* A summary of the clauses of @text: descs, /pred/ and statement count. */
static const char *parse_prog(dtrace_hdl_t *dtp, const char *text)
{
	static char out[1024];
	struct dt_clause_node *c;
	struct dt_pcb pcb;
	size_t n = 0;

	dt_pcb_init(&pcb, dtp, text, strlen(text));
	out[0] = '\0';
	if (dt_parse(&pcb)) {
		snprintf(out, sizeof(out), "[%s] line %d: %s",
			 dt_errtag_name(pcb.tag), pcb.errline, pcb.msg);
		dt_pcb_fini(&pcb);
		return out;
	}
	for (c = pcb.clauses; c; c = c->next) {
		struct dt_pdesc_node *d;
		struct dt_stmt_node *s;
		unsigned int ns = 0;

		for (d = c->descs; d; d = d->next)
			n += snprintf(out + n, sizeof(out) - n, "%s%s", d->text,
				      d->next ? "," : "");
		if (c->pred) {
			n += snprintf(out + n, sizeof(out) - n, " /");
			n += dt_node_print(c->pred, out + n, sizeof(out) - n);
			n += snprintf(out + n, sizeof(out) - n, "/");
		}
		for (s = c->stmts; s; s = s->next)
			ns++;
		n += snprintf(out + n, sizeof(out) - n, " %u;", ns);
	}
	dt_pcb_fini(&pcb);
	return out;
}

static const char *pdesc(dtrace_probespec_t spec, const char *s)
{
	static char out[512];
	struct dtrace_probedesc d;
	char err[256];

	if (dt_pdesc_parse(s, spec, &d, err, sizeof(err)))
		return strcpy(out, err);
	dtrace_desc2str(&d, out, sizeof(out));
	return out;
}

/* The statements of the first clause: E for an expression, IF(c){..}{..}. */
static size_t print_stmts(const struct dt_stmt_node *s, char *out, size_t len)
{
	size_t n = 0;

	for (; s && n < len; s = s->next) {
		if (s->kind == DT_SN_EXPR) {
			n += (size_t)snprintf(out + n, len - n, "E ");
			continue;
		}
		n += (size_t)snprintf(out + n, len - n, "IF(");
		n += (size_t)dt_node_print(s->expr, out + n, len - n);
		n += (size_t)snprintf(out + n, len - n, "){ ");
		n += print_stmts(s->then, out + n, len - n);
		n += (size_t)snprintf(out + n, len - n, "}{ ");
		n += print_stmts(s->els, out + n, len - n);
		n += (size_t)snprintf(out + n, len - n, "} ");
	}
	return n;
}

static const char *parse_stmts(dtrace_hdl_t *dtp, const char *body)
{
	static char out[1024];
	char text[512];
	struct dt_pcb pcb;

	snprintf(text, sizeof(text), "X{%s}", body);
	dt_pcb_init(&pcb, dtp, text, strlen(text));
	out[0] = '\0';
	if (dt_parse(&pcb))
		snprintf(out, sizeof(out), "[%s] %s", dt_errtag_name(pcb.tag),
			 pcb.msg);
	else if (pcb.clauses)
		print_stmts(pcb.clauses->stmts, out, sizeof(out));
	dt_pcb_fini(&pcb);
	return out;
}

/* The declarations of @text, one per "; ", or the error. */
/* Declarations DTrace refuses, with its tags and messages. */
static const struct {
	const char *text, *want, *name;
} decl_errs[] = {
	{ "self this int x;",
	  "[D_DECL_CLASS] line 1: only one storage class allowed in a declaration",
	  "parse: self and this in one declaration" },
	{ "this self x;",
	  "[D_DECL_CLASS] line 1: only one storage class allowed in a declaration",
	  "parse: this and self in one declaration" },
	{ "extern self int x;",
	  "[D_DECL_CLASS] line 1: only one storage class allowed in a declaration",
	  "parse: extern and self in one declaration" },
	{ "int pf(int, void);",
	  "[D_DECL_PROTO_VOID] line 1: void must be sole parameter",
	  "parse: void among parameters" },
	{ "int pf(void v);",
	  "[D_DECL_PROTO_NAME] line 1: void parameter may not have a name: v",
	  "parse: named void parameter" },
	{ "int pf(register int);",
	  "[D_DECL_PARMCLASS] line 1: inappropriate storage class for function or associative array parameter",
	  "parse: storage class of a parameter" },
	{ "static int sx;",
	  "[D_DECL_BADCLASS] line 1: specified storage class not appropriate in D",
	  "parse: static is not D" },
	{ "extern int;",
	  "[D_DECL_USELESS] line 1: useless declaration",
	  "parse: extern of no name" },
	{ "int `sc;",
	  "[D_DECL_SCOPE] line 1: D scoping operator may not be used in a declaration name (`sc)",
	  "parse: scoped name declared" },
	{ "int ab[88294967295];",
	  "[D_DECL_ARRBIG] line 1: array dimension too big",
	  "parse: array bound too big" },
	{ "int av[void, char];",
	  "[D_DECL_PROTO_TYPE] line 1: array prototype may not use parameter of type void: (anonymous), parameter #1",
	  "parse: void key" },
	{ "enum e3 { EB = \"s\" };",
	  "[D_DECL_ENCONST] line 1: enumerator 'EB' must be assigned to an integral constant expression",
	  "parse: enumerator of no integer" },
	{ "enum e4 { PA };",
	  "[D_DECL_IDRED] line 1: identifier redeclared: PA",
	  "parse: enumerator of another enum" },
};

static const char *parse_decls(dtrace_hdl_t *dtp, const char *text)
{
	static const char *const scopes[] = { "", "self ", "this " };
	static char out[1024];
	const struct dt_decl_node *d;
	struct dt_pcb pcb;
	size_t n = 0;
	unsigned int i;

	dt_pcb_init(&pcb, dtp, text, strlen(text));
	out[0] = '\0';
	if (dt_parse(&pcb)) {
		snprintf(out, sizeof(out), "[%s] line %d: %s",
			 dt_errtag_name(pcb.tag), pcb.errline, pcb.msg);
		dt_pcb_fini(&pcb);
		return out;
	}
	for (d = pcb.decls; d && n < sizeof(out); d = d->next) {
		switch (d->kind) {
		case DT_DECL_VAR:
			n += (size_t)snprintf(out + n, sizeof(out) - n,
					      "%s%s %s", scopes[d->scope],
					      d->type->name, d->name);
			if (d->is_assoc) {
				n += (size_t)snprintf(out + n, sizeof(out) - n,
						      "[");
				for (i = 0; i < d->nkeys; i++)
					n += (size_t)snprintf(out + n,
						sizeof(out) - n, "%s%s",
						i ? "," : "", d->keys[i]->name);
				n += (size_t)snprintf(out + n, sizeof(out) - n,
						      "]");
			}
			break;
		case DT_DECL_INLINE:
			n += (size_t)snprintf(out + n, sizeof(out) - n,
					      "inline %s %s = ",
					      d->type->name, d->name);
			n += (size_t)dt_node_print(d->expr, out + n,
						   sizeof(out) - n);
			break;
		case DT_DECL_XLATOR:
			n += (size_t)snprintf(out + n, sizeof(out) - n,
					      "xlator %s < %s %s >",
					      d->type->name, d->from->name,
					      d->name);
			break;
		}
		n += (size_t)snprintf(out + n, sizeof(out) - n, "; ");
	}
	dt_pcb_fini(&pcb);
	return out;
}

/* The size of type @name after the declarations of @text, or the error. */
static const char *type_after(dtrace_hdl_t *dtp, const char *text,
			      const char *name)
{
	static char out[512];
	const struct dt_type *t;
	struct dt_pcb pcb;

	dt_pcb_init(&pcb, dtp, text, strlen(text));
	if (dt_parse(&pcb)) {
		snprintf(out, sizeof(out), "[%s] %s", dt_errtag_name(pcb.tag),
			 pcb.msg);
	} else if (!(t = dt_type_lookup(dtp, name))) {
		snprintf(out, sizeof(out), "no type %s", name);
	} else {
		char buf[256];

		dt_type_name(dt_type_base(t), buf, sizeof(buf));
		snprintf(out, sizeof(out), "%s size %llu", buf,
			 (unsigned long long)dt_type_base(t)->size);
	}
	dt_pcb_fini(&pcb);
	return out;
}

/*
 * A type of more than DT_DECL_MAXDEPTH pointer, array and function
 * levels is refused: its name is printed a stack frame a level when it
 * is made, and a cast of some thousands of '*' overflowed the stack
 * (found by review beside the fuzzers).  A typedef's name starts the
 * count again.
 */
static void test_parse_deep(dtrace_hdl_t *dtp)
{
	char stars[DT_DECL_MAXDEPTH + 2], prog[1024];

	memset(stars, '*', sizeof(stars) - 1);
	stars[sizeof(stars) - 1] = '\0';
	snprintf(prog, sizeof(prog), "BEGIN { trace((int %s)0); }", stars);
	tap_is_str(t_compile_msg(dtp, prog),
		   "[D_DECL_TYPE] declarator has more than 256 levels of pointer, array and function",
		   "parse: a cast of 257 pointer levels");
	snprintf(prog, sizeof(prog), "BEGIN { trace((int %s)0); }", stars + 1);
	tap_is_str(t_compile_msg(dtp, prog), "OK",
		   "parse: a cast of 256 pointer levels");
	snprintf(prog, sizeof(prog), "int %.200s(%.100s dp);", stars, stars);
	tap_is_str(t_compile_msg(dtp, prog),
		   "[D_DECL_TYPE] declarator has more than 256 levels of pointer, array and function",
		   "parse: levels counted through a declarator in parentheses");
	snprintf(prog, sizeof(prog),
		 "typedef int %.200s tp; typedef tp %.200s tq; BEGIN { trace((tq)0); }",
		 stars, stars);
	tap_is_str(t_compile_msg(dtp, prog), "OK",
		   "parse: a typedef's levels are not counted again");
}

void test_parse(void)
{
	dtrace_hdl_t *dtp = t_open();
	size_t i;

	tap_is_str(parse_expr(dtp, "1 + 2 * 3"), "(1 + (2 * 3))",
		   "parse: * binds tighter than +");
	tap_is_str(parse_expr(dtp, "(1 + 2) * 3"), "((1 + 2) * 3)",
		   "parse: parentheses");
	tap_is_str(parse_expr(dtp, "1 - 2 - 3"), "((1 - 2) - 3)",
		   "parse: - is left-associative");
	tap_is_str(parse_expr(dtp, "8 / 4 % 3 * 2"), "(((8 / 4) % 3) * 2)",
		   "parse: multiplicative left to right");
	tap_is_str(parse_expr(dtp, "a ? b : c ? d : e"),
		   "(a ? b : (c ? d : e))", "parse: ?: is right-associative");
	tap_is_str(parse_expr(dtp, "a || b && c"), "(a || (b && c))",
		   "parse: && binds tighter than ||");
	tap_is_str(parse_expr(dtp, "a || b ^^ c && d"),
		   "(a || (b ^^ (c && d)))", "parse: ^^ between || and &&");
	tap_is_str(parse_expr(dtp, "a | b ^ c & d"), "(a | (b ^ (c & d)))",
		   "parse: bitwise levels");
	tap_is_str(parse_expr(dtp, "a & b == c"), "(a & (b == c))",
		   "parse: == binds tighter than &");
	tap_is_str(parse_expr(dtp, "a == b < c"), "(a == (b < c))",
		   "parse: < binds tighter than ==");
	tap_is_str(parse_expr(dtp, "a < b << c"), "(a < (b << c))",
		   "parse: << binds tighter than <");
	tap_is_str(parse_expr(dtp, "a << b + c"), "(a << (b + c))",
		   "parse: + binds tighter than <<");
	tap_is_str(parse_expr(dtp, "-a * !b"), "((-a) * (!b))",
		   "parse: unary binds tightest");
	tap_is_str(parse_expr(dtp, "~-a"), "(~(-a))", "parse: unary chain");
	tap_is_str(parse_expr(dtp, "a, b"), "(a , b)", "parse: comma");
	tap_is_str(parse_expr(dtp, "a = b = c"), "(a = (b = c))",
		   "parse: = is right-associative");
	tap_is_str(parse_expr(dtp, "f(1, 2 + 3)"), "f(1, (2 + 3))",
		   "parse: call arguments");
	tap_is_str(parse_expr(dtp, "a->b.c[1]++"), "((((a->b).c)[1])++)",
		   "parse: postfix operators");
	tap_is_str(parse_expr(dtp, "1 +"),
		   "[D_SYNTAX] syntax error near \"}\"", "parse: syntax error");
	tap_is_str(parse_expr(dtp, "trace(1) trace(2)"),
		   "[D_SYNTAX] syntax error near \"trace\"",
		   "parse: missing semicolon");
	tap_is_str(parse_expr(dtp, "for"),
		   "[D_SYNTAX] syntax error near \"for\"",
		   "parse: reserved word");

	/* D's own expressions */
	tap_is_str(parse_expr(dtp, "self->x = this->y"),
		   "((self->x) = (this->y))", "parse: self-> and this->");
	tap_is_str(parse_expr(dtp, "a[1, \"s\", b]"), "(a[1, \"s\", b])",
		   "parse: an index is a tuple of keys");
	tap_is_str(parse_expr(dtp, "self->ts[pid]++"), "(((self->ts)[pid])++)",
		   "parse: thread-local associative array");
	tap_is_str(parse_expr(dtp, "(long)a + 1"), "(((long)a) + 1)",
		   "parse: a cast binds tighter than +");
	tap_is_str(parse_expr(dtp, "(unsigned long long *)arg0"),
		   "((unsigned long long *)arg0)", "parse: cast to a pointer");
	tap_is_str(parse_expr(dtp, "(uint64_t)(int)-a"),
		   "((uint64_t)((int)(-a)))", "parse: casts chain");
	tap_is_str(parse_expr(dtp, "(a)-1"), "(a - 1)",
		   "parse: a parenthesized name is no cast");
	tap_is_str(parse_expr(dtp, "sizeof (int)"), "4",
		   "parse: sizeof a type is a constant");
	tap_is_str(parse_expr(dtp, "sizeof (char *[3])"),
		   "[D_SYNTAX] syntax error near \"[\"",
		   "parse: no array declarators in a type name");
	tap_is_str(parse_expr(dtp, "sizeof(uint16_t) * 2"), "(2 * 2)",
		   "parse: sizeof a typedef");
	tap_is_str(parse_expr(dtp, "sizeof a + 1"), "((sizeof a) + 1)",
		   "parse: sizeof an expression");
	tap_is_str(parse_expr(dtp, "sizeof(void)"),
		   "[D_SIZEOF_TYPE] sizeof operator cannot be applied to void",
		   "parse: sizeof void");
	tap_is_str(parse_expr(dtp, "stringof a"), "(stringof a)",
		   "parse: stringof");
	tap_is_str(parse_expr(dtp, "(struct nosuch *)0"),
		   "((struct nosuch *)0)",
		   "parse: cast to an unknown struct declares it");
	tap_is_str(parse_expr(dtp, "@a = 1"), "(@a = 1)",
		   "parse: an aggregation is assigned");
	tap_is_str(parse_expr(dtp, "@[execname, pid] = count()"),
		   "((@[execname, pid]) = count())",
		   "parse: anonymous aggregation with keys");
	tap_is_str(parse_expr(dtp, "@a_1[1] = quantize(x, 2)"),
		   "((@a_1[1]) = quantize(x, 2))",
		   "parse: named aggregation with a key");
	tap_is_str(parse_expr(dtp, "printa(\"%d\", @a, @)"),
		   "printa(\"%d\", @a, @)",
		   "parse: aggregations as arguments");

	/* statements */
	tap_is_str(parse_stmts(dtp, "a; if (b) c; else { d; e } f"),
		   "E IF(b){ E }{ E E } E ", "parse: if/else");
	tap_is_str(parse_stmts(dtp, "if (a) if (b) c; else d;"),
		   "IF(a){ IF(b){ E }{ E } }{ } ",
		   "parse: else goes with the nearest if");
	tap_is_str(parse_stmts(dtp, "if (a) {} x"), "IF(a){ }{ } E ",
		   "parse: empty if body");
	tap_is_str(parse_stmts(dtp, "if a x"),
		   "[D_SYNTAX] syntax error near \"a\"",
		   "parse: if needs parentheses");

	/* declarations */
	tap_is_str(parse_decls(dtp, "int x; self string s; this char *p, q;"),
		   "int x; self string s; this char * p; this char q; ",
		   "parse: variable declarations");
	tap_is_str(parse_decls(dtp, "unsigned long long a[string, int];"),
		   "unsigned long long a[string,int]; ",
		   "parse: associative array with key types");
	tap_is_str(parse_decls(dtp, "self int a[];"),
		   "[D_DECL_ARRNULL] line 1: array declaration requires array dimension or tuple signature: a",
		   "parse: [] is no declaration");
	tap_is_str(parse_decls(dtp, "int a[2][3];"), "int [2][3] a; ",
		   "parse: scalar array");
	tap_is_str(parse_decls(dtp, "int a[0];"),
		   "[D_DECL_ARRSUB] line 1: array dimension must be a positive integer constant",
		   "parse: zero array bound");
	tap_is_str(parse_decls(dtp, "inline int ten = 2 * 5;"),
		   "inline int ten = (2 * 5); ", "parse: inline");
	tap_is_str(parse_decls(dtp,
		"typedef struct tp { int a; } tp_t;\n"
		"translator tp_t < struct task_struct *T > { a = T->pid; };"),
		   "xlator tp_t < struct task_struct * T >; ",
		   "parse: translator");
	tap_is_str(type_after(dtp, "struct ps { char c; long l; "
			      "unsigned int f:3, g:5; } ;", "struct ps"),
		   "struct ps size 18", "parse: struct with bitfields");
	tap_is_str(type_after(dtp, "typedef union { int i; char c[6]; } pu_t;",
			      "pu_t"),
		   "union  size 6", "parse: typedef of an anonymous union");
	tap_is_str(type_after(dtp, "enum pe { PA, PB = 5, PC, };"
			      "int pe_arr[PC];", "enum pe"),
		   "enum pe size 4", "parse: enum; enumerators are constants");
	tap_is_str(parse_expr(dtp, "xlate<tp_t *>(curthread)->a"),
		   "((xlate<tp_t *>(curthread))->a)", "parse: xlate");
	tap_is_str(parse_expr(dtp, "sizeof(struct ps) + offsetof(struct ps, l)"),
		   "(18 + 8)", "parse: sizeof and offsetof of a D struct");
	tap_is_str(parse_expr(dtp, "offsetof(struct ps, f)"),
		   "[D_OFFSETOF_BITFIELD] cannot take offset of a bit-field: f",
		   "parse: offsetof a bitfield");
	tap_is_str(parse_expr(dtp, "offsetof(struct ps, nosuch)"),
		   "[D_UNKNOWN] failed to determine offset of nosuch: Member name not found",
		   "parse: offsetof an unknown member");
	tap_is_str(parse_decls(dtp, "struct ps { int a; };"),
		   "[D_DECL_TYPERED] line 1: type redeclared: struct ps",
		   "parse: struct redefined");
	tap_is_str(parse_decls(dtp, "struct bf { int a:0; };"),
		   "[D_DECL_BFCONST] line 1: positive integral constant expression expected as bit-field size",
		   "parse: zero-width bitfield");
	tap_is_str(parse_decls(dtp, "struct bf3 { int a:70; };"),
		   "[D_DECL_BFCONST] line 1: positive integral constant expression expected as bit-field size",
		   "parse: bitfield wider than 64");
	tap_is_str(parse_decls(dtp, "struct bf4 { char a:9; };"),
		   "[D_DECL_BFSIZE] line 1: bit-field too big for type: a",
		   "parse: bitfield wider than its type");
	tap_is_str(parse_decls(dtp, "struct bf5 { struct ps p:3; };"),
		   "[D_DECL_BFTYPE] line 1: invalid type for bit-field: p",
		   "parse: bitfield of a struct");
	tap_is_str(parse_decls(dtp, "struct bf2 { string s:3; };"),
		   "[D_DECL_BFTYPE] line 1: invalid type for bit-field: s",
		   "parse: string bit-field");
	tap_is_str(parse_decls(dtp, "struct bf6 { string s; };"),
		   "", "parse: a string member, as in DTrace");
	tap_is_str(parse_decls(dtp, "struct bf7 { int f(); };"),
		   "[D_DECL_VOIDOBJ] line 1: cannot have void member: f",
		   "parse: function member");
	tap_is_str(parse_decls(dtp, "struct bf8 { struct bf9 x; };"),
		   "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum struct bf9: x",
		   "parse: member of a struct only declared");
	tap_is_str(type_after(dtp, "struct bf10 { int a:12; int b:10; "
			      "char c:3; };", "struct bf10"),
		   "struct bf10 size 5",
		   "parse: bit-fields start at a byte, aligned to their size");
	tap_is_str(parse_decls(dtp, "extern int e1, e2[3]; extern e3; "
			      "extern int f1(int, char *, ...);"),
		   "", "parse: extern declarations and prototypes");
	tap_is_str(parse_decls(dtp, "extern int xa1[], xa2[2][3];"),
		   "", "parse: an extern array may have no bound");
	tap_is_str(parse_decls(dtp, "extern int xa3; int xa4[];"),
		   "[D_DECL_ARRNULL] line 1: array declaration requires array dimension or tuple signature: xa4",
		   "parse: a variable after an extern one still needs its bound");
	for (i = 0; i < sizeof(decl_errs) / sizeof(decl_errs[0]); i++)
		tap_is_str(parse_decls(dtp, decl_errs[i].text), decl_errs[i].want,
			   decl_errs[i].name);
	tap_is_str(parse_decls(dtp, "enum e2 { EA, EA };"),
		   "[D_UNKNOWN] line 1: failed to define enumerator 'EA': Duplicate member or variable name",
		   "parse: duplicate enumerator");
	tap_is_str(parse_decls(dtp, "typedef long pid_t;"),
		   "[D_TYPE_REDEF] line 1: type redeclared: pid_t",
		   "parse: typedef of a type name to another type");
	tap_is_str(parse_decls(dtp, "typedef int pid_t; "
			       "typedef unsigned long size_t;"),
		   "", "parse: typedef of a built-in name to its own type");
	tap_is_str(parse_decls(dtp, "typedef struct td1 { int a; } td1_t; "
			       "typedef struct td1 td1_t; typedef int td2_t; "
			       "typedef signed int td2_t;"),
		   "", "parse: a typedef declared twice with the same type");
	tap_is_str(parse_decls(dtp, "typedef int td3_t; typedef char td3_t;"),
		   "[D_TYPE_REDEF] line 1: type redeclared: td3_t",
		   "parse: a typedef declared again with another type");
	tap_is_str(type_after(dtp, "struct tag1 { char c; int i; }; "
			      "union tag1 { char c; int i; };", "union tag1"),
		   "union tag1 size 4",
		   "parse: struct and union tags are separate namespaces");
	tap_is_str(parse_decls(dtp, "union un1 { union un2 m; };"),
		   "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum struct un2: m",
		   "parse: member of a union only declared, named as DTrace names a forward tag");
	tap_is_str(parse_decls(dtp, "union un3 { union un3 me; int i; };"),
		   "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum union un3: me",
		   "parse: a union member of its own type keeps the union's name");
	tap_is_str(parse_decls(dtp, "enum nosuche x;"),
		   "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum struct nosuche: x",
		   "parse: variable of an enum only declared");
	tap_is_str(parse_decls(dtp, "struct nosuch x;"),
		   "[D_DECL_INCOMPLETE] line 1: incomplete struct/union/enum struct nosuch: x",
		   "parse: variable of a struct only declared");
	tap_is_str(parse_decls(dtp, "int x\nBEGIN {}"),
		   "[D_SYNTAX] line 2: syntax error near \"BEGIN\"",
		   "parse: declaration without ;");
	tap_is_str(parse_prog(dtp, "int x; BEGIN { x = 1 } uint64_t y;\nEND"),
		   "BEGIN 1;END 0;", "parse: declarations between clauses");

	/* macros */
	{
		char *const av[] = { "s.d", "42", "execname", "str", "-3" };

		dtrace_macro_args(dtp, 5, av);
		dtrace_setopt(dtp, "argref", NULL);
		tap_is_str(parse_expr(dtp, "$1 + $2 + $4"),
			   "((42 + execname) + (-3))",
			   "parse: $N is an integer or a name");
		tap_is_str(parse_expr(dtp, "$$3 + $$1"), "(\"str\" + \"42\")",
			   "parse: $$N is a string");
		tap_is_str(parse_expr(dtp, "$5"),
			   "[D_MACRO_UNDEF] macro argument $5 is not defined",
			   "parse: unset $N");
		tap_is_str(parse_expr(dtp, "$nosuch"),
			   "[D_MACRO_UNDEF] macro variable $nosuch is not defined",
			   "parse: unknown macro variable");
		tap_is_str(parse_expr(dtp, "$3"), "str",
			   "parse: a name from a macro is a name");
		tap_is_str(parse_prog(dtp, "syscall::$$3:entry, pid$1:::"),
			   "syscall::str:entry,pid42::: 0;",
			   "parse: macros in probe descriptions");
		dtrace_setopt(dtp, "defaultargs", NULL);
		tap_is_str(parse_expr(dtp, "$7 + $$7"), "(0 + \"\")",
			   "parse: defaultargs");
		dtp->opt.argref = false;
		tap_is_str(parse_expr(dtp, "$1 + $$2 + $4"),
			   "[D_MACRO_UNUSED] extraneous argument 'str' ($3 is not referenced)",
			   "parse: an unused macro argument is an error");
		dtrace_macro_args(dtp, 0, NULL);
	}
	tap_is_str(parse_expr(dtp, "$target"), "0",
		   "parse: $target without a target");

	/* preprocessor line markers */
	tap_is_str(parse_prog(dtp, "# 1 \"x.d\"\nBEGIN\n# 40 \"x.d\"\n{ 1 + }"),
		   "[D_SYNTAX] line 40: syntax error near \"}\"",
		   "parse: # N \"file\" renumbers lines");
	tap_is_str(parse_prog(dtp, "#pragma D depends_on provider syscall\nBEGIN"),
		   "BEGIN 0;", "parse: #pragma D depends_on is accepted");
	tap_is_str(parse_prog(dtp, "# 12x \"x.d\"\nBEGIN"),
		   "[D_PRAGMA_MALFORM] line 1: malformed line marker: # 12x \"x.d\"",
		   "parse: malformed line marker");
	tap_is_str(parse_prog(dtp, "#pragma D depends_on provider\nBEGIN"),
		   "[D_PRAGMA_MALFORM] line 1: malformed #pragma depends_on <class> <name>",
		   "parse: #pragma D depends_on without a name");
	tap_is_str(parse_prog(dtp, "\n#pragma D depends_on library x.d\nBEGIN"),
		   "[D_PRAGMA_DEPEND] line 2: main program may not explicitly depend on a library",
		   "parse: only a library depends on a library");
	tap_is_str(parse_prog(dtp, "#pragma D depends_on thing x\nBEGIN"),
		   "[D_PRAGMA_INVAL] line 1: invalid class thing specified by #pragma depends_on",
		   "parse: #pragma D depends_on of an unknown class");
	tap_is_str(parse_prog(dtp, "#pragma D error \"stop  here\" now\nBEGIN"),
		   "[D_PRAGERR] line 1: #error: stop  here now ",
		   "parse: #pragma D error: its words, a quoted one whole");
	tap_is_str(parse_prog(dtp, "\n#error no good\nBEGIN"),
		   "[D_PRAGERR] line 2: #error: no good ",
		   "parse: #error without the preprocessor");
	test_parse_deep(dtp);
	tap_is_str(parse_prog(dtp, "#error a b c d e f g h i j k\nBEGIN"),
		   "[D_PRAGERR] line 1: #error: a b c d e f g h i j k ",
		   "parse: #error of more words than a #pragma has");
	tap_is_str(parse_prog(dtp, "#pragma D error 1 2 3 4 5 6 7 8 9\nBEGIN"),
		   "[D_PRAGERR] line 1: #error: 1 2 3 4 5 6 7 8 9 ",
		   "parse: #pragma D error of many words");
	tap_is_str(parse_prog(dtp, "#if 0\n#endif\nBEGIN"),
		   "[D_PRAGCTL_INVAL] line 1: invalid control directive: #if 0",
		   "parse: #if without the preprocessor");
	tap_is_str(parse_prog(dtp, "#ident \"x\"\nBEGIN"), "BEGIN 0;",
		   "parse: #ident is ignored");
	tap_is_str(parse_prog(dtp, "#pragma D attributes Stable\nBEGIN"),
		   "[D_PRAGMA_MALFORM] line 1: malformed #pragma attributes <attributes> <ident>",
		   "parse: #pragma D attributes without an identifier");
	tap_is_str(parse_prog(dtp, "#pragma D attributes Stable/Evolving/Cpu x\nBEGIN"),
		   "[D_PRAGMA_INVAL] line 1: invalid attributes specified by #pragma attributes",
		   "parse: #pragma D attributes with a class misspelt");
	tap_is_str(parse_prog(dtp, "int pa1;\n"
			      "#pragma D attributes Stable/Evolving/ISA pa1\n"
			      "#pragma D attributes Evolving/Evolving/Common provider p args\n"
			      "#pragma D binding \"1.0\" pa1\nBEGIN"),
		   "BEGIN 0;", "parse: #pragma D attributes and binding, well formed");
	/* the name must be one D knows by then: a built-in, a declaration */
	tap_is_str(parse_prog(dtp, "inline int pa2 = 1;\n"
			      "#pragma D binding \"1.0\" pa2\n"
			      "#pragma D attributes Stable/Stable/Common execname\nBEGIN"),
		   "BEGIN 0;",
		   "parse: #pragma D binding of an inline, attributes of a built-in");
	tap_is_str(parse_prog(dtp, "\n#pragma D attributes Stable/Stable/Common pa3\nBEGIN"),
		   "[D_PRAGMA_UNUSED] line 2: unused #pragma attributes",
		   "parse: #pragma D attributes of a name D does not know");
	tap_is_str(parse_prog(dtp, "void pa4(int);\n#pragma D binding \"1.0\" pa4\nBEGIN"),
		   "[D_PRAGMA_UNUSED] line 2: unused #pragma binding",
		   "parse: #pragma D binding of a prototype, which declares no name");
	tap_is_str(parse_prog(dtp, "#pragma D attributes Stable/Stable/Common pa5\nint pa5;\nBEGIN"),
		   "[D_PRAGMA_UNUSED] line 1: unused #pragma attributes",
		   "parse: #pragma D attributes before the declaration");
	tap_is_str(parse_prog(dtp, "#pragma D binding \"0.9\" x\nBEGIN"),
		   "[D_PRAGMA_INVAL] line 1: invalid version string specified by #pragma binding",
		   "parse: #pragma D binding to no version of D");
	tap_is_str(parse_prog(dtp, "#pragma D option nspec=24 * 44\nBEGIN"),
		   "[D_PRAGMA_MALFORM] line 1: superfluous arguments specified for #pragma option",
		   "parse: #pragma D option with more than name=value");
	tap_is_str(parse_prog(dtp, "#pragma D option libdir=/tmp\nBEGIN"),
		   "[D_PRAGMA_OPTSET] line 1: failed to set option 'libdir' to '/tmp': Option cannot be used from within a D program",
		   "parse: a command-line option set by a program");

	tap_is_str(parse_prog(dtp, "BEGIN"), "BEGIN 0;",
		   "parse: clause without body");
	tap_is_str(parse_prog(dtp, "BEGIN{}"), "BEGIN 0;",
		   "parse: empty body");
	tap_is_str(parse_prog(dtp, "BEGIN{;;trace(1);;trace(2)}"),
		   "BEGIN 2;", "parse: empty statements, no last semicolon");
	tap_is_str(parse_prog(dtp, "a:b:c:d, tick-1s /pid/ {trace(1);}\nEND"),
		   "a:b:c:d,tick-1s /pid/ 1;END 0;",
		   "parse: description list, predicate, two clauses");
	tap_is_str(parse_prog(dtp, "BEGIN\n{\n trace(1)\n trace(2) }"),
		   "[D_SYNTAX] line 4: syntax error near \"trace\"",
		   "parse: error line number");
	tap_is_str(parse_prog(dtp, "BEGIN { trace(1)"),
		   "[D_SYNTAX] line 1: syntax error near end of input",
		   "parse: unexpected end");
	tap_is_str(parse_prog(dtp, "BEGIN }"),
		   "[D_SYNTAX] line 1: syntax error near \"}\"",
		   "parse: stray brace");

	tap_is_str(pdesc(DTRACE_PROBESPEC_NAME, "BEGIN"), ":::BEGIN",
		   "pdesc: name only");
	tap_is_str(pdesc(DTRACE_PROBESPEC_NAME, "read:entry"), "::read:entry",
		   "pdesc: func:name");
	tap_is_str(pdesc(DTRACE_PROBESPEC_NAME, "vmlinux:read:entry"),
		   ":vmlinux:read:entry", "pdesc: mod:func:name");
	tap_is_str(pdesc(DTRACE_PROBESPEC_NAME, "syscall::read:entry"),
		   "syscall::read:entry", "pdesc: all four");
	tap_is_str(pdesc(DTRACE_PROBESPEC_NAME, "profile:::"), "profile:::",
		   "pdesc: empty fields");
	tap_is_str(pdesc(DTRACE_PROBESPEC_PROVIDER, "profile"), "profile:::",
		   "pdesc: -P");
	tap_is_str(pdesc(DTRACE_PROBESPEC_MOD, "ext4"), ":ext4::",
		   "pdesc: -m");
	tap_is_str(pdesc(DTRACE_PROBESPEC_FUNC, "fbt:ext4:"), "fbt:ext4::",
		   "pdesc: -f with three fields");
	tap_is_str(pdesc(DTRACE_PROBESPEC_FUNC, "vfs_*"), "::vfs_*:",
		   "pdesc: -f glob");
	tap_is_str(pdesc(DTRACE_PROBESPEC_NAME, "a\\:b"), ":::a\\:b",
		   "pdesc: escaped colon");
	tap_is_str(pdesc(DTRACE_PROBESPEC_NAME, "a:b:c:d:e"),
		   "invalid probe description \"a:b:c:d:e\": Overspecified probe description",
		   "pdesc: five fields");
	tap_is_str(pdesc(DTRACE_PROBESPEC_MOD, "a:b:c"),
		   "invalid probe description \"a:b:c\": Overspecified probe description",
		   "pdesc: -m with three fields");
	dtrace_close(dtp);
}
