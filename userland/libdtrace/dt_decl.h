/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Declarations as the grammar (dt_grammar.y) parses them: type names,
 * declarators, struct/union/enum definitions and typedefs, which
 * dt_decl.c carries out at once through dt_type.h (so that the lexer
 * knows a new type name from the next token on), and variable, inline
 * and translator declarations, which it queues on pcb->decls for
 * dt_xlate.c.  Also the constant folding that array bounds, bitfield
 * widths, enumerator values, sizeof and offsetof need at parse time.
 * Errors are reported with dt_pcb_error(); a function that fails
 * returns NULL or -1 and the grammar aborts.
 */
#ifndef _DT_DECL_H
#define _DT_DECL_H

#include "dt_pcb.h"
#include "dt_type.h"

#define DT_DECL_MAXDIMS	8
/* pointer, array and function levels of a type: dt_declarator_type() */
#define DT_DECL_MAXDEPTH	256

/* One declarator: [*...] name [dims...] [: bits] */
struct dt_declarator {
	char *name;			/* NULL: abstract (a type name) */
	int line;
	unsigned int nptr;		/* leading '*'s */
	unsigned int ndims;		/* [N] suffixes, outermost first */
	uint64_t dims[DT_DECL_MAXDIMS];
	bool is_assoc;			/* [type, ...] or [] */
	const struct dt_type **keys;
	unsigned int nkeys;
	int bits;			/* bitfield width, -1 none */
	char *param;			/* [type name]: an inline's parameter */
	const struct dt_type *ptype;	/* and its type; a function
					   parameter's type specifier */
	bool ellipsis;			/* the "..." of a parameter list */
	bool is_func;			/* name(params): a function */
	const struct dt_type **fparams;	/* is_func: parameter types */
	unsigned int nfparams;
	bool varargs;			/* is_func: ends with "..." */
	struct dt_declarator *inner;	/* ( declarator ): derives from the
					   type this one makes, int (*f)() */
	struct dt_declarator *next;
};

/* A list of key types being collected for [type, type ...]. */
struct dt_typelist {
	const struct dt_type **types;
	unsigned int n;
};

/* Type specifiers: words like "unsigned" "long" collected in order. */
const struct dt_type *dt_decl_typename(struct dt_pcb *pcb, const char *words,
				       int line);
char *dt_decl_words(struct dt_pcb *pcb, const char *a, const char *b);
const struct dt_type *dt_decl_tag(struct dt_pcb *pcb, enum dt_tkind kind,
				  const char *tag, int line);

struct dt_declarator *dt_declarator_new(struct dt_pcb *pcb, char *name,
					int line);
struct dt_declarator *dt_declarator_link(struct dt_declarator *list,
					 struct dt_declarator *d);
int dt_declarator_dim(struct dt_pcb *pcb, struct dt_declarator *d,
		      struct dt_node *size);
/* [type name]: @d is an inline with a parameter (tcp_state_string[int s]). */
int dt_declarator_param(struct dt_pcb *pcb, struct dt_declarator *d,
			const struct dt_type *t, char *name);
int dt_declarator_keys(struct dt_pcb *pcb, struct dt_declarator *d,
		       struct dt_typelist *keys);
/* ( @params ): @d is a function; @params NULL is "()". */
int dt_declarator_func(struct dt_pcb *pcb, struct dt_declarator *d,
		       const struct dt_declarator *params);
/* name : @width, a bit-field. */
int dt_declarator_bits(struct dt_pcb *pcb, struct dt_declarator *d,
		       const struct dt_node *width);
struct dt_typelist *dt_typelist_add(struct dt_pcb *pcb,
				    struct dt_typelist *l,
				    const struct dt_type *t);
/* @base with @d's pointers and array bounds applied. */
const struct dt_type *dt_declarator_type(struct dt_pcb *pcb,
					 const struct dt_type *base,
					 const struct dt_declarator *d);

/* struct/union/enum bodies */
struct dt_type *dt_decl_sou_begin(struct dt_pcb *pcb, enum dt_tkind kind,
				  const char *tag, int line);
int dt_decl_sou_members(struct dt_pcb *pcb, struct dt_type *sou,
			const struct dt_type *base,
			const struct dt_declarator *list);
int dt_decl_enumerator(struct dt_pcb *pcb, struct dt_type *e,
		       const char *name, struct dt_node *value, int line);
const struct dt_type *dt_decl_sou_end(struct dt_pcb *pcb, struct dt_type *t);

/* Top-level declarations: "typedef ...;", variables, inline, translator. */
int dt_decl_typedef(struct dt_pcb *pcb, const struct dt_type *base,
		    const struct dt_declarator *list);
/* extern declarations: checked, then left to the kernel's symbols. */
int dt_decl_extern(struct dt_pcb *pcb, const struct dt_type *base,
		   const struct dt_declarator *list);
int dt_decl_vars(struct dt_pcb *pcb, enum dt_var_scope scope,
		 const struct dt_type *base, const struct dt_declarator *list);
int dt_decl_inline(struct dt_pcb *pcb, const struct dt_type *base,
		   const struct dt_declarator *d, struct dt_node *expr);
int dt_decl_xlator(struct dt_pcb *pcb, const struct dt_type *out,
		   const struct dt_type *in, const struct dt_declarator *param,
		   struct dt_xlmember *members, int line);
struct dt_xlmember *dt_xlmember_add(struct dt_pcb *pcb,
				    struct dt_xlmember *list, char *name,
				    struct dt_node *expr, int line);

/* Expressions folded at parse time. */
int dt_decl_fold(struct dt_pcb *pcb, const struct dt_node *n, int64_t *vp);
int dt_decl_const(struct dt_pcb *pcb, const struct dt_node *n, int64_t *vp);
struct dt_node *dt_decl_sizeof(struct dt_pcb *pcb, const struct dt_type *t,
			       int line);
struct dt_node *dt_decl_offsetof(struct dt_pcb *pcb, const struct dt_type *t,
				 const char *member, int line);

#endif /* _DT_DECL_H */
