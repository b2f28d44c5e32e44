// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations on the consumer side, with no kernel and no compiler:
 * struct dt_agg entries built by hand, synthetic DTRACEIOC_AGGSNAP
 * output (struct dtrace_aggent + key + values) merged as two CPUs'
 * snapshots, and the exact text of every layout: each function,
 * quantize with negative values and zero, lquantize and llquantize
 * bounds, keys of each kind, printa() formats joined on keys, sorting
 * options, trunc, clear, normalize; then the statements and records of
 * issue 4 through dt_consume_buffer(), drops, -x temporal, flowindent
 * and -O json.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>
#include "dt_agg.h"
#include "dt_compile.h"
#include "dt_printf.h"
#include "helpers.h"
#include "tap.h"

/* A synthetic AGGSNAP buffer. */
struct abuf {
	uint64_t w[8192];
	size_t len;		/* bytes */
};

struct kspec {
	enum dt_rec_kind kind;
	uint32_t size;		/* bytes of the slot */
	bool is_signed;
};

static struct dt_agg *agg_new(dtrace_hdl_t *dtp, const char *name,
			      uint32_t func, const int64_t *params,
			      const struct kspec *keys, unsigned int nkeys)
{
	struct dt_agg *agg = calloc(1, sizeof(*agg));
	uint32_t off = 0;
	unsigned int i;

	if (dtp->naggs == 0)
		dtp->naggs = 1;
	dtp->aggs = realloc(dtp->aggs, (dtp->naggs + 1) * sizeof(*dtp->aggs));
	dtp->aggs[0] = NULL;
	agg->id = dtp->naggs;
	dtp->aggs[dtp->naggs++] = agg;
	agg->name = strdup(name);
	agg->def.func = func;
	for (i = 0; params && i < 4; i++)
		agg->def.params[i] = params[i];
	for (i = 0; i < nkeys; i++) {
		agg->keys[i].kind = keys[i].kind;
		agg->keys[i].offset = off;
		agg->keys[i].size = keys[i].size;
		agg->keys[i].is_signed = keys[i].is_signed;
		off += DT_ALIGN(keys[i].size, 8);
	}
	agg->nkeys = nkeys;
	agg->keysize = off;
	switch (func) {
	case DTRACE_AGG_AVG:
		agg->nvals = 2;
		break;
	case DTRACE_AGG_STDDEV:
		agg->nvals = 4;
		break;
	case DTRACE_AGG_QUANTIZE:
		agg->nvals = DTRACE_QUANTIZE_NBUCKETS;
		break;
	case DTRACE_AGG_LQUANTIZE:
	case DTRACE_AGG_LLQUANTIZE:
		agg->nvals = dt_agg_nvals(&agg->def);
		break;
	default:
		agg->nvals = 1;
		break;
	}
	return agg;
}

/* An entry of @agg: @key (keysize bytes), then @vals. */
static void ent_add(struct abuf *b, const struct dt_agg *agg, const void *key,
		    const uint64_t *vals)
{
	struct dtrace_aggent h = { .aggid = agg->id };
	char *p = (char *)b->w + b->len;

	h.size = sizeof(h) + agg->keysize + agg->nvals * 8;
	memcpy(p, &h, sizeof(h));
	memcpy(p + sizeof(h), key, agg->keysize);
	memcpy(p + sizeof(h) + agg->keysize, vals, agg->nvals * 8);
	b->len += h.size;
}

/* Scalar entry keyed by one string. */
static void ent_str(struct abuf *b, const struct dt_agg *agg, const char *k,
		    uint64_t v)
{
	char key[64] = { 0 };

	strncpy(key, k, sizeof(key) - 1);
	ent_add(b, agg, key, &v);
}

static void merge(dtrace_hdl_t *dtp, struct abuf *b)
{
	if (dt_agg_merge(dtp, (const char *)b->w, b->len))
		tap_diag("merge: %s", dtrace_errmsg(dtp, dtrace_errno(dtp)));
	b->len = 0;
}

/* The text of dtrace_aggregate_print(); every aggregation unprinted. */
static const char *print_all(dtrace_hdl_t *dtp)
{
	static char out[16384];
	char *s = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&s, &len);
	unsigned int i;

	for (i = 1; i < dtp->naggs; i++)
		dtp->aggs[i]->printed = false;
	if (dtrace_aggregate_print(dtp, fp))
		snprintf(out, sizeof(out), "error");
	fclose(fp);
	snprintf(out, sizeof(out), "%s", s ? s : "");
	free(s);
	return out;
}

/* Throw every aggregation away. */
static void aggs_reset(dtrace_hdl_t *dtp)
{
	unsigned int i;

	for (i = 1; i < dtp->naggs; i++) {
		dt_agg_data_free(dtp->aggs[i]);
		free(dtp->aggs[i]->name);
		free(dtp->aggs[i]);
	}
	free(dtp->aggs);
	dtp->aggs = NULL;
	dtp->naggs = 0;
}

static const struct kspec k_str = { DT_REC_STRING, 32, false };
static const struct kspec k_i8 = { DT_REC_INT, 8, true };

