// SPDX-License-Identifier: GPL-2.0
/*
 * The histogram bucket arithmetic of framework/engine/quantize_ctx.c,
 * the same source the kernel counts values with: a table of values
 * (0, +-1, powers of the factor and their neighbours, the ends of the
 * range and of s64) and the bucket each must land in; the bucket
 * counts; and that every bucket's base lands in it and the value below
 * in the one before, so the labels userland prints match the counting.
 */
#include <stdint.h>
#include <engine/quantize.h>
#include "dt_impl.h"
#include "tap.h"

static void test_quantize_buckets(void)
{
	static const struct {
		int64_t v;
		int32_t b;
	} cases[] = {
		{ 0, 0 }, { 1, 1 }, { -1, -1 }, { 2, 2 }, { 3, 2 }, { 4, 3 },
		{ -2, -2 }, { -3, -2 }, { -4, -3 }, { 1023, 10 }, { 1024, 11 },
		{ 1025, 11 }, { -1024, -11 }, { (int64_t)1 << 62, 63 },
		{ INT64_MAX, 63 }, { -((int64_t)1 << 62), -63 },
		{ -((int64_t)1 << 62) - 1, -63 }, { INT64_MIN + 1, -63 },
		{ INT64_MIN, -63 },
	};
	unsigned int i;
	int32_t b;

	for (i = 0; i < DT_ARRAY_SIZE(cases); i++)
		tap_is_int(dtrace_quantize_bucket(cases[i].v), cases[i].b,
			   "quantize: %lld in bucket %d", (long long)cases[i].v,
			   cases[i].b);
	tap_is_int(DTRACE_QUANTIZE_ZEROBUCKET, DTRACE_QUANTIZE_ORDERS,
		   "quantize: the ABI's zero bucket is the engine's");
	tap_is_int(DTRACE_QUANTIZE_NBUCKETS, 2 * DTRACE_QUANTIZE_ORDERS + 1,
		   "quantize: the ABI's bucket count is the engine's");
	for (b = -DTRACE_QUANTIZE_ORDERS; b <= DTRACE_QUANTIZE_ORDERS; b++) {
		int64_t base = dtrace_quantize_base(b);

		if (!tap_ok(dtrace_quantize_bucket(base) == b,
			    "quantize: base of bucket %d lands in it", b))
			tap_diag("base %lld", (long long)base);
	}
}

static void test_lquantize_buckets(void)
{
	/* lquantize(x, -10, 10, 5): 4 levels from -10, then >= 10 */
	static const struct {
		int64_t v;
		uint32_t b;
	} cases[] = {
		{ INT64_MIN, 0 }, { -11, 0 }, { -10, 1 }, { -6, 1 }, { -5, 2 },
		{ -1, 2 }, { 0, 3 }, { 1, 3 }, { 4, 3 }, { 5, 4 }, { 9, 4 },
		{ 10, 5 }, { 11, 5 }, { INT64_MAX, 5 },
	};
	uint64_t levels = dtrace_lquantize_levels(-10, 10, 5);
	unsigned int i;
	uint32_t b;

	tap_is_int(levels, 4, "lquantize(-10, 10, 5): 4 levels");
	for (i = 0; i < DT_ARRAY_SIZE(cases); i++)
		tap_is_int(dtrace_lquantize_bucket(-10, 5, levels, cases[i].v),
			   cases[i].b, "lquantize(-10, 10, 5): %lld in bucket %u",
			   (long long)cases[i].v, cases[i].b);
	for (b = 1; b <= levels + 1; b++) {
		int64_t base = dtrace_lquantize_base(-10, 5, b);

		tap_ok(dtrace_lquantize_bucket(-10, 5, levels, base) == b &&
		       dtrace_lquantize_bucket(-10, 5, levels, base - 1) ==
		       b - 1, "lquantize(-10, 10, 5): bucket %u starts at %lld",
		       b, (long long)base);
	}
	tap_is_int(dtrace_lquantize_levels(0, 10, 3), 3,
		   "lquantize(0, 10, 3): 3 levels, the rest at >= 9");
	tap_is_int(dtrace_lquantize_bucket(0, 3, 3, 9), 4,
		   "lquantize(0, 10, 3): 9 is >= the last level");
	tap_is_int(dtrace_lquantize_levels(INT64_MIN, INT64_MAX, 1),
		   UINT64_MAX, "lquantize: the widest range");
	tap_is_int(dtrace_lquantize_levels(10, 10, 1), 0,
		   "lquantize: low == high has no level");
	tap_is_int(dtrace_lquantize_levels(0, 10, 0), 0,
		   "lquantize: step 0 has no level");
}

