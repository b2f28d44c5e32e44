// SPDX-License-Identifier: GPL-2.0
/*
 * -O json: every record, and every aggregation entry when aggregations
 * print, as one JSON object on a line of its own, so that a program
 * can read the output line by line.  Strings are escaped as JSON
 * wants; stacks are arrays of symbols.  docs/output.md gives the
 * schema.  Consumer only; dt_consume.c and dt_aggprint.c call it.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_agg.h"
#include "dt_print.h"
#include "dt_printf.h"

int dt_json_string(const char *s, size_t len, struct dt_strbuf *sb)
{
	const unsigned char *p = (const unsigned char *)s;
	int ret = dt_strbuf_append(sb, "\"", 1);
	size_t i;

	for (i = 0; i < len && p[i] && !ret; i++) {
		if (p[i] == '"' || p[i] == '\\')
			ret = dt_strbuf_printf(sb, "\\%c", p[i]);
		else if (p[i] == '\n')
			ret = dt_strbuf_append(sb, "\\n", 2);
		else if (p[i] == '\t')
			ret = dt_strbuf_append(sb, "\\t", 2);
		else if (p[i] < 0x20 || p[i] == 0x7f)
			ret = dt_strbuf_printf(sb, "\\u%04x", p[i]);
		else
			ret = dt_strbuf_append(sb, (const char *)&p[i], 1);
	}
	return ret ? ret : dt_strbuf_append(sb, "\"", 1);
}

static int dt_json_cstr(const char *s, struct dt_strbuf *sb)
{
	return dt_json_string(s, strlen(s), sb);
}

/* Bytes as one hex string, "0a1b..." */
static int dt_json_bytes(const unsigned char *p, size_t n,
			 struct dt_strbuf *sb)
{
	int ret = dt_strbuf_append(sb, "\"", 1);
	size_t i;

	for (i = 0; i < n && !ret; i++)
		ret = dt_strbuf_printf(sb, "%02x", p[i]);
	return ret ? ret : dt_strbuf_append(sb, "\"", 1);
}

/* A stack: an array of the symbols of its pcs, up to the first zero. */
static int dt_json_stack(dtrace_hdl_t *dtp, const char *pcs,
			 unsigned int npcs, int pid, struct dt_strbuf *sb)
{
	char sym[1024];
	unsigned int i;
	int ret = dt_strbuf_append(sb, "[", 1);

	for (i = 0; i < npcs && !ret; i++) {
		if (!dt_print_frame(dtp, pcs, i, pid, sym, sizeof(sym)))
			break;
		if (i)
			ret = dt_strbuf_append(sb, ",", 1);
		if (!ret)
			ret = dt_json_cstr(sym, sb);
	}
	return ret ? ret : dt_strbuf_append(sb, "]", 1);
}

/* One recorded value (a key or a trace() record) at @data + offset. */
static int dt_json_value(dtrace_hdl_t *dtp, const struct dt_recdesc *r,
			 const char *data, struct dt_strbuf *sb)
{
	const char *p = data + r->offset;
	char sym[1024];
	uint64_t pid;

	switch (r->kind) {
	case DT_REC_INT:
		if (r->is_signed || r->size < 8)
			return dt_strbuf_printf(sb, "%lld",
						(long long)dt_rec_int(r, data));
		return dt_strbuf_printf(sb, "%llu",
					(unsigned long long)dt_rec_int(r, data));
	case DT_REC_STRING:
		return dt_json_string(p, strnlen(p, r->size), sb);
	case DT_REC_STACK:
		return dt_json_stack(dtp, p, r->size / 8, -1, sb);
	case DT_REC_USTACK:
		memcpy(&pid, p, 8);
		return dt_json_stack(dtp, p + 8, r->size / 8 - 1, (int)pid, sb);
	case DT_REC_KSYM:
	case DT_REC_USYM:
		dt_agg_symtext(dtp, r, p, sym, sizeof(sym));
		return dt_json_cstr(sym, sb);
	case DT_REC_NONE:
		return dt_strbuf_append(sb, "null", 4);
	default:
		return dt_json_bytes((const unsigned char *)p, r->size, sb);
	}
}

