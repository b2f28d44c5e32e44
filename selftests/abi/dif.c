// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: the DIF of ABI 2 works as include/uapi/linux/dtrace.h says.
 * The verifier refuses every malformed use of the new opcodes and
 * variable tables (EINVAL, nothing enabled), and ENABLE says why (ABI
 * 3): for one broken program per rule, in the predicate or in action
 * #1..#3, dif_rule, dif_prog and dif_insn name the rule, the program
 * and the instruction.  Destructive clauses the options do not allow
 * are refused (EPERM).  At run time, globals, clause-locals,
 * thread-locals and associative arrays keep their values (self-> per
 * thread), storing 0 deletes, a full dynamic variable space drops stores
 * and counts them, scratch and the tuple stack fault when exhausted, a
 * store outside scratch and a bad user load fault, user loads read the
 * current process, STACK/USTACK/BYREF records hold what they should,
 * raise() delivers its signal, and DTRACEIOC_PROBEARG answers.  Clauses
 * are hand-assembled on dtrace:::BEGIN/END; faults are caught by an
 * ERROR clause; records come back through DTRACEIOC_BUFSNAP.
 *
 * Needs root and dtrace_core loaded (the runner loads it); skips
 * otherwise.  Uses include/uapi/linux/dtrace.h only.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/dtrace.h>
#include "tap.h"

#include "dif_asm.h"

static void *stop_thread(void *c)
{
	stop(c);
	return NULL;
}

/* ------------------------------------------------------------------ */

static int refused(struct prog *p)
{
	struct cons c;
	int ret;

	c_open(&c);
	ret = rec_int(&c, "BEGIN", p, NULL);
	close(c.fd);
	return ret;
}

#define G	DTRACE_DIFV_SCOPE_GLOBAL
#define T	DTRACE_DIFV_SCOPE_THREAD
#define L	DTRACE_DIFV_SCOPE_LOCAL
#define SC	DTRACE_DIFV_KIND_SCALAR
#define AR	DTRACE_DIFV_KIND_ARRAY
#define TI	DTRACE_DIFV_TYPE_INT
#define TS	DTRACE_DIFV_TYPE_STRING
#define TB	DTRACE_DIFV_TYPE_BYREF

/* @op on variable 5 declared as (scope, kind, type, size); RET r1. */
static struct prog *var_prog(int op, int scope, int kind, int type,
			     uint32_t size, int declare)
{
	struct prog *p = PI();

	if (declare)
		V(p, 5, scope, kind, type, size);
	if (op == DTRACE_DIF_OP_STGS || op == DTRACE_DIF_OP_STLS ||
	    op == DTRACE_DIF_OP_STTS || op == DTRACE_DIF_OP_STGA ||
	    op == DTRACE_DIF_OP_STTA)
		E(p, op, 0, 1, 0, 5);
	else
		E(p, op, 1, 0, 0, 5);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	return p;
}

