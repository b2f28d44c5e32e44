// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF disassembler: a listing of each program of a compiled D
 * program, for -S and for reading what dt_cg*.c made.  One line per
 * instruction: index, encoding, mnemonic and operands, with comments
 * naming built-in variables, subroutines and strings; then the
 * program's variable table and string table.
 */
#include <stdio.h>
#include <string.h>
#include "dt_compile.h"

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
	[DTRACE_DIF_OP_ULDSB] = "uldsb", [DTRACE_DIF_OP_ULDSH] = "uldsh",
	[DTRACE_DIF_OP_ULDSW] = "uldsw", [DTRACE_DIF_OP_ULDUB] = "uldub",
	[DTRACE_DIF_OP_ULDUH] = "ulduh", [DTRACE_DIF_OP_ULDUW] = "ulduw",
	[DTRACE_DIF_OP_ULDX] = "uldx", [DTRACE_DIF_OP_STB] = "stb",
	[DTRACE_DIF_OP_STH] = "sth", [DTRACE_DIF_OP_STW] = "stw",
	[DTRACE_DIF_OP_STX] = "stx", [DTRACE_DIF_OP_LDVA] = "ldva",
	[DTRACE_DIF_OP_LDGS] = "ldgs", [DTRACE_DIF_OP_STGS] = "stgs",
	[DTRACE_DIF_OP_LDLS] = "ldls", [DTRACE_DIF_OP_STLS] = "stls",
	[DTRACE_DIF_OP_LDTS] = "ldts", [DTRACE_DIF_OP_STTS] = "stts",
	[DTRACE_DIF_OP_LDGA] = "ldga", [DTRACE_DIF_OP_STGA] = "stga",
	[DTRACE_DIF_OP_LDTA] = "ldta", [DTRACE_DIF_OP_STTA] = "stta",
	[DTRACE_DIF_OP_FLUSHTS] = "flushts", [DTRACE_DIF_OP_PUSHTV] = "pushtv",
	[DTRACE_DIF_OP_PUSHTR] = "pushtr", [DTRACE_DIF_OP_CALL] = "call",
	[DTRACE_DIF_OP_ALLOCS] = "allocs", [DTRACE_DIF_OP_STSTR] = "ststr",
};

static const char *const dt_varnames[DTRACE_DIF_VAR_MAX] = {
	[DTRACE_DIF_VAR_ARG0] = "arg0", [1] = "arg1", [2] = "arg2",
	[3] = "arg3", [4] = "arg4", [5] = "arg5", [6] = "arg6", [7] = "arg7",
	[8] = "arg8", [DTRACE_DIF_VAR_ARG9] = "arg9",
	[DTRACE_DIF_VAR_PID] = "pid", [DTRACE_DIF_VAR_TID] = "tid",
	[DTRACE_DIF_VAR_PPID] = "ppid", [DTRACE_DIF_VAR_UID] = "uid",
	[DTRACE_DIF_VAR_GID] = "gid", [DTRACE_DIF_VAR_EXECNAME] = "execname",
	[DTRACE_DIF_VAR_CPU] = "cpu", [DTRACE_DIF_VAR_TIMESTAMP] = "timestamp",
	[DTRACE_DIF_VAR_WALLTIMESTAMP] = "walltimestamp",
	[DTRACE_DIF_VAR_ID] = "id", [DTRACE_DIF_VAR_EPID] = "epid",
	[DTRACE_DIF_VAR_PROBEPROV] = "probeprov",
	[DTRACE_DIF_VAR_PROBEMOD] = "probemod",
	[DTRACE_DIF_VAR_PROBEFUNC] = "probefunc",
	[DTRACE_DIF_VAR_PROBENAME] = "probename",
	[DTRACE_DIF_VAR_CURTHREAD] = "curthread",
	[DTRACE_DIF_VAR_ERRNO] = "errno",
	[DTRACE_DIF_VAR_VTIMESTAMP] = "vtimestamp",
	[DTRACE_DIF_VAR_STACKDEPTH] = "stackdepth",
	[DTRACE_DIF_VAR_USTACKDEPTH] = "ustackdepth",
	[DTRACE_DIF_VAR_CALLER] = "caller", [DTRACE_DIF_VAR_UCALLER] = "ucaller",
	[DTRACE_DIF_VAR_IPL] = "ipl", [DTRACE_DIF_VAR_ARGS] = "args",
	[DTRACE_DIF_VAR_UREGS] = "uregs",
};

