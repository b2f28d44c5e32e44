// SPDX-License-Identifier: GPL-2.0
/*
 * The handle's aggregations as the compiler defines them (struct dt_agg
 * in dt_impl.h): found by name, created on first use with the next id,
 * compared at every later use ("aggregation redefined"), rolled back
 * with a failed compilation, and freed with the handle.  Ids start at 1
 * and stay the same for the life of the handle, so programs compiled
 * one after the other share an aggregation by its name.  dt_check_agg.c
 * fills in a definition; dt_enable.c sends it to the kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_type.h"

static const char *const dt_aggfunc_names[DTRACE_AGG_FUNCMAX] = {
	[DTRACE_AGG_COUNT] = "count",
	[DTRACE_AGG_SUM] = "sum",
	[DTRACE_AGG_AVG] = "avg",
	[DTRACE_AGG_MIN] = "min",
	[DTRACE_AGG_MAX] = "max",
	[DTRACE_AGG_STDDEV] = "stddev",
	[DTRACE_AGG_QUANTIZE] = "quantize",
	[DTRACE_AGG_LQUANTIZE] = "lquantize",
	[DTRACE_AGG_LLQUANTIZE] = "llquantize",
};

/* The D name of aggregating function @func (DTRACE_AGG_*). */
const char *dt_aggfunc_name(uint32_t func)
{
	return func < DTRACE_AGG_FUNCMAX && dt_aggfunc_names[func] ?
	       dt_aggfunc_names[func] : "?";
}

/* The parameters of an llquantize() definition, for engine/quantize.h. */
struct dtrace_llquantize dt_agg_llq(const struct dtrace_ioc_aggdef *def)
{
	return (struct dtrace_llquantize){
		.factor = def->params[0], .low = def->params[1],
		.high = def->params[2], .steps = def->params[3],
	};
}

/* The u64 words of an entry's value, by function (dtrace.h). */
uint32_t dt_agg_nvals(const struct dtrace_ioc_aggdef *def)
{
	struct dtrace_llquantize q = dt_agg_llq(def);

	switch (def->func) {
	case DTRACE_AGG_AVG:
		return 2;
	case DTRACE_AGG_STDDEV:
		return 4;
	case DTRACE_AGG_QUANTIZE:
		return DTRACE_QUANTIZE_NBUCKETS;
	case DTRACE_AGG_LQUANTIZE:
		return (uint32_t)dtrace_lquantize_levels(def->params[0],
							 def->params[1],
							 def->params[2]) + 2;
	case DTRACE_AGG_LLQUANTIZE:
		return (uint32_t)dtrace_llquantize_nbuckets(&q);
	default:
		return 1;
	}
}

struct dt_agg *dt_agg_lookup(dtrace_hdl_t *dtp, const char *name)
{
	unsigned int i;

	for (i = 1; i < dtp->naggs; i++)
		if (!strcmp(dtp->aggs[i]->name, name))
			return dtp->aggs[i];
	return NULL;
}

/*
 * Do two definitions agree: the same function, parameters, increment
 * and keys (kind and size each)?
 */
bool dt_agg_same(const struct dt_agg *a, const struct dt_agg *b)
{
	unsigned int i;

	if (a->def.func != b->def.func || a->def.flags != b->def.flags ||
	    a->nkeys != b->nkeys ||
	    memcmp(a->def.params, b->def.params, sizeof(a->def.params)))
		return false;
	for (i = 0; i < a->nkeys; i++)
		if (a->def.keys[i].kind != b->def.keys[i].kind ||
		    a->def.keys[i].size != b->def.keys[i].size ||
		    a->keys[i].kind != b->keys[i].kind ||
		    a->keys[i].symfmt != b->keys[i].symfmt)
			return false;
	return true;
}

/* "@name[key types] = func(params)" ("func( )" without), as DTrace. */
void dt_agg_describe(const struct dt_agg *a, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i, np = 0;

	n += (size_t)snprintf(buf, len, "@%s", a->name);
	for (i = 0; i < a->nkeys && n < len; i++) {
		const struct dt_recdesc *k = &a->keys[i];
		char tn[128];

		if (k->kind == DT_REC_STACK)
			strcpy(tn, "stack");
		else if (k->kind == DT_REC_USTACK)
			strcpy(tn, "ustack");
		else if (k->kind == DT_REC_KSYM || k->kind == DT_REC_USYM)
			strcpy(tn, "symbol");
		else
			dt_type_name(k->type, tn, sizeof(tn));
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
				      i ? ", " : "[", tn);
	}
	if (a->nkeys && n < len)
		n += (size_t)snprintf(buf + n, len - n, "]");
	if (a->def.func == DTRACE_AGG_LQUANTIZE)
		np = 3;
	else if (a->def.func == DTRACE_AGG_LLQUANTIZE)
		np = 4;
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, " = %s(",
				      dt_aggfunc_name(a->def.func));
	for (i = 0; i < np && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%lld", i ? ", " : "",
				      (long long)a->def.params[i]);
	if (n < len)
		snprintf(buf + n, len - n, np ? ")" : " )");
}

/*
 * A new aggregation @name, a copy of the definition @proto, with the
 * next id.  Return: it, or NULL when out of memory or ids.
 */
struct dt_agg *dt_agg_create(dtrace_hdl_t *dtp, const char *name,
			     const struct dt_agg *proto)
{
	struct dt_agg *a, **p;
	unsigned int n = dtp->naggs ? dtp->naggs : 1;

	if (n >= DTRACE_AGG_MAXID)
		return NULL;
	p = realloc(dtp->aggs, (n + 1) * sizeof(*p));
	if (!p)
		return NULL;
	dtp->aggs = p;
	p[0] = NULL;
	a = malloc(sizeof(*a));
	if (!a)
		return NULL;
	*a = *proto;
	a->name = strdup(name);
	if (!a->name) {
		free(a);
		return NULL;
	}
	a->id = n;
	a->def.size = sizeof(a->def);
	a->def.id = n;
	a->def.nkeys = a->nkeys;
	a->nvals = dt_agg_nvals(&a->def);
	p[n] = a;
	dtp->naggs = n + 1;
	return a;
}

/* How many ids are in use: dt_aggs_rollback() goes back to it. */
unsigned int dt_aggs_mark(const dtrace_hdl_t *dtp)
{
	return dtp->naggs;
}

/*
 * Forget the aggregations created since @mark (a compilation failed).
 * The consumer's ->data of each must already be gone: a compilation
 * never has any.
 */
void dt_aggs_rollback(dtrace_hdl_t *dtp, unsigned int mark)
{
	while (dtp->naggs > mark && dtp->naggs > 1) {
		struct dt_agg *a = dtp->aggs[--dtp->naggs];

		free(a->name);
		free(a);
	}
	if (!mark) {
		free(dtp->aggs);
		dtp->aggs = NULL;
		dtp->naggs = 0;
	}
}

/*
 * Free every aggregation of the handle (dtrace_close(), through
 * dt_var_destroy_all()).  The consumer frees its ->data first.
 */
void dt_aggs_free(dtrace_hdl_t *dtp)
{
	dt_aggs_rollback(dtp, 0);
}
