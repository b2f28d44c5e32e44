// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: aggregations work as include/uapi/linux/dtrace.h says.
 * DTRACEIOC_AGGDEF refuses every bad field (EINVAL), accepts the same
 * definition again and refuses a different one for the same id (EEXIST),
 * and refuses any after GO (EBUSY); an AGGREGATE action naming no
 * aggregation is refused at ENABLE.  BEGIN clauses aggregate known
 * values, and DTRACEIOC_AGGSNAP returns exactly the documented values of
 * count (with and without an increment), sum, avg, min, max, stddev
 * (u128 sum of squares), quantize, lquantize and llquantize, entries for
 * int + string keys, nothing more at the next snapshot, and aggregation
 * drops when aggsize is tiny.  A wrong key count or kind at run time is an
 * ILLOP fault seen by an ERROR clause.
 *
 * Needs root and dtrace_core loaded (the runner loads it); skips
 * otherwise.  Uses include/uapi/linux/dtrace.h only.
 */
#include "dif_asm.h"

#define AGGSIZE		(64u << 10)

static struct dtrace_ioc_aggdef aggdef(uint32_t id, uint32_t func)
{
	struct dtrace_ioc_aggdef d;

	memset(&d, 0, sizeof(d));
	d.size = sizeof(d);
	d.id = id;
	d.func = func;
	return d;
}

static void key(struct dtrace_ioc_aggdef *d, uint32_t kind, uint32_t size)
{
	d->keys[d->nkeys].kind = kind;
	d->keys[d->nkeys].size = size;
	d->nkeys++;
}

static int define(struct cons *c, struct dtrace_ioc_aggdef *d)
{
	return xioctl(c->fd, DTRACEIOC_AGGDEF, d);
}

/* Push the integer @v (PUSHTV), using r9. */
static void push_int(struct prog *p, uint64_t v)
{
	E(p, DTRACE_DIF_OP_SETX, 9, 0, 0, INT(p, v));
	E(p, DTRACE_DIF_OP_PUSHTV, 0, 9, 0, 0);
}

/* Push the string @s (PUSHTR imm 0), using r9. */
static void push_str(struct prog *p, const char *s)
{
	E(p, DTRACE_DIF_OP_SETS, 9, 0, 0, STR(p, s));
	E(p, DTRACE_DIF_OP_PUSHTR, 0, 9, 0, 0);
}

/* End a program: return @v. */
static void ret_int(struct prog *p, uint64_t v)
{
	E(p, DTRACE_DIF_OP_SETX, 1, 0, 0, INT(p, v));
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
}

/* An AGGREGATE action on aggregation @id of program @p. */
static struct dtrace_actdesc AGG(uint32_t id, const struct prog *p)
{
	return A(DTRACE_ACT_AGGREGATE, p, 0, 0, id);
}

/* Every CPU's entries, merged by (aggid, key) the way a consumer does. */
struct ent {
	uint32_t aggid;
	uint32_t size;		/* key + values */
	unsigned char kv[2048];
};

static struct ent ents[64];
static unsigned int nents;
static uint64_t agg_drops, agg_used;

static struct ent *ent_find(uint32_t aggid, const void *key, size_t klen)
{
	unsigned int i;

	for (i = 0; i < nents; i++)
		if (ents[i].aggid == aggid && !memcmp(ents[i].kv, key, klen))
			return &ents[i];
	return NULL;
}