static void test_agg_functions(dtrace_hdl_t *dtp)
{
	struct abuf b = { .len = 0 };
	struct dt_agg *a;
	uint64_t v[4];

	a = agg_new(dtp, "", DTRACE_AGG_COUNT, NULL, NULL, 0);
	v[0] = 3;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	v[0] = 4;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp), "                7\n",
		   "agg: count() of two CPUs merged");
	aggs_reset(dtp);

	a = agg_new(dtp, "m", DTRACE_AGG_MIN, NULL, NULL, 0);
	v[0] = (uint64_t)-5;
	ent_add(&b, a, "", v);
	v[0] = 3;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp), "               -5\n", "agg: min()");
	aggs_reset(dtp);

	a = agg_new(dtp, "m", DTRACE_AGG_MAX, NULL, NULL, 0);
	v[0] = (uint64_t)-5;
	ent_add(&b, a, "", v);
	v[0] = 3;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp), "                3\n", "agg: max()");
	aggs_reset(dtp);

	a = agg_new(dtp, "s", DTRACE_AGG_SUM, NULL, NULL, 0);
	v[0] = (uint64_t)-10;
	ent_add(&b, a, "", v);
	v[0] = 3;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp), "               -7\n", "agg: sum()");
	aggs_reset(dtp);

	/* avg of 1, 2, 2, 2, 3, 5 = 15 / 6: 2 (truncated) */
	a = agg_new(dtp, "a", DTRACE_AGG_AVG, NULL, NULL, 0);
	v[0] = 4;
	v[1] = 7;
	ent_add(&b, a, "", v);
	v[0] = 2;
	v[1] = 8;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp), "                2\n", "agg: avg()");
	aggs_reset(dtp);

	/* 2 4 4 4 5 5 7 9: mean 5, population stddev 2 */
	a = agg_new(dtp, "d", DTRACE_AGG_STDDEV, NULL, NULL, 0);
	v[0] = 4;
	v[1] = 14;
	v[2] = 4 + 16 * 3;
	v[3] = 0;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	v[0] = 4;
	v[1] = 26;
	v[2] = 25 * 2 + 49 + 81;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp), "                2\n", "agg: stddev()");
	/* a sum of squares past 64 bits carries into the high word */
	dt_agg_data_free(a);
	v[0] = 2;
	v[1] = 0;
	v[2] = 0xfffffffffffffff0ULL;
	v[3] = 0;
	ent_add(&b, a, "", v);
	v[2] = 0x20;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	/* q = 2^64 + 16 over 4 values summing 0: sqrt(q / 4) = 2^31 */
	tap_is_str(print_all(dtp), "       2147483648\n",
		   "agg: stddev() sum of squares as u128");
	aggs_reset(dtp);
}

static void test_agg_keys(dtrace_hdl_t *dtp)
{
	static const struct kspec k_i4 = { DT_REC_INT, 4, true };
	static const struct kspec k_u8 = { DT_REC_INT, 8, false };
	static const struct kspec k_u1 = { DT_REC_INT, 1, false };
	struct abuf b = { .len = 0 };
	struct kspec two[2] = { k_str, k_i8 };
	uint64_t key[8];
	struct dt_agg *a;
	uint64_t v;

	a = agg_new(dtp, "c", DTRACE_AGG_COUNT, NULL, &k_str, 1);
	ent_str(&b, a, "bash", 5);
	ent_str(&b, a, "sshd", 1);
	ent_str(&b, a, "cron", 1);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "  cron                                                              1\n"
		   "  sshd                                                              1\n"
		   "  bash                                                              5\n",
		   "agg: string keys, by value then key");
	aggs_reset(dtp);

	a = agg_new(dtp, "c", DTRACE_AGG_SUM, NULL, &k_i4, 1);
	key[0] = (uint32_t)-3;
	v = 10;
	ent_add(&b, a, key, &v);
	key[0] = 7;
	v = 20;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "       -3               10\n"
		   "        7               20\n",
		   "agg: int keys as trace() prints them");
	aggs_reset(dtp);

	a = agg_new(dtp, "c", DTRACE_AGG_COUNT, NULL, &k_u8, 1);
	key[0] = (uint64_t)-1;
	v = 1;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	a = agg_new(dtp, "d", DTRACE_AGG_COUNT, NULL, &k_u1, 1);
	key[0] = 200;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   " 18446744073709551615                1\n"
		   " 200                1\n",
		   "agg: unsigned keys, 8 and 1 bytes; aggregations in id order");
	aggs_reset(dtp);

	a = agg_new(dtp, "c", DTRACE_AGG_COUNT, NULL, two, 2);
	memset(key, 0, sizeof(key));
	strcpy((char *)key, "b");
	key[4] = 1;
	v = 2;
	ent_add(&b, a, key, &v);
	strcpy((char *)key, "a");
	key[4] = 2;
	ent_add(&b, a, key, &v);
	key[4] = 1;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "  a                                                                 1                2\n"
		   "  a                                                                 2                2\n"
		   "  b                                                                 1                2\n",
		   "agg: two keys, ties by the first key then the second");
	dtp->opt.aggsortkeypos = 1;
	tap_is_str(print_all(dtp),
		   "  a                                                                 1                2\n"
		   "  b                                                                 1                2\n"
		   "  a                                                                 2                2\n",
		   "agg: aggsortkeypos=1 compares the second key first");
	dtp->opt.aggsortkeypos = 0;
	dtp->opt.aggsortrev = true;
	tap_is_str(print_all(dtp),
		   "  b                                                                 1                2\n"
		   "  a                                                                 2                2\n"
		   "  a                                                                 1                2\n",
		   "agg: aggsortrev");
	dtp->opt.aggsortrev = false;
	aggs_reset(dtp);

	a = agg_new(dtp, "c", DTRACE_AGG_COUNT, NULL, &k_str, 1);
	ent_str(&b, a, "b", 1);
	ent_str(&b, a, "a", 9);
	merge(dtp, &b);
	dtp->opt.aggsortkey = true;
	tap_is_str(print_all(dtp),
		   "  a                                                                 9\n"
		   "  b                                                                 1\n",
		   "agg: aggsortkey sorts by key first");
	aggs_reset(dtp);

	/* integer keys sort as unsigned numbers, as DTrace's do */
	a = agg_new(dtp, "c", DTRACE_AGG_SUM, NULL, &k_i8, 1);
	ent_add(&b, a, (int64_t[]){ -1 }, (uint64_t[]){ 1 });
	ent_add(&b, a, (int64_t[]){ 2 }, (uint64_t[]){ 2 });
	ent_add(&b, a, (int64_t[]){ 0 }, (uint64_t[]){ 3 });
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "                0                3\n"
		   "                2                2\n"
		   "               -1                1\n",
		   "agg: aggsortkey: -1 sorts after 2 (unsigned)");
	dtp->opt.aggsortkey = false;
	aggs_reset(dtp);
}

