// SPDX-License-Identifier: GPL-2.0
/*
 * Code generation tests: expressions compiled to DIF and run through
 * the kernel's own engine (hostenv.c), checking C's results for
 * signed/unsigned arithmetic, shifts, comparisons, short-circuits,
 * ternaries and strings; and the clause layout the kernel gets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "hostenv.h"
#include "dt_compile.h"
#include "dt_pcb.h"
#include "dt_type.h"
#include "dt_xlate.h"
#include "helpers.h"
#include "tap.h"

static struct dif_env env;

static void env_init(void)
{
	memset(&env, 0, sizeof(env));
	env.strsize = 256;
	env.vars[DTRACE_DIF_VAR_PID] = 4242;
	env.vars[DTRACE_DIF_VAR_CPU] = 1;
	env.vars[DTRACE_DIF_VAR_TIMESTAMP] = 123456789012ULL;
	env.vars[DTRACE_DIF_VAR_ARG0] = (uint64_t)-5;
	env.vars[DTRACE_DIF_VAR_ARG0 + 1] = 7;
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "dtrace";
	env.strvars[DTRACE_DIF_VAR_PROBENAME] = "BEGIN";
	env.strvars[DTRACE_DIF_VAR_PROBEPROV] = "dtrace";
}

static dtrace_prog_t *compile(dtrace_hdl_t *dtp, const char *prog)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(dtp, prog,
						DTRACE_PROBESPEC_NAME, 0);

	if (!pgp)
		tap_diag("compile %s: %s", prog,
			 dtrace_errmsg(dtp, dtrace_errno(dtp)));
	return pgp;
}

/*
 * trace(@expr) in BEGIN, run, and the value read back as the consumer
 * would: rsize bytes, sign-extended for a signed type.
 */
static void ev(dtrace_hdl_t *dtp, const char *expr, int64_t want,
	       unsigned int want_size)
{
	char prog[512];
	dtrace_prog_t *pgp;
	const struct dt_clause *cl;
	uint64_t v = 0;
	int64_t got;

	snprintf(prog, sizeof(prog), "BEGIN { trace(%s) }", expr);
	pgp = compile(dtp, prog);
	if (!pgp) {
		tap_ok(false, "cg: %s", expr);
		return;
	}
	cl = pgp->clauses[0];
	if (dif_eval(cl->progs[0], &env, &v)) {
		tap_ok(false, "cg: %s (%s, fault %d)", expr,
		       env.bad ? env.bad : "fault", env.fault);
		dt_program_free(pgp);
		return;
	}
	switch (cl->recs[0].size) {
	case 1:
		got = cl->recs[0].is_signed ? (int8_t)v : (int64_t)(uint8_t)v;
		break;
	case 2:
		got = cl->recs[0].is_signed ? (int16_t)v : (int64_t)(uint16_t)v;
		break;
	case 4:
		got = cl->recs[0].is_signed ? (int32_t)v : (int64_t)(uint32_t)v;
		break;
	default:
		got = (int64_t)v;
		break;
	}
	if (tap_is_int(got, want, "cg: %s == %lld", expr, (long long)want))
		tap_is_int(cl->recs[0].size, want_size, "cg: %s is %u bytes",
			   expr, want_size);
	else
		dt_dis_difo(cl->progs[0], expr, stdout);
	dt_program_free(pgp);
}

/* The predicate's value for @pred. */
static void pred(dtrace_hdl_t *dtp, const char *p, bool want)
{
	char prog[512];
	dtrace_prog_t *pgp;
	uint64_t v = 0;

	snprintf(prog, sizeof(prog), "BEGIN /%s/ { }", p);
	pgp = compile(dtp, prog);
	if (!pgp || dif_eval(pgp->clauses[0]->pred, &env, &v))
		tap_ok(false, "cg: predicate /%s/ runs", p);
	else
		tap_is_int(v != 0, want, "cg: predicate /%s/ is %s", p,
			   want ? "true" : "false");
	dt_program_free(pgp);
}

static void test_layout(dtrace_hdl_t *dtp)
{
	dtrace_prog_t *pgp = compile(dtp,
		"BEGIN { trace(1); trace(execname); printf(\"%d %s\", 2L, \"x\"); exit(3) }");
	const struct dt_clause *cl;
	const struct dt_difo *dp;

	if (!tap_ok(pgp != NULL, "cg: layout program compiles"))
		return;
	cl = pgp->clauses[0];
	tap_is_int(cl->nacts, 5, "cg: five actions");
	tap_is_int(cl->nstmts, 4, "cg: four statements");
	tap_is_int(cl->acts[0].offset, 0, "cg: trace(1) at 0");
	tap_is_int(cl->acts[0].size, 4, "cg: trace(1) is 4 bytes");
	tap_is_int(cl->acts[0].difo.rsize, 4, "cg: trace(1) rsize 4");
	tap_is_int(cl->acts[1].offset, 8, "cg: string in the next slot");
	tap_is_int(cl->acts[1].size, 257,
		   "cg: string slot is strsize characters and the NUL");
	tap_is_int(cl->acts[1].difo.rtype, DTRACE_DIF_RTYPE_STRING,
		   "cg: string rtype");
	tap_is_int(cl->acts[1].difo.rsize, 0, "cg: string rsize 0");
	tap_is_int(cl->acts[2].offset, 272, "cg: printf arg 1 offset");
	tap_is_int(cl->acts[2].size, 8, "cg: printf arg 1 is a long");
	tap_is_int(cl->acts[3].offset, 280, "cg: printf arg 2 offset");
	tap_is_int(cl->acts[4].kind, DTRACE_ACT_EXIT, "cg: exit action");
	tap_is_int(cl->acts[4].offset, 540, "cg: exit offset");
	tap_is_int(cl->acts[4].size, 4, "cg: exit is 4 bytes");
	tap_is_int(cl->datasize, 544, "cg: record data size");
	tap_is_int(cl->stmts[2].first, 2, "cg: printf records start at 2");
	tap_is_int(cl->stmts[2].nrecs, 2, "cg: printf has 2 records");
	tap_ok(cl->pred == NULL, "cg: no predicate program");
	dp = cl->progs[0];
	tap_is_int(dp->insns[dp->k.ninsns - 1].op, DTRACE_DIF_OP_RET,
		   "cg: program ends with RET");
	dt_program_free(pgp);

	pgp = compile(dtp, "BEGIN { trace(\"ab\" == \"ab\" ? \"ab\" : \"cd\") }");
	if (pgp) {
		dp = pgp->clauses[0]->progs[0];
		tap_is_int(dp->k.strtab_len, 6, "cg: strtab deduplicated");
		tap_ok(!memcmp(dp->strtab, "ab\0cd\0", 6),
		       "cg: strtab holds NUL-terminated strings");
		dt_program_free(pgp);
	}
	pgp = compile(dtp, "BEGIN { trace(0x123456789) }");
	if (pgp) {
		dp = pgp->clauses[0]->progs[0];
		tap_ok(dp->k.nints == 1 && dp->ints[0] == 0x123456789ULL &&
		       dp->insns[0].op == DTRACE_DIF_OP_SETX,
		       "cg: large constant via SETX and inttab");
		dt_program_free(pgp);
	}
	pgp = compile(dtp, "BEGIN { trace(-2147483647 - 1) }");
	if (pgp) {
		dp = pgp->clauses[0]->progs[0];
		tap_is_int(dp->k.nints, 0, "cg: s32 constants via LDI");
		dt_program_free(pgp);
	}
}

/*
 * Run every clause of @prog in order (predicate, then its programs
 * while it holds) with the env's variables kept, and check the last
 * value recorded by trace(): an integer, or a string if @wants.
 */