/* Snapshot every CPU; values of entries met twice are added. */
static int agg_snap_all(struct cons *c, uint32_t keylen_of_all)
{
	static char buf[AGGSIZE];
	long ncpu = sysconf(_SC_NPROCESSORS_CONF), cpu;
	int ret = 0;

	nents = 0;
	agg_drops = 0;
	agg_used = 0;
	for (cpu = 0; cpu < ncpu; cpu++) {
		struct dtrace_ioc_aggsnap s = {
			.size = sizeof(s), .cpu = cpu,
			.data = (uintptr_t)buf, .bufsize = sizeof(buf),
		};
		uint64_t off = 0;

		ret = xioctl(c->fd, DTRACEIOC_AGGSNAP, &s);
		if (ret)
			return ret;
		agg_drops += s.drops;
		agg_used += s.used;
		while (off < s.used) {
			struct dtrace_aggent *h = (void *)(buf + off);
			uint32_t n = h->size - sizeof(*h);
			struct ent *e = ent_find(h->aggid, h + 1,
						 keylen_of_all);
			unsigned int i;

			if (!e && nents < ARRAY_SIZE(ents) &&
			    n <= sizeof(e->kv)) {
				e = &ents[nents++];
				e->aggid = h->aggid;
				e->size = n;
				memcpy(e->kv, h + 1, n);
			} else if (e) {
				for (i = keylen_of_all; i + 8 <= n; i += 8) {
					uint64_t a, b;

					memcpy(&a, e->kv + i, 8);
					memcpy(&b, (char *)(h + 1) + i, 8);
					a += b;
					memcpy(e->kv + i, &a, 8);
				}
			}
			off += h->size;
		}
	}
	return 0;
}

/* Value word @i of the first entry of @aggid (its key @keylen bytes). */
static uint64_t val(uint32_t aggid, uint32_t keylen, unsigned int i)
{
	unsigned int k;
	uint64_t v;

	for (k = 0; k < nents; k++)
		if (ents[k].aggid == aggid) {
			memcpy(&v, ents[k].kv + keylen + 8 * i, 8);
			return v;
		}
	return 0xdeadbeef;
}

static unsigned int nvals(uint32_t aggid, uint32_t keylen)
{
	unsigned int k;

	for (k = 0; k < nents; k++)
		if (ents[k].aggid == aggid)
			return (ents[k].size - keylen) / 8;
	return 0;
}

/* ------------------------------------------------------------------ */

static void test_aggdef(void)
{
	struct dtrace_ioc_aggdef d;
	struct dtrace_actdesc a;
	struct cons c;
	struct prog *p;

	c_open(&c);
#define BAD(what, stmt) do {						\
		d = aggdef(1, DTRACE_AGG_COUNT);			\
		stmt;							\
		tap_ok(define(&c, &d) == EINVAL,			\
		       "AGGDEF: " what " refused");			\
	} while (0)
	BAD("id 0", d.id = 0);
	BAD("id MAXID", d.id = DTRACE_AGG_MAXID);
	BAD("func 0", d.func = 0);
	BAD("func FUNCMAX", d.func = DTRACE_AGG_FUNCMAX);
	BAD("reserved", d.reserved = 1);
	BAD("nkeys > MAXKEYS", d.nkeys = DTRACE_AGG_MAXKEYS + 1);
	BAD("INT key of size 4", key(&d, DTRACE_AGGKEY_INT, 4));
	BAD("STRING key of size 0", key(&d, DTRACE_AGGKEY_STRING, 0));
	BAD("unknown key kind", key(&d, 7, 8));
	BAD("STACK key of 12 bytes", key(&d, DTRACE_AGGKEY_STACK, 12));
	BAD("USTACK key of 8 bytes", key(&d, DTRACE_AGGKEY_USTACK, 8));
	BAD("key past nkeys", d.keys[3].size = 8);
	BAD("keys over KEYMAX", key(&d, DTRACE_AGGKEY_BYREF, 40000);
	    key(&d, DTRACE_AGGKEY_BYREF, 40000));
	BAD("unknown flag", d.flags = 2);
	BAD("INCR on sum", d.func = DTRACE_AGG_SUM;
	    d.flags = DTRACE_AGGDEF_INCR);
	BAD("params on count", d.params[0] = 1);
	BAD("lquantize step 0", d.func = DTRACE_AGG_LQUANTIZE;
	    d.params[1] = 10);
	BAD("lquantize low >= high", d.func = DTRACE_AGG_LQUANTIZE;
	    d.params[0] = 10; d.params[1] = 10; d.params[2] = 1);
	BAD("lquantize too many levels", d.func = DTRACE_AGG_LQUANTIZE;
	    d.params[1] = 1000000; d.params[2] = 1);
	BAD("llquantize factor 1", d.func = DTRACE_AGG_LLQUANTIZE;
	    d.params[0] = 1; d.params[2] = 2; d.params[3] = 2);
	BAD("llquantize steps not a multiple of factor", d.func = DTRACE_AGG_LLQUANTIZE;
	    d.params[0] = 10; d.params[2] = 2; d.params[3] = 15);
	BAD("llquantize overflow", d.func = DTRACE_AGG_LLQUANTIZE;
	    d.params[0] = 10; d.params[2] = 20; d.params[3] = 10);
