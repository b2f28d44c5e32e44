/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The abstract syntax tree the grammar (dt_grammar.y) builds: expression
 * nodes, statements, probe descriptions and clauses.  Nodes live in the
 * compilation's arena (dt_pcb.c) and die with it.  dt_check.c annotates
 * them with types; dt_cg.c turns them into DIF.
 */
#ifndef _DT_AST_H
#define _DT_AST_H

#include <stdbool.h>
#include <stdint.h>

struct dt_pcb;
struct dt_type;

enum dt_node_kind {
	DT_NODE_INT,		/* value, type */
	DT_NODE_STRING,		/* str */
	DT_NODE_IDENT,		/* str; value = DIF variable once checked */
	DT_NODE_OP1,		/* op left */
	DT_NODE_OP2,		/* left op right */
	DT_NODE_OP3,		/* cond ? left : right */
	DT_NODE_CALL,		/* left (args) */
	DT_NODE_MEMBER,		/* left . str, left -> str (op DOT/PTR) */
	DT_NODE_INDEX,		/* left [ args ]: args is the key tuple,
				   one or more expressions linked by ->next */
	DT_NODE_CAST,		/* ( ctype ) left */
	DT_NODE_SIZEOF,		/* sizeof left (an expression; sizeof of a
				   type is folded by the grammar to INT) */
	DT_NODE_STRINGOF,	/* stringof left */
	DT_NODE_XLATE,		/* xlate < ctype > ( left ) */
	DT_NODE_AGG,		/* @str ("" for @); ident = its struct
				   dt_agg once checked */
};
/*
 * Macro variables never reach the AST: the lexer turns $N into an INT
 * (or an IDENT when the argument is an identifier), $$N into a STRING,
 * and $target, $pid, $ppid, $uid, $gid ... into INTs.
 */

enum dt_op {
	DT_OP_NONE,
	DT_OP_COMMA,
	DT_OP_ASGN, DT_OP_ADD_EQ, DT_OP_SUB_EQ, DT_OP_MUL_EQ, DT_OP_DIV_EQ,
	DT_OP_MOD_EQ, DT_OP_AND_EQ, DT_OP_XOR_EQ, DT_OP_OR_EQ, DT_OP_LSH_EQ,
	DT_OP_RSH_EQ,
	DT_OP_QUESTION,
	DT_OP_LOR, DT_OP_LXOR, DT_OP_LAND,
	DT_OP_BOR, DT_OP_XOR, DT_OP_BAND,
	DT_OP_EQ, DT_OP_NE, DT_OP_LT, DT_OP_LE, DT_OP_GT, DT_OP_GE,
	DT_OP_LSH, DT_OP_RSH,
	DT_OP_ADD, DT_OP_SUB, DT_OP_MUL, DT_OP_DIV, DT_OP_MOD,
	DT_OP_NEG, DT_OP_PLUS, DT_OP_BNEG, DT_OP_LNEG,
	DT_OP_DEREF, DT_OP_ADDROF,
	DT_OP_PREINC, DT_OP_PREDEC, DT_OP_POSTINC, DT_OP_POSTDEC,
	DT_OP_DOT, DT_OP_PTR,
	DT_OP_NOPS
};

struct dt_node {
	enum dt_node_kind kind;
	enum dt_op op;
	int line;
	const struct dt_type *type;	/* set by the lexer or dt_check.c */
	const struct dt_type *ctype;	/* CAST, XLATE: the type named */
	uint64_t value;
	char *str;
	struct dt_node *left, *right, *cond;
	struct dt_node *args;		/* CALL, INDEX: first argument/key */
	struct dt_node *next;		/* next argument */
	void *ident;			/* dt_check.c's resolution of an
					   IDENT (variable, inline, ...) */
	bool is_lvalue;			/* set by dt_check.c */
	unsigned char alloca;		/* dt_check.c: DT_ALLOCA_* */
	bool ksym_addr;			/* dt_check.c: &`var, a long * for
					   want of the variable's type */
};

/* What a pointer value points into, as far as the checker knows. */
#define DT_ALLOCA_NONE	0	/* not alloca() scratch (or no pointer) */
#define DT_ALLOCA_PTR	1	/* alloca() scratch */
#define DT_ALLOCA_MIXED	2	/* a ?: with a branch of each kind */

enum dt_stmt_kind_node {
	DT_SN_EXPR,			/* expr ; */
	DT_SN_IF,			/* if (expr) then [else els] */
};

struct dt_stmt_node {
	enum dt_stmt_kind_node kind;
	struct dt_node *expr;
	struct dt_stmt_node *then, *els;	/* DT_SN_IF; either may be NULL */
	int line;
	struct dt_stmt_node *next;
};

/*
 * Top-level declarations other than clauses.  Type declarations (typedef,
 * struct, union, enum) are carried out by the grammar as they are parsed
 * (dt_decl.c calls dt_type.h), exactly as a C compiler does, so that the
 * lexer knows type names at once; they leave no node.  What remains for
 * dt_check.c comes in program order on pcb->decls:
 */