static void run(dtrace_hdl_t *dtp, const char *prog, int64_t want,
		const char *wants)
{
	dtrace_prog_t *pgp = compile(dtp, prog);
	const struct dt_clause *cl;
	const char *gots = NULL;
	int64_t got = 0;
	unsigned int i, j;
	uint64_t v;

	if (!pgp) {
		tap_ok(false, "run: %s", prog);
		return;
	}
	for (i = 0; i < pgp->nclauses; i++) {
		cl = pgp->clauses[i];
		if (cl->pred && (dif_eval(cl->pred, &env, &v) || !v))
			continue;
		for (j = 0; j < cl->nacts; j++) {
			if (!cl->progs[j])
				continue;
			if (dif_eval(cl->progs[j], &env, &v)) {
				tap_ok(false, "run: %s (%s, fault %d)", prog,
				       env.bad ? env.bad : "fault", env.fault);
				dt_dis_difo(cl->progs[j], prog, stdout);
				dt_program_free(pgp);
				return;
			}
			if (cl->recs[j].kind == DT_REC_STRING) {
				gots = (const char *)(uintptr_t)v;
			} else if (cl->recs[j].kind == DT_REC_INT &&
				   cl->recs[j].type != &dt_type_uchar) {
				got = (int64_t)v;
				if (cl->recs[j].size == 4)
					got = cl->recs[j].is_signed ?
					      (int32_t)v : (int64_t)(uint32_t)v;
			}
		}
	}
	if (wants)
		tap_is_str(gots ? gots : "(null)", wants, "run: %s", prog);
	else
		tap_is_int(got, want, "run: %s", prog);
	dt_program_free(pgp);
}

static void test_vars(dtrace_hdl_t *dtp)
{
	run(dtp, "BEGIN { g1 = 5; g1 += 2; trace(g1) }", 7, NULL);
	run(dtp, "BEGIN { g2 = 5 } BEGIN { trace(g2 * 2) }", 10, NULL);
	run(dtp, "BEGIN { g3 = 1; trace(g3++); }", 1, NULL);
	run(dtp, "BEGIN { g4 = 1; g4++; trace(++g4); }", 3, NULL);
	run(dtp, "BEGIN { g5 = 10; g5 -= 3; g5 *= 2; g5 /= 7; trace(g5) }", 2,
	    NULL);
	run(dtp, "BEGIN { g6 = 0xff; g6 &= 0x0f; g6 |= 0x30; g6 ^= 1; g6 <<= 1; trace(g6) }",
	    0x7c, NULL);
	run(dtp, "BEGIN { gs = \"abc\"; trace(gs) }", 0, "abc");
	run(dtp, "BEGIN { gs2 = execname } BEGIN /gs2 == \"dtrace\"/ { trace(1) }",
	    1, NULL);
	run(dtp, "BEGIN { a1[1, \"x\"] = 3; a1[2, \"x\"] = 4; trace(a1[1, \"x\"] + a1[2, \"x\"]) }",
	    7, NULL);
	run(dtp, "BEGIN { a2[\"k\"] = 1; a2[\"k\"] = 0; trace(a2[\"k\"]) }", 0, NULL);
	run(dtp, "BEGIN { a3[pid] = \"v\"; trace(a3[pid]) }", 0, "v");
	run(dtp, "BEGIN { a4[execname]++; a4[execname]++; trace(a4[\"dtrace\"]) }",
	    2, NULL);
	run(dtp, "BEGIN { a5[strjoin(\"a\", \"b\")] = 9; trace(a5[\"ab\"]) }", 9,
	    NULL);
	run(dtp, "BEGIN { g7 = 2; g7 = g7 == 2 ? 40 : 50; trace(g7) }", 40, NULL);
	run(dtp, "BEGIN { trace(args[1]) }", 7, NULL);
	/* a string plus an integer is the string that many chars on */
	run(dtp, "BEGIN { gsa = \"abcd\"; trace(gsa + 1) }", 0, "bcd");
	run(dtp, "BEGIN { this->s = \"abcd\"; trace(2 + this->s) }", 0, "cd");
	/* function pointer declarators, named and abstract (no tail padding) */
	run(dtp, "struct fpd { int (*fp)(); int (*afp[2])(int, char *); char c; }; BEGIN { trace(sizeof(struct fpd)) }",
	    25, NULL);
	run(dtp, "BEGIN { trace(sizeof(int (*)(void)) + sizeof(char *(*)(int))) }",
	    16, NULL);
}

static void test_subr(dtrace_hdl_t *dtp)
{
	run(dtp, "BEGIN { trace(strlen(\"hello\")) }", 5, NULL);
	run(dtp, "BEGIN { trace(strlen(\"\")) }", 0, NULL);
	run(dtp, "BEGIN { trace(strjoin(\"ab\", \"cd\")) }", 0, "abcd");
	run(dtp, "BEGIN { trace(strjoin(\"\", \"\")) }", 0, "");
	run(dtp, "BEGIN { trace(substr(\"hello\", -3)) }", 0, "llo");
	run(dtp, "BEGIN { trace(substr(\"hello\", 1, -1)) }", 0, "ell");
	run(dtp, "BEGIN { trace(substr(\"hello\", -7, 3)) }", 0, "h");
	run(dtp, "BEGIN { trace(substr(\"hello\", 9)) }", 0, "");
	run(dtp, "BEGIN { trace(index(\"hello\", \"l\")) }", 2, NULL);
	run(dtp, "BEGIN { trace(index(\"hello\", \"l\", 3)) }", 3, NULL);
	run(dtp, "BEGIN { trace(index(\"hello\", \"z\")) }", -1, NULL);
	run(dtp, "BEGIN { trace(rindex(\"hello\", \"l\")) }", 3, NULL);
	run(dtp, "BEGIN { trace(rindex(\"abc\", \"\")) }", 3, NULL);
	run(dtp, "BEGIN { trace(strchr(\"hello\", 'l')) }", 0, "llo");
	run(dtp, "BEGIN { trace(strrchr(\"hello\", 'l')) }", 0, "lo");
	run(dtp, "BEGIN { trace(strstr(\"hello\", \"ll\")) }", 0, "llo");
	run(dtp, "BEGIN { trace(toupper(\"aBc1\")) }", 0, "ABC1");
	run(dtp, "BEGIN { trace(tolower(\"aBc1\")) }", 0, "abc1");
	run(dtp, "BEGIN { trace(lltostr(-42)) }", 0, "-42");
	run(dtp, "BEGIN { trace(strtoll(\"123\") + 1) }", 124, NULL);
	run(dtp, "BEGIN { trace(strtoll(\"ff\", 16)) }", 255, NULL);
	run(dtp, "BEGIN { trace(htons(0x1234)) }", 0x3412, NULL);
	run(dtp, "BEGIN { trace(ntohl(0x12345678)) }", 0x78563412, NULL);
	run(dtp, "BEGIN { trace(basename(\"/a/b/c\")) }", 0, "c");
	run(dtp, "BEGIN { trace(strlen(strjoin(execname, probename))) }", 11,
	    NULL);
	run(dtp, "BEGIN { trace(strchr(\"abc\", 'z') == 0) }", 1, NULL);
}

/* The byte offset of member @m of @t, or -1. */
static long member_off(const struct dt_type *t, const char *m,
		       unsigned int *bits)
{
	const struct dt_member *mb;
	uint64_t bo;

	mb = dt_type_member(t, m, &bo);
	if (!mb)
		return -1;
	if (bits)
		*bits = mb->bit_size;
	return (long)(bo / 8);
}

/* A one-bit bit-field of task_struct read alone, its neighbours set. */
static void test_bitfield(dtrace_hdl_t *dtp, const struct dt_type *ts,
			  uint64_t *task)
{
	const struct dt_type *t = dt_type_base(ts);
	const struct dt_member *m = NULL, *ms;
	unsigned int i, n;
	uint64_t bo;
	char prog[256];
	unsigned char *byte;

	ms = dt_type_members(t, &n);
	for (i = 0; i < n; i++)
		if (ms[i].name && ms[i].bit_size == 1) {
			m = &ms[i];
			break;
		}
	if (!m) {
		tap_diag("skip: task_struct has no one-bit bit-field");
		return;
	}
	bo = m->bit_offset;
	byte = (unsigned char *)task + bo / 8;
	snprintf(prog, sizeof(prog), "BEGIN { trace(curthread->%s) }",
		 m->name);
	*byte = (unsigned char)~(1u << (bo % 8));
	run(dtp, prog, 0, NULL);
	*byte = (unsigned char)(1u << (bo % 8));
	run(dtp, prog, 1, NULL);
	*byte = 0;
}