#undef BAD

	d = aggdef(1, DTRACE_AGG_COUNT);
	key(&d, DTRACE_AGGKEY_INT, 8);
	tap_ok(define(&c, &d) == 0, "AGGDEF: count[int] defined");
	tap_ok(define(&c, &d) == 0, "AGGDEF: the same again is fine");
	d.func = DTRACE_AGG_SUM;
	tap_ok(define(&c, &d) == EEXIST, "AGGDEF: a different one is EEXIST");

	p = PI();
	push_int(p, 1);
	ret_int(p, 0);
	a = AGG(2, p);
	tap_ok(c_enable(&c, "BEGIN", &a, 1, NULL) == EINVAL,
	       "ENABLE: AGGREGATE of an undefined aggregation refused");
	a = A(DTRACE_ACT_AGGREGATE, p, 0, 8, 1);
	tap_ok(c_enable(&c, "BEGIN", &a, 1, NULL) == EINVAL,
	       "ENABLE: AGGREGATE with a size refused");
	a = AGG(1, p);
	tap_ok(c_enable(&c, "BEGIN", &a, 1, NULL) == 0,
	       "ENABLE: AGGREGATE of aggregation 1");
	tap_ok(go(&c) == 0, "AGGDEF: GO");
	d = aggdef(3, DTRACE_AGG_COUNT);
	tap_ok(define(&c, &d) == EBUSY, "AGGDEF: EBUSY after GO");
	close(c.fd);
}

enum {
	A_COUNT = 1, A_SUM, A_AVG, A_MIN, A_MAX, A_STDDEV, A_QUANT, A_LQUANT,
	A_LLQUANT, A_INCR, A_STDDEV_BIG, A_KEYS, A_NAGGS
};

