// SPDX-License-Identifier: GPL-2.0
/*
 * The printf engine against the C library: each format applied to a
 * recorded value of a given size and signedness must print what
 * snprintf() prints for the same format and C value; the formats are
 * every combination of flags, width, precision and length modifier of
 * each integer and string conversion.  Then DTrace's own conversions:
 * %S, %p, %a and %A (with a fake kallsyms), %e %f %g of integers and
 * floats, %Y and %k.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "dt_impl.h"
#include "dt_printf.h"
#include "dt_type.h"
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

/*
 * The C format that prints as DTrace prints @f: DTrace takes a
 * precision of 0 as none, so ".0" (not ".05") is dropped.
 */
static const char *c_fmt(const char *f)
{
	static char out[64];
	size_t n = 0;

	for (; *f && n + 1 < sizeof(out); f++) {
		if (f[0] == '.' && f[1] == '0' && (f[2] < '0' || f[2] > '9')) {
			f++;
			continue;
		}
		out[n++] = *f;
	}
	out[n] = '\0';
	return out;
}

static const int64_t ivals[] = {
	0, 1, -1, 7, -7, 42, 127, 128, -128, 255, 256, 32767, -32768, 65535,
	65536, 1000000, -1000000, INT_MAX, INT_MIN, 0x7fffffffLL + 1,
	-0x80000000LL - 1, 1234567890123LL, -1234567890123LL, LLONG_MAX,
	LLONG_MIN,
};

/*
 * Format @f (a C format for one value of C type int when @len is "",
 * "h" or "hh", else long) over every value of ivals[] recorded as a
 * @size-byte integer; compare with snprintf() of the value converted to
 * int or long.  One TAP line per format.
 */
static void ck_int_all(const char *f, const char *len, unsigned int size,
		       bool is_signed)
{
	unsigned int i, bad = 0;
	char want[256], got[512], cf[64];
	char *conv;

	/* DTrace prints %d and %i of an unsigned type as %u */
	snprintf(cf, sizeof(cf), "%s", c_fmt(f));
	conv = cf + strcspn(cf, "diouxXc");
	if (!is_signed && (*conv == 'd' || *conv == 'i'))
		*conv = 'u';
	for (i = 0; i < DT_ARRAY_SIZE(ivals); i++) {
		int64_t v = ivals[i];
		struct dt_pfarg a;

		/* the value as a C variable of the recorded type has it */
		if (size == 4)
			v = is_signed ? (int64_t)(int32_t)v :
			    (int64_t)(uint32_t)v;
		a = iarg(v, size, is_signed);
		if (len[0] == 'l')
			snprintf(want, sizeof(want), cf, (long)v);
		else
			snprintf(want, sizeof(want), cf,
				 is_signed ? (int)v : (int)(unsigned int)v);
		snprintf(got, sizeof(got), "%s", fmt1(f, &a, 1));
		if (strcmp(got, want) && !bad++)
			tap_diag("\"%s\" of %lld: got \"%s\" want \"%s\"", f,
				 (long long)v, got, want);
	}
	tap_ok(!bad, "printf vs C: \"%s\" over %zu %s %u-byte values", f,
	       DT_ARRAY_SIZE(ivals), is_signed ? "signed" : "unsigned",
	       size);
}

static void ck_int_matrix(void)
{
	static const char *const flags[] = { "", "-", "+", " ", "#", "0",
					     "-+", "0+", "#0", "- " };
	static const char *const wp[] = { "", "1", "12", ".0", ".5", "8.3",
					  "-3", "025.20" };
	static const char *const lens[] = { "", "hh", "h", "l", "ll" };
	static const char convs[] = "diouxXc";
	unsigned int c, f, w, l;
	char fmt[64];

	for (c = 0; convs[c]; c++)
		for (f = 0; f < DT_ARRAY_SIZE(flags); f++)
			for (w = 0; w < DT_ARRAY_SIZE(wp); w++) {
				if (wp[w][0] == '-' || (convs[c] == 'c' &&
							strchr(wp[w], '.')))
					continue;
				snprintf(fmt, sizeof(fmt), "[%%%s%s%c]",
					 flags[f], wp[w], convs[c]);
				ck_int_all(fmt, "", 4, true);
			}
	for (c = 0; convs[c] != 'c'; c++)
		for (l = 0; l < DT_ARRAY_SIZE(lens); l++)
			for (w = 0; w < DT_ARRAY_SIZE(wp); w += 3) {
				snprintf(fmt, sizeof(fmt), "%%%s%s%s%c|",
					 c % 2 ? "-" : "#", wp[w], lens[l],
					 convs[c]);
				ck_int_all(fmt, lens[l], 4, true);
				ck_int_all(fmt, lens[l], 4, false);
				if (lens[l][0] == 'l')
					ck_int_all(fmt, lens[l], 8, true);
			}
}