/*
 * Member access through curthread, typed by the host's BTF, on a fake
 * task_struct in host memory.
 */
static void test_members(dtrace_hdl_t *dtp)
{
	static uint64_t task[4096], parent[4096];
	const struct dt_type *ts = dt_type_lookup(dtp, "struct task_struct");
	long pid, tgid, comm, rp;

	if (!ts || dt_type_base(ts)->size > sizeof(task)) {
		tap_diag("skip: no struct task_struct in the host's BTF");
		return;
	}
	pid = member_off(ts, "pid", NULL);
	tgid = member_off(ts, "tgid", NULL);
	comm = member_off(ts, "comm", NULL);
	rp = member_off(ts, "real_parent", NULL);
	if (pid < 0 || tgid < 0 || comm < 0 || rp < 0) {
		tap_diag("skip: task_struct lacks pid, tgid, comm or real_parent");
		return;
	}
	*(int32_t *)((char *)task + pid) = -77;
	*(int32_t *)((char *)parent + tgid) = 4241;
	strcpy((char *)task + comm, "bash");
	*(uint64_t *)((char *)task + rp) = (uintptr_t)parent;
	env.vars[DTRACE_DIF_VAR_CURTHREAD] = (uintptr_t)task;
	dif_env_region(&env, task, sizeof(task), DIF_MEM_KERNEL);
	dif_env_region(&env, parent, sizeof(parent), DIF_MEM_KERNEL);

	run(dtp, "BEGIN { trace(curthread->pid) }", -77, NULL);
	run(dtp, "BEGIN { trace(curthread->real_parent->tgid) }", 4241, NULL);
	run(dtp, "BEGIN { trace(curthread->comm) }", 0, "bash");
	run(dtp, "BEGIN { trace(curthread->comm == \"bash\") }", 1, NULL);
	test_bitfield(dtp, ts, task);
	env.vars[DTRACE_DIF_VAR_CURTHREAD] = 0;
}

/* -S: the listing names opcodes, variables, subroutines and tables. */
static void test_dis(dtrace_hdl_t *dtp)
{
	dtrace_prog_t *pgp = compile(dtp,
		"BEGIN { ds[execname, 1] = strlen(\"abc\"); dsg = 1; stack(2) }");
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	if (!tap_ok(pgp != NULL, "dis: program compiles"))
		return;
	fp = open_memstream(&buf, &len);
	dtrace_program_dump(dtp, pgp, fp);
	fclose(fp);
	tap_ok(strstr(buf, "pushtr  %r") != NULL, "dis: pushtr of a string key");
	tap_ok(strstr(buf, "stga    %r") != NULL, "dis: stga");
	tap_ok(strstr(buf, "stgs    %r") != NULL, "dis: stgs");
	tap_ok(strstr(buf, "! strlen") != NULL, "dis: subroutine named");
	tap_ok(strstr(buf, "! execname") != NULL, "dis: variable named");
	tap_ok(strstr(buf, "global  array   int     8") != NULL,
	       "dis: vartab of the global array");
	tap_ok(strstr(buf, "global  scalar  int     8") != NULL,
	       "dis: vartab of a global scalar");
	tap_ok(strstr(buf, "\"abc\"") != NULL, "dis: strtab");
	tap_ok(strstr(buf, "(stack, offset 0, size 16): no DIF, arg 2") != NULL,
	       "dis: stack action");
	free(buf);
	dt_program_free(pgp);
}

/*
 * Declarations, inlines, translators, casts, sizeof and if statements
 * from hand-built ASTs (what the grammar gives for them), checked,
 * generated and run.
 */
static struct dt_node *ast_node(struct dt_pcb *pcb, enum dt_node_kind k,
				struct dt_node *left,
				const struct dt_type *ctype)
{
	struct dt_node *n = dt_pcb_alloc(pcb, sizeof(*n));

	n->kind = k;
	n->left = left;
	n->ctype = ctype;
	n->line = 1;
	return n;
}

static void ast_run(struct dt_pcb *pcb, struct dt_node *n, int64_t want,
		    const char *what)
{
	struct dt_cg cg;
	struct dt_difo *dp;
	uint64_t v = 0;

	dt_cg_init(&cg, pcb);
	dt_check_expr(pcb, n);
	dp = dt_cg_program(&cg, n, DTRACE_DIF_RTYPE_INT, 8);
	if (dif_eval(dp, &env, &v))
		tap_ok(false, "ast: %s (%s)", what, env.bad ? env.bad : "fault");
	else
		tap_is_int((int64_t)v, want, "ast: %s", what);
	dt_difo_free(dp);
	dt_cg_fini(&cg);
}