static void test_values(void)
{
	static const int64_t vals[] = { 0, 1, 3, -2, 100, 1000 };
	static const uint32_t funcs[] = {
		[A_COUNT] = DTRACE_AGG_COUNT, [A_SUM] = DTRACE_AGG_SUM,
		[A_AVG] = DTRACE_AGG_AVG, [A_MIN] = DTRACE_AGG_MIN,
		[A_MAX] = DTRACE_AGG_MAX, [A_STDDEV] = DTRACE_AGG_STDDEV,
		[A_QUANT] = DTRACE_AGG_QUANTIZE,
		[A_LQUANT] = DTRACE_AGG_LQUANTIZE,
		[A_LLQUANT] = DTRACE_AGG_LLQUANTIZE,
		[A_INCR] = DTRACE_AGG_COUNT,
	};
	struct dtrace_actdesc a[A_NAGGS];
	struct dtrace_ioc_aggdef d;
	struct dtrace_ioc_status st;
	unsigned int i, id, ok;
	struct cons c;
	struct prog *p;
	struct {
		uint64_t k;
		char s[16];
	} kkey;
	struct ent *e;

	c_open(&c);
	c_opt(&c, DTRACE_OPT_AGGSIZE, AGGSIZE);
	for (id = A_COUNT; id <= A_INCR; id++) {
		d = aggdef(id, funcs[id]);
		key(&d, DTRACE_AGGKEY_INT, 8);
		if (id == A_LQUANT) {
			d.params[0] = 0;
			d.params[1] = 10;
			d.params[2] = 2;
		} else if (id == A_LLQUANT) {
			d.params[0] = 10;
			d.params[1] = 0;
			d.params[2] = 2;
			d.params[3] = 10;
		} else if (id == A_INCR) {
			d.flags = DTRACE_AGGDEF_INCR;
		}
		define(&c, &d);
	}
	d = aggdef(A_STDDEV_BIG, DTRACE_AGG_STDDEV);
	define(&c, &d);
	d = aggdef(A_KEYS, DTRACE_AGG_COUNT);
	key(&d, DTRACE_AGGKEY_INT, 8);
	key(&d, DTRACE_AGGKEY_STRING, 16);
	tap_ok(define(&c, &d) == 0, "values: aggregations defined");

	/* One clause per value, aggregating it into each function. */
	ok = 1;
	for (i = 0; i < ARRAY_SIZE(vals); i++) {
		for (id = A_COUNT; id <= A_INCR; id++) {
			p = PI();
			push_int(p, 7);
			if (id == A_INCR)
				push_int(p, 5);
			ret_int(p, vals[i]);
			a[id - A_COUNT] = AGG(id, p);
		}
		ok &= c_enable(&c, "BEGIN", a, A_INCR, NULL) == 0;
	}
	for (i = 0; i < 2; i++) {
		p = PI();
		ret_int(p, INT64_MAX);
		a[i] = AGG(A_STDDEV_BIG, p);
	}
	ok &= c_enable(&c, "BEGIN", a, 2, NULL) == 0;
	for (i = 0; i < 3; i++) {
		p = PI();
		push_int(p, i ? 2 : 1);
		push_str(p, i ? "b" : "a");
		ret_int(p, 0);
		a[i] = AGG(A_KEYS, p);
	}
	a[2] = a[0];
	ok &= c_enable(&c, "BEGIN", a, 3, NULL) == 0;
	tap_ok(ok, "values: clauses enabled");
	tap_ok(go(&c) == 0, "values: GO");
	tap_ok(agg_snap_all(&c, 8) == 0, "values: AGGSNAP");

#define VAL(id, i, want) do {						\
		uint64_t got_ = val(id, 8, i);				\
		tap_ok(got_ == (uint64_t)(want), "values: " #id "[" #i	\
		       "] is %lld (%lld)", (long long)(want),		\
		       (long long)got_);				\
	} while (0)
	VAL(A_COUNT, 0, 6);
	VAL(A_SUM, 0, 1102);
	VAL(A_AVG, 0, 6);
	VAL(A_AVG, 1, 1102);
	VAL(A_MIN, 0, -2);
	VAL(A_MAX, 0, 1000);
	VAL(A_STDDEV, 0, 6);
	VAL(A_STDDEV, 1, 1102);
	VAL(A_STDDEV, 2, 1010014);
	VAL(A_STDDEV, 3, 0);
	VAL(A_INCR, 0, 30);
	tap_ok(nvals(A_QUANT, 8) == DTRACE_QUANTIZE_NBUCKETS,
	       "values: quantize has %d buckets", DTRACE_QUANTIZE_NBUCKETS);
	VAL(A_QUANT, 61, 1);	/* -2 */
	VAL(A_QUANT, 63, 1);	/* 0 */
	VAL(A_QUANT, 64, 1);	/* 1 */
	VAL(A_QUANT, 65, 1);	/* 3 */
	VAL(A_QUANT, 70, 1);	/* 100 */
	VAL(A_QUANT, 73, 1);	/* 1000 */
	VAL(A_QUANT, 62, 0);
	tap_ok(nvals(A_LQUANT, 8) == 7, "values: lquantize(0, 10, 2) has 7");
	VAL(A_LQUANT, 0, 1);	/* -2 */
	VAL(A_LQUANT, 1, 2);	/* 0, 1 */
	VAL(A_LQUANT, 2, 1);	/* 3 */
	VAL(A_LQUANT, 6, 2);	/* 100, 1000 */
	tap_ok(nvals(A_LLQUANT, 8) == 57,
	       "values: llquantize(10, 0, 2, 10) has 57");
	VAL(A_LLQUANT, 26, 1);	/* -2 */
	VAL(A_LLQUANT, 27, 0);
	VAL(A_LLQUANT, 28, 1);	/* 0 */
	VAL(A_LLQUANT, 29, 1);	/* 1 */
	VAL(A_LLQUANT, 31, 1);	/* 3 */
	VAL(A_LLQUANT, 47, 1);	/* 100 */
	VAL(A_LLQUANT, 56, 1);	/* 1000 */
	/* 2 * (2^63 - 1)^2 = 2^127 - 2^65 + 2 */
	tap_ok(val(A_STDDEV_BIG, 0, 2) == 2 &&
	       val(A_STDDEV_BIG, 0, 3) == (1ULL << 63) - 2,
	       "values: stddev sum of squares carries into the high word");
