// SPDX-License-Identifier: GPL-2.0
/*
 * -x temporal: the records of all CPUs printed in timestamp order.
 * Each round every CPU's snapshot is copied here, record by record;
 * then the records written before the round began go out, oldest
 * first, and later ones wait for the next round, since a CPU
 * snapshotted later in the round may still hand over older ones.  At
 * the end everything goes out.  Consumer only; dt_consume.c calls it.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_consume.h"

struct dt_hrec {
	uint64_t ts;
	uint64_t seq;		/* arrival order: ties keep it */
	int cpu;
	size_t len;		/* header + data */
	char *rec;
};

struct dt_held {
	struct dt_hrec *v;
	size_t n, cap;
	uint64_t seq;
};

int dt_temporal_add(dtrace_hdl_t *dtp, int cpu, const char *buf, size_t len)
{
	struct dt_held *h = dtp->held;
	size_t off = 0;

	if (!h) {
		h = calloc(1, sizeof(*h));
		if (!h)
			return dt_set_errno(dtp, EDT_NOMEM);
		dtp->held = h;
	}
	while (off + sizeof(struct dtrace_rechdr) <= len) {
		struct dtrace_rechdr hdr;
		struct dt_hrec *r;

		memcpy(&hdr, buf + off, sizeof(hdr));
		if (hdr.size < sizeof(hdr) || hdr.size > len - off)
			return dt_set_errno(dtp, EDT_CORRUPT);
		if (h->n == h->cap) {
			size_t cap = h->cap ? h->cap * 2 : 256;
			struct dt_hrec *p = realloc(h->v, cap * sizeof(*p));

			if (!p)
				return dt_set_errno(dtp, EDT_NOMEM);
			h->v = p;
			h->cap = cap;
		}
		r = &h->v[h->n];
		r->rec = malloc(hdr.size);
		if (!r->rec)
			return dt_set_errno(dtp, EDT_NOMEM);
		memcpy(r->rec, buf + off, hdr.size);
		r->ts = hdr.timestamp;
		r->seq = h->seq++;
		r->cpu = cpu;
		r->len = hdr.size;
		h->n++;
		off += DT_ALIGN((size_t)hdr.size, 8);
	}
	return 0;
}

static int dt_hrec_cmp(const void *a, const void *b)
{
	const struct dt_hrec *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int dt_temporal_flush(dtrace_hdl_t *dtp, FILE *fp, uint64_t upto)
{
	struct dt_held *h = dtp->held;
	size_t i, n;
	int ret = 0;

	if (!h || !h->n)
		return 0;
	qsort(h->v, h->n, sizeof(*h->v), dt_hrec_cmp);
	for (n = 0; n < h->n && h->v[n].ts <= upto; n++)
		;
	for (i = 0; i < n; i++) {
		if (!ret)
			ret = dt_consume_buffer(dtp, fp, h->v[i].cpu,
						h->v[i].rec, h->v[i].len);
		free(h->v[i].rec);
	}
	memmove(h->v, h->v + n, (h->n - n) * sizeof(*h->v));
	h->n -= n;
	return ret;
}

void dt_temporal_free(dtrace_hdl_t *dtp)
{
	struct dt_held *h = dtp->held;
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->n; i++)
		free(h->v[i].rec);
	free(h->v);
	free(h);
	dtp->held = NULL;
}
