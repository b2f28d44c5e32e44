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
	bool lookup;			/* entries of several aggregations:
					   values by key, never by entry */
};

static const uint64_t *dt_sort_vals(const struct dt_sortctx *c,
				    const struct dt_aggent *e)
{
	const struct dt_aggent *v;

	if (c->vagg == c->agg && !c->lookup)
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

/*
 * The entries whose keys printa() prints: every key of any of @aggs
 * once, the first aggregation that has it giving the entry.
 */
static struct dt_aggent **dt_agg_keyset(struct dt_agg *const *aggs,
					unsigned int naggs, unsigned int *np)
{
	struct dt_aggent **v;
	unsigned int i, j, k, n = 0, max = 0;

	for (i = 0; i < naggs; i++)
		max += aggs[i]->data ? aggs[i]->data->nents : 0;
	v = max ? malloc(max * sizeof(*v)) : NULL;
	for (i = 0; v && i < naggs; i++) {
		const struct dt_aggdata *d = aggs[i]->data;

		for (k = 0; d && k < d->nents; k++) {
			const char *key = dt_aggent_key(d->ents[k]);

			for (j = 0; j < i; j++)
				if (dt_aggent_find(aggs[j], key))
					break;
			if (j == i)
				v[n++] = d->ents[k];
		}
	}
	*np = n;
	return v;
}

/**
 * dt_agg_sort() - the entries printa() prints, in order
 * @dtp: the handle (its sort options)
 * @aggs: the aggregations of one printa(), the first giving the key
 *	layout; every key any of them has is printed once
 * @naggs: how many
 * @np: out, the number of entries
 *
 * Return: a malloc'd array of the entries (NULL with *@np 0 if there
 * are none), or NULL with EDT_NOMEM.
 */
struct dt_aggent **dt_agg_sort(dtrace_hdl_t *dtp, struct dt_agg *const *aggs,
			       unsigned int naggs, unsigned int *np)
{
	struct dt_sortctx c = { .agg = aggs[0], .vagg = aggs[0],
				.lookup = naggs > 1 };
	struct dt_aggent **v;
	uint64_t *zero = NULL;
	unsigned int n;

	*np = 0;
	v = dt_agg_keyset(aggs, naggs, &n);
	if (!n) {
		free(v);
		return NULL;
	}
	if (!v) {
		dt_set_errno(dtp, EDT_NOMEM);
		return NULL;
	}
	if (dtp->opt.aggsortpos < naggs)
		c.vagg = aggs[dtp->opt.aggsortpos];
	if (c.lookup) {
		zero = calloc(c.vagg->nvals + 1, 8);
		if (!zero) {
			free(v);
			dt_set_errno(dtp, EDT_NOMEM);
			return NULL;
		}
	}
	c.zero = zero;
	c.keypos = (unsigned int)dtp->opt.aggsortkeypos;
	c.bykey = dtp->opt.aggsortkey;
	c.rev = dtp->opt.aggsortrev;
	qsort_r(v, n, sizeof(*v), dt_sort_cmp, &c);
	free(zero);
	*np = n;
	return v;
}
