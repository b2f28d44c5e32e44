// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregation data, consumer side: DTRACEIOC_AGGSNAP of every CPU and
 * the merge of its entries (struct dtrace_aggent + key + values) into
 * each aggregation's entries, a hash by key bytes; the values of one
 * key add up across CPUs and snapshots (min and max take the least and
 * greatest); keys that are symbols (sym(), func(), mod() and their
 * user forms) merge by the text they print, as in DTrace, so that two
 * addresses in one function count as one key.  Also what the
 * statements clear(), trunc(), normalize()
 * and denormalize() do to them, and the scalar value of an entry.
 * Runs in the consumer only; dt_agg.h is the map.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "dt_agg.h"

#define DT_AGG_HASH_MIN	64

struct dt_agg *dt_agg_get(dtrace_hdl_t *dtp, uint32_t id)
{
	if (id == 0 || id >= dtp->naggs)
		return NULL;
	return dtp->aggs[id];
}

bool dt_agg_is_hist(const struct dt_agg *agg)
{
	return agg->def.func == DTRACE_AGG_QUANTIZE ||
	       agg->def.func == DTRACE_AGG_LQUANTIZE ||
	       agg->def.func == DTRACE_AGG_LLQUANTIZE;
}

/* FNV-1a over the key bytes. */
static uint32_t dt_agg_hash(const char *key, uint32_t len)
{
	uint32_t h = 2166136261u;
	uint32_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)key[i];
		h *= 16777619u;
	}
	return h;
}

static struct dt_aggdata *dt_aggdata_alloc(void)
{
	struct dt_aggdata *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->nbuckets = DT_AGG_HASH_MIN;
	d->hash = calloc(d->nbuckets, sizeof(*d->hash));
	if (!d->hash) {
		free(d);
		return NULL;
	}
	d->normal = 1;
	return d;
}

/* Rebuild the chains for the entries in ents[], with @nbuckets. */
static int dt_agg_rehash(struct dt_aggdata *d, unsigned int nbuckets)
{
	struct dt_aggent **h = calloc(nbuckets, sizeof(*h));
	unsigned int i;

	if (!h)
		return -1;
	for (i = 0; i < d->nents; i++) {
		struct dt_aggent *e = d->ents[i];

		e->hnext = h[e->hash % nbuckets];
		h[e->hash % nbuckets] = e;
	}
	free(d->hash);
	d->hash = h;
	d->nbuckets = nbuckets;
	return 0;
}

struct dt_aggent *dt_aggent_find(const struct dt_agg *agg, const char *key)
{
	const struct dt_aggdata *d = agg->data;
	uint32_t h = dt_agg_hash(key, agg->keysize);
	struct dt_aggent *e;

	if (!d)
		return NULL;
	for (e = d->hash[h % d->nbuckets]; e; e = e->hnext)
		if (e->hash == h && !memcmp(e->w, key, agg->keysize))
			return e;
	return NULL;
}

static struct dt_aggent *dt_agg_insert(struct dt_agg *agg, const char *key,
				       const uint64_t *vals)
{
	struct dt_aggdata *d = agg->data;
	size_t kw = agg->keysize / 8;
	struct dt_aggent *e;

	if (d->nents == d->cap) {
		unsigned int cap = d->cap ? d->cap * 2 : 64;
		struct dt_aggent **p = realloc(d->ents, cap * sizeof(*p));

		if (!p)
			return NULL;
		d->ents = p;
		d->cap = cap;
	}
	e = calloc(1, sizeof(*e) + (kw + agg->nvals) * 8);
	if (!e)
		return NULL;
	e->hash = dt_agg_hash(key, agg->keysize);
	memcpy(e->w, key, agg->keysize);
	memcpy(e->w + kw, vals, agg->nvals * 8);
	d->ents[d->nents++] = e;
	if (d->nents > d->nbuckets * 2)
		dt_agg_rehash(d, d->nbuckets * 4);	/* else chains grow */
	else {
		e->hnext = d->hash[e->hash % d->nbuckets];
		d->hash[e->hash % d->nbuckets] = e;
	}
	return e;
}