/* DTrace's precision 0 (none), and widths of millions. */
static void ck_dtrace_prec_width(void)
{
	struct dt_pfarg a[2] = { iarg(0, 4, true), sarg("hello") };
	struct dt_strbuf sb = { 0 };
	struct dt_pfmt *pf;
	char err[128];

	tap_is_str(fmt1("%.0s|", &a[1], 1), "hello|",
		   "printf: %%.0s prints the whole string, as DTrace");
	tap_is_str(fmt1("%.*s|", a, 2), "hello|",
		   "printf: %%.*s with 0 prints the whole string");
	pf = dt_printf_parse("%10000000d", err, sizeof(err));
	a[0] = iarg(1, 4, true);
	tap_ok(pf && !dt_printf_format(pf, a, 1, &sb) && sb.len == 10000000 &&
	       sb.s[sb.len - 1] == '1',
	       "printf: %%10000000d is ten million characters wide");
	dt_strbuf_free(&sb);
	dt_printf_free(pf);
}

static void ck_str_matrix(void)
{
	static const char *const strs[] = { "", "a", "hello", "hello, world",
					    "tab\there", "0123456789abcdef" };
	static const char *const wp[] = { "", "-", "5", "-5", "20", "-20",
					  ".0", ".3", "10.2", "-10.2", ".40" };
	unsigned int w, i, bad;
	char fmt[32], want[256];

	for (w = 0; w < DT_ARRAY_SIZE(wp); w++) {
		snprintf(fmt, sizeof(fmt), "<%%%ss>", wp[w]);
		for (i = 0, bad = 0; i < DT_ARRAY_SIZE(strs); i++) {
			struct dt_pfarg a = sarg(strs[i]);

			snprintf(want, sizeof(want), c_fmt(fmt), strs[i]);
			if (strcmp(fmt1(fmt, &a, 1), want) && !bad++)
				tap_diag("\"%s\" of \"%s\": got \"%s\"", fmt,
					 strs[i], fmt1(fmt, &a, 1));
		}
		tap_ok(!bad, "printf vs C: \"%s\" over %zu strings", fmt,
		       DT_ARRAY_SIZE(strs));
	}
}