static const char *dt_dis_varname(int32_t v)
{
	if (v < 0 || v >= DTRACE_DIF_VAR_MAX || !dt_varnames[v])
		return "?";
	return dt_varnames[v];
}

#define DT_DIS_SUBR(s, n, nmin, nmax, a, r, d)	[DTRACE_DIF_SUBR_##s] = n,

static const char *dt_dis_subrname(int32_t subr)
{
	static const char *const names[DTRACE_DIF_SUBR_MAX] = {
		DTRACE_DIF_SUBR_LIST(DT_DIS_SUBR)
	};

	if (subr < 1 || subr >= DTRACE_DIF_SUBR_MAX)
		return "?";
	return names[subr];
}

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

	fprintf(fp, "%04u %02x%02x%02x%02x %08x    %-8s", pc, in->op, in->dst,
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
		fprintf(fp, "%d, %%r%u\t! %s", in->imm, in->dst,
			dt_dis_varname(in->imm));
		break;
	case DTRACE_DIF_OP_LDVA:
		fprintf(fp, "%d, %%r%u, %%r%u\t! %s[ ]", in->imm, in->src1,
			in->dst, dt_dis_varname(in->imm));
		break;
	case DTRACE_DIF_OP_LDSB ... DTRACE_DIF_OP_ULDX:
		fprintf(fp, "[%%r%u%+d], %%r%u", in->src1, in->imm, in->dst);
		break;
	case DTRACE_DIF_OP_STB ... DTRACE_DIF_OP_STX:
		fprintf(fp, "%%r%u, [%%r%u%+d]", in->src1, in->dst, in->imm);
		break;
	case DTRACE_DIF_OP_LDGS:
	case DTRACE_DIF_OP_LDLS:
	case DTRACE_DIF_OP_LDTS:
	case DTRACE_DIF_OP_LDGA:
	case DTRACE_DIF_OP_LDTA:
		fprintf(fp, "DT_VAR(%d), %%r%u", in->imm, in->dst);
		break;
	case DTRACE_DIF_OP_STGS:
	case DTRACE_DIF_OP_STLS:
	case DTRACE_DIF_OP_STTS:
	case DTRACE_DIF_OP_STGA:
	case DTRACE_DIF_OP_STTA:
		fprintf(fp, "%%r%u, DT_VAR(%d)", in->src1, in->imm);
		break;
	case DTRACE_DIF_OP_FLUSHTS:
		break;
	case DTRACE_DIF_OP_PUSHTV:
		fprintf(fp, "%%r%u", in->src1);
		break;
	case DTRACE_DIF_OP_PUSHTR:
		fprintf(fp, "%%r%u, %d\t! %s", in->src1, in->imm,
			in->imm ? "bytes" : "string");
		break;
	case DTRACE_DIF_OP_CALL:
		fprintf(fp, "DIF_SUBR(%d), %%r%u\t! %s", in->imm, in->dst,
			dt_dis_subrname(in->imm));
		break;
	case DTRACE_DIF_OP_ALLOCS:
		fprintf(fp, "%%r%u, %%r%u", in->src1, in->dst);
		break;
	case DTRACE_DIF_OP_STSTR:
		fprintf(fp, "%%r%u, [%%r%u], %d", in->src1, in->dst, in->imm);
		break;
	default:
		fprintf(fp, "%%r%u, %%r%u, %%r%u", in->src1, in->src2, in->dst);
		break;
	}
	fputc('\n', fp);
}

static void dt_dis_vartab(const struct dt_difo *dp, FILE *fp)
{
	static const char *const scope[] = { "global", "thread", "local" };
	static const char *const type[] = { "int", "string", "by-ref" };
	unsigned int i;

	if (!dp->k.nvars)
		return;
	fputs("\nVARIABLE  SCOPE   KIND    TYPE    SIZE\n", fp);
	for (i = 0; i < dp->k.nvars; i++) {
		const struct dtrace_difv *v = &dp->vartab[i];

		fprintf(fp, "DT_VAR(%u) %-7s %-7s %-7s %u\n", v->id,
			v->scope < 3 ? scope[v->scope] : "?",
			v->kind ? "array" : "scalar",
			v->type < 3 ? type[v->type] : "?", v->size);
	}
}

