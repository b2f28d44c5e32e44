// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF verifier: run once on a program at enable time, before the
 * interpreter (dif_exec_ctx.c) ever sees it, so that the interpreter can
 * trust every register number, table index, variable id and branch
 * target.  A refusal names the rule (DTRACE_DIFERR_* of the ABI header,
 * with its text) and the instruction.  Process context; kernel-neutral
 * (engine/dif.h), so the host's fuzzers run this very code.
 */
#include "dif.h"

/* Which operand fields an opcode uses; the others must be zero. */
#define DIF_DST		0x001
#define DIF_SRC1	0x002
#define DIF_SRC2	0x004
#define DIF_IMM		0x008	/* any value */
#define DIF_INT		0x010	/* an index into the integer table */
#define DIF_STR		0x020	/* an offset into the string table */
#define DIF_BRANCH	0x040	/* a forward branch offset */
#define DIF_VAR		0x080	/* a built-in variable, not an array */
#define DIF_VARA	0x100	/* a built-in array: ARGS or UREGS */
#define DIF_DVAR	0x200	/* a declared variable, see dtrace_dif_dvar */
#define DIF_SUBR	0x400	/* a subroutine */
#define DIF_PUSH	0x800	/* a by-ref size, 0..DTRACE_RECORD_MAX */
#define DIF_SSIZE	0x1000	/* a string's size, 1..DTRACE_STRSIZE_MAX */

#define DIF_ALU		(DIF_DST | DIF_SRC1 | DIF_SRC2)
#define DIF_LOAD	(DIF_DST | DIF_SRC1 | DIF_IMM)
#define DIF_STORE	(DIF_DST | DIF_SRC1 | DIF_IMM)

