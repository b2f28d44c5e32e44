/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The consumer's side of aggregations: the merged entries of each
 * struct dt_agg (dt_agg.c: snapshots, merging, clear, trunc,
 * normalize), their order (dt_aggsort.c) and their output
 * (dt_aggprint.c: DTrace's layouts and printa() formats; dt_json.c for
 * -O json).  The kernel's side is DTRACEIOC_AGGDEF/AGGSNAP in
 * include/uapi/linux/dtrace.h; docs/output.md shows every layout.
 */
#ifndef _DT_AGG_H
#define _DT_AGG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "dt_consume.h"

struct dt_strbuf;

/*
 * One merged entry: the key (agg->keysize bytes) then the values
 * (agg->nvals u64 words, laid out as the uapi header says), in w[].
 */
struct dt_aggent {
	struct dt_aggent *hnext;	/* hash chain */
	uint32_t hash;			/* of the key bytes */
	bool fresh;			/* no value merged since clear():
					   min and max take the next one */
	uint64_t w[];
};

/* The entries of one aggregation, owned by the consumer. */
struct dt_aggdata {
	struct dt_aggent **hash;	/* nbuckets chains */
	unsigned int nbuckets;
	struct dt_aggent **ents;	/* every entry, in arrival order */
	unsigned int nents, cap;
	uint64_t normal;		/* normalize() divisor; 1 */
};

static inline const char *dt_aggent_key(const struct dt_aggent *ent)
{
	return (const char *)ent->w;
}

static inline const uint64_t *dt_aggent_vals(const struct dt_agg *agg,
					     const struct dt_aggent *ent)
{
	return ent->w + agg->keysize / 8;
}

/* dt_agg.c */
int dt_agg_merge(dtrace_hdl_t *dtp, const char *buf, size_t len);
struct dt_aggent *dt_aggent_find(const struct dt_agg *agg, const char *key);
struct dt_agg *dt_agg_get(dtrace_hdl_t *dtp, uint32_t id);
void dt_agg_clear(struct dt_agg *agg);
int dt_agg_trunc(dtrace_hdl_t *dtp, struct dt_agg *agg, bool all,
		 int64_t n);
void dt_agg_normalize(struct dt_agg *agg, uint64_t n);
void dt_agg_data_free(struct dt_agg *agg);
/* The symbol-key memo of dt_agg_merge(), at dtrace_close(). */
void dt_agg_symaliases_free(dtrace_hdl_t *dtp);

/*
 * The printed value of a scalar function (count, sum, min, max, avg,
 * stddev), before normalize(); the order entries sort and truncate by.
 */
int64_t dt_agg_scalar(const struct dt_agg *agg, const uint64_t *vals);
int dt_agg_valcmp(const struct dt_agg *agg, const uint64_t *a,
		  const uint64_t *b);
bool dt_agg_is_hist(const struct dt_agg *agg);

/* dt_aggsort.c: @aggs[0]'s entries in printing order; free() it. */
struct dt_aggent **dt_agg_sort(dtrace_hdl_t *dtp, struct dt_agg *const *aggs,
			       unsigned int naggs, unsigned int *np);
int dt_agg_keycmp(const struct dt_agg *agg, const char *a, const char *b);

/*
 * dt_aggprint.c.  A histogram's bucket: the value it counts as when
 * entries are sorted, and the text its row shows ("< 10", "20",
 * ">= 100", llquantize()'s "<= -100" and "abs() < 10").
 */
enum dt_bucket_range {
	DT_BUCKET_LE = -2,		/* "<= base": below all (llquantize) */
	DT_BUCKET_LT = -1,		/* "< base": below all (lquantize) */
	DT_BUCKET_IN = 0,		/* "base": an ordinary bucket */
	DT_BUCKET_GE = 1,		/* ">= base": at or above all */
	DT_BUCKET_ABS = 2,		/* "abs() < bound", or "0" if bound
					   is 1: llquantize's middle */
};

struct dt_bucket {
	int64_t base;
	int64_t bound;			/* DT_BUCKET_ABS: factor^low */
	enum dt_bucket_range range;
};

unsigned int dt_agg_buckets(const struct dt_agg *agg, struct dt_bucket *b,
			    unsigned int max);
struct dt_bucket *dt_agg_bucket_list(const struct dt_agg *agg,
				     unsigned int *np);
int dt_agg_print_key(dtrace_hdl_t *dtp, const struct dt_agg *agg,
		     unsigned int i, const char *key, struct dt_strbuf *sb);
int dt_agg_print_value(dtrace_hdl_t *dtp, const struct dt_agg *agg,
		       const uint64_t *vals, struct dt_strbuf *sb);
int dt_agg_print_one(dtrace_hdl_t *dtp, struct dt_agg *agg, bool lead,
		     struct dt_strbuf *sb);
int dt_printa(dtrace_hdl_t *dtp, const struct dt_stmt *st,
	      struct dt_strbuf *sb);
int dt_agg_symtext(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
		   const char *p, char *buf, size_t len);

/* dt_json.c: every entry of @aggs[0], one JSON object a line */
int dt_json_agg(dtrace_hdl_t *dtp, struct dt_agg *const *aggs,
		unsigned int naggs, struct dt_strbuf *sb);

#endif /* _DT_AGG_H */
