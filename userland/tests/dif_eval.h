/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A reference DIF evaluator for the unit tests only: it runs what
 * dt_cg.c generates on the host, with the semantics the ABI header
 * gives each opcode, and checks the rules the kernel's verifier applies
 * (forward branches, RET last, registers in range, %r0 never written).
 */
#ifndef _DIF_EVAL_H
#define _DIF_EVAL_H

#include <stdint.h>
#include "dt_impl.h"

struct dif_env {
	uint64_t vars[DTRACE_DIF_VAR_MAX];	/* integer variables */
	const char *strvars[DTRACE_DIF_VAR_MAX];	/* string variables */
	uint32_t strsize;			/* SCMP bound */
	int fault;				/* DTRACEFLT_*, 0 if none */
	unsigned int fault_pc;
	const char *bad;			/* why the program is invalid */
};

int dif_eval(const struct dt_difo *dp, struct dif_env *env, uint64_t *res);

#endif /* _DIF_EVAL_H */