static const u16 dtrace_dif_shape[DTRACE_DIF_OP_MAX] = {
	[DTRACE_DIF_OP_RET]	= DIF_SRC1,
	[DTRACE_DIF_OP_MOV]	= DIF_DST | DIF_SRC1,
	[DTRACE_DIF_OP_LDI]	= DIF_DST | DIF_IMM,
	[DTRACE_DIF_OP_SETX]	= DIF_DST | DIF_INT,
	[DTRACE_DIF_OP_SETS]	= DIF_DST | DIF_STR,
	[DTRACE_DIF_OP_ADD]	= DIF_ALU,
	[DTRACE_DIF_OP_SUB]	= DIF_ALU,
	[DTRACE_DIF_OP_MUL]	= DIF_ALU,
	[DTRACE_DIF_OP_SDIV]	= DIF_ALU,
	[DTRACE_DIF_OP_UDIV]	= DIF_ALU,
	[DTRACE_DIF_OP_SREM]	= DIF_ALU,
	[DTRACE_DIF_OP_UREM]	= DIF_ALU,
	[DTRACE_DIF_OP_AND]	= DIF_ALU,
	[DTRACE_DIF_OP_OR]	= DIF_ALU,
	[DTRACE_DIF_OP_XOR]	= DIF_ALU,
	[DTRACE_DIF_OP_SHL]	= DIF_ALU,
	[DTRACE_DIF_OP_LSR]	= DIF_ALU,
	[DTRACE_DIF_OP_ASR]	= DIF_ALU,
	[DTRACE_DIF_OP_NOT]	= DIF_DST | DIF_SRC1,
	[DTRACE_DIF_OP_NEG]	= DIF_DST | DIF_SRC1,
	[DTRACE_DIF_OP_SEQ]	= DIF_ALU,
	[DTRACE_DIF_OP_SNE]	= DIF_ALU,
	[DTRACE_DIF_OP_SLT]	= DIF_ALU,
	[DTRACE_DIF_OP_SLE]	= DIF_ALU,
	[DTRACE_DIF_OP_SLTU]	= DIF_ALU,
	[DTRACE_DIF_OP_SLEU]	= DIF_ALU,
	[DTRACE_DIF_OP_SCMP]	= DIF_ALU,
	[DTRACE_DIF_OP_JMP]	= DIF_BRANCH,
	[DTRACE_DIF_OP_JZ]	= DIF_SRC1 | DIF_BRANCH,
	[DTRACE_DIF_OP_JNZ]	= DIF_SRC1 | DIF_BRANCH,
	[DTRACE_DIF_OP_LDV]	= DIF_DST | DIF_VAR,
	[DTRACE_DIF_OP_LDSB]	= DIF_LOAD,
	[DTRACE_DIF_OP_LDSH]	= DIF_LOAD,
	[DTRACE_DIF_OP_LDSW]	= DIF_LOAD,
	[DTRACE_DIF_OP_LDUB]	= DIF_LOAD,
	[DTRACE_DIF_OP_LDUH]	= DIF_LOAD,
	[DTRACE_DIF_OP_LDUW]	= DIF_LOAD,
	[DTRACE_DIF_OP_LDX]	= DIF_LOAD,
	[DTRACE_DIF_OP_ULDSB]	= DIF_LOAD,
	[DTRACE_DIF_OP_ULDSH]	= DIF_LOAD,
	[DTRACE_DIF_OP_ULDSW]	= DIF_LOAD,
	[DTRACE_DIF_OP_ULDUB]	= DIF_LOAD,
	[DTRACE_DIF_OP_ULDUH]	= DIF_LOAD,
	[DTRACE_DIF_OP_ULDUW]	= DIF_LOAD,
	[DTRACE_DIF_OP_ULDX]	= DIF_LOAD,
	[DTRACE_DIF_OP_STB]	= DIF_STORE,
	[DTRACE_DIF_OP_STH]	= DIF_STORE,
	[DTRACE_DIF_OP_STW]	= DIF_STORE,
	[DTRACE_DIF_OP_STX]	= DIF_STORE,
	[DTRACE_DIF_OP_LDVA]	= DIF_DST | DIF_SRC1 | DIF_VARA,
	[DTRACE_DIF_OP_LDGS]	= DIF_DST | DIF_DVAR,
	[DTRACE_DIF_OP_STGS]	= DIF_SRC1 | DIF_DVAR,
	[DTRACE_DIF_OP_LDLS]	= DIF_DST | DIF_DVAR,
	[DTRACE_DIF_OP_STLS]	= DIF_SRC1 | DIF_DVAR,
	[DTRACE_DIF_OP_LDTS]	= DIF_DST | DIF_DVAR,
	[DTRACE_DIF_OP_STTS]	= DIF_SRC1 | DIF_DVAR,
	[DTRACE_DIF_OP_LDGA]	= DIF_DST | DIF_DVAR,
	[DTRACE_DIF_OP_STGA]	= DIF_SRC1 | DIF_DVAR,
	[DTRACE_DIF_OP_LDTA]	= DIF_DST | DIF_DVAR,
	[DTRACE_DIF_OP_STTA]	= DIF_SRC1 | DIF_DVAR,
	[DTRACE_DIF_OP_FLUSHTS]	= 0,
	[DTRACE_DIF_OP_PUSHTV]	= DIF_SRC1,
	[DTRACE_DIF_OP_PUSHTR]	= DIF_SRC1 | DIF_PUSH,
	[DTRACE_DIF_OP_CALL]	= DIF_DST | DIF_SUBR,
	[DTRACE_DIF_OP_ALLOCS]	= DIF_DST | DIF_SRC1,
	[DTRACE_DIF_OP_STSTR]	= DIF_DST | DIF_SRC1 | DIF_SSIZE,
};