static void test_agg_symkeys(dtrace_hdl_t *dtp0)
{
	static const struct kspec k_sym = { DT_REC_KSYM, 8, false };
	static const struct kspec k_stack = { DT_REC_STACK, 24, false };
	char path[] = "/tmp/dtrace-aggsyms-XXXXXX";
	struct abuf b = { .len = 0 };
	dtrace_hdl_t *dtp;
	struct dt_agg *a;
	uint64_t key[3], v = 4;
	FILE *fp;
	int fd;

	(void)dtp0;
	fd = mkstemp(path);
	fp = fdopen(fd, "w");
	fputs("ffffffff81000100 T ksys_read\n"
	      "ffffffffc0001000 t mod_func\t[dtrace_test]\n", fp);
	fclose(fp);
	setenv("DTRACE_KALLSYMS", path, 1);
	dtp = t_open();

	a = agg_new(dtp, "f", DTRACE_AGG_COUNT, NULL, &k_sym, 1);
	a->keys[0].symfmt = DT_SYM_FUNC;
	key[0] = 0xffffffff81000104ULL;
	ent_add(&b, a, key, &v);
	key[0] = 0x10;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "  0x10                                                              4\n"
		   "  vmlinux`ksys_read                                                 4\n",
		   "agg: func() key without offset; unknown as hex; by address");
	a->keys[0].symfmt = DT_SYM_MOD;
	tap_is_str(print_all(dtp),
		   "  0x10                                                              4\n"
		   "  vmlinux                                                           4\n",
		   "agg: mod() key");
	aggs_reset(dtp);

	/* two addresses in one function are one func() key, as in DTrace */
	a = agg_new(dtp, "f", DTRACE_AGG_COUNT, NULL, &k_sym, 1);
	a->keys[0].symfmt = DT_SYM_FUNC;
	key[0] = 0xffffffff81000104ULL;
	ent_add(&b, a, key, &v);
	key[0] = 0xffffffff81000120ULL;
	ent_add(&b, a, key, &v);
	key[0] = 0x10;
	ent_add(&b, a, key, &v);
	key[0] = 0x20;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "  0x10                                                              4\n"
		   "  0x20                                                              4\n"
		   "  vmlinux`ksys_read                                                 8\n",
		   "agg: func() keys of one function merge; unknown addresses do not");
	aggs_reset(dtp);
	a = agg_new(dtp, "g", DTRACE_AGG_COUNT, NULL, &k_sym, 1);
	a->keys[0].symfmt = DT_SYM_FUNC;
	key[0] = 0xffffffff81000130ULL;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	key[0] = 0xffffffff81000104ULL;
	tap_ok(dt_aggent_find(a, (const char *)key) != NULL,
	       "agg: another aggregation's func() key of that function is the same");
	aggs_reset(dtp);
	a = agg_new(dtp, "m", DTRACE_AGG_COUNT, NULL, &k_sym, 1);
	a->keys[0].symfmt = DT_SYM_MOD;
	key[0] = 0xffffffffc0001010ULL;
	ent_add(&b, a, key, &v);
	key[0] = 0xffffffff81000104ULL;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	key[0] = 0xffffffff81000200ULL;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "  dtrace_test                                                       4\n"
		   "  vmlinux                                                           8\n",
		   "agg: mod() keys of one module merge, across snapshots");
	aggs_reset(dtp);

	a = agg_new(dtp, "s", DTRACE_AGG_COUNT, NULL, &k_stack, 1);
	key[0] = 0xffffffffc0001010ULL;
	key[1] = 0xffffffff81000100ULL;
	key[2] = 0;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n"
		   "              dtrace_test`mod_func+0x10\n"
		   "              vmlinux`ksys_read\n"
		   "                4\n",
		   "agg: stack() key as stack() prints it");
	aggs_reset(dtp);
	dtrace_close(dtp);
	unsetenv("DTRACE_KALLSYMS");
	unlink(path);
}

/*
 * ufunc(), usym() and umod() keys of two processes that print alike are
 * one entry (samples of one program in several processes, as DTrace);
 * the child is a fork, so the same addresses name the same symbols.
 */