enum dt_decl_kind {
	DT_DECL_VAR,		/* [self|this] type name [ [keys] ] ; */
	DT_DECL_INLINE,		/* inline type name = expr ; */
	DT_DECL_XLATOR,		/* translator type < type name > { ... } ; */
};

enum dt_var_scope {
	DT_SCOPE_GLOBAL,
	DT_SCOPE_THREAD,	/* self-> */
	DT_SCOPE_CLAUSE,	/* this-> */
};

/* One "member = expr;" of a translator. */
struct dt_xlmember {
	char *name;
	struct dt_node *expr;
	int line;
	struct dt_xlmember *next;
};

struct dt_decl_node {
	enum dt_decl_kind kind;
	int line;
	char *name;			/* VAR, INLINE; XLATOR: parameter */
	const struct dt_type *type;	/* VAR, INLINE; XLATOR: output type */
	/* VAR */
	enum dt_var_scope scope;
	bool is_assoc;			/* declared with [keys] */
	const struct dt_type **keys;	/* is_assoc: key types; a key of
					   D's "[]" form has nkeys 0 */
	unsigned int nkeys;
	/* INLINE */
	struct dt_node *expr;
	char *param;			/* its parameter, or NULL */
	/* XLATOR: input type; INLINE: the parameter's type */
	const struct dt_type *from;
	struct dt_xlmember *members;
	struct dt_decl_node *next;
};

struct dt_pdesc_node {
	char *text;
	int line;
	struct dt_pdesc_node *next;
};

struct dt_clause_node {
	struct dt_pdesc_node *descs;
	struct dt_node *pred;		/* NULL: none */
	struct dt_stmt_node *stmts;	/* non-empty statements only */
	int line;
	struct dt_clause_node *next;
};

struct dt_node *dt_node_int(struct dt_pcb *pcb, uint64_t v,
			    const struct dt_type *t, int line);
struct dt_node *dt_node_string(struct dt_pcb *pcb, char *s, int line);
struct dt_node *dt_node_ident(struct dt_pcb *pcb, char *name, int line);
/* The aggregation @@name (@name without its @). */
struct dt_node *dt_node_agg(struct dt_pcb *pcb, char *name, int line);
struct dt_node *dt_node_op1(struct dt_pcb *pcb, enum dt_op op,
			    struct dt_node *l);
struct dt_node *dt_node_op2(struct dt_pcb *pcb, enum dt_op op,
			    struct dt_node *l, struct dt_node *r);
struct dt_node *dt_node_op3(struct dt_pcb *pcb, struct dt_node *c,
			    struct dt_node *l, struct dt_node *r);
struct dt_node *dt_node_call(struct dt_pcb *pcb, struct dt_node *fn,
			     struct dt_node *args);
struct dt_node *dt_node_member(struct dt_pcb *pcb, enum dt_op op,
			       struct dt_node *l, char *name);
struct dt_node *dt_node_index(struct dt_pcb *pcb, struct dt_node *l,
			      struct dt_node *keys);
/* CAST or XLATE of @l to @t. */
struct dt_node *dt_node_cast(struct dt_pcb *pcb, enum dt_node_kind kind,
			     const struct dt_type *t, struct dt_node *l);
/* SIZEOF or STRINGOF of @l. */
struct dt_node *dt_node_unary(struct dt_pcb *pcb, enum dt_node_kind kind,
			      struct dt_node *l);
/* self->@name or this->@name (@scope "self" or "this"). */
struct dt_node *dt_node_scoped(struct dt_pcb *pcb, const char *scope,
			       struct dt_node *name);
struct dt_node *dt_node_append(struct dt_node *list, struct dt_node *n);
unsigned int dt_node_count(const struct dt_node *list);

struct dt_stmt_node *dt_stmt_expr(struct dt_pcb *pcb, struct dt_node *expr);
struct dt_stmt_node *dt_stmt_if(struct dt_pcb *pcb, struct dt_node *cond,
				struct dt_stmt_node *then,
				struct dt_stmt_node *els);
/* @list with @s (a statement or a list; either may be NULL) after it. */
struct dt_stmt_node *dt_stmt_link(struct dt_stmt_node *list,
				  struct dt_stmt_node *s);
struct dt_pdesc_node *dt_pdesc_append(struct dt_pcb *pcb,
				      struct dt_pdesc_node *list, char *text,
				      int line);
struct dt_pdesc_node *dt_pdesc_link(struct dt_pdesc_node *list,
				    struct dt_pdesc_node *d);
void dt_clause_add(struct dt_pcb *pcb, struct dt_pdesc_node *descs,
		   struct dt_node *pred, struct dt_stmt_node *stmts);
/* Append @d to pcb->decls. */
void dt_decl_add(struct dt_pcb *pcb, struct dt_decl_node *d);

const char *dt_op_name(enum dt_op op);
int dt_node_print(const struct dt_node *n, char *buf, size_t len);

#endif /* _DT_AST_H */