/* The scope and kind of the variable a DIF_DVAR opcode names. */
static const struct {
	u8 scope;
	u8 kind;
} dtrace_dif_dvar[DTRACE_DIF_OP_MAX] = {
	[DTRACE_DIF_OP_LDGS] = { DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_KIND_SCALAR },
	[DTRACE_DIF_OP_STGS] = { DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_KIND_SCALAR },
	[DTRACE_DIF_OP_LDLS] = { DTRACE_DIFV_SCOPE_LOCAL, DTRACE_DIFV_KIND_SCALAR },
	[DTRACE_DIF_OP_STLS] = { DTRACE_DIFV_SCOPE_LOCAL, DTRACE_DIFV_KIND_SCALAR },
	[DTRACE_DIF_OP_LDTS] = { DTRACE_DIFV_SCOPE_THREAD, DTRACE_DIFV_KIND_SCALAR },
	[DTRACE_DIF_OP_STTS] = { DTRACE_DIFV_SCOPE_THREAD, DTRACE_DIFV_KIND_SCALAR },
	[DTRACE_DIF_OP_LDGA] = { DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_KIND_ARRAY },
	[DTRACE_DIF_OP_STGA] = { DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_KIND_ARRAY },
	[DTRACE_DIF_OP_LDTA] = { DTRACE_DIFV_SCOPE_THREAD, DTRACE_DIFV_KIND_ARRAY },
	[DTRACE_DIF_OP_STTA] = { DTRACE_DIFV_SCOPE_THREAD, DTRACE_DIFV_KIND_ARRAY },
};