/*
 * A symbol key's pid and address as met in a snapshot, and the pair that
 * stands for every pair printing the same text: the first one met.  A
 * user symbol of several processes (a library's function, a program
 * run twice) is one key, as DTrace prints it once.
 */
struct dt_symalias {
	uint64_t pid;		/* 0 for a kernel address */
	uint64_t addr;
	uint64_t canon_pid;
	uint64_t canon;
	enum dt_symfmt symfmt;	/* func() and mod() name differently */
	char *text;
};

/*
 * The pid and address that stand for @addr of @pid: the same for every
 * aggregation, so that printa() of several finds their entries by the
 * same key.  Unknown addresses (printed in hex) stand for themselves.
 * Return: 0 with *@canon_pidp and *@canonp, or -1 if out of memory.
 */
static int dt_agg_symcanon(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
			   const char *field, uint64_t pid, uint64_t addr,
			   uint64_t *canon_pidp, uint64_t *canonp)
{
	struct dt_symalias *a = dtp->symaliases;
	unsigned int i, n = dtp->nsymaliases;
	char text[1024];

	for (i = 0; i < n; i++)
		if (a[i].pid == pid && a[i].addr == addr &&
		    a[i].symfmt == rec->symfmt) {
			*canon_pidp = a[i].canon_pid;
			*canonp = a[i].canon;
			return 0;
		}
	dt_agg_symtext(dtp, rec, field, text, sizeof(text));
	*canon_pidp = pid;
	*canonp = addr;
	if (strncmp(text, "0x", 2) && !strstr(text, "`0x")) {
		for (i = 0; i < n; i++)
			if (a[i].symfmt == rec->symfmt &&
			    (a[i].pid != 0) == (pid != 0) &&
			    !strcmp(a[i].text, text)) {
				*canon_pidp = a[i].canon_pid;
				*canonp = a[i].canon;
				break;
			}
	}
	if (n == dtp->capsymaliases) {
		unsigned int cap = n ? n * 2 : 32;

		a = realloc(a, cap * sizeof(*a));
		if (!a)
			return -1;
		dtp->symaliases = a;
		dtp->capsymaliases = cap;
	}
	a[n].text = strdup(text);
	if (!a[n].text)
		return -1;
	a[n].pid = pid;
	a[n].addr = addr;
	a[n].symfmt = rec->symfmt;
	a[n].canon_pid = *canon_pidp;
	a[n].canon = *canonp;
	dtp->nsymaliases++;
	return 0;
}

void dt_agg_symaliases_free(dtrace_hdl_t *dtp)
{
	unsigned int i;

	for (i = 0; i < dtp->nsymaliases; i++)
		free(dtp->symaliases[i].text);
	free(dtp->symaliases);
	dtp->symaliases = NULL;
	dtp->nsymaliases = dtp->capsymaliases = 0;
}

/*
 * @key, copied to @buf with each symbol key's pid and address replaced
 * by those that stand for them (uaddr() keys stay as they are).  Return: the
 * key to use, @key itself if it has no symbol key; NULL if out of memory.
 */