/* DTrace's own conversions and floating point. */
static void ck_dtrace_convs(void)
{
	struct dt_pfarg a = sarg("a\tb\n\"q\"\\\x01\xff");
	uint64_t pcs[4] = { 0xffffffff81000120ULL, 0xffffffffc0001008ULL,
			    0x1234, 0 };
	dtrace_hdl_t *dtp;
	char want[256], path[] = "/tmp/dtrace-ksyms-XXXXXX";
	struct dt_strbuf sb = { 0 };
	struct dt_pfmt *pf;
	FILE *fp;
	int err, fd;

	tap_is_str(fmt1("%S", &a, 1), "a\\tb\\n\\\"q\\\"\\\\\\001\\377",
		   "printf: %%S escapes");
	a = sarg("ab");
	tap_is_str(fmt1("[%5S][%-4S]", (struct dt_pfarg[]){ a, a }, 2),
		   "[   ab][ab  ]", "printf: %%S width");
	a = iarg(0x1234, 8, false);
	tap_is_str(fmt1("%p", &a, 1), "1234", "printf: %%p, hex without 0x");
	tap_is_str(fmt1("[%10p]", &a, 1), "[      1234]", "printf: %%10p");
	a = iarg(0, 8, false);
	tap_is_str(fmt1("%p", &a, 1), "0", "printf: %%p of NULL");
	a = iarg(0xffffffff81000120LL, 8, false);
	tap_is_str(fmt1("%a", &a, 1), "0xffffffff81000120",
		   "printf: %%a without symbols");

	fd = mkstemp(path);
	fp = fdopen(fd, "w");
	fputs("0000000000001000 D fixed_percpu_data\n"
	      "ffffffff81000000 T _stext\n"
	      "ffffffff81000100 T ksys_read\n"
	      "ffffffff81000200 t helper\n"
	      "ffffffff81000300 D some_data\n"
	      "ffffffffc0001000 t mod_func\t[dtrace_test]\n", fp);
	fclose(fp);
	setenv("DTRACE_KALLSYMS", path, 1);
	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	pf = dt_printf_parse("%a|%-24a|%a|%a|%a", want, sizeof(want));
	{
		struct dt_pfarg av[5] = {
			iarg(0xffffffff81000120LL, 8, false),
			iarg(0xffffffff81000100LL, 8, false),
			iarg(0xffffffffc0001008LL, 8, false),
			iarg(0x1234, 8, false),
			iarg(0xffffffff81000310LL, 8, false),
		};

		dt_printf_print(dtp, pf, av, 5, &sb);
	}
	tap_is_str(sb.s, "vmlinux`ksys_read+0x20|vmlinux`ksys_read       |"
		   "dtrace_test`mod_func+0x8|0x1234|vmlinux`some_data+0x10",
		   "printf: %%a symbols, module symbols, data; a per-CPU offset is no symbol");
	dt_printf_free(pf);
	dt_strbuf_free(&sb);

	pf = dt_printf_parse("%k", want, sizeof(want));
	a = iarg(0, 8, false);
	a.pcs = pcs;
	a.npcs = 4;
	dt_printf_print(dtp, pf, &a, 1, &sb);
	tap_is_str(sb.s, "\n              vmlinux`ksys_read+0x20\n"
		   "              dtrace_test`mod_func+0x8\n"
		   "              0x1234\n", "printf: %%k");
	dt_strbuf_free(&sb);
	{
		uint64_t upcs[2] = { (uint64_t)(uintptr_t)test_printf, 0 };

		a = iarg(0, 8, false);
		a.pcs = upcs;
		a.npcs = 2;
		a.pid = getpid();
		dt_printf_print(dtp, pf, &a, 1, &sb);
	}
	tap_is_str(sb.s, "\n              unit`test_printf\n",
		   "printf: %%k of a ustack() names its process's frames");
	dt_printf_free(pf);
	dt_strbuf_free(&sb);
	a = iarg(0x401000, 8, false);
	pf = dt_printf_parse("%A", want, sizeof(want));
	dt_printf_print(dtp, pf, &a, 1, &sb);
	tap_is_str(sb.s, "0x401000", "printf: %%A with no target is hex");
	dt_printf_free(pf);
	dt_strbuf_free(&sb);
	dtrace_close(dtp);
	unsetenv("DTRACE_KALLSYMS");
	unlink(path);

	a = iarg(42, 4, true);
	snprintf(want, sizeof(want), "%f|%e|%g|%E|%G|%8.2f", 42.0, 42.0, 42.0,
		 42.0, 42.0, 42.0);
	tap_is_str(fmt1("%f|%e|%g|%E|%G|%8.2f",
			(struct dt_pfarg[]){ a, a, a, a, a, a }, 6), want,
		   "printf: %%f %%e %%g of an int");
	a = iarg(-3, 4, true);
	snprintf(want, sizeof(want), "%.3f", -3.0);
	tap_is_str(fmt1("%.3f", &a, 1), want, "printf: %%f of a negative int");
	a = iarg(0, 8, true);
	a.is_float = true;
	a.fval = 3.25;
	snprintf(want, sizeof(want), "%+010.4f|%g", 3.25, 3.25);
	tap_is_str(fmt1("%+010.4f|%g", (struct dt_pfarg[]){ a, a }, 2), want,
		   "printf: %%f of a double");

	setenv("TZ", "UTC", 1);
	tzset();
	/* 2026-11-22 15:04:05 UTC */
	a = iarg(1795359845000000000LL, 8, false);
	tap_is_str(fmt1("%Y", &a, 1), "2026 Nov 22 15:04:05", "printf: %%Y");
	a = iarg(1793977445000000000LL, 8, false);
	tap_is_str(fmt1("[%Y]", &a, 1), "[2026 Nov  6 15:04:05]",
		   "printf: %%Y pads the day as DTrace");
	a = iarg(0, 8, false);
	tap_is_str(fmt1("[%24Y]", &a, 1), "[    1970 Jan  1 00:00:00]",
		   "printf: %%Y width");
	a = iarg(1795359845000000000LL, 8, false);
	tap_is_str(fmt1("%T", &a, 1), "Sun, 22 Nov 2026 15:04:05 UTC",
		   "printf: %%T, the date as RFC 822 has it");
	/* 2024-12-30 12:00:00 UTC, a Monday of ISO week 1 of 2025 */
	a = iarg(1735560000000000000LL, 8, false);
	tap_is_str(fmt1("%T", &a, 1), "Mon, 30 Dec 2025 12:00:00 UTC",
		   "printf: %%T's year is the ISO 8601 week-based one, as DTrace");
	unsetenv("TZ");
	tzset();
}

