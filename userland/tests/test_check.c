// SPDX-License-Identifier: GPL-2.0
/*
 * Semantic checks: every diagnostic of dt_check.c and the probe
 * description checks of dt_compile.c, with exact tag and text, and
 * programs that must compile.
 */
#include "helpers.h"
#include "tap.h"

static void ck(dtrace_hdl_t *dtp, const char *prog, const char *want)
{
	tap_is_str(t_compile_msg(dtp, prog), want, "check: %s", prog);
}

void test_check(void)
{
	dtrace_hdl_t *dtp = t_open();

	ck(dtp, "BEGIN", "OK");
	ck(dtp, "BEGIN { trace(\"hello\") }", "OK");
	ck(dtp, "BEGIN /pid > 0 && execname == \"dtrace\"/ { exit(0); }",
	   "OK");
	ck(dtp, "tick-1s { printf(\"%d %s\\n\", cpu, probename); }", "OK");
	ck(dtp, "syscall::read:entry, syscall::write:entry { trace(arg0) }",
	   "OK");
	ck(dtp, "syscall::*:entry { trace(timestamp > walltimestamp) }", "OK");
	ck(dtp, "BEGIN { trace(1 ? \"a\" : \"b\") }", "OK");
	ck(dtp, "BEGIN { printf(\"%*.*d|%c|%%\", 5, 2, 7, 'x') }", "OK");

	ck(dtp, "nosuch", "[D_PDESC_ZERO] probe description :::nosuch does not match any probes");
	ck(dtp, "syscall::open:entry",
	   "[D_PDESC_ZERO] probe description syscall::open:entry does not match any probes");
	ck(dtp, "a:b:c:d:e",
	   "[D_PDESC_INVAL] invalid probe description \"a:b:c:d:e\": Overspecified probe description");
	ck(dtp, "BEGIN { trace(x) }",
	   "[D_IDENT_UNDEF] failed to resolve x: Unknown variable name");
	ck(dtp, "BEGIN /y == 1/ { }",
	   "[D_IDENT_UNDEF] failed to resolve y: Unknown variable name");
	ck(dtp, "BEGIN { nosuch(1) }",
	   "[D_IDENT_UNDEF] failed to resolve nosuch: Unknown function name");
	ck(dtp, "BEGIN { pid }",
	   "[D_UNSUPPORTED] expression statements other than actions are not supported yet");
	ck(dtp, "BEGIN { trace(nosuch(1)) }",
	   "[D_IDENT_UNDEF] failed to resolve nosuch: Unknown function name");
	ck(dtp, "BEGIN { trace(strlen(\"a\")) }",
	   "[D_UNSUPPORTED] strlen( ) is not supported yet");
	ck(dtp, "BEGIN { trace(trace(1)) }",
	   "[D_OP_VOID] trace( ) is an action and may not be used in an expression");
	ck(dtp, "BEGIN { x = 1 }",
	   "[D_UNSUPPORTED] operator = is not supported yet");
	ck(dtp, "BEGIN { trace(execname == 1) }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"string\" == \"int\"");
	ck(dtp, "BEGIN { trace(pid != \"x\") }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"pid_t\" != \"string\"");
	ck(dtp, "BEGIN { trace(\"a\" + 1) }",
	   "[D_OP_ARITH] operator + requires operands of arithmetic type");
	ck(dtp, "BEGIN { trace(probename % 2) }",
	   "[D_OP_INT] operator % requires operands of integral type");
	ck(dtp, "BEGIN { trace(~execname) }",
	   "[D_OP_INT] operator ~ requires an operand of integral type");
	ck(dtp, "BEGIN { trace(-execname) }",
	   "[D_OP_ARITH] operator - requires an operand of arithmetic type");
	ck(dtp, "BEGIN { trace(!execname) }",
	   "[D_OP_SCALAR] operator ! requires an operand of scalar type");
	ck(dtp, "BEGIN { trace(execname && 1) }",
	   "[D_OP_SCALAR] operator && requires operands of scalar type");
	ck(dtp, "BEGIN { trace(1 ? 1 : \"a\") }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"int\" : \"string\"");
	ck(dtp, "BEGIN { trace(1 / 0) }",
	   "[D_DIV_ZERO] expression contains division by zero");
	ck(dtp, "BEGIN { trace(1 % 0) }",
	   "[D_DIV_ZERO] expression contains division by zero");
	ck(dtp, "BEGIN /execname/ { }",
	   "[D_PRED_SCALAR] predicate result must be of scalar type");
	ck(dtp, "BEGIN { trace() }",
	   "[D_PROTO_LEN] trace( ) prototype mismatch: 0 args passed, 1 expected");
	ck(dtp, "BEGIN { trace(1, 2) }",
	   "[D_PROTO_LEN] trace( ) prototype mismatch: 2 args passed, 1 expected");
	ck(dtp, "BEGIN { exit() }",
	   "[D_PROTO_LEN] exit( ) prototype mismatch: 0 args passed, 1 expected");
	ck(dtp, "BEGIN { exit(\"a\") }",
	   "[D_PROTO_ARG] exit( ) argument #1 is incompatible with prototype: prototype: int argument: string");
	ck(dtp, "BEGIN { printf() }",
	   "[D_PROTO_LEN] printf( ) prototype mismatch: 0 args passed, at least 1 expected");
	ck(dtp, "BEGIN { printf(1) }",
	   "[D_PRINTF_FMT] printf( ) argument #1 is incompatible with prototype: prototype: string constant argument: int");
	ck(dtp, "BEGIN { printf(\"%d %d\", 1) }",
	   "[D_PRINTF_ARG_PROTO] printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument");
	ck(dtp, "BEGIN { printf(\"%d\", 1, 2) }",
	   "[D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 1 argument required by this format string");
	ck(dtp, "BEGIN { printf(\"hi\", 2) }",
	   "[D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 0 arguments required by this format string");
	ck(dtp, "BEGIN { printf(\"%d\", execname) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype: conversion: %d prototype: char, short, int, long, or long long argument: string");
	ck(dtp, "BEGIN { printf(\"%s %s\", execname, pid) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #3 is incompatible with conversion #2 prototype: conversion: %s prototype: string argument: pid_t");
	ck(dtp, "BEGIN { printf(\"%*d\", \"w\", 1) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype: conversion: %*d prototype: int argument: string");
	ck(dtp, "BEGIN { printf(\"%q\", 1) }",
	   "[D_PRINTF_CONV] printf( ) conversion #1 is invalid: %q is not a supported conversion");
	ck(dtp, "BEGIN { printf(\"%5\", 1) }",
	   "[D_PRINTF_CONV] printf( ) format ends in the middle of conversion #1");
	ck(dtp, "BEGIN { trace(a.b) }",
	   "[D_UNSUPPORTED] operator . is not supported yet");

	tap_is_str(t_script_msg(dtp, "BEGIN\n{\n\ttrace(x);\n}\n"),
		   "[D_IDENT_UNDEF] line 3: failed to resolve x: Unknown variable name",
		   "check: script diagnostics carry the line");
	tap_is_str(t_script_msg(dtp, "#pragma D option strsize=32\nBEGIN { trace(execname) }\n"),
		   "OK", "check: script with pragma");
	tap_is_int((int64_t)dtp->opt.strsize, 32, "check: pragma set strsize");
	dtp->opt.strsize = DTRACE_STRSIZE_DEFAULT;

	dtrace_setopt(dtp, "zdefs", NULL);
	ck(dtp, "nosuch", "OK");
	dtp->opt.zdefs = false;
	dtp->opt.errtags = false;
	ck(dtp, "BEGIN { trace(x) }",
	   "failed to resolve x: Unknown variable name");
	dtrace_close(dtp);
}
