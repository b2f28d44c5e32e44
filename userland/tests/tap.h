/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small TAP 13 emitter for the host unit tests: one "ok N name" or
 * "not ok N name" line per check, the plan at the end, and diagnostics
 * as "# ..." lines.  tap_done() gives the exit status.
 */
#ifndef _TAP_H
#define _TAP_H

#include <stdbool.h>
#include <stdint.h>

void tap_start(void);
bool tap_ok(bool cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
bool tap_is_str(const char *got, const char *want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool tap_is_int(int64_t got, int64_t want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tap_done(void);

/* The suites, one file each. */
void test_lex(void);
void test_parse(void);
void test_check(void);
void test_cg(void);
void test_printf(void);
void test_glob(void);
void test_quantize(void);
void test_consume(void);
void test_agg(void);
void test_options(void);
void test_cli(void);
void test_type(void);
void test_btf(void);
void test_btf_check(void);
void test_usdt(void);
void test_engine(void);

#endif /* _TAP_H */