static void test_llquantize_buckets(void)
{
	/* llquantize(x, 10, 1, 2, 20): below 10; 10..99 by 5; 100..999 by 50 */
	static const struct dtrace_llquantize q = {
		.factor = 10, .low = 1, .high = 2, .steps = 20,
	};
	static const struct {
		int64_t v;
		uint32_t b;
	} cases[] = {
		{ INT64_MIN, 0 }, { -1, 0 }, { 0, 0 }, { 1, 0 }, { 9, 0 },
		{ 10, 1 }, { 14, 1 }, { 15, 2 }, { 99, 18 }, { 100, 19 },
		{ 149, 19 }, { 150, 20 }, { 999, 36 }, { 1000, 37 },
		{ 1001, 37 }, { INT64_MAX, 37 },
	};
	/* llquantize(x, 2, 0, 3, 4): width 1 below 4, then 2, then 4 */
	static const struct dtrace_llquantize two = {
		.factor = 2, .low = 0, .high = 3, .steps = 4,
	};
	static const struct dtrace_llquantize big = {
		.factor = 10, .low = 0, .high = 18, .steps = 10,
	};
	static const struct dtrace_llquantize most = {
		.factor = 2, .low = 0, .high = 61, .steps = 2,
	};
	uint64_t n = dtrace_llquantize_nbuckets(&q);
	unsigned int i;
	uint32_t b;

	tap_is_int(n, 38, "llquantize(10, 1, 2, 20): 38 buckets");
	for (i = 0; i < DT_ARRAY_SIZE(cases); i++)
		tap_is_int(dtrace_llquantize_bucket(&q, cases[i].v), cases[i].b,
			   "llquantize(10, 1, 2, 20): %lld in bucket %u",
			   (long long)cases[i].v, cases[i].b);
	for (b = 1; b < n; b++) {
		int64_t base = dtrace_llquantize_base(&q, b);

		tap_ok(dtrace_llquantize_bucket(&q, base) == b &&
		       dtrace_llquantize_bucket(&q, base - 1) == b - 1,
		       "llquantize(10, 1, 2, 20): bucket %u starts at %lld", b,
		       (long long)base);
	}
	tap_is_int(dtrace_llquantize_base(&q, 0), 10,
		   "llquantize(10, 1, 2, 20): bucket 0 is < 10");

	/* orders: [1, 2) and [2, 4) by 1, [4, 8) by 2, [8, 16) by 4 */
	tap_is_int(dtrace_llquantize_nbuckets(&two), 2 + 1 + 2 + 2 + 2,
		   "llquantize(2, 0, 3, 4): a bucket of width 1 is not split");
	tap_is_int(dtrace_llquantize_bucket(&two, 1), 1,
		   "llquantize(2, 0, 3, 4): 1 in bucket 1");
	tap_is_int(dtrace_llquantize_bucket(&two, 3), 3,
		   "llquantize(2, 0, 3, 4): 3 in bucket 3");
	tap_is_int(dtrace_llquantize_bucket(&two, 5), 4,
		   "llquantize(2, 0, 3, 4): 5 in bucket 4");
	tap_is_int(dtrace_llquantize_bucket(&two, 15), 7,
		   "llquantize(2, 0, 3, 4): 15 in bucket 7");
	tap_is_int(dtrace_llquantize_bucket(&two, 16), 8,
		   "llquantize(2, 0, 3, 4): 16 is >= 2^4");
	tap_is_int(dtrace_llquantize_nbuckets(&big), 0,
		   "llquantize(10, 0, 18, 10): 10^19 overflows");
	/* steps 2 of factor 2: one bucket per order, 2^o wide */
	tap_is_int(dtrace_llquantize_nbuckets(&most), 2 + 62,
		   "llquantize(2, 0, 61, 2): 2^62 fits");
	tap_is_int(dtrace_llquantize_bucket(&most, INT64_MAX), 63,
		   "llquantize(2, 0, 61, 2): INT64_MAX is >= 2^62");
	tap_is_int(dtrace_llquantize_bucket(&most, ((int64_t)1 << 61) - 1),
		   61, "llquantize(2, 0, 61, 2): 2^61 - 1 in order 60");
	tap_is_int(dtrace_llquantize_bucket(&most, INT64_MIN), 0,
		   "llquantize(2, 0, 61, 2): INT64_MIN is < 1");
}

void test_quantize(void)
{
	test_quantize_buckets();
	test_lquantize_buckets();
	test_llquantize_buckets();
}
