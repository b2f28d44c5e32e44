/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bucket arithmetic of quantize(), lquantize() and llquantize(), one
 * definition for both sides: the kernel counts values into buckets with
 * it (agg_ctx.c) and sizes histograms (agg.c); userland checks and sizes
 * a definition (dt_check_agg.c, dt_aggdef.c) and labels each bucket when
 * it prints (dt_aggprint.c).  include/uapi/linux/dtrace.h documents the
 * layouts; this is what computes them.  Pure arithmetic, so all of it is
 * safe in probe context (engine/quantize_ctx.c).
 */
#ifndef _DTRACE_ENGINE_QUANTIZE_H
#define _DTRACE_ENGINE_QUANTIZE_H

#include "types.h"

/*
 * quantize(): the bucket of a value, as a distance from the bucket of 0:
 * 0 for 0, 1 + n for [2^n, 2^(n+1)), -1 - n for (-2^(n+1), -2^n], and
 * INT64_MIN with (-2^63, -2^62].  So -DTRACE_QUANTIZE_ORDERS ..
 * DTRACE_QUANTIZE_ORDERS, around the ABI's zero bucket.
 */
#define DTRACE_QUANTIZE_ORDERS	63

s32 dtrace_quantize_bucket(s64 v);
/* The least value of bucket @b (-ORDERS..ORDERS), by magnitude. */
s64 dtrace_quantize_base(s32 b);

/*
 * lquantize(low, high, step): levels = (high - low) / step buckets of
 * step from low, with bucket 0 below them and levels + 1 at or above
 * their end.  Return 0 if low >= high or step < 1.
 */
u64 dtrace_lquantize_levels(s64 low, s64 high, s64 step);
u32 dtrace_lquantize_bucket(s64 low, s64 step, u32 levels, s64 v);
/* The least value of bucket 1..levels + 1; bucket 0 is "< low". */
s64 dtrace_lquantize_base(s64 low, s64 step, u32 b);

/*
 * llquantize(factor, low, high, steps), parameters as the ABI's
 * params[0..3].  For each order o from low to high, the magnitudes
 * [factor^o, factor^(o+1)) go in buckets of width
 * max(factor^(o+1) / steps, 1), the last one cut at factor^(o+1); the
 * negative values mirror the positive ones.  Bucket by bucket:
 *
 *   0         <= -factor^(high+1)
 *   1 ..      the negative buckets, the most negative first
 *   zero      abs(v) < factor^low
 *   .. 2z-1   the positive buckets
 *   2z        >= factor^(high+1)
 */
struct dtrace_llquantize {
	s64	factor;		/* >= 2 */
	s64	low;		/* >= 0 */
	s64	high;		/* > low */
	s64	steps;		/* a multiple of factor, or divides it */
};

/*
 * How many buckets; 0 if factor^(high+1) does not fit in 63 bits.  The
 * parameters must be in range otherwise: the caller checks that first.
 */
u64 dtrace_llquantize_nbuckets(const struct dtrace_llquantize *q);
/* The bucket of the values whose magnitude is below factor^low. */
u32 dtrace_llquantize_zero(const struct dtrace_llquantize *q);
/* The bucket of @v, for parameters that dtrace_llquantize_nbuckets() took. */
u32 dtrace_llquantize_bucket(const struct dtrace_llquantize *q, s64 v);
/*
 * The value of bucket @b that DTrace prints: the least magnitude of the
 * bucket, negated below zero; 0 for the zero bucket; -factor^(high+1)
 * and factor^(high+1) for the outermost two.
 */
s64 dtrace_llquantize_base(const struct dtrace_llquantize *q, u32 b);

#endif /* _DTRACE_ENGINE_QUANTIZE_H */
