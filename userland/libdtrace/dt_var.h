/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's user variables (globals, self->, this->, associative arrays) as
 * they outlive one compilation: one table per handle (dtp->dstate), so
 * that a variable keeps its DIF id and its type in every clause and
 * every program of a consumer.  dt_check.c creates and types them,
 * dt_cg_var.c loads and stores them, dt_compile.c commits or rolls back
 * what a compilation added.
 */
#ifndef _DT_VAR_H
#define _DT_VAR_H

#include <stdbool.h>
#include <stdint.h>
#include "dt_ast.h"

typedef struct dtrace_hdl dtrace_hdl_t;
struct dt_type;

#define DT_VAR_MAXKEYS	8	/* keys of one associative array */
#define DT_LIB_MAXFILES	64	/* files of the D library */

struct dt_var {
	char *name;
	enum dt_var_scope scope;
	bool is_assoc;
	uint32_t id;			/* DIF variable id, >= 1 */
	const struct dt_type *type;	/* NULL until first assigned */
	const struct dt_type *keys[DT_VAR_MAXKEYS];
	unsigned int nkeys;		/* fixed by the first use */
	bool keys_known;		/* ->keys are set */
	signed char alloca;		/* the pointers it holds: 1 alloca()
					   scratch, -1 other, 0 none yet */
};

struct dt_inline;
struct dt_xlator;
struct dt_libfile;
struct dt_libset;

/* dtp->dstate: what outlives one compilation. */
struct dt_dstate {
	struct dt_var **vars;
	unsigned int nvars, cap;
	struct dt_inline *inlines;	/* dt_xlate.c */
	struct dt_xlator *xlators;	/* dt_xlate.c */
	/* the D library's compilations, kept for their AST (dt_lib.c) */
	struct dt_libfile *libs[DT_LIB_MAXFILES];
	unsigned int nlibs;
	struct dt_libset *libset;	/* the files, read once (dt_lib.c) */
	uint32_t argprobe;		/* the one probe of the clause being
					   checked, whose args[] are typed by
					   DTRACEIOC_PROBEARG; 0 if none */
};

struct dt_dstate *dt_dstate(dtrace_hdl_t *dtp);

struct dt_var *dt_var_lookup(dtrace_hdl_t *dtp, enum dt_var_scope scope,
			     const char *name);
struct dt_var *dt_var_create(dtrace_hdl_t *dtp, enum dt_var_scope scope,
			     const char *name, bool is_assoc);

/* Compilations add variables; a failed one takes its own back. */
unsigned int dt_var_mark(dtrace_hdl_t *dtp);
void dt_var_rollback(dtrace_hdl_t *dtp, unsigned int mark);
/* At dtrace_close(): variables, the D library, aggregations. */
void dt_var_destroy_all(dtrace_hdl_t *dtp);

/* The vartab entry a program using @v carries. */
void dt_var_difv(dtrace_hdl_t *dtp, const struct dt_var *v,
		 struct dtrace_difv *dv);

const char *dt_var_prefix(enum dt_var_scope scope);

#endif /* _DT_VAR_H */