static void test_ast(dtrace_hdl_t *dtp)
{
	static int32_t in[2] = { 21, 0 };
	const struct dt_type *xin, *xout, *pin, *pout;
	struct dt_decl_node *inl, *xl;
	struct dt_xlmember *m;
	struct dt_stmt_node *ifs, *th, *el;
	struct dt_node *n, *x;
	struct dt_type *t;
	struct dt_pcb pcb;
	int err = 0;

	t = dt_type_struct_begin(dtp, DT_TK_STRUCT, "ast_in", &err);
	dt_type_struct_add(dtp, t, "a", &dt_type_int, 0);
	dt_type_struct_end(dtp, t);
	xin = t;
	t = dt_type_struct_begin(dtp, DT_TK_STRUCT, "ast_out", &err);
	dt_type_struct_add(dtp, t, "b", &dt_type_long, 0);
	dt_type_struct_end(dtp, t);
	xout = t;
	pin = dt_type_pointer(dtp, xin);
	pout = dt_type_pointer(dtp, xout);

	dt_pcb_init(&pcb, dtp, "", 0);
	if (setjmp(pcb.jmp)) {
		tap_ok(false, "ast: %s", pcb.msg);
		goto out;
	}

	/* inline long FOUR = 2 + 2; translator struct ast_out < ... p > */
	inl = dt_pcb_alloc(&pcb, sizeof(*inl));
	inl->kind = DT_DECL_INLINE;
	inl->name = "FOUR";
	inl->type = &dt_type_long;
	inl->expr = dt_node_op2(&pcb, DT_OP_ADD,
				dt_node_int(&pcb, 2, &dt_type_int, 1),
				dt_node_int(&pcb, 2, &dt_type_int, 1));
	xl = dt_pcb_alloc(&pcb, sizeof(*xl));
	xl->kind = DT_DECL_XLATOR;
	xl->name = "p";
	xl->type = xout;
	xl->from = pin;
	m = dt_pcb_alloc(&pcb, sizeof(*m));
	m->name = "b";
	m->expr = dt_node_op2(&pcb, DT_OP_MUL,
			      dt_node_member(&pcb, DT_OP_PTR,
					     dt_node_ident(&pcb, "p", 1), "a"),
			      dt_node_int(&pcb, 2, &dt_type_int, 1));
	xl->members = m;
	inl->next = xl;
	pcb.decls = inl;
	dt_decls_process(&pcb);

	ast_run(&pcb, dt_node_op2(&pcb, DT_OP_MUL,
				  dt_node_ident(&pcb, "FOUR", 1),
				  dt_node_ident(&pcb, "FOUR", 1)),
		16, "inline FOUR * FOUR");

	env.vars[DTRACE_DIF_VAR_ARG0 + 2] = (uintptr_t)in;
	dif_env_region(&env, in, sizeof(in), DIF_MEM_KERNEL);
	x = ast_node(&pcb, DT_NODE_XLATE,
		     ast_node(&pcb, DT_NODE_CAST,
			      dt_node_ident(&pcb, "arg2", 1), pin), pout);
	ast_run(&pcb, dt_node_member(&pcb, DT_OP_PTR, x, "b"), 42,
		"xlate<struct ast_out *>((struct ast_in *)arg2)->b");
	n = ast_node(&pcb, DT_NODE_CAST, dt_node_ident(&pcb, "arg2", 1), pin);
	ast_run(&pcb, dt_node_member(&pcb, DT_OP_PTR, n, "a"), 21,
		"((struct ast_in *)arg2)->a");
	env.vars[DTRACE_DIF_VAR_ARG0 + 2] = 0;

	ast_run(&pcb, ast_node(&pcb, DT_NODE_CAST,
			       dt_node_int(&pcb, 300, &dt_type_int, 1),
			       &dt_type_char), 44, "(char)300");
	ast_run(&pcb, ast_node(&pcb, DT_NODE_CAST,
			       dt_node_int(&pcb, (uint64_t)-1, &dt_type_int, 1),
			       &dt_type_uchar), 255, "(unsigned char)-1");
	ast_run(&pcb, ast_node(&pcb, DT_NODE_SIZEOF,
			       dt_node_member(&pcb, DT_OP_PTR,
					      ast_node(&pcb, DT_NODE_CAST,
						       dt_node_ident(&pcb, "arg2", 1),
						       pin), "a"), NULL),
		4, "sizeof(((struct ast_in *)arg2)->a)");

	/* if (pid > 0) ifv = 1; else ifv = 2; then ifv */
	th = dt_pcb_alloc(&pcb, sizeof(*th));
	th->expr = dt_node_op2(&pcb, DT_OP_ASGN, dt_node_ident(&pcb, "ifv", 1),
			       dt_node_int(&pcb, 1, &dt_type_int, 1));
	el = dt_pcb_alloc(&pcb, sizeof(*el));
	el->expr = dt_node_op2(&pcb, DT_OP_ASGN, dt_node_ident(&pcb, "ifv", 1),
			       dt_node_int(&pcb, 2, &dt_type_int, 1));
	ifs = dt_pcb_alloc(&pcb, sizeof(*ifs));
	ifs->kind = DT_SN_IF;
	ifs->expr = dt_node_op2(&pcb, DT_OP_GT, dt_node_ident(&pcb, "pid", 1),
				dt_node_int(&pcb, 0, &dt_type_int, 1));
	ifs->then = th;
	ifs->els = el;
	{
		struct dt_clause_node c = { .stmts = ifs, .line = 1 };
		struct dt_stmt_node tr = { .kind = DT_SN_EXPR, .line = 1 };
		struct dt_cg cg;
		uint64_t v = 0;

		tr.expr = dt_node_call(&pcb, dt_node_ident(&pcb, "trace", 1),
				       dt_node_ident(&pcb, "ifv", 1));
		ifs->next = &tr;
		dt_check_clause(&pcb, &c);
		dt_cg_init(&cg, &pcb);
		cg.clause = dt_clause_alloc();
		dt_cg_clause(&cg, &c);
		tap_ok(cg.clause->nacts == 1 &&
		       !dif_eval(cg.clause->progs[0], &env, &v) && v == 1,
		       "ast: if/else assigns before the next record");
		dt_cg_fini(&cg);
	}
out:
	dt_xlate_drop(dtp, &pcb);
	dt_pcb_fini(&pcb);
}

static void test_decls(dtrace_hdl_t *dtp)
{
	static int32_t in[2] = { 21, 0 };

	run(dtp, "inline int EIGHT = 2 * 4; BEGIN { trace(EIGHT + 1) }", 9,
	    NULL);
	run(dtp, "inline int A1 = 3; inline int A2 = A1 * A1; BEGIN { trace(A2) }",
	    9, NULL);
	run(dtp, "BEGIN { trace((char)300) }", 44, NULL);
	run(dtp, "BEGIN { trace((unsigned char)-1 + 0) }", 255, NULL);
	run(dtp, "BEGIN { trace((short)0x12345) }", 0x2345, NULL);
	run(dtp, "BEGIN { trace(sizeof(int) + sizeof(long)) }", 12, NULL);
	run(dtp, "BEGIN { if (pid > 0) { iv1 = 1; } else { iv1 = 2; } trace(iv1) }",
	    1, NULL);
	run(dtp, "BEGIN { if (pid < 0) { iv2 = 1; } else { iv2 = 2; } trace(iv2) }",
	    2, NULL);
	run(dtp, "BEGIN { self->t1 = 5 } BEGIN { trace(self->t1 * 2) }", 10,
	    NULL);
	run(dtp, "BEGIN { this->l1 = 3; this->l1 += 4; trace(this->l1) }", 7,
	    NULL);
	run(dtp, "BEGIN { self->ta[\"k\", 1] = 6; trace(self->ta[\"k\", 1]) }", 6,
	    NULL);
	env.vars[DTRACE_DIF_VAR_ARG0 + 2] = (uintptr_t)in;
	dif_env_region(&env, in, sizeof(in), DIF_MEM_KERNEL);
	run(dtp, "struct cin { int a; }; struct cout { int b; }; translator struct cout < struct cin *p > { b = p->a * 2; }; BEGIN { trace(xlate<struct cout *>((struct cin *)arg2)->b) }",
	    42, NULL);
	run(dtp, "struct st1 { int x; short y; char c[4]; }; BEGIN { "
	    "this->p = (struct st1 *)alloca(sizeof (struct st1)); "
	    "this->p->x = 40; this->p->x += 1; this->p->x++; "
	    "this->p->y = -1; this->p->c[1] = 'z'; "
	    "trace(this->p->x * 1000 + this->p->y + this->p->c[1]) }",
	    42000 - 1 + 'z', NULL);
	run(dtp, "BEGIN { this->q = (int *)alloca(8); *this->q = 7; "
	    "this->q[1] = 5; trace(*this->q * this->q[1]) }", 35, NULL);
	run(dtp, "struct cin2 { int a; }; BEGIN { trace(((struct cin2 *)arg2)->a) }",
	    21, NULL);
	/* a declared struct or array variable is written in place */
	run(dtp, "struct gs1 { int a; char c; } gsv; BEGIN { gsv.a = 40; "
	    "gsv.c = 2; gsv.a += gsv.c; trace(gsv.a) }", 42, NULL);
	run(dtp, "int garr[3]; BEGIN { garr[1] = 5; this->ap = &garr[0]; "
	    "this->ap[2] = 7; trace(garr[1] * garr[2] + sizeof(garr)) }",
	    35 + 12, NULL);
	/* bit-fields: stored by replacing their bits, signed ones extend */
	run(dtp, "struct gbf { unsigned int a : 3; unsigned int b : 7; "
	    "unsigned long d : 35; int s : 5; } gb; BEGIN { gb.a = 9; "
	    "gb.b = 0x3f; gb.b++; gb.d = 0x755555555; gb.s = -3; gb.s--; "
	    "trace(gb.a * 1000 + gb.b * 10 + gb.s + (gb.d == 0x755555555)) }",
	    1000 + 640 - 4 + 1, NULL);
	run(dtp, "struct gbf2 { int x : 4; int y : 4; }; BEGIN { "
	    "this->bq = (struct gbf2 *)alloca(sizeof (struct gbf2)); "
	    "this->bq->x = 7; this->bq->y = -8; this->bq->x = 5; "
	    "trace(this->bq->x * 100 + this->bq->y) }", 500 - 8, NULL);
	env.vars[DTRACE_DIF_VAR_ARG0 + 2] = 0;
}

