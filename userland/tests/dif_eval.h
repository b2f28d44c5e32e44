/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A reference DIF evaluator for the unit tests only: it runs what
 * dt_cg*.c generate on the host, with the semantics the ABI header
 * gives each opcode, and checks the rules the kernel's verifier applies
 * (forward branches, RET last, registers in range, %r0 never written,
 * every variable in the vartab with the scope and kind its opcode
 * implies).  Loads read host memory; user variables live in the env
 * and keep their values from one run to the next, so a test can run a
 * clause's programs in order.  Subroutines are emulated for strings
 * and integers; the others are reported in env->bad.
 */
#ifndef _DIF_EVAL_H
#define _DIF_EVAL_H

#include <stdint.h>
#include "dt_impl.h"

#define DIF_EVAL_NDYN		128	/* variables and array elements */
#define DIF_EVAL_KEYMAX		128	/* bytes of one element's key */
#define DIF_EVAL_VALMAX		256	/* bytes of one by-ref value */
#define DIF_EVAL_SCRATCH	8192

struct dif_dyn {
	int used;
	uint32_t id;
	uint8_t scope;
	uint64_t tid;			/* thread-local: the owner */
	uint32_t keylen;
	char key[DIF_EVAL_KEYMAX];
	uint64_t val;			/* integer value */
	char data[DIF_EVAL_VALMAX];	/* by-ref value */
};

struct dif_env {
	uint64_t vars[DTRACE_DIF_VAR_MAX];	/* integer variables */
	const char *strvars[DTRACE_DIF_VAR_MAX];	/* string variables */
	uint64_t uregs[32];			/* uregs[] */
	uint32_t strsize;			/* SCMP bound */
	int fault;				/* DTRACEFLT_*, 0 if none */
	unsigned int fault_pc;
	const char *bad;			/* why the program is invalid */
	struct dif_dyn dyn[DIF_EVAL_NDYN];	/* user variables */
	char scratch[DIF_EVAL_SCRATCH];
	uint32_t scratch_used;			/* reset by dif_eval() */
};

int dif_eval(const struct dt_difo *dp, struct dif_env *env, uint64_t *res);

#endif /* _DIF_EVAL_H */