static const char *dt_agg_canon_key(dtrace_hdl_t *dtp, struct dt_agg *agg,
				    const char *key, char *buf)
{
	bool copied = false;
	unsigned int i;
	uint64_t pid, addr, canon_pid, canon;

	for (i = 0; i < agg->nkeys; i++) {
		const struct dt_recdesc *r = &agg->keys[i];
		size_t at = r->offset + (r->kind == DT_REC_USYM ? 8 : 0);

		if ((r->kind != DT_REC_KSYM && r->kind != DT_REC_USYM) ||
		    r->symfmt == DT_SYM_ADDR)
			continue;
		if (!copied) {
			memcpy(buf, key, agg->keysize);
			copied = true;
		}
		pid = 0;
		if (r->kind == DT_REC_USYM)
			memcpy(&pid, key + r->offset, 8);
		memcpy(&addr, key + at, 8);
		if (dt_agg_symcanon(dtp, r, key + r->offset, pid, addr,
				    &canon_pid, &canon))
			return NULL;
		if (r->kind == DT_REC_USYM)
			memcpy(buf + r->offset, &canon_pid, 8);
		memcpy(buf + at, &canon, 8);
	}
	return copied ? buf : key;
}

/* Merge the values @v of one snapshot entry into @ent's. */
static void dt_agg_combine(const struct dt_agg *agg, struct dt_aggent *ent,
			   const uint64_t *v)
{
	uint64_t *w = ent->w + agg->keysize / 8;
	bool fresh = ent->fresh;
	uint64_t lo;
	uint32_t i;

	ent->fresh = false;
	switch (agg->def.func) {
	case DTRACE_AGG_MIN:
		if (fresh || (int64_t)v[0] < (int64_t)w[0])
			w[0] = v[0];
		return;
	case DTRACE_AGG_MAX:
		if (fresh || (int64_t)v[0] > (int64_t)w[0])
			w[0] = v[0];
		return;
	case DTRACE_AGG_STDDEV:
		w[0] += v[0];
		w[1] += v[1];
		lo = w[2] + v[2];
		w[3] += v[3] + (lo < w[2]);	/* carry of the u128 add */
		w[2] = lo;
		return;
	default:	/* sums of words: count, sum, avg, the histograms */
		for (i = 0; i < agg->nvals; i++)
			w[i] += v[i];
		return;
	}
}

/**
 * dt_agg_merge() - merge one CPU's DTRACEIOC_AGGSNAP output
 * @dtp: the handle
 * @buf: the entries, back to back
 * @len: bytes of them
 *
 * Return: 0, or -1 with EDT_CORRUPT (an entry that is not of a defined
 * aggregation or not of its size) or EDT_NOMEM.
 */
int dt_agg_merge(dtrace_hdl_t *dtp, const char *buf, size_t len)
{
	static char canon[DTRACE_AGG_KEYMAX];	/* the consumer is one thread */
	size_t off = 0;

	while (off + sizeof(struct dtrace_aggent) <= len) {
		struct dtrace_aggent hdr;
		const char *key = buf + off + sizeof(hdr);
		const uint64_t *vals;
		struct dt_aggent *ent;
		struct dt_agg *agg;

		memcpy(&hdr, buf + off, sizeof(hdr));
		agg = dt_agg_get(dtp, hdr.aggid);
		if (!agg || hdr.size % 8 || hdr.size > len - off ||
		    hdr.size != sizeof(hdr) + agg->keysize + agg->nvals * 8)
			return dt_set_errno(dtp, EDT_CORRUPT);
		/* the snapshot is 8-aligned and so is every entry */
		vals = (const uint64_t *)(key + agg->keysize);
		if (!agg->data) {
			agg->data = dt_aggdata_alloc();
			if (!agg->data)
				return dt_set_errno(dtp, EDT_NOMEM);
		}
		key = dt_agg_canon_key(dtp, agg, key, canon);
		if (!key)
			return dt_set_errno(dtp, EDT_NOMEM);
		ent = dt_aggent_find(agg, key);
		if (ent)
			dt_agg_combine(agg, ent, vals);
		else if (!dt_agg_insert(agg, key, vals))
			return dt_set_errno(dtp, EDT_NOMEM);
		off += hdr.size;
	}
	return 0;
}

/**
 * dtrace_aggregate_snap() - take every CPU's aggregation data
 * @dtp: a tracing handle
 *
 * Entries that did not fit a CPU's buffer are reported as
 * "N aggregation drops on CPU M".  A handle with no aggregation does
 * nothing.
 * Return: 0, or -1 with the error set.
 */