/* `sym and &mod`sym from a kallsyms file of our own. */
static void test_ksym(void)
{
	char path[] = "/tmp/dtrace-ksyms-XXXXXX";
	dtrace_prog_t *pgp;
	dtrace_hdl_t *dtp;
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, "ffffffff81234560 T vfs_read\n"
			    "ffffffffc0001000 t hello_read\t[hello]\n"
			    "ffffffff82000040 B max_pfn\n", 93) != 93) {
		tap_ok(false, "ksym: kallsyms file");
		return;
	}
	close(fd);
	setenv("DTRACE_KALLSYMS", path, 1);
	dtp = t_open();
	run(dtp, "BEGIN { trace((uint64_t)&`vfs_read) }",
	    (int64_t)0xffffffff81234560ULL, NULL);
	run(dtp, "BEGIN { trace((uint64_t)&`max_pfn) }",
	    (int64_t)0xffffffff82000040ULL, NULL);
	/* a variable, which BTF gives no type: a long at its address */
	run(dtp, "BEGIN { trace(sizeof(`max_pfn)) }", 8, NULL);
	/* its address, of no known type, may be read as a string */
	pgp = compile(dtp, "BEGIN { trace((string)&`max_pfn) }");
	tap_ok(pgp != NULL, "ksym: (string)&`var is the string at the variable");
	if (pgp)
		dt_program_free(pgp);
	tap_ok(!dtrace_program_strcompile(dtp, "BEGIN { trace((string)(long *)arg0) }",
					  DTRACE_PROBESPEC_NAME, 0) &&
	       strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)),
		      "invalid cast expression: \"long *\" to \"string\""),
	       "ksym: a long * of another kind is no string");
	run(dtp, "BEGIN { trace((uint64_t)(&`max_pfn + 1)) }",
	    (int64_t)0xffffffff82000048ULL, NULL);
	run(dtp, "BEGIN { trace((uint64_t)((int *)&`max_pfn + 1)) }",
	    (int64_t)0xffffffff82000044ULL, NULL);
	run(dtp, "BEGIN { trace((uint64_t)hello`hello_read + 1) }",
	    (int64_t)0xffffffffc0001001ULL, NULL);
	tap_ok(!dtrace_program_strcompile(dtp, "BEGIN { trace(&`nosuch) }",
					  DTRACE_PROBESPEC_NAME, 0) &&
	       strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)),
		      "failed to resolve `nosuch: Unknown symbol name"),
	       "ksym: an unknown symbol");
	tap_ok(!dtrace_program_strcompile(dtp, "BEGIN { trace(vmlinux`hello_read) }",
					  DTRACE_PROBESPEC_NAME, 0),
	       "ksym: a symbol of another module");
	/*
	 * linkmode=dynamic leaves a kernel symbol to be linked later,
	 * which only knodefs (no kernel definitions needed) allows;
	 * kdefs undoes knodefs.  An unknown link mode is refused.
	 */
	tap_ok(dtrace_setopt(dtp, "linkmode", "foo") &&
	       dtrace_errno(dtp) == EDT_BADOPTVAL &&
	       !dtrace_setopt(dtp, "linkmode", "static") &&
	       !dtrace_setopt(dtp, "linkmode", "kernel") &&
	       !dtrace_setopt(dtp, "linkmode", "dynamic"),
	       "ksym: linkmode takes kernel, static, dynamic");
	tap_ok(!dtrace_program_strcompile(dtp, "BEGIN { trace(&`max_pfn) }",
					  DTRACE_PROBESPEC_NAME, 0) &&
	       strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)),
		      "relocation remains against kernel symbol vmlinux`max_pfn (offset 0x0)"),
	       "ksym: linkmode=dynamic: a relocation remains (%s)",
	       dtrace_errmsg(dtp, dtrace_errno(dtp)));
	dtrace_setopt(dtp, "knodefs", NULL);
	run(dtp, "BEGIN { trace((uint64_t)&`max_pfn) }",
	    (int64_t)0xffffffff82000040ULL, NULL);
	dtrace_setopt(dtp, "kdefs", NULL);
	tap_ok(!dtrace_program_strcompile(dtp, "BEGIN { trace(hello`hello_read) }",
					  DTRACE_PROBESPEC_NAME, 0) &&
	       strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)),
		      "against kernel symbol hello`hello_read"),
	       "ksym: kdefs undoes knodefs");
	dtrace_close(dtp);
	unsetenv("DTRACE_KALLSYMS");
	unlink(path);
}

/* The clause of a one-clause program; NULL (and a failure) if none. */
static const struct dt_clause *agg_clause(dtrace_hdl_t *dtp,
					  dtrace_prog_t **pgpp,
					  const char *prog)
{
	*pgpp = compile(dtp, prog);
	if (!tap_ok(*pgpp != NULL, "agg: compiles: %s", prog))
		return NULL;
	return (*pgpp)->clauses[0];
}

/* How many instructions of @dp have opcode @op. */
static unsigned int count_op(const struct dt_difo *dp, unsigned int op)
{
	unsigned int i, n = 0;

	for (i = 0; i < dp->k.ninsns; i++)
		n += dp->insns[i].op == op;
	return n;
}

