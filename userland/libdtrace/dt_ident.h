/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's built-in identifiers: the variables read with DIF LDV/LDVA, the
 * subroutines called with DIF CALL and their D prototypes, the actions
 * the compiler knows, the aggregating functions, the symbol functions
 * (sym(), usym(), ...), and the names of D features that exist but are
 * not implemented yet (so that they get an honest diagnostic).
 * docs/d-reference.md is the user's view of this table.
 */
#ifndef _DT_IDENT_H
#define _DT_IDENT_H

#include <stdbool.h>

struct dt_type;
struct dtrace_hdl;

enum dt_ident_kind {
	DT_IDENT_VAR,		/* built-in scalar variable (LDV) */
	DT_IDENT_ARRAY,		/* args[], uregs[] (LDVA) */
	DT_IDENT_SUBR,		/* subroutine (CALL) */
	DT_IDENT_ACTION,	/* trace(), printf(), exit(), ... */
	DT_IDENT_AGGFUNC,	/* count(), quantize(), ...: only as the
				   value of @a = f(...) */
	DT_IDENT_SYMFN,		/* sym(), func(), mod(), usym(), ufunc(),
				   umod(), uaddr(): only as a trace() or
				   printf() argument or aggregation key */
	DT_IDENT_STRCONST,	/* a string constant: zonename */
	DT_IDENT_LATER,		/* a D name this version does not offer */
};

/*
 * What an action identifier is.  Every switch over one names every value
 * and has no default (the checker's and code generator's, dt_check_act.c,
 * dt_check_agg.c, dt_cg_act.c): a new action is a compiler error in each
 * until it is handled there (userland/Makefile: -Werror=switch).
 */
enum dt_action {
	DT_ACT_NONE,
	DT_ACT_TRACE,
	DT_ACT_PRINTF,
	DT_ACT_EXIT,
	DT_ACT_TRACEMEM,
	DT_ACT_PRINT,
	DT_ACT_STACK,
	DT_ACT_USTACK,
	DT_ACT_RAISE,
	DT_ACT_STOP,
	DT_ACT_CHILL,
	DT_ACT_SYSTEM,
	DT_ACT_FREOPEN,
	DT_ACT_FTRUNCATE,
	DT_ACT_PANIC,
	DT_ACT_BREAKPOINT,
	DT_ACT_PCAP,
	DT_ACT_PRINTA,		/* PRINTA..SETOPT: done by the consumer */
	DT_ACT_CLEAR,
	DT_ACT_TRUNC,
	DT_ACT_NORMALIZE,
	DT_ACT_DENORMALIZE,
	DT_ACT_SETOPT,
	DT_ACT_SPECULATE,
	DT_ACT_COMMIT,
	DT_ACT_DISCARD,
};

/*
 * Argument kinds of a subroutine prototype, one letter per argument:
 *   's'  string (or a char array or char pointer)
 *   'S'  string, or the integer 0 (strtok's first argument)
 *   'i'  integer
 *   'a'  integer or pointer (an address)
 */
struct dt_ident {
	const char *name;
	enum dt_ident_kind kind;
	int var;			/* DTRACE_DIF_VAR_* */
	const struct dt_type *type;	/* of a variable; a subroutine's
					   return type (NULL: void) */
	enum dt_action action;
	int subr;			/* DTRACE_DIF_SUBR_* */
	const char *args;		/* subroutine argument kinds */
	unsigned int minargs;		/* fewer of ->args may be passed */
	bool destructive;		/* needs -w */
	unsigned int aggfunc;		/* DTRACE_AGG_* */
	unsigned int symfmt;		/* enum dt_symfmt of a symbol function */
	bool user;			/* a user symbol function: usym() ... */
	const char *str;		/* the value of a DT_IDENT_STRCONST */
};

/*
 * @name's built-in identifier, or NULL; one that came in a later D
 * version than the program's (-xversion, #pragma D option version) is
 * not there, so the program may use the name for its own.  @dtp NULL:
 * whatever the version (a call the checker has resolved already).
 */
const struct dt_ident *dt_ident_lookup(struct dtrace_hdl *dtp,
				       const char *name);

#endif /* _DT_IDENT_H */
