// SPDX-License-Identifier: GPL-2.0
/*
 * printf(): parsing a format into conversions (compile time), checking
 * each conversion against its argument's type, and formatting recorded
 * values (consumer).  C's conversions are handed to the C library with
 * the value widened to 64 bits as the argument's declared type says, so
 * the output is C's for the same value and type; DTrace's own (%S, %a,
 * %A, %p, %Y, %k) make their text first and pad it as %s would.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dt_impl.h"
#include "dt_print.h"
#include "dt_printf.h"
#include "dt_sym.h"
#include "dt_type.h"

#define DT_PF_CONVS	"diouxXcsSaApeEfgGYTk"

#define DT_PF_FLAGS	"-+ #0"

#define DT_PF_AGGCONVS	"diuxXoYT"	/* what %@ may be */

#define DT_PF_PTRWIDTH	16	/* "%?": as wide as a pointer in hex */

static int dt_pf_digits(const char **pp)
{
	const char *p = *pp;
	long v = 0;

	/* DTrace honours widths of ten million; past INT_MAX / 10, stop */
	while (*p >= '0' && *p <= '9') {
		if (v < INT_MAX / 10)
			v = v * 10 + (*p - '0');
		p++;
	}
	*pp = p;
	return (int)v;
}

/* A %n$ position, which D lacks: digits then '$' at @p. */
static bool dt_pf_positional(const char *p)
{
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '$';
}

/*
 * Parse one conversion at @p (just after '%') into @c.  *@bad is set to
 * what is wrong with its flags, width or precision, as DTrace words it
 * after "format conversion #N ", or NULL.
 */
static const char *dt_pf_conv(const char *p, struct dt_pfconv *c,
			      const char **bad)
{
	size_t nf = 0;
	const char *start = p - 1;

	bool ptrwidth = false;

	*bad = NULL;
	while (*p && (strchr(DT_PF_FLAGS, *p) || *p == '@' || *p == '?')) {
		if (*p == '@')
			c->agg = true;
		else if (*p == '?')
			ptrwidth = true;
		else if (nf + 1 < sizeof(c->flags) && !strchr(c->flags, *p))
			c->flags[nf++] = *p;
		p++;
	}
	c->width = DT_PF_NONE;
	c->prec = DT_PF_NONE;
	if (dt_pf_positional(p) && *p != '$') {
		*bad = "uses unsupported positional format (%n$)";
		return p;
	}
	if (*p == '*') {
		c->width = DT_PF_STAR;
		p++;
		if (*p == '*') {
			*bad = "has more than one '*' specified for the output width";
			return p;
		}
	} else if (*p >= '0' && *p <= '9') {
		c->width = dt_pf_digits(&p);
	} else if (ptrwidth) {
		c->width = DT_PF_PTRWIDTH;
	}
	if (*p == '.') {
		p++;
		if (*p == '*') {
			c->prec = DT_PF_STAR;
			p++;
			if (*p == '*') {
				*bad = "has more than one '*' specified for the output precision";
				return p;
			}
		} else {
			/* as DTrace: a precision of 0 is none */
			c->prec = dt_pf_digits(&p) ?: DT_PF_NONE;
		}
		if (dt_pf_positional(p) && *p != '$') {
			*bad = "uses unsupported positional format (%n$)";
			return p;
		}
		if (*p == '.') {
			*bad = "has more than one '.' specified";
			return p;
		}
	}
	if (*p == '@') {	/* "%8@d" as well as "%@8d" */
		c->agg = true;
		p++;
	}
	if ((p[0] == 'h' && p[1] == 'h') || (p[0] == 'l' && p[1] == 'l')) {
		memcpy(c->length, p, 2);
		p += 2;
	} else if (*p && strchr("hljztL", *p)) {
		c->length[0] = *p++;
	}
	c->conv = *p;
	snprintf(c->spec, sizeof(c->spec), "%.*s", (int)(p - start) + (*p != 0),
		 start);
	return *p ? p + 1 : p;
}

/**
 * dt_printf_parse() - parse a printf() format
 * @fmt: the format, escapes already decoded
 * @err: out, why it was refused
 * @errlen: size of @err
 *
 * Return: the parsed format, or NULL.
 */
struct dt_pfmt *dt_printf_parse(const char *fmt, char *err, size_t errlen)
{
	enum dt_errtag tag;

	return dt_printf_parse_tag(fmt, &tag, err, errlen);
}

