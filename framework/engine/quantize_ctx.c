// SPDX-License-Identifier: GPL-2.0
/*
 * The bucket arithmetic of quantize(), lquantize() and llquantize(), as
 * quantize.h describes it: the one definition that the kernel's
 * aggregations (probe context: agg_ctx.c) and userland's checker and
 * printer both run.  Pure arithmetic on fixed-width integers: no call,
 * no memory but the arguments, so it is safe in probe context, which is
 * why the file is named _ctx.c (and built without ftrace hooks, see
 * framework/Kbuild).
 */
#include "quantize.h"

#define DTRACE_Q_S64_MAX	((s64)(~0ULL >> 1))

/* quantize(): see quantize.h. */
s32 dtrace_quantize_bucket(s64 v)
{
	u64 m;
	s32 n;

	if (!v)
		return 0;
	m = v > 0 ? (u64)v : -(u64)v;
	n = 63 - __builtin_clzll(m);	/* the highest bit set */
	if (v > 0)
		return 1 + n;
	/* -2^63 (n = 63) shares the lowest bucket with (-2^63, -2^62]. */
	return -1 - (n < 62 ? n : 62);
}

s64 dtrace_quantize_base(s32 b)
{
	if (!b)
		return 0;
	if (b > 0)
		return (s64)1 << (b - 1);
	return -((s64)1 << (-b - 1));
}

/* lquantize(): see quantize.h; high - low fits in a u64 when low < high. */
u64 dtrace_lquantize_levels(s64 low, s64 high, s64 step)
{
	if (low >= high || step < 1)
		return 0;
	return ((u64)high - (u64)low) / (u64)step;
}

u32 dtrace_lquantize_bucket(s64 low, s64 step, u32 levels, s64 v)
{
	u64 i;

	if (v < low)
		return 0;
	i = ((u64)v - (u64)low) / (u64)step;
	return i >= levels ? levels + 1 : i + 1;
}

s64 dtrace_lquantize_base(s64 low, s64 step, u32 b)
{
	return b ? (s64)((u64)low + (u64)(b - 1) * (u64)step) : low;
}

/*
 * llquantize(): the buckets of one order, [lo, next = lo * factor), are
 * max(next / steps, 1) wide, the last one cut at next.  Every walk below
 * goes order by order with these two.
 */
static u64 dtrace_llq_width(const struct dtrace_llquantize *q, u64 next)
{
	u64 w = next / (u64)q->steps;

	return w ? w : 1;
}

static u64 dtrace_llq_count(u64 lo, u64 next, u64 w)
{
	return (next - lo + w - 1) / w;
}

/* factor^low: fits, as factor^(high + 1) does (nbuckets checked it). */
static u64 dtrace_llq_first(const struct dtrace_llquantize *q)
{
	u64 lo = 1;
	s64 o;

	for (o = 0; o < q->low; o++)
		lo *= (u64)q->factor;
	return lo;
}

/* The buckets of all orders on one side of zero. */
static u64 dtrace_llq_side(const struct dtrace_llquantize *q)
{
	u64 lo = 1, next, n = 0;
	s64 o;

	for (o = 0; o <= q->high; o++) {
		if (lo > (u64)DTRACE_Q_S64_MAX / (u64)q->factor)
			return 0;
		next = lo * (u64)q->factor;
		if (o >= q->low)
			n += dtrace_llq_count(lo, next,
					      dtrace_llq_width(q, next));
		lo = next;
	}
	return n;
}

u64 dtrace_llquantize_nbuckets(const struct dtrace_llquantize *q)
{
	u64 n = dtrace_llq_side(q);

	return n ? 2 * n + 3 : 0;
}

u32 dtrace_llquantize_zero(const struct dtrace_llquantize *q)
{
	return (u32)dtrace_llq_side(q) + 1;
}

/*
 * The position of magnitude @m >= factor^low on one side: 1 for the
 * bucket at factor^low, side + 1 at or above factor^(high+1).
 */
static u32 dtrace_llq_pos(const struct dtrace_llquantize *q, u64 m)
{
	u64 lo = dtrace_llq_first(q), next, w;
	u32 pos = 1;
	s64 o;

	for (o = q->low; o <= q->high; o++) {
		next = lo * (u64)q->factor;
		w = dtrace_llq_width(q, next);
		if (m < next)
			return pos + (m - lo) / w;
		pos += dtrace_llq_count(lo, next, w);
		lo = next;
	}
	return pos;
}

u32 dtrace_llquantize_bucket(const struct dtrace_llquantize *q, s64 v)
{
	u32 zero = dtrace_llquantize_zero(q);
	u64 m = v < 0 ? -(u64)v : (u64)v;

	if (m < dtrace_llq_first(q))
		return zero;
	return v < 0 ? zero - dtrace_llq_pos(q, m) : zero + dtrace_llq_pos(q, m);
}

/* The least magnitude of position @pos on one side, as above. */
static u64 dtrace_llq_posbase(const struct dtrace_llquantize *q, u32 pos)
{
	u64 lo = dtrace_llq_first(q), next, w, n;
	u32 at = 1;
	s64 o;

	for (o = q->low; o <= q->high; o++) {
		next = lo * (u64)q->factor;
		w = dtrace_llq_width(q, next);
		n = dtrace_llq_count(lo, next, w);
		if (pos < at + n)
			return lo + (pos - at) * w;
		at += n;
		lo = next;
	}
	return lo;
}

s64 dtrace_llquantize_base(const struct dtrace_llquantize *q, u32 b)
{
	u32 zero = dtrace_llquantize_zero(q);

	if (b == zero)
		return 0;
	if (b > zero)
		return (s64)dtrace_llq_posbase(q, b - zero);
	return -(s64)dtrace_llq_posbase(q, zero - b);
}