static void test_agg_usymkeys(dtrace_hdl_t *dtp)
{
	static const struct kspec k_usym = { DT_REC_USYM, 16, false };
	struct abuf b = { .len = 0 };
	uint64_t key[2], v = 4;
	struct dt_agg *a;
	pid_t child;

	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	a = agg_new(dtp, "u", DTRACE_AGG_COUNT, NULL, &k_usym, 1);
	a->keys[0].symfmt = DT_SYM_FUNC;
	key[0] = (uint64_t)getpid();
	key[1] = (uint64_t)(uintptr_t)test_agg_usymkeys + 3;
	ent_add(&b, a, key, &v);
	key[0] = (uint64_t)child;
	key[1] = (uint64_t)(uintptr_t)test_agg_usymkeys + 9;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "  unit`test_agg_usymkeys                                            8\n",
		   "agg: ufunc() keys of one function in two processes merge");
	aggs_reset(dtp);
	a = agg_new(dtp, "m", DTRACE_AGG_COUNT, NULL, &k_usym, 1);
	a->keys[0].symfmt = DT_SYM_MOD;
	key[0] = (uint64_t)getpid();
	key[1] = (uint64_t)(uintptr_t)test_agg_usymkeys;
	ent_add(&b, a, key, &v);
	key[0] = (uint64_t)child;
	key[1] = (uint64_t)(uintptr_t)test_agg_symkeys;
	ent_add(&b, a, key, &v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "  unit                                                              8\n",
		   "agg: umod() keys of one object in two processes merge");
	aggs_reset(dtp);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
}

#define HDR "           value  ------------- Distribution ------------- count    \n"

static void test_agg_hist(dtrace_hdl_t *dtp)
{
	static const int64_t lq[4] = { 0, 10, 5, 0 };
	static const int64_t llq[4] = { 10, 0, 1, 10 };
	uint64_t v[1024] = { 0 };
	struct abuf b = { .len = 0 };
	struct dt_agg *a;
	unsigned int z = DTRACE_QUANTIZE_ZEROBUCKET;

	a = agg_new(dtp, "q", DTRACE_AGG_QUANTIZE, NULL, NULL, 0);
	v[z + 1] = 1;		/* 1 */
	v[z + 3] = 3;		/* 4..7 */
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "               0 |                                         0        \n"
		   "               1 |@@@@@@@@@@                               1        \n"
		   "               2 |                                         0        \n"
		   "               4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
		   "               8 |                                         0        \n"
		   "\n",
		   "agg: quantize()");
	dtp->opt.aggzoom = true;
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "               0 |                                         0        \n"
		   "               1 |@@@@@@@@@@@@@                            1        \n"
		   "               2 |                                         0        \n"
		   "               4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 3        \n"
		   "               8 |                                         0        \n"
		   "\n",
		   "agg: quantize() with aggzoom");
	dtp->opt.aggzoom = false;
	aggs_reset(dtp);

	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "q", DTRACE_AGG_QUANTIZE, NULL, NULL, 0);
	v[z - 2] = 1;		/* -2, -3 */
	v[z] = 2;		/* 0 */
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "              -4 |                                         0        \n"
		   "              -2 |@@@@@@@@@@@@@                            1        \n"
		   "              -1 |                                         0        \n"
		   "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@              2        \n"
		   "               1 |                                         0        \n"
		   "\n",
		   "agg: quantize() of negative values and zero");
	aggs_reset(dtp);

	/* counts below zero (a negative increment): the bars turn left */
	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "q", DTRACE_AGG_QUANTIZE, NULL, NULL, 0);
	v[z + 1] = (uint64_t)-2;	/* 1 */
	v[z + 2] = (uint64_t)-2;	/* 2..3 */
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "               0                                         | 0        \n"
		   "               1                     @@@@@@@@@@@@@@@@@@@@| -2       \n"
		   "               2                     @@@@@@@@@@@@@@@@@@@@| -2       \n"
		   "               4                                         | 0        \n"
		   "\n",
		   "agg: quantize() with negative counts only");
	aggs_reset(dtp);
	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "q", DTRACE_AGG_QUANTIZE, NULL, NULL, 0);
	v[z - 1] = (uint64_t)-1;	/* -1 */
	v[z] = (uint64_t)-1;		/* 0 */
	v[z + 1] = 2;			/* 1 */
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "              -2                     |                     0        \n"
		   "              -1                @@@@@|                     -1       \n"
		   "               0                @@@@@|                     -1       \n"
		   "               1                     |@@@@@@@@@@           2        \n"
		   "               2                     |                     0        \n"
		   "\n",
		   "agg: quantize() with counts of both signs: 20 columns a side");
	aggs_reset(dtp);
	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "q", DTRACE_AGG_QUANTIZE, NULL, NULL, 0);
	v[z + 1] = (uint64_t)INT64_MAX;		/* 1 */
	v[z + 2] = (uint64_t)INT64_MAX / 2;	/* 2 */
	v[z + 3] = (uint64_t)INT64_MIN;		/* 4 */
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "               0                     |                     0        \n"
		   "               1                     |@@@@@@@@             9223372036854775807\n"
		   "               2                     |@@@@                 4611686018427387903\n"
		   "               4             @@@@@@@@|                     -9223372036854775808\n"
		   "               8                     |                     0        \n"
		   "\n",
		   "agg: quantize() counts that add up past 64 bits");
	aggs_reset(dtp);

	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "l", DTRACE_AGG_LQUANTIZE, lq, NULL, 0);
	tap_is_int(a->nvals, 4, "agg: lquantize(0, 10, 5) has 4 buckets");
	v[0] = 1;
	v[3] = 3;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "             < 0 |@@@@@@@@@@                               1        \n"
		   "               0 |                                         0        \n"
		   "               5 |                                         0        \n"
		   "           >= 10 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
		   "\n",
		   "agg: lquantize() < and >= rows");
	aggs_reset(dtp);

	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "ll", DTRACE_AGG_LLQUANTIZE, llq, NULL, 0);
	tap_is_int(a->nvals, 39, "agg: llquantize(10, 0, 1, 10) has 39 buckets");
	v[20] = 2;		/* 1 */
	v[33] = 2;		/* 50 */
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "               0 |                                         0        \n"
		   "               1 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
		   "               2 |                                         0        \n"
		   "               3 |                                         0        \n"
		   "               4 |                                         0        \n"
		   "               5 |                                         0        \n"
		   "               6 |                                         0        \n"
		   "               7 |                                         0        \n"
		   "               8 |                                         0        \n"
		   "               9 |                                         0        \n"
		   "              10 |                                         0        \n"
		   "              20 |                                         0        \n"
		   "              30 |                                         0        \n"
		   "              40 |                                         0        \n"
		   "              50 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
		   "              60 |                                         0        \n"
		   "\n",
		   "agg: llquantize(): 0 is the bucket below 1");
	aggs_reset(dtp);
	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "ll", DTRACE_AGG_LLQUANTIZE, llq, NULL, 0);
	v[0] = 1;		/* <= -100 */
	v[14] = 1;		/* -5 */
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_is_str(print_all(dtp),
		   "\n" HDR
		   "         <= -100 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
		   "             -90 |                                         0        \n"
		   "             -80 |                                         0        \n"
		   "             -70 |                                         0        \n"
		   "             -60 |                                         0        \n"
		   "             -50 |                                         0        \n"
		   "             -40 |                                         0        \n"
		   "             -30 |                                         0        \n"
		   "             -20 |                                         0        \n"
		   "             -10 |                                         0        \n"
		   "              -9 |                                         0        \n"
		   "              -8 |                                         0        \n"
		   "              -7 |                                         0        \n"
		   "              -6 |                                         0        \n"
		   "              -5 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
		   "              -4 |                                         0        \n"
		   "\n",
		   "agg: llquantize(): negative values mirror the positive buckets");
	aggs_reset(dtp);
	memset(v, 0, sizeof(v));
	a = agg_new(dtp, "ll", DTRACE_AGG_LLQUANTIZE, llq, NULL, 0);
	v[38] = 1;
	ent_add(&b, a, "", v);
	merge(dtp, &b);
	tap_ok(strstr(print_all(dtp),
		      "          >= 100 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n") != NULL,
	       "agg: llquantize() >= factor^(high+1) row");
	aggs_reset(dtp);
}

