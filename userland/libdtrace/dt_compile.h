/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The passes after parsing, as dt_compile.c drives them clause by
 * clause: type checking (dt_check.c) and code generation (dt_cg.c).
 * Both report through dt_diag(), which unwinds to the driver.
 */
#ifndef _DT_COMPILE_H
#define _DT_COMPILE_H

#include <engine/quantize.h>
#include "dt_pcb.h"
#include "dt_as.h"

struct dt_ident;
struct dt_var;

/* cflags of a D library file's compilation (dt_lib.c); not public. */
#define DT_C_LIBRARY	0x80000000u

int dt_lib_load(dtrace_hdl_t *dtp, struct dt_pcb *pcb);
void dt_lib_unload(dtrace_hdl_t *dtp);

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
	/* a variable reference that reads as a copy (dt_cg_var.c) */
	const struct dt_node *subst;
	unsigned int subst_reg;
};

void dt_check_clause(struct dt_pcb *pcb, struct dt_clause_node *c);
void dt_check_expr(struct dt_pcb *pcb, struct dt_node *n);
const struct dt_ident *dt_check_action(const struct dt_node *n);
/* Call @n (named @name) passes @min to @max arguments. */
void dt_check_nargs(struct dt_pcb *pcb, const struct dt_node *n,
		    const char *name, unsigned int min, unsigned int max);
/* Check the arguments of action call @n and the rights it needs. */
void dt_check_act(struct dt_pcb *pcb, struct dt_node *n,
		  const struct dt_ident *act);

/* dt_check_agg.c: aggregations, the actions on them, symbol functions */
bool dt_check_is_aggstmt(const struct dt_node *n);
bool dt_check_is_aggref(const struct dt_node *n);
void dt_check_agg(struct dt_pcb *pcb, struct dt_node *n);
void dt_check_aggact(struct dt_pcb *pcb, struct dt_node *n,
		     const struct dt_ident *act);
const struct dt_ident *dt_check_symfn(const struct dt_node *n);
bool dt_check_symarg(struct dt_pcb *pcb, struct dt_node *n);

/* dt_aggdef.c: the handle's aggregations */
const char *dt_aggfunc_name(uint32_t func);
struct dtrace_llquantize dt_agg_llq(const struct dtrace_ioc_aggdef *def);
uint32_t dt_agg_nvals(const struct dtrace_ioc_aggdef *def);
struct dt_agg *dt_agg_lookup(dtrace_hdl_t *dtp, const char *name);
bool dt_agg_same(const struct dt_agg *a, const struct dt_agg *b);
void dt_agg_describe(const struct dt_agg *a, char *buf, size_t len);
struct dt_agg *dt_agg_create(dtrace_hdl_t *dtp, const char *name,
			     const struct dt_agg *proto);
unsigned int dt_aggs_mark(const dtrace_hdl_t *dtp);
void dt_aggs_rollback(dtrace_hdl_t *dtp, unsigned int mark);
void dt_aggs_free(dtrace_hdl_t *dtp);

/* dt_cg.c: expressions; dt_cg_var.c: variables, keys and calls */
unsigned int dt_cg_reg(struct dt_cg *cg, int line);
void dt_cg_free(struct dt_cg *cg, unsigned int r);
void dt_cg_emit(struct dt_cg *cg, unsigned int op, unsigned int d,
		unsigned int s1, unsigned int s2);
void dt_cg_const(struct dt_cg *cg, unsigned int r, uint64_t v, int line);
void dt_cg_srem(struct dt_cg *cg, unsigned int d, unsigned int a,
		unsigned int b, int line);
unsigned int dt_cg_expr(struct dt_cg *cg, struct dt_node *n);
void dt_cg_convert(struct dt_cg *cg, unsigned int r,
		   const struct dt_type *from, const struct dt_type *to,
		   int line);
/* The address of a member, *p or p[i]; a load of type @t from %@a + @off. */
unsigned int dt_cg_addr(struct dt_cg *cg, struct dt_node *n);
void dt_cg_load_type(struct dt_cg *cg, unsigned int d, unsigned int a,
		     int32_t off, const struct dt_type *t, bool user);
/*
 * Bit-fields: the member @n names if it is one (*@bop its bit offset in
 * its struct), and the load and store of one at the address in %@a of
 * the byte its bits start in.
 */
const struct dt_member *dt_cg_bitfield(const struct dt_node *n,
				       uint64_t *bop);
void dt_cg_bf_load(struct dt_cg *cg, unsigned int d, unsigned int a,
		   const struct dt_member *m, uint64_t bo, bool user);
void dt_cg_bf_store(struct dt_cg *cg, unsigned int a, unsigned int v,
		    const struct dt_member *m, uint64_t bo, int line);
unsigned int dt_cg_var_load(struct dt_cg *cg, struct dt_node *n);
unsigned int dt_cg_var_assign(struct dt_cg *cg, struct dt_node *n);
unsigned int dt_cg_call(struct dt_cg *cg, struct dt_node *n);

/* dt_cg_agg.c: aggregations and symbol functions */
unsigned int dt_cg_symval(struct dt_cg *cg, struct dt_node *n);
struct dt_difo *dt_cg_aggprog(struct dt_cg *cg, struct dt_node *n);

void dt_cg_init(struct dt_cg *cg, struct dt_pcb *pcb);
void dt_cg_fini(struct dt_cg *cg);
struct dt_difo *dt_cg_program(struct dt_cg *cg, struct dt_node *n,
			      uint32_t rtype, uint32_t rsize);
/* dt_cg_program() in two halves, for programs of another shape. */
void dt_cg_prog_begin(struct dt_cg *cg);
struct dt_difo *dt_cg_prog_end(struct dt_cg *cg, unsigned int r,
			       uint32_t rtype, uint32_t rsize, int line);
void dt_cg_clause(struct dt_cg *cg, struct dt_clause_node *c);

#endif /* _DT_COMPILE_H */