/**
 * dt_printf_parse_tag() - dt_printf_parse(), saying why it refused
 * @fmt: the format, escapes other than \\ and \? already decoded
 * @tag: out, the diagnostic's tag when it refuses
 * @err: out, why it was refused
 * @errlen: size of @err
 *
 * Return: the parsed format, or NULL.
 */
struct dt_pfmt *dt_printf_parse_tag(const char *fmt, enum dt_errtag *tag,
				    char *err, size_t errlen)
{
	struct dt_pfmt *pf = calloc(1, sizeof(*pf));
	size_t n = 0, lit = 0, len = strlen(fmt);
	const char *p = fmt, *bad;

	*tag = D_NOMEM;
	if (pf)
		pf->text = malloc(len + 1);
	if (pf)
		pf->convs = calloc(len / 2 + 1, sizeof(*pf->convs));
	if (!pf || !pf->text || !pf->convs) {
		snprintf(err, errlen, "out of memory");
		dt_printf_free(pf);
		return NULL;
	}

	while (*p) {
		struct dt_pfconv *c;

		/* a D string keeps \\ and \? (dt_lex.l): decoded here */
		if (*p == '\\' && (p[1] == '\\' || p[1] == '?')) {
			pf->text[n++] = p[1];
			p += 2;
			continue;
		}
		if (*p != '%') {
			pf->text[n++] = *p++;
			continue;
		}
		if (p[1] == '%') {
			pf->text[n++] = '%';
			p += 2;
			continue;
		}
		c = &pf->convs[pf->nconvs];
		c->pre_off = lit;
		c->pre_len = n - lit;
		p = dt_pf_conv(p + 1, c, &bad);
		*tag = D_SYNTAX;
		if (bad) {
			snprintf(err, errlen, "format conversion #%u %s",
				 pf->nconvs + 1, bad);
			dt_printf_free(pf);
			return NULL;
		}
		if (!c->conv && !c->length[0]) {
			snprintf(err, errlen,
				 "format conversion #%u name expected before end of format string",
				 pf->nconvs + 1);
			dt_printf_free(pf);
			return NULL;
		}
		if (!c->conv || !strchr(DT_PF_CONVS, c->conv)) {
			snprintf(err, errlen,
				 "format conversion #%u is undefined: %%%s%c",
				 pf->nconvs + 1, c->length, c->conv);
			dt_printf_free(pf);
			return NULL;
		}
		*tag = D_PRINTF_CONV;
		if (c->agg && !strchr(DT_PF_AGGCONVS, c->conv)) {
			snprintf(err, errlen,
				 "printf( ) conversion #%u is invalid: %s is not a supported aggregation conversion",
				 pf->nconvs + 1, c->spec);
			dt_printf_free(pf);
			return NULL;
		}
		pf->nargs += !c->agg + (c->width == DT_PF_STAR) +
			     (c->prec == DT_PF_STAR);
		pf->naggs += c->agg;
		pf->nconvs++;
		lit = n;
	}
	pf->text[n] = '\0';
	pf->tail_off = lit;
	pf->tail_len = n - lit;
	return pf;
}

void dt_printf_free(struct dt_pfmt *pf)
{
	if (!pf)
		return;
	free(pf->text);
	free(pf->convs);
	free(pf);
}

static const char *dt_pf_proto(char conv)
{
	switch (conv) {
	case 's':
	case 'S':
		return "string";
	case '*':
	case 'c':
		return "int";
	case 'a':
	case 'A':
	case 'p':
		return "pointer or integer";
	case 'e':
	case 'E':
	case 'f':
	case 'g':
	case 'G':
		return "double";
	case 'Y':
	case 'T':
		return "int64_t";
	case 'k':
		return "stack";
	case 'o':
	case 'u':
	case 'x':
	case 'X':
		return "char, short, int, long, long long, or pointer";
	default:
		return "char, short, int, long, or long long";
	}
}

static bool dt_pf_compatible(char conv, const struct dt_type *t)
{
	switch (conv) {
	case 's':
	case 'S':
		return dt_type_is_string(t);
	case 'a':
	case 'A':
	case 'p':
	case 'o':
	case 'u':
	case 'x':
	case 'X':
		return dt_type_is_int(t) || dt_type_is_pointer(t);
	case 'e':
	case 'E':
	case 'f':
	case 'g':
	case 'G':
		return dt_type_is_arith(t);
	case 'k':
		return t == &dt_type_stack;
	default:
		return dt_type_is_int(t);
	}
}