int dtrace_aggregate_snap(dtrace_hdl_t *dtp)
{
	struct dtrace_ioc_aggsnap as = { .size = sizeof(as) };
	int cpu;

	if (dtp->naggs <= 1 || !dtp->active)
		return 0;
	if (!dtp->aggbuf) {
		dtp->aggbufsize = DT_ALIGN(dtp->opt.aggsize, 8);
		dtp->aggbuf = malloc(dtp->aggbufsize);
		if (!dtp->aggbuf)
			return dt_set_errno(dtp, EDT_NOMEM);
	}
	for (cpu = 0; cpu < dtp->ncpus; cpu++) {
		as.cpu = (uint32_t)cpu;
		as.data = (uintptr_t)dtp->aggbuf;
		as.bufsize = dtp->aggbufsize;
		as.used = 0;
		as.drops = 0;
		if (dt_ioctl(dtp, DTRACEIOC_AGGSNAP, &as)) {
			if (errno == EINVAL)
				continue;	/* no such CPU */
			return dt_set_errno_ioctl(dtp, errno);
		}
		if (as.used > dtp->aggbufsize)
			return dt_set_errno(dtp, EDT_CORRUPT);
		if (dt_agg_merge(dtp, dtp->aggbuf, (size_t)as.used))
			return -1;
		dtp->aggdrops += as.drops;
		if (as.drops && dt_report_drops(dtp, cpu, as.drops,
						"DTRACEDROP_AGGREGATION",
						"aggregation drop", ""))
			return -1;
	}
	return 0;
}

/* clear(): every value zero, the keys stay. */
void dt_agg_clear(struct dt_agg *agg)
{
	struct dt_aggdata *d = agg->data;
	unsigned int i;

	if (!d)
		return;
	for (i = 0; i < d->nents; i++) {
		memset(d->ents[i]->w + agg->keysize / 8, 0, agg->nvals * 8);
		d->ents[i]->fresh = true;
	}
}

/* Larger sort value first; equal ones by keys. */
static const struct dt_agg *dt_trunc_agg;

static int dt_trunc_cmp(const void *a, const void *b)
{
	const struct dt_aggent *x = *(struct dt_aggent *const *)a;
	const struct dt_aggent *y = *(struct dt_aggent *const *)b;
	int c = dt_agg_valcmp(dt_trunc_agg, dt_aggent_vals(dt_trunc_agg, x),
			      dt_aggent_vals(dt_trunc_agg, y));

	if (c)
		return -c;
	return dt_agg_keycmp(dt_trunc_agg, dt_aggent_key(x), dt_aggent_key(y));
}

/**
 * dt_agg_trunc() - trunc(@a) or trunc(@a, n)
 * @dtp: the handle
 * @agg: the aggregation
 * @all: trunc(@a): remove every entry
 * @n: keep the n largest entries, or the -n smallest when n < 0
 *
 * Return: 0, or -1 with EDT_NOMEM.
 */
int dt_agg_trunc(dtrace_hdl_t *dtp, struct dt_agg *agg, bool all, int64_t n)
{
	struct dt_aggdata *d = agg->data;
	unsigned int keep, i;

	if (!d)
		return 0;
	keep = all ? 0 : n < 0 ? (uint64_t)-n < d->nents ?
		(unsigned int)-n : d->nents :
		(uint64_t)n < d->nents ? (unsigned int)n : d->nents;
	dt_trunc_agg = agg;
	qsort(d->ents, d->nents, sizeof(*d->ents), dt_trunc_cmp);
	if (n < 0) {	/* the smallest are at the end */
		for (i = 0; i < d->nents - keep; i++)
			free(d->ents[i]);
		memmove(d->ents, d->ents + d->nents - keep,
			keep * sizeof(*d->ents));
	} else {
		for (i = keep; i < d->nents; i++)
			free(d->ents[i]);
	}
	d->nents = keep;
	if (dt_agg_rehash(d, d->nbuckets))
		return dt_set_errno(dtp, EDT_NOMEM);
	return 0;
}

