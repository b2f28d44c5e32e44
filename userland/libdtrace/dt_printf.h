/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printf() format engine: a format is parsed once at compile time
 * into literal text and conversions, checked against the argument types,
 * kept with the clause, and applied to recorded values by the consumer.
 * Conversions: d i o u x X c s with C's meaning, and DTrace's own: %S
 * (escaped string), %a/%A (kernel/user symbol+offset), %p (pointer),
 * %e %E %f %g %G (also of integers), %Y (walltimestamp as a date) and
 * %k (a kernel stack); in printa() formats, %@d %@i %@u %@x %@X %@o
 * take an aggregation's value (a histogram prints as its chart).
 * docs/output.md shows what each prints.
 */
#ifndef _DT_PRINTF_H
#define _DT_PRINTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dt_errtags.h"

struct dt_type;
struct dtrace_hdl;

#define DT_PF_NONE	(-1)	/* no width or precision given */
#define DT_PF_STAR	(-2)	/* '*': taken from an argument */

struct dt_pfconv {
	size_t pre_off, pre_len;	/* literal text before it */
	char flags[8];			/* of "-+ #0" */
	int width;			/* digits, DT_PF_NONE or DT_PF_STAR */
	int prec;
	char length[3];			/* hh h l ll j z t L, or "" */
	char conv;			/* d i u x X o c s S a A p e E f g
					   G Y k */
	char spec[32];			/* as written, for diagnostics */
	bool agg;			/* %@: printa()'s aggregation value */
};

struct dt_pfmt {
	char *text;			/* literal text, %% already folded */
	struct dt_pfconv *convs;
	unsigned int nconvs;
	size_t tail_off, tail_len;	/* literal text after the last one */
	unsigned int nargs;		/* values consumed, '*' included,
					   %@ conversions excluded */
	unsigned int naggs;		/* %@ conversions */
};

/* A recorded value handed to dt_printf_format(). */
struct dt_pfarg {
	bool is_string;
	unsigned int size;		/* integer: bytes it was recorded in */
	bool is_signed;
	uint64_t ival;
	const char *sval;
	bool is_float;			/* fval holds a float/double value */
	long double fval;
	const void *pcs;		/* %k: pcs (u64), 0-ended */
	unsigned int npcs;		/* at most this many */
	int pid;			/* > 0: user pcs of this process */
};

/* A growing output string. */
struct dt_strbuf {
	char *s;
	size_t len, cap;
};

struct dt_pfmt *dt_printf_parse(const char *fmt, char *err, size_t errlen);
struct dt_pfmt *dt_printf_parse_tag(const char *fmt, enum dt_errtag *tag,
				    char *err, size_t errlen);
void dt_printf_free(struct dt_pfmt *pf);
int dt_printf_check(const struct dt_pfmt *pf,
		    const struct dt_type *const *types, unsigned int ntypes,
		    enum dt_errtag *tag, char *msg, size_t msglen);
int dt_printf_format(const struct dt_pfmt *pf, const struct dt_pfarg *args,
		     unsigned int nargs, struct dt_strbuf *out);
int dt_printf_print(struct dtrace_hdl *dtp, const struct dt_pfmt *pf,
		    const struct dt_pfarg *args, unsigned int nargs,
		    struct dt_strbuf *out);
int dt_printa_check(const struct dt_pfmt *pf,
		    const struct dt_type *const *types, unsigned int ntypes,
		    unsigned int naggs, enum dt_errtag *tag, char *msg,
		    size_t msglen);
int dt_printf_print_agg(struct dtrace_hdl *dtp, const struct dt_pfmt *pf,
			const struct dt_pfarg *keys, unsigned int nkeys,
			const struct dt_pfarg *vals, unsigned int nvals,
			struct dt_strbuf *out);
int dt_printf_escape(const char *s, size_t len, struct dt_strbuf *out);
int dt_printf_date(uint64_t ns, bool rfc822, char *buf, size_t len);

int dt_strbuf_printf(struct dt_strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int dt_strbuf_append(struct dt_strbuf *sb, const char *s, size_t len);
void dt_strbuf_free(struct dt_strbuf *sb);

#endif /* _DT_PRINTF_H */
