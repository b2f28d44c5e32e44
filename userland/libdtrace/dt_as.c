// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF assembler.  Code generation appends instructions and branches
 * to labels placed later; assembly resolves each branch to the
 * offset the ABI wants (target = pc + 1 + imm, imm >= 0: DIF only jumps
 * forward), checks the limits of include/uapi/linux/dtrace.h and hands
 * back the program with its integer and string tables.  The string
 * table holds each distinct string once, NUL-terminated.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_as.h"

void dt_irlist_init(struct dt_irlist *irl)
{
	memset(irl, 0, sizeof(*irl));
}

void dt_irlist_fini(struct dt_irlist *irl)
{
	free(irl->insns);
	free(irl->ints);
	free(irl->strtab);
	free(irl->labels);
	free(irl->fixups);
	dt_irlist_init(irl);
}

/* Make room for one more element of @size bytes in *@arr. */
static bool dt_as_grow(struct dt_irlist *irl, void **arr, unsigned int n,
		       unsigned int *cap, size_t size)
{
	unsigned int ncap;
	void *p;

	if (n < *cap)
		return true;
	ncap = *cap ? *cap * 2 : 16;
	p = realloc(*arr, (size_t)ncap * size);
	if (!p) {
		irl->nomem = true;
		return false;
	}
	*arr = p;
	*cap = ncap;
	return true;
}

/* Return: the index of the new instruction. */
unsigned int dt_as_emit(struct dt_irlist *irl, unsigned int op,
			unsigned int dst, unsigned int src1,
			unsigned int src2, int32_t imm)
{
	struct dtrace_dif_insn *in;

	if (!dt_as_grow(irl, (void **)&irl->insns, irl->ninsns,
			&irl->insncap, sizeof(*irl->insns)))
		return irl->ninsns;
	in = &irl->insns[irl->ninsns];
	in->op = (__u8)op;
	in->dst = (__u8)dst;
	in->src1 = (__u8)src1;
	in->src2 = (__u8)src2;
	in->imm = imm;
	return irl->ninsns++;
}

unsigned int dt_as_label(struct dt_irlist *irl)
{
	if (!dt_as_grow(irl, (void **)&irl->labels, irl->nlabels,
			&irl->labcap, sizeof(*irl->labels)))
		return 0;
	irl->labels[irl->nlabels] = DT_LABEL_UNPLACED;
	return irl->nlabels++;
}

/* A JMP (src1 0), JZ or JNZ to @label, which is placed later. */
void dt_as_branch(struct dt_irlist *irl, unsigned int op, unsigned int src1,
		  unsigned int label)
{
	unsigned int at = dt_as_emit(irl, op, 0, src1, 0, 0);

	if (irl->nomem || !dt_as_grow(irl, (void **)&irl->fixups,
				      irl->nfixups, &irl->fixcap,
				      sizeof(*irl->fixups)))
		return;
	irl->fixups[irl->nfixups].insn = at;
	irl->fixups[irl->nfixups].label = label;
	irl->nfixups++;
}

/* @label is the next instruction to be emitted. */
void dt_as_place(struct dt_irlist *irl, unsigned int label)
{
	if (label < irl->nlabels)
		irl->labels[label] = irl->ninsns;
}

/* Return: the integer table index of @v (added once), or -1. */
int32_t dt_as_int(struct dt_irlist *irl, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < irl->nints; i++)
		if (irl->ints[i] == v)
			return (int32_t)i;
	if (!dt_as_grow(irl, (void **)&irl->ints, irl->nints, &irl->intcap,
			sizeof(*irl->ints)))
		return -1;
	irl->ints[irl->nints] = v;
	return (int32_t)irl->nints++;
}

/* Return: the string table offset of @s (added once), or -1. */
int32_t dt_as_str(struct dt_irlist *irl, const char *s)
{
	size_t len = strlen(s) + 1, off = 0;
	char *p;

	while (off < irl->strlen) {
		if (!strcmp(irl->strtab + off, s))
			return (int32_t)off;
		off += strlen(irl->strtab + off) + 1;
	}
	if (irl->strlen + len > irl->strcap) {
		size_t cap = irl->strcap ? irl->strcap : 64;

		while (cap < irl->strlen + len)
			cap *= 2;
		p = realloc(irl->strtab, cap);
		if (!p) {
			irl->nomem = true;
			return -1;
		}
		irl->strtab = p;
		irl->strcap = cap;
	}
	memcpy(irl->strtab + irl->strlen, s, len);
	off = irl->strlen;
	irl->strlen += len;
	return (int32_t)off;
}

static void *dt_as_dup(const void *src, size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p && size)
		memcpy(p, src, size);
	return p;
}

/**
 * dt_as_assemble() - resolve branches and make the program
 * @irl: the instruction list; left as it was
 * @rtype: DTRACE_DIF_RTYPE_*
 * @rsize: bytes of an integer result, 0 for a string
 * @errp: out, why it failed
 *
 * Return: a new struct dt_difo with its own tables, or NULL.
 */
struct dt_difo *dt_as_assemble(struct dt_irlist *irl, uint32_t rtype,
			       uint32_t rsize, enum dt_as_err *errp)
{
	struct dt_difo *dp;
	unsigned int i;

	*errp = DT_AS_NOMEM;
	if (irl->nomem)
		return NULL;
	if (irl->ninsns > DTRACE_DIF_MAXINSNS ||
	    irl->nints > DTRACE_DIF_MAXINTS ||
	    irl->strlen > DTRACE_DIF_MAXSTRTAB) {
		*errp = DT_AS_TOOBIG;
		return NULL;
	}
	for (i = 0; i < irl->nfixups; i++) {
		const struct dt_fixup *f = &irl->fixups[i];
		unsigned int target = irl->labels[f->label];

		/* Labels are placed after their branches, always. */
		irl->insns[f->insn].imm = (int32_t)(target - f->insn - 1);
	}

	dp = calloc(1, sizeof(*dp));
	if (!dp)
		return NULL;
	dp->insns = dt_as_dup(irl->insns, irl->ninsns * sizeof(*irl->insns));
	dp->ints = dt_as_dup(irl->ints, irl->nints * sizeof(*irl->ints));
	dp->strtab = dt_as_dup(irl->strtab, irl->strlen);
	if (!dp->insns || !dp->ints || !dp->strtab) {
		dt_difo_free(dp);
		return NULL;
	}
	dp->k.insns = (uintptr_t)dp->insns;
	dp->k.inttab = (uintptr_t)dp->ints;
	dp->k.strtab = (uintptr_t)dp->strtab;
	dp->k.ninsns = irl->ninsns;
	dp->k.nints = irl->nints;
	dp->k.strtab_len = (uint32_t)irl->strlen;
	dp->k.rtype = rtype;
	dp->k.rsize = rsize;
	*errp = DT_AS_OK;
	return dp;
}