static void test_verifier(void)
{
	struct prog *p;
	int ret;

	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1));
	tap_ok(ret == 0, "verifier: LDGS of a declared global accepted (%d)",
	       ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 0));
	tap_ok(ret == EINVAL, "verifier: undeclared variable refused (%d)",
	       ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDTS, G, SC, TI, 8, 1));
	tap_ok(ret == EINVAL, "verifier: LDTS of a global refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_STLS, T, SC, TI, 8, 1));
	tap_ok(ret == EINVAL, "verifier: STLS of a thread-local refused (%d)",
	       ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGA, G, SC, TI, 8, 1));
	tap_ok(ret == EINVAL, "verifier: LDGA of a scalar refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_STTS, T, AR, TI, 8, 1));
	tap_ok(ret == EINVAL, "verifier: STTS of an array refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDLS, L, AR, TI, 8, 1));
	tap_ok(ret == EINVAL, "verifier: clause-local array refused (%d)",
	       ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 4, 1));
	tap_ok(ret == EINVAL, "verifier: integer of size 4 refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, G, SC, TS, 0, 1));
	tap_ok(ret == EINVAL, "verifier: string of size 0 refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, G, SC, TS,
			       DTRACE_STRSIZE_MAX + 1, 1));
	tap_ok(ret == EINVAL, "verifier: string too large refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, G, SC, TB,
			       DTRACE_RECORD_MAX + 1, 1));
	tap_ok(ret == EINVAL, "verifier: by-ref too large refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, G, SC, 3, 8, 1));
	tap_ok(ret == EINVAL, "verifier: unknown type refused (%d)", ret);
	ret = refused(var_prog(DTRACE_DIF_OP_LDGS, 3, SC, TI, 8, 1));
	tap_ok(ret == EINVAL, "verifier: unknown scope refused (%d)", ret);

	p = var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1);
	p->vars[0].reserved = 1;
	tap_ok(refused(p) == EINVAL, "verifier: vartab reserved field refused");
	p = var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1);
	V(p, 5, G, SC, TI, 8);
	tap_ok(refused(p) == EINVAL, "verifier: id declared twice refused");
	p = var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1);
	V(p, 0, G, SC, TI, 8);
	tap_ok(refused(p) == EINVAL, "verifier: variable id 0 refused");
	p = var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1);
	V(p, DTRACE_DIF_MAXVARS, G, SC, TI, 8);
	tap_ok(refused(p) == EINVAL, "verifier: variable id MAXVARS refused");

	p = PI();
	E(p, DTRACE_DIF_OP_CALL, 1, 0, 0, DTRACE_DIF_SUBR_MAX);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: unknown subroutine refused");
	p = PI();
	E(p, DTRACE_DIF_OP_CALL, 1, 0, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: subroutine 0 refused");
	p = PI();
	E(p, DTRACE_DIF_OP_CALL, 1, 2, 0, DTRACE_DIF_SUBR_RAND);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: CALL with a source refused");
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_ARGS);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: LDV of args[] refused");
	p = PI();
	E(p, DTRACE_DIF_OP_LDVA, 1, 2, 0, DTRACE_DIF_VAR_PID);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: LDVA of pid refused");
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_UCALLER);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == 0, "verifier: LDV of ucaller accepted");
	p = PI();
	E(p, DTRACE_DIF_OP_PUSHTR, 0, 1, 0, DTRACE_RECORD_MAX + 1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: PUSHTR too large refused");
	p = PI();
	E(p, DTRACE_DIF_OP_PUSHTR, 0, 1, 0, -1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: PUSHTR negative refused");
	p = PI();
	E(p, DTRACE_DIF_OP_PUSHTV, 1, 1, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: PUSHTV with a dst refused");
	p = PI();
	E(p, DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: FLUSHTS with an imm refused");
	p = PI();
	E(p, DTRACE_DIF_OP_STX, 1, 2, 3, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: STX with src2 refused");
	p = PI();
	E(p, DTRACE_DIF_OP_ULDX, 1, 16, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: ULDX register 16 refused");
	p = PI();
	E(p, DTRACE_DIF_OP_ALLOCS, 1, 2, 0, 8);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: ALLOCS with an imm refused");
	p = P(DTRACE_DIF_RTYPE_BYREF, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: BYREF of size 0 refused");
	p = PI();
	E(p, DTRACE_DIF_OP_MAX, 0, 0, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	tap_ok(refused(p) == EINVAL, "verifier: opcode MAX refused");
}

/*
 * ENABLE @p on dtrace:::BEGIN as the predicate (@progno 0) or as action
 * #@progno (after progno - 1 good actions); it must fail EINVAL with
 * dif_rule, dif_prog and dif_insn saying @rule, @progno and @insn.
 */
static void refused_why(const char *what, struct prog *p, uint32_t progno,
			uint32_t rule, uint32_t insn)
{
	struct dtrace_actdesc a[3];
	struct dtrace_ioc_enable en;
	struct prog *good = PI();
	struct cons c;
	uint32_t i;
	int ret;

	E(good, DTRACE_DIF_OP_RET, 0, 0, 0, 0);
	for (i = 0; i < 3; i++)
		a[i] = A(DTRACE_ACT_DIFEXPR, i + 1 == progno ? p : good, 8 * i,
			 8, 0);
	memset(&en, 0, sizeof(en));
	en.size = sizeof(en);
	strcpy(en.desc.provider, "dtrace");
	strcpy(en.desc.name, "BEGIN");
	en.actions = (uintptr_t)a;
	en.nactions = progno ? progno : 1;
	if (!progno)
		difo(&en.pred, p);
	c_open(&c);
	ret = xioctl(c.fd, DTRACEIOC_ENABLE, &en);
	close(c.fd);
	tap_ok(ret == EINVAL && en.dif_rule == rule && en.dif_prog == progno &&
	       en.dif_insn == insn && !en.nmatched,
	       "why: %s: errno %d, rule %u (want %u), program %u (want %u), instruction %u (want %u)",
	       what, ret, en.dif_rule, rule, en.dif_prog, progno, en.dif_insn,
	       insn);
}

/* A program of LDI %r1, @bad, RET %r1: the verifier names instruction 1. */
static struct prog *bad_at_1(int op, int d, int s1, int s2, int32_t imm)
{
	struct prog *p = PI();

	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 0);
	E(p, op, d, s1, s2, imm);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	return p;
}

/*
 * Every rule of DTRACE_DIFERR_LIST, broken once: ENABLE reports the
 * rule, which program (the predicate, action #1, #2, #3) and the
 * instruction (0 for the tables).  A caller whose struct ends before
 * dif_rule gets EINVAL alone.
 */
static void test_refusal_reasons(void)
{
	struct dtrace_ioc_enable en;
	struct prog *p;
	struct cons c;
	int ret;

	p = PI();
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	p->n = DTRACE_DIF_MAXINSNS + 1;	/* refused before it is read */
	refused_why("too many instructions", p, 1, DTRACE_DIFERR_NINSNS, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	p->nints = DTRACE_DIF_MAXINTS + 1;
	refused_why("integer table", p, 2, DTRACE_DIFERR_NINTS, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	p->slen = DTRACE_DIF_MAXSTRTAB + 1;
	refused_why("string table", p, 3, DTRACE_DIFERR_STRTAB, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	p->nvars = DTRACE_DIF_MAXVARS + 1;
	refused_why("variable table", p, 0, DTRACE_DIFERR_NVARS, 0);
	p = P(DTRACE_DIF_RTYPE_INT, 3);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	refused_why("int of 3 bytes", p, 1, DTRACE_DIFERR_RTYPE, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	memcpy(p->str, "ab", 2);
	p->slen = 2;
	refused_why("string table without NUL", p, 1,
		    DTRACE_DIFERR_STRTAB_NUL, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 0);
	refused_why("no RET", p, 0, DTRACE_DIFERR_LAST_RET, 0);

	p = var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1);
	p->vars[0].id = DTRACE_DIF_MAXVARS;
	refused_why("variable id", p, 1, DTRACE_DIFERR_VAR_ID, 0);
	p = var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1);
	p->vars[0].reserved = 1;
	refused_why("variable reserved", p, 1, DTRACE_DIFERR_VAR_RESERVED, 0);
	refused_why("clause-local array",
		    var_prog(DTRACE_DIF_OP_LDLS, L, AR, TI, 8, 1), 1,
		    DTRACE_DIFERR_VAR_SCOPE, 0);
	refused_why("integer of 4 bytes",
		    var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 4, 1), 2,
		    DTRACE_DIFERR_VAR_TYPE, 0);
	p = var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1);
	V(p, 5, G, SC, TI, 8);
	refused_why("declared twice", p, 0, DTRACE_DIFERR_VAR_DUP, 0);

	refused_why("opcode MAX", bad_at_1(DTRACE_DIF_OP_MAX, 0, 0, 0, 0), 1,
		    DTRACE_DIFERR_OPCODE, 1);
	refused_why("register 16", bad_at_1(DTRACE_DIF_OP_MOV, 16, 1, 0, 0),
		    2, DTRACE_DIFERR_REG, 1);
	refused_why("SETX past the table",
		    bad_at_1(DTRACE_DIF_OP_SETX, 1, 0, 0, 0), 3,
		    DTRACE_DIFERR_INT_INDEX, 1);
	refused_why("SETS past the table",
		    bad_at_1(DTRACE_DIF_OP_SETS, 1, 0, 0, 1), 0,
		    DTRACE_DIFERR_STR_OFFSET, 1);
	refused_why("branch past the end",
		    bad_at_1(DTRACE_DIF_OP_JMP, 0, 0, 0, 1), 1,
		    DTRACE_DIFERR_BRANCH, 1);
	refused_why("backward branch",
		    bad_at_1(DTRACE_DIF_OP_JMP, 0, 0, 0, -1), 1,
		    DTRACE_DIFERR_BRANCH, 1);
	refused_why("unknown built-in",
		    bad_at_1(DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_MAX),
		    1, DTRACE_DIFERR_BUILTIN, 1);
	refused_why("LDVA of pid",
		    bad_at_1(DTRACE_DIF_OP_LDVA, 1, 1, 0, DTRACE_DIF_VAR_PID),
		    1, DTRACE_DIFERR_ARRAY, 1);
	p = bad_at_1(DTRACE_DIF_OP_LDGA, 1, 0, 0, 5);
	V(p, 5, G, SC, TI, 8);
	refused_why("LDGA of a scalar", p, 2, DTRACE_DIFERR_DVAR, 1);
	refused_why("subroutine MAX",
		    bad_at_1(DTRACE_DIF_OP_CALL, 1, 0, 0, DTRACE_DIF_SUBR_MAX),
		    1, DTRACE_DIFERR_SUBR, 1);
	refused_why("PUSHTR too large",
		    bad_at_1(DTRACE_DIF_OP_PUSHTR, 0, 1, 0,
			     DTRACE_RECORD_MAX + 1), 1, DTRACE_DIFERR_PUSH, 1);
	refused_why("FLUSHTS with an immediate",
		    bad_at_1(DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 1), 0,
		    DTRACE_DIFERR_IMM, 1);

	/* A caller of ABI 2 (no dif_* fields) gets the errno alone. */
	memset(&en, 0, sizeof(en));
	en.size = offsetof(struct dtrace_ioc_enable, dif_rule);
	strcpy(en.desc.provider, "dtrace");
	strcpy(en.desc.name, "BEGIN");
	difo(&en.pred, bad_at_1(DTRACE_DIF_OP_MAX, 0, 0, 0, 0));
	c_open(&c);
	ret = xioctl(c.fd, DTRACEIOC_ENABLE, &en);
	close(c.fd);
	tap_ok(ret == EINVAL && !en.dif_rule && !en.dif_insn,
	       "why: a struct without the fields gets EINVAL alone (%d, rule %u)",
	       ret, en.dif_rule);
}

static void test_declarations(void)
{
	struct dtrace_actdesc a;
	struct cons c;
	int ret;

	c_open(&c);
	a = A(DTRACE_ACT_DIFEXPR, var_prog(DTRACE_DIF_OP_LDGS, G, SC, TI, 8, 1),
	      0, 8, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == 0, "declarations: first clause declares id 5 (%d)", ret);
	a = A(DTRACE_ACT_DIFEXPR, var_prog(DTRACE_DIF_OP_LDGS, G, SC, TS, 8, 1),
	      0, 8, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EINVAL, "declarations: id 5 as a string refused (%d)",
	       ret);
	a = A(DTRACE_ACT_DIFEXPR, var_prog(DTRACE_DIF_OP_LDTS, T, SC, TI, 8, 1),
	      0, 8, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EINVAL, "declarations: id 5 as thread-local refused (%d)",
	       ret);
	tap_ok(c.next_epid == 2, "declarations: nothing more enabled");
	close(c.fd);
}

static void test_destructive(void)
{
	struct dtrace_actdesc a;
	struct prog *p;
	struct cons c;
	int ret;

	c_open(&c);
	p = PI();
	E(p, DTRACE_DIF_OP_CALL, 1, 0, 0, DTRACE_DIF_SUBR_COPYOUT);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EPERM, "destructive: copyout without the option (%d)",
	       ret);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, SIGUSR1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a = A(DTRACE_ACT_RAISE, p, 0, 0, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EPERM, "destructive: raise without the option (%d)", ret);
	a = A(DTRACE_ACT_STOP, NULL, 0, 0, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EPERM, "destructive: stop without the option (%d)", ret);
	a = A(DTRACE_ACT_CHILL, p, 0, 0, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EPERM, "destructive: chill without the option (%d)", ret);
	tap_ok(c_opt(&c, DTRACE_OPT_DESTRUCTIVE, 4) == EINVAL,
	       "destructive: unknown option bit refused");
	tap_ok(c_opt(&c, DTRACE_OPT_DESTRUCTIVE, DTRACE_DESTRUCTIVE_ALLOW) == 0,
	       "destructive: option set");
	a = A(DTRACE_ACT_PANIC, NULL, 0, 0, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EPERM, "destructive: panic needs its own bit (%d)", ret);
	a = A(DTRACE_ACT_CHILL, p, 0, 0, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == 0, "destructive: chill with the option (%d)", ret);
	a = A(DTRACE_ACT_CHILL, p, 0, 8, 0);
	ret = c_enable(&c, "BEGIN", &a, 1, NULL);
	tap_ok(ret == EINVAL, "destructive: chill with a size refused (%d)",
	       ret);
	close(c.fd);
}

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

static void test_raise(void)
{
	struct dtrace_actdesc a;
	struct prog *p;
	struct cons c;
	int i;

	signal(SIGUSR1, on_usr1);
	c_open(&c);
	c_opt(&c, DTRACE_OPT_DESTRUCTIVE, DTRACE_DESTRUCTIVE_ALLOW);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, SIGUSR1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a = A(DTRACE_ACT_RAISE, p, 0, 0, 0);
	tap_ok(c_enable(&c, "BEGIN", &a, 1, NULL) == 0, "raise: enabled");
	tap_ok(go(&c) == 0, "raise: GO");
	for (i = 0; i < 1000 && !got_usr1; i++)
		usleep(1000);
	tap_ok(got_usr1, "raise: SIGUSR1 delivered to the thread in BEGIN");
	close(c.fd);
}

/* Push the string "s" (PUSHTR 0) and the integer n as a tuple. */
static void push_key(struct prog *p, const char *s, int n)
{
	E(p, DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 0);
	E(p, DTRACE_DIF_OP_SETS, 2, 0, 0, STR(p, s));
	E(p, DTRACE_DIF_OP_PUSHTR, 0, 2, 0, 0);
	E(p, DTRACE_DIF_OP_LDI, 2, 0, 0, n);
	E(p, DTRACE_DIF_OP_PUSHTV, 0, 2, 0, 0);
}

static uint64_t user_magic = 0xfeedface12345678ULL;

static void test_variables(void)
{
	struct dtrace_actdesc a[8];
	uint32_t ep[32] = { 0 };
	pthread_t t;
	struct prog *p;
	struct cons c;
	struct rec *r;
	int ret;

	c_open(&c);
	enable_error(&c);

	/*
	 * Clause 1 stores: g = 42, gs = "hello", this->l = 7, self->t = 9,
	 * a["k", 3] = 11, a["k", 4] = 12, a["z", 1] = 5 then 0 (deleted).
	 */
	p = PI();
	V(p, 1, G, SC, TI, 8);
	V(p, 2, G, SC, TS, 32);
	V(p, 3, L, SC, TI, 8);
	V(p, 4, T, SC, TI, 8);
	V(p, 6, G, AR, TI, 8);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 42);
	E(p, DTRACE_DIF_OP_STGS, 0, 1, 0, 1);
	E(p, DTRACE_DIF_OP_SETS, 1, 0, 0, STR(p, "hello"));
	E(p, DTRACE_DIF_OP_STGS, 0, 1, 0, 2);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 7);
	E(p, DTRACE_DIF_OP_STLS, 0, 1, 0, 3);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 9);
	E(p, DTRACE_DIF_OP_STTS, 0, 1, 0, 4);
	push_key(p, "k", 3);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 11);
	E(p, DTRACE_DIF_OP_STGA, 0, 1, 0, 6);
	push_key(p, "k", 4);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 12);
	E(p, DTRACE_DIF_OP_STGA, 0, 1, 0, 6);
	push_key(p, "z", 1);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 5);
	E(p, DTRACE_DIF_OP_STGA, 0, 1, 0, 6);
	push_key(p, "z", 1);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 0);
	E(p, DTRACE_DIF_OP_STGA, 0, 1, 0, 6);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[0] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	ret = c_enable(&c, "BEGIN", a, 1, &ep[0]);
	tap_ok(ret == 0, "variables: storing clause enabled (%d)", ret);

	/* Clause 2 loads them all back. */
	p = PI();
	V(p, 1, G, SC, TI, 8);
	E(p, DTRACE_DIF_OP_LDGS, 1, 0, 0, 1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[0] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	p = P(DTRACE_DIF_RTYPE_STRING, 0);
	V(p, 2, G, SC, TS, 32);
	E(p, DTRACE_DIF_OP_LDGS, 1, 0, 0, 2);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[1] = A(DTRACE_ACT_DIFEXPR, p, 8, 32, 0);
	p = PI();
	V(p, 3, L, SC, TI, 8);
	E(p, DTRACE_DIF_OP_LDLS, 1, 0, 0, 3);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[2] = A(DTRACE_ACT_DIFEXPR, p, 40, 8, 0);
	p = PI();
	V(p, 4, T, SC, TI, 8);
	E(p, DTRACE_DIF_OP_LDTS, 1, 0, 0, 4);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[3] = A(DTRACE_ACT_DIFEXPR, p, 48, 8, 0);
	p = PI();
	V(p, 6, G, AR, TI, 8);
	push_key(p, "k", 3);
	E(p, DTRACE_DIF_OP_LDGA, 1, 0, 0, 6);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[4] = A(DTRACE_ACT_DIFEXPR, p, 56, 8, 0);
	p = PI();
	V(p, 6, G, AR, TI, 8);
	push_key(p, "k", 4);
	E(p, DTRACE_DIF_OP_LDGA, 1, 0, 0, 6);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[5] = A(DTRACE_ACT_DIFEXPR, p, 64, 8, 0);
	p = PI();
	V(p, 6, G, AR, TI, 8);
	push_key(p, "z", 1);
	E(p, DTRACE_DIF_OP_LDGA, 1, 0, 0, 6);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[6] = A(DTRACE_ACT_DIFEXPR, p, 72, 8, 0);
	p = PI();
	V(p, 6, G, AR, TI, 8);
	push_key(p, "j", 3);
	E(p, DTRACE_DIF_OP_LDGA, 1, 0, 0, 6);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[7] = A(DTRACE_ACT_DIFEXPR, p, 80, 8, 0);
	ret = c_enable(&c, "BEGIN", a, 8, &ep[1]);
	tap_ok(ret == 0, "variables: loading clause enabled (%d)", ret);

	/* END: self->t in the thread that stops (another one): 0. */
	p = PI();
	V(p, 4, T, SC, TI, 8);
	E(p, DTRACE_DIF_OP_LDTS, 1, 0, 0, 4);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	ret = rec_int(&c, "END", p, &ep[2]);
	tap_ok(ret == 0, "variables: END clause enabled (%d)", ret);

	/* BYREF: 16 bytes of the string table. */
	p = P(DTRACE_DIF_RTYPE_BYREF, 16);
	E(p, DTRACE_DIF_OP_SETS, 1, 0, 0, STR(p, "0123456789abcdef"));
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[0] = A(DTRACE_ACT_DIFEXPR, p, 0, 16, 0);
	ret = c_enable(&c, "BEGIN", a, 1, &ep[3]);
	tap_ok(ret == 0, "byref: clause enabled (%d)", ret);

	/*
	 * Thread-local array keyed by 4 bytes pushed by reference, and a
	 * string self->: b[bytes "abcd"] = 77; self->s = "str"; then read
	 * back with the key from another string table (by content).
	 */
	p = PI();
	V(p, 8, T, AR, TI, 8);
	V(p, 9, T, SC, TS, 16);
	E(p, DTRACE_DIF_OP_SETS, 2, 0, 0, STR(p, "abcdXXXX"));
	E(p, DTRACE_DIF_OP_PUSHTR, 0, 2, 0, 4);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 77);
	E(p, DTRACE_DIF_OP_STTA, 0, 1, 0, 8);
	E(p, DTRACE_DIF_OP_SETS, 1, 0, 0, STR(p, "str"));
	E(p, DTRACE_DIF_OP_STTS, 0, 1, 0, 9);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[16]);
	p = PI();
	V(p, 8, T, AR, TI, 8);
	E(p, DTRACE_DIF_OP_SETS, 2, 0, 0, STR(p, "abcdYYYY"));
	E(p, DTRACE_DIF_OP_PUSHTR, 0, 2, 0, 4);
	E(p, DTRACE_DIF_OP_LDTA, 1, 0, 0, 8);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[0] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	p = P(DTRACE_DIF_RTYPE_STRING, 0);
	V(p, 9, T, SC, TS, 16);
	E(p, DTRACE_DIF_OP_LDTS, 1, 0, 0, 9);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[1] = A(DTRACE_ACT_DIFEXPR, p, 8, 16, 0);
	ret = c_enable(&c, "BEGIN", a, 2, &ep[17]);
	tap_ok(ret == 0, "thread-local array clause enabled (%d)", ret);
	/* An unset string self-> is NULL, as in DTrace: 0 as an integer. */
	p = PI();
	V(p, 10, T, SC, TS, 16);
	E(p, DTRACE_DIF_OP_LDTS, 1, 0, 0, 10);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[18]);

	/* User load of this process's memory, and of address 8. */
	p = PI();
	E(p, DTRACE_DIF_OP_SETX, 1, 0, 0, INT(p, (uintptr_t)&user_magic));
	E(p, DTRACE_DIF_OP_ULDX, 2, 1, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 2, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[4]);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 8);
	E(p, DTRACE_DIF_OP_ULDUW, 2, 1, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 2, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[5]);

	/* Scratch: store then load inside, store past the end, exhaust. */
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 16);
	E(p, DTRACE_DIF_OP_ALLOCS, 2, 1, 0, 0);
	E(p, DTRACE_DIF_OP_LDI, 3, 0, 0, 0x1234);
	E(p, DTRACE_DIF_OP_STX, 2, 3, 0, 8);
	E(p, DTRACE_DIF_OP_LDX, 4, 2, 0, 8);
	E(p, DTRACE_DIF_OP_RET, 0, 4, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[6]);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 16);
	E(p, DTRACE_DIF_OP_ALLOCS, 2, 1, 0, 0);
	E(p, DTRACE_DIF_OP_STB, 2, 3, 0, 16);
	E(p, DTRACE_DIF_OP_RET, 0, 4, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[7]);
	p = PI();
	E(p, DTRACE_DIF_OP_SETS, 2, 0, 0, STR(p, "constant"));
	E(p, DTRACE_DIF_OP_STB, 2, 3, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 4, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[8]);
	p = PI();
	E(p, DTRACE_DIF_OP_SETX, 1, 0, 0, INT(p, 1 << 20));
	E(p, DTRACE_DIF_OP_ALLOCS, 2, 1, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 2, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[9]);

	/* Tuple stack overflow: eleven pushes. */
	p = PI();
	for (ret = 0; ret < DTRACE_DIF_TUPLE_MAX + 1; ret++)
		E(p, DTRACE_DIF_OP_PUSHTV, 0, 1, 0, 0);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[10]);

	/* Stacks: 32 kernel frames, 32 user frames. */
	a[0] = A(DTRACE_ACT_STACK, NULL, 0, 8 * 32, 32);
	ret = c_enable(&c, "BEGIN", a, 1, &ep[11]);
	tap_ok(ret == 0, "stack: clause enabled (%d)", ret);
	a[0] = A(DTRACE_ACT_USTACK, NULL, 0, 8 * 33, 32);
	ret = c_enable(&c, "BEGIN", a, 1, &ep[12]);
	tap_ok(ret == 0, "ustack: clause enabled (%d)", ret);

	/* Built-ins: ipl, curthread, args[1], args[10], uregs[1000]. */
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_IPL);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[0] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_CURTHREAD);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[1] = A(DTRACE_ACT_DIFEXPR, p, 8, 8, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 2, 0, 0, 1);
	E(p, DTRACE_DIF_OP_LDVA, 1, 2, 0, DTRACE_DIF_VAR_ARGS);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[2] = A(DTRACE_ACT_DIFEXPR, p, 16, 8, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_STACKDEPTH);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[3] = A(DTRACE_ACT_DIFEXPR, p, 24, 8, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_CALLER);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[4] = A(DTRACE_ACT_DIFEXPR, p, 32, 8, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_USTACKDEPTH);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[5] = A(DTRACE_ACT_DIFEXPR, p, 40, 8, 0);
	ret = c_enable(&c, "BEGIN", a, 6, &ep[13]);
	tap_ok(ret == 0, "built-ins: clause enabled (%d)", ret);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 2, 0, 0, 10);
	E(p, DTRACE_DIF_OP_LDVA, 1, 2, 0, DTRACE_DIF_VAR_ARGS);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[14]);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 2, 0, 0, 1000);
	E(p, DTRACE_DIF_OP_LDVA, 1, 2, 0, DTRACE_DIF_VAR_UREGS);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	rec_int(&c, "BEGIN", p, &ep[15]);

	tap_ok(go(&c) == 0, "variables: GO");
	pthread_create(&t, NULL, stop_thread, &c);
	pthread_join(t, NULL);
	c_snap_all(&c);

	r = find(ep[1]);
	tap_ok(r && u64at(r, 0) == 42, "global integer reads back 42");
	tap_ok(r && !strcmp((char *)r->data + 8, "hello"),
	       "global string reads back \"hello\"");
	tap_ok(r && u64at(r, 40) == 7, "this-> persists to the next clause");
	tap_ok(r && u64at(r, 48) == 9, "self-> reads back 9 in the same thread");
	tap_ok(r && u64at(r, 56) == 11, "a[\"k\", 3] == 11");
	tap_ok(r && u64at(r, 64) == 12, "a[\"k\", 4] == 12");
	tap_ok(r && u64at(r, 72) == 0, "a[\"z\", 1] deleted by storing 0");
	tap_ok(r && u64at(r, 80) == 0, "a[\"j\", 3] unset reads 0");
	r = find(ep[2]);
	tap_ok(r && u64at(r, 0) == 0, "self-> in another thread (END) is 0");
	r = find(ep[17]);
	tap_ok(r && u64at(r, 0) == 77,
	       "self->b[4 bytes by ref] reads back 77 by content");
	tap_ok(r && !strcmp((char *)r->data + 8, "str"),
	       "string self-> reads back \"str\"");
	r = find(ep[18]);
	tap_ok(r && u64at(r, 0) == 0, "unset string self-> reads as NULL");
	r = find(ep[3]);
	tap_ok(r && !memcmp(r->data, "0123456789abcdef", 16),
	       "BYREF record holds the 16 bytes");
	r = find(ep[4]);
	tap_ok(r && u64at(r, 0) == user_magic, "ULDX reads this process");
	tap_ok(!find(ep[5]) && fault_of(ep[5], NULL) == DTRACEFLT_BADADDR,
	       "ULDUW of address 8 faults BADADDR");
	r = find(ep[6]);
	tap_ok(r && u64at(r, 0) == 0x1234, "STX/LDX inside ALLOCS scratch");
	tap_ok(!find(ep[7]) && fault_of(ep[7], NULL) == DTRACEFLT_BADADDR,
	       "STB past the allocated scratch faults BADADDR");
	tap_ok(!find(ep[8]) && fault_of(ep[8], NULL) == DTRACEFLT_BADADDR,
	       "STB to the string table faults BADADDR");
	tap_ok(!find(ep[9]) && fault_of(ep[9], NULL) == DTRACEFLT_NOSCRATCH,
	       "ALLOCS beyond scratchsize faults NOSCRATCH");
	tap_ok(!find(ep[10]) && fault_of(ep[10], NULL) == DTRACEFLT_TUPOFLOW,
	       "eleventh PUSHTV faults TUPOFLOW");
	r = find(ep[11]);
	tap_ok(r && u64at(r, 0) != 0 && u64at(r, 8 * 31) == 0,
	       "STACK: first frame %#llx, zero-padded",
	       r ? (unsigned long long)u64at(r, 0) : 0ULL);
	tap_ok(r && u64at(r, 0) >= 0xff00000000000000ULL,
	       "STACK: frames are kernel addresses");
	r = find(ep[12]);
	tap_ok(r && u64at(r, 0) == (uint64_t)getpid() && u64at(r, 8) != 0 &&
	       u64at(r, 8 * 32) == 0,
	       "USTACK: pid, first pc %#llx, zero-padded",
	       r ? (unsigned long long)u64at(r, 8) : 0ULL);
	tap_ok(r && u64at(r, 8) < 0x800000000000ULL,
	       "USTACK: pcs are user addresses");
	r = find(ep[13]);
	tap_ok(r && u64at(r, 0) == 0, "ipl is 0 in BEGIN");
	tap_ok(r && u64at(r, 8) >= 0xff00000000000000ULL,
	       "curthread is a kernel address");
	tap_ok(r && u64at(r, 16) == 0, "args[1] of BEGIN is 0");
	tap_ok(r && u64at(r, 24) > 0, "stackdepth %llu",
	       r ? (unsigned long long)u64at(r, 24) : 0ULL);
	tap_ok(r && find(ep[11]) && u64at(r, 32) == u64at(find(ep[11]), 0),
	       "caller is the first frame of STACK");
	tap_ok(r && u64at(r, 40) >= 1, "ustackdepth %llu",
	       r ? (unsigned long long)u64at(r, 40) : 0ULL);
	tap_ok(!find(ep[14]) && fault_of(ep[14], NULL) == DTRACEFLT_ILLOP,
	       "args[10] faults ILLOP");
	tap_ok(!find(ep[15]) && fault_of(ep[15], NULL) == DTRACEFLT_ILLOP,
	       "uregs[1000] faults ILLOP");
	close(c.fd);
}