/*
 * How a diagnostic shows conversion @c: a '*' set apart by spaces
 * (@stars, "% * d"), or the '*' and ".*" left out (the conversion that
 * lacks them).
 */
static void dt_pf_spec(const struct dt_pfconv *c, bool stars, char *buf,
		       size_t len)
{
	const char *p;
	size_t n = 0;

	for (p = c->spec; *p && n + 4 < len; p++) {
		if (*p == '.' && p[1] == '*' && !stars)
			continue;
		if (*p != '*')
			buf[n++] = *p;
		else if (stars)
			n += (size_t)snprintf(buf + n, len - n, " * ");
	}
	buf[n] = '\0';
}

/*
 * The conversions of @pf against @types; %@ ones are refused unless
 * @naggs (printa()), and @lenient lets values go unused (printa()'s
 * keys).
 */
static int dt_pf_check(const char *fn, const struct dt_pfmt *pf,
		       const struct dt_type *const *types,
		       unsigned int ntypes, bool lenient, unsigned int naggs,
		       enum dt_errtag *tag, char *msg, size_t msglen)
{
	unsigned int i, a = 0, g = 0;

	for (i = 0; i < pf->nconvs; i++) {
		const struct dt_pfconv *c = &pf->convs[i];
		char need[3], spec[sizeof(c->spec) * 3];
		int k, nneed = 0;

		/* with one aggregation, every %@ is its value */
		if (c->agg && !naggs) {
			*tag = D_PRINTF_AGG_CONV;
			snprintf(msg, msglen,
				 "%%@ conversion requires an aggregation and is not for use with %s( )",
				 fn);
			return -1;
		}
		if (c->agg && naggs != 1 && g++ >= naggs) {
			*tag = D_PRINTF_CONV;
			snprintf(msg, msglen,
				 "%s( ) prototype mismatch: conversion #%u (%s) has no corresponding aggregation",
				 fn, i + 1, c->spec);
			return -1;
		}
		if (c->width == DT_PF_STAR)
			need[nneed++] = '*';
		if (c->prec == DT_PF_STAR)
			need[nneed++] = '*';
		if (!c->agg)
			need[nneed++] = c->conv;

		for (k = 0; k < nneed; k++, a++) {
			bool dyn = need[k] == '*';

			if (a >= ntypes && dyn) {
				*tag = D_PRINTF_DYN_PROTO;
				dt_pf_spec(c, false, spec, sizeof(spec));
				snprintf(msg, msglen,
					 "%s( ) prototype mismatch: conversion #%u (%s) is missing a corresponding \"%s\" argument",
					 fn, i + 1, spec,
					 k || c->width != DT_PF_STAR ? ".*" : "*");
				return -1;
			}
			if (a >= ntypes) {
				*tag = D_PRINTF_ARG_PROTO;
				snprintf(msg, msglen,
					 "%s( ) prototype mismatch: conversion #%u (%s) is missing a corresponding value argument",
					 fn, i + 1, c->spec);
				return -1;
			}
			if (!dt_pf_compatible(need[k], types[a])) {
				*tag = dyn ? D_PRINTF_DYN_TYPE :
				       D_PRINTF_ARG_TYPE;
				/* a value's conversion is shown without its stars */
				dt_pf_spec(c, dyn, spec, sizeof(spec));
				snprintf(msg, msglen,
					 "%s( ) argument #%u is incompatible with conversion #%u prototype:\n\tconversion: %s\n\t prototype: %s\n\t  argument: %s",
					 fn, a + 2, i + 1, spec,
					 dt_pf_proto(need[k]), types[a]->name);
				return -1;
			}
		}
	}
	if (a < ntypes && !lenient) {
		*tag = D_PRINTF_ARG_EXTRA;
		snprintf(msg, msglen,
			 "%s( ) prototype mismatch: only %u arguments required by this format string",
			 fn, a);
		return -1;
	}
	return 0;
}

/**
 * dt_printf_check() - check a format against its arguments' types
 * @pf: the format
 * @types: type of each value argument (the format itself excluded)
 * @ntypes: how many
 * @tag: out, the diagnostic's tag
 * @msg: out, the diagnostic
 * @msglen: size of @msg
 *
 * Arguments are numbered as the user wrote them: the format is #1.
 * %@ conversions are refused: they belong to printa().
 * Return: 0, or -1 with @tag and @msg set.
 */
