/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's built-in identifiers: the variables read with DIF LDV, the actions
 * the compiler knows, and the names of D features that exist but are
 * not implemented yet (so that they get an honest diagnostic).
 */
#ifndef _DT_IDENT_H
#define _DT_IDENT_H

struct dt_type;

enum dt_ident_kind {
	DT_IDENT_VAR,		/* built-in variable */
	DT_IDENT_ACTION,	/* trace(), printf(), exit() */
	DT_IDENT_LATER,		/* a D name this version does not offer */
};

enum dt_action {
	DT_ACT_NONE,
	DT_ACT_TRACE,
	DT_ACT_PRINTF,
	DT_ACT_EXIT,
};

struct dt_ident {
	const char *name;
	enum dt_ident_kind kind;
	int var;			/* DTRACE_DIF_VAR_* */
	const struct dt_type *type;	/* of a variable */
	enum dt_action action;
};

const struct dt_ident *dt_ident_lookup(const char *name);

#endif /* _DT_IDENT_H */
