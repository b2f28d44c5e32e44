// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregation output, DTrace's layouts: printa() prints a blank line,
 * then one line per entry, keys then value; histograms (quantize,
 * lquantize, llquantize) as the ASCII bar chart; printa() with a
 * format applies it to each entry's keys and to the "%@" values of the
 * aggregations it names; dtrace_aggregate_print() prints whatever
 * printa() has not.  Consumer only; docs/output.md shows each layout.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_agg.h"
#include "dt_compile.h"
#include "dt_print.h"
#include "dt_printf.h"
#include "dt_sym.h"
#include "dt_type.h"

#define DT_BAR_WIDTH	40

/**
 * dt_agg_buckets() - the buckets of a histogram aggregation
 * @agg: a quantize, lquantize or llquantize aggregation
 * @b: out, one per value word
 * @max: room in @b
 *
 * Return: the number of buckets, at most @max (and agg->nvals).
 */
unsigned int dt_agg_buckets(const struct dt_agg *agg, struct dt_bucket *b,
			    unsigned int max)
{
	const __s64 *p = agg->def.params;
	struct dtrace_llquantize q;
	unsigned int n, zero;

	if (max > agg->nvals)
		max = agg->nvals;
	switch (agg->def.func) {
	case DTRACE_AGG_QUANTIZE:
		for (n = 0; n < max && n < DTRACE_QUANTIZE_NBUCKETS; n++) {
			int32_t d = (int32_t)n - DTRACE_QUANTIZE_ZEROBUCKET;

			b[n] = (struct dt_bucket){ .base = dtrace_quantize_base(d) };
		}
		return n;
	case DTRACE_AGG_LQUANTIZE:
		for (n = 0; n < max; n++)
			b[n] = (struct dt_bucket){
				.base = dtrace_lquantize_base(p[0], p[2], n),
				.range = !n ? DT_BUCKET_LT :
					 n + 1 == agg->nvals ? DT_BUCKET_GE :
					 DT_BUCKET_IN,
			};
		return n;
	case DTRACE_AGG_LLQUANTIZE:
		q = dt_agg_llq(&agg->def);
		zero = dtrace_llquantize_zero(&q);
		for (n = 0; n < max; n++)
			b[n] = (struct dt_bucket){
				.base = dtrace_llquantize_base(&q, n),
				.bound = dtrace_llquantize_base(&q, zero + 1),
				.range = !n ? DT_BUCKET_LE :
					 n == zero ? DT_BUCKET_ABS :
					 n + 1 == agg->nvals ? DT_BUCKET_GE :
					 DT_BUCKET_IN,
			};
		return n;
	default:
		return 0;
	}
}

/* The buckets of @agg, malloc'd (NULL if out of memory); *@np of them. */
struct dt_bucket *dt_agg_bucket_list(const struct dt_agg *agg,
				     unsigned int *np)
{
	struct dt_bucket *b = malloc((agg->nvals + 1) * sizeof(*b));

	*np = b ? dt_agg_buckets(agg, b, agg->nvals) : 0;
	return b;
}

/* |c|, INT64_MIN's included. */
static unsigned __int128 dt_agg_mag(int64_t c)
{
	return c < 0 ? -(unsigned __int128)c : (unsigned __int128)c;
}

/*
 * One histogram row: label, bar, count.  The bar is |@count| of @den in
 * 40 columns, right of a '|'; with negative counts only it stands left
 * of the '|', and with counts of both signs each side has 20 columns,
 * the negative ones to the left.  Counts near INT64_MAX add up past 64
 * bits, so the sums and the bar are worked out in 128.
 */
