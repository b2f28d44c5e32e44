// SPDX-License-Identifier: GPL-2.0
/*
 * Lexer tests: each literal kind with its value and C type, every
 * operator, probe descriptions and predicates in their start
 * conditions, comments, pragmas, and the lexical diagnostics.
 */
#include <stdio.h>
#include <string.h>
#include "dt_pcb.h"
#include "dt_type.h"
#include "dt_grammar.h"
#include "helpers.h"
#include "tap.h"

int dt_yylex(YYSTYPE *lval, void *scanner);

static const char *tok_name(int t)
{
	static const struct { int tok; const char *name; } names[] = {
		{ DT_TOK_BPRED, "BPRED" }, { DT_TOK_EPRED, "EPRED" },
		{ DT_TOK_LSH_EQ, "<<=" }, { DT_TOK_RSH_EQ, ">>=" },
		{ DT_TOK_ADD_EQ, "+=" }, { DT_TOK_SUB_EQ, "-=" },
		{ DT_TOK_MUL_EQ, "*=" }, { DT_TOK_DIV_EQ, "/=" },
		{ DT_TOK_MOD_EQ, "%=" }, { DT_TOK_AND_EQ, "&=" },
		{ DT_TOK_XOR_EQ, "^=" }, { DT_TOK_OR_EQ, "|=" },
		{ DT_TOK_INC, "++" }, { DT_TOK_DEC, "--" }, { DT_TOK_PTR, "->" },
		{ DT_TOK_LAND, "&&" }, { DT_TOK_LOR, "||" }, { DT_TOK_LXOR, "^^" },
		{ DT_TOK_LSH, "<<" }, { DT_TOK_RSH, ">>" }, { DT_TOK_LE, "<=" },
		{ DT_TOK_GE, ">=" }, { DT_TOK_EQ, "==" }, { DT_TOK_NE, "!=" },
		{ DT_TOK_KEYWORD, "KEYWORD" }, { DT_TOK_AGG, "AGG" },
		{ DT_TOK_BAD, "BAD" },
		{ DT_KEY_CONST, "CONST" }, { DT_KEY_USERLAND, "USERLAND" },
		{ DT_KEY_STRUCT, "STRUCT" }, { DT_KEY_UNION, "UNION" },
		{ DT_KEY_ENUM, "ENUM" }, { DT_KEY_TYPEDEF, "TYPEDEF" },
		{ DT_KEY_INLINE, "INLINE" }, { DT_KEY_SELF, "SELF" },
		{ DT_KEY_THIS, "THIS" }, { DT_KEY_XLATOR, "TRANSLATOR" },
		{ DT_KEY_XLATE, "XLATE" }, { DT_KEY_SIZEOF, "SIZEOF" },
		{ DT_KEY_OFFSETOF, "OFFSETOF" }, { DT_KEY_STRINGOF, "STRINGOF" },
		{ DT_KEY_IF, "IF" }, { DT_KEY_ELSE, "ELSE" },
	};
	static char one[2];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].tok == t)
			return names[i].name;
	one[0] = (char)t;
	return one;
}

