/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printf() format engine: a format is parsed once at compile time
 * into literal text and conversions, checked against the argument types,
 * kept with the clause, and applied to recorded values by the consumer.
 */
#ifndef _DT_PRINTF_H
#define _DT_PRINTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dt_errtags.h"

struct dt_type;

#define DT_PF_NONE	(-1)	/* no width or precision given */
#define DT_PF_STAR	(-2)	/* '*': taken from an argument */

struct dt_pfconv {
	size_t pre_off, pre_len;	/* literal text before it */
	char flags[8];			/* of "-+ #0" */
	int width;			/* digits, DT_PF_NONE or DT_PF_STAR */
	int prec;
	char length[3];			/* hh h l ll j z t L, or "" */
	char conv;			/* d i u x X o c s */
	char spec[32];			/* as written, for diagnostics */
};

struct dt_pfmt {
	char *text;			/* literal text, %% already folded */
	struct dt_pfconv *convs;
	unsigned int nconvs;
	size_t tail_off, tail_len;	/* literal text after the last one */
	unsigned int nargs;		/* values consumed, '*' included */
};

/* A recorded value handed to dt_printf_format(). */
struct dt_pfarg {
	bool is_string;
	unsigned int size;		/* integer: bytes it was recorded in */
	bool is_signed;
	uint64_t ival;
	const char *sval;
};

/* A growing output string. */
struct dt_strbuf {
	char *s;
	size_t len, cap;
};

struct dt_pfmt *dt_printf_parse(const char *fmt, char *err, size_t errlen);
void dt_printf_free(struct dt_pfmt *pf);
int dt_printf_check(const struct dt_pfmt *pf,
		    const struct dt_type *const *types, unsigned int ntypes,
		    enum dt_errtag *tag, char *msg, size_t msglen);
int dt_printf_format(const struct dt_pfmt *pf, const struct dt_pfarg *args,
		     unsigned int nargs, struct dt_strbuf *out);

int dt_strbuf_printf(struct dt_strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int dt_strbuf_append(struct dt_strbuf *sb, const char *s, size_t len);
void dt_strbuf_free(struct dt_strbuf *sb);

#endif /* _DT_PRINTF_H */
