// SPDX-License-Identifier: GPL-2.0
/*
 * The order aggregation entries print in: by value ascending (a
 * histogram by its sum of count * bucket value, then its total count),
 * ties broken by the keys, first to last; with aggsortkey by the keys
 * first; aggsortkeypos names the key compared first, aggsortpos which
 * aggregation of a printa() gives the value, aggsortrev reverses it
 * all.  Consumer only; dt_agg.h is the map.
 */
#define _GNU_SOURCE	/* qsort_r */
#include <stdlib.h>
#include <string.h>
#include "dt_agg.h"

/* One key of two entries' keys compared. */
static int dt_key1cmp(const struct dt_recdesc *r, const char *a,
		      const char *b)
{
	int64_t x, y;

	switch (r->kind) {
	case DT_REC_INT:
	case DT_REC_KSYM:
		/* as DTrace: the key's bytes as an unsigned number, so
		 * -1 sorts after 2 */
		x = (int64_t)dt_rec_int(r, a);
		y = (int64_t)dt_rec_int(r, b);
		return (uint64_t)x < (uint64_t)y ? -1 :
		       (uint64_t)x > (uint64_t)y;
	case DT_REC_STRING: {
		int c = strncmp(a + r->offset, b + r->offset, r->size);

		return c < 0 ? -1 : c > 0;
	}
	default: {
		int c = memcmp(a + r->offset, b + r->offset, r->size);

		return c < 0 ? -1 : c > 0;
	}
	}
}

/* The keys compared from key @first on, then from 0 up to it. */
static int dt_keycmp_from(const struct dt_agg *agg, unsigned int first,
			  const char *a, const char *b)
{
	unsigned int i;
	int c;

	if (first < agg->nkeys) {
		c = dt_key1cmp(&agg->keys[first], a, b);
		if (c)
			return c;
	}
	for (i = 0; i < agg->nkeys; i++) {
		if (i == first)
			continue;
		c = dt_key1cmp(&agg->keys[i], a, b);
		if (c)
			return c;
	}
	return 0;
}

int dt_agg_keycmp(const struct dt_agg *agg, const char *a, const char *b)
{
	return dt_keycmp_from(agg, 0, a, b);
}

struct dt_sortctx {
	const struct dt_agg *agg;	/* whose keys */
	const struct dt_agg *vagg;	/* whose values (aggsortpos) */
	const uint64_t *zero;		/* values of a missing entry */
	unsigned int keypos;
	bool bykey, rev;
};

static const uint64_t *dt_sort_vals(const struct dt_sortctx *c,
				    const struct dt_aggent *e)
{
	const struct dt_aggent *v;

	if (c->vagg == c->agg)
		return dt_aggent_vals(c->agg, e);
	v = dt_aggent_find(c->vagg, dt_aggent_key(e));
	return v ? dt_aggent_vals(c->vagg, v) : c->zero;
}

static int dt_sort_cmp(const void *pa, const void *pb, void *arg)
{
	const struct dt_aggent *a = *(struct dt_aggent *const *)pa;
	const struct dt_aggent *b = *(struct dt_aggent *const *)pb;
	const struct dt_sortctx *c = arg;
	int kc, vc;

	kc = dt_keycmp_from(c->agg, c->keypos, dt_aggent_key(a),
			    dt_aggent_key(b));
	vc = dt_agg_valcmp(c->vagg, dt_sort_vals(c, a), dt_sort_vals(c, b));
	if (c->bykey)
		vc = kc ? kc : vc;
	else
		vc = vc ? vc : kc;
	return c->rev ? -vc : vc;
}

/**
 * dt_agg_sort() - the entries of @aggs[0] in the order they print
 * @dtp: the handle (its sort options)
 * @aggs: the aggregations of one printa(), the first giving the keys
 * @naggs: how many
 * @np: out, the number of entries
 *
 * Return: a malloc'd array of the entries (NULL with *@np 0 if there
 * are none), or NULL with EDT_NOMEM.
 */
struct dt_aggent **dt_agg_sort(dtrace_hdl_t *dtp, struct dt_agg *const *aggs,
			       unsigned int naggs, unsigned int *np)
{
	const struct dt_aggdata *d = aggs[0]->data;
	struct dt_sortctx c = { .agg = aggs[0], .vagg = aggs[0] };
	struct dt_aggent **v;
	uint64_t *zero = NULL;

	*np = 0;
	if (!d || !d->nents)
		return NULL;
	if (dtp->opt.aggsortpos < naggs)
		c.vagg = aggs[dtp->opt.aggsortpos];
	if (c.vagg != c.agg) {
		zero = calloc(c.vagg->nvals + 1, 8);
		if (!zero) {
			dt_set_errno(dtp, EDT_NOMEM);
			return NULL;
		}
	}
	v = malloc(d->nents * sizeof(*v));
	if (!v) {
		free(zero);
		dt_set_errno(dtp, EDT_NOMEM);
		return NULL;
	}
	memcpy(v, d->ents, d->nents * sizeof(*v));
	c.zero = zero;
	c.keypos = (unsigned int)dtp->opt.aggsortkeypos;
	c.bykey = dtp->opt.aggsortkey;
	c.rev = dtp->opt.aggsortrev;
	qsort_r(v, d->nents, sizeof(*v), dt_sort_cmp, &c);
	free(zero);
	*np = d->nents;
	return v;
}
