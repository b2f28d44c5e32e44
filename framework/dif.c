// SPDX-License-Identifier: GPL-2.0
/*
 * DIF programs as the consumer hands them in: copying them into kernel
 * memory and verifying them, once, at enable time, so that the
 * interpreter (dtrace_dif_run() in dif_exec.c) can trust every register
 * number, table index, variable id and branch target.  Process context
 * only.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/slab.h>
#include <linux/uaccess.h>
#include "internal.h"

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
static const struct dtrace_difv *dtrace_prog_var(const struct dtrace_prog *prog,
						 s32 id)
{
	u32 i;

	for (i = 0; i < prog->nvars; i++)
		if (prog->vartab[i].id == id)
			return &prog->vartab[i];
	return NULL;
}

/*
 * A variable table: ids in range and unique, known scope, kind and
 * type, sizes that fit their type, reserved fields zero.
 */
static int dtrace_vartab_verify(const struct dtrace_prog *prog)
{
	u32 i;

	for (i = 0; i < prog->nvars; i++) {
		const struct dtrace_difv *v = &prog->vartab[i];

		if (v->id < 1 || v->id >= DTRACE_DIF_MAXVARS ||
		    v->reserved || v->reserved2 ||
		    v->scope > DTRACE_DIFV_SCOPE_LOCAL ||
		    v->kind > DTRACE_DIFV_KIND_ARRAY)
			return -EINVAL;
		if (v->scope == DTRACE_DIFV_SCOPE_LOCAL &&
		    v->kind != DTRACE_DIFV_KIND_SCALAR)
			return -EINVAL;
		switch (v->type) {
		case DTRACE_DIFV_TYPE_INT:
			if (v->size != 8)
				return -EINVAL;
			break;
		case DTRACE_DIFV_TYPE_STRING:
			if (v->size < 1 || v->size > DTRACE_STRSIZE_MAX)
				return -EINVAL;
			break;
		case DTRACE_DIFV_TYPE_BYREF:
			if (v->size < 1 || v->size > DTRACE_RECORD_MAX)
				return -EINVAL;
			break;
		default:
			return -EINVAL;
		}
		if (dtrace_prog_var(prog, v->id) != v)
			return -EINVAL;	/* declared twice */
	}
	return 0;
}

/* The immediate of one instruction, by the shape of its opcode. */
static int dtrace_insn_imm_verify(struct dtrace_prog *prog,
				  const struct dtrace_dif_insn *in, u32 pc,
				  u16 shape)
{
	const struct dtrace_difv *v;

	if (shape & DIF_INT)
		return in->imm >= 0 && in->imm < prog->nints ? 0 : -EINVAL;
	if (shape & DIF_STR)
		return in->imm >= 0 && in->imm < prog->strtab_len ? 0 : -EINVAL;
	if (shape & DIF_BRANCH)
		return in->imm >= 0 && (u64)pc + 1 + in->imm < prog->ninsns ?
		       0 : -EINVAL;
	if (shape & DIF_VAR)
		return dtrace_dif_var_valid(in->imm) ? 0 : -EINVAL;
	if (shape & DIF_VARA)
		return in->imm == DTRACE_DIF_VAR_ARGS ||
		       in->imm == DTRACE_DIF_VAR_UREGS ? 0 : -EINVAL;
	if (shape & DIF_DVAR) {
		v = dtrace_prog_var(prog, in->imm);
		return v && v->scope == dtrace_dif_dvar[in->op].scope &&
		       v->kind == dtrace_dif_dvar[in->op].kind ? 0 : -EINVAL;
	}
	if (shape & DIF_SUBR) {
		if (in->imm < 1 || in->imm >= DTRACE_DIF_SUBR_MAX)
			return -EINVAL;
		if (dtrace_dif_subr_destructive(in->imm))
			prog->destructive = true;
		if (in->imm == DTRACE_DIF_SUBR_SPECULATION)
			prog->speculates = true;
		return 0;
	}
	if (shape & DIF_PUSH) {
		if (in->imm < 0 || in->imm > DTRACE_RECORD_MAX)
			return -EINVAL;
		prog->maxpush = max_t(u32, prog->maxpush, in->imm);
		return 0;
	}
	return !(shape & DIF_IMM) && in->imm ? -EINVAL : 0;
}

/*
 * The rules of docs/abi.md: known opcodes, registers in range and unused
 * operands zero, table references inside their tables, variables
 * declared with the scope and kind their opcode implies, branches
 * forward and inside the program, RET last.  Together they make every
 * program end and touch only its own registers, tables and variables.
 */
