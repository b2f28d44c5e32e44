/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The declarations of pcb->decls that dt_compile.c carries out before
 * the clauses: D variables (into dt_var.c's table), inlines and
 * translators (kept here, per handle, for as long as the compilation
 * whose AST holds their expressions lives: the D library's for the
 * handle's life, a program's for its compilation).  dt_check.c expands
 * an inline where its name is used and a translator where a member of
 * xlate<T>(e) is read, each time from a fresh copy of the expression.
 */
#ifndef _DT_XLATE_H
#define _DT_XLATE_H

#include "dt_pcb.h"

/* Carry out pcb->decls in order; errors unwind through dt_diag(). */
void dt_decls_process(struct dt_pcb *pcb);

bool dt_inline_exists(dtrace_hdl_t *dtp, const char *name);

/*
 * If @n (an IDENT) names an inline, turn @n into a checked copy of its
 * expression, converted to the inline's type.  Return: true if it did.
 */
bool dt_inline_expand(struct dt_pcb *pcb, struct dt_node *n);

/*
 * If @n is name[e] of an inline with a parameter, expand it with e as
 * the parameter: return true.
 */
bool dt_inline_expand_index(struct dt_pcb *pcb, struct dt_node *n);

/* Check xlate<T>(e): a translator to T (or to what T points to) from e. */
void dt_xlate_check(struct dt_pcb *pcb, struct dt_node *n);

/*
 * @n is a member access whose left side is a checked XLATE node: turn
 * @n into the checked translation of that member.
 */
void dt_xlate_member(struct dt_pcb *pcb, struct dt_node *n);

/* Forget the inlines and translators of compilation @pcb. */
void dt_xlate_drop(dtrace_hdl_t *dtp, const struct dt_pcb *pcb);

#endif /* _DT_XLATE_H */
