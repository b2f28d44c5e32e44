// SPDX-License-Identifier: GPL-2.0
/*
 * The printf engine against the C library: each format applied to a
 * recorded value of a given size and signedness must print what
 * snprintf() prints for the same format and C value.
 */
#include <stdio.h>
#include <string.h>
#include "dt_printf.h"
#include "tap.h"

static const char *fmt1(const char *fmt, struct dt_pfarg *args,
			unsigned int n)
{
	static char out[512];
	struct dt_strbuf sb = { 0 };
	struct dt_pfmt *pf;
	char err[256];

	pf = dt_printf_parse(fmt, err, sizeof(err));
	if (!pf)
		return strcpy(out, err);
	if (dt_printf_format(pf, args, n, &sb))
		strcpy(out, "(format failed)");
	else
		snprintf(out, sizeof(out), "%s", sb.s ? sb.s : "");
	dt_strbuf_free(&sb);
	dt_printf_free(pf);
	return out;
}

static struct dt_pfarg iarg(int64_t v, unsigned int size, bool is_signed)
{
	struct dt_pfarg a = { .size = size, .is_signed = is_signed,
			      .ival = (uint64_t)v };
	return a;
}

static struct dt_pfarg sarg(const char *s)
{
	struct dt_pfarg a = { .is_string = true, .sval = s };
	return a;
}

/* One int argument of C type int. */
#define CK_INT(f, v) do {						\
	struct dt_pfarg a = iarg((v), 4, true);				\
	char want[256];							\
	snprintf(want, sizeof(want), f, (int)(v));			\
	tap_is_str(fmt1(f, &a, 1), want, "printf: \"%s\" of int %d", f,	\
		   (int)(v));						\
} while (0)

/* One argument of C type unsigned int. */
#define CK_UINT(f, v) do {						\
	struct dt_pfarg a = iarg((v), 4, false);			\
	char want[256];							\
	snprintf(want, sizeof(want), f, (unsigned int)(v));		\
	tap_is_str(fmt1(f, &a, 1), want, "printf: \"%s\" of uint %u", f, \
		   (unsigned int)(v));					\
} while (0)

/* One argument of C type long (printed with the l modifier in C). */
#define CK_LONG(f, cf, v) do {						\
	struct dt_pfarg a = iarg((v), 8, true);				\
	char want[256];							\
	snprintf(want, sizeof(want), cf, (long)(v));			\
	tap_is_str(fmt1(f, &a, 1), want, "printf: \"%s\" of long %ld", f, \
		   (long)(v));						\
} while (0)

#define CK_STR(f, s) do {						\
	struct dt_pfarg a = sarg(s);					\
	char want[256];							\
	snprintf(want, sizeof(want), f, s);				\
	tap_is_str(fmt1(f, &a, 1), want, "printf: \"%s\" of \"%s\"", f, s); \
} while (0)

void test_printf(void)
{
	struct dt_pfarg a[4];
	char want[256];

	CK_INT("%d", 42);
	CK_INT("%d", -42);
	CK_INT("%i", -7);
	CK_INT("%5d|", 42);
	CK_INT("%-5d|", 42);
	CK_INT("%05d", -42);
	CK_INT("%+d", 42);
	CK_INT("% d", 42);
	CK_INT("%.4d", 42);
	CK_INT("%8.3d|", -5);
	CK_INT("%x", 255);
	CK_INT("%X", 255);
	CK_INT("%#x", 255);
	CK_INT("%#o", 8);
	CK_INT("%o", 8);
	CK_INT("%u", -1);
	CK_INT("%x", -1);
	CK_INT("%c", 'A');
	CK_INT("%3c|", 'z');
	CK_INT("%-3c|", 'z');
	CK_INT("%hhd", 300);
	CK_INT("%hd", 70000);
	CK_UINT("%u", 4000000000u);
	CK_UINT("%d", 4000000000u);
	CK_UINT("%#X", 0xdeadbeefu);
	CK_LONG("%d", "%ld", -5000000000L);
	CK_LONG("%x", "%lx", -1L);
	CK_LONG("%u", "%lu", -1L);
	CK_LONG("%ld", "%ld", 1234567890123L);
	CK_LONG("%20d|", "%20ld|", -1234567890123L);
	CK_STR("%s", "hello");
	CK_STR("%10s|", "hi");
	CK_STR("%-10s|", "hi");
	CK_STR("%.3s", "abcdef");
	CK_STR("[%s]", "");

	a[0] = iarg(6, 4, true);
	a[1] = iarg(42, 4, true);
	snprintf(want, sizeof(want), "%*d|", 6, 42);
	tap_is_str(fmt1("%*d|", a, 2), want, "printf: %%*d");
	a[0] = iarg(-6, 4, true);
	snprintf(want, sizeof(want), "%*d|", -6, 42);
	tap_is_str(fmt1("%*d|", a, 2), want, "printf: %%*d, negative width");
	a[0] = iarg(8, 4, true);
	a[1] = iarg(3, 4, true);
	a[2] = iarg(7, 4, true);
	snprintf(want, sizeof(want), "%*.*d|", 8, 3, 7);
	tap_is_str(fmt1("%*.*d|", a, 3), want, "printf: %%*.*d");
	a[0] = iarg(2, 4, true);
	a[1] = sarg("abcdef");
	snprintf(want, sizeof(want), "%.*s|", 2, "abcdef");
	tap_is_str(fmt1("%.*s|", a, 2), want, "printf: %%.*s");

	a[0] = iarg(1, 4, true);
	a[1] = sarg("two");
	a[2] = iarg(3, 8, true);
	tap_is_str(fmt1("a %d b %s c %d%% d\n", a, 3), "a 1 b two c 3% d\n",
		   "printf: several conversions and literal text");
	tap_is_str(fmt1("100%% sure", a, 0), "100% sure", "printf: %%%%");
	tap_is_str(fmt1("no conversions", a, 0), "no conversions",
		   "printf: plain text");
	tap_is_str(fmt1("%", a, 0),
		   "printf( ) format ends in the middle of conversion #1",
		   "printf: lone %%");
	tap_is_str(fmt1("%d %y", a, 1),
		   "printf( ) conversion #2 is invalid: %y is not a supported conversion",
		   "printf: unknown conversion");
}