/* A DT_STMT_PRINTA statement over @ids with @fmt, run directly. */
static const char *printa(dtrace_hdl_t *dtp, const char *fmt,
			  uint32_t *ids, unsigned int n)
{
	static char out[8192];
	struct dt_stmt st = { .kind = DT_STMT_PRINTA, .aggs = ids,
			      .naggs = n };
	struct dt_strbuf sb = { 0 };
	char err[128];

	if (fmt)
		st.fmt = dt_printf_parse(fmt, err, sizeof(err));
	if (fmt && !st.fmt) {
		snprintf(out, sizeof(out), "parse: %s", err);
		return out;
	}
	if (dt_printa(dtp, &st, &sb))
		snprintf(out, sizeof(out), "error");
	else
		snprintf(out, sizeof(out), "%s", sb.s ? sb.s : "");
	dt_strbuf_free(&sb);
	dt_printf_free(st.fmt);
	return out;
}

static void test_agg_printa(dtrace_hdl_t *dtp)
{
	struct abuf b = { .len = 0 };
	struct dt_agg *a, *s, *q;
	uint32_t ids[3];
	uint64_t v[DTRACE_QUANTIZE_NBUCKETS] = { 0 };
	char key[32] = "x";

	a = agg_new(dtp, "a", DTRACE_AGG_COUNT, NULL, &k_str, 1);
	s = agg_new(dtp, "b", DTRACE_AGG_SUM, NULL, &k_str, 1);
	q = agg_new(dtp, "q", DTRACE_AGG_QUANTIZE, NULL, &k_str, 1);
	ent_str(&b, a, "x", 2);
	ent_str(&b, a, "y", 1);
	ent_str(&b, s, "x", 300);
	v[DTRACE_QUANTIZE_ZEROBUCKET + 1] = 1;
	ent_add(&b, q, key, v);
	merge(dtp, &b);
	ids[0] = a->id;
	ids[1] = s->id;
	ids[2] = q->id;

	tap_is_str(printa(dtp, "%s %@d\n", ids, 1), "y 1\nx 2\n",
		   "printa: format over one aggregation");
	tap_ok(a->printed, "printa: marks the aggregation printed");
	tap_is_str(printa(dtp, "%-3s|%@5d|%@-5u|\n", ids, 2),
		   "y  |    1|0    |\nx  |    2|300  |\n",
		   "printa: two aggregations joined on keys, 0 where missing");
	dtp->opt.aggsortpos = 1;
	tap_is_str(printa(dtp, "%s %@d %@d\n", ids, 2), "y 1 0\nx 2 300\n",
		   "printa: aggsortpos=1 sorts by the second's value");
	dtp->opt.aggsortpos = 0;
	{
		uint32_t rev[2] = { s->id, a->id };
		static const int64_t lq[4] = { -10, 10, 1, 0 };
		struct dt_agg *l = agg_new(dtp, "le", DTRACE_AGG_LQUANTIZE, lq,
					   &k_str, 1);
		uint32_t three[3] = { s->id, a->id, l->id };

		tap_is_str(printa(dtp, "%s|%@d|%@d\n", rev, 2),
			   "y|0|1\nx|300|2\n",
			   "printa: every key of every aggregation named, 0 where one has none");
		tap_is_str(printa(dtp, "%s|%@d|%@d|%@d", three, 3),
			   "y|0|1|\n" HDR
			   "           < -10 |                                         0        \n"
			   "             -10 |                                         0        \n"
			   "              -9 |                                         0        \n"
			   "x|300|2|\n" HDR
			   "           < -10 |                                         0        \n"
			   "             -10 |                                         0        \n"
			   "              -9 |                                         0        \n",
			   "printa: an empty lquantize() shows its first three rows");
	}
	tap_is_str(printa(dtp, "%@x\n", ids, 1), "1\n2\n",
		   "printa: fewer conversions than keys");
	tap_is_str(printa(dtp, "%s %@u %4@d|%@-3d|\n", ids, 1),
		   "y 1    1|1  |\nx 2    2|2  |\n",
		   "printa: with one aggregation every %@ is its value; %4@d is %@4d");
	tap_is_str(printa(dtp, "%s:%@d", ids + 2, 1),
		   "x:\n" HDR
		   "               0 |                                         0        \n"
		   "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
		   "               2 |                                         0        \n",
		   "printa: %%@d of a quantize() is its histogram");
	tap_is_str(printa(dtp, NULL, ids, 1),
		   "\n"
		   "  y                                                                 1\n"
		   "  x                                                                 2\n",
		   "printa: no format is the default layout");
	tap_is_str(printa(dtp, "%@s\n", ids, 1),
		   "parse: printf( ) conversion #1 is invalid: %@s is not a supported aggregation conversion",
		   "printa: %%@s refused");

	/* normalize, denormalize, clear, trunc */
	ent_str(&b, a, "z", 8);
	merge(dtp, &b);
	dt_agg_normalize(a, 2);
	tap_is_str(printa(dtp, "%s %@d\n", ids, 1), "y 0\nx 1\nz 4\n",
		   "normalize(@, 2)");
	dt_agg_normalize(a, 1);
	tap_is_str(printa(dtp, "%s %@d\n", ids, 1), "y 1\nx 2\nz 8\n",
		   "denormalize(@)");
	dt_agg_trunc(dtp, a, false, 2);
	tap_is_str(printa(dtp, "%s %@d\n", ids, 1), "x 2\nz 8\n",
		   "trunc(@, 2) keeps the 2 largest");
	ent_str(&b, a, "y", 1);
	merge(dtp, &b);
	dt_agg_trunc(dtp, a, false, -1);
	tap_is_str(printa(dtp, "%s %@d\n", ids, 1), "y 1\n",
		   "trunc(@, -1) keeps the smallest");
	ent_str(&b, a, "y", 1);
	ent_str(&b, a, "w", 5);
	merge(dtp, &b);
	dt_agg_clear(a);
	tap_is_str(printa(dtp, "%s %@d\n", ids, 1), "w 0\ny 0\n",
		   "clear(@) zeroes values, keeps keys");
	dt_agg_trunc(dtp, a, true, 0);
	tap_is_str(printa(dtp, "%s %@d\n", ids, 1), "",
		   "trunc(@) removes every entry");
	aggs_reset(dtp);
}

