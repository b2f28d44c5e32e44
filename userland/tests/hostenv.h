/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The engine (framework/engine/) on the host: hostenv.c defines the
 * services of engine/env.h over fake memory, so the unit tests, the fake
 * device (mockdev.c) and the fuzzers (userland/fuzz/) run the kernel's
 * own verifier, interpreter and subroutines.  Memory: a load succeeds
 * only inside a region registered with dif_env_region() (the program's
 * tables, scratch, variables and the built-in strings are registered by
 * dif_eval()); any other address faults like a bad kernel address.
 * Variables keep their values from one dif_eval() to the next, so a
 * test can run a clause's programs in order.
 */
#ifndef _HOSTENV_H
#define _HOSTENV_H

#include <stdint.h>
#include <engine/dif.h>
#include "dt_impl.h"

struct dt_difo;

#define DIF_ENV_NDYN		128	/* dynamic variable elements */
#define DIF_ENV_KEYMAX		1024	/* bytes of one element's key */
#define DIF_ENV_NVARS		64	/* global and local scalars */
#define DIF_ENV_NREGIONS	32	/* readable memory regions */
#define DIF_ENV_SCRATCH		8192

/* Where a region may be read: as kernel memory, as user memory. */
#define DIF_MEM_KERNEL		0x1
#define DIF_MEM_USER		0x2
#define DIF_MEM_WRITE		0x4	/* user memory copyout() may write */

struct dif_region {
	uintptr_t base;
	size_t len;
	unsigned int flags;		/* DIF_MEM_* */
};

struct dif_dyn {
	int used;
	uint32_t id;
	uint64_t thread;		/* thread-local: the owner's tid */
	uint32_t keylen;
	char key[DIF_ENV_KEYMAX];
	struct dtrace_var decl;
	void *data;			/* decl.size bytes */
};

struct dif_var {
	uint32_t id;			/* 0: slot free */
	uint8_t scope;
	struct dtrace_var decl;
	void *data;			/* decl.size bytes */
};

struct dif_env {
	struct dtrace_dif_mstate dif;		/* the engine's part */
	uint64_t vars[DTRACE_DIF_VAR_MAX];	/* integer variables */
	const char *strvars[DTRACE_DIF_VAR_MAX];	/* string variables */
	uint64_t uregs[32];			/* uregs[] */
	uint32_t strsize;
	bool in_clause;				/* dif_env_clause() called */
	int fault;				/* DTRACEFLT_*, 0 if none */
	unsigned int fault_pc;
	const char *bad;			/* the verifier's refusal */
	struct dtrace_dif_err err;
	const struct dtrace_dif_prog *prog;	/* running */
	struct dtrace_tuple tup;		/* the last run's tuple stack */
	bool straight;				/* it ran in a straight form */
	bool regs_written;			/* its loop zeroed no register */
	uint32_t fault_var;			/* a built-in that faults, or 0 */
	struct dif_region regions[DIF_ENV_NREGIONS];
	unsigned int nregions;
	unsigned int nfixed;			/* dif_env_region() ones */
	struct dif_var svars[DIF_ENV_NVARS];
	struct dif_dyn dyn[DIF_ENV_NDYN];
	uint64_t dyndrops;
	uint64_t rand;
	char scratch[DIF_ENV_SCRATCH];
};

void dif_env_region(struct dif_env *env, const void *base, size_t len,
		    unsigned int flags);
void dif_env_clause(struct dif_env *env);
int dif_eval(const struct dt_difo *dp, struct dif_env *env, uint64_t *res);
int dif_env_run(const struct dtrace_difo *difo, struct dif_env *env,
		uint64_t *res);
void dif_env_free(struct dif_env *env);

#endif /* _HOSTENV_H */