/* normalize(@a, n); denormalize(@a) is n = 1. */
void dt_agg_normalize(struct dt_agg *agg, uint64_t n)
{
	if (!agg->data)
		agg->data = dt_aggdata_alloc();
	if (agg->data)
		agg->data->normal = n ? n : 1;
}

void dt_agg_data_free(struct dt_agg *agg)
{
	struct dt_aggdata *d = agg->data;
	unsigned int i;

	if (!d)
		return;
	for (i = 0; i < d->nents; i++)
		free(d->ents[i]);
	free(d->ents);
	free(d->hash);
	free(d);
	agg->data = NULL;
}

/* floor(sqrt(v)) */
static uint64_t dt_isqrt(unsigned __int128 v)
{
	unsigned __int128 r = 0, bit = (unsigned __int128)1 << 126;

	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)r;
}

/*
 * The standard deviation of the population: sqrt((n*q - s*s) / n^2)
 * with n the count, s the sum and q the sum of squares, in 128 bits.
 */
static int64_t dt_agg_stddev(const uint64_t *v)
{
	unsigned __int128 q = ((unsigned __int128)v[3] << 64) | v[2];
	unsigned __int128 n = v[0], s, nq, ss;
	int64_t sum = (int64_t)v[1];

	if (!n)
		return 0;
	s = sum < 0 ? (unsigned __int128)(-(__int128)sum) :
		    (unsigned __int128)sum;
	ss = s * s;
	if (q > ~(unsigned __int128)0 / n) {
		/* n*q would not fit: mean of squares minus square of mean */
		unsigned __int128 m = s / n, mq = q / n;

		return mq > m * m ? (int64_t)dt_isqrt(mq - m * m) : 0;
	}
	nq = n * q;
	if (nq <= ss)
		return 0;
	return (int64_t)dt_isqrt((nq - ss) / (n * n));
}

/* The printed value of a scalar function, before normalization. */
int64_t dt_agg_scalar(const struct dt_agg *agg, const uint64_t *vals)
{
	switch (agg->def.func) {
	case DTRACE_AGG_AVG:
		return vals[0] ? (int64_t)vals[1] / (int64_t)vals[0] : 0;
	case DTRACE_AGG_STDDEV:
		return dt_agg_stddev(vals);
	default:
		return (int64_t)vals[0];
	}
}

/* A histogram's sum of count * bucket value, and its total count. */
static void dt_agg_histsum(const struct dt_agg *agg, const uint64_t *vals,
			   __int128 *sum, __int128 *total)
{
	unsigned int i, n;
	struct dt_bucket *bp = dt_agg_bucket_list(agg, &n);

	*sum = 0;
	*total = 0;
	for (i = 0; i < n; i++) {
		*sum += (__int128)bp[i].base * (int64_t)vals[i];
		*total += (int64_t)vals[i];
	}
	free(bp);
}

/*
 * The order of two entries' values: scalars by value, histograms by
 * the sum of count * bucket value, then by the total count.
 */
int dt_agg_valcmp(const struct dt_agg *agg, const uint64_t *a,
		  const uint64_t *b)
{
	__int128 sa, ta, sb, tb;
	int64_t x, y;

	if (!dt_agg_is_hist(agg)) {
		x = dt_agg_scalar(agg, a);
		y = dt_agg_scalar(agg, b);
		return x < y ? -1 : x > y;
	}
	dt_agg_histsum(agg, a, &sa, &ta);
	dt_agg_histsum(agg, b, &sb, &tb);
	if (sa != sb)
		return sa < sb ? -1 : 1;
	return ta < tb ? -1 : ta > tb;
}