static void test_agg_json(dtrace_hdl_t *dtp)
{
	static const int64_t lq[4] = { 0, 10, 5, 0 };
	struct abuf b = { .len = 0 };
	uint64_t v[8] = { 0 };
	struct dt_agg *a, *l;

	a = agg_new(dtp, "a", DTRACE_AGG_COUNT, NULL, &k_str, 1);
	l = agg_new(dtp, "l", DTRACE_AGG_LQUANTIZE, lq, NULL, 0);
	ent_str(&b, a, "say \"hi\"", 2);
	v[0] = 1;
	v[2] = 2;
	ent_add(&b, l, "", v);
	merge(dtp, &b);
	dtp->opt.oformat = DT_OFORMAT_JSON;
	tap_is_str(print_all(dtp),
		   "{\"aggregation\":\"a\",\"keys\":[\"say \\\"hi\\\"\"],\"value\":2}\n"
		   "{\"aggregation\":\"l\",\"keys\":[],\"buckets\":[{\"value\":0,\"count\":1,\"below\":true},{\"value\":5,\"count\":2}]}\n",
		   "json: aggregation entries");
	dtp->opt.oformat = DT_OFORMAT_TEXT;
	aggs_reset(dtp);
}

/* Records through dt_consume_buffer(), as in test_consume.c. */
/* An id list a clause owns (dt_clause_free() frees it). */
static uint32_t *owned_id(uint32_t id)
{
	uint32_t *p = malloc(sizeof(*p));

	*p = id;
	return p;
}

/* A clause of one statement over one record of @kind and @size. */
static struct dt_clause *clause1(dtrace_hdl_t *dtp, enum dt_stmt_kind kind,
				 enum dt_rec_kind rk, uint32_t size)
{
	struct dt_clause *cl = dt_clause_alloc();

	cl->recs = calloc(1, sizeof(*cl->recs));
	cl->stmts = calloc(1, sizeof(*cl->stmts));
	cl->recs[0].kind = rk;
	cl->recs[0].size = size;
	cl->recs[0].is_signed = true;
	cl->nacts = size ? 1 : 0;
	cl->datasize = size;
	cl->stmts[0].kind = kind;
	cl->stmts[0].nrecs = size ? 1 : 0;
	cl->nstmts = 1;
	dt_clause_register(dtp, cl);
	return cl;
}

static const char *consume(dtrace_hdl_t *dtp, int cpu, struct t_rbuf *b)
{
	static char out[4096];
	char *s = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&s, &len);
	int ret = dt_consume_buffer(dtp, fp, cpu, b->data, b->len);

	fclose(fp);
	snprintf(out, sizeof(out), "%s", ret ? "error" : s);
	free(s);
	b->len = 0;
	return out;
}

static char drops[512];

