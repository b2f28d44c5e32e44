// SPDX-License-Identifier: GPL-2.0
/*
 * The parse control block of one compilation: its arena (every AST node
 * and string of the compilation, freed at once) and its diagnostic, of
 * which only the first is kept.  dt_pcb_error() records and returns (for
 * the lexer and grammar, which unwind through bison); dt_diag() records
 * and jumps back to the pass driver in dt_compile.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dt_pcb.h"

struct dt_arena_blk {
	struct dt_arena_blk *next;
	max_align_t data[];
};

void dt_pcb_init(struct dt_pcb *pcb, dtrace_hdl_t *dtp, const char *text,
		 size_t len)
{
	memset(pcb, 0, sizeof(*pcb));
	pcb->dtp = dtp;
	pcb->text = text;
	pcb->textlen = len;
	pcb->spec = DTRACE_PROBESPEC_NAME;
	pcb->line = 1;
	pcb->clauses_tail = &pcb->clauses;
	pcb->decls_tail = &pcb->decls;
}

void dt_pcb_fini(struct dt_pcb *pcb)
{
	struct dt_arena_blk *b, *next;

	for (b = pcb->arena; b; b = next) {
		next = b->next;
		free(b);
	}
	pcb->arena = NULL;
}

static void dt_pcb_verror(struct dt_pcb *pcb, int line, enum dt_errtag tag,
			  const char *fmt, va_list ap)
{
	if (pcb->failed)
		return;
	pcb->failed = true;
	pcb->tag = tag;
	pcb->errline = line;
	vsnprintf(pcb->msg, sizeof(pcb->msg), fmt, ap);
}

/* Record a diagnostic (the first one only) and return. */
void dt_pcb_error(struct dt_pcb *pcb, int line, enum dt_errtag tag,
		  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_pcb_verror(pcb, line, tag, fmt, ap);
	va_end(ap);
}

/* Record a diagnostic and unwind the running pass (check or codegen). */
void dt_diag(struct dt_pcb *pcb, int line, enum dt_errtag tag,
	     const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_pcb_verror(pcb, line, tag, fmt, ap);
	va_end(ap);
	longjmp(pcb->jmp, 1);
}

/*
 * Zeroed memory that lives as long as the compilation.  Out of memory is
 * a diagnostic like any other; the lexer and grammar check pcb->failed.
 */
void *dt_pcb_alloc(struct dt_pcb *pcb, size_t size)
{
	struct dt_arena_blk *b = calloc(1, sizeof(*b) + size);

	if (!b) {
		dt_pcb_error(pcb, pcb->line, D_NOMEM, "out of memory");
		return NULL;
	}
	b->next = pcb->arena;
	pcb->arena = b;
	return b->data;
}

char *dt_pcb_strdup(struct dt_pcb *pcb, const char *s, size_t len)
{
	char *p = dt_pcb_alloc(pcb, len + 1);

	if (p)
		memcpy(p, s, len);
	return p;
}
