/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small TAP 13 emitter for the C selftests, header only.  Two ways to
 * use it:
 *
 *   - plain checks:  tap_plan(0); tap_ok(cond, "what"); ...
 *                    return tap_finish();
 *   - test cases:    TEST(name) { ASSERT_EQ(a, b); EXPECT_TRUE(c); }
 *                    TEST_MAIN
 *     Each TEST is one "ok N name" line.  ASSERT_* ends the case on a
 *     failure, EXPECT_* records it and goes on, SKIP(...) skips the rest.
 *
 * Exit codes follow kselftest: 0 all passed, 1 something failed, 4 all
 * skipped.  Diagnostics go to stdout as "# ..." lines.
 */
#ifndef _DTRACE_SELFTEST_TAP_H
#define _DTRACE_SELFTEST_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAP_PASS	0
#define TAP_FAIL	1
#define TAP_SKIP	4

static unsigned int tap_count;		/* test lines printed */
static unsigned int tap_nfailed;	/* of which "not ok" */
static unsigned int tap_nskipped;	/* of which "# SKIP" */
static int tap_planned;			/* plan line already printed */

static inline void tap_vline(const char *pfx, const char *sfx,
			     const char *fmt, va_list ap)
{
	printf("%s", pfx);
	vprintf(fmt, ap);
	printf("%s\n", sfx);
	fflush(stdout);
}

/*
 * Start the output.  tap_plan(N) with N > 0 prints the plan now;
 * tap_plan() or tap_plan(0) leaves it to tap_finish().
 */
#define tap_plan(...)	tap_start(__VA_ARGS__ + 0)

static inline void tap_start(int n)
{
	printf("TAP version 13\n");
	if (n > 0) {
		printf("1..%d\n", n);
		tap_planned = 1;
	}
	fflush(stdout);
}

__attribute__((format(printf, 1, 2)))
static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vline("# ", "", fmt, ap);
	va_end(ap);
}

/* One check: "ok N ..." or "not ok N ...".  Returns @cond. */
__attribute__((format(printf, 2, 3)))
static inline int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %u ", cond ? "" : "not ", ++tap_count);
	va_start(ap, fmt);
	tap_vline("", "", fmt, ap);
	va_end(ap);
	if (!cond)
		tap_nfailed++;
	return cond;
}

/* One check that could not be made here. */
__attribute__((format(printf, 2, 3)))
static inline void tap_skip(const char *what, const char *why, ...)
{
	va_list ap;

	printf("ok %u %s # SKIP ", ++tap_count, what);
	va_start(ap, why);
	tap_vline("", "", why, ap);
	va_end(ap);
	tap_nskipped++;
}

/* Nothing can be tested here (no device, not root): say why, exit 4. */
__attribute__((format(printf, 1, 2), noreturn))
static inline void tap_skip_all(const char *fmt, ...)
{
	va_list ap;

	printf("1..0 # SKIP ");
	va_start(ap, fmt);
	tap_vline("", "", fmt, ap);
	va_end(ap);
	exit(TAP_SKIP);
}

/* Print the plan if it was left open; return the exit code for main(). */
static inline int tap_finish(void)
{
	if (!tap_planned)
		printf("1..%u\n", tap_count);
	printf("# %u passed, %u failed, %u skipped\n",
	       tap_count - tap_nfailed - tap_nskipped, tap_nfailed,
	       tap_nskipped);
	fflush(stdout);
	if (tap_nfailed)
		return TAP_FAIL;
	if (tap_count && tap_nskipped == tap_count)
		return TAP_SKIP;
	return TAP_PASS;
}

/* --- TEST() cases -------------------------------------------------- */

struct tap_case {
	const char *name;
	void (*fn)(struct tap_case *tc);
	int failed;
	const char *skip;	/* reason, when SKIP() was called */
};

#define TAP_MAX_CASES	256
static struct tap_case *tap_cases[TAP_MAX_CASES];
static unsigned int tap_ncases;

static inline void tap_register(struct tap_case *tc)
{
	if (tap_ncases == TAP_MAX_CASES) {
		fprintf(stderr, "tap.h: more than %d TEST()s\n",
			TAP_MAX_CASES);
		exit(TAP_FAIL);
	}
	tap_cases[tap_ncases++] = tc;
}