int dt_printf_check(const struct dt_pfmt *pf,
		    const struct dt_type *const *types, unsigned int ntypes,
		    enum dt_errtag *tag, char *msg, size_t msglen)
{
	return dt_pf_check("printf", pf, types, ntypes, false, 0, tag, msg,
			   msglen);
}

/**
 * dt_printa_check() - check a printa() format against the keys
 * @pf: the format
 * @types: the types of the first aggregation's keys, in order
 * @ntypes: how many keys
 * @naggs: aggregations printa() names; each %@ takes the next one
 * @tag: out, the diagnostic's tag
 * @msg: out, the diagnostic
 * @msglen: size of @msg
 *
 * Keys the format does not use are fine; a conversion with no key
 * left, or a %@ with no aggregation left, is not.
 * Return: 0, or -1 with @tag and @msg set.
 */
int dt_printa_check(const struct dt_pfmt *pf,
		    const struct dt_type *const *types, unsigned int ntypes,
		    unsigned int naggs, enum dt_errtag *tag, char *msg,
		    size_t msglen)
{
	return dt_pf_check("printa", pf, types, ntypes, true, naggs, tag,
			   msg, msglen);
}

/*
 * The value of @a as its declared type has it: sign- or zero-extended
 * from the size it was recorded in.
 */
static int64_t dt_pf_value(const struct dt_pfarg *a)
{
	switch (a->size) {
	case 1:
		return a->is_signed ? (int64_t)(int8_t)a->ival :
		       (int64_t)(uint8_t)a->ival;
	case 2:
		return a->is_signed ? (int64_t)(int16_t)a->ival :
		       (int64_t)(uint16_t)a->ival;
	case 4:
		return a->is_signed ? (int64_t)(int32_t)a->ival :
		       (int64_t)(uint32_t)a->ival;
	default:
		return (int64_t)a->ival;
	}
}

/*
 * What C's printf prints for an argument of @size bytes: %d reads those
 * bytes as signed (when the type is signed), %u/%x/%o as unsigned.
 */
static int64_t dt_pf_signed(uint64_t v, unsigned int size)
{
	switch (size) {
	case 1:
		return (int8_t)v;
	case 2:
		return (int16_t)v;
	case 4:
		return (int32_t)v;
	default:
		return (int64_t)v;
	}
}

static uint64_t dt_pf_unsigned(uint64_t v, unsigned int size)
{
	return size >= 8 ? v : v & ((1ULL << (size * 8)) - 1);
}

/* "%" + the conversion's flags, width and precision, into @cfmt. */
static size_t dt_pf_head(const struct dt_pfconv *c, const char *extra,
			 int width, int prec, char *cfmt, size_t len)
{
	size_t n;

	n = (size_t)snprintf(cfmt, len, "%%%s%s", c->flags, extra);
	if (width != INT_MIN)
		n += (size_t)snprintf(cfmt + n, len - n, "%d", width);
	if (prec >= 0)
		n += (size_t)snprintf(cfmt + n, len - n, ".%d", prec);
	return n;
}

/* @text padded and cut as %s with the conversion's flags would. */
static int dt_pf_text(const struct dt_pfconv *c, int width, int prec,
		      const char *text, struct dt_strbuf *out)
{
	char cfmt[48];
	size_t n = dt_pf_head(c, "", width, prec, cfmt, sizeof(cfmt));

	snprintf(cfmt + n, sizeof(cfmt) - n, "s");
	return dt_strbuf_printf(out, cfmt, text);
}

/**
 * dt_printf_escape() - text with C escapes for what is not printable
 * @s: the text
 * @len: its length in bytes
 * @out: where the text goes
 *
 * The usual one-letter escapes (\n \t \\ \" ...), \ooo for other bytes.
 * Return: 0, or -1 when out of memory.
 */
int dt_printf_escape(const char *s, size_t len, struct dt_strbuf *out)
{
	static const char from[] = "\a\b\f\n\r\t\v\\\"";
	static const char to[] = "abfnrtv\\\"";
	const unsigned char *p = (const unsigned char *)s;
	int ret = 0;

	for (; len && !ret; p++, len--) {
		const char *e = *p ? strchr(from, *p) : NULL;

		if (e)
			ret = dt_strbuf_printf(out, "\\%c", to[e - from]);
		else if (*p < ' ' || *p > '~')
			ret = dt_strbuf_printf(out, "\\%03o", *p);
		else
			ret = dt_strbuf_append(out, (const char *)p, 1);
	}
	return ret;
}

