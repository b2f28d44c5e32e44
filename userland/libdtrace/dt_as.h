/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DIF assembler: an instruction list with forward labels, the
 * integer table and the deduplicated string table of one program, and
 * their assembly into a struct dt_difo the kernel accepts.
 */
#ifndef _DT_AS_H
#define _DT_AS_H

#include <stdbool.h>
#include <stdint.h>
#include "dt_impl.h"

struct dt_fixup {
	unsigned int insn;	/* the branch */
	unsigned int label;	/* where it goes */
};

struct dt_irlist {
	struct dtrace_dif_insn *insns;
	unsigned int ninsns, insncap;
	uint64_t *ints;
	unsigned int nints, intcap;
	char *strtab;
	size_t strlen, strcap;
	unsigned int *labels;	/* label -> instruction index */
	unsigned int nlabels, labcap;
	struct dt_fixup *fixups;
	unsigned int nfixups, fixcap;
	bool nomem;		/* an allocation failed; assemble fails */
};

#define DT_LABEL_UNPLACED	UINT32_MAX

enum dt_as_err {
	DT_AS_OK,
	DT_AS_NOMEM,
	DT_AS_TOOBIG,		/* past a DTRACE_DIF_MAX* limit */
};

void dt_irlist_init(struct dt_irlist *irl);
void dt_irlist_fini(struct dt_irlist *irl);
unsigned int dt_as_emit(struct dt_irlist *irl, unsigned int op,
			unsigned int dst, unsigned int src1,
			unsigned int src2, int32_t imm);
unsigned int dt_as_label(struct dt_irlist *irl);
void dt_as_branch(struct dt_irlist *irl, unsigned int op, unsigned int src1,
		  unsigned int label);
void dt_as_place(struct dt_irlist *irl, unsigned int label);
int32_t dt_as_int(struct dt_irlist *irl, uint64_t v);
int32_t dt_as_str(struct dt_irlist *irl, const char *s);
struct dt_difo *dt_as_assemble(struct dt_irlist *irl, uint32_t rtype,
			       uint32_t rsize, enum dt_as_err *errp);

#endif /* _DT_AS_H */
