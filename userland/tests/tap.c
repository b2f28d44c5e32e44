// SPDX-License-Identifier: GPL-2.0
/*
 * The TAP emitter of tap.h and the test runner's main(): every suite
 * runs in one process; the exit status is non-zero if any check failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"

static unsigned int tap_n, tap_failed;

void tap_start(void)
{
	printf("TAP version 13\n");
}

static void tap_line(bool cond, const char *fmt, va_list ap)
{
	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %u ", cond ? "" : "not ", tap_n);
	vprintf(fmt, ap);
	putchar('\n');
}

bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_line(cond, fmt, ap);
	va_end(ap);
	return cond;
}

bool tap_is_str(const char *got, const char *want, const char *fmt, ...)
{
	bool cond = got && want && !strcmp(got, want);
	va_list ap;

	va_start(ap, fmt);
	tap_line(cond, fmt, ap);
	va_end(ap);
	if (!cond)
		printf("#   got:  \"%s\"\n#   want: \"%s\"\n",
		       got ? got : "(null)", want ? want : "(null)");
	return cond;
}

bool tap_is_int(int64_t got, int64_t want, const char *fmt, ...)
{
	bool cond = got == want;
	va_list ap;

	va_start(ap, fmt);
	tap_line(cond, fmt, ap);
	va_end(ap);
	if (!cond)
		printf("#   got:  %lld (0x%llx)\n#   want: %lld (0x%llx)\n",
		       (long long)got, (unsigned long long)got,
		       (long long)want, (unsigned long long)want);
	return cond;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int tap_done(void)
{
	printf("1..%u\n", tap_n);
	printf("# %u passed, %u failed\n", tap_n - tap_failed, tap_failed);
	return tap_failed ? 1 : 0;
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_start();
	test_lex();
	test_parse();
	test_glob();
	test_quantize();
	test_options();
	test_check();
	test_cg();
	test_engine();
	test_printf();
	test_consume();
	test_agg();
	test_cli();
	test_type();
	test_btf();
	test_btf_check();
	test_usdt();
	return tap_done();
}