#define TEST(id)							\
	static void tap_fn_##id(struct tap_case *_tc);			\
	static struct tap_case tap_case_##id = {			\
		.name = #id, .fn = tap_fn_##id };			\
	__attribute__((constructor)) static void tap_reg_##id(void)	\
	{								\
		tap_register(&tap_case_##id);				\
	}								\
	static void tap_fn_##id(struct tap_case *_tc)

/* Run every TEST() in the order they appear; the exit code for main(). */
static inline int tap_run_cases(void)
{
	unsigned int i;

	tap_start((int)tap_ncases);
	for (i = 0; i < tap_ncases; i++) {
		struct tap_case *tc = tap_cases[i];

		tc->fn(tc);
		if (tc->skip && !tc->failed)
			tap_skip(tc->name, "%s", tc->skip);
		else
			tap_ok(!tc->failed, "%s", tc->name);
	}
	return tap_finish();
}

#define TEST_MAIN							\
	int main(void)							\
	{								\
		return tap_run_cases();					\
	}

#define SKIP(reason)							\
	do {								\
		_tc->skip = (reason);					\
		return;							\
	} while (0)

/* A failed comparison: diagnose with the source line, fail the case. */
#define TAP_CMP(fatal, a, op, b)					\
	do {								\
		long long _a = (long long)(a), _b = (long long)(b);	\
		if (!(_a op _b)) {					\
			tap_diag("%s:%d: %s %s %s: %lld vs %lld",	\
				 __FILE__, __LINE__, #a, #op, #b,	\
				 _a, _b);				\
			_tc->failed = 1;				\
			if (fatal)					\
				return;					\
		}							\
	} while (0)

#define TAP_STR(fatal, a, eq, b)					\
	do {								\
		const char *_a = (a), *_b = (b);			\
		if ((_a && _b && !strcmp(_a, _b)) != (eq)) {		\
			tap_diag("%s:%d: %s %s %s: \"%s\" vs \"%s\"",	\
				 __FILE__, __LINE__, #a,		\
				 (eq) ? "==" : "!=", #b,		\
				 _a ? _a : "(null)", _b ? _b : "(null)");	\
			_tc->failed = 1;				\
			if (fatal)					\
				return;					\
		}							\
	} while (0)

#define ASSERT_EQ(a, b)		TAP_CMP(1, a, ==, b)
#define ASSERT_NE(a, b)		TAP_CMP(1, a, !=, b)
#define ASSERT_LT(a, b)		TAP_CMP(1, a, <, b)
#define ASSERT_LE(a, b)		TAP_CMP(1, a, <=, b)
#define ASSERT_GT(a, b)		TAP_CMP(1, a, >, b)
#define ASSERT_GE(a, b)		TAP_CMP(1, a, >=, b)
#define ASSERT_TRUE(a)		TAP_CMP(1, !!(a), ==, 1)
#define ASSERT_FALSE(a)		TAP_CMP(1, !!(a), ==, 0)
#define ASSERT_STREQ(a, b)	TAP_STR(1, a, 1, b)
#define ASSERT_STRNE(a, b)	TAP_STR(1, a, 0, b)
#define EXPECT_EQ(a, b)		TAP_CMP(0, a, ==, b)
#define EXPECT_NE(a, b)		TAP_CMP(0, a, !=, b)
#define EXPECT_LT(a, b)		TAP_CMP(0, a, <, b)
#define EXPECT_LE(a, b)		TAP_CMP(0, a, <=, b)
#define EXPECT_GT(a, b)		TAP_CMP(0, a, >, b)
#define EXPECT_GE(a, b)		TAP_CMP(0, a, >=, b)
#define EXPECT_TRUE(a)		TAP_CMP(0, !!(a), ==, 1)
#define EXPECT_FALSE(a)		TAP_CMP(0, !!(a), ==, 0)
#define EXPECT_STREQ(a, b)	TAP_STR(0, a, 1, b)
#define EXPECT_STRNE(a, b)	TAP_STR(0, a, 0, b)

#endif /* _DTRACE_SELFTEST_TAP_H */