/* The text of every rule, from the ABI header's one list. */
#define DTRACE_DIFERR_TEXT(name, text) \
	[DTRACE_DIFERR_##name] = text,
static const char *const dtrace_dif_rules[DTRACE_DIFERR_MAX] = {
	[DTRACE_DIFERR_NONE] = "accepted",
	DTRACE_DIFERR_LIST(DTRACE_DIFERR_TEXT)
};

/**
 * dtrace_dif_rule_text() - what a verifier rule says
 * @rule: DTRACE_DIFERR_*
 *
 * Context: any.
 * Return: the rule's text; "unknown rule" for a number the list lacks.
 */
const char *dtrace_dif_rule_text(u32 rule)
{
	return rule < DTRACE_DIFERR_MAX ? dtrace_dif_rules[rule] :
	       "unknown rule";
}

/* The destructive flag of each subroutine, from the ABI header's list. */
#define DTRACE_DIF_SUBR_DESTR(name, dname, nmin, nmax, args, res, destr) \
	[DTRACE_DIF_SUBR_##name] = destr,
static const bool dtrace_subr_destr[DTRACE_DIF_SUBR_MAX] = {
	DTRACE_DIF_SUBR_LIST(DTRACE_DIF_SUBR_DESTR)
};

/**
 * dtrace_dif_subr_destructive() - whether a subroutine changes the system
 * @subr: DTRACE_DIF_SUBR_*
 *
 * Context: any.
 * Return: true for copyout and copyoutstr, which write to user memory.
 */
bool dtrace_dif_subr_destructive(u32 subr)
{
	return subr < DTRACE_DIF_SUBR_MAX && dtrace_subr_destr[subr];
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_subr_destructive);

/* Refuse: @rule broken at instruction @insn. */
static bool dtrace_dif_refuse(struct dtrace_dif_err *err, u32 rule, u32 insn)
{
	err->rule = rule;
	err->insn = insn;
	return false;
}

static bool dtrace_dif_var_valid(s32 var)
{
	return (var >= DTRACE_DIF_VAR_ARG0 && var <= DTRACE_DIF_VAR_ARG9) ||
	       (var >= DTRACE_DIF_VAR_PID && var < DTRACE_DIF_VAR_ARGS);
}

static bool dtrace_dif_reg_ok(u16 shape, u16 flag, u8 reg)
{
	return (shape & flag) ? reg < DTRACE_DIF_NREGS : reg == 0;
}

/* The vartab entry of variable @id, or NULL. */
static const struct dtrace_difv *dtrace_prog_var(const struct dtrace_dif_prog *prog,
						 s32 id)
{
	u32 i;

	for (i = 0; i < prog->nvars; i++)
		if ((s64)prog->vartab[i].id == id)
			return &prog->vartab[i];
	return NULL;
}

/* The DTRACE_DIFERR_* a variable table entry breaks, or 0. */
static u32 dtrace_difv_rule(const struct dtrace_dif_prog *prog,
			    const struct dtrace_difv *v)
{
	if (v->id < 1 || v->id >= DTRACE_DIF_MAXVARS)
		return DTRACE_DIFERR_VAR_ID;
	if (v->reserved)
		return DTRACE_DIFERR_VAR_RESERVED;
	if (v->scope > DTRACE_DIFV_SCOPE_LOCAL ||
	    v->kind > DTRACE_DIFV_KIND_ARRAY ||
	    (v->scope == DTRACE_DIFV_SCOPE_LOCAL &&
	     v->kind != DTRACE_DIFV_KIND_SCALAR))
		return DTRACE_DIFERR_VAR_SCOPE;
	switch (v->type) {
	case DTRACE_DIFV_TYPE_INT:
		if (v->size != 8)
			return DTRACE_DIFERR_VAR_TYPE;
		break;
	case DTRACE_DIFV_TYPE_STRING:
		if (v->size < 1 || v->size > DTRACE_STRSIZE_MAX)
			return DTRACE_DIFERR_VAR_TYPE;
		break;
	case DTRACE_DIFV_TYPE_BYREF:
		if (v->size < 1 || v->size > DTRACE_RECORD_MAX)
			return DTRACE_DIFERR_VAR_TYPE;
		break;
	default:
		return DTRACE_DIFERR_VAR_TYPE;
	}
	if (dtrace_prog_var(prog, v->id) != v)
		return DTRACE_DIFERR_VAR_DUP;
	return 0;
}

/* The DTRACE_DIFERR_* the immediate of one instruction breaks, or 0. */
static u32 dtrace_insn_imm_rule(struct dtrace_dif_prog *prog,
				const struct dtrace_dif_insn *in, u32 pc,
				u16 shape)
{
	const struct dtrace_difv *v;

	if (shape & DIF_INT)
		return in->imm >= 0 && (u32)in->imm < prog->nints ?
		       0 : DTRACE_DIFERR_INT_INDEX;
	if (shape & DIF_STR)
		return in->imm >= 0 && (u32)in->imm < prog->strtab_len ?
		       0 : DTRACE_DIFERR_STR_OFFSET;
	if (shape & DIF_BRANCH)
		return in->imm >= 0 && (u64)pc + 1 + in->imm < prog->ninsns ?
		       0 : DTRACE_DIFERR_BRANCH;
	if (shape & DIF_VAR)
		return dtrace_dif_var_valid(in->imm) ? 0 : DTRACE_DIFERR_BUILTIN;
	if (shape & DIF_VARA)
		return in->imm == DTRACE_DIF_VAR_ARGS ||
		       in->imm == DTRACE_DIF_VAR_UREGS ? 0 : DTRACE_DIFERR_ARRAY;
	if (shape & DIF_DVAR) {
		v = dtrace_prog_var(prog, in->imm);
		return v && v->scope == dtrace_dif_dvar[in->op].scope &&
		       v->kind == dtrace_dif_dvar[in->op].kind ?
		       0 : DTRACE_DIFERR_DVAR;
	}
	if (shape & DIF_SUBR) {
		if (in->imm < 1 || in->imm >= DTRACE_DIF_SUBR_MAX)
			return DTRACE_DIFERR_SUBR;
		if (dtrace_dif_subr_destructive(in->imm))
			prog->destructive = true;
		if (in->imm == DTRACE_DIF_SUBR_SPECULATION)
			prog->speculates = true;
		return 0;
	}
	if (shape & DIF_SSIZE)
		return in->imm >= 1 && in->imm <= DTRACE_STRSIZE_MAX ?
		       0 : DTRACE_DIFERR_STSTR;
	if (shape & DIF_PUSH) {
		if (in->imm < 0 || in->imm > DTRACE_RECORD_MAX)
			return DTRACE_DIFERR_PUSH;
		if ((u32)in->imm > prog->maxpush)
			prog->maxpush = in->imm;
		return 0;
	}
	return !(shape & DIF_IMM) && in->imm ? DTRACE_DIFERR_IMM : 0;
}

/**
 * dtrace_dif_header_verify() - check a program's counts and result type
 * @difo: the program as the consumer describes it
 * @err: set to the rule broken, if one is
 *
 * What can be checked before the tables are copied in: their sizes
 * against the ABI's limits (so a copy is never larger than those), and
 * the result type.
 * Context: any.
 * Return: true if accepted, else false with @err set.
 */
bool dtrace_dif_header_verify(const struct dtrace_difo *difo,
			      struct dtrace_dif_err *err)
{
	bool ok;

	if (difo->ninsns == 0 || difo->ninsns > DTRACE_DIF_MAXINSNS)
		return dtrace_dif_refuse(err, DTRACE_DIFERR_NINSNS, 0);
	if (difo->nints > DTRACE_DIF_MAXINTS)
		return dtrace_dif_refuse(err, DTRACE_DIFERR_NINTS, 0);
	if (difo->strtab_len > DTRACE_DIF_MAXSTRTAB)
		return dtrace_dif_refuse(err, DTRACE_DIFERR_STRTAB, 0);
	if (difo->nvars > DTRACE_DIF_MAXVARS)
		return dtrace_dif_refuse(err, DTRACE_DIFERR_NVARS, 0);
	switch (difo->rtype) {
	case DTRACE_DIF_RTYPE_INT:
		ok = difo->rsize == 1 || difo->rsize == 2 ||
		     difo->rsize == 4 || difo->rsize == 8;
		break;
	case DTRACE_DIF_RTYPE_STRING:
		ok = difo->rsize == 0;
		break;
	case DTRACE_DIF_RTYPE_BYREF:
		ok = difo->rsize >= 1 && difo->rsize <= DTRACE_RECORD_MAX;
		break;
	default:
		ok = false;
		break;
	}
	return ok ? true : dtrace_dif_refuse(err, DTRACE_DIFERR_RTYPE, 0);
}

bool dtrace_dif_straight_on = true;

/*
 * Note in @ld the load @in at @pc if it is one a straight form runs:
 * LDI, SETX, LDV, and with @more SETS and LDTS.
 */
static bool dtrace_dif_load_of(const struct dtrace_dif_prog *prog,
			       const struct dtrace_dif_insn *in, u32 pc,
			       bool more, struct dtrace_dif_load *ld)
{
	ld->pc = pc;
	ld->var = in->imm;
	switch (in->op) {
	case DTRACE_DIF_OP_LDI:
		ld->kind = DTRACE_DIF_LOAD_CONST;
		ld->value = (s64)in->imm;
		return true;
	case DTRACE_DIF_OP_SETX:
		ld->kind = DTRACE_DIF_LOAD_CONST;
		ld->value = prog->inttab[in->imm];
		return true;
	case DTRACE_DIF_OP_LDV:
		ld->kind = in->imm <= DTRACE_DIF_VAR_ARG9 ?
			   DTRACE_DIF_LOAD_ARG : DTRACE_DIF_LOAD_VAR;
		return true;
	case DTRACE_DIF_OP_SETS:
		ld->kind = DTRACE_DIF_LOAD_STR;
		ld->value = (uintptr_t)(prog->strtab + in->imm);
		return more;
	case DTRACE_DIF_OP_LDTS:
		ld->kind = DTRACE_DIF_LOAD_TLS;
		return more;
	}
	return false;
}

/*
 * Note @prog's straight form (engine/dif.h), if it has one: loads into
 * registers not loaded before, then FLUSHTS, a push, RET, in that order,
 * each at most once.
 */
static void dtrace_dif_straighten(struct dtrace_dif_prog *prog)
{
	struct dtrace_dif_straight *s = &prog->straight;
	u8 src[DTRACE_DIF_NREGS] = { 0 };	/* register -> operand */
	bool flushed = false;
	u32 pc;

	*s = (struct dtrace_dif_straight){ 0 };
	if (!dtrace_dif_straight_on)
		return;
	for (pc = 0; pc < prog->ninsns; pc++) {
		const struct dtrace_dif_insn *in = &prog->insns[pc];
		struct dtrace_dif_load *ld = &s->loads[s->nloads];

		switch (in->op) {
		case DTRACE_DIF_OP_LDI:
		case DTRACE_DIF_OP_SETX:
		case DTRACE_DIF_OP_LDV:
			if (flushed || s->push || src[in->dst] ||
			    s->nloads == DTRACE_DIF_STRAIGHT_LOADS)
				return;
			dtrace_dif_load_of(prog, in, pc, false, ld);
			src[in->dst] = ++s->nloads;
			break;
		case DTRACE_DIF_OP_FLUSHTS:
			if (flushed || s->push)
				return;
			flushed = true;
			break;
		case DTRACE_DIF_OP_PUSHTV:
		case DTRACE_DIF_OP_PUSHTR:
			if (s->push)
				return;
			s->push = in->op;
			s->push_src = src[in->src1];
			s->push_size = in->imm;
			break;
		case DTRACE_DIF_OP_RET:
			s->ret_src = src[in->src1];
			s->ok = true;
			return;
		default:
			return;
		}
	}
}

/*
 * The operand of a predicate term that register @reg is, given the
 * registers @r1 and @r2 its loads wrote (0: none): 0 for %r0, i + 1
 * for loads[i]; -1 for any other register.
 */
static int dtrace_dif_term_src(u8 reg, u8 r1, u8 r2)
{
	if (!reg)
		return 0;
	if (reg == r2)
		return 2;
	return reg == r1 ? 1 : -1;
}

/*
 * Read one term of a predicate (engine/dif.h) at *@pc into @t; on
 * success *@pc is past it and *@reg is the register holding its value.
 */
static bool dtrace_dif_term_of(const struct dtrace_dif_prog *prog, u32 *pc,
			       struct dtrace_dif_term *t, u8 *reg)
{
	const struct dtrace_dif_insn *in = &prog->insns[*pc];
	u8 r[DTRACE_DIF_STRAIGHT_LOADS] = { 0 };
	int a, b;

	while (t->nloads < DTRACE_DIF_STRAIGHT_LOADS && in->dst &&
	       in->dst != r[0] &&
	       dtrace_dif_load_of(prog, in, *pc, true, &t->loads[t->nloads])) {
		r[t->nloads++] = in->dst;
		in = &prog->insns[++*pc];
	}
	if (!t->nloads)
		return false;
	a = dtrace_dif_term_src(in->src1, r[0], r[1]);
	b = dtrace_dif_term_src(in->src2, r[0], r[1]);
	/* SNE of one load and %r0 is the truth that a join takes */
	switch (in->op == DTRACE_DIF_OP_SNE && t->nloads == 1 && a == 1 &&
		!b ? 0 : in->op) {
	case DTRACE_DIF_OP_SEQ ... DTRACE_DIF_OP_SLEU:
	case DTRACE_DIF_OP_SCMP:
		break;
	default:
		/* no compare: the value of the one load */
		*reg = r[0];
		return t->nloads == 1;
	}
	if (a < 0 || b < 0 || !in->dst)
		return false;
	t->cmp = in->op;
	t->a = a;
	t->b = b;
	t->cmp_pc = *pc;
	*reg = in->dst;
	in = &prog->insns[++*pc];
	/*
	 * The compare's result against zero: SEQ or SNE with %r0 after
	 * SCMP; SEQ (a `!`) after the others.  SNE after those is the
	 * truth that the join of two terms takes.
	 */
	if ((in->op != DTRACE_DIF_OP_SEQ && in->op != DTRACE_DIF_OP_SNE) ||
	    in->src1 != *reg || in->src2 || !in->dst ||
	    (t->cmp != DTRACE_DIF_OP_SCMP && in->op != DTRACE_DIF_OP_SEQ))
		return t->cmp != DTRACE_DIF_OP_SCMP;
	t->test = in->op;
	*reg = in->dst;
	++*pc;
	return true;
}

/* Whether @in is `SNE %src, %r0, %dst`: the truth of @src into @dst. */
static bool dtrace_dif_is_truth(const struct dtrace_dif_insn *in, u8 src)
{
	return in->op == DTRACE_DIF_OP_SNE && in->src1 == src && !in->src2;
}

/*
 * Note @prog's straight form as a predicate (engine/dif.h), if it has
 * one: a term; RET, or a term, its truth; JZ or JNZ to the RET; a
 * term, its truth into the same register; RET of that register.
 */
static void dtrace_dif_pred_form(struct dtrace_dif_prog *prog)
{
	struct dtrace_dif_pred *p = &prog->pred;
	const struct dtrace_dif_insn *in;
	u32 pc = 0, last = prog->ninsns - 1;
	u8 reg, truth;

	*p = (struct dtrace_dif_pred){ 0 };
	if (!dtrace_dif_straight_on || prog->straight.ok ||
	    !dtrace_dif_term_of(prog, &pc, &p->terms[0], &reg) || pc > last)
		return;
	in = &prog->insns[pc];
	if (in->op == DTRACE_DIF_OP_RET && in->src1 == reg) {
		p->nterms = 1;
		p->ok = true;
		return;
	}
	/* the first term's truth, JZ or JNZ to the RET */
	truth = in->dst;
	if (!dtrace_dif_is_truth(in, reg) || !truth || pc + 2 > last)
		return;
	p->terms[0].truth = true;
	in = &prog->insns[++pc];
	if ((in->op != DTRACE_DIF_OP_JZ && in->op != DTRACE_DIF_OP_JNZ) ||
	    in->src1 != truth || pc + 1 + in->imm != last)
		return;
	p->conj = in->op == DTRACE_DIF_OP_JZ;
	pc++;
	/* the second term, its truth into the same register, RET */
	if (!dtrace_dif_term_of(prog, &pc, &p->terms[1], &reg) ||
	    pc + 1 != last || !dtrace_dif_is_truth(&prog->insns[pc], reg) ||
	    prog->insns[pc].dst != truth || prog->insns[last].src1 != truth)
		return;
	p->terms[1].truth = true;
	p->nterms = 2;
	p->ok = true;
}

/*
 * Whether every register @prog reads (an operand, or a store's address
 * register) was written before on every path to it, %r0 counting as
 * written (the loop sets it to 0): then the decode loop need not zero
 * its registers.  Branches only go forward, so one pass in order sees
 * every path: a register is written at an instruction if it is written
 * on the way from the one before (unless that is a JMP or RET) and on
 * the way from each branch to it.  A program with more than
 * DTRACE_DIF_PENDING branch targets ahead at once is not proven.
 */
static bool dtrace_dif_regs_written(const struct dtrace_dif_prog *prog)
{
	struct {
		u32 target;
		u16 set;
	} pend[DTRACE_DIF_PENDING];
	u32 npend = 0, pc, i;
	u16 set = 1;	/* on the path into pc: %r0 */

	for (pc = 0; pc < prog->ninsns; pc++) {
		const struct dtrace_dif_insn *in = &prog->insns[pc];
		u16 shape = dtrace_dif_shape[in->op], reads = 0;
		bool store = (in->op >= DTRACE_DIF_OP_STB &&
			      in->op <= DTRACE_DIF_OP_STX) ||
			     in->op == DTRACE_DIF_OP_STSTR;

		i = 0;
		while (i < npend) {
			if (pend[i].target == pc) {
				set &= pend[i].set;
				pend[i] = pend[--npend];
			} else {
				i++;
			}
		}
		if (shape & DIF_SRC1)
			reads |= 1 << in->src1;
		if (shape & DIF_SRC2)
			reads |= 1 << in->src2;
		if (store)
			reads |= 1 << in->dst;
		if (reads & ~set)
			return false;
		if (shape & DIF_BRANCH) {
			for (i = 0; i < npend; i++)
				if (pend[i].target == pc + 1 + in->imm)
					break;
			if (i == npend) {
				if (npend == DTRACE_DIF_PENDING)
					return false;
				pend[npend].target = pc + 1 + in->imm;
				pend[npend++].set = set;
			} else {
				pend[i].set &= set;
			}
		}
		if ((shape & DIF_DST) && !store)
			set |= 1 << in->dst;
		/* only branches reach the next instruction */
		if (in->op == DTRACE_DIF_OP_JMP || in->op == DTRACE_DIF_OP_RET)
			set = 0xffff;
	}
	return true;
}

/**
 * dtrace_dif_verify() - check a program against the rules of docs/abi.md
 * @prog: the program, its tables in memory; counts within the limits
 *	dtrace_dif_header_verify() checks
 * @err: set to the rule broken and where, if one is
 *
 * Known opcodes, registers in range and unused operands zero, table
 * references inside their tables, variables declared with the scope and
 * kind their opcode implies, branches forward and inside the program,
 * RET last.  Together they make every program end and touch only its
 * own registers, tables and variables.  Sets prog->maxpush,
 * ->destructive, ->speculates, ->regs_written, ->straight and ->pred.
 * Context: any; process context in the kernel.
 * Return: true if accepted, else false with @err set.
 */
bool dtrace_dif_verify(struct dtrace_dif_prog *prog, struct dtrace_dif_err *err)
{
	u32 i, pc, rule;

	if (!prog->ninsns || prog->ninsns > DTRACE_DIF_MAXINSNS)
		return dtrace_dif_refuse(err, DTRACE_DIFERR_NINSNS, 0);
	/* SETS hands out strtab addresses: every string must end inside. */
	if (prog->strtab_len && prog->strtab[prog->strtab_len - 1])
		return dtrace_dif_refuse(err, DTRACE_DIFERR_STRTAB_NUL, 0);
	for (i = 0; i < prog->nvars; i++) {
		rule = dtrace_difv_rule(prog, &prog->vartab[i]);
		if (rule)
			return dtrace_dif_refuse(err, rule, 0);
	}
	for (pc = 0; pc < prog->ninsns; pc++) {
		const struct dtrace_dif_insn *in = &prog->insns[pc];
		u16 shape;

		if (in->op == 0 || in->op >= DTRACE_DIF_OP_MAX)
			return dtrace_dif_refuse(err, DTRACE_DIFERR_OPCODE, pc);
		shape = dtrace_dif_shape[in->op];
		if (!dtrace_dif_reg_ok(shape, DIF_DST, in->dst) ||
		    !dtrace_dif_reg_ok(shape, DIF_SRC1, in->src1) ||
		    !dtrace_dif_reg_ok(shape, DIF_SRC2, in->src2))
			return dtrace_dif_refuse(err, DTRACE_DIFERR_REG, pc);
		rule = dtrace_insn_imm_rule(prog, in, pc, shape);
		if (rule)
			return dtrace_dif_refuse(err, rule, pc);
	}
	if (prog->insns[prog->ninsns - 1].op != DTRACE_DIF_OP_RET)
		return dtrace_dif_refuse(err, DTRACE_DIFERR_LAST_RET,
					 prog->ninsns - 1);
	prog->regs_written = dtrace_dif_regs_written(prog);
	dtrace_dif_straighten(prog);
	dtrace_dif_pred_form(prog);
	err->rule = DTRACE_DIFERR_NONE;
	err->insn = 0;
	return true;
}
