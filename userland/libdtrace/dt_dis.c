// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF disassembler: a listing of each program of a compiled D
 * program, for -S and for reading what dt_cg.c made.  One line per
 * instruction: index, encoding, mnemonic and operands.
 */
#include <stdio.h>
#include "dt_impl.h"

static const char *const dt_opnames[DTRACE_DIF_OP_MAX] = {
	[DTRACE_DIF_OP_RET] = "ret", [DTRACE_DIF_OP_MOV] = "mov",
	[DTRACE_DIF_OP_LDI] = "ldi", [DTRACE_DIF_OP_SETX] = "setx",
	[DTRACE_DIF_OP_SETS] = "sets", [DTRACE_DIF_OP_ADD] = "add",
	[DTRACE_DIF_OP_SUB] = "sub", [DTRACE_DIF_OP_MUL] = "mul",
	[DTRACE_DIF_OP_SDIV] = "sdiv", [DTRACE_DIF_OP_UDIV] = "udiv",
	[DTRACE_DIF_OP_SREM] = "srem", [DTRACE_DIF_OP_UREM] = "urem",
	[DTRACE_DIF_OP_AND] = "and", [DTRACE_DIF_OP_OR] = "or",
	[DTRACE_DIF_OP_XOR] = "xor", [DTRACE_DIF_OP_SHL] = "shl",
	[DTRACE_DIF_OP_LSR] = "lsr", [DTRACE_DIF_OP_ASR] = "asr",
	[DTRACE_DIF_OP_NOT] = "not", [DTRACE_DIF_OP_NEG] = "neg",
	[DTRACE_DIF_OP_SEQ] = "seq", [DTRACE_DIF_OP_SNE] = "sne",
	[DTRACE_DIF_OP_SLT] = "slt", [DTRACE_DIF_OP_SLE] = "sle",
	[DTRACE_DIF_OP_SLTU] = "sltu", [DTRACE_DIF_OP_SLEU] = "sleu",
	[DTRACE_DIF_OP_SCMP] = "scmp", [DTRACE_DIF_OP_JMP] = "jmp",
	[DTRACE_DIF_OP_JZ] = "jz", [DTRACE_DIF_OP_JNZ] = "jnz",
	[DTRACE_DIF_OP_LDV] = "ldv", [DTRACE_DIF_OP_LDSB] = "ldsb",
	[DTRACE_DIF_OP_LDSH] = "ldsh", [DTRACE_DIF_OP_LDSW] = "ldsw",
	[DTRACE_DIF_OP_LDUB] = "ldub", [DTRACE_DIF_OP_LDUH] = "lduh",
	[DTRACE_DIF_OP_LDUW] = "lduw", [DTRACE_DIF_OP_LDX] = "ldx",
};

const char *dt_dis_opname(unsigned int op)
{
	if (op >= DTRACE_DIF_OP_MAX || !dt_opnames[op])
		return "(illegal)";
	return dt_opnames[op];
}

static void dt_dis_insn(const struct dt_difo *dp, unsigned int pc,
			FILE *fp)
{
	const struct dtrace_dif_insn *in = &dp->insns[pc];
	const char *name = dt_dis_opname(in->op);

	fprintf(fp, "%04u %02x%02x%02x%02x %08x    %-6s", pc, in->op, in->dst,
		in->src1, in->src2, (unsigned int)in->imm, name);
	switch (in->op) {
	case DTRACE_DIF_OP_RET:
		fprintf(fp, "%%r%u", in->src1);
		break;
	case DTRACE_DIF_OP_MOV:
	case DTRACE_DIF_OP_NOT:
	case DTRACE_DIF_OP_NEG:
		fprintf(fp, "%%r%u, %%r%u", in->src1, in->dst);
		break;
	case DTRACE_DIF_OP_LDI:
		fprintf(fp, "%d, %%r%u", in->imm, in->dst);
		break;
	case DTRACE_DIF_OP_SETX:
		fprintf(fp, "DT_INTEGER[%d], %%r%u", in->imm, in->dst);
		if (in->imm >= 0 && (uint32_t)in->imm < dp->k.nints)
			fprintf(fp, "\t! 0x%llx",
				(unsigned long long)dp->ints[in->imm]);
		break;
	case DTRACE_DIF_OP_SETS:
		fprintf(fp, "%d, %%r%u", in->imm, in->dst);
		if (in->imm >= 0 && (uint32_t)in->imm < dp->k.strtab_len)
			fprintf(fp, "\t! \"%s\"", dp->strtab + in->imm);
		break;
	case DTRACE_DIF_OP_JMP:
		fprintf(fp, "%u", pc + 1 + (unsigned int)in->imm);
		break;
	case DTRACE_DIF_OP_JZ:
	case DTRACE_DIF_OP_JNZ:
		fprintf(fp, "%%r%u, %u", in->src1, pc + 1 + (unsigned int)in->imm);
		break;
	case DTRACE_DIF_OP_LDV:
		fprintf(fp, "%d, %%r%u", in->imm, in->dst);
		break;
	case DTRACE_DIF_OP_LDSB ... DTRACE_DIF_OP_LDX:
		fprintf(fp, "[%%r%u%+d], %%r%u", in->src1, in->imm, in->dst);
		break;
	default:
		fprintf(fp, "%%r%u, %%r%u, %%r%u", in->src1, in->src2, in->dst);
		break;
	}
	fputc('\n', fp);
}

/* Print @dp under the heading @title. */
void dt_dis_difo(const struct dt_difo *dp, const char *title, FILE *fp)
{
	unsigned int pc;

	fprintf(fp, "\nDIFO %s: %u instructions, %u integers, %u bytes of strings, returns %s",
		title, dp->k.ninsns, dp->k.nints, dp->k.strtab_len,
		dp->k.rtype == DTRACE_DIF_RTYPE_STRING ? "string" : "int");
	if (dp->k.rtype == DTRACE_DIF_RTYPE_INT)
		fprintf(fp, " (%u bytes)", dp->k.rsize);
	fputs("\nOFF  OPCODE   IMM         INSTRUCTION\n", fp);
	for (pc = 0; pc < dp->k.ninsns; pc++)
		dt_dis_insn(dp, pc, fp);
}

/* -S: the DIF of every clause of @pgp. */
void dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, FILE *fp)
{
	unsigned int i, j;
	char title[96], desc[DTRACE_PROVNAMELEN + DTRACE_MODNAMELEN +
			    DTRACE_FUNCNAMELEN + DTRACE_NAMELEN];

	(void)dtp;
	for (i = 0; i < pgp->nclauses; i++) {
		const struct dt_clause *cl = pgp->clauses[i];

		dtrace_desc2str(&cl->descs[0], desc, sizeof(desc));
		fprintf(fp, "\nclause %u (%s%s): %u actions, %u bytes of record data\n",
			i, desc, cl->ndescs > 1 ? ", ..." : "", cl->nacts,
			cl->datasize);
		if (cl->pred)
			dt_dis_difo(cl->pred, "predicate", fp);
		for (j = 0; j < cl->nacts; j++) {
			snprintf(title, sizeof(title),
				 "action #%u (%s, offset %u, size %u)", j + 1,
				 cl->acts[j].kind == DTRACE_ACT_EXIT ? "exit" :
				 "record", cl->acts[j].offset, cl->acts[j].size);
			dt_dis_difo(cl->progs[j], title, fp);
		}
	}
}