static int dt_agg_print_row(struct dt_strbuf *sb, const char *label,
			    int64_t c, unsigned __int128 den, bool neg,
			    bool pos)
{
	static const char at[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	int w = neg && pos ? DT_BAR_WIDTH / 2 : DT_BAR_WIDTH;
	unsigned __int128 bar = den ? (dt_agg_mag(c) * w + den / 2) / den : 0;
	int l, r;

	if (bar > (unsigned int)w)
		bar = w;
	l = c < 0 ? (int)bar : 0;
	r = c > 0 ? (int)bar : 0;
	if (neg && pos)
		return dt_strbuf_printf(sb, "%16s %*s%.*s|%.*s%*s %-9lld\n",
					label, w - l, "", l, at, r, at, w - r,
					"", (long long)c);
	if (neg)
		return dt_strbuf_printf(sb, "%16s %*s%.*s| %-9lld\n", label,
					w - l, "", l, at, (long long)c);
	return dt_strbuf_printf(sb, "%16s |%.*s%*s %-9lld\n", label, r, at,
				w - r, "", (long long)c);
}

/* The row a histogram with no counts shows, with the rows around it. */
static unsigned int dt_agg_hist_empty(const struct dt_agg *agg)
{
	struct dtrace_llquantize q;

	switch (agg->def.func) {
	case DTRACE_AGG_QUANTIZE:
		return DTRACE_QUANTIZE_ZEROBUCKET;
	case DTRACE_AGG_LLQUANTIZE:
		q = dt_agg_llq(&agg->def);
		return dtrace_llquantize_zero(&q);
	default:
		return 1;
	}
}

/* The text of @b's row: "< 10", "20", ">= 100", "<= -100", "abs() < 10". */
static void dt_agg_bucket_label(const struct dt_bucket *b, char *text,
				size_t len)
{
	switch (b->range) {
	case DT_BUCKET_LE:
		snprintf(text, len, "<= %lld", (long long)b->base);
		break;
	case DT_BUCKET_LT:
		snprintf(text, len, "< %lld", (long long)b->base);
		break;
	case DT_BUCKET_GE:
		snprintf(text, len, ">= %lld", (long long)b->base);
		break;
	case DT_BUCKET_ABS:
		if (b->bound == 1)	/* abs() < 1: only 0 */
			snprintf(text, len, "0");
		else
			snprintf(text, len, "abs() < %lld",
				 (long long)b->bound);
		break;
	case DT_BUCKET_IN:
		snprintf(text, len, "%lld", (long long)b->base);
		break;
	}
}

static int dt_agg_print_hist(const struct dt_agg *agg, const uint64_t *vals,
			     uint64_t normal, bool zoom, struct dt_strbuf *sb)
{
	struct dt_bucket *b;
	unsigned int n, i, first, last;
	unsigned __int128 abstotal = 0, big = 0;
	bool neg = false, pos = false;
	char text[32];
	int ret;

	b = dt_agg_bucket_list(agg, &n);
	if (!b)
		return -1;
	first = n;
	last = 0;
	for (i = 0; i < n; i++) {
		int64_t c = (int64_t)vals[i] / (int64_t)normal;

		if (!c)
			continue;
		neg |= c < 0;
		pos |= c > 0;
		abstotal += dt_agg_mag(c);
		if (dt_agg_mag(c) > big)
			big = dt_agg_mag(c);
		if (first == n)
			first = i;
		last = i;
	}
	if (first == n)		/* nothing: the zero row, or the first three */
		first = last = dt_agg_hist_empty(agg);
	first = first ? first - 1 : 0;
	last = last + 1 < n ? last + 1 : last;

	ret = dt_strbuf_printf(sb, "\n%16s  %s %-9s\n", "value",
			       "------------- Distribution -------------",
			       "count");
	for (i = first; i <= last && i < n && !ret; i++) {
		int64_t c = (int64_t)vals[i] / (int64_t)normal;

		dt_agg_bucket_label(&b[i], text, sizeof(text));
		ret = dt_agg_print_row(sb, text, c, zoom ? big : abstotal,
				       neg, pos);
	}
	free(b);
	return ret;
}

/* The text a symbol key or record prints as. */
int dt_agg_symtext(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
		   const char *p, char *buf, size_t len)
{
	uint64_t addr, pid = 0;
	char *cut;

	if (rec->kind == DT_REC_USYM) {
		memcpy(&pid, p, 8);
		memcpy(&addr, p + 8, 8);
		dt_sym_uaddr(dtp, (int)pid, addr, buf, len);
	} else {
		memcpy(&addr, p, 8);
		dt_sym_kaddr(dtp, addr, buf, len);
	}
	if (!strncmp(buf, "0x", 2))
		return 0;		/* unknown: the address */
	switch (rec->symfmt) {
	case DT_SYM_MOD:	/* OBJECT`FUNC, or OBJECT:0xADDR (noresolve) */
		cut = strchr(buf, '`');
		if (!cut)
			cut = strchr(buf, ':');
		break;
	case DT_SYM_ADDR:
		cut = NULL;
		break;
	default:
		cut = strstr(buf, "+0x");
		break;
	}
	if (cut)
		*cut = '\0';
	return 0;
}

/* Key @i of an entry whose key is at @key, as the default layout has it. */
int dt_agg_print_key(dtrace_hdl_t *dtp, const struct dt_agg *agg,
		     unsigned int i, const char *key, struct dt_strbuf *sb)
{
	const struct dt_recdesc *r = &agg->keys[i];
	const char *p = key + r->offset;
	char sym[1024];
	unsigned int size;
	uint64_t pid;
	int64_t v;

	switch (r->kind) {
	case DT_REC_STRING:
		return dt_strbuf_printf(sb, "  %-50.*s",
					(int)strnlen(p, r->size), p);
	case DT_REC_STACK:
		return dt_print_stack(dtp, p, r->size / 8, -1, sb);
	case DT_REC_USTACK:
		memcpy(&pid, p, 8);
		return dt_print_stack(dtp, p + 8, r->size / 8 - 1, (int)pid,
				      sb);
	case DT_REC_KSYM:
	case DT_REC_USYM:
		dt_agg_symtext(dtp, r, p, sym, sizeof(sym));
		return dt_strbuf_printf(sb, "  %-50s", sym);
	case DT_REC_INT:
		break;
	default:
		return dt_print_bytes((const unsigned char *)p, r->size, false,
				      dtp->opt.rawbytes, sb);
	}
	/* The key is widened to 8 bytes; it prints as wide as its type. */
	v = (int64_t)dt_rec_int(r, key);
	size = r->type ? (unsigned int)dt_type_base(r->type)->size : r->size;
	switch (size) {
	case 1:
		return dt_strbuf_printf(sb, " %3d", (int)(uint8_t)v);
	case 2:
		return dt_strbuf_printf(sb, " %5d", (int)(uint16_t)v);
	case 4:
		return dt_strbuf_printf(sb, r->is_signed ? " %8d" : " %8u",
					(int)v);
	default:
		return dt_strbuf_printf(sb, r->is_signed ? " %16lld" :
					" %16llu", (long long)v);
	}
}

static uint64_t dt_agg_normal(const struct dt_agg *agg)
{
	return agg->data ? agg->data->normal : 1;
}

/* The value of an entry: " %16lld", or a histogram. */
int dt_agg_print_value(dtrace_hdl_t *dtp, const struct dt_agg *agg,
		       const uint64_t *vals, struct dt_strbuf *sb)
{
	uint64_t normal = dt_agg_normal(agg);

	if (dt_agg_is_hist(agg))
		return dt_agg_print_hist(agg, vals, normal, dtp->opt.aggzoom,
					 sb);
	return dt_strbuf_printf(sb, " %16lld",
				(long long)(dt_agg_scalar(agg, vals) /
					    (int64_t)normal));
}

/**
 * dt_agg_print_one() - one aggregation in the default layout
 * @dtp: the handle
 * @agg: the aggregation; marked printed
 * @lead: a blank line first (printa()); at the end of tracing the
 *	aggregations follow the one blank line the command prints
 * @sb: where the text goes
 *
 * An aggregation with no entries prints nothing.
 * Return: 0, or -1 with the error set.
 */
int dt_agg_print_one(dtrace_hdl_t *dtp, struct dt_agg *agg, bool lead,
		     struct dt_strbuf *sb)
{
	struct dt_aggent **v;
	unsigned int n, i, k;
	int ret = 0;

	agg->printed = true;
	if (dtp->opt.oformat == DT_OFORMAT_JSON)
		return dt_json_agg(dtp, &agg, 1, sb);
	v = dt_agg_sort(dtp, &agg, 1, &n);
	if (!v)
		return n ? -1 : 0;
	if (lead)
		ret = dt_strbuf_append(sb, "\n", 1);
	for (i = 0; i < n && !ret; i++) {
		for (k = 0; k < agg->nkeys && !ret; k++)
			ret = dt_agg_print_key(dtp, agg, k,
					       dt_aggent_key(v[i]), sb);
		if (!ret)
			ret = dt_agg_print_value(dtp, agg,
						 dt_aggent_vals(agg, v[i]), sb);
		if (!ret)
			ret = dt_strbuf_append(sb, "\n", 1);
	}
	free(v);
	return ret ? dt_set_errno(dtp, EDT_NOMEM) : 0;
}

/* The value of @agg for @key as a %@ argument; @txt holds a histogram. */
static int dt_printa_valarg(dtrace_hdl_t *dtp, const struct dt_agg *agg,
			    const char *key, struct dt_pfarg *a,
			    struct dt_strbuf *txt)
{
	const struct dt_aggent *e = dt_aggent_find(agg, key);
	uint64_t *zero = NULL;
	const uint64_t *vals;
	int ret = 0;

	memset(a, 0, sizeof(*a));
	if (!e) {
		zero = calloc(agg->nvals + 1, 8);
		if (!zero)
			return -1;
	}
	vals = e ? dt_aggent_vals(agg, e) : zero;
	if (dt_agg_is_hist(agg)) {
		ret = dt_agg_print_hist(agg, vals, dt_agg_normal(agg),
					dtp->opt.aggzoom, txt);
		a->is_string = true;
		a->sval = txt->s ? txt->s : "";
	} else {
		a->size = 8;
		a->is_signed = true;
		a->ival = (uint64_t)(dt_agg_scalar(agg, vals) /
				     (int64_t)dt_agg_normal(agg));
	}
	free(zero);
	return ret;
}

/* One entry through printa()'s format. */
static int dt_printa_entry(dtrace_hdl_t *dtp, const struct dt_stmt *st,
			   struct dt_agg *const *aggs, const char *key,
			   struct dt_strbuf *sb)
{
	struct dt_pfarg kargs[DTRACE_AGG_MAXKEYS], *vargs;
	char *strs[DTRACE_AGG_MAXKEYS];
	struct dt_strbuf *txt;
	unsigned int i, nk = aggs[0]->nkeys;
	int ret = -1;

	vargs = calloc(st->naggs, sizeof(*vargs));
	txt = calloc(st->naggs, sizeof(*txt));
	for (i = 0; i < nk; i++)
		dt_consume_pfarg(dtp, &aggs[0]->keys[i], key, &kargs[i],
				 &strs[i]);
	if (!vargs || !txt)
		goto out;
	for (i = 0; i < st->naggs; i++)
		if (dt_printa_valarg(dtp, aggs[i], key, &vargs[i], &txt[i]))
			goto out;
	ret = dt_printf_print_agg(dtp, st->fmt, kargs, nk, vargs, st->naggs,
				  sb);
out:
	for (i = 0; i < nk; i++)
		free(strs[i]);
	for (i = 0; txt && i < st->naggs; i++)
		dt_strbuf_free(&txt[i]);
	free(txt);
	free(vargs);
	return ret;
}

/**
 * dt_printa() - the printa() statement
 * @dtp: the handle
 * @st: a DT_STMT_PRINTA: ->aggs, ->fmt (NULL for the default layout)
 * @sb: where the text goes
 *
 * Without a format, each aggregation prints in the default layout.
 * With one, each entry of the first aggregation, in sorting order,
 * prints through the format; every aggregation named is marked
 * printed.
 * Return: 0, or -1 with the error set.
 */
int dt_printa(dtrace_hdl_t *dtp, const struct dt_stmt *st,
	      struct dt_strbuf *sb)
{
	struct dt_agg **aggs;
	struct dt_aggent **v;
	unsigned int i, n;
	int ret = 0;

	if (!st->naggs)
		return 0;
	aggs = calloc(st->naggs, sizeof(*aggs));
	if (!aggs)
		return dt_set_errno(dtp, EDT_NOMEM);
	for (i = 0; i < st->naggs; i++) {
		aggs[i] = dt_agg_get(dtp, st->aggs[i]);
		if (!aggs[i]) {
			free(aggs);
			return dt_set_errno(dtp, EDT_CORRUPT);
		}
		aggs[i]->printed = true;
	}
	if (!st->fmt || dtp->opt.oformat == DT_OFORMAT_JSON) {
		for (i = 0; i < st->naggs && !ret; i++)
			ret = st->fmt ? 0 : dt_agg_print_one(dtp, aggs[i], true,
							       sb);
		if (st->fmt)
			ret = dt_json_agg(dtp, aggs, st->naggs, sb);
		free(aggs);
		return ret;
	}
	v = dt_agg_sort(dtp, aggs, st->naggs, &n);
	if (!v && n)
		ret = -1;
	for (i = 0; i < n && !ret; i++)
		if (dt_printa_entry(dtp, st, aggs, dt_aggent_key(v[i]), sb))
			ret = dt_set_errno(dtp, EDT_NOMEM);
	free(v);
	free(aggs);
	return ret;
}

/**
 * dtrace_aggregate_print() - print the aggregations printa() has not
 * @dtp: the handle
 * @fp: where to
 *
 * In id order, each in the default layout (or as JSON with -O json).
 * Return: 0, or -1 with the error set.
 */
int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *fp)
{
	struct dt_strbuf sb = { 0 };
	unsigned int id;
	int ret = 0;

	for (id = 1; id < dtp->naggs && !ret; id++) {
		struct dt_agg *agg = dtp->aggs[id];

		if (agg && !agg->printed)
			ret = dt_agg_print_one(dtp, agg, false, &sb);
	}
	if (!ret && sb.len && fwrite(sb.s, 1, sb.len, fp) != sb.len)
		ret = -1;
	dt_strbuf_free(&sb);
	if (!ret && fflush(fp))
		ret = -1;
	return ret;
}