/* Keys, increments, parameters and value sizes of aggregation defs. */
static void test_aggdef(dtrace_hdl_t *dtp)
{
	const struct dt_clause *cl;
	const struct dt_difo *dp;
	const struct dt_agg *ag;
	dtrace_prog_t *pgp;

	cl = agg_clause(dtp, &pgp,
		"BEGIN { @ak[execname, 1, (char)2, usym(arg0), stack(3)] = lquantize(arg0, -10, 10, 2, 7); }");
	if (!cl)
		return;
	tap_is_int(cl->nacts, 1, "agg: one action");
	tap_is_int(cl->acts[0].kind, DTRACE_ACT_AGGREGATE, "agg: AGGREGATE");
	tap_is_int(cl->acts[0].size, 0, "agg: stores nothing");
	tap_is_int(cl->datasize, 0, "agg: no record data");
	tap_is_int(cl->nstmts, 1, "agg: one statement");
	tap_is_int(cl->stmts[0].kind, DT_STMT_SILENT, "agg: silent");
	ag = dt_agg_lookup(dtp, "ak");
	if (!tap_ok(ag != NULL, "agg: @ak defined"))
		goto out;
	tap_is_int((int64_t)cl->acts[0].arg, ag->id, "agg: arg is the id");
	tap_is_int(ag->def.id, ag->id, "agg: def id");
	tap_is_int(ag->def.size, sizeof(ag->def), "agg: def size");
	tap_is_int(ag->def.func, DTRACE_AGG_LQUANTIZE, "agg: lquantize");
	tap_is_int(ag->def.flags, DTRACE_AGGDEF_INCR, "agg: increment");
	tap_ok(ag->def.params[0] == -10 && ag->def.params[1] == 10 &&
	       ag->def.params[2] == 2 && ag->def.params[3] == 0,
	       "agg: lquantize params -10, 10, 2");
	tap_is_int(ag->nvals, 12, "agg: 10 levels + 2 values");
	tap_is_int(ag->def.nkeys, 5, "agg: five keys");
	tap_is_int(ag->nkeys, 5, "agg: five key descriptions");
	tap_is_int(ag->def.keys[0].kind, DTRACE_AGGKEY_STRING, "agg: string key");
	tap_is_int(ag->def.keys[0].size, 257,
		   "agg: string key is strsize characters and the NUL");
	tap_is_int(ag->def.keys[1].kind, DTRACE_AGGKEY_INT, "agg: int key");
	tap_is_int(ag->def.keys[1].size, 8, "agg: int key widened to 8");
	tap_ok(ag->keys[1].kind == DT_REC_INT && ag->keys[1].is_signed,
	       "agg: int key is signed");
	tap_is_int(ag->keys[2].offset, 272, "agg: char key offset");
	tap_is_int(ag->keys[2].size, 8, "agg: char key widened to 8");
	tap_is_int(ag->def.keys[3].kind, DTRACE_AGGKEY_BYREF, "agg: usym key by ref");
	tap_is_int(ag->def.keys[3].size, 16, "agg: usym key pid + address");
	tap_ok(ag->keys[3].kind == DT_REC_USYM &&
	       ag->keys[3].symfmt == DT_SYM_SYM, "agg: usym key reads as USYM");
	tap_is_int(ag->keys[3].offset, 280, "agg: usym key offset");
	tap_is_int(ag->def.keys[4].kind, DTRACE_AGGKEY_STACK, "agg: stack key");
	tap_is_int(ag->def.keys[4].size, 24, "agg: stack(3) key is 24 bytes");
	tap_is_int(ag->keys[4].kind, DT_REC_STACK, "agg: stack key reads as STACK");
	tap_is_int(ag->keys[4].offset, 296, "agg: stack key offset");
	tap_is_int(ag->keysize, 320, "agg: key size");

	dp = cl->progs[0];
	tap_is_int(count_op(dp, DTRACE_DIF_OP_FLUSHTS), 1, "agg: one flushts");
	tap_is_int(count_op(dp, DTRACE_DIF_OP_PUSHTR), 2,
		   "agg: string and usym pushed by ref");
	tap_is_int(count_op(dp, DTRACE_DIF_OP_PUSHTV), 3,
		   "agg: two int keys and the increment pushed by value");
	tap_is_int(count_op(dp, DTRACE_DIF_OP_ALLOCS), 1,
		   "agg: usym built in scratch");
	tap_is_int(count_op(dp, DTRACE_DIF_OP_STX), 2,
		   "agg: pid and address stored");
	tap_is_int(dp->insns[dp->k.ninsns - 2].op, DTRACE_DIF_OP_PUSHTV,
		   "agg: the increment is pushed last");
	tap_is_int(dp->insns[dp->k.ninsns - 1].op, DTRACE_DIF_OP_RET,
		   "agg: returns the value");
	tap_ok(dp->insns[dp->k.ninsns - 1].src1 != 0, "agg: value in a register");
	tap_is_int(dp->k.rtype, DTRACE_DIF_RTYPE_INT, "agg: integer program");
out:
	dt_program_free(pgp);

	cl = agg_clause(dtp, &pgp,
		"BEGIN { @c[sym(arg0), uaddr(arg1), ustack()] = count(); @q = quantize(arg0); @ll = llquantize(arg0, 10, 0, 6, 20); @st = stddev(arg0); @av = avg(1); }");
	if (!cl)
		return;
	ag = dt_agg_lookup(dtp, "c");
	tap_ok(ag && ag->def.func == DTRACE_AGG_COUNT && !ag->def.flags &&
	       ag->nvals == 1, "agg: count: no increment, one value");
	tap_ok(ag && ag->def.keys[0].kind == DTRACE_AGGKEY_INT &&
	       ag->keys[0].kind == DT_REC_KSYM && ag->keys[0].symfmt == DT_SYM_SYM,
	       "agg: sym key is an 8-byte KSYM");
	tap_ok(ag && ag->keys[1].kind == DT_REC_USYM &&
	       ag->keys[1].symfmt == DT_SYM_ADDR, "agg: uaddr key");
	tap_ok(ag && ag->def.keys[2].kind == DTRACE_AGGKEY_USTACK &&
	       ag->def.keys[2].size == 8 * (dtp->opt.ustackframes + 1),
	       "agg: ustack key, default frames and pid");
	dp = cl->progs[0];
	tap_is_int(dp->insns[dp->k.ninsns - 1].src1, 0, "agg: count returns %r0");
	tap_is_int(count_op(dp, DTRACE_DIF_OP_PUSHTV), 1, "agg: sym pushed by value");
	ag = dt_agg_lookup(dtp, "q");
	tap_ok(ag && ag->nvals == DTRACE_QUANTIZE_NBUCKETS && !ag->nkeys &&
	       !ag->keysize, "agg: quantize values, no key");
	ag = dt_agg_lookup(dtp, "ll");
	tap_ok(ag && ag->def.params[0] == 10 && ag->def.params[1] == 0 &&
	       ag->def.params[2] == 6 && ag->def.params[3] == 20,
	       "agg: llquantize params");
	tap_is_int(ag ? ag->nvals : 0, 3 + 2 * (9 + 6 * 18),
		   "agg: llquantize buckets");
	ag = dt_agg_lookup(dtp, "st");
	tap_is_int(ag ? ag->nvals : 0, 4, "agg: stddev values");
	ag = dt_agg_lookup(dtp, "av");
	tap_is_int(ag ? ag->nvals : 0, 2, "agg: avg values");
	tap_is_int(cl->nacts, 5, "agg: an action per aggregation");
	tap_is_int(cl->datasize, 0, "agg: aggregations record nothing");
	dt_program_free(pgp);

	/* maxframes caps the default and the given frames alike */
	dtrace_setopt(dtp, "maxframes", "10");
	cl = agg_clause(dtp, &pgp,
		"BEGIN { @mu[ustack()] = count(); @mk[stack(50)] = count(); @ms[stack(3)] = count(); }");
	if (cl) {
		ag = dt_agg_lookup(dtp, "mu");
		tap_is_int(ag ? ag->def.keys[0].size : 0, 8 * (10 + 1),
			   "agg: ustack() of maxframes=10 frames and pid");
		ag = dt_agg_lookup(dtp, "mk");
		tap_is_int(ag ? ag->def.keys[0].size : 0, 8 * 10,
			   "agg: stack(50) cut at maxframes=10");
		ag = dt_agg_lookup(dtp, "ms");
		tap_is_int(ag ? ag->def.keys[0].size : 0, 8 * 3,
			   "agg: stack(3) below maxframes");
		dt_program_free(pgp);
	}
	dtrace_setopt(dtp, "maxframes", "128");
}

/* Ids across compilations; a failed compilation takes its own back. */
static void test_aggids(dtrace_hdl_t *dtp)
{
	const struct dt_agg *a;
	uint32_t id;

	tap_is_str(t_compile_msg(dtp, "BEGIN { @keep = sum(1); }"), "OK",
		   "agg: @keep");
	a = dt_agg_lookup(dtp, "keep");
	id = a ? a->id : 0;
	tap_is_str(t_compile_msg(dtp, "END { @keep = sum(2); @other = count(); }"),
		   "OK", "agg: @keep again");
	a = dt_agg_lookup(dtp, "keep");
	tap_ok(a && a->id == id && id >= 1, "agg: the same id");
	a = dt_agg_lookup(dtp, "other");
	tap_ok(a && a->id != id, "agg: a new one gets a new id");
	tap_ok(strcmp(t_compile_msg(dtp, "BEGIN { @gone = count(); trace(x); }"),
		      "OK") != 0, "agg: a failing compilation");
	tap_ok(dt_agg_lookup(dtp, "gone") == NULL,
	       "agg: its aggregations are rolled back");
	tap_is_str(t_compile_msg(dtp, "BEGIN { @ = count(); printa(@); }"),
		   "OK", "agg: anonymous @");
	a = dt_agg_lookup(dtp, "");
	tap_ok(a && a->name[0] == '\0', "agg: @ is named \"\"");
}