/**
 * dt_printf_date() - a walltimestamp as %Y or %T prints it
 * @ns: nanoseconds since the epoch
 * @rfc822: %T's "Sun, 22 Nov 2026 15:04:05 UTC", else %Y's
 *	"2026 Nov 22 15:04:05", in local time.  %T's year is the ISO 8601
 *	week-based one, as DTrace prints it: the last days of December
 *	in a week that belongs to the next year show that year.
 * @buf: out, the text
 * @len: its size
 *
 * Return: 0, or -1 if the time cannot be represented.
 */
int dt_printf_date(uint64_t ns, bool rfc822, char *buf, size_t len)
{
	time_t t = (time_t)(ns / 1000000000ULL);
	struct tm tm;

	if (!localtime_r(&t, &tm) ||
	    !strftime(buf, len, rfc822 ? "%a, %d %b %G %H:%M:%S %Z" :
		      "%Y %b %e %H:%M:%S", &tm))
		return -1;
	return 0;
}

/* The text of %S, %a, %A, %p, %Y and %k, before padding. */
static int dt_pf_special(struct dtrace_hdl *dtp, const struct dt_pfconv *c,
			 const struct dt_pfarg *a, struct dt_strbuf *txt)
{
	uint64_t v = (uint64_t)dt_pf_value(a);
	char buf[512];

	switch (c->conv) {
	case 'S':
		return dt_printf_escape(a->sval ? a->sval : "",
					a->sval ? strlen(a->sval) : 0, txt);
	case 'a':
		dt_sym_kaddr(dtp, v, buf, sizeof(buf));
		return dt_strbuf_printf(txt, "%s", buf);
	case 'A':
		dt_sym_uaddr(dtp, dtp ? dtp->target : 0, v, buf, sizeof(buf));
		return dt_strbuf_printf(txt, "%s", buf);
	case 'p':	/* as DTrace: hex without "0x" */
		return dt_strbuf_printf(txt, "%llx", (unsigned long long)v);
	case 'Y':
	case 'T':
		if (dt_printf_date(v, c->conv == 'T', buf, sizeof(buf)))
			snprintf(buf, sizeof(buf), "%llu",
				 (unsigned long long)v);
		return dt_strbuf_printf(txt, "%s", buf);
	default: /* 'k' */
		if (!a->pcs)
			return dt_strbuf_printf(txt, "%#llx",
						(unsigned long long)v);
		return dt_print_stack(dtp, a->pcs, a->npcs,
				      a->pid > 0 ? a->pid : -1, txt);
	}
}

static int dt_pf_one(struct dtrace_hdl *dtp, const struct dt_pfconv *c,
		     int width, int prec, const struct dt_pfarg *a,
		     struct dt_strbuf *out)
{
	char cfmt[48];
	size_t n;
	unsigned int size = a->size;	/* not promoted, as DTrace */
	uint64_t v = (uint64_t)dt_pf_value(a);
	struct dt_strbuf txt = { 0 };
	int ret;

	if (strchr("SaApYTk", c->conv)) {
		ret = dt_pf_special(dtp, c, a, &txt);
		if (!ret)
			ret = dt_pf_text(c, width, c->conv == 'S' ? prec :
					 DT_PF_NONE, txt.s ? txt.s : "", out);
		dt_strbuf_free(&txt);
		return ret;
	}
	n = dt_pf_head(c, "", width, prec, cfmt, sizeof(cfmt));
	if (c->conv == 's') {
		snprintf(cfmt + n, sizeof(cfmt) - n, "s");
		return dt_strbuf_printf(out, cfmt, a->sval ? a->sval : "");
	}
	if (c->conv == 'c') {
		snprintf(cfmt + n, sizeof(cfmt) - n, "c");
		return dt_strbuf_printf(out, cfmt, (int)(unsigned char)a->ival);
	}
	if (strchr("eEfgG", c->conv)) {
		long double f = a->is_float ? a->fval :
				a->is_signed ? (long double)(int64_t)v :
				(long double)v;

		snprintf(cfmt + n, sizeof(cfmt) - n, "L%c", c->conv);
		return dt_strbuf_printf(out, cfmt, f);
	}

