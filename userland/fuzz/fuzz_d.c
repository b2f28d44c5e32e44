// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target, grammar-aware: the input bytes choose, one decision
 * a byte, a D program built from the parser's own productions
 * (userland/libdtrace/dt_grammar.y): declarations of every scope,
 * clauses with predicates, if/else, every assignment operator, every
 * binary and unary operator, ternaries, casts, sizeof and stringof,
 * string literals with escapes, loads through casts and struct
 * members, this->, self->, globals and associative arrays, aggregations
 * and the subroutines with extreme arguments (INT64_MIN, INT64_MAX, -1,
 * 0, lengths past strsize).  Integer and string expressions come from
 * separate generators, so most programs type-check.  The program is
 * compiled with libdtrace (no device, no kernel BTF) and every clause
 * runs as one firing through the kernel's engine (framework/engine/)
 * over the fake memory of userland/tests/hostenv.c, predicate first,
 * then each action, as the kernel does (arg0 a kernel buffer, arg1 a
 * user buffer, arg2..4 INT64_MAX, INT64_MIN and -1).
 *
 * Allowed: compile errors, faults.  Findings: crashes, ASan/UBSan
 * reports, hangs, and a program of the compiler that the verifier
 * refuses (the compiler must never produce one): that aborts with the
 * program's text and the rule.  DT_FUZZ_D_PRINT=1 prints each program.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dt_impl.h"
#include "fuzz_env.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define GEN_MAXDEPTH	4
#define GEN_MAXTEXT	16384

struct gen {
	const uint8_t *p;
	size_t left;
	char text[GEN_MAXTEXT];
	size_t len;
	int depth;
	int in_if;		/* inside if/else bodies */
};

/* The next choice among @n: the next byte modulo @n, 0 once they run out. */
static unsigned int pick(struct gen *g, unsigned int n)
{
	if (!g->left)
		return 0;
	g->left--;
	return *g->p++ % n;
}