/*
 * In a profile tick (hardirq): ipl is 2 and the self-> variable that
 * BEGIN set in this same process is not seen (interrupt level is part
 * of the thread key).
 */
static void test_tick(void)
{
	struct dtrace_ioc_enable en;
	struct dtrace_actdesc a[2];
	uint32_t ep_tick;
	struct prog *p;
	struct cons c;
	int i;

	c_open(&c);
	p = PI();
	V(p, 4, T, SC, TI, 8);
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 9);
	E(p, DTRACE_DIF_OP_STTS, 0, 1, 0, 4);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	rec_int(&c, "BEGIN", p, NULL);

	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_IPL);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[0] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	p = PI();
	V(p, 4, T, SC, TI, 8);
	E(p, DTRACE_DIF_OP_LDTS, 1, 0, 0, 4);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[1] = A(DTRACE_ACT_DIFEXPR, p, 8, 8, 0);
	memset(&en, 0, sizeof(en));
	en.size = sizeof(en);
	strcpy(en.desc.provider, "profile");
	strcpy(en.desc.name, "tick-10ms");
	en.actions = (uintptr_t)a;
	en.nactions = 2;
	if (xioctl(c.fd, DTRACEIOC_ENABLE, &en) || en.nmatched != 1) {
		tap_skip("tick: ipl and self-> in hardirq", "no profile provider");
		close(c.fd);
		return;
	}
	ep_tick = c.next_epid;
	tap_ok(go(&c) == 0, "tick: GO");
	for (i = 0; i < 500; i++) {
		usleep(10000);
		c_snap_all(&c);
		if (find(ep_tick))
			break;
	}
	tap_ok(find(ep_tick) && u64at(find(ep_tick), 0) == 2,
	       "tick: ipl is 2 in a profile tick");
	tap_ok(find(ep_tick) && u64at(find(ep_tick), 8) == 0,
	       "tick: self-> of the interrupted thread is not seen");
	close(c.fd);
}

