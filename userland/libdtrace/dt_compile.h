/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The passes after parsing, as dt_compile.c drives them clause by
 * clause: type checking (dt_check.c) and code generation (dt_cg.c).
 * Both report through dt_diag(), which unwinds to the driver.
 */
#ifndef _DT_COMPILE_H
#define _DT_COMPILE_H

#include "dt_pcb.h"
#include "dt_as.h"

struct dt_ident;

/* State of code generation for one clause at a time. */
struct dt_cg {
	struct dt_pcb *pcb;
	struct dt_irlist irl;		/* the program being generated */
	unsigned int regs;		/* bit n: %rn in use; %r0 stays 0 */
	struct dt_clause *clause;	/* the clause being built */
};

void dt_check_clause(struct dt_pcb *pcb, struct dt_clause_node *c);
void dt_check_expr(struct dt_pcb *pcb, struct dt_node *n);
const struct dt_ident *dt_check_action(const struct dt_node *n);

void dt_cg_init(struct dt_cg *cg, struct dt_pcb *pcb);
void dt_cg_fini(struct dt_cg *cg);
struct dt_difo *dt_cg_program(struct dt_cg *cg, struct dt_node *n,
			      uint32_t rtype, uint32_t rsize);
void dt_cg_clause(struct dt_cg *cg, struct dt_clause_node *c);

#endif /* _DT_COMPILE_H */
