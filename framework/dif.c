// SPDX-License-Identifier: GPL-2.0
/*
 * DIF programs as the consumer hands them in: copying them into kernel
 * memory and verifying them, once, at enable time, so that the
 * interpreter (dtrace_dif_run() in probe_ctx.c) can trust every register
 * number, table index and branch target.  Process context only.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/slab.h>
#include <linux/uaccess.h>
#include "internal.h"

/* Which operand fields an opcode uses; the others must be zero. */
#define DIF_DST		0x01
#define DIF_SRC1	0x02
#define DIF_SRC2	0x04
#define DIF_IMM		0x08	/* any value */
#define DIF_INT		0x10	/* an index into the integer table */
#define DIF_STR		0x20	/* an offset into the string table */
#define DIF_BRANCH	0x40	/* a forward branch offset */
#define DIF_VAR		0x80	/* a built-in variable */

#define DIF_ALU		(DIF_DST | DIF_SRC1 | DIF_SRC2)
#define DIF_LOAD	(DIF_DST | DIF_SRC1 | DIF_IMM)

static const u8 dtrace_dif_shape[DTRACE_DIF_OP_MAX] = {
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
};

static bool dtrace_dif_var_valid(s32 var)
{
	return (var >= DTRACE_DIF_VAR_ARG0 && var <= DTRACE_DIF_VAR_ARG9) ||
	       (var >= DTRACE_DIF_VAR_PID && var < DTRACE_DIF_VAR_MAX);
}

static bool dtrace_dif_reg_ok(u8 shape, u8 flag, u8 reg)
{
	return (shape & flag) ? reg < DTRACE_DIF_NREGS : reg == 0;
}

/*
 * The rules of docs/abi.md: known opcodes, registers in range and unused
 * operands zero, table references inside their tables, branches forward
 * and inside the program, RET last.  Together they make every program
 * end and touch only its own registers and tables.
 */
static int dtrace_prog_verify(const struct dtrace_prog *prog)
{
	u32 pc;

	if (prog->insns[prog->ninsns - 1].op != DTRACE_DIF_OP_RET)
		return -EINVAL;

	for (pc = 0; pc < prog->ninsns; pc++) {
		const struct dtrace_dif_insn *in = &prog->insns[pc];
		u8 shape;

		if (in->op == 0 || in->op >= DTRACE_DIF_OP_MAX)
			return -EINVAL;
		shape = dtrace_dif_shape[in->op];
		if (!dtrace_dif_reg_ok(shape, DIF_DST, in->dst) ||
		    !dtrace_dif_reg_ok(shape, DIF_SRC1, in->src1) ||
		    !dtrace_dif_reg_ok(shape, DIF_SRC2, in->src2))
			return -EINVAL;

		if (shape & DIF_INT) {
			if (in->imm < 0 || in->imm >= prog->nints)
				return -EINVAL;
		} else if (shape & DIF_STR) {
			if (in->imm < 0 || in->imm >= prog->strtab_len)
				return -EINVAL;
		} else if (shape & DIF_BRANCH) {
			if (in->imm < 0 ||
			    (u64)pc + 1 + in->imm >= prog->ninsns)
				return -EINVAL;
		} else if (shape & DIF_VAR) {
			if (!dtrace_dif_var_valid(in->imm))
				return -EINVAL;
		} else if (!(shape & DIF_IMM) && in->imm) {
			return -EINVAL;
		}
	}
	return 0;
}

static bool dtrace_difo_header_ok(const struct dtrace_difo *udifo)
{
	if (udifo->reserved || udifo->ninsns == 0 ||
	    udifo->ninsns > DTRACE_DIF_MAXINSNS ||
	    udifo->nints > DTRACE_DIF_MAXINTS ||
	    udifo->strtab_len > DTRACE_DIF_MAXSTRTAB)
		return false;
	switch (udifo->rtype) {
	case DTRACE_DIF_RTYPE_INT:
		return udifo->rsize == 1 || udifo->rsize == 2 ||
		       udifo->rsize == 4 || udifo->rsize == 8;
	case DTRACE_DIF_RTYPE_STRING:
		return udifo->rsize == 0;
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

	prog = kzalloc(sizeof(*prog), GFP_KERNEL);
	if (!prog)
		return ERR_PTR(-ENOMEM);
	prog->ninsns = udifo->ninsns;
	prog->nints = udifo->nints;
	prog->strtab_len = udifo->strtab_len;
	prog->rtype = udifo->rtype;
	prog->rsize = udifo->rsize;

	prog->insns = kvmalloc_array(prog->ninsns, sizeof(*prog->insns),
				     GFP_KERNEL);
	prog->inttab = kvmalloc_array(prog->nints ?: 1, sizeof(u64),
				      GFP_KERNEL);
	prog->strtab = kvmalloc(prog->strtab_len ?: 1, GFP_KERNEL);
	if (!prog->insns || !prog->inttab || !prog->strtab)
		goto out_free;

	ret = -EFAULT;
	if (copy_from_user(prog->insns, u64_to_user_ptr(udifo->insns),
			   array_size(prog->ninsns, sizeof(*prog->insns))) ||
	    copy_from_user(prog->inttab, u64_to_user_ptr(udifo->inttab),
			   array_size(prog->nints, sizeof(u64))) ||
	    copy_from_user(prog->strtab, u64_to_user_ptr(udifo->strtab),
			   prog->strtab_len))
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
	kvfree(prog->insns);
	kvfree(prog->inttab);
	kvfree(prog->strtab);
	kfree(prog);
}