#undef VAL

	memset(&kkey, 0, sizeof(kkey));
	kkey.k = 1;
	strcpy(kkey.s, "a");
	e = ent_find(A_KEYS, &kkey, sizeof(kkey));
	tap_ok(e && !memcmp(e->kv + sizeof(kkey), "\2\0\0\0\0\0\0\0", 8),
	       "values: count[1, \"a\"] is 2");
	kkey.k = 2;
	strcpy(kkey.s, "b");
	e = ent_find(A_KEYS, &kkey, sizeof(kkey));
	tap_ok(e && !memcmp(e->kv + sizeof(kkey), "\1\0\0\0\0\0\0\0", 8),
	       "values: count[2, \"b\"] is 1");

	tap_ok(agg_snap_all(&c, 8) == 0 && agg_used == 0,
	       "values: the next AGGSNAP has nothing new");
	memset(&st, 0, sizeof(st));
	st.size = sizeof(st);
	tap_ok(xioctl(c.fd, DTRACEIOC_STATUS, &st) == 0 && !st.aggdrops,
	       "values: no aggregation drops");
	close(c.fd);
}

static void test_drops(void)
{
	struct dtrace_ioc_aggdef d = aggdef(1, DTRACE_AGG_COUNT);
	struct dtrace_ioc_status st;
	struct dtrace_ioc_aggsnap s;
	struct dtrace_actdesc a[3];
	char small[4096];
	struct cons c;
	struct prog *p;
	int i, ret;

	c_open(&c);
	memset(&s, 0, sizeof(s));
	s.size = sizeof(s);
	s.data = (uintptr_t)small;
	s.bufsize = sizeof(small);
	tap_ok(xioctl(c.fd, DTRACEIOC_AGGSNAP, &s) == ENXIO,
	       "drops: AGGSNAP before GO is ENXIO");
	c_opt(&c, DTRACE_OPT_AGGSIZE, DTRACE_AGGSIZE_MIN);
	/* 16 + 2000 + 8 bytes an entry: one fits in 4096 with the heads */
	key(&d, DTRACE_AGGKEY_STRING, 2000);
	define(&c, &d);
	for (i = 0; i < 3; i++) {
		p = PI();
		push_str(p, i == 0 ? "x" : i == 1 ? "y" : "z");
		ret_int(p, 0);
		a[i] = AGG(1, p);
	}
	tap_ok(c_enable(&c, "BEGIN", a, 3, NULL) == 0, "drops: enabled");
	tap_ok(go(&c) == 0, "drops: GO");
	s.bufsize = DTRACE_AGGSIZE_MIN - 8;
	tap_ok(xioctl(c.fd, DTRACEIOC_AGGSNAP, &s) == ENOSPC,
	       "drops: AGGSNAP into too small a buffer is ENOSPC");
	memset(&st, 0, sizeof(st));
	st.size = sizeof(st);
	ret = xioctl(c.fd, DTRACEIOC_STATUS, &st);
	tap_ok(!ret && st.aggdrops == 2, "drops: STATUS.aggdrops is 2 (%llu)",
	       (unsigned long long)st.aggdrops);
	ret = agg_snap_all(&c, 0);
	tap_ok(!ret && agg_drops == 2 && nents == 1,
	       "drops: AGGSNAP has 1 entry and 2 drops (%u, %llu)", nents,
	       (unsigned long long)agg_drops);
	close(c.fd);
}