/* Which clauses record, statements on aggregations, speculations. */
static void test_aggstmts(dtrace_hdl_t *dtp)
{
	const struct dt_clause *cl;
	const struct dt_agg *a, *b;
	dtrace_prog_t *pgp;

	cl = agg_clause(dtp, &pgp, "BEGIN { @r = count(); rv = 1; }");
	if (cl) {
		tap_is_int(cl->nacts, 2, "rule: aggregation, then assignment");
		tap_is_int(cl->acts[1].kind, DTRACE_ACT_DIFEXPR,
			   "rule: assignment runs in a DIFEXPR");
		tap_is_int(cl->acts[1].size, 0, "rule: which stores nothing");
		tap_is_int(cl->datasize, 0, "rule: the clause records nothing");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp, "BEGIN { rv = 1; }");
	if (cl) {
		tap_is_int(cl->datasize, 0,
			   "rule: assignments alone record nothing either");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp, "BEGIN { speculate(1); }");
	if (cl) {
		tap_is_int(cl->datasize, 1,
			   "rule: speculate() alone records the probe's line in the speculation");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp, "BEGIN { commit(1); }");
	if (cl) {
		tap_is_int(cl->datasize, 0, "rule: commit() alone records nothing");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp, "BEGIN { printf(\"x\\n\"); @r = count(); }");
	if (cl) {
		tap_is_int(cl->datasize, 1,
			   "rule: printf of a format alone makes the clause record");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp, "BEGIN { discard(1); printf(\"y\\n\"); }");
	if (cl) {
		tap_is_int(cl->datasize, 1,
			   "rule: so it does beside a kernel act");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp, "BEGIN { @r = count(); trace(1); rv = 2; }");
	if (cl) {
		tap_is_int(cl->datasize, 4, "rule: data, no extra byte");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp,
		"BEGIN { @r = count(); @s = sum(1); printa(\"%@d %@d\\n\", @r, @s); }");
	if (cl) {
		a = dt_agg_lookup(dtp, "r");
		b = dt_agg_lookup(dtp, "s");
		tap_is_int(cl->datasize, 1, "rule: printa makes the clause record");
		tap_is_int(cl->nstmts, 4, "printa: statements");
		tap_is_int(cl->stmts[2].kind, DT_STMT_PRINTA, "printa: PRINTA");
		tap_ok(cl->stmts[2].fmt != NULL, "printa: its format");
		tap_is_int(cl->stmts[2].nrecs, 0, "printa: no record of its own");
		tap_ok(a && b && cl->stmts[2].naggs == 2 &&
		       cl->stmts[2].aggs[0] == a->id &&
		       cl->stmts[2].aggs[1] == b->id, "printa: ids in order");
		tap_is_int(cl->stmts[3].kind, DT_STMT_SILENT, "printa: then the byte");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp,
		"END { printa(@r); clear(@r); trunc(@r); trunc(@s, 5); normalize(@s, 1000); denormalize(@s); setopt(\"quiet\"); setopt(\"aggsortkey\", \"1\"); }");
	if (cl) {
		tap_ok(cl->stmts[0].kind == DT_STMT_PRINTA && !cl->stmts[0].fmt,
		       "printa: default layout");
		tap_is_int(cl->stmts[1].kind, DT_STMT_CLEAR, "clear");
		tap_ok(cl->stmts[2].kind == DT_STMT_TRUNC && !cl->stmts[2].nrecs,
		       "trunc(@r): no record");
		tap_ok(cl->stmts[3].kind == DT_STMT_TRUNC && cl->stmts[3].nrecs == 1,
		       "trunc(@s, 5): one record");
		tap_ok(cl->recs[cl->stmts[3].first].size == 8 &&
		       cl->recs[cl->stmts[3].first].is_signed,
		       "trunc: n is 8 signed bytes");
		tap_ok(cl->stmts[4].kind == DT_STMT_NORMALIZE &&
		       cl->stmts[4].nrecs == 1, "normalize: one record");
		tap_ok(cl->stmts[5].kind == DT_STMT_DENORMALIZE &&
		       cl->stmts[5].naggs == 1, "denormalize");
		tap_ok(cl->stmts[6].kind == DT_STMT_SETOPT &&
		       !strcmp(cl->stmts[6].optname, "quiet") &&
		       !cl->stmts[6].optval, "setopt(name)");
		tap_ok(cl->stmts[7].kind == DT_STMT_SETOPT &&
		       !strcmp(cl->stmts[7].optname, "aggsortkey") &&
		       !strcmp(cl->stmts[7].optval, "1"), "setopt(name, value)");
		tap_is_int(cl->datasize, 16, "aggregation statements: two n's");
		tap_is_int(cl->nstmts, 8, "aggregation statements: no extra byte");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp,
		"BEGIN { self->sp = speculation(); speculate(self->sp); trace(sym(arg0)); trace(usym(arg0)); printf(\"%a\", func(arg0)); }");
	if (cl) {
		tap_is_int(cl->acts[0].kind, DTRACE_ACT_SPECULATE, "spec: SPECULATE");
		tap_is_int(cl->acts[0].size, 0, "spec: stores nothing");
		tap_ok(cl->progs[0] &&
		       count_op(cl->progs[0], DTRACE_DIF_OP_CALL) == 1 &&
		       count_op(cl->progs[0], DTRACE_DIF_OP_LDTS) == 1,
		       "spec: speculation() in the pending statement, id read");
		tap_is_int(cl->stmts[0].kind, DT_STMT_SILENT, "spec: silent");
		tap_ok(cl->recs[1].kind == DT_REC_KSYM && cl->recs[1].size == 8 &&
		       cl->recs[1].symfmt == DT_SYM_SYM, "sym: 8-byte KSYM record");
		tap_ok(cl->recs[2].kind == DT_REC_USYM && cl->recs[2].size == 16 &&
		       cl->acts[2].difo.rtype == DTRACE_DIF_RTYPE_BYREF &&
		       cl->acts[2].difo.rsize == 16, "usym: 16-byte USYM record");
		tap_ok(cl->recs[3].kind == DT_REC_KSYM &&
		       cl->recs[3].symfmt == DT_SYM_FUNC, "func: printf argument");
		dt_program_free(pgp);
	}
	cl = agg_clause(dtp, &pgp, "END { commit(1); } BEGIN { discard(2); }");
	if (cl) {
		tap_ok(cl->nacts == 1 && cl->acts[0].kind == DTRACE_ACT_COMMIT &&
		       pgp->clauses[1]->acts[0].kind == DTRACE_ACT_DISCARD,
		       "spec: COMMIT, DISCARD");
		tap_is_int(cl->datasize, 0, "spec: commit clause records nothing");
		dt_program_free(pgp);
	}
}

/* -S names aggregations. */
static void test_aggdis(dtrace_hdl_t *dtp)
{
	dtrace_prog_t *pgp = compile(dtp,
		"BEGIN { @dis[pid] = quantize(arg0); } END { speculate(1); }");
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	if (!tap_ok(pgp != NULL, "dis: aggregation program compiles"))
		return;
	fp = open_memstream(&buf, &len);
	dtrace_program_dump(dtp, pgp, fp);
	fclose(fp);
	tap_ok(strstr(buf, "(aggregate @dis[pid_t] = quantize( ) (id ") != NULL,
	       "dis: aggregate action named");
	tap_ok(strstr(buf, "key 8 bytes, 127 values)") != NULL,
	       "dis: key and value sizes");
	tap_ok(strstr(buf, "(speculate, offset 0") != NULL, "dis: speculate");
	free(buf);
	dt_program_free(pgp);
}

/* Has @cl an action of @kind? */
static bool clause_has(const struct dt_clause *cl, uint32_t kind)
{
	unsigned int i;

	for (i = 0; i < cl->nacts; i++)
		if (cl->acts[i].kind == kind)
			return true;
	return false;
}

/*
 * The code generator's half of "no drastic default": what it gets for
 * a call the checker refuses, as if the checker had let it through
 * (it is skipped here), is an internal error, never an action, least
 * of all panic().  And panic() itself, allowed, is the one PANIC.
 */
static void test_unknown_action(dtrace_hdl_t *dtp)
{
	static const char text[] = "BEGIN { breakpoint(); }";
	dtrace_prog_t *pgp;
	struct dt_pcb pcb;
	struct dt_cg cg;
	volatile bool diag = false;

	dt_pcb_init(&pcb, dtp, text, strlen(text));
	dt_cg_init(&cg, &pcb);
	if (!tap_ok(dt_parse(&pcb) == 0 && pcb.clauses, "cg: %s parses", text))
		goto out;
	cg.clause = dt_clause_alloc();
	if (setjmp(pcb.jmp))
		diag = true;
	else
		dt_cg_clause(&cg, pcb.clauses);
	tap_ok(!clause_has(cg.clause, DTRACE_ACT_PANIC),
	       "cg: breakpoint( ) unchecked makes no panic action");
	tap_ok(diag && !strcmp(dt_errtag_name(pcb.tag), "D_INTERNAL"),
	       "cg: breakpoint( ) unchecked is an internal error: [%s] %s",
	       diag ? dt_errtag_name(pcb.tag) : "no error", diag ? pcb.msg : "");
out:
	dt_cg_fini(&cg);
	dt_pcb_fini(&pcb);

	dtrace_setopt(dtp, "destructive", NULL);
	dtrace_setopt(dtp, "allowpanic", NULL);
	pgp = compile(dtp, "BEGIN { panic(); }");
	tap_ok(pgp && pgp->clauses[0]->nacts == 1 &&
	       pgp->clauses[0]->acts[0].kind == DTRACE_ACT_PANIC,
	       "cg: panic( ) with -w and allowpanic is one PANIC action");
	dt_program_free(pgp);
}