static void dt_dis_strtab(const struct dt_difo *dp, FILE *fp)
{
	uint32_t off = 0;

	if (!dp->k.strtab_len)
		return;
	fputs("\nSTRTAB\n", fp);
	while (off < dp->k.strtab_len) {
		fprintf(fp, "%5u \"%s\"\n", off, dp->strtab + off);
		off += (uint32_t)strnlen(dp->strtab + off,
					 dp->k.strtab_len - off) + 1;
	}
}

/* Print @dp under the heading @title. */
void dt_dis_difo(const struct dt_difo *dp, const char *title, FILE *fp)
{
	static const char *const rtypes[] = { "int", "string", "by-ref" };
	unsigned int pc;

	fprintf(fp, "\nDIFO %s: %u instructions, %u integers, %u bytes of strings, %u variables, returns %s",
		title, dp->k.ninsns, dp->k.nints, dp->k.strtab_len,
		dp->k.nvars, dp->k.rtype < 3 ? rtypes[dp->k.rtype] : "?");
	if (dp->k.rtype != DTRACE_DIF_RTYPE_STRING)
		fprintf(fp, " (%u bytes)", dp->k.rsize);
	fputs("\nOFF  OPCODE   IMM         INSTRUCTION\n", fp);
	for (pc = 0; pc < dp->k.ninsns; pc++)
		dt_dis_insn(dp, pc, fp);
	dt_dis_vartab(dp, fp);
	dt_dis_strtab(dp, fp);
}

static const char *dt_dis_actname(uint32_t kind)
{
	switch (kind) {
	case DTRACE_ACT_DIFEXPR:
		return "record";
	case DTRACE_ACT_EXIT:
		return "exit";
	case DTRACE_ACT_STACK:
		return "stack";
	case DTRACE_ACT_USTACK:
		return "ustack";
	case DTRACE_ACT_RAISE:
		return "raise";
	case DTRACE_ACT_STOP:
		return "stop";
	case DTRACE_ACT_CHILL:
		return "chill";
	case DTRACE_ACT_PANIC:
		return "panic";
	case DTRACE_ACT_AGGREGATE:
		return "aggregate";
	case DTRACE_ACT_SPECULATE:
		return "speculate";
	case DTRACE_ACT_COMMIT:
		return "commit";
	case DTRACE_ACT_DISCARD:
		return "discard";
	case DTRACE_ACT_PCAP:
		return "pcap";
	default:
		return "?";
	}
}

/* -S: the DIF of every clause of @pgp. */
void dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, FILE *fp)
{
	unsigned int i, j;
	char title[384], agg[256], desc[DTRACE_PROVNAMELEN + DTRACE_MODNAMELEN +
			    DTRACE_FUNCNAMELEN + DTRACE_NAMELEN];

	for (i = 0; i < pgp->nclauses; i++) {
		const struct dt_clause *cl = pgp->clauses[i];

		dtrace_desc2str(&cl->descs[0], desc, sizeof(desc));
		fprintf(fp, "\nclause %u (%s%s): %u actions, %u bytes of record data\n",
			i, desc, cl->ndescs > 1 ? ", ..." : "", cl->nacts,
			cl->datasize);
		if (cl->pred)
			dt_dis_difo(cl->pred, "predicate", fp);
		for (j = 0; j < cl->nacts; j++) {
			agg[0] = '\0';
			if (cl->acts[j].kind == DTRACE_ACT_AGGREGATE) {
				const struct dt_agg *ag = dtp->aggs[cl->acts[j].arg];

				agg[0] = ' ';
				dt_agg_describe(ag, agg + 1, sizeof(agg) - 1);
				snprintf(agg + strlen(agg),
					 sizeof(agg) - strlen(agg),
					 " (id %u, key %u bytes, %u values)",
					 ag->id, ag->keysize, ag->nvals);
			}
			snprintf(title, sizeof(title),
				 "action #%u (%s%s, offset %u, size %u)", j + 1,
				 dt_dis_actname(cl->acts[j].kind), agg,
				 cl->acts[j].offset, cl->acts[j].size);
			if (cl->progs[j])
				dt_dis_difo(cl->progs[j], title, fp);
			else
				fprintf(fp, "\nACTION %s: no DIF, arg %llu\n",
					title,
					(unsigned long long)cl->acts[j].arg);
		}
	}
}