static int on_drop(const dtrace_dropdata_t *d, void *arg)
{
	(void)arg;
	strncat(drops, d->msg, sizeof(drops) - strlen(drops) - 2);
	strcat(drops, "|");
	return 0;
}

static void test_agg_stmts(void)
{
	dtrace_hdl_t *dtp = t_open();
	struct dt_clause *cp, *cc, *ct, *cs, *ctr;
	struct t_rbuf b = { .len = 0 };
	struct abuf ab = { .len = 0 };
	struct dt_agg *a;
	uint32_t id;
	uint64_t *u;
	char *s;

	dtp->opt.errtags = false;
	a = agg_new(dtp, "a", DTRACE_AGG_COUNT, NULL, &k_str, 1);
	id = a->id;
	ent_str(&ab, a, "k", 3);
	merge(dtp, &ab);
	cp = clause1(dtp, DT_STMT_PRINTA, DT_REC_NONE, 0);
	cp->stmts[0].aggs = owned_id(id);
	cp->stmts[0].naggs = 1;
	cc = clause1(dtp, DT_STMT_CLEAR, DT_REC_NONE, 0);
	cc->stmts[0].aggs = owned_id(id);
	cc->stmts[0].naggs = 1;
	ctr = clause1(dtp, DT_STMT_TRUNC, DT_REC_NONE, 0);
	ctr->stmts[0].aggs = owned_id(id);
	ctr->stmts[0].naggs = 1;
	ct = clause1(dtp, DT_STMT_TRACE, DT_REC_KSYM, 8);
	cs = clause1(dtp, DT_STMT_SETOPT, DT_REC_NONE, 0);
	cs->stmts[0].optname = strdup("aggsortrev");
	t_epid_set(dtp, 1, 9, cp->id, "fbt", "f", "entry");
	t_epid_set(dtp, 2, 9, cc->id, "fbt", "f", "entry");
	t_epid_set(dtp, 3, 9, ct->id, "fbt", "f", "entry");
	t_epid_set(dtp, 4, 9, cs->id, "fbt", "f", "entry");
	t_epid_set(dtp, 5, 9, ctr->id, "fbt", "f", "entry");
	dtp->opt.quiet = true;

	t_rec_add(&b, 1, 0, 0);
	tap_is_str(consume(dtp, 0, &b),
		   "\n  k                                                                 3\n",
		   "stmt: printa(@a) when its record is met");
	t_rec_add(&b, 2, 0, 0);
	t_rec_add(&b, 1, 0, 0);
	tap_is_str(consume(dtp, 0, &b),
		   "\n  k                                                                 0\n",
		   "stmt: clear(@a) then printa(@a)");
	t_rec_add(&b, 5, 0, 0);
	t_rec_add(&b, 1, 0, 0);
	tap_is_str(consume(dtp, 0, &b), "",
		   "stmt: trunc(@a) then printa(@a) of nothing");
	t_rec_add(&b, 4, 0, 0);
	consume(dtp, 0, &b);
	tap_ok(dtp->opt.aggsortrev, "stmt: setopt(\"aggsortrev\")");
	free(cs->stmts[0].optname);
	cs->stmts[0].optname = strdup("nosuchoption");
	dtrace_handle_drop(dtp, on_drop, NULL);

	u = t_rec_add(&b, 3, 8, 0);
	u[0] = 0x1234;
	dtp->opt.quiet = false;
	dtp->header_done = true;
	tap_is_str(consume(dtp, 1, &b),
		   "  1      9                          f:entry   0x1234                                            \n",
		   "stmt: sym() of an unknown kernel address: 50 columns");
	dtp->opt.quiet = true;
	u = t_rec_add(&b, 3, 8, 0);
	u[0] = 0x1234;
	tap_is_str(consume(dtp, 1, &b),
		   "  0x1234                                            ",
		   "stmt: sym() in quiet mode: 50 columns all the same");

	/* flowindent */
	dtp->opt.flowindent = true;
	dtp->header_done = false;
	ct->stmts[0].kind = DT_STMT_SILENT;
	t_epid_set(dtp, 6, 9, ct->id, "fbt", "open", "entry");
	t_epid_set(dtp, 7, 9, ct->id, "fbt", "getf", "entry");
	t_epid_set(dtp, 8, 9, ct->id, "fbt", "getf", "return");
	t_epid_set(dtp, 9, 9, ct->id, "fbt", "open", "return");
	t_epid_set(dtp, 10, 9, ct->id, "fbt", "getf", "probe");
	dtp->opt.quiet = false;
	t_rec_add(&b, 6, 8, 0);
	t_rec_add(&b, 7, 8, 0);
	t_rec_add(&b, 10, 8, 0);
	t_rec_add(&b, 8, 8, 0);
	t_rec_add(&b, 9, 8, 0);
	s = strdup(consume(dtp, 0, &b));
	tap_is_str(s,
		   "CPU FUNCTION                                 \n"
		   "  0  -> open                                  \n"
		   "  0    -> getf                                \n"
		   "  0     | getf:probe                          \n"
		   "  0    <- getf                                \n"
		   "  0  <- open                                  \n",
		   "flowindent: -> and <- one in from two per level, | at two");
	free(s);
	t_epid_set(dtp, 11, 9, ct->id, "syscall", "read", "entry");
	t_epid_set(dtp, 12, 9, ct->id, "syscall", "read", "return");
	t_rec_add(&b, 11, 8, 0);
	t_rec_add(&b, 12, 8, 0);
	tap_is_str(consume(dtp, 0, &b),
		   "  0  => read                                  \n"
		   "  0  <= read                                  \n",
		   "flowindent: a system call's entry and return are => and <=");
	dtp->opt.flowindent = false;

	/* temporal: two CPUs interleaved by time; later ones wait */
	dtp->header_done = true;
	t_rec_add(&b, 6, 8, 10);
	t_rec_add(&b, 7, 8, 30);
	dt_temporal_add(dtp, 0, b.data, b.len);
	b.len = 0;
	t_rec_add(&b, 8, 8, 20);
	t_rec_add(&b, 9, 8, 40);
	dt_temporal_add(dtp, 1, b.data, b.len);
	b.len = 0;
	{
		char *out = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&out, &len);

		dtp->opt.quiet = false;
		dt_temporal_flush(dtp, fp, 30);
		fputs("--\n", fp);
		dt_temporal_flush(dtp, fp, UINT64_MAX);
		fclose(fp);
		tap_is_str(out,
			   "  0      9                       open:entry \n"
			   "  1      9                      getf:return \n"
			   "  0      9                       getf:entry \n"
			   "--\n"
			   "  1      9                      open:return \n",
			   "temporal: time order across CPUs, later records held");
		free(out);
	}

	/* drops */
	drops[0] = '\0';
	dt_report_drops(dtp, 1, 1, "DTRACEDROP_AGGREGATION", "aggregation drop",
			"");
	dt_report_drops(dtp, -1, 3, "DTRACEDROP_SPEC", "speculative drop", "");
	dt_report_drops(dtp, -1, 2, "DTRACEDROP_SPECBUSY",
			"failed speculation",
			" (available buffer(s) still busy)");
	dt_report_drops(dtp, -1, 1, "DTRACEDROP_SPECUNAVAIL",
			"failed speculation",
			" (no speculative buffer available: No such process");
	tap_is_str(drops,
		   "1 aggregation drop on CPU 1|3 speculative drops|"
		   "2 failed speculations (available buffer(s) still busy)|"
		   "1 failed speculation (no speculative buffer available: No such process|",
		   "drops: DTrace's messages");
	drops[0] = '\0';
	dtp->opt.droptags = true;
	dt_report_drops(dtp, -1, 3, "DTRACEDROP_SPEC", "speculative drop", "");
	dt_report_drops(dtp, -1, 1, NULL, "unreported error", "");
	dtp->opt.droptags = false;
	tap_is_str(drops,
		   "[DTRACEDROP_SPEC] 3 speculative drops|1 unreported error|",
		   "drops: -x droptags puts DTrace's tag first");

	/* JSON record */
	dtp->opt.oformat = DT_OFORMAT_JSON;
	ct->stmts[0].kind = DT_STMT_TRACE;
	u = t_rec_add(&b, 3, 8, 77);
	u[0] = 0x10;
	tap_is_str(consume(dtp, 1, &b),
		   "{\"cpu\":1,\"id\":9,\"probe\":{\"provider\":\"fbt\",\"module\":\"\",\"function\":\"f\",\"name\":\"entry\"},\"timestamp\":77,\"data\":[{\"trace\":\"0x10\"}]}\n",
		   "json: a record");
	dtp->opt.oformat = DT_OFORMAT_TEXT;
	dtrace_close(dtp);
}