/* All tokens of @text, blank-separated. */
static const char *lex(dtrace_hdl_t *dtp, const char *text)
{
	static char out[2048];
	struct dt_pcb pcb;
	size_t n = 0;
	YYSTYPE lval;
	int t;

	dt_pcb_init(&pcb, dtp, text, strlen(text));
	dt_lex_create(&pcb);
	out[0] = '\0';
	while ((t = dt_yylex(&lval, pcb.scanner)) != 0 && n < sizeof(out) - 200) {
		if (n)
			out[n++] = ' ';
		switch (t) {
		case DT_TOK_INT:
			n += snprintf(out + n, sizeof(out) - n, "INT(%s:%llu)",
				      lval.node->type->name,
				      (unsigned long long)lval.node->value);
			break;
		case DT_TOK_STRING:
			n += snprintf(out + n, sizeof(out) - n, "STR(%s)",
				      lval.node->str);
			break;
		case DT_TOK_IDENT:
			n += snprintf(out + n, sizeof(out) - n, "ID(%s)",
				      lval.node->str);
			break;
		case DT_TOK_TNAME:
		case DT_TOK_TYPEKW:
			n += snprintf(out + n, sizeof(out) - n, "%s(%s)",
				      t == DT_TOK_TNAME ? "TNAME" : "TYPE",
				      lval.str);
			break;
		case DT_TOK_PSPEC:
			n += snprintf(out + n, sizeof(out) - n, "PSPEC(%s)",
				      lval.pdesc->text);
			break;
		case DT_TOK_ERROR:
			n += snprintf(out + n, sizeof(out) - n, "ERR[%s](%s)",
				      dt_errtag_name(pcb.tag), pcb.msg);
			goto out;
		default:
			n += snprintf(out + n, sizeof(out) - n, "%s",
				      tok_name(t));
			break;
		}
	}
out:
	dt_lex_destroy(&pcb);
	dt_pcb_fini(&pcb);
	return out;
}

/* Tokens of @expr inside a clause body, without the "X {" and "}". */
static const char *lexe(dtrace_hdl_t *dtp, const char *expr)
{
	static char buf[1024], res[2048];
	const char *all;
	size_t n;

	snprintf(buf, sizeof(buf), "X{%s}", expr);
	all = lex(dtp, buf);
	if (strncmp(all, "PSPEC(X) { ", 11)) {
		snprintf(res, sizeof(res), "%s", all);
		return res;
	}
	snprintf(res, sizeof(res), "%s", all + 11);
	n = strlen(res);
	if (n >= 2 && !strcmp(res + n - 2, " }"))
		res[n - 2] = '\0';
	return res;
}

