// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's DIF engine (framework/engine/) on the host: one refused
 * program for each rule of the verifier (DTRACE_DIFERR_LIST), with the
 * instruction it names; subroutines given extreme positions, lengths and
 * bases (issue 18: index() read out of bounds when start + length
 * wrapped); strtok()'s state lasting one clause firing (a NULL string
 * with none of its own faults); reads that wrap
 * past the top of the address space; programs in their straight form
 * (engine/dif.h) against the decode loop.  Programs are hand-assembled here,
 * run over the fake memory of hostenv.c.
 */
#include <stdio.h>
#include <string.h>
#include "helpers.h"
#include "hostenv.h"
#include "tap.h"

#define INS(o, d, s1, s2, i) \
	{ .op = DTRACE_DIF_OP_##o, .dst = d, .src1 = s1, .src2 = s2, .imm = i }

static struct dif_env env;
/* call() pushes its string by value, as a char * is, not as a string */
static bool push_tv;

/* A program of @n instructions and the given tables, run once. */
static int run(const struct dtrace_dif_insn *ins, uint32_t n,
	       const uint64_t *ints, uint32_t nints, const char *str,
	       uint32_t strlen_, const struct dtrace_difv *vars,
	       uint32_t nvars, uint32_t rtype, uint32_t rsize, uint64_t *res)
{
	struct dtrace_difo d = {
		.insns = (uintptr_t)ins, .ninsns = n,
		.inttab = (uintptr_t)ints, .nints = nints,
		.strtab = (uintptr_t)str, .strtab_len = strlen_,
		.vartab = (uintptr_t)vars, .nvars = nvars,
		.rtype = rtype, .rsize = rsize,
	};

	return dif_env_run(&d, &env, res);
}

static void refused(const char *what, uint32_t rule, uint32_t insn,
		    const struct dtrace_dif_insn *ins, uint32_t n,
		    const struct dtrace_difv *vars, uint32_t nvars,
		    const char *str, uint32_t slen, uint32_t rtype,
		    uint32_t rsize)
{
	uint64_t v;
	int ret = run(ins, n, NULL, 0, str, slen, vars, nvars, rtype, rsize,
		      &v);

	tap_ok(ret && env.bad && env.err.rule == rule && env.err.insn == insn,
	       "engine: verifier refuses %s: rule %u (%s) at %u", what,
	       env.err.rule, env.bad ? env.bad : "accepted", env.err.insn);
}

static void test_rules(void)
{
	static const struct dtrace_dif_insn ret0[] = { INS(RET, 0, 0, 0, 0) };
	static const struct dtrace_dif_insn big[DTRACE_DIF_MAXINSNS + 1];
	const struct dtrace_difv v_ok = { .id = 1, .type = 0, .size = 8 };
	struct dtrace_difv v;
	struct dtrace_dif_insn p[4];
	struct dtrace_difv two[2];
	struct dtrace_difo d = { .ninsns = 1, .rsize = 8 };
	uint64_t r;

	refused("no instructions", DTRACE_DIFERR_NINSNS, 0, ret0, 0, NULL, 0,
		NULL, 0, 0, 8);
	refused("too many instructions", DTRACE_DIFERR_NINSNS, 0, big,
		DTRACE_DIF_MAXINSNS + 1, NULL, 0, NULL, 0, 0, 8);
	d.nints = DTRACE_DIF_MAXINTS + 1;
	tap_ok(!dtrace_dif_header_verify(&d, &env.err) &&
	       env.err.rule == DTRACE_DIFERR_NINTS,
	       "engine: verifier refuses a large integer table");
	d.nints = 0;
	d.strtab_len = DTRACE_DIF_MAXSTRTAB + 1;
	tap_ok(!dtrace_dif_header_verify(&d, &env.err) &&
	       env.err.rule == DTRACE_DIFERR_STRTAB,
	       "engine: verifier refuses a large string table");
	d.strtab_len = 0;
	d.nvars = DTRACE_DIF_MAXVARS + 1;
	tap_ok(!dtrace_dif_header_verify(&d, &env.err) &&
	       env.err.rule == DTRACE_DIFERR_NVARS,
	       "engine: verifier refuses a large variable table");
	refused("int of size 3", DTRACE_DIFERR_RTYPE, 0, ret0, 1, NULL, 0,
		NULL, 0, DTRACE_DIF_RTYPE_INT, 3);
	refused("string table without NUL", DTRACE_DIFERR_STRTAB_NUL, 0,
		ret0, 1, NULL, 0, "ab", 2, 0, 8);
	p[0] = (struct dtrace_dif_insn)INS(LDI, 1, 0, 0, 1);
	refused("no RET", DTRACE_DIFERR_LAST_RET, 0, p, 1, NULL, 0, NULL, 0,
		0, 8);

	v = v_ok;
	v.id = DTRACE_DIF_MAXVARS;
	refused("variable id", DTRACE_DIFERR_VAR_ID, 0, ret0, 1, &v, 1, NULL,
		0, 0, 8);
	v = v_ok;
	v.reserved = 1;
	refused("variable reserved", DTRACE_DIFERR_VAR_RESERVED, 0, ret0, 1,
		&v, 1, NULL, 0, 0, 8);
	v = v_ok;
	v.scope = DTRACE_DIFV_SCOPE_LOCAL;
	v.kind = DTRACE_DIFV_KIND_ARRAY;
	refused("local array", DTRACE_DIFERR_VAR_SCOPE, 0, ret0, 1, &v, 1,
		NULL, 0, 0, 8);
	v = v_ok;
	v.size = 4;
	refused("int variable of 4 bytes", DTRACE_DIFERR_VAR_TYPE, 0, ret0, 1,
		&v, 1, NULL, 0, 0, 8);
	two[0] = v_ok;
	two[1] = v_ok;
	refused("variable declared twice", DTRACE_DIFERR_VAR_DUP, 0, ret0, 1,
		two, 2, NULL, 0, 0, 8);

	p[0] = (struct dtrace_dif_insn)INS(LDI, 1, 0, 0, 0);
	p[1] = (struct dtrace_dif_insn){ .op = DTRACE_DIF_OP_MAX };
	p[2] = (struct dtrace_dif_insn)INS(RET, 0, 1, 0, 0);
	refused("unknown opcode", DTRACE_DIFERR_OPCODE, 1, p, 3, NULL, 0, NULL,
		0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(MOV, DTRACE_DIF_NREGS, 1, 0, 0);
	refused("register 16", DTRACE_DIFERR_REG, 1, p, 3, NULL, 0, NULL, 0,
		0, 8);
	p[1] = (struct dtrace_dif_insn)INS(SETX, 1, 0, 0, 0);
	refused("SETX past the table", DTRACE_DIFERR_INT_INDEX, 1, p, 3, NULL,
		0, NULL, 0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(SETS, 1, 0, 0, 1);
	refused("SETS past the table", DTRACE_DIFERR_STR_OFFSET, 1, p, 3,
		NULL, 0, "", 1, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(JMP, 0, 0, 0, 1);
	refused("branch past the end", DTRACE_DIFERR_BRANCH, 1, p, 3, NULL, 0,
		NULL, 0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(JMP, 0, 0, 0, -1);
	refused("backward branch", DTRACE_DIFERR_BRANCH, 1, p, 3, NULL, 0,
		NULL, 0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(LDV, 1, 0, 0, 12);
	refused("built-in 12", DTRACE_DIFERR_BUILTIN, 1, p, 3, NULL, 0, NULL,
		0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(LDVA, 1, 0, 0, DTRACE_DIF_VAR_PID);
	refused("LDVA pid", DTRACE_DIFERR_ARRAY, 1, p, 3, NULL, 0, NULL, 0, 0,
		8);
	p[1] = (struct dtrace_dif_insn)INS(LDGA, 1, 0, 0, 1);
	refused("LDGA of a scalar", DTRACE_DIFERR_DVAR, 1, p, 3, &v_ok, 1,
		NULL, 0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(CALL, 1, 0, 0, DTRACE_DIF_SUBR_MAX);
	refused("subroutine MAX", DTRACE_DIFERR_SUBR, 1, p, 3, NULL, 0, NULL,
		0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(PUSHTR, 0, 1, 0,
					   DTRACE_RECORD_MAX + 1);
	refused("PUSHTR too large", DTRACE_DIFERR_PUSH, 1, p, 3, NULL, 0, NULL,
		0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(STSTR, 1, 1, 0, 0);
	refused("STSTR of no bytes", DTRACE_DIFERR_STSTR, 1, p, 3, NULL, 0,
		NULL, 0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(STSTR, 1, 1, 0,
					   DTRACE_STRSIZE_MAX + 1);
	refused("STSTR too large", DTRACE_DIFERR_STSTR, 1, p, 3, NULL, 0,
		NULL, 0, 0, 8);
	p[1] = (struct dtrace_dif_insn)INS(MOV, 1, 1, 0, 5);
	refused("MOV with an immediate", DTRACE_DIFERR_IMM, 1, p, 3, NULL, 0,
		NULL, 0, 0, 8);
	tap_ok(!strcmp(dtrace_dif_rule_text(DTRACE_DIFERR_BRANCH),
		       "branch target out of range") &&
	       !strcmp(dtrace_dif_rule_text(DTRACE_DIFERR_MAX),
		       "unknown rule"),
	       "engine: rule texts come from the ABI header's list");
	tap_ok(!run(ret0, 1, NULL, 0, NULL, 0, NULL, 0, 0, 8, &r) && !env.bad,
	       "engine: verifier accepts RET");
}

/*
 * Call @subr on string @s (and @t, if not NULL) and integers @n1, @n2
 * (@nargs in all); the result in *@res.  Return: the fault, or 0.
 */
static int call(uint32_t subr, const char *s, const char *t, int nargs,
		int64_t n1, int64_t n2, uint64_t *res)
{
	char str[64];
	uint64_t ints[2] = { (uint64_t)n1, (uint64_t)n2 };
	struct dtrace_dif_insn p[12];
	uint32_t n = 0, slen;
	int i = 0;

	slen = (uint32_t)strlen(s) + 1;
	memcpy(str, s, slen);
	if (t) {
		memcpy(str + slen, t, strlen(t) + 1);
	}
	p[n++] = (struct dtrace_dif_insn)INS(FLUSHTS, 0, 0, 0, 0);
	p[n++] = (struct dtrace_dif_insn)INS(SETS, 1, 0, 0, 0);
	if (push_tv)
		p[n++] = (struct dtrace_dif_insn)INS(PUSHTV, 0, 1, 0, 0);
	else
		p[n++] = (struct dtrace_dif_insn)INS(PUSHTR, 0, 1, 0, 0);
	i = 1;
	if (t) {
		p[n++] = (struct dtrace_dif_insn)INS(SETS, 1, 0, 0, (int)slen);
		p[n++] = (struct dtrace_dif_insn)INS(PUSHTR, 0, 1, 0, 0);
		i++;
	}
	if (i < nargs) {
		p[n++] = (struct dtrace_dif_insn)INS(SETX, 1, 0, 0, 0);
		p[n++] = (struct dtrace_dif_insn)INS(PUSHTV, 0, 1, 0, 0);
		i++;
	}
	if (i < nargs) {
		p[n++] = (struct dtrace_dif_insn)INS(SETX, 1, 0, 0, 1);
		p[n++] = (struct dtrace_dif_insn)INS(PUSHTV, 0, 1, 0, 0);
	}
	p[n++] = (struct dtrace_dif_insn)INS(CALL, 1, 0, 0, (int)subr);
	p[n++] = (struct dtrace_dif_insn)INS(RET, 0, 1, 0, 0);
	if (run(p, n, ints, 2, str, slen + (t ? (uint32_t)strlen(t) + 1 : 0),
		NULL, 0, 0, 8, res) && env.bad)
		return -1;
	return env.fault;
}

static void int_is(uint32_t subr, const char *s, const char *t, int nargs,
		   int64_t n1, int64_t n2, int64_t want, const char *what)
{
	uint64_t v;
	int f = call(subr, s, t, nargs, n1, n2, &v);

	tap_ok(!f && (int64_t)v == want, "engine: %s is %lld (got %lld, fault %d)",
	       what, (long long)want, (long long)v, f);
}

static void str_is(uint32_t subr, const char *s, const char *t, int nargs,
		   int64_t n1, int64_t n2, const char *want, const char *what)
{
	uint64_t v;
	int f = call(subr, s, t, nargs, n1, n2, &v);

	tap_ok(!f && v && !strcmp((const char *)(uintptr_t)v, want),
	       "engine: %s is \"%s\" (got \"%s\", fault %d)", what, want,
	       !f && v ? (const char *)(uintptr_t)v : "?", f);
}

#define MAX	INT64_MAX
#define MIN	INT64_MIN

static void test_extremes(void)
{
	uint64_t v;

	int_is(DTRACE_DIF_SUBR_INDEX, "abc", "b", 3, MAX, 0, -1,
	       "index(\"abc\", \"b\", INT64_MAX)");
	int_is(DTRACE_DIF_SUBR_INDEX, "abc", "b", 3, MIN, 0, 1,
	       "index(\"abc\", \"b\", INT64_MIN)");
	int_is(DTRACE_DIF_SUBR_INDEX, "abc", "", 3, MAX, 0, -1,
	       "index(\"abc\", \"\", INT64_MAX)");
	int_is(DTRACE_DIF_SUBR_INDEX, "abc", "", 3, 3, 0, 3,
	       "index(\"abc\", \"\", 3)");
	int_is(DTRACE_DIF_SUBR_INDEX, "abc", "abcd", 3, -1, 0, -1,
	       "index(\"abc\", \"abcd\", -1)");
	int_is(DTRACE_DIF_SUBR_RINDEX, "abc", "b", 3, MAX, 0, 1,
	       "rindex(\"abc\", \"b\", INT64_MAX)");
	int_is(DTRACE_DIF_SUBR_RINDEX, "abc", "b", 3, MIN, 0, -1,
	       "rindex(\"abc\", \"b\", INT64_MIN)");
	int_is(DTRACE_DIF_SUBR_RINDEX, "abc", "abcd", 3, MAX, 0, -1,
	       "rindex(\"abc\", \"abcd\", INT64_MAX)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 3, 1, MAX, "ello",
	       "substr(\"hello\", 1, INT64_MAX)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 2, MAX, 0, "",
	       "substr(\"hello\", INT64_MAX)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 2, MIN, 0, "hello",
	       "substr(\"hello\", INT64_MIN)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 3, MIN, MAX, "hell",
	       "substr(\"hello\", INT64_MIN, INT64_MAX)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 3, 2, MIN, "",
	       "substr(\"hello\", 2, INT64_MIN)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 3, MAX, MAX, "",
	       "substr(\"hello\", INT64_MAX, INT64_MAX)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 3, 0, 0, "",
	       "substr(\"hello\", 0, 0)");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 3, -2, -1, "l",
	       "substr(\"hello\", -2, -1)");
	int_is(DTRACE_DIF_SUBR_STRTOLL, "99999999999999999999", NULL, 1, 0, 0,
	       MAX, "strtoll(\"99999999999999999999\")");
	int_is(DTRACE_DIF_SUBR_STRTOLL, "-99999999999999999999", NULL, 1, 0, 0,
	       MIN, "strtoll(\"-99999999999999999999\")");
	tap_ok(call(DTRACE_DIF_SUBR_STRTOLL, "1", NULL, 2, MAX, 0, &v) ==
	       DTRACEFLT_ILLOP, "engine: strtoll(s, INT64_MAX) faults ILLOP");
	tap_ok(call(DTRACE_DIF_SUBR_COPYINSTR, "", NULL, 3, MAX, 0, &v) ==
	       DTRACEFLT_ILLOP,
	       "engine: copyinstr() with three arguments faults ILLOP");
	/* bcopy(s, dest, size): a size past all scratch is a bad size */
	tap_ok(call(DTRACE_DIF_SUBR_BCOPY, "abc", NULL, 3, 0, MAX, &v) ==
	       DTRACEFLT_BADSIZE,
	       "engine: bcopy() of INT64_MAX bytes faults BADSIZE");
	tap_ok(call(DTRACE_DIF_SUBR_BCOPY, "abc", NULL, 3, 0, -1, &v) ==
	       DTRACEFLT_BADSIZE, "engine: bcopy() of -1 bytes faults BADSIZE");
	tap_ok(call(DTRACE_DIF_SUBR_BCOPY, "abc", NULL, 3, 0, 2, &v) ==
	       DTRACEFLT_BADADDR,
	       "engine: bcopy() of 2 bytes to NULL faults BADADDR");
	/* copyin(0 - 8, 16): the range wraps; a bad address, not a read */
	tap_ok(call(DTRACE_DIF_SUBR_STRLEN, "", NULL, 1, 0, 0, &v) == 0 &&
	       v == 0, "engine: strlen(\"\") is 0");
}

/*
 * substr() of a char * longer than strsize (pushed by value): the index
 * counts within the strsize characters strlen() sees, and the result is
 * read from there on, past them (funcs/substr/tst.substr_nonDPTR.d: it
 * was read from the first strsize only, so came out short).  A D string
 * (pushed by reference) has strsize characters at most.  strsize 5.
 */
static void test_substr_long(void)
{
	static const struct {
		int nargs;
		int64_t index, length;
		const char *want;
	} c[] = {
		{ 2, 0, 0, "hello" }, { 2, 1, 0, "ello " }, { 2, 4, 0, "o wor" },
		{ 2, 5, 0, "" }, { 2, MAX, 0, "" }, { 3, 1, 3, "ell" },
		{ 3, 1, 9, "ello " }, { 3, 2, MAX, "llo w" },
		{ 2, -2, 0, "lo wo" }, { 3, -4, 4, "ello" },
		{ 3, 1, -1, "ell" }, { 3, -7, 3, "h" }, { 2, MIN, 0, "hello" },
		{ 3, MIN, MAX, "hell" }, { 3, 3, MIN, "" },
	};
	unsigned int i;

	env.strsize = 6;
	push_tv = true;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		char what[96], len[32] = "";

		if (c[i].nargs > 2)
			snprintf(len, sizeof(len), ", %lld",
				 (long long)c[i].length);
		snprintf(what, sizeof(what),
			 "strsize 5: substr((char *)\"hello world\", %lld%s)",
			 (long long)c[i].index, len);
		str_is(DTRACE_DIF_SUBR_SUBSTR, "hello world", NULL, c[i].nargs,
		       c[i].index, c[i].length, c[i].want, what);
	}
	/* a char * of exactly strsize characters ends there */
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello", NULL, 2, 1, 0, "ello",
	       "strsize 5: substr((char *)\"hello\", 1)");
	push_tv = false;
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello world", NULL, 2, 1, 0, "ello",
	       "strsize 5: substr(\"hello world\", 1) of a D string");
	str_is(DTRACE_DIF_SUBR_SUBSTR, "hello world", NULL, 2, -2, 0, "lo",
	       "strsize 5: substr(\"hello world\", -2) of a D string");
	env.strsize = 256;
}

static void test_strtok(void)
{
	static const struct dtrace_dif_insn tok[] = {
		INS(FLUSHTS, 0, 0, 0, 0),
		INS(PUSHTV, 0, 0, 0, 0),	/* NULL */
		INS(SETS, 1, 0, 0, 0),
		INS(PUSHTR, 0, 1, 0, 0),
		INS(CALL, 2, 0, 0, DTRACE_DIF_SUBR_STRTOK),
		INS(RET, 0, 2, 0, 0),
	};
	uint64_t v;

	/*
	 * Left over from an earlier firing: the clause start clears it, and
	 * a NULL with no string of this firing is a bad address, 0.
	 */
	env.dif.strtok_addr = (uintptr_t)",a,b";
	tap_ok(run(tok, 6, NULL, 0, ",", 2, NULL, 0, 0, 8, &v) &&
	       env.fault == DTRACEFLT_BADADDR && env.dif.fault_addr == 0 &&
	       env.fault_pc == 4,
	       "engine: strtok(NULL, \",\") in a firing that started no string faults BADADDR at 0");
}

static void test_wrap(void)
{
	uint64_t ints[1] = { ~0ULL - 3 };
	static const struct dtrace_dif_insn ld[] = {
		INS(SETX, 1, 0, 0, 0),
		INS(LDX, 2, 1, 0, 0),
		INS(RET, 0, 2, 0, 0),
	};
	uint64_t v;

	tap_ok(run(ld, 3, ints, 1, NULL, 0, NULL, 0, 0, 8, &v) &&
	       env.fault == DTRACEFLT_BADADDR && env.fault_pc == 1,
	       "engine: an 8-byte load 4 bytes below the top faults BADADDR");
}

/* A program's string and variable tables. */
struct dif_tabs {
	const char *str;
	uint32_t slen;
	const struct dtrace_difv *vars;
	uint32_t nvars;
};

/*
 * Run @ins both ways, in its straight form and through the decode loop
 * (dtrace_dif_straight_on), and compare everything a caller sees: the
 * value, the fault and its offset, the tuple stack.
 */

static void same_both_ways_tab(const char *what,
			       const struct dtrace_dif_insn *ins, uint32_t n,
			       const uint64_t *ints, uint32_t nints,
			       const struct dif_tabs *tabs, bool straight)
{
	static const struct dif_tabs none;
	struct dtrace_tuple tup[2];
	uint64_t v[2];
	int ret[2], fault[2];
	unsigned int pc[2], i;
	bool ran[2];

	if (!tabs)
		tabs = &none;
	for (i = 0; i < 2; i++) {
		dtrace_dif_straight_on = !i;
		memset(&env.tup, 0xa5, sizeof(env.tup));
		ret[i] = run(ins, n, ints, nints, tabs->str, tabs->slen,
			     tabs->vars, tabs->nvars, 0, 8, &v[i]);
		ran[i] = env.straight;
		fault[i] = env.fault;
		pc[i] = env.fault_pc;
		tup[i] = env.tup;
	}
	dtrace_dif_straight_on = true;
	tap_ok(ran[0] == straight && !ran[1],
	       "engine: %s: straight form %s", what,
	       straight ? "made" : "not made");
	tap_ok(ret[0] == ret[1] && v[0] == v[1] && fault[0] == fault[1] &&
	       pc[0] == pc[1] && tup[0].n == tup[1].n &&
	       (!tup[0].n || (tup[0].ent[0].value == tup[1].ent[0].value &&
			      tup[0].ent[0].size == tup[1].ent[0].size &&
			      tup[0].ent[0].is_string ==
			      tup[1].ent[0].is_string)),
	       "engine: %s: same both ways (value %llu/%llu, fault %d/%d at %u/%u, %u/%u pushed)",
	       what, (unsigned long long)v[0], (unsigned long long)v[1],
	       fault[0], fault[1], pc[0], pc[1], tup[0].n, tup[1].n);
}

static void same_both_ways(const char *what, const struct dtrace_dif_insn *ins,
			   uint32_t n, const uint64_t *ints, uint32_t nints,
			   bool straight)
{
	same_both_ways_tab(what, ins, n, ints, nints, NULL, straight);
}

static void test_straight(void)
{
	static const uint64_t ints[1] = { 0x123456789ULL };
	static const struct dtrace_dif_insn count[] = {
		INS(FLUSHTS, 0, 0, 0, 0),
		INS(RET, 0, 0, 0, 0),
	};
	/* @[arg3] = count(), then @[execname] = count() */
	struct dtrace_dif_insn by_key[] = {
		INS(LDV, 1, 0, 0, DTRACE_DIF_VAR_ARG0 + 3),
		INS(FLUSHTS, 0, 0, 0, 0),
		INS(PUSHTV, 0, 1, 0, 0),
		INS(RET, 0, 0, 0, 0),
	};
	/* the compiler loads pid first; this order makes a fault at 1 */
	static const struct dtrace_dif_insn sum_by_pid[] = {
		INS(LDV, 2, 0, 0, DTRACE_DIF_VAR_ARG0 + 2),
		INS(LDV, 1, 0, 0, DTRACE_DIF_VAR_PID),
		INS(FLUSHTS, 0, 0, 0, 0),
		INS(PUSHTV, 0, 1, 0, 0),
		INS(RET, 0, 2, 0, 0),
	};
	static const struct dtrace_dif_insn consts[] = {
		INS(LDI, 3, 0, 0, -7),
		INS(SETX, 0, 0, 0, 0),
		INS(PUSHTR, 0, 3, 0, 16),
		INS(RET, 0, 0, 0, 0),
	};
	static const struct dtrace_dif_insn reload[] = {
		INS(LDI, 1, 0, 0, 5),
		INS(LDI, 1, 0, 0, 6),
		INS(RET, 0, 1, 0, 0),
	};
	static const struct dtrace_dif_insn three[] = {
		INS(LDI, 1, 0, 0, 5),
		INS(LDI, 2, 0, 0, 6),
		INS(LDI, 3, 0, 0, 7),
		INS(RET, 0, 3, 0, 0),
	};
	static const struct dtrace_dif_insn arith[] = {
		INS(LDV, 1, 0, 0, DTRACE_DIF_VAR_ARG0),
		INS(ADD, 2, 1, 1, 0),
		INS(RET, 0, 2, 0, 0),
	};

	env.vars[DTRACE_DIF_VAR_PID] = 4242;
	env.vars[DTRACE_DIF_VAR_ARG0 + 2] = 99;
	env.vars[DTRACE_DIF_VAR_ARG0 + 3] = 31337;
	env.vars[DTRACE_DIF_VAR_ARG0] = 21;
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "bash";
	same_both_ways("@ = count()", count, 2, NULL, 0, true);
	same_both_ways("@[arg3] = count()", by_key, 4, NULL, 0, true);
	by_key[0].imm = DTRACE_DIF_VAR_EXECNAME;
	by_key[2].op = DTRACE_DIF_OP_PUSHTR;
	same_both_ways("@[execname] = count()", by_key, 4, NULL, 0, true);
	same_both_ways("@[pid] = sum(arg2)", sum_by_pid, 5, NULL, 0, true);
	same_both_ways("constants, a by-reference push", consts, 4, ints, 1,
		       true);
	env.fault_var = DTRACE_DIF_VAR_PID;
	same_both_ways("a load that faults", sum_by_pid, 5, NULL, 0, true);
	tap_ok(env.fault == DTRACEFLT_ILLOP && env.fault_pc == 1,
	       "engine: the straight form's fault is at the load (%d at %u)",
	       env.fault, env.fault_pc);
	env.fault_var = 0;
	same_both_ways("a register loaded twice", reload, 3, NULL, 0, false);
	same_both_ways("three loads", three, 4, NULL, 0, false);
	same_both_ways("arithmetic", arith, 3, NULL, 0, false);
}

/* Predicates in the shapes the compiler makes (userland dtrace -S). */
#define P_LDV(r, v)		INS(LDV, r, 0, 0, DTRACE_DIF_VAR_##v)
#define P_ARG(r, i)		INS(LDV, r, 0, 0, DTRACE_DIF_VAR_ARG0 + (i))
/* a term: a load into %r, the constant k into %r + 1, their compare */
#define P_TERM(ld, r, k, op, s1, s2) \
	{ ld, INS(LDI, (r) + 1, 0, 0, k), INS(op, r, s1, s2, 0) }

/* `lhs OP rhs`: two loads, a compare (its operands in either order). */
static void pred_cmp(const char *what, struct dtrace_dif_insn l,
		     struct dtrace_dif_insn r, u8 op, bool swap,
		     const uint64_t *ints)
{
	struct dtrace_dif_insn p[4] = {
		l, r,
		{ .op = op, .dst = 1, .src1 = swap ? 2 : 1,
		  .src2 = swap ? 1 : 2 },
		INS(RET, 0, 1, 0, 0),
	};
	char name[96];

	p[0].dst = 1;
	p[1].dst = 2;
	snprintf(name, sizeof(name), "predicate %s %lld, op %u%s", what,
		 r.op == DTRACE_DIF_OP_SETX ? (long long)ints[0] :
		 (long long)r.imm, op, swap ? ", swapped" : "");
	same_both_ways(name, p, 4, ints, 1, true);
}

static void test_pred_int(void)
{
	/* signed and unsigned edges: 0, -1 (all ones), INT64_MIN */
	static const uint64_t ints[1] = { 0x8000000000000000ULL };
	const struct dtrace_dif_insn consts[] = {
		INS(LDI, 0, 0, 0, 0),
		INS(LDI, 0, 0, 0, -1),
		INS(LDI, 0, 0, 0, 21),
		INS(SETX, 0, 0, 0, 0),
	};
	static const u8 ops[] = {
		DTRACE_DIF_OP_SEQ, DTRACE_DIF_OP_SNE, DTRACE_DIF_OP_SLT,
		DTRACE_DIF_OP_SLE, DTRACE_DIF_OP_SLTU, DTRACE_DIF_OP_SLEU,
	};
	unsigned int o, c, arg;

	env.vars[DTRACE_DIF_VAR_ARG0] = 21;
	env.vars[DTRACE_DIF_VAR_ARG0 + 1] = -5;
	for (o = 0; o < DT_ARRAY_SIZE(ops); o++)
		for (arg = 0; arg < 2; arg++)
			for (c = 0; c < DT_ARRAY_SIZE(consts); c++) {
				pred_cmp(arg ? "arg1 (-5) and" : "arg0 (21) and",
					 (struct dtrace_dif_insn)P_ARG(0, arg),
					 consts[c], ops[o], false, ints);
				pred_cmp(arg ? "arg1 (-5) and" : "arg0 (21) and",
					 (struct dtrace_dif_insn)P_ARG(0, arg),
					 consts[c], ops[o], true, ints);
			}
	pred_cmp("pid == pid", (struct dtrace_dif_insn)P_LDV(0, PID),
		 (struct dtrace_dif_insn)P_LDV(0, PID), DTRACE_DIF_OP_SEQ,
		 false, ints);
	pred_cmp("arg0 < arg1", (struct dtrace_dif_insn)P_ARG(0, 0),
		 (struct dtrace_dif_insn)P_ARG(0, 1), DTRACE_DIF_OP_SLT,
		 false, ints);
}

/*
 * @t1 && @t2 (@join JZ) or @t1 || @t2 (JNZ) into @p, as the compiler
 * joins two terms: each term's truth into %r1, the branch to the RET.
 * Each term leaves its value in the dst of its last instruction.
 * Return: the instructions in @p.
 */
static uint32_t pred_join(struct dtrace_dif_insn *p,
			  const struct dtrace_dif_insn *t1, uint32_t n1, u8 join,
			  const struct dtrace_dif_insn *t2, uint32_t n2)
{
	const struct dtrace_dif_insn jump = {
		.op = join, .src1 = 1, .imm = n2 + 1,
	};
	uint32_t n = n1;

	memcpy(p, t1, n1 * sizeof(*p));
	p[n++] = (struct dtrace_dif_insn)INS(SNE, 1, t1[n1 - 1].dst, 0, 0);
	p[n++] = jump;
	memcpy(p + n, t2, n2 * sizeof(*p));
	n += n2;
	p[n++] = (struct dtrace_dif_insn)INS(SNE, 1, t2[n2 - 1].dst, 0, 0);
	p[n++] = (struct dtrace_dif_insn)INS(RET, 0, 1, 0, 0);
	return n;
}

static void test_pred(void)
{
	const struct dtrace_difv tsv = {
		.id = 1, .scope = DTRACE_DIFV_SCOPE_THREAD,
		.kind = DTRACE_DIFV_KIND_SCALAR, .type = 0, .size = 8,
	};
	/* "bash", "read", "abcdefgX", "bas" */
	static const char str[] = "bash\0read\0abcdefgX\0bas";
	const struct dif_tabs tabs = { str, sizeof(str), &tsv, 1 };
	/* !(pid == 4242) */
	struct dtrace_dif_insn not_pid[] = {
		P_LDV(1, PID),
		INS(LDI, 2, 0, 0, 4242),
		INS(SEQ, 1, 1, 2, 0),
		INS(SEQ, 1, 1, 0, 0),
		INS(RET, 0, 1, 0, 0),
	};
	struct dtrace_dif_insn arg[] = {
		P_ARG(1, 0),
		INS(RET, 0, 1, 0, 0),
	};
	static const struct dtrace_dif_insn set_ts[] = {
		INS(LDI, 1, 0, 0, 7),
		INS(STTS, 0, 1, 0, 1),
		INS(RET, 0, 0, 0, 0),
	};
	struct dtrace_dif_insn self_ts[] = {
		INS(LDTS, 1, 0, 0, 1),
		INS(SEQ, 1, 1, 0, 0),
		INS(RET, 0, 1, 0, 0),
	};
	/* execname == "bash" (strtab 0), != with SNE */
	struct dtrace_dif_insn name[] = {
		P_LDV(1, EXECNAME),
		INS(SETS, 2, 0, 0, 0),
		INS(SCMP, 1, 1, 2, 0),
		INS(SEQ, 1, 1, 0, 0),
		INS(RET, 0, 1, 0, 0),
	};
	/* terms: probefunc == "read", arg2 > 0, tid >= 3, pid == 4242 */
	struct dtrace_dif_insn func[] = {
		P_LDV(1, PROBEFUNC),
		INS(SETS, 2, 0, 0, 5),
		INS(SCMP, 1, 1, 2, 0),
		INS(SEQ, 1, 1, 0, 0),
	}, arg2[] = P_TERM(P_ARG(2, 2), 2, 0, SLT, 3, 2),
	tid[] = P_TERM(P_LDV(1, TID), 1, 3, SLE, 2, 1),
	pid[] = P_TERM(P_LDV(2, PID), 2, 4242, SEQ, 2, 3);
	static const struct dtrace_dif_insn ts[] = { INS(LDTS, 1, 0, 0, 1) };
	struct dtrace_dif_insn p[16];
	uint32_t n;
	/* not made: a compare into %r0, which later reads would see */
	static const struct dtrace_dif_insn into_r0[] = {
		P_ARG(1, 0),
		INS(LDI, 2, 0, 0, 21),
		INS(SEQ, 0, 1, 2, 0),
		INS(RET, 0, 0, 0, 0),
	};
	unsigned int i;
	uint64_t v;

	test_pred_int();
	env.vars[DTRACE_DIF_VAR_PID] = 4242;
	env.vars[DTRACE_DIF_VAR_TID] = 2;
	env.vars[DTRACE_DIF_VAR_ARG0] = 21;
	env.vars[DTRACE_DIF_VAR_ARG0 + 2] = 99;
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "bash";
	env.strvars[DTRACE_DIF_VAR_PROBEFUNC] = "read";
	same_both_ways("predicate !(pid == 4242)", not_pid, 5, NULL, 0, true);
	not_pid[1].imm = 1;
	same_both_ways("predicate !(pid == 1)", not_pid, 5, NULL, 0, true);
	same_both_ways("predicate arg0", arg, 2, NULL, 0, true);
	arg[0].imm = DTRACE_DIF_VAR_ARG0 + 5;
	same_both_ways("predicate arg5 (0)", arg, 2, NULL, 0, true);
	same_both_ways_tab("predicate !self->ts, unset", self_ts, 3, NULL, 0,
			   &tabs, true);
	tap_ok(!run(set_ts, 3, NULL, 0, NULL, 0, &tsv, 1, 0, 8, &v),
	       "engine: self->ts = 7");
	same_both_ways_tab("predicate !self->ts, set", self_ts, 3, NULL, 0,
			   &tabs, true);
	self_ts[1] = (struct dtrace_dif_insn)INS(RET, 0, 1, 0, 0);
	same_both_ways_tab("predicate self->ts", self_ts, 2, NULL, 0, &tabs,
			   true);
	for (i = 0; i < 2; i++) {
		name[3].op = i ? DTRACE_DIF_OP_SNE : DTRACE_DIF_OP_SEQ;
		name[1].imm = 0;
		same_both_ways_tab("predicate execname ==/!= \"bash\"", name,
				   5, NULL, 0, &tabs, true);
		name[1].imm = 20;
		same_both_ways_tab("predicate execname ==/!= \"bas\"", name,
				   5, NULL, 0, &tabs, true);
		name[1].imm = 4;
		same_both_ways_tab("predicate execname ==/!= \"\"", name, 5,
				   NULL, 0, &tabs, true);
	}
	/* strings equal up to strsize (8) compare equal */
	env.strsize = 8;
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "abcdefghij";
	name[1].imm = 10;
	same_both_ways_tab("predicate execname == \"abcdefgX\", strsize 8",
			   name, 5, NULL, 0, &tabs, true);
	env.strsize = 7;
	same_both_ways_tab("predicate execname == \"abcdefgX\", strsize 7",
			   name, 5, NULL, 0, &tabs, true);
	env.strsize = 256;
	/* a built-in string that cannot be read faults at the SCMP */
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = NULL;
	env.vars[DTRACE_DIF_VAR_EXECNAME] = 0x1000;
	same_both_ways_tab("predicate execname == \"bash\", unreadable",
			   name, 5, NULL, 0, &tabs, true);
	tap_ok(env.fault == DTRACEFLT_BADADDR && env.fault_pc == 2,
	       "engine: the straight predicate's string fault is at the SCMP (%d at %u)",
	       env.fault, env.fault_pc);
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "bash";
	n = pred_join(p, func, 4, DTRACE_DIF_OP_JZ, arg2, 3);
	same_both_ways_tab("predicate probefunc == \"read\" && arg2 > 0", p, n,
			   NULL, 0, &tabs, true);
	arg2[1].imm = 99;
	n = pred_join(p, func, 4, DTRACE_DIF_OP_JZ, arg2, 3);
	same_both_ways_tab("predicate probefunc == \"read\" && arg2 > 99", p,
			   n, NULL, 0, &tabs, true);
	func[1].imm = 0;
	n = pred_join(p, func, 4, DTRACE_DIF_OP_JZ, arg2, 3);
	env.fault_var = DTRACE_DIF_VAR_ARG0 + 2;
	same_both_ways_tab("predicate probefunc == \"bash\" && (faulting arg)",
			   p, n, NULL, 0, &tabs, true);
	env.fault_var = 0;
	n = pred_join(p, tid, 3, DTRACE_DIF_OP_JNZ, pid, 3);
	same_both_ways("predicate tid >= 3 || pid == 4242", p, n, NULL, 0,
		       true);
	pid[1].imm = 1;
	n = pred_join(p, tid, 3, DTRACE_DIF_OP_JNZ, pid, 3);
	same_both_ways("predicate tid >= 3 || pid == 1", p, n, NULL, 0, true);
	env.vars[DTRACE_DIF_VAR_TID] = 3;
	same_both_ways("predicate tid >= 3 (3) || pid == 1", p, n, NULL, 0,
		       true);
	env.fault_var = DTRACE_DIF_VAR_PID;
	same_both_ways("predicate tid >= 3 (3) || (faulting pid)", p, n, NULL,
		       0, true);
	env.vars[DTRACE_DIF_VAR_TID] = 2;
	same_both_ways("predicate tid >= 3 || (faulting pid)", p, n, NULL, 0,
		       true);
	tap_ok(env.fault == DTRACEFLT_ILLOP && env.fault_pc == 5,
	       "engine: the second term's fault is at its load (%d at %u)",
	       env.fault, env.fault_pc);
	env.fault_var = 0;
	/* self->ts && arg2 > 0 */
	arg2[1].imm = 0;
	n = pred_join(p, ts, 1, DTRACE_DIF_OP_JZ, arg2, 3);
	same_both_ways_tab("predicate self->ts (7 for tid 2) && arg2 > 0", p,
			   n, NULL, 0, &tabs, true);
	env.vars[DTRACE_DIF_VAR_TID] = 5;
	same_both_ways_tab("predicate self->ts (unset for tid 5) && arg2 > 0",
			   p, n, NULL, 0, &tabs, true);
	/* not made: the second term reads the first's register */
	arg2[2].src1 = 1;
	n = pred_join(p, ts, 1, DTRACE_DIF_OP_JZ, arg2, 3);
	same_both_ways_tab("predicate whose second term reads the first's register",
			   p, n, NULL, 0, &tabs, false);
	same_both_ways("predicate comparing into %r0", into_r0, 4, NULL, 0,
		       false);
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = NULL;
	env.strvars[DTRACE_DIF_VAR_PROBEFUNC] = NULL;
}

/*
 * The predicates of real scripts, as this compiler makes them: each has
 * its straight form and runs the same both ways.
 */
static void test_pred_compiled(void)
{
	static const char *const preds[] = {
		"pid == 1", "pid == 4242", "pid != 1", "arg0 > 100",
		"arg0 <= -1", "(unsigned long)arg0 > 4", "arg0 == arg1",
		"arg0 >= 0xffffffff00", "arg0", "!(pid == 1)", "self->ts",
		"!self->ts", "self->ts != 0", "execname == \"bash\"",
		"execname != \"bash\"", "probefunc == \"read\" && arg2 > 0",
		"probename == \"entry\" || probemod == \"x\"",
		"tid >= 3 || arg0 == 2", "self->ts && arg0 > 1",
		"arg0 > 100 && arg0 < 200", "execname == \"sshd\" && pid != 3",
	};
	dtrace_hdl_t *dtp = t_open();
	char prog[256];
	unsigned int i;

	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "bash";
	env.strvars[DTRACE_DIF_VAR_PROBEFUNC] = "read";
	env.strvars[DTRACE_DIF_VAR_PROBENAME] = "entry";
	env.strvars[DTRACE_DIF_VAR_PROBEMOD] = "vmlinux";
	for (i = 0; i < DT_ARRAY_SIZE(preds); i++) {
		dtrace_prog_t *pgp;
		const struct dt_difo *dp;

		snprintf(prog, sizeof(prog), "syscall::read:entry /%s/ { }",
			 preds[i]);
		pgp = dtrace_program_strcompile(dtp, prog,
						DTRACE_PROBESPEC_NAME, 0);
		dp = pgp && pgp->nclauses ? pgp->clauses[0]->pred : NULL;
		if (!dp) {
			tap_ok(false, "engine: /%s/ compiles", preds[i]);
			continue;
		}
		snprintf(prog, sizeof(prog), "compiled predicate /%s/",
			 preds[i]);
		same_both_ways_tab(prog, dp->insns, dp->k.ninsns, dp->ints,
				   dp->k.nints, &(struct dif_tabs){
					dp->strtab, dp->k.strtab_len,
					dp->vartab, dp->k.nvars }, true);
		dt_program_free(pgp);
	}
	memset(env.strvars, 0, sizeof(env.strvars));
	dtrace_close(dtp);
}

/*
 * The decode loop zeroes its registers (in the machine state, where the
 * last program left them) only for a program the verifier cannot show
 * writes each register before reading it.
 */
static void regs_case(const char *what, const struct dtrace_dif_insn *ins,
		      uint32_t n, bool written, uint64_t want)
{
	uint64_t v = 0;
	int ret;

	dtrace_dif_straight_on = false;
	ret = run(ins, n, NULL, 0, NULL, 0, NULL, 0, 0, 8, &v);
	dtrace_dif_straight_on = true;
	tap_ok(!ret && env.regs_written == written && v == want,
	       "engine: %s: registers %s, value %llu (want %llu)", what,
	       env.regs_written ? "written first" : "zeroed",
	       (unsigned long long)v, (unsigned long long)want);
}

static void test_regs(void)
{
	/* leaves 99 in every register from %r1 up */
	struct dtrace_dif_insn dirty[DTRACE_DIF_NREGS + 1];
	/* %r2 is written on one path to the ADD only */
	static const struct dtrace_dif_insn skip[] = {
		INS(LDI, 1, 0, 0, 5),
		INS(JZ, 0, 0, 0, 1),
		INS(LDI, 2, 0, 0, 7),
		INS(ADD, 3, 1, 2, 0),
		INS(RET, 0, 3, 0, 0),
	};
	/* written on both paths: the branch's and the fall-through */
	static const struct dtrace_dif_insn both[] = {
		INS(LDI, 2, 0, 0, 7),
		INS(JNZ, 0, 2, 0, 2),
		INS(LDI, 1, 0, 0, 1),
		INS(JMP, 0, 0, 0, 1),
		INS(LDI, 1, 0, 0, 5),
		INS(ADD, 3, 1, 2, 0),
		INS(RET, 0, 3, 0, 0),
	};
	/* a store's address register that nothing wrote */
	static const struct dtrace_dif_insn store[] = {
		INS(LDI, 1, 0, 0, 5),
		INS(STX, 4, 1, 0, 0),
		INS(RET, 0, 1, 0, 0),
	};
	/*
	 * more branch targets ahead at once than the verifier follows:
	 * JZs to distinct targets, each an LDI of %r1, then RET %r1
	 */
	struct dtrace_dif_insn many[2 * DTRACE_DIF_PENDING + 3];
	unsigned int i;
	uint64_t v;
	int ret;

	for (i = 0; i < DTRACE_DIF_NREGS - 1; i++)
		dirty[i] = (struct dtrace_dif_insn)INS(LDI, i + 1, 0, 0, 99);
	dirty[i] = (struct dtrace_dif_insn)INS(RET, 0, 1, 0, 0);
	regs_case("a program that writes every register", dirty,
		  DTRACE_DIF_NREGS, true, 99);
	run(dirty, DTRACE_DIF_NREGS, NULL, 0, NULL, 0, NULL, 0, 0, 8, &v);
	regs_case("a register written on one path, after 99s", skip, 5, false,
		  5);
	regs_case("a register written on both paths", both, 7, true, 12);
	run(dirty, DTRACE_DIF_NREGS, NULL, 0, NULL, 0, NULL, 0, 0, 8, &v);
	dtrace_dif_straight_on = false;
	ret = run(store, 3, NULL, 0, NULL, 0, NULL, 0, 0, 8, &v);
	tap_ok(ret && !env.regs_written && env.fault == DTRACEFLT_BADADDR &&
	       env.dif.fault_addr == 0,
	       "engine: an unwritten store address after 99s is 0 (fault %d at %#llx)",
	       env.fault, (unsigned long long)env.dif.fault_addr);
	dtrace_dif_straight_on = true;
	for (i = 0; i <= DTRACE_DIF_PENDING; i++) {
		many[i] = (struct dtrace_dif_insn)INS(JZ, 0, 0, 0,
						      DTRACE_DIF_PENDING);
		many[DTRACE_DIF_PENDING + 1 + i] =
			(struct dtrace_dif_insn)INS(LDI, 1, 0, 0, 3);
	}
	many[2 * DTRACE_DIF_PENDING + 2] = (struct dtrace_dif_insn)INS(RET, 0, 1, 0, 0);
	regs_case("more branch targets than followed", many,
		  2 * DTRACE_DIF_PENDING + 3, false, 3);
	many[0] = (struct dtrace_dif_insn)INS(LDI, 1, 0, 0, 3);
	regs_case("as many branch targets as followed", many,
		  2 * DTRACE_DIF_PENDING + 3, true, 3);
}

void test_engine(void)
{
	memset(&env, 0, sizeof(env));
	env.strsize = 256;
	test_rules();
	test_extremes();
	test_substr_long();
	test_strtok();
	test_wrap();
	test_straight();
	test_pred();
	test_pred_compiled();
	test_regs();
	dif_env_free(&env);
}
