// SPDX-License-Identifier: GPL-2.0
/*
 * The engine's cost per clause firing, on the host: compiles one clause
 * with libdtrace (no device) and runs its programs, predicate first,
 * through the kernel's own engine (framework/engine/) ITERS times, as
 * probe context would, over the services of nofault.c, which do what
 * the kernel's do (env_ctx.c: the reads call an out-of-line nofault
 * copy).  Run under valgrind --tool=callgrind, the instruction count
 * of one firing is (Ir at 2N - Ir at N) / N; bench/engine/cost.sh does
 * that.  docs/performance.md ("The engine's cost") has the figures.
 *
 * Usage: [ENGINE_COST_LOOP=1] engine_cost ITERS ['D clause']
 * (ENGINE_COST_LOOP: no straight forms, every program through the loop)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <engine/dif.h>
#include <engine/env.h>
#include "dt_impl.h"
#include "nofault.h"

#define CLAUSE "syscall::openat:entry /execname != \"dtrace\" && arg2 >= 0/ " \
	       "{ @[execname] = count(); trace(copyinstr(arg1)); }"

static const struct dt_difo *progs[16];
static unsigned int nprogs;

static void add(const struct dt_difo *dp)
{
	if (dp && nprogs < sizeof(progs) / sizeof(progs[0]))
		progs[nprogs++] = dp;
}

int main(int argc, char **argv)
{
	static char scratch[8192];
	struct nofault_state st = { 0 };
	const char *text = argc > 2 ? argv[2] : CLAUSE;
	struct dtrace_dif_prog prog[16];
	struct dtrace_tuple tup;
	const struct dt_clause *cl;
	dtrace_prog_t *pgp;
	dtrace_hdl_t *dtp;
	unsigned long iters, i;
	unsigned int p, a;
	u64 sum = 0;
	int err;

	if (argc < 2) {
		fprintf(stderr, "usage: engine_cost ITERS ['D clause']\n");
		return 2;
	}
	iters = strtoul(argv[1], NULL, 0);
	/* ENGINE_COST_LOOP=1: every program through the decode loop */
	if (getenv("ENGINE_COST_LOOP"))
		dtrace_dif_straight_on = false;
	setenv("DTRACE_BTF_PATH", "/nonexistent/vmlinux", 1);
	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	pgp = dtp ? dtrace_program_strcompile(dtp, text,
					      DTRACE_PROBESPEC_NAME,
					      DTRACE_C_ZDEFS) : NULL;
	if (!pgp || !pgp->nclauses) {
		fprintf(stderr, "engine_cost: the clause does not compile\n");
		return 1;
	}
	cl = pgp->clauses[0];
	add(cl->pred);
	for (a = 0; a < cl->nacts; a++)
		add(cl->progs[a]);
	for (p = 0; p < nprogs; p++) {
		struct dtrace_dif_err why;
		const struct dtrace_difo *k = &progs[p]->k;

		prog[p] = (struct dtrace_dif_prog){
			.insns = progs[p]->insns, .inttab = progs[p]->ints,
			.strtab = progs[p]->strtab, .vartab = progs[p]->vartab,
			.ninsns = k->ninsns, .nints = k->nints,
			.strtab_len = k->strtab_len, .nvars = k->nvars,
			.rtype = k->rtype, .rsize = k->rsize,
		};
		if (!dtrace_dif_verify(&prog[p], &why)) {
			fprintf(stderr, "engine_cost: refused: %s\n",
				dtrace_dif_rule_text(why.rule));
			return 1;
		}
	}
	nofault_setup(&st);
	for (i = 0; i < iters; i++) {
		dtrace_dif_clause_start(&st.dif, scratch, sizeof(scratch), 256);
		memcpy(st.dif.args, st.args, sizeof(st.dif.args));
		for (p = 0; p < nprogs; p++)
			sum += dtrace_dif_exec(&prog[p], &st.dif, &tup);
		if (st.dif.fault) {
			fprintf(stderr, "engine_cost: fault %u at %u\n",
				st.dif.fault, st.dif.fault_pc);
			return 1;
		}
	}
	printf("%u programs, %lu firings, %s\n", nprogs, iters,
	       sum ? "ok" : "ok (all zero)");
	dt_program_free(pgp);
	dtrace_close(dtp);
	return 0;
}
