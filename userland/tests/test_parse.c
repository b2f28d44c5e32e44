// SPDX-License-Identifier: GPL-2.0
/*
 * Parser tests: precedence and associativity of every level of the
 * expression grammar (printed fully parenthesized), clause shapes,
 * syntax errors, and probe descriptions with right-filled fields.
 */
#include <stdio.h>
#include <string.h>
#include "dt_pcb.h"
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

void test_parse(void)
{
	dtrace_hdl_t *dtp = t_open();

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
	tap_is_str(parse_expr(dtp, "self->x"),
		   "[D_SYNTAX] syntax error near \"self\"",
		   "parse: reserved word");

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