static void test_dyndrops(void)
{
	struct dtrace_ioc_status st;
	struct dtrace_actdesc a;
	struct prog *p;
	struct cons c;
	int i;

	c_open(&c);
	tap_ok(c_opt(&c, DTRACE_OPT_DYNVARSIZE, 0) == EINVAL,
	       "dynvarsize below the minimum refused");
	tap_ok(c_opt(&c, DTRACE_OPT_SCRATCHSIZE, DTRACE_SCRATCHSIZE_MAX + 1) ==
	       EINVAL, "scratchsize above the maximum refused");
	tap_ok(c_opt(&c, DTRACE_OPT_DYNVARSIZE, 4096) == 0,
	       "dynvarsize set to 4096");
	/*
	 * 100 elements that count 64 bytes (dsize) into 4096: 64 fit, the
	 * 65th store is a drop that ends the clause.
	 */
	p = PI();
	V(p, 7, G, AR, TI, 8);
	p->vars[p->nvars - 1].dsize = 64;
	for (i = 1; i <= 100; i++) {
		E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, i);
		E(p, DTRACE_DIF_OP_PUSHTV, 0, 1, 0, 0);
		E(p, DTRACE_DIF_OP_STGA, 0, 1, 0, 7);
	}
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	tap_ok(c_enable(&c, "BEGIN", &a, 1, NULL) == 0, "dyndrops: enabled");
	tap_ok(go(&c) == 0, "dyndrops: GO");
	memset(&st, 0, sizeof(st));
	st.size = sizeof(st);
	tap_ok(xioctl(c.fd, DTRACEIOC_STATUS, &st) == 0 && st.dyndrops == 1,
	       "STATUS.dyndrops is 1 (%llu)", (unsigned long long)st.dyndrops);
	c_snap_all(&c);
	tap_ok(snap_tot.dyndrops == 1, "BUFSNAP.dyndrops is 1 (%llu)",
	       (unsigned long long)snap_tot.dyndrops);
	close(c.fd);
}

static void test_probearg(void)
{
	struct dtrace_ioc_probearg pa;
	struct cons c;

	c_open(&c);
	memset(&pa, 0, sizeof(pa));
	pa.size = sizeof(pa);
	pa.id = 1;
	pa.native[0] = 'x';
	tap_ok(xioctl(c.fd, DTRACEIOC_PROBEARG, &pa) == 0 && !pa.native[0] &&
	       !pa.xlate[0], "PROBEARG: untyped provider gives empty types");
	pa.argno = 10;
	tap_ok(xioctl(c.fd, DTRACEIOC_PROBEARG, &pa) == EINVAL,
	       "PROBEARG: argno 10 is EINVAL");
	pa.argno = 0;
	pa.id = 0x7fffffff;
	tap_ok(xioctl(c.fd, DTRACEIOC_PROBEARG, &pa) == ENOENT,
	       "PROBEARG: no such probe is ENOENT");
	close(c.fd);
}

int main(void)
{
	tap_plan();
	test_verifier();
	test_refusal_reasons();
	test_declarations();
	test_destructive();
	test_raise();
	test_variables();
	test_dyndrops();
	test_tick();
	test_probearg();
	return tap_finish();
}
