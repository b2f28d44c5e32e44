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
struct dt_var;

/* cflags of a D library file's compilation (dt_lib.c); not public. */
#define DT_C_LIBRARY	0x80000000u

void dt_lib_load(dtrace_hdl_t *dtp);
void dt_lib_unload(dtrace_hdl_t *dtp);

/* Frames stack() and ustack() may record (docs/abi.md, actions). */
#define DTRACE_STACK_MAX	128
#define DTRACE_USTACK_MAX	128

/* State of code generation for one clause at a time. */
struct dt_cg {
	struct dt_pcb *pcb;
	struct dt_irlist irl;		/* the program being generated */
	unsigned int regs;		/* bit n: %rn in use; %r0 stays 0 */
	struct dt_clause *clause;	/* the clause being built */
	unsigned int cap;		/* entries of clause->progs, acts,
					   recs */
	const struct dt_var **vars;	/* variables the program uses */
	unsigned int nvars, varcap;
	struct dt_stmt_node **pending;	/* statements without a record,
					   run by the next program */
	unsigned int npending, pendcap;
};

void dt_check_clause(struct dt_pcb *pcb, struct dt_clause_node *c);
void dt_check_expr(struct dt_pcb *pcb, struct dt_node *n);
const struct dt_ident *dt_check_action(const struct dt_node *n);

/* dt_cg.c: expressions; dt_cg_var.c: variables, keys and calls */
unsigned int dt_cg_reg(struct dt_cg *cg, int line);
void dt_cg_free(struct dt_cg *cg, unsigned int r);
void dt_cg_emit(struct dt_cg *cg, unsigned int op, unsigned int d,
		unsigned int s1, unsigned int s2);
void dt_cg_const(struct dt_cg *cg, unsigned int r, uint64_t v, int line);
unsigned int dt_cg_expr(struct dt_cg *cg, struct dt_node *n);
void dt_cg_convert(struct dt_cg *cg, unsigned int r,
		   const struct dt_type *from, const struct dt_type *to,
		   int line);
/* The address of a member, *p or p[i]; a load of type @t from %@a + @off. */
unsigned int dt_cg_addr(struct dt_cg *cg, struct dt_node *n);
void dt_cg_load_type(struct dt_cg *cg, unsigned int d, unsigned int a,
		     int32_t off, const struct dt_type *t, bool user);
unsigned int dt_cg_var_load(struct dt_cg *cg, struct dt_node *n);
unsigned int dt_cg_var_assign(struct dt_cg *cg, struct dt_node *n);
unsigned int dt_cg_call(struct dt_cg *cg, struct dt_node *n);

void dt_cg_init(struct dt_cg *cg, struct dt_pcb *pcb);
void dt_cg_fini(struct dt_cg *cg);
struct dt_difo *dt_cg_program(struct dt_cg *cg, struct dt_node *n,
			      uint32_t rtype, uint32_t rsize);
void dt_cg_clause(struct dt_cg *cg, struct dt_clause_node *c);

#endif /* _DT_COMPILE_H */
