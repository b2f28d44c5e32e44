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

struct llq_case {
	int64_t v;
	uint32_t b;		/* the bucket of v */
};

static void test_llquantize_buckets(void)
{
	/*
	 * llquantize(x, 10, 1, 2, 20): each side 10..99 by 5, 100..999 by
	 * 50 (36 buckets), so bucket 37 is abs() < 10 and 0 <= -1000.
	 */
	static const struct dtrace_llquantize q = {
		.factor = 10, .low = 1, .high = 2, .steps = 20,
	};
	static const struct llq_case cases[] = {
		{ INT64_MIN, 0 }, { -1001, 0 }, { -1000, 0 }, { -999, 1 },
		{ -150, 17 }, { -149, 18 }, { -15, 35 }, { -14, 36 },
		{ -10, 36 }, { -9, 37 }, { -1, 37 }, { 0, 37 }, { 1, 37 },
		{ 9, 37 }, { 10, 38 }, { 14, 38 }, { 15, 39 }, { 99, 55 },
		{ 100, 56 }, { 149, 56 }, { 150, 57 }, { 999, 73 },
		{ 1000, 74 }, { 1001, 74 }, { INT64_MAX, 74 },
	};
	/* llquantize(x, 2, 0, 3, 4): width 1 below 4, then 2, then 4 */
	static const struct dtrace_llquantize two = {
		.factor = 2, .low = 0, .high = 3, .steps = 4,
	};
	static const struct llq_case twos[] = {
		{ 0, 8 }, { 1, 9 }, { 3, 11 }, { 5, 12 }, { 15, 15 },
		{ 16, 16 }, { -1, 7 }, { -3, 5 }, { -16, 0 },
	};
	/* llquantize(x, 10, 0, 2, 5): fewer steps than the factor */
	static const struct dtrace_llquantize few = {
		.factor = 10, .low = 0, .high = 2, .steps = 5,
	};
	static const struct llq_case fews[] = {
		{ 2, 17 }, { 29, 22 }, { 30, 23 }, { 999, 31 }, { 1000, 32 },
	};
	static const struct dtrace_llquantize big = {
		.factor = 10, .low = 0, .high = 18, .steps = 10,
	};
	static const struct dtrace_llquantize most = {
		.factor = 2, .low = 0, .high = 61, .steps = 2,
	};
	uint64_t n = dtrace_llquantize_nbuckets(&q);
	uint32_t zero = dtrace_llquantize_zero(&q);
	unsigned int i;
	uint32_t b;

	tap_is_int(n, 75, "llquantize(10, 1, 2, 20): 75 buckets");
	tap_is_int(zero, 37, "llquantize(10, 1, 2, 20): abs() < 10 is 37");
	for (i = 0; i < DT_ARRAY_SIZE(cases); i++)
		tap_is_int(dtrace_llquantize_bucket(&q, cases[i].v), cases[i].b,
			   "llquantize(10, 1, 2, 20): %lld in bucket %u",
			   (long long)cases[i].v, cases[i].b);
	for (b = zero + 1; b < n; b++) {
		int64_t base = dtrace_llquantize_base(&q, b);

		tap_ok(dtrace_llquantize_bucket(&q, base) == b &&
		       dtrace_llquantize_bucket(&q, base - 1) == b - 1 &&
		       dtrace_llquantize_base(&q, 2 * zero - b) == -base &&
		       dtrace_llquantize_bucket(&q, -base) == 2 * zero - b,
		       "llquantize(10, 1, 2, 20): buckets %u and %u start at %lld and %lld",
		       b, 2 * zero - b, (long long)base, -(long long)base);
	}
	tap_is_int(dtrace_llquantize_base(&q, zero), 0,
		   "llquantize(10, 1, 2, 20): the middle bucket counts as 0");
	tap_is_int(dtrace_llquantize_base(&q, 0), -1000,
		   "llquantize(10, 1, 2, 20): bucket 0 is <= -1000");

	/* orders: [1, 2) and [2, 4) by 1, [4, 8) by 2, [8, 16) by 4 */
	tap_is_int(dtrace_llquantize_nbuckets(&two), 2 * (1 + 2 + 2 + 2) + 3,
		   "llquantize(2, 0, 3, 4): a bucket of width 1 is not split");
	for (i = 0; i < DT_ARRAY_SIZE(twos); i++)
		tap_is_int(dtrace_llquantize_bucket(&two, twos[i].v), twos[i].b,
			   "llquantize(2, 0, 3, 4): %lld in bucket %u",
			   (long long)twos[i].v, twos[i].b);
	/* [1, 10) by 2, [10, 100) by 20, [100, 1000) by 200 */
	tap_is_int(dtrace_llquantize_nbuckets(&few), 33,
		   "llquantize(10, 0, 2, 5): 5 buckets an order");
	for (i = 0; i < DT_ARRAY_SIZE(fews); i++)
		tap_is_int(dtrace_llquantize_bucket(&few, fews[i].v), fews[i].b,
			   "llquantize(10, 0, 2, 5): %lld in bucket %u",
			   (long long)fews[i].v, fews[i].b);
	tap_is_int(dtrace_llquantize_base(&few, 23), 30,
		   "llquantize(10, 0, 2, 5): bucket 23 starts at 30");

	tap_is_int(dtrace_llquantize_nbuckets(&big), 0,
		   "llquantize(10, 0, 18, 10): 10^19 overflows");
	/* steps 2 of factor 2: one bucket per order, 2^o wide */
	tap_is_int(dtrace_llquantize_nbuckets(&most), 2 * 62 + 3,
		   "llquantize(2, 0, 61, 2): 2^62 fits");
	tap_is_int(dtrace_llquantize_bucket(&most, INT64_MAX), 126,
		   "llquantize(2, 0, 61, 2): INT64_MAX is >= 2^62");
	tap_is_int(dtrace_llquantize_bucket(&most, ((int64_t)1 << 61) - 1),
		   124, "llquantize(2, 0, 61, 2): 2^61 - 1 in order 60");
	tap_is_int(dtrace_llquantize_bucket(&most, INT64_MIN), 0,
		   "llquantize(2, 0, 61, 2): INT64_MIN is <= -2^62");
}

void test_quantize(void)
{
	test_quantize_buckets();
	test_lquantize_buckets();
	test_llquantize_buckets();
}