static int dtrace_prog_verify(struct dtrace_prog *prog)
{
	u32 pc;
	int ret;

	if (prog->insns[prog->ninsns - 1].op != DTRACE_DIF_OP_RET)
		return -EINVAL;
	ret = dtrace_vartab_verify(prog);
	if (ret)
		return ret;

	for (pc = 0; pc < prog->ninsns; pc++) {
		const struct dtrace_dif_insn *in = &prog->insns[pc];
		u16 shape;

		if (in->op == 0 || in->op >= DTRACE_DIF_OP_MAX)
			return -EINVAL;
		shape = dtrace_dif_shape[in->op];
		if (!dtrace_dif_reg_ok(shape, DIF_DST, in->dst) ||
		    !dtrace_dif_reg_ok(shape, DIF_SRC1, in->src1) ||
		    !dtrace_dif_reg_ok(shape, DIF_SRC2, in->src2))
			return -EINVAL;
		ret = dtrace_insn_imm_verify(prog, in, pc, shape);
		if (ret)
			return ret;
	}
	return 0;
}

static bool dtrace_difo_header_ok(const struct dtrace_difo *udifo)
{
	if (udifo->ninsns == 0 ||
	    udifo->ninsns > DTRACE_DIF_MAXINSNS ||
	    udifo->nints > DTRACE_DIF_MAXINTS ||
	    udifo->strtab_len > DTRACE_DIF_MAXSTRTAB ||
	    udifo->nvars > DTRACE_DIF_MAXVARS)
		return false;
	switch (udifo->rtype) {
	case DTRACE_DIF_RTYPE_INT:
		return udifo->rsize == 1 || udifo->rsize == 2 ||
		       udifo->rsize == 4 || udifo->rsize == 8;
	case DTRACE_DIF_RTYPE_STRING:
		return udifo->rsize == 0;
	case DTRACE_DIF_RTYPE_BYREF:
		return udifo->rsize >= 1 && udifo->rsize <= DTRACE_RECORD_MAX;
	default:
		return false;
	}
}

/**
 * dtrace_prog_create() - copy in and verify a consumer's DIF program
 * @udifo: the program's description, already copied from user space;
 *	its table pointers are user addresses
 *
 * Context: process; may sleep.
 * Return: the program, ERR_PTR(-EINVAL) for one the verifier refuses,
 * -EFAULT or -ENOMEM.
 */
struct dtrace_prog *dtrace_prog_create(const struct dtrace_difo *udifo)
{
	struct dtrace_prog *prog;
	int ret = -ENOMEM;

	if (!dtrace_difo_header_ok(udifo))
		return ERR_PTR(-EINVAL);

	prog = dtrace_zalloc(sizeof(*prog), GFP_KERNEL);
	if (!prog)
		return ERR_PTR(-ENOMEM);
	prog->ninsns = udifo->ninsns;
	prog->nints = udifo->nints;
	prog->strtab_len = udifo->strtab_len;
	prog->nvars = udifo->nvars;
	prog->rtype = udifo->rtype;
	prog->rsize = udifo->rsize;

	prog->insns = dtrace_zalloc_array(prog->ninsns, sizeof(*prog->insns),
					  GFP_KERNEL);
	prog->inttab = dtrace_zalloc_array(prog->nints ?: 1, sizeof(u64),
					   GFP_KERNEL);
	prog->strtab = dtrace_zalloc(prog->strtab_len ?: 1, GFP_KERNEL);
	prog->vartab = dtrace_zalloc_array(prog->nvars ?: 1,
					   sizeof(*prog->vartab), GFP_KERNEL);
	if (!prog->insns || !prog->inttab || !prog->strtab || !prog->vartab)
		goto out_free;

	ret = -EFAULT;
	if (copy_from_user(prog->insns, u64_to_user_ptr(udifo->insns),
			   array_size(prog->ninsns, sizeof(*prog->insns))) ||
	    copy_from_user(prog->inttab, u64_to_user_ptr(udifo->inttab),
			   array_size(prog->nints, sizeof(u64))) ||
	    copy_from_user(prog->strtab, u64_to_user_ptr(udifo->strtab),
			   prog->strtab_len) ||
	    copy_from_user(prog->vartab, u64_to_user_ptr(udifo->vartab),
			   array_size(prog->nvars, sizeof(*prog->vartab))))
		goto out_free;

	/* SETS hands out strtab addresses: every string must end inside. */
	ret = -EINVAL;
	if (prog->strtab_len && prog->strtab[prog->strtab_len - 1])
		goto out_free;
	ret = dtrace_prog_verify(prog);
	if (ret)
		goto out_free;
	return prog;

out_free:
	dtrace_prog_free(prog);
	return ERR_PTR(ret);
}

void dtrace_prog_free(struct dtrace_prog *prog)
{
	if (!prog)
		return;
	dtrace_free(prog->insns);
	dtrace_free(prog->inttab);
	dtrace_free(prog->strtab);
	dtrace_free(prog->vartab);
	dtrace_free(prog);
}
