/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parse control block: the state of one compilation (one -n text or
 * one -s file) shared by the lexer, the grammar and the later passes:
 * input, lexer state, the AST, the first diagnostic and the arena every
 * AST node is allocated from.  dt_pcb.c owns it; dt_compile.c drives it.
 */
#ifndef _DT_PCB_H
#define _DT_PCB_H

#include <setjmp.h>
#include "dt_impl.h"
#include "dt_ast.h"

struct dt_arena_blk;

struct dt_pcb {
	dtrace_hdl_t *dtp;
	const char *text;		/* the program source */
	size_t textlen;
	bool is_file;			/* -s: diagnostics carry "line N: " */
	dtrace_probespec_t spec;	/* field a lone description names */
	unsigned int cflags;		/* DTRACE_C_* */

	/* Lexer (dt_lex.l). */
	void *scanner;
	size_t pos;			/* offset just past the last match */
	bool no_body;			/* the last clause body was absent */
	int line;			/* line of the last token */
	int parens;			/* ( and [ depth in a predicate or
					   a clause body */
	int braces;			/* { depth in a clause body or a
					   declaration */
	int lasttok;			/* the token returned before */
	bool in_extern;			/* in an extern declaration, where
					   an array may have no bound */
	bool in_typedef;		/* in a typedef, which may name a
					   type name again (dt_decl_typedef()) */
	uint64_t macros_used;		/* bit N: $N or $$N was referenced */
	char tok[64];			/* text of the last token, for errors */
	const char *macro;		/* the $N being expanded, or NULL */
	bool any_tok;			/* a token other than the end */
	bool tok_eof;			/* the last token was the end */

	/* Result of parsing. */
	struct dt_clause_node *clauses, **clauses_tail;
	struct dt_decl_node *decls, **decls_tail;
	int clause_line;		/* the clause being checked: its
					   first line (0: none) */

	/* The first diagnostic; later ones are dropped. */
	bool failed;
	enum dt_errtag tag;
	int errline;
	char msg[768];
	jmp_buf jmp;			/* dt_diag() of check/cg passes */

	struct dt_arena_blk *arena;
};

void dt_pcb_init(struct dt_pcb *pcb, dtrace_hdl_t *dtp, const char *text,
		 size_t len);
void dt_pcb_fini(struct dt_pcb *pcb);
void *dt_pcb_alloc(struct dt_pcb *pcb, size_t size);
char *dt_pcb_strdup(struct dt_pcb *pcb, const char *s, size_t len);

void dt_pcb_error(struct dt_pcb *pcb, int line, enum dt_errtag tag,
		  const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void dt_diag(struct dt_pcb *pcb, int line, enum dt_errtag tag,
	     const char *fmt, ...)
	__attribute__((format(printf, 4, 5), noreturn));

/* dt_lex.l */
int dt_lex_create(struct dt_pcb *pcb);
void dt_lex_destroy(struct dt_pcb *pcb);

/* dt_grammar.y */
int dt_parse(struct dt_pcb *pcb);

/* dt_pragma.c */
int dt_pragma(struct dt_pcb *pcb, const char *line);

/* dt_pdesc.c */
int dt_pdesc_id(dtrace_hdl_t *dtp, const char *s,
		struct dtrace_probedesc *desc, const char **endp, char *err,
		size_t errlen);
int dt_pdesc_parse(const char *s, dtrace_probespec_t spec,
		   struct dtrace_probedesc *desc, char *err, size_t errlen);

#endif /* _DT_PCB_H */