/* "name": value of one statement, or nothing for those without. */
static int dt_json_stmt(dtrace_hdl_t *dtp, const struct dt_clause *cl,
			const struct dt_stmt *st, const char *data,
			struct dt_strbuf *sb, bool *first)
{
	static const char *const names[] = {
		[DT_STMT_TRACE] = "trace", [DT_STMT_PRINTF] = "printf",
		[DT_STMT_EXIT] = "exit", [DT_STMT_STACK] = "stack",
		[DT_STMT_USTACK] = "ustack", [DT_STMT_TRACEMEM] = "tracemem",
		[DT_STMT_PRINT] = "print", [DT_STMT_SYSTEM] = "system",
	};
	const struct dt_recdesc *r = &cl->recs[st->first];
	struct dt_strbuf txt = { 0 };
	int ret;

	if (st->kind >= DT_ARRAY_SIZE(names) || !names[st->kind])
		return 0;
	ret = dt_strbuf_printf(sb, "%s{\"%s\":", *first ? "" : ",",
			       names[st->kind]);
	*first = false;
	if (ret)
		return ret;
	if (st->kind == DT_STMT_PRINTF || st->kind == DT_STMT_SYSTEM) {
		ret = dt_consume_printf(dtp, cl, st, data, &txt);
		if (!ret)
			ret = dt_json_string(txt.s ? txt.s : "", txt.len, sb);
		dt_strbuf_free(&txt);
	} else if (st->kind == DT_STMT_PRINT && r->type) {
		ret = dt_print_value(r->type, (const unsigned char *)data +
				     r->offset, r->size, &txt);
		if (!ret)
			ret = dt_json_string(txt.s ? txt.s : "", txt.len, sb);
		dt_strbuf_free(&txt);
	} else {
		ret = dt_json_value(dtp, r, data, sb);
	}
	return ret ? ret : dt_strbuf_append(sb, "}", 1);
}

/**
 * dt_json_rec() - one record as a JSON object and a newline
 * @dtp: the handle
 * @cpu: the CPU it was written on
 * @e: its EPID's description
 * @cl: its clause
 * @data: the record's data
 * @ts: its timestamp
 * @sb: where the text goes
 *
 * Return: 0, or -1 when out of memory.
 */
int dt_json_rec(dtrace_hdl_t *dtp, int cpu, const struct dt_epid *e,
		const struct dt_clause *cl, const char *data, uint64_t ts,
		struct dt_strbuf *sb)
{
	bool first = true;
	unsigned int i;
	int ret;

	ret = dt_strbuf_printf(sb, "{\"cpu\":%d,\"id\":%u,\"probe\":{\"provider\":",
			       cpu, e->probe);
	ret = ret ? ret : dt_json_cstr(e->desc.provider, sb);
	ret = ret ? ret : dt_strbuf_append(sb, ",\"module\":", 10);
	ret = ret ? ret : dt_json_cstr(e->desc.mod, sb);
	ret = ret ? ret : dt_strbuf_append(sb, ",\"function\":", 12);
	ret = ret ? ret : dt_json_cstr(e->desc.func, sb);
	ret = ret ? ret : dt_strbuf_append(sb, ",\"name\":", 8);
	ret = ret ? ret : dt_json_cstr(e->desc.name, sb);
	ret = ret ? ret : dt_strbuf_printf(sb, "},\"timestamp\":%llu,\"data\":[",
					   (unsigned long long)ts);
	for (i = 0; i < cl->nstmts && !ret; i++)
		ret = dt_json_stmt(dtp, cl, &cl->stmts[i], data, sb, &first);
	return ret ? ret : dt_strbuf_append(sb, "]}\n", 3);
}

/* A histogram's non-empty buckets. */
static int dt_json_hist(const struct dt_agg *agg, const uint64_t *vals,
			struct dt_strbuf *sb)
{
	struct dt_bucket *b;
	uint64_t normal = agg->data ? agg->data->normal : 1;
	unsigned int n, i;
	bool first = true;
	int ret;