static void out(struct gen *g, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (g->len >= GEN_MAXTEXT - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(g->text + g->len, GEN_MAXTEXT - g->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		g->len = g->len + n < GEN_MAXTEXT ? g->len + n : GEN_MAXTEXT - 1;
}

#define PICK(g, arr)	((arr)[pick(g, sizeof(arr) / sizeof((arr)[0]))])

static const char *const ints[] = {
	"0", "1", "-1", "2", "3", "7", "8", "16", "31", "32", "63", "64",
	"255", "256", "4095", "4096", "65536", "0x7fffffff", "0x80000000",
	"0xffffffff", "0x100000000", "9223372036854775807",
	"(-9223372036854775807 - 1)", "0xffffffffffffffff", "'a'", "'\\0'",
	"1000000", "-4096", "-65536", "0x8000000000000000",
};

static const char *const strs[] = {
	"\"\"", "\"a\"", "\"abc\"", "\"a,b,,c\"", "\",\"", "\"/a/b/../c/./\"",
	"\"//\"", "\"/\"", "\"..\"", "\"hello world\"", "\"\\n\\t\\\\\\\"\"",
	"\"\\x01\\xff\"", "\"-9223372036854775808\"", "\"0x7f\"", "\"  12\"",
	"\"abcabcabc\"", "\"1.2.3.4\"", "\"\\0hidden\"",
};

static const char *const binops[] = {
	"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||", "^^",
	"==", "!=", "<", "<=", ">", ">=",
};

static const char *const asgops[] = {
	"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
};

static const char *const casts[] = {
	"char", "unsigned char", "short", "unsigned short", "int",
	"unsigned int", "long", "unsigned long", "int64_t", "uint64_t",
	"int8_t", "uint32_t", "uintptr_t",
};

static const char *const builtins[] = {
	"arg0", "arg1", "arg2", "arg3", "arg4", "arg5", "arg9", "pid", "tid",
	"cpu", "timestamp", "vtimestamp", "walltimestamp", "errno", "id",
	"epid", "uid", "ppid",
};

static const char *const strvars[] = {
	"execname", "probefunc", "probename", "probemod", "probeprov",
	"gs0", "gs1", "this->ts0", "self->ss0",
};

static const char *const intvars[] = {
	"gi0", "gi1", "gi2", "this->ti0", "this->ti1", "self->si0",
	"self->si1",
};

static void int_expr(struct gen *g);
static void str_expr(struct gen *g);

/* A pointer into the kernel buffer (arg0) or somewhere else. */
static void ptr_expr(struct gen *g)
{
	switch (pick(g, 4)) {
	case 0:
		out(g, "arg0");
		break;
	case 1:
		out(g, "(arg0 + ");
		int_expr(g);
		out(g, ")");
		break;
	case 2:
		int_expr(g);
		break;
	default:
		out(g, "(arg0 + %u)", pick(g, 80));
		break;
	}
}

static void int_leaf(struct gen *g)
{
	switch (pick(g, 4)) {
	case 0:
		out(g, "%s", PICK(g, ints));
		break;
	case 1:
		out(g, "%s", PICK(g, builtins));
		break;
	case 2:
		out(g, "%s", PICK(g, intvars));
		break;
	default:
		out(g, "0x%02x%02x", pick(g, 256), pick(g, 256));
		break;
	}
}

/*
 * Subroutine calls by signature: S a string, I an integer, U arg0 or
 * arg1 (a kernel or a user buffer), N 0 or a string; a lower-case
 * letter is an argument given half the time (the optional last ones).
 */
struct sig {
	const char *name;
	const char *args;
};

static const struct sig int_subrs[] = {
	{ "strlen", "S" }, { "index", "SSi" }, { "rindex", "SSi" },
	{ "strtoll", "Si" }, { "htons", "I" }, { "htonl", "I" },
	{ "htonll", "I" }, { "ntohs", "I" }, { "ntohl", "I" },
	{ "ntohll", "I" }, { "progenyof", "I" }, { "rand", "" },
};

static const struct sig str_subrs[] = {
	{ "substr", "SIi" }, { "strjoin", "SS" }, { "strtok", "NS" },
	{ "lltostr", "Ii" }, { "toupper", "S" }, { "tolower", "S" },
	{ "basename", "S" }, { "dirname", "S" }, { "cleanpath", "S" },
	{ "strchr", "SI" }, { "strrchr", "SI" }, { "strstr", "SS" },
	{ "copyinstr", "Ui" }, { "stringof", "I" },
};

static void call(struct gen *g, const struct sig *s)
{
	const char *a;

	out(g, "%s(", s->name);
	for (a = s->args; *a; a++) {
		if (*a >= 'a' && *a <= 'z' && pick(g, 2))
			break;
		if (a != s->args)
			out(g, ", ");
		switch (*a) {
		case 'S':
			str_expr(g);
			break;
		case 'U':
			out(g, pick(g, 2) ? "arg1" : "arg0");
			break;
		case 'N':
			if (pick(g, 2))
				out(g, "0");
			else
				str_expr(g);
			break;
		default:
			int_expr(g);
			break;
		}
	}
	out(g, ")");
}

/* copyin() of the user (or kernel) buffer, loaded or compared. */
static void copyin_expr(struct gen *g)
{
	bool load = pick(g, 2);

	if (load)
		out(g, "*(%s *)copyin(arg1, ", pick(g, 2) ? "int" : "char");
	else
		out(g, "(copyin(%s, ", pick(g, 2) ? "arg1" : "arg0");
	int_expr(g);
	out(g, load ? ")" : ") != 0)");
}

static void int_expr(struct gen *g)
{
	if (g->depth >= GEN_MAXDEPTH) {
		int_leaf(g);
		return;
	}
	g->depth++;
	switch (pick(g, 16)) {
	case 0:
	case 1:
		int_leaf(g);
		break;
	case 2:
	case 3:
		out(g, "(");
		int_expr(g);
		out(g, " %s ", PICK(g, binops));
		int_expr(g);
		out(g, ")");
		break;
	case 4:
		out(g, "%s(", PICK(g, ((const char *const[]){ "-", "~", "!", "+" })));
		int_expr(g);
		out(g, ")");
		break;
	case 5:
		out(g, "(");
		int_expr(g);
		out(g, " ? ");
		int_expr(g);
		out(g, " : ");
		int_expr(g);
		out(g, ")");
		break;
	case 6:
		out(g, "((%s)", PICK(g, casts));
		int_expr(g);
		out(g, ")");
		break;
	case 7:
		out(g, "(");
		str_expr(g);
		out(g, " %s ", PICK(g, ((const char *const[]){
			"==", "!=", "<", "<=", ">", ">=" })));
		str_expr(g);
		out(g, ")");
		break;
	case 8:
		call(g, &PICK(g, int_subrs));
		break;
	case 9:
		copyin_expr(g);
		break;
	case 10:
		out(g, "*(%s *)", PICK(g, casts));
		ptr_expr(g);
		break;
	case 11:
		out(g, "((struct fz *)");
		ptr_expr(g);
		out(g, ")->%s", PICK(g, ((const char *const[]){
			"a", "b", "c", "d[1]", "d[3]" })));
		break;
	case 12:
		out(g, "(%s %s ", PICK(g, intvars), PICK(g, asgops));
		int_expr(g);
		out(g, ")");
		break;
	case 13:
		out(g, "ai[");
		int_expr(g);
		out(g, ", ");
		int_expr(g);
		out(g, "]");
		break;
	case 14:
		if (pick(g, 2))
			out(g, "sizeof (%s)", PICK(g, casts));
		else
			out(g, "(%s++)", PICK(g, intvars));
		break;
	default:
		out(g, "((%s *)", PICK(g, casts));
		ptr_expr(g);
		out(g, ")[");
		int_expr(g);
		out(g, "]");
		break;
	}
	g->depth--;
}

static void str_expr(struct gen *g)
{
	if (g->depth >= GEN_MAXDEPTH) {
		out(g, "%s", pick(g, 2) ? PICK(g, strs) : PICK(g, strvars));
		return;
	}
	g->depth++;
	switch (pick(g, 9)) {
	case 0:
	case 1:
		out(g, "%s", PICK(g, strs));
		break;
	case 2:
		out(g, "%s", PICK(g, strvars));
		break;
	case 3:
	case 4:
	case 5:
	case 6:
		call(g, &PICK(g, str_subrs));
		break;
	case 7:
		out(g, "(");
		int_expr(g);
		out(g, " ? ");
		str_expr(g);
		out(g, " : ");
		str_expr(g);
		out(g, ")");
		break;
	default:
		out(g, "as[");
		str_expr(g);
		out(g, "]");
		break;
	}
	g->depth--;
}

static void agg_stmt(struct gen *g)
{
	static const char *const lq[] = {
		"0, 10, 1", "-10, 10, 2", "0, 1000000, 1000", "0, 1, 1",
		"-9223372036854775807, 9223372036854775807, 1000000000000000000",
		"5, 5, 1", "0, 10, 0",
	};
	static const char *const llq[] = {
		"10, 0, 6, 20", "2, 0, 63, 2", "10, 3, 2, 10", "1000, 0, 1, 10",
	};

	out(g, "@g%u", pick(g, 3));
	switch (pick(g, 4)) {
	case 1:
		out(g, "[");
		int_expr(g);
		out(g, "]");
		break;
	case 2:
		out(g, "[");
		str_expr(g);
		out(g, "]");
		break;
	case 3:
		out(g, "[");
		str_expr(g);
		out(g, ", ");
		int_expr(g);
		out(g, "]");
		break;
	}
	out(g, " = ");
	switch (pick(g, 9)) {
	case 0:
		out(g, "count()");
		return;
	case 1:
		out(g, "lquantize(");
		int_expr(g);
		out(g, ", %s)", PICK(g, lq));
		return;
	case 2:
		out(g, "llquantize(");
		int_expr(g);
		out(g, ", %s)", PICK(g, llq));
		return;
	default:
		out(g, "%s(", PICK(g, ((const char *const[]){ "sum", "avg",
			"min", "max", "stddev", "quantize" })));
		int_expr(g);
		out(g, ")");
		return;
	}
}

static void stmts(struct gen *g, unsigned int max);

static void stmt(struct gen *g)
{
	unsigned int c = pick(g, 12);

	/* the compiler takes no actions inside if/else: stores only */
	if (g->in_if && c >= 5 && c <= 8)
		c = 0;
	switch (c) {
	case 0:
	case 1:
		out(g, "%s %s ", PICK(g, intvars), PICK(g, asgops));
		int_expr(g);
		break;
	case 2:
		out(g, "%s = ", PICK(g, ((const char *const[]){ "gs0", "gs1",
			"this->ts0", "self->ss0" })));
		str_expr(g);
		break;
	case 3:
		out(g, "ai[");
		int_expr(g);
		out(g, ", ");
		int_expr(g);
		out(g, "] %s ", PICK(g, asgops));
		int_expr(g);
		break;
	case 4:
		out(g, "as[");
		str_expr(g);
		out(g, "] = ");
		str_expr(g);
		break;
	case 5:
		out(g, "trace(");
		int_expr(g);
		out(g, ")");
		break;
	case 6:
		out(g, "trace(");
		str_expr(g);
		out(g, ")");
		break;
	case 7:
		out(g, "printf(\"%%d %%s %%x\\n\", ");
		int_expr(g);
		out(g, ", ");
		str_expr(g);
		out(g, ", ");
		int_expr(g);
		out(g, ")");
		break;
	case 8:
		agg_stmt(g);
		break;
	case 9:
		if (g->depth >= GEN_MAXDEPTH) {
			out(g, "self->si0 = 0");
			break;
		}
		g->depth++;
		g->in_if++;
		out(g, "if (");
		int_expr(g);
		out(g, ") {\n");
		stmts(g, 3);
		out(g, "}");
		if (pick(g, 2)) {
			out(g, " else {\n");
			stmts(g, 3);
			out(g, "}");
		}
		g->in_if--;
		g->depth--;
		return;
	case 10:
		out(g, "%s%s", pick(g, 2) ? "++" : "--", PICK(g, intvars));
		break;
	default:
		out(g, "self->%s = 0", pick(g, 2) ? "si0" : "si1");
		break;
	}
	out(g, ";\n");
}

static void stmts(struct gen *g, unsigned int max)
{
	unsigned int i, n = pick(g, max) + 1;

	for (i = 0; i < n; i++)
		stmt(g);
}

static void program(struct gen *g)
{
	static const char *const probes[] = {
		"BEGIN", "END", "tick-1s", "syscall::read:entry",
		"dtrace:::BEGIN", "profile-97",
	};
	unsigned int i, n;

	out(g, "struct fz { int a; char b; long c; short d[4]; };\n"
	       "int gi0, gi1, gi2; string gs0, gs1;\n"
	       "self int si0, si1; self string ss0;\n"
	       "this int ti0, ti1; this string ts0;\n"
	       "int ai[int, int]; string as[string];\n");
	n = pick(g, 3) + 1;
	for (i = 0; i < n; i++) {
		g->depth = 0;
		out(g, "%s\n", PICK(g, probes));
		if (pick(g, 2)) {
			out(g, "/ ");	/* a space: "/" and "*" open a comment */
			int_expr(g);
			out(g, " /\n");
		}
		out(g, "{\n");
		stmts(g, 5);
		out(g, "}\n");
	}
}

static struct dif_env env;
static struct gen gen;

/* One clause firing: predicate, then each action; stop at a fault. */
static void fire(const struct dt_clause *cl)
{
	unsigned int i;
	uint64_t v;

	dif_env_clause(&env);
	if (cl->pred) {
		if (dif_eval(cl->pred, &env, &v) && env.bad)
			goto refused;
		if (env.fault || !v)
			return;
	}
	for (i = 0; i < cl->nacts; i++) {
		if (!cl->progs[i])
			continue;
		if (dif_eval(cl->progs[i], &env, &v)) {
			if (env.bad)
				goto refused;
			return;
		}
	}
	return;
refused:
	fprintf(stderr, "fuzz_d: the verifier refuses the compiler's program: rule %u (%s) at instruction %u; the D:\n%s\n",
		env.err.rule, env.bad, env.err.insn, gen.text);
	abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("DTRACE_BTF_PATH", "/nonexistent/vmlinux", 1);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dtrace_hdl_t *dtp;
	dtrace_prog_t *pgp;
	unsigned int i;
	int err;

	memset(&gen, 0, sizeof(gen));
	gen.p = data;
	gen.left = size;
	program(&gen);
	if (getenv("DT_FUZZ_D_PRINT"))
		fprintf(stderr, "%s\n", gen.text);

	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	if (!dtp)
		return 0;
	pgp = dtrace_program_strcompile(dtp, gen.text, DTRACE_PROBESPEC_NAME,
					DTRACE_C_ZDEFS);
	if (pgp) {
		fuzz_env_setup(&env, 256);
		env.strvars[DTRACE_DIF_VAR_PROBENAME] = "entry";
		/* each clause twice: the second firing sees the variables */
		for (i = 0; i < 2 * pgp->nclauses; i++)
			fire(pgp->clauses[i % pgp->nclauses]);
		dif_env_free(&env);
		dt_program_free(pgp);
	}
	dtrace_close(dtp);
	return 0;
}
