// SPDX-License-Identifier: GPL-2.0
/*
 * The reference DIF evaluator of dif_eval.h.  Test-only code: it trusts
 * nothing of the program and reports rule violations in env->bad.
 */
#include <string.h>
#include "dif_eval.h"

static int dif_bad(struct dif_env *env, const char *why)
{
	env->bad = why;
	return -1;
}

static uint64_t dif_scmp(const char *a, const char *b, uint32_t max)
{
	int c = strncmp(a, b, max);

	return (uint64_t)(int64_t)(c < 0 ? -1 : c > 0);
}

/* Return: 0 with *@res set, -1 for a fault (env->fault) or bad program. */
int dif_eval(const struct dt_difo *dp, struct dif_env *env, uint64_t *res)
{
	uint64_t r[DTRACE_DIF_NREGS] = { 0 };
	unsigned int pc = 0, n = dp->k.ninsns;

	env->fault = 0;
	env->bad = NULL;
	if (n == 0 || dp->insns[n - 1].op != DTRACE_DIF_OP_RET)
		return dif_bad(env, "last instruction is not RET");

	while (pc < n) {
		const struct dtrace_dif_insn *in = &dp->insns[pc++];
		uint64_t a, b, *d;

		if (in->dst >= DTRACE_DIF_NREGS || in->src1 >= DTRACE_DIF_NREGS ||
		    in->src2 >= DTRACE_DIF_NREGS)
			return dif_bad(env, "register out of range");
		a = r[in->src1];
		b = r[in->src2];
		d = &r[in->dst];
		if (in->dst == 0 && in->op != DTRACE_DIF_OP_RET &&
		    in->op != DTRACE_DIF_OP_JMP && in->op != DTRACE_DIF_OP_JZ &&
		    in->op != DTRACE_DIF_OP_JNZ)
			return dif_bad(env, "%r0 written");

		switch (in->op) {
		case DTRACE_DIF_OP_RET:
			*res = a;
			return 0;
		case DTRACE_DIF_OP_MOV: *d = a; break;
		case DTRACE_DIF_OP_LDI: *d = (uint64_t)(int64_t)in->imm; break;
		case DTRACE_DIF_OP_SETX:
			if (in->imm < 0 || (uint32_t)in->imm >= dp->k.nints)
				return dif_bad(env, "SETX out of the table");
			*d = dp->ints[in->imm];
			break;
		case DTRACE_DIF_OP_SETS:
			if (in->imm < 0 || (uint32_t)in->imm >= dp->k.strtab_len)
				return dif_bad(env, "SETS out of the table");
			*d = (uintptr_t)(dp->strtab + in->imm);
			break;
		case DTRACE_DIF_OP_ADD: *d = a + b; break;
		case DTRACE_DIF_OP_SUB: *d = a - b; break;
		case DTRACE_DIF_OP_MUL: *d = a * b; break;
		case DTRACE_DIF_OP_SDIV:
		case DTRACE_DIF_OP_UDIV:
		case DTRACE_DIF_OP_SREM:
		case DTRACE_DIF_OP_UREM:
			if (!b) {
				env->fault = DTRACEFLT_DIVZERO;
				env->fault_pc = pc - 1;
				return -1;
			}
			if (in->op == DTRACE_DIF_OP_UDIV)
				*d = a / b;
			else if (in->op == DTRACE_DIF_OP_UREM)
				*d = a % b;
			else if ((int64_t)b == -1)
				*d = in->op == DTRACE_DIF_OP_SDIV ? -a : 0;
			else if (in->op == DTRACE_DIF_OP_SDIV)
				*d = (uint64_t)((int64_t)a / (int64_t)b);
			else
				*d = (uint64_t)((int64_t)a % (int64_t)b);
			break;
		case DTRACE_DIF_OP_AND: *d = a & b; break;
		case DTRACE_DIF_OP_OR: *d = a | b; break;
		case DTRACE_DIF_OP_XOR: *d = a ^ b; break;
		case DTRACE_DIF_OP_SHL: *d = a << (b & 63); break;
		case DTRACE_DIF_OP_LSR: *d = a >> (b & 63); break;
		case DTRACE_DIF_OP_ASR: *d = (uint64_t)((int64_t)a >> (b & 63)); break;
		case DTRACE_DIF_OP_NOT: *d = ~a; break;
		case DTRACE_DIF_OP_NEG: *d = -a; break;
		case DTRACE_DIF_OP_SEQ: *d = a == b; break;
		case DTRACE_DIF_OP_SNE: *d = a != b; break;
		case DTRACE_DIF_OP_SLT: *d = (int64_t)a < (int64_t)b; break;
		case DTRACE_DIF_OP_SLE: *d = (int64_t)a <= (int64_t)b; break;
		case DTRACE_DIF_OP_SLTU: *d = a < b; break;
		case DTRACE_DIF_OP_SLEU: *d = a <= b; break;
		case DTRACE_DIF_OP_SCMP:
			*d = dif_scmp((const char *)(uintptr_t)a,
				      (const char *)(uintptr_t)b, env->strsize);
			break;
		case DTRACE_DIF_OP_JMP:
		case DTRACE_DIF_OP_JZ:
		case DTRACE_DIF_OP_JNZ:
			if (in->imm < 0 || pc + (unsigned int)in->imm >= n)
				return dif_bad(env, "bad branch");
			if (in->op == DTRACE_DIF_OP_JMP ||
			    (in->op == DTRACE_DIF_OP_JZ && !a) ||
			    (in->op == DTRACE_DIF_OP_JNZ && a))
				pc += (unsigned int)in->imm;
			break;
		case DTRACE_DIF_OP_LDV:
			if (in->imm < 0 || in->imm >= DTRACE_DIF_VAR_MAX)
				return dif_bad(env, "bad variable");
			*d = env->strvars[in->imm] ?
			     (uintptr_t)env->strvars[in->imm] :
			     env->vars[in->imm];
			break;
		default:
			return dif_bad(env, "unexpected opcode");
		}
	}
	return dif_bad(env, "ran off the end");
}