	b = dt_agg_bucket_list(agg, &n);
	if (!b)
		return -1;
	ret = dt_strbuf_append(sb, "\"buckets\":[", 11);
	for (i = 0; i < n && !ret; i++) {
		int64_t c = (int64_t)vals[i] / (int64_t)normal;

		if (!c)
			continue;
		ret = dt_strbuf_printf(sb, "%s{\"value\":%lld,\"count\":%lld%s}",
				       first ? "" : ",", (long long)b[i].base,
				       (long long)c,
				       b[i].range == DT_BUCKET_LT ||
				       b[i].range == DT_BUCKET_LE ?
				       ",\"below\":true" :
				       b[i].range == DT_BUCKET_GE ?
				       ",\"above\":true" : "");
		first = false;
	}
	free(b);
	return ret ? ret : dt_strbuf_append(sb, "]", 1);
}

/* "value": N or "buckets": [...] of @agg for @key (none: zero/empty). */
static int dt_json_aggval(const struct dt_agg *agg, const char *key,
			  struct dt_strbuf *sb)
{
	const struct dt_aggent *e = dt_aggent_find(agg, key);
	uint64_t normal = agg->data ? agg->data->normal : 1;
	uint64_t *zero = NULL;
	int ret;

	if (!e) {
		zero = calloc(agg->nvals + 1, 8);
		if (!zero)
			return -1;
	}
	if (dt_agg_is_hist(agg))
		ret = dt_json_hist(agg, e ? dt_aggent_vals(agg, e) : zero, sb);
	else
		ret = dt_strbuf_printf(sb, "\"value\":%lld", (long long)
				       (dt_agg_scalar(agg, e ?
						      dt_aggent_vals(agg, e) :
						      zero) /
					(int64_t)normal));
	free(zero);
	return ret;
}

/**
 * dt_json_agg() - the entries of an aggregation, one object a line
 * @dtp: the handle
 * @aggs: the aggregations printa() names; the first gives the keys
 * @naggs: how many
 * @sb: where the text goes
 *
 * {"aggregation":"a","keys":[...],"value":N} or "buckets":[...]; with
 * more than one aggregation, "values":[{"aggregation":"b",...},...].
 * Return: 0, or -1 with the error set.
 */
int dt_json_agg(dtrace_hdl_t *dtp, struct dt_agg *const *aggs,
		unsigned int naggs, struct dt_strbuf *sb)
{
	struct dt_aggent **v;
	unsigned int n, i, k;
	int ret = 0;

	v = dt_agg_sort(dtp, aggs, naggs, &n);
	if (!v)
		return n ? -1 : 0;
	for (i = 0; i < n && !ret; i++) {
		const char *key = dt_aggent_key(v[i]);

		ret = dt_strbuf_append(sb, "{\"aggregation\":", 15);
		ret = ret ? ret : dt_json_cstr(aggs[0]->name, sb);
		ret = ret ? ret : dt_strbuf_append(sb, ",\"keys\":[", 9);
		for (k = 0; k < aggs[0]->nkeys && !ret; k++) {
			if (k)
				ret = dt_strbuf_append(sb, ",", 1);
			ret = ret ? ret : dt_json_value(dtp, &aggs[0]->keys[k],
							key, sb);
		}
		ret = ret ? ret : dt_strbuf_append(sb, "],", 2);
		if (naggs == 1) {
			ret = ret ? ret : dt_json_aggval(aggs[0], key, sb);
		} else {
			ret = ret ? ret : dt_strbuf_append(sb, "\"values\":[",
							   10);
			for (k = 0; k < naggs && !ret; k++) {
				ret = dt_strbuf_printf(sb, "%s{\"aggregation\":",
						       k ? "," : "");
				ret = ret ? ret : dt_json_cstr(aggs[k]->name, sb);
				ret = ret ? ret : dt_strbuf_append(sb, ",", 1);
				ret = ret ? ret : dt_json_aggval(aggs[k], key,
								 sb);
				ret = ret ? ret : dt_strbuf_append(sb, "}", 1);
			}
			ret = ret ? ret : dt_strbuf_append(sb, "]", 1);
		}
		ret = ret ? ret : dt_strbuf_append(sb, "}\n", 2);
	}
	free(v);
	return ret ? dt_set_errno(dtp, EDT_NOMEM) : 0;
}