static void test_faults(void)
{
	struct dtrace_ioc_aggdef d = aggdef(1, DTRACE_AGG_SUM);
	struct dtrace_actdesc a;
	uint32_t ep[3];
	struct cons c;
	struct prog *p;

	c_open(&c);
	c_opt(&c, DTRACE_OPT_AGGSIZE, AGGSIZE);
	key(&d, DTRACE_AGGKEY_INT, 8);
	define(&c, &d);
	enable_error(&c);
	p = PI();
	ret_int(p, 1);		/* no key */
	a = AGG(1, p);
	c_enable(&c, "BEGIN", &a, 1, &ep[0]);
	p = PI();
	push_str(p, "s");	/* a string for the int key */
	ret_int(p, 1);
	a = AGG(1, p);
	c_enable(&c, "BEGIN", &a, 1, &ep[1]);
	p = PI();
	push_int(p, 1);
	push_int(p, 2);		/* one too many */
	ret_int(p, 1);
	a = AGG(1, p);
	c_enable(&c, "BEGIN", &a, 1, &ep[2]);
	tap_ok(go(&c) == 0, "faults: GO");
	c_snap_all(&c);
	tap_ok(fault_of(ep[0], NULL) == DTRACEFLT_ILLOP,
	       "faults: a missing key is ILLOP");
	tap_ok(fault_of(ep[1], NULL) == DTRACEFLT_ILLOP,
	       "faults: a string for an int key is ILLOP");
	tap_ok(fault_of(ep[2], NULL) == DTRACEFLT_ILLOP,
	       "faults: an extra key is ILLOP");
	tap_ok(agg_snap_all(&c, 8) == 0 && nents == 0,
	       "faults: nothing aggregated");
	close(c.fd);
}

/* count() by cpu on profile-199: each CPU's snapshot holds its own key. */
static void test_percpu(void)
{
	static char buf[AGGSIZE];
	struct dtrace_ioc_aggdef d = aggdef(1, DTRACE_AGG_COUNT);
	long ncpu = sysconf(_SC_NPROCESSORS_CONF), cpu;
	uint64_t total = 0;
	uint32_t nmatched;
	struct dtrace_actdesc a;
	struct cons c;
	struct prog *p;
	int ok = 1;

	c_open(&c);
	c_opt(&c, DTRACE_OPT_AGGSIZE, AGGSIZE);
	key(&d, DTRACE_AGGKEY_INT, 8);
	define(&c, &d);
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 9, 0, 0, DTRACE_DIF_VAR_CPU);
	E(p, DTRACE_DIF_OP_PUSHTV, 0, 9, 0, 0);
	ret_int(p, 0);
	a = AGG(1, p);
	if (c_enable_on(&c, "profile", "profile-199", &a, 1, NULL, &nmatched) ||
	    !nmatched) {
		tap_skip("per-CPU", "no profile provider");
		close(c.fd);
		return;
	}
	tap_ok(go(&c) == 0, "per-CPU: GO");
	usleep(300 * 1000);
	for (cpu = 0; cpu < ncpu; cpu++) {
		struct dtrace_ioc_aggsnap s = {
			.size = sizeof(s), .cpu = cpu,
			.data = (uintptr_t)buf, .bufsize = sizeof(buf),
		};
		uint64_t off = 0;

		ok &= xioctl(c.fd, DTRACEIOC_AGGSNAP, &s) == 0;
		while (ok && off < s.used) {
			struct dtrace_aggent *h = (void *)(buf + off);
			uint64_t kv[2];

			memcpy(kv, h + 1, sizeof(kv));
			ok = h->aggid == 1 && h->size == 32 &&
			     kv[0] == (uint64_t)cpu;
			total += kv[1];
			off += h->size;
		}
	}
	tap_ok(ok && total > 0,
	       "per-CPU: every CPU's entries are its own (%llu firings)",
	       (unsigned long long)total);
	close(c.fd);
}

int main(void)
{
	tap_plan();
	test_aggdef();
	test_values();
	test_drops();
	test_faults();
	test_percpu();
	return tap_finish();
}