static void test_agg_options(void)
{
	dtrace_hdl_t *dtp = t_open();
	int64_t v;

	tap_is_int(dtrace_setopt(dtp, "aggsize", "8m"), 0, "opt: aggsize");
	dtrace_getopt(dtp, "aggsize", &v);
	tap_is_int(v, 8 << 20, "opt: aggsize value");
	tap_is_int(dtrace_setopt(dtp, "aggrate", "10hz"), 0, "opt: aggrate");
	tap_is_int(dtrace_setopt(dtp, "bufpolicy", "fill"), 0,
		   "opt: bufpolicy=fill");
	dtrace_getopt(dtp, "bufpolicy", &v);
	tap_is_int(v, DTRACE_BUFPOLICY_FILL, "opt: bufpolicy value");
	tap_is_int(dtrace_setopt(dtp, "bufresize", "manual"), 0,
		   "opt: bufresize=manual");
	tap_is_int(dtrace_setopt(dtp, "bufresize", "never"), -1,
		   "opt: bufresize=never refused");
	tap_is_int(dtrace_setopt(dtp, "nspec", "4"), 0, "opt: nspec");
	tap_is_int(dtrace_setopt(dtp, "specsize", "64k"), 0, "opt: specsize");
	tap_is_int(dtrace_setopt(dtp, "aggsortkeypos", "1"), 0,
		   "opt: aggsortkeypos");
	tap_is_int(dtrace_setopt(dtp, "oformat", "json"), 0, "opt: oformat");
	tap_is_int(dtrace_setopt(dtp, "oformat", "xml"), -1,
		   "opt: oformat=xml refused");
	tap_is_int(dtrace_setopt(dtp, "temporal", NULL) |
		   dtrace_setopt(dtp, "flowindent", NULL) |
		   dtrace_setopt(dtp, "aggzoom", NULL) |
		   dtrace_setopt(dtp, "aggpack", NULL) |
		   dtrace_setopt(dtp, "aggsortrev", NULL) |
		   dtrace_setopt(dtp, "aggsortkey", NULL), 0,
		   "opt: the flags of issue 4");
	dtrace_close(dtp);
}

void test_agg(void)
{
	dtrace_hdl_t *dtp = t_open();

	test_agg_functions(dtp);
	test_agg_keys(dtp);
	test_agg_symkeys(dtp);
	test_agg_usymkeys(dtp);
	test_agg_hist(dtp);
	test_agg_printa(dtp);
	test_agg_json(dtp);
	dtrace_close(dtp);
	test_agg_stmts();
	test_agg_options();
}