/* dt_printf_check() of @fmt against one argument of type @t. */
static const char *ck_proto(const char *fmt, const struct dt_type *t)
{
	static char msg[512];
	const struct dt_type *types[1] = { t };
	enum dt_errtag tag;
	struct dt_pfmt *pf = dt_printf_parse(fmt, msg, sizeof(msg));

	if (!pf)
		return msg;
	if (!dt_printf_check(pf, types, 1, &tag, msg, sizeof(msg)))
		strcpy(msg, "OK");
	dt_printf_free(pf);
	return msg;
}

static void ck_protos(void)
{
	static const char *const ok_int[] = { "%d", "%i", "%u", "%x", "%X",
		"%o", "%c", "%a", "%A", "%p", "%e", "%f", "%g", "%E", "%G",
		"%Y", "%hhd", "%lld", "%lu" };
	static const char *const ok_ptr[] = { "%p", "%a", "%A", "%x", "%u",
					      "%o" };
	unsigned int i;

	for (i = 0; i < DT_ARRAY_SIZE(ok_int); i++)
		tap_is_str(ck_proto(ok_int[i], &dt_type_long), "OK",
			   "printf check: %s takes a long", ok_int[i]);
	for (i = 0; i < DT_ARRAY_SIZE(ok_ptr); i++)
		tap_is_str(ck_proto(ok_ptr[i], &dt_type_voidptr), "OK",
			   "printf check: %s takes a void *", ok_ptr[i]);
	tap_is_str(ck_proto("%S", &dt_type_string), "OK",
		   "printf check: %%S takes a string");
	tap_is_str(ck_proto("%f", &dt_type_double), "OK",
		   "printf check: %%f takes a double");
	tap_is_str(ck_proto("%d", &dt_type_voidptr),
		   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: void *",
		   "printf check: %%d refuses a pointer");
	tap_is_str(ck_proto("%S", &dt_type_int),
		   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %S\n\t prototype: string\n\t  argument: int",
		   "printf check: %%S refuses an int");
	tap_is_str(ck_proto("%a", &dt_type_string),
		   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %a\n\t prototype: pointer or integer\n\t  argument: string",
		   "printf check: %%a refuses a string");
	tap_is_str(ck_proto("%Y", &dt_type_string),
		   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %Y\n\t prototype: int64_t\n\t  argument: string",
		   "printf check: %%Y refuses a string");
	tap_is_str(ck_proto("%f", &dt_type_string),
		   "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %f\n\t prototype: double\n\t  argument: string",
		   "printf check: %%f refuses a string");
}

/* Formats DTrace refuses, with its words for each. */
static const struct {
	const char *fmt;
	unsigned int nargs;
	const char *msg;
} bad[] = {
	{ "%", 0, "format conversion #1 name expected before end of format string" },
	{ "%d %.*", 1, "format conversion #2 name expected before end of format string" },
	{ "%d %y", 1, "format conversion #2 is undefined: %y" },
	{ "%-5z", 1, "format conversion #1 is undefined: %z" },
	{ "%.*.*d", 0, "format conversion #1 has more than one '.' specified" },
	{ "%.**d", 0, "format conversion #1 has more than one '*' specified for the output precision" },
	{ "%**d", 0, "format conversion #1 has more than one '*' specified for the output width" },
	{ "%.*1$d", 0, "format conversion #1 uses unsupported positional format (%n$)" },
};

void test_printf(void)
{
	struct dt_pfarg a[4];
	char want[256];
	unsigned int i;

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
	{
		struct dt_pfarg a = iarg(4000000000u, 4, false);

		tap_is_str(fmt1("%d|%i", (struct dt_pfarg[]){ a, a }, 2),
			   "4000000000|4000000000",
			   "printf: %%d and %%i of an unsigned type print unsigned, as DTrace's");
	}
	CK_UINT("%#X", 0xdeadbeefu);
	{
		/* a char or short is not promoted: its own bits, as DTrace */
		struct dt_pfarg a[] = { iarg(-17, 1, true), iarg(-12817, 2, true),
					iarg(-17, 1, true), iarg(239, 1, false) };

		tap_is_str(fmt1("%u %x %o %d", a, 4), "239 cdef 357 239",
			   "printf: %%u, %%x, %%o of a char or short take its own bits");
	}
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
	for (i = 0; i < DT_ARRAY_SIZE(bad); i++)
		tap_is_str(fmt1(bad[i].fmt, a, bad[i].nargs), bad[i].msg,
			   "printf: refused: \"%s\"", bad[i].fmt);

	ck_int_matrix();
	ck_str_matrix();
	ck_dtrace_prec_width();
	ck_dtrace_convs();
	ck_protos();
}