	if (!strcmp(c->length, "hh"))
		size = 1;
	else if (!strcmp(c->length, "h"))
		size = 2;
	else if (c->length[0] && c->length[0] != 'L')
		size = 8;	/* l ll j z t: as the value converted to long */
	/* as DTrace, %d and %i of an unsigned type print it as %u */
	if ((c->conv == 'd' || c->conv == 'i') && a->is_signed) {
		snprintf(cfmt + n, sizeof(cfmt) - n, "lld");
		return dt_strbuf_printf(out, cfmt,
					(long long)dt_pf_signed(v, size));
	}
	snprintf(cfmt + n, sizeof(cfmt) - n, "ll%c",
		 c->conv == 'd' || c->conv == 'i' ? 'u' : c->conv);
	return dt_strbuf_printf(out, cfmt,
				(unsigned long long)dt_pf_unsigned(v, size));
}

/*
 * The format applied to @args, in the order the conversions take
 * them; each %@ takes the next of @vals instead.
 */
static int dt_pf_run(struct dtrace_hdl *dtp, const struct dt_pfmt *pf,
		     const struct dt_pfarg *args, unsigned int nargs,
		     const struct dt_pfarg *vals, unsigned int nvals,
		     struct dt_strbuf *out)
{
	unsigned int i, a = 0, g = 0;

	for (i = 0; i < pf->nconvs; i++) {
		const struct dt_pfconv *c = &pf->convs[i];
		/* INT_MIN: none given; a '*' may yield any int. */
		int width = c->width == DT_PF_NONE ? INT_MIN : c->width;
		int prec = c->prec;
		const struct dt_pfarg *v;

		if (dt_strbuf_append(out, pf->text + c->pre_off, c->pre_len))
			return -1;
		if (width == DT_PF_STAR) {
			if (a >= nargs)
				return -1;
			width = (int)dt_pf_value(&args[a++]);
		}
		if (prec == DT_PF_STAR) {
			if (a >= nargs)
				return -1;
			prec = (int)dt_pf_value(&args[a++]);
			if (prec <= 0)
				prec = DT_PF_NONE;
		}
		if (c->agg ? g >= nvals : a >= nargs)
			return -1;
		v = c->agg ? &vals[nvals == 1 ? g : g++] : &args[a++];
		if (c->agg && v->is_string) {	/* a histogram */
			if (dt_strbuf_printf(out, "%s", v->sval))
				return -1;
		} else if (dt_pf_one(dtp, c, width, prec, v, out)) {
			return -1;
		}
	}
	return dt_strbuf_append(out, pf->text + pf->tail_off, pf->tail_len);
}

/**
 * dt_printf_print() - format recorded values
 * @dtp: the handle, for %a, %A and %k symbols; NULL prints them in hex
 * @pf: the format
 * @args: the values, in the order the format consumes them
 * @nargs: how many (the checker made it pf->nargs)
 * @out: where the text goes
 *
 * Return: 0, or -1 if out of memory or short of arguments.
 */
int dt_printf_print(struct dtrace_hdl *dtp, const struct dt_pfmt *pf,
		    const struct dt_pfarg *args, unsigned int nargs,
		    struct dt_strbuf *out)
{
	return dt_pf_run(dtp, pf, args, nargs, NULL, 0, out);
}

/**
 * dt_printf_print_agg() - format one aggregation entry for printa()
 * @dtp: the handle
 * @pf: the format
 * @keys: the entry's keys; conversions other than %@ take them in turn
 * @nkeys: how many (more than the format uses is fine)
 * @vals: the aggregations' values for the keys, one per %@ in turn (or
 *	the one every %@ prints): an integer, or a histogram's text in
 *	->sval with ->is_string
 * @nvals: how many
 * @out: where the text goes
 *
 * Return: 0, or -1 if out of memory or short of arguments.
 */
int dt_printf_print_agg(struct dtrace_hdl *dtp, const struct dt_pfmt *pf,
			const struct dt_pfarg *keys, unsigned int nkeys,
			const struct dt_pfarg *vals, unsigned int nvals,
			struct dt_strbuf *out)
{
	return dt_pf_run(dtp, pf, keys, nkeys, vals, nvals, out);
}

/* dt_printf_print() without a handle: symbols print as addresses. */
int dt_printf_format(const struct dt_pfmt *pf, const struct dt_pfarg *args,
		     unsigned int nargs, struct dt_strbuf *out)
{
	return dt_printf_print(NULL, pf, args, nargs, out);
}