void test_cg(void)
{
	dtrace_hdl_t *dtp = t_open();

	env_init();
	ev(dtp, "1 + 2 * 3", 7, 4);
	ev(dtp, "(1 + 2) * 3", 9, 4);
	ev(dtp, "7 / 2", 3, 4);
	ev(dtp, "-7 / 2", -3, 4);
	ev(dtp, "-7 % 2", -1, 4);
	ev(dtp, "7 % -2", -1, 4);	/* DTrace: negated for a divisor < 0 */
	ev(dtp, "-7 % -2", 1, 4);
	ev(dtp, "-7 / 2u", 2147483644, 4);
	ev(dtp, "-7L / 2UL", (int64_t)(9223372036854775804ULL), 8);
	ev(dtp, "1 << 3", 8, 4);
	ev(dtp, "1L << 63 >> 63", -1, 8);
	ev(dtp, "1UL << 63 >> 63", 1, 8);
	ev(dtp, "-16 >> 2", -4, 4);
	ev(dtp, "0xf0 & 0x3c | 1 ^ 3", 0x30 | (1 ^ 3), 4);
	ev(dtp, "~0", -1, 4);
	ev(dtp, "~0u", 4294967295LL, 4);
	ev(dtp, "~0u + 1", 0, 4);
	/* -x and ~x of an unsigned int are unsigned ints, folded or not */
	ev(dtp, "-1u + 0LL", 4294967295LL, 8);
	ev(dtp, "~0u + 0LL", 4294967295LL, 8);
	ev(dtp, "(long long)-1u == (long long)-(pid - pid + 1u)", 1, 4);
	ev(dtp, "0u - 1 > 0", 1, 4);
	ev(dtp, "-1 < 0u", 0, 4);
	ev(dtp, "-1L < 0u", 1, 4);
	/* constant expressions keep 64 bits, as DTrace's do */
	ev(dtp, "(long long)((1 << 63) - 1)", INT64_MAX, 8);
	ev(dtp, "(long)(2147483647 + 1)", 2147483648LL, 8);
	ev(dtp, "(long)-(1 << 40)", -(1LL << 40), 8);
	ev(dtp, "2147483647 + 1", -2147483648LL, 4);
	ev(dtp, "4294967295u + 1L", 4294967296LL, 8);
	ev(dtp, "-(-3)", 3, 4);
	ev(dtp, "+5", 5, 4);
	ev(dtp, "!0 + !7", 1, 4);
	ev(dtp, "3 > 2 == 1", 1, 4);
	ev(dtp, "2 >= 2 && 1 <= 0", 0, 4);
	ev(dtp, "0 || 5", 1, 4);
	ev(dtp, "0 && 1 / (pid - pid)", 0, 4);
	ev(dtp, "1 || 1 / (pid - pid)", 1, 4);
	ev(dtp, "1 ^^ 1", 0, 4);
	ev(dtp, "0 ^^ 9", 1, 4);
	ev(dtp, "1 ? 10 : 20", 10, 4);
	ev(dtp, "0 ? 10 : 0 ? 20 : 30", 30, 4);
	ev(dtp, "1 ? 2 : 3L", 2, 8);
	/* a ?: chain holds no register per level: 20 deep fits */
	ev(dtp, "pid == 1 ? 1 : pid == 2 ? 2 : pid == 3 ? 3 : pid == 4 ? 4 : "
	   "pid == 5 ? 5 : pid == 6 ? 6 : pid == 7 ? 7 : pid == 8 ? 8 : "
	   "pid == 9 ? 9 : pid == 10 ? 10 : pid == 11 ? 11 : pid == 12 ? 12 : "
	   "pid == 13 ? 13 : pid == 14 ? 14 : pid == 15 ? 15 : "
	   "pid == 16 ? 16 : pid == 17 ? 17 : pid == 18 ? 18 : "
	   "pid == 19 ? 19 : pid == 4242 ? 20 : 0", 20, 4);
	ev(dtp, "pid != 4242 ? 1 : (pid + 1 == 4243 ? pid + 2 : pid + 3)",
	   4244, 4);
	ev(dtp, "(1, 2)", 2, 4);
	ev(dtp, "'A' + 1", 66, 4);
	ev(dtp, "0x7fffffffffffffff", INT64_MAX, 8);
	ev(dtp, "pid", 4242, 4);
	ev(dtp, "pid > 0", 1, 4);
	ev(dtp, "cpu * 10", 10, 4);
	ev(dtp, "timestamp", 123456789012LL, 8);
	ev(dtp, "arg0", -5, 8);
	ev(dtp, "arg0 + arg1", 2, 8);
	ev(dtp, "arg0 < 0", 1, 4);
	ev(dtp, "timestamp > arg0", 0, 4);
	ev(dtp, "execname == \"dtrace\"", 1, 4);
	ev(dtp, "execname != \"dtrace\"", 0, 4);
	ev(dtp, "\"abc\" < \"abd\"", 1, 4);
	ev(dtp, "\"abc\" > \"abd\"", 0, 4);
	ev(dtp, "\"b\" >= \"abd\"", 1, 4);
	ev(dtp, "\"abc\" <= \"abc\"", 1, 4);
	/* a NULL string is less than every string, "" too; equal to NULL */
	ev(dtp, "\"\" == (void *)0", 0, 4);
	ev(dtp, "\"\" > (void *)0", 1, 4);
	ev(dtp, "(void *)0 < \"\"", 1, 4);
	ev(dtp, "(void *)0 >= \"a\"", 0, 4);
	ev(dtp, "strchr(\"ab\", 'z') == strstr(\"ab\", \"z\")", 1, 4);
	ev(dtp, "strchr(\"ab\", 'z') <= (void *)0", 1, 4);
	ev(dtp, "probename == \"BEGIN\" && probeprov == \"dtrace\"", 1, 4);

	pred(dtp, "pid == 4242", true);
	pred(dtp, "pid != 4242", false);
	pred(dtp, "execname == \"dtrace\" || (1 / (pid - pid))", true);

	{
		dtrace_prog_t *pgp = compile(dtp,
			"BEGIN { trace(1 / (pid - pid)) }");
		uint64_t v;

		tap_ok(pgp && dif_eval(pgp->clauses[0]->progs[0], &env, &v) &&
		       env.fault == DTRACEFLT_DIVZERO,
		       "cg: division by zero faults at run time");
		dt_program_free(pgp);
	}
	tap_is_str(t_compile_msg(dtp,
		"BEGIN { trace(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+(pid+pid))))))))))))))) }"),
		"[D_NOREG] insufficient registers to generate code: expression is too complex",
		"cg: too deep an expression is D_NOREG");
	ev(dtp, "1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+(1+1)))))))))))))", 15, 4);
	test_layout(dtp);
	test_vars(dtp);
	test_subr(dtp);
	test_members(dtp);
	test_decls(dtp);
	test_ksym();
	test_dis(dtp);
	test_aggdef(dtp);
	test_aggids(dtp);
	test_aggstmts(dtp);
	test_aggdis(dtp);
	test_ast(dtp);
	test_unknown_action(dtp);
	dtrace_close(dtp);
}