void test_lex(void)
{
	dtrace_hdl_t *dtp = t_open();

	tap_is_str(lexe(dtp, "42"), "INT(int:42)", "lex: decimal");
	tap_is_str(lexe(dtp, "052"), "INT(int:42)", "lex: octal");
	tap_is_str(lexe(dtp, "0x2A"), "INT(int:42)", "lex: hex");
	tap_is_str(lexe(dtp, "0"), "INT(int:0)", "lex: zero");
	tap_is_str(lexe(dtp, "42u"), "INT(unsigned int:42)", "lex: u suffix");
	tap_is_str(lexe(dtp, "42L"), "INT(long:42)", "lex: L suffix");
	tap_is_str(lexe(dtp, "42ul"), "INT(unsigned long:42)",
		   "lex: ul suffix");
	tap_is_str(lexe(dtp, "42LL"), "INT(long long:42)", "lex: LL suffix");
	tap_is_str(lexe(dtp, "42ULL"), "INT(unsigned long long:42)",
		   "lex: ULL suffix");
	tap_is_str(lexe(dtp, "2147483648"), "INT(long:2147483648)",
		   "lex: decimal past INT_MAX is long");
	tap_is_str(lexe(dtp, "0x80000000"), "INT(unsigned int:2147483648)",
		   "lex: hex past INT_MAX is unsigned int");
	tap_is_str(lexe(dtp, "0xffffffffffffffff"),
		   "INT(unsigned long:18446744073709551615)",
		   "lex: 64-bit hex is unsigned long");
	tap_is_str(lexe(dtp, "'a'"), "INT(int:97)", "lex: char constant");
	tap_is_str(lexe(dtp, "'\\n'"), "INT(int:10)", "lex: char escape");
	tap_is_str(lexe(dtp, "'\\x41'"), "INT(int:65)", "lex: char hex escape");
	tap_is_str(lexe(dtp, "'\\101'"), "INT(int:65)",
		   "lex: char octal escape");
	tap_is_str(lexe(dtp, "\"a\\tb\\\\c\\\"\\'\\?\""),
		   "STR(a\tb\\\\c\"'\\?)",
		   "lex: string escapes; \\\\ and \\? stay two characters, as in DTrace");
	tap_is_str(lexe(dtp, "\"\""), "STR()", "lex: empty string");
	tap_is_str(lexe(dtp, "execname arg0 _x1"),
		   "ID(execname) ID(arg0) ID(_x1)", "lex: identifiers");
	tap_is_str(lexe(dtp, "self this sizeof if else"),
		   "SELF THIS SIZEOF IF ELSE", "lex: D keywords");
	tap_is_str(lexe(dtp, "for while switch"),
		   "KEYWORD KEYWORD KEYWORD", "lex: reserved keywords");
	tap_is_str(lexe(dtp, "@a"), "AGG", "lex: @agg");
	tap_is_str(lexe(dtp, "(pid_t)x"), "( TNAME(pid_t) ) ID(x)",
		   "lex: a typedef after ( is a type name");
	tap_is_str(lexe(dtp, "pid_t"), "ID(pid_t)",
		   "lex: a typedef where no type may stand is a name");
	tap_is_str(lexe(dtp, "(pid)"), "( ID(pid) )",
		   "lex: a built-in variable is no type name");
	tap_is_str(lexe(dtp, "x->uint64_t"), "ID(x) -> ID(uint64_t)",
		   "lex: a member named like a type");
	tap_is_str(lexe(dtp, "(unsigned long long)"),
		   "( TYPE(unsigned) TYPE(long) TYPE(long) )",
		   "lex: type keywords");
	tap_is_str(lex(dtp, "int x;\nBEGIN{}"),
		   "TYPE(int) ID(x) ; PSPEC(BEGIN) { }",
		   "lex: a declaration between clauses");
	tap_is_str(lex(dtp, "uint64_t *p, q;"),
		   "TNAME(uint64_t) * ID(p) , ID(q) ;",
		   "lex: a declaration starting with a typedef");
	tap_is_str(lex(dtp, "struct s { int a; } ;tick-1s"),
		   "STRUCT ID(s) { TYPE(int) ID(a) ; } ; PSPEC(tick-1s)",
		   "lex: braces inside a declaration");
	tap_is_str(lexe(dtp, "+ - * / % & | ^ ~ ! < > = ? : ; , ."),
		   "+ - * / % & | ^ ~ ! < > = ? : ; , .",
		   "lex: one-char operators");
	tap_is_str(lexe(dtp, "<<= >>= += -= *= /= %= &= ^= |="),
		   "<<= >>= += -= *= /= %= &= ^= |=",
		   "lex: assignment operators");
	tap_is_str(lexe(dtp, "++ -- -> && || ^^ << >> <= >= == !="),
		   "++ -- -> && || ^^ << >> <= >= == !=",
		   "lex: two-char operators");
	tap_is_str(lexe(dtp, "a/*c*/+/* two\nlines */b // rest"),
		   "ID(a) + ID(b)", "lex: comments");
	tap_is_str(lexe(dtp, "1+-2"), "INT(int:1) + - INT(int:2)",
		   "lex: no negative literals");

	tap_is_str(lex(dtp, "syscall::read:entry, tick-1s"),
		   "PSPEC(syscall::read:entry) , PSPEC(tick-1s)",
		   "lex: probe descriptions");
	tap_is_str(lex(dtp, "fbt:*:vfs_[rw]*:entry"),
		   "PSPEC(fbt:*:vfs_[rw]*:entry)", "lex: glob description");
	tap_is_str(lex(dtp, "pid123::[^m]*:entry, fbt::[!v]*:entry"),
		   "PSPEC(pid123::[^m]*:entry) , PSPEC(fbt::[!v]*:entry)",
		   "lex: negated sets in descriptions, ^ and !");
	tap_is_str(lex(dtp, "BEGIN /pid == 1/ { exit(0) }"),
		   "PSPEC(BEGIN) BPRED ID(pid) == INT(int:1) EPRED { ID(exit) ( INT(int:0) ) }",
		   "lex: predicate and body");
	tap_is_str(lex(dtp, "BEGIN /(4 / 2) == 2/"),
		   "PSPEC(BEGIN) BPRED ( INT(int:4) / INT(int:2) ) == INT(int:2) EPRED",
		   "lex: division inside parentheses of a predicate");
	tap_is_str(lex(dtp, "BEGIN /4 / 2 == 2/{"),
		   "PSPEC(BEGIN) BPRED INT(int:4) / INT(int:2) == INT(int:2) EPRED {",
		   "lex: division in a predicate");
	tap_is_str(lex(dtp, "A /x/\nB /y/ ;"),
		   "PSPEC(A) BPRED ID(x) EPRED PSPEC(B) BPRED ID(y) EPRED ;",
		   "lex: predicates ended by newline and separator");
	tap_is_str(lex(dtp, "A /x/"), "PSPEC(A) BPRED ID(x) EPRED",
		   "lex: predicate ended by the end of input");
	tap_is_str(lex(dtp, "#pragma D option quiet\nBEGIN"), "PSPEC(BEGIN)",
		   "lex: pragma line");
	tap_ok(dtp->opt.quiet, "lex: pragma set quiet");
	tap_is_str(lex(dtp, "#!/usr/sbin/dtrace -s\nEND"), "PSPEC(END)",
		   "lex: interpreter line");

	tap_is_str(lexe(dtp, "09"),
		   "ERR[D_INT_DIGIT](invalid digit '9' in integer constant 09)",
		   "lex: bad octal digit");
	tap_is_str(lexe(dtp, "12abc"),
		   "ERR[D_INT_SUFFIX](invalid suffix \"abc\" on integer constant 12abc)",
		   "lex: bad suffix");
	tap_is_str(lexe(dtp, "1uu"),
		   "ERR[D_INT_SUFFIX](invalid suffix \"uu\" on integer constant 1uu)",
		   "lex: double u suffix");
	tap_is_str(lexe(dtp, "99999999999999999999"),
		   "ERR[D_INT_OFLOW](constant 99999999999999999999 results in integer overflow)",
		   "lex: integer overflow");
	tap_is_str(lexe(dtp, "''"), "ERR[D_CHR_NULL](empty character constant)",
		   "lex: empty char");
	tap_is_str(lexe(dtp, "'abcdefghi'"),
		   "ERR[D_CHR_OFLOW](character constant is too long)",
		   "lex: char too long");
	tap_is_str(lexe(dtp, "'ab'"), "INT(int:24930)",
		   "lex: 'ab' packs its bytes, the first highest");
	tap_is_str(lexe(dtp, "'a\\bcdefgh'"), "INT(long:6991947704341784424)",
		   "lex: more than four chars are a long");
	tap_is_str(lexe(dtp, "'\\?'"), "INT(int:23615)",
		   "lex: \\? in a char constant is two chars");
	tap_is_str(lexe(dtp, "'\\0103'"), "INT(int:2099)",
		   "lex: an octal escape takes three digits at most");
	tap_is_str(lex(dtp, "X{\"abc\n\"}"),
		   "PSPEC(X) { ERR[D_STR_NL](newline encountered in string literal)",
		   "lex: newline in string");
	tap_is_str(lex(dtp, "X /* open"),
		   "PSPEC(X) ERR[D_COMM_EOF](end-of-file encountered before matching */)",
		   "lex: unterminated comment");
	tap_is_str(lex(dtp, "#pragma D option nosuch\n"),
		   "ERR[D_PRAGMA_OPTSET](failed to set option 'nosuch': Invalid option name)",
		   "lex: bad pragma option");
	tap_is_str(lex(dtp, "#pragma D frobnicate\n"),
		   "ERR[D_PRAGMA_INVAL](invalid #pragma D directive: frobnicate)",
		   "lex: bad pragma directive");
	dtrace_close(dtp);
}
