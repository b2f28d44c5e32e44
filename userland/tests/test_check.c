// SPDX-License-Identifier: GPL-2.0
/*
 * Semantic checks: every diagnostic of dt_check.c and the probe
 * description checks of dt_compile.c, with exact tag and text, and
 * programs that must compile.
 */
#include <string.h>
#include "helpers.h"
#include "tap.h"

static void ck(dtrace_hdl_t *dtp, const char *prog, const char *want)
{
	tap_is_str(t_compile_msg(dtp, prog), want, "check: %s", prog);
}

/*
 * printa()'s key signatures in a diagnostic are cut at 255 bytes: a key
 * type whose name fills them, then a second key (a fuzz finding: the
 * second key's ", " took the length past the buffer, read from there).
 */
static void test_check_printa_longkey(dtrace_hdl_t *dtp)
{
	char tag[301], prog[800], want[600];

	memset(tag, 's', 300);
	tag[300] = '\0';
	snprintf(prog, sizeof(prog),
		 "struct %s { int x; }; BEGIN { @lk1[(struct %s *)0, 1] = count(); @lk2[1] = count(); printa(@lk1, @lk2); }",
		 tag, tag);
	snprintf(want, sizeof(want),
		 "[D_PRINTA_AGGPROTO] printa( ) argument #2 is incompatible with prototype:\n\tprototype: aggregation keyed [struct %.247s\n\t argument: aggregation keyed [int]",
		 tag);
	tap_is_str(t_compile_msg(dtp, prog), want,
		   "check: printa( ) of keys whose signature is longer than the diagnostic's buffer");
}

/* Aggregations, the actions on them, speculations, symbol functions. */
static void test_check_agg(dtrace_hdl_t *dtp)
{
	ck(dtp, "BEGIN { @a = count(); @[execname, pid] = sum(arg0); @q[1] = quantize(arg0, 2); }",
	   "OK");
	ck(dtp, "BEGIN { @l = lquantize(arg0, -10, 10); @l2 = lquantize(arg0, 0, 100, 10, 3); @ll = llquantize(arg0, 10, 0, 6, 20, 2); }",
	   "OK");
	ck(dtp, "BEGIN { @s[stack(), ustack(4), sym(arg0), func(arg0), mod(arg0), usym(arg0), ufunc(arg0), umod(arg0)] = count(); }",
	   "OK");
	ck(dtp, "BEGIN { @mm = min(1); @mx = max(1); @av = avg(1); @sd = stddev(1); printa(@mm, @mx); printa(\"%@d %@d\\n\", @av, @sd); clear(@mm); trunc(@mx); trunc(@mx, 3); normalize(@av, 10); denormalize(@av); setopt(\"quiet\"); setopt(\"bufsize\", \"1m\"); }",
	   "OK");
	ck(dtp, "BEGIN { trace(sym(arg0)); trace(uaddr(arg0)); printf(\"%a\\n\", func(arg0)); }",
	   "OK");
	ck(dtp, "BEGIN { self->spec = speculation(); speculate(self->spec); trace(1); }",
	   "OK");
	ck(dtp, "BEGIN { trace(1); discard(1); trace(2); } END { commit(2); }", "OK");
	ck(dtp, "BEGIN { commit(1); trace(1); }",
	   "[D_DREC_COMM] data-recording actions may not follow commit( )");
	ck(dtp, "BEGIN { commit(1); @a = count(); }",
	   "[D_AGG_COMM] aggregating actions may not follow commit( )");
	ck(dtp, "BEGIN { commit(1); exit(0); }",
	   "[D_DREC_COMM] data-recording actions may not follow commit( )");
	ck(dtp, "BEGIN { trace(1); commit(1); }",
	   "[D_COMM_DREC] commit( ) may not follow data-recording action(s)");
	ck(dtp, "BEGIN { speculate(1); chill(1); }",
	   "[D_ACT_SPEC] destructive actions may not follow speculate( )");
	ck(dtp, "BEGIN { speculate(1); copyout(0, arg0, 1); }",
	   "[D_ACT_SPEC] destructive actions may not follow speculate( )");
	ck(dtp, "BEGIN { jstack(); jstack(5); @j[jstack(3)] = count(); trace(zonename); @z[zonename] = count(); }",
	   "OK");
	ck(dtp, "BEGIN { jstack(1, 2, 3); }",
	   "[D_PROTO_LEN] jstack( ) prototype mismatch: 3 args passed, at most 2 expected");
	ck(dtp, "BEGIN { @lq = lquantize(arg0, 0, 1 << 4, 16 / 8); }", "OK");
	ck(dtp, "BEGIN { @hi1 = lquantize(1, 0, 10, 1, -5); @hi1 = lquantize(2, 0, 10, 1); @hi2 = quantize(1); @hi2 = quantize(2, 3); @hi3 = llquantize(1, 10, 0, 2, 10); @hi3 = llquantize(1, 10, 0, 2, 10, 7); }",
	   "OK");
	ck(dtp, "BEGIN { @lz = lquantize(arg0, 0, 10 / 0); }",
	   "[D_DIV_ZERO] expression contains division by zero");
	ck(dtp, "BEGIN { printf(\"%d\", args[0] = 3); }",
	   "[D_OP_LVAL] operator = requires modifiable lvalue as an operand");
	ck(dtp, "BEGIN { uregs[0]++; }",
	   "[D_OP_LVAL] operator ++ requires modifiable lvalue as an operand");
	ck(dtp, "BEGIN { zonename(); }",
	   "[D_IDENT_UNDEF] failed to resolve zonename: Unknown function name");
	ck(dtp, "BEGIN { zonename = \"x\"; }",
	   "[D_OP_WRITE] operator = can only be applied to a writable variable");
	ck(dtp, "BEGIN { pid = 1; }",
	   "[D_OP_WRITE] operator = can only be applied to a writable variable");
	ck(dtp, "BEGIN { timestamp += 2; }",
	   "[D_OP_WRITE] operator += can only be applied to a writable variable");

	ck(dtp, "BEGIN { @a = count(1); }",
	   "[D_PROTO_LEN] count( ) prototype mismatch: 1 arg passed, 0 expected");
	ck(dtp, "BEGIN { @a = sum(); }",
	   "[D_PROTO_LEN] sum( ) prototype mismatch: 0 args passed, 1 expected");
	ck(dtp, "BEGIN { @a = sum(\"x\"); }",
	   "[D_AGG_SCALAR] sum( ) argument #1 is incompatible with prototype:\n\tprototype: integer\n\t argument: string");
	ck(dtp, "BEGIN { @a = quantize(1, \"x\"); }",
	   "[D_PROTO_ARG] quantize( ) argument #2 is incompatible with prototype:\n\tprototype: integer\n\t argument: string");
	ck(dtp, "BEGIN { @a = strlen(\"x\"); }",
	   "[D_AGG_FUNC] @a must be assigned the result of an aggregating function");
	ck(dtp, "BEGIN { @ = 1; }",
	   "[D_AGG_FUNC] @ must be assigned the result of an aggregating function");
	ck(dtp, "BEGIN { @r1 = count(); @r1 = sum(1); }",
	   "[D_AGG_REDEF] aggregation redefined: @r1\n\t current: @r1 = sum( )\n\tprevious: @r1 = count( )");
	ck(dtp, "BEGIN { @r2[1] = count(); @r2[\"x\"] = count(); }",
	   "[D_AGG_REDEF] aggregation redefined: @r2\n\t current: @r2[string] = count( )\n\tprevious: @r2[int] = count( )");
	ck(dtp, "BEGIN { @r3 = lquantize(1, 0, 10); @r3 = lquantize(1, 0, 20); }",
	   "[D_LQUANT_MATCHLIM] aggregation redefined: @r3\n\t current: @r3 = lquantize(0, 20, 1)\n\tprevious: @r3 = lquantize(0, 10, 1)");
	ck(dtp, "BEGIN { @r4 = count(); } END { @r4[1] = count(); }",
	   "[D_AGG_REDEF] aggregation redefined: @r4\n\t current: @r4[int] = count( )\n\tprevious: @r4 = count( )");
	ck(dtp, "BEGIN { trace(@a); }",
	   "[D_TRACE_DYN] trace( ) may not be applied to a dynamic expression");
	ck(dtp, "BEGIN { trace(@a[1, 2]); }",
	   "[D_TRACE_DYN] trace( ) may not be applied to a dynamic expression");
	ck(dtp, "BEGIN { x = @a[1] + 1; }",
	   "[D_OP_INCOMPAT] operator + may not be applied to an aggregation");
	ck(dtp, "BEGIN { @a++; }",
	   "[D_AGG_EXPR] aggregation @a may not be used in an expression");
	ck(dtp, "BEGIN { x = (@a = count()); }",
	   "[D_AGG_EXPR] aggregation @a may not be used in an expression");
	ck(dtp, "BEGIN { x = count(); }",
	   "[D_AGG_EXPR] count( ) is an aggregating function: it may only be assigned to an aggregation");
	ck(dtp, "BEGIN { @k[trace(1)] = count(); }",
	   "[D_OP_VOID] trace( ) is an action and may not be used in an expression");
	ck(dtp, "BEGIN { @k[1,2,3,4,5,6,7,8,9] = count(); }",
	   "[D_AGG_LIMIT] aggregation has more than 8 keys");
	/* -x tregs: the tuple registers keys take, at most 8 all the same */
	dtrace_setopt(dtp, "tregs", "5");
	ck(dtp, "BEGIN { @t6[1, 2, 3, 4, 5, 6] = count(); }",
	   "[D_ARR_BOUNDS] Insufficient tuple registers to generate code");
	ck(dtp, "BEGIN { t6[1, 2, 3, 4, 5, 6] = 1; }",
	   "[D_ARR_BOUNDS] Insufficient tuple registers to generate code");
	ck(dtp, "BEGIN { @t5[1, 2, 3, 4, 5] = count(); }", "OK");
	dtrace_setopt(dtp, "tregs", "11");
	ck(dtp, "BEGIN { @t7[1, 2, 3, 4, 5, 6, 7] = count(); }", "OK");
	ck(dtp, "BEGIN { @k[1,2,3,4,5,6,7,8,9] = count(); }",
	   "[D_AGG_LIMIT] aggregation has more than 8 keys");
	ck(dtp, "BEGIN { @k[stack(0)] = count(); }",
	   "[D_STACK_SIZE] stack( ) argument #1 must be a non-zero positive integer constant");
	ck(dtp, "BEGIN { if (1) @a = count(); }",
	   "[D_UNSUPPORTED] actions inside if statements are not supported yet");

	ck(dtp, "BEGIN { @a = count(); @a; }",
	   "[D_AGG_NULL] expression has null effect: aggregation @a is only assigned or named by printa( ), clear( ), trunc( ) and normalize( )");
	ck(dtp, "BEGIN { @ = tick-1(); }",
	   "[D_FUNC_IDENT] function designator is not of function type");
	ck(dtp, "BEGIN { normalize(count(), 4); }",
	   "[D_NORMALIZE_AGGARG] normalize( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: count( )");
	ck(dtp, "BEGIN { denormalize(count()); }",
	   "[D_NORMALIZE_AGGARG] denormalize( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: count( )");
	ck(dtp, "BEGIN { @a = count(); trunc(@a, @a); }",
	   "[D_PROTO_ARG] trunc( ) argument #2 is incompatible with prototype:\n\tprototype: integer\n\t argument: aggregation");
	ck(dtp, "BEGIN { @a = stddev(\"\"); }",
	   "[D_AGG_SCALAR] stddev( ) argument #1 is incompatible with prototype:\n\tprototype: integer\n\t argument: string");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 2147483648, 2147483649); }",
	   "[D_LQUANT_BASEVAL] lquantize( ) argument #2 (lower bound) must be a 32-bit quantity");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0, 2147483648); }",
	   "[D_LQUANT_LIMVAL] lquantize( ) argument #3 (upper bound) must be a 32-bit quantity");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0, 1000000, 65536); }",
	   "[D_LQUANT_STEPVAL] lquantize( ) step (argument #4) must be at most 65535");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 5, 5, -1); }",
	   "[D_LQUANT_MISMATCH] lquantize( ) upper bound (argument #3) must be greater than lower bound (argument #2)");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 65536, 0, 1, 65536); }",
	   "[D_LLQUANT_FACTORVAL] llquantize( ) argument #2 (factor) must be between 2 and 65535");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, 0, 2, 0); }",
	   "[D_LLQUANT_STEPTYPE] llquantize( ) argument #5 (number of steps) must be a positive integer");
	ck(dtp, "BEGIN { @m1 = llquantize(1, 10, 0, 6, 20); @m1 = llquantize(1, 10, 0, 6, 10); }",
	   "[D_LLQUANT_MATCHSTEPS] aggregation redefined: @m1\n\t current: @m1 = llquantize(10, 0, 6, 10)\n\tprevious: @m1 = llquantize(10, 0, 6, 20)");
	ck(dtp, "BEGIN { @m2 = lquantize(1, 0, 10, 2); @m2 = lquantize(1, 1, 10, 2); }",
	   "[D_LQUANT_MATCHBASE] aggregation redefined: @m2\n\t current: @m2 = lquantize(1, 10, 2)\n\tprevious: @m2 = lquantize(0, 10, 2)");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 10, 0); }",
	   "[D_LQUANT_MISMATCH] lquantize( ) upper bound (argument #3) must be greater than lower bound (argument #2)");
	ck(dtp, "BEGIN { @a = lquantize(arg0, arg1, 10); }",
	   "[D_LQUANT_BASETYPE] lquantize( ) argument #2 (lower bound) must be an integer constant");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0, \"x\"); }",
	   "[D_LQUANT_LIMTYPE] lquantize( ) argument #3 (upper bound) must be an integer constant");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0, 10, arg1); }",
	   "[D_LQUANT_STEPTYPE] lquantize( ) argument #4 (step) must be an integer constant");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0, 10, 0); }",
	   "[D_LQUANT_STEPTYPE] lquantize( ) step (argument #4) must be a positive integer");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0, 10, 20); }",
	   "[D_LQUANT_STEPLARGE] lquantize( ) step (argument #4) too large: must have at least one quantization level");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0, 100000000, 1); }",
	   "[D_LQUANT_STEPSMALL] lquantize( ) step (argument #4) too small: number of quantization levels must be at most 65535");
	ck(dtp, "BEGIN { @a = lquantize(arg0, 0); }",
	   "[D_PROTO_LEN] lquantize( ) prototype mismatch: 2 args passed, at least 3 expected");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 1, 0, 5, 10); }",
	   "[D_LLQUANT_FACTORVAL] llquantize( ) argument #2 (factor) must be between 2 and 65535");
	ck(dtp, "BEGIN { @a = llquantize(arg0, arg1, 0, 5, 10); }",
	   "[D_LLQUANT_FACTORTYPE] llquantize( ) argument #2 (factor) must be an integer constant");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, -1, 5, 10); }",
	   "[D_LLQUANT_LMAGVAL] llquantize( ) argument #3 (low magnitude) must be between 0 and 65535");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, 0, arg1, 10); }",
	   "[D_LLQUANT_HMAGTYPE] llquantize( ) argument #4 (high magnitude) must be an integer constant");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, 0, 5, arg1); }",
	   "[D_LLQUANT_STEPTYPE] llquantize( ) argument #5 (number of steps) must be an integer constant");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, 5, 5, 10); }",
	   "[D_LLQUANT_HMAGVAL] llquantize( ) argument #4 (high magnitude) must be greater than argument #3 (low magnitude) and at most 65535");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, 0, 5, 4); }",
	   "[D_LLQUANT_STEPVAL] llquantize( ) argument #5 (number of steps) must be a multiple of argument #2 (factor) or divide it, and at most 65535");
	ck(dtp, "BEGIN { @few = llquantize(arg0, 10, 0, 5, 5); }", "OK");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, 0, 5, 15); }",
	   "[D_LLQUANT_STEPVAL] llquantize( ) argument #5 (number of steps) must be a multiple of argument #2 (factor) or divide it, and at most 65535");
	ck(dtp, "BEGIN { @a = llquantize(arg0, 10, 0, 30, 10); }",
	   "[D_LLQUANT_MAGTOOBIG] llquantize( ) argument #2 (factor) raised to the power of argument #4 (high magnitude) plus one overflows 63 bits");

	ck(dtp, "BEGIN { printa(@nosuch); }",
	   "[D_AGG_UNDEF] failed to resolve @nosuch: Unknown aggregation name");
	ck(dtp, "BEGIN { @pa1[1] = count(); printa(\"%s %@d\", @pa1); }",
	   "[D_PRINTF_ARG_TYPE] printa( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: string\n\t  argument: int");
	ck(dtp, "BEGIN { @pa2[1] = count(); printa(\"%d %@d %8@d\", @pa2); }",
	   "OK");
	ck(dtp, "BEGIN { @pa3[1] = count(); @pb3[1] = count(); printa(\"%d %@d %@d %@d\", @pa3, @pb3); }",
	   "[D_PRINTF_CONV] printa( ) prototype mismatch: conversion #4 (%@d) has no corresponding aggregation");
	/* an aggregation may be named again: its value in two columns */
	ck(dtp, "BEGIN { @a = count(); printa(\"%@d %@d\", @a, @a); }", "OK");
	ck(dtp, "BEGIN { @a = count(); printa(1); }",
	   "[D_PRINTA_AGGARG] printa( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int");
	/* no argument at all is the generic count check's; a lone format printa's */
	ck(dtp, "BEGIN { printa(); }",
	   "[D_PROTO_LEN] printa( ) prototype mismatch: 0 args passed, at least 1 expected");
	/* the aggregations printed side by side have keys of one signature */
	ck(dtp, "BEGIN { @pk1[1, \"a\"] = count(); @pk2[2, \"b\"] = sum(1); @pk3[\"a\", 1] = count(); @pk4[1] = count(); }"
	   " END { printa(@pk1, @pk2); printa(\"%d %s %@d\\n\", @pk2, @pk1); }", "OK");
	ck(dtp, "BEGIN { @pk5[1, \"a\"] = count(); @pk6[\"a\", 1] = count(); printa(@pk5, @pk6); }",
	   "[D_PRINTA_AGGPROTO] printa( ) argument #2 is incompatible with prototype:\n\tprototype: aggregation keyed [int, string]\n\t argument: aggregation keyed [string, int]");
	ck(dtp, "BEGIN { @pk7[1, 2] = count(); @pk8[1] = count(); printa(\"%@d %@d\", @pk7, @pk8); }",
	   "[D_PRINTA_AGGPROTO] printa( ) argument #3 is incompatible with prototype:\n\tprototype: aggregation keyed [int, int]\n\t argument: aggregation keyed [int]");
	ck(dtp, "BEGIN { printa(\"%d\"); }",
	   "[D_PRINTA_PROTO] printa( ) prototype mismatch: 1 arg passed, at least 2 expected");
	ck(dtp, "BEGIN { @a = count(); clear(@a[1]); }",
	   "[D_PROTO_ARG] clear( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: aggregation element");
	ck(dtp, "BEGIN { @a = count(); trunc(1); }",
	   "[D_TRUNC_AGGARG] trunc( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int");
	ck(dtp, "BEGIN { @a = count(); trunc(@a, \"x\"); }",
	   "[D_PROTO_ARG] trunc( ) argument #2 is incompatible with prototype:\n\tprototype: integer\n\t argument: string");
	ck(dtp, "BEGIN { @a = count(); normalize(@a); }",
	   "[D_PROTO_LEN] normalize( ) prototype mismatch: 1 arg passed, 2 expected");
	ck(dtp, "BEGIN { @a = count(); normalize(\"x\", 1); }",
	   "[D_NORMALIZE_AGGARG] normalize( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: string");
	ck(dtp, "BEGIN { @a = count(); normalize(@a, execname); }",
	   "[D_PROTO_ARG] normalize( ) argument #2 is incompatible with prototype:\n\tprototype: integer\n\t argument: string");
	ck(dtp, "BEGIN { setopt(execname); }",
	   "[D_SETOPT_ARG] setopt( ) argument #1 must be a string constant");
	ck(dtp, "BEGIN { setopt(\"quiet\", 1); }",
	   "[D_PROTO_ARG] setopt( ) argument #2 is incompatible with prototype:\n\tprototype: char *\n\t argument: int");
	/* the value may be any string, recorded when the probe fires */
	ck(dtp, "BEGIN { setopt(\"quiet\", execname); }", "OK");

	ck(dtp, "BEGIN { func(caller); mod(caller); sym(caller); ufunc(1); }",
	   "OK");
	ck(dtp, "BEGIN { if (1) { func(caller); } }",
	   "[D_UNSUPPORTED] actions inside if statements are not supported yet");
	ck(dtp, "BEGIN { x = sym(1); }",
	   "[D_SYM_EXPR] sym( ) may only be used as a trace( ) or printf( ) argument or as an aggregation key");
	ck(dtp, "BEGIN { trace(usym(\"x\")); }",
	   "[D_PROTO_ARG] usym( ) argument #1 is incompatible with prototype:\n\tprototype: address\n\t argument: string");
	ck(dtp, "BEGIN { trace(func()); }",
	   "[D_PROTO_LEN] func( ) prototype mismatch: 0 args passed, 1 expected");

	ck(dtp, "BEGIN { x = speculation(1); }",
	   "[D_PROTO_LEN] speculation( ) prototype mismatch: 1 arg passed, 0 expected");
	ck(dtp, "BEGIN { speculate(\"x\"); }",
	   "[D_PROTO_ARG] speculate( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	ck(dtp, "BEGIN { trace(1); speculate(1); }",
	   "[D_SPEC_DREC] speculate( ) may not follow data-recording action(s)");
	ck(dtp, "BEGIN { @a = count(); speculate(1); }",
	   "[D_SPEC_DREC] speculate( ) may not follow data-recording action(s)");
	ck(dtp, "BEGIN { speculate(1); speculate(1); }",
	   "[D_SPEC_SPEC] speculate( ) may not follow speculate( )");
	ck(dtp, "BEGIN { speculate(1); @a = count(); }",
	   "[D_AGG_SPEC] aggregating actions may not follow speculate( )");
	ck(dtp, "BEGIN { speculate(1); exit(0); }",
	   "[D_EXIT_SPEC] exit( ) may not follow speculate( )");
	ck(dtp, "BEGIN { commit(1); speculate(1); }",
	   "[D_SPEC_COMM] speculate( ) may not follow commit( ) or discard( )");
	ck(dtp, "BEGIN { speculate(1); discard(1); }",
	   "[D_COMM_SPEC] discard( ) may not follow speculate( )");
	ck(dtp, "BEGIN { commit(1); commit(2); }",
	   "[D_COMM_COMM] commit( ) may not follow commit( ) or discard( )");
	ck(dtp, "BEGIN { trace(1); commit(1); }",
	   "[D_COMM_DREC] commit( ) may not follow data-recording action(s)");
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
	ck(dtp, "BEGIN /y == 1/ { z = 2; }",
	   "[D_IDENT_UNDEF] failed to resolve y: Unknown variable name");
	ck(dtp, "BEGIN /p1 % 2 == 0/ { @pc = count(p1++); }",
	   "[D_PROTO_LEN] count( ) prototype mismatch: 1 arg passed, 0 expected");
	ck(dtp, "BEGIN /p2 % 2 == 0/ { @ps = sum(p2++); }", "OK");
	/* x op= y reads x: it must exist; ++ makes it */
	ck(dtp, "BEGIN { q1 -= trace(0); }",
	   "[D_VAR_UNDEF] q1 has not yet been declared or assigned");
	ck(dtp, "BEGIN { q2 += 1; }",
	   "[D_VAR_UNDEF] q2 has not yet been declared or assigned");
	ck(dtp, "BEGIN { q3 = 1; q3 += 1; q4++; q4 *= 2; }", "OK");
	/* += and -= with a void * have no size to step by */
	ck(dtp, "BEGIN { q5 = 1; q5 -= alloca(10); }",
	   "[D_OP_VFPTR] operator -= requires left-hand scalar operand of known size");
	ck(dtp, "BEGIN { q6 = alloca(10); q6 += 1; }",
	   "[D_OP_VFPTR] operator += requires left-hand scalar operand of known size");
	ck(dtp, "BEGIN { nosuch(1) }",
	   "[D_IDENT_UNDEF] failed to resolve nosuch: Unknown function name");
	ck(dtp, "BEGIN { pid }", "OK");
	ck(dtp, "BEGIN { trace(nosuch(1)) }",
	   "[D_IDENT_UNDEF] failed to resolve nosuch: Unknown function name");
	ck(dtp, "BEGIN { trace(strlen(\"a\")) }", "OK");
	ck(dtp, "BEGIN { trace(trace(1)) }",
	   "[D_OP_VOID] trace( ) is an action and may not be used in an expression");
	ck(dtp, "BEGIN { v0 = 1 }", "OK");
	ck(dtp, "BEGIN { trace(execname == 1) }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"string\" == \"int\"");
	ck(dtp, "BEGIN { trace(pid != \"x\") }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"pid_t\" != \"string\"");
	ck(dtp, "BEGIN { trace(\"a\" - 1) }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"string\" - \"int\"");
	ck(dtp, "BEGIN { trace(probename % 2) }",
	   "[D_OP_INT] operator % requires operands of integral type");
	ck(dtp, "BEGIN { trace(\"a\" & \"b\") }",
	   "[D_OP_INT] operator & requires operands of integral type");
	ck(dtp, "BEGIN { trace(\"a\" * 2) }",
	   "[D_OP_ARITH] operator * requires operands of arithmetic type");
	ck(dtp, "BEGIN { p = 123 + -trace(0) }",
	   "[D_OP_ARITH] operator - requires an operand of arithmetic type");
	ck(dtp, "BEGIN { x = pid == 0 ? trace(0) : trace(1) }",
	   "[D_OP_ACT] action cannot be used in a conditional context");
	ck(dtp, "BEGIN { x = pid == 0 ? printf(\"a\") : trace() }",
	   "[D_PROTO_LEN] trace( ) prototype mismatch: 0 args passed, 1 expected");
	ck(dtp, "BEGIN { trace((void *)0 + 1) }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"void *\" + \"int\"");
	ck(dtp, "BEGIN { trace(*(void *)0) }",
	   "[D_DEREF_VOID] cannot dereference pointer to void");
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
	ck(dtp, "BEGIN { (struct task_struct)trace(1) }",
	   "[D_CAST_INVAL] invalid cast expression: \"void\" to \"struct task_struct\"");
	ck(dtp, "BEGIN { trace(((char *)execname)[0]) }", "OK");
	ck(dtp, "char *cs; BEGIN { cs = probeprov; trace(cs[0]) }", "OK");
	ck(dtp, "int *is; BEGIN { is = probeprov }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"int *\" = \"string\"");
	ck(dtp, "BEGIN { c = 123 / ((7 - 7) * 999) }",
	   "[D_DIV_ZERO] expression contains division by zero");
	ck(dtp, "BEGIN { c = 5; c %= (1 << 2) - 4 }",
	   "[D_DIV_ZERO] expression contains division by zero");
	ck(dtp, "BEGIN { c = 5; c = c / (c - c) + 1 / (2 - 1) }", "OK");
	ck(dtp, "BEGIN /execname/ { }",
	   "[D_PRED_SCALAR] predicate result must be of scalar type");
	ck(dtp, "BEGIN { trace() }",
	   "[D_PROTO_LEN] trace( ) prototype mismatch: 0 args passed, 1 expected");
	ck(dtp, "BEGIN { trace(1, 2) }",
	   "[D_PROTO_LEN] trace( ) prototype mismatch: 2 args passed, 1 expected");
	ck(dtp, "BEGIN { exit() }",
	   "[D_PROTO_LEN] exit( ) prototype mismatch: 0 args passed, 1 expected");
	ck(dtp, "BEGIN { exit(\"a\") }",
	   "[D_PROTO_ARG] exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	ck(dtp, "BEGIN { printf() }",
	   "[D_PROTO_LEN] printf( ) prototype mismatch: 0 args passed, at least 1 expected");
	ck(dtp, "BEGIN { printf(1) }",
	   "[D_PROTO_ARG] printf( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int");
	ck(dtp, "BEGIN { printf(\"%d %d\", 1) }",
	   "[D_PRINTF_ARG_PROTO] printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument");
	ck(dtp, "BEGIN { printf(\"%d\", 1, 2) }",
	   "[D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 1 arguments required by this format string");
	ck(dtp, "BEGIN { printf(\"hi\", 2) }",
	   "[D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 0 arguments required by this format string");
	ck(dtp, "BEGIN { printf(\"%d\", execname) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string");
	ck(dtp, "BEGIN { printf(\"%s %s\", execname, pid) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #3 is incompatible with conversion #2 prototype:\n\tconversion: %s\n\t prototype: string\n\t  argument: pid_t");
	ck(dtp, "BEGIN { printf(\"%*d\", \"w\", 1) }",
	   "[D_PRINTF_DYN_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string");
	ck(dtp, "BEGIN { printf(\"%q\", 1) }",
	   "[D_SYNTAX] format conversion #1 is undefined: %q");
	ck(dtp, "BEGIN { printf(\"%5\", 1) }",
	   "[D_SYNTAX] format conversion #1 name expected before end of format string");
	/* %k takes stack(), and only %k does */
	ck(dtp, "BEGIN { printf(\"%k\", stack(3)) }", "OK");
	ck(dtp, "BEGIN { printf(\"%k\", 1) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %k\n\t prototype: stack\n\t  argument: int");
	ck(dtp, "BEGIN { printf(\"%d\", stack()) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: stack");
	ck(dtp, "BEGIN { printf(\"%k\", stack(0)) }",
	   "[D_STACK_SIZE] stack( ) argument #1 must be a non-zero positive integer constant");
	ck(dtp, "BEGIN { trace(stack()) }",
	   "[D_OP_VOID] stack( ) is an action and may not be used in an expression");
	/* variables, issue 3 */
	ck(dtp, "BEGIN { v1 = 1; v1 = \"a\" }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"int\" = \"string\"");
	ck(dtp, "BEGIN { v2 = \"a\"; v2 = 1 }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"int\"");
	ck(dtp, "BEGIN { self->t = timestamp } END /self->t/ { trace(timestamp - self->t) }",
	   "OK");
	ck(dtp, "BEGIN { trace(self->never) }", "OK");
	ck(dtp, "BEGIN { this->x = 1; this->x += 2; this->x++; --this->x }",
	   "OK");
	ck(dtp, "BEGIN { a1[1, \"x\"] = 2; trace(a1[2, \"y\"]) }", "OK");
	ck(dtp, "BEGIN { a2[1] = 2; trace(a2[\"y\"]) }",
	   "[D_PROTO_ARG] a2[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string");
	ck(dtp, "BEGIN { a3[1] = 2; trace(a3[1, 2]) }",
	   "[D_PROTO_LEN] a3[ ] prototype mismatch: 2 keys passed, 1 expected");
	ck(dtp, "BEGIN { a4 = 1; trace(a4[1]) }",
	   "[D_ASSOC_SCALAR] a4 is a scalar and may not be indexed");
	ck(dtp, "BEGIN { a5[1] = 1; trace(a5) }",
	   "[D_IDENT_BADREF] associative array 'a5' may not be referenced as scalar");
	ck(dtp, "BEGIN { this->a[1] = 1 }",
	   "[D_DECL_LOCASSC] associative arrays may not be declared as local variables: this->a");
	ck(dtp, "BEGIN { self->a[execname] = 1; trace(self->a[\"x\"]) }", "OK");
	ck(dtp, "BEGIN { pid = 1 }",
	   "[D_OP_WRITE] operator = can only be applied to a writable variable");
	ck(dtp, "BEGIN { 1 = 1 }",
	   "[D_OP_LVAL] operator = requires modifiable lvalue as an operand");
	ck(dtp, "BEGIN { v7++; v7 += 2 }", "OK");
	ck(dtp, "BEGIN { v3 = trace(1) }",
	   "[D_OP_VOID] trace( ) is an action and may not be used in an expression");
	ck(dtp, "BEGIN { v4 = bcopy(0, alloca(1), 1) }",
	   "[D_OP_VOID] operator = requires a non-void right operand");
	ck(dtp, "BEGIN { v5 = \"a\"; v5 += 1 }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"string\" += \"int\"");

	/* subroutines */
	ck(dtp, "BEGIN { trace(substr(\"abc\", 1)); trace(substr(\"abc\", 1, 1)) }",
	   "OK");
	ck(dtp, "BEGIN { trace(substr(\"abc\")) }",
	   "[D_PROTO_LEN] substr( ) prototype mismatch: 1 arg passed, at least 2 expected");
	ck(dtp, "BEGIN { trace(strlen(1)) }",
	   "[D_PROTO_ARG] strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int");
	ck(dtp, "BEGIN { trace(strjoin(\"a\")) }",
	   "[D_PROTO_LEN] strjoin( ) prototype mismatch: 1 arg passed, 2 expected");
	ck(dtp, "BEGIN { trace(rand()) }", "OK");
	ck(dtp, "BEGIN { trace(strtok(0, \",\")) }", "OK");
	ck(dtp, "BEGIN { trace(lltostr(1, 16)); trace(strtoll(\"12\")) }", "OK");
	ck(dtp, "BEGIN { trace(copyinstr(arg0)); trace(htonl(1)) }", "OK");
	/* destructive ones compile; enabling them needs -w (dt_enable.c) */
	ck(dtp, "BEGIN { copyout(0, arg0, 1) }", "OK");
	ck(dtp, "BEGIN { trace(bcopy(0, alloca(1), 1)) }",
	   "[D_TRACE_VOID] trace( ) may not be applied to a void expression");

	/* actions */
	ck(dtp, "BEGIN { stack(); ustack(5); stack(3) }", "OK");
	ck(dtp, "BEGIN { stack(0) }",
	   "[D_STACK_SIZE] stack( ) argument #1 must be a non-zero positive integer constant");
	ck(dtp, "BEGIN { stack(arg0) }",
	   "[D_STACK_SIZE] stack( ) argument #1 must be a non-zero positive integer constant");
	ck(dtp, "BEGIN { stack(-1) }",
	   "[D_STACK_SIZE] stack( ) argument #1 must be a non-zero positive integer constant");
	ck(dtp, "BEGIN { stack(\"x\") }",
	   "[D_PROTO_ARG] stack( ) argument #1 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: string");
	ck(dtp, "BEGIN { ustack(1, \"x\") }",
	   "[D_PROTO_ARG] ustack( ) argument #2 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: string");
	ck(dtp, "BEGIN { jstack(1, arg0) }",
	   "[D_USTACK_PROTO] jstack( ) argument #2 must be a non-zero positive integer constant");
	ck(dtp, "BEGIN { ustack(0) }",
	   "[D_USTACK_PROTO] ustack( ) argument #1 must be a non-zero positive integer constant");
	ck(dtp, "BEGIN { raise(9); stop(); chill(1); system(\"ls\"); panic() }",
	   "OK");
	ck(dtp, "BEGIN { raise(\"a\") }",
	   "[D_PROTO_ARG] raise( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	ck(dtp, "BEGIN { stop(1) }",
	   "[D_PROTO_LEN] stop( ) prototype mismatch: 1 arg passed, 0 expected");
	ck(dtp, "BEGIN { tracemem(arg0, 16); print(curthread) }", "OK");
	ck(dtp, "BEGIN { freopen(\"/tmp/%s.out\", execname); ftruncate(); freopen(\"\"); printf(\"%@T %@Y\", 1) }",
	   "[D_PRINTF_AGG_CONV] %@ conversion requires an aggregation and is not for use with printf( )");
	ck(dtp, "BEGIN { @a = count(); printf(\"%d\", @a) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: aggregation");
	ck(dtp, "BEGIN { printf(\"%s\", printf(\"\")) }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: string\n\t  argument: void");
	ck(dtp, "BEGIN { printf(\"%*.*d\", 1, 2, \"\") }",
	   "[D_PRINTF_ARG_TYPE] printf( ) argument #4 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string");
	ck(dtp, "BEGIN { @w = max(walltimestamp); freopen(\"/tmp/%s.out\", execname); ftruncate(); freopen(\"\"); printa(\"%@T %@Y\\n\", @w); printf(\"%T\", walltimestamp) }",
	   "OK");
	ck(dtp, "BEGIN { ftruncate(1) }",
	   "[D_PROTO_LEN] ftruncate( ) prototype mismatch: 1 arg passed, 0 expected");
	ck(dtp, "BEGIN { freopen(\".\") }",
	   "[D_FREOPEN_INVALID] freopen( ) argument #1 cannot be \".\"");
	ck(dtp, "BEGIN { freopen(\"./.\"); freopen(\"..\"); freopen(\"%s\", \".\") }",
	   "OK");
	ck(dtp, "BEGIN { freopen(1) }",
	   "[D_PROTO_ARG] freopen( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int");
	ck(dtp, "BEGIN { print(pid) }",
	   "[D_PROTO_ARG] print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: pid_t");
	ck(dtp, "BEGIN { tracemem(probename, 8); tracemem(\"ab\", 2) }", "OK");
	ck(dtp, "BEGIN { pcap(arg0, 101); pcap((void *)arg0, 1) }", "OK");
	ck(dtp, "struct { int a; } s; BEGIN { pcap(s, 1) }",
	   "[D_PROTO_ARG] pcap( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: struct ");
	ck(dtp, "BEGIN { pcap(0, \"a\") }",
	   "[D_PROTO_ARG] pcap( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	ck(dtp, "BEGIN { pcap() }",
	   "[D_PROTO_LEN] pcap( ) prototype mismatch: 0 args passed, 2 expected");
	ck(dtp, "BEGIN { pcap(1, 2, 3) }",
	   "[D_PROTO_LEN] pcap( ) prototype mismatch: 3 args passed, 2 expected");
	ck(dtp, "struct sq { int a; }; struct sq s; BEGIN { tracemem(s, 4) }",
	   "[D_TRACEMEM_ADDR] tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: struct sq");
	ck(dtp, "BEGIN { tracemem(arg0, \"x\") }",
	   "[D_PROTO_ARG] tracemem( ) argument #2 is incompatible with prototype:\n\tprototype: size_t\n\t argument: string");
	ck(dtp, "BEGIN { tracemem(arg0, -4) }",
	   "[D_TRACEMEM_SIZE] tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	ck(dtp, "BEGIN { tracemem(arg0, 16, arg1); tracemem(arg0, 4, -1) }",
	   "OK");
	ck(dtp, "BEGIN { tracemem(arg0, 16, \"x\") }",
	   "[D_PROTO_ARG] tracemem( ) argument #3 is incompatible with prototype:\n\tprototype: ssize_t\n\t argument: string");
	ck(dtp, "BEGIN { tracemem(arg0, 0) }",
	   "[D_TRACEMEM_SIZE] tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	ck(dtp, "BEGIN { printf(\"%?d|\\n\", 1, 2) }",
	   "[D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 1 arguments required by this format string");
	ck(dtp, "BEGIN { printf(\"%s %.*d\", \"a\") }",
	   "[D_PRINTF_DYN_PROTO] printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding \".*\" argument");
	ck(dtp, "BEGIN { printf(\"%*x\") }",
	   "[D_PRINTF_DYN_PROTO] printf( ) prototype mismatch: conversion #1 (%x) is missing a corresponding \"*\" argument");
	ck(dtp, "BEGIN { printf(\"%2$d\", 1) }",
	   "[D_SYNTAX] format conversion #1 uses unsupported positional format (%n$)");
	ck(dtp, "BEGIN { tracemem(arg0, arg1) }",
	   "[D_TRACEMEM_SIZE] tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	ck(dtp, "BEGIN { trace(args[1]); trace(uregs[0]) }", "OK");
	/* inlines with a parameter: name[type param] */
	ck(dtp, "inline string nm[int s] = s == 1 ? \"one\" : \"other\"; BEGIN { trace(nm[1]); trace(nm[pid]); }",
	   "OK");
	ck(dtp, "inline string nm2[int s] = s == 1 ? \"one\" : \"other\"; BEGIN { trace(nm2); }",
	   "[D_ARR_BADREF] inline nm2 takes an index: nm2[int]");
	ck(dtp, "inline string nm3[int s] = \"x\"; BEGIN { trace(nm3[\"a\"]); }",
	   "[D_ARGS_TYPE] index of inline nm3 must be of type int");
	ck(dtp, "inline string nm4[int s] = \"x\"; BEGIN { trace(nm4[1, 2]); }",
	   "[D_ARR_BADREF] inline nm4 takes one index");
	ck(dtp, "int nm5[int s]; BEGIN { trace(1); }",
	   "[D_DECL_USELESS] only an inline takes a parameter: nm5[s]");
	ck(dtp, "inline string nm6[int s][int t] = \"x\";",
	   "[D_DECL_ARRSUB] an inline takes one [type name] parameter");
	ck(dtp, "BEGIN { trace(args[10]) }",
	   "[D_ARGS_IDX] index 10 is out of range for args[ ]");
	ck(dtp, "struct sa1 { int x, y; }; struct sw1 { struct sa1 a; }; struct sw1 A1;"
	   " struct sa1 B1; BEGIN { A1.a += B1; }",
	   "[D_OP_LVAL] operator += requires modifiable lvalue as an operand");
	ck(dtp, "struct sa2 { int x, y; }; struct sw2 { struct sa2 a; int b; }; struct sw2 A2;"
	   " BEGIN { A2.a = A2; }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"struct sa2\" = \"struct sw2\"");
	/* 0 frees a dynamic variable, whatever its type; a global is not one */
	ck(dtp, "struct sz { int x; }; struct sz zs; BEGIN { dz1[1] = zs; dz1[1] = 0; self->dz2 = zs; self->dz2 = 0 }",
	   "OK");
	ck(dtp, "union uz { int x; }; union uz zu; BEGIN { dz3[\"k\"] = zu; dz3[\"k\"] = 0 }",
	   "OK");
	ck(dtp, "struct sg { int x; }; struct sg g, h; BEGIN { g = h; g = 0 }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"struct sg\" = \"int\"");
	ck(dtp, "struct sn { int x; }; struct sn zn; BEGIN { dz4[1] = zn; dz4[1] = 1 }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"struct sn\" = \"int\"");
	ck(dtp, "BEGIN { trace(args[-1]) }",
	   "[D_ARGS_IDX] index -1 is out of range for args[ ]");
	ck(dtp, "BEGIN { trace(args[2 * 5 - 11]) }",
	   "[D_ARGS_IDX] index -1 is out of range for args[ ]");
	/* a constant index past a declared array's bounds; a cast lifts it */
	ck(dtp, "int ga[4]; BEGIN { ga[4] = 9; }",
	   "[D_ARR_BOUNDS] index 4 is out of range for an array of 4 elements");
	ck(dtp, "int gb[4]; BEGIN { trace(gb[2 - 3]); }",
	   "[D_ARR_BOUNDS] index -1 is out of range for an array of 4 elements");
	ck(dtp, "int gc[4]; BEGIN { gc[3] = 1; trace(gc[0]); trace(gc[pid]); trace(((int *)gc)[4]); }",
	   "OK");
	/* an array held in an associative array faults at run time instead */
	ck(dtp, "int aa[int][4]; BEGIN { aa[1][4] = 5; aa[1][-5] = 6; trace(aa[2][4]); }",
	   "OK");
	ck(dtp, "BEGIN { trace(curthread->comm[16]) }",
	   "[D_ARR_BOUNDS] index 16 is out of range for an array of 16 elements");
	ck(dtp, "BEGIN { trace(curthread->comm[15]); trace(((char *)curthread->comm)[16]) }",
	   "OK");
	ck(dtp, "BEGIN { trace(args) }", "[D_IDENT_BADREF] args[ ] must be indexed");
	ck(dtp, "BEGIN { trace(*pid) }",
	   "[D_DEREF_NONPTR] operator * requires an operand of pointer type");
	ck(dtp, "BEGIN { trace(pid->x) }",
	   "[D_OP_PTR] operator -> must be applied to a pointer to a struct or union; the operand is \"pid_t\"");
	ck(dtp, "BEGIN { v6 = 1; trace(&v6) }",
	   "[D_ADDROF_VAR] cannot take address of dynamic variable");
	ck(dtp, "BEGIN { trace(errno); trace(curthread); trace(ipl); trace(caller) }",
	   "OK");

	/* kernel types through BTF (host vmlinux) */
	ck(dtp, "BEGIN { trace(curthread->pid); trace(curthread->comm) }", "OK");
	ck(dtp, "BEGIN { trace(curthread->real_parent->real_parent->tgid) }",
	   "OK");
	ck(dtp, "BEGIN { trace(sizeof(((struct cgroup *)0)->self)); "
	   "trace(((struct cgroup *)0)->/* a member */self.cgroup->self.flags) }",
	   "OK");
	ck(dtp, "BEGIN { trace(curthread->no_such) }",
	   "[D_TYPE_MEMBER] no_such is not a member of struct task_struct");
	ck(dtp, "BEGIN { trace(curthread.pid) }",
	   "[D_OP_SOU] operator . cannot be applied to type \"struct task_struct *\"; must be applied to a struct or union");
	ck(dtp, "BEGIN { trace(curthread->comm[0]); trace(&curthread->pid) }",
	   "OK");
	ck(dtp, "BEGIN { trace(*curthread); trace(curthread->se) }", "OK");
	ck(dtp, "BEGIN { trace(curthread + 1); trace(curthread - curthread) }",
	   "OK");
	ck(dtp, "BEGIN { trace(curthread == 0); trace(curthread != curthread) }",
	   "OK");
	ck(dtp, "BEGIN { k1 = curthread; trace(k1->pid) }", "OK");
	ck(dtp, "BEGIN { k2 = *curthread; trace(k2.pid) }", "OK");
	ck(dtp, "BEGIN { k3[curthread->comm] = 1; trace(k3[execname]) }", "OK");
	ck(dtp, "BEGIN { trace(curthread->comm == execname) }", "OK");
	ck(dtp, "BEGIN { trace(curthread->pid - \"a\") }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"pid_t\" - \"string\"");
	ck(dtp, "BEGIN { trace(*curthread->comm) }",
	   "[D_DEREF_NONPTR] operator * requires an operand of pointer type");
	ck(dtp, "BEGIN { curthread->pid = 1 }",
	   "[D_OP_LVAL] operator = requires modifiable lvalue as an operand");
	/* scratch typed as a kernel struct may be filled in */
	ck(dtp, "BEGIN { t = (struct task_struct *)alloca(sizeof(struct task_struct)); t->pid = 1 }",
	   "OK");
	ck(dtp, "BEGIN { trace(inet_ntoa6((void *)0, 1)) }", "OK");
	ck(dtp, "BEGIN { trace(strlen(curthread)) }",
	   "[D_PROTO_ARG] strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: struct task_struct *");
	ck(dtp, "BEGIN { trace(d_path(&curthread->fs->pwd)) }", "OK");
	ck(dtp, "BEGIN { trace(inet_ntoa(&arg0)) }",
	   "[D_OP_LVAL] operator & requires an lvalue as an operand");

	/* more of variables and operators */
	ck(dtp, "BEGIN { w1 = \"a\"; w1 = execname; w1 = strjoin(w1, w1) }", "OK");
	ck(dtp, "BEGIN { w2 = 1; w2 = 2L; w2 = 'c' }", "OK");
	ck(dtp, "BEGIN { w3 = curthread; w3 = 0 }", "OK");
	ck(dtp, "BEGIN { w4 = curthread; w4 = 1 }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"struct task_struct *\" = \"int\"");
	ck(dtp, "BEGIN { w5 = 1; w5 <<= 2; w5 >>= 1; w5 %= 3 }", "OK");
	ck(dtp, "BEGIN { w6 = 1; w6 /= 0 }",
	   "[D_DIV_ZERO] expression contains division by zero");
	ck(dtp, "BEGIN { w7 = \"x\"; w7++ }",
	   "[D_OP_SCALAR] operator ++ requires operand of scalar type");
	ck(dtp, "BEGIN { w8[1, 2, 3] = 1; w8[1, 2, 3]++ }", "OK");
	ck(dtp, "BEGIN { w9[\"a\"] = \"b\"; trace(w9[\"a\"] == \"b\") }", "OK");
	ck(dtp, "BEGIN { trace(pid ? \"a\" : 1) }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"string\" : \"int\"");
	ck(dtp, "BEGIN { trace(strchr(execname, 'd') == 0) }", "OK");
	ck(dtp, "BEGIN { trace(index(execname, \"t\", 1)) }", "OK");
	ck(dtp, "BEGIN { trace(index(execname)) }",
	   "[D_PROTO_LEN] index( ) prototype mismatch: 1 arg passed, at least 2 expected");
	ck(dtp, "BEGIN { trace(rand(1)) }",
	   "[D_PROTO_LEN] rand( ) prototype mismatch: 1 arg passed, 0 expected");
	ck(dtp, "BEGIN { trace(strtok(1, \",\")) }",
	   "[D_PROTO_ARG] strtok( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int");
	ck(dtp, "BEGIN { trace(htons(\"a\")) }",
	   "[D_PROTO_ARG] htons( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string");
	ck(dtp, "BEGIN { trace(alloca(8)); bcopy(curthread, alloca(8), 8) }",
	   "OK");
	ck(dtp, "BEGIN { trace(copyin(arg0, 8)); copyinto(arg0, 8, alloca(8)) }",
	   "OK");
	ck(dtp, "BEGIN { trace(getmajor(0) + getminor(0) + progenyof(1)) }",
	   "OK");
	ck(dtp, "BEGIN { trace(mutex_owned((struct mutex *)arg0) + rw_iswriter(arg0)) }",
	   "OK");
	ck(dtp, "BEGIN { trace(mutex_owned(arg0)) }",
	   "[D_PROTO_ARG] mutex_owned( ) argument #1 is incompatible with prototype:\n\tprototype: struct mutex *\n\t argument: int64_t");
	ck(dtp, "BEGIN { trace(mutex_type_adaptive((void *)0) + mutex_type_spin(0)) }",
	   "OK");
	ck(dtp, "BEGIN { trace(link_ntop(1, arg0)) }", "OK");
	ck(dtp, "BEGIN { trace(progenyof(trace(1))) }",
	   "[D_PROTO_ARG] progenyof( ) argument #1 is incompatible with prototype:\n\tprototype: pid_t\n\t argument: void");
	ck(dtp, "BEGIN { trace(strlen(0)); trace(strlen((void *)0)); trace(strtok(0, (void *)0)) }",
	   "OK");
	ck(dtp, "BEGIN { s1 = \"a\"; s1 = (void *)0; s1 = 0; this->s = \"b\"; this->s = 0; trace(s1 != (void *)0 && \"x\" == 0 && 0 != execname) }",
	   "OK");
	ck(dtp, "BEGIN { s3 = \"ab\"; this->s = s3; self->s = s3; a3[1] = s3; trace(s3[1] + this->s[0] + self->s[1] + a3[1][0] + execname[0]) }",
	   "OK");
	ck(dtp, "BEGIN { trace(args[\"a\"]) }",
	   "[D_PROTO_ARG] args[ ] index must be of integral type");
	ck(dtp, "self sx; this tx; BEGIN { self->sx = 1; this->tx = 2; trace(self->sx + this->tx) }",
	   "OK");
	ck(dtp, "self sy; BEGIN { self->sy = execname }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"int\" = \"string\"");
	ck(dtp, "BEGIN { s2 = \"a\"; s2 = 1 }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"string\" = \"int\"");
	ck(dtp, "BEGIN { trace(substr((void *)0, 1)); bcopy(\"ab\", alloca(2), 2) }", "OK");
	ck(dtp, "BEGIN { ustack(1, 2); stack(128) }", "OK");
	ck(dtp, "BEGIN { stack(129) }",
	   "[D_STACK_SIZE] stack( ) argument #1 must be between 1 and 128");
	ck(dtp, "BEGIN { stack(1, 2) }",
	   "[D_PROTO_LEN] stack( ) prototype mismatch: 2 args passed, at most 1 expected");
	ck(dtp, "BEGIN { print() }",
	   "[D_PROTO_LEN] print( ) prototype mismatch: 0 args passed, 1 expected");
	ck(dtp, "BEGIN { breakpoint() }",
	   "[D_UNSUPPORTED] breakpoint( ) is not available on Linux");
	ck(dtp, "BEGIN { trace(uregs[\"a\"]) }",
	   "[D_PROTO_ARG] uregs[ ] index must be of integral type");
	ck(dtp, "BEGIN { trace(x9[1]) }",
	   "[D_IDENT_UNDEF] failed to resolve x9: Unknown variable name");
	/* declarations, inlines, translators, casts, if (issue 3) */
	ck(dtp, "int dv1; BEGIN { dv1 = 1 }", "OK");
	ck(dtp, "int dv2; BEGIN { dv2 = \"a\" }",
	   "[D_OP_INCOMPAT] operands have incompatible types: \"int\" = \"string\"");
	ck(dtp, "self int dv3; BEGIN { self->dv3 = 1 }", "OK");
	ck(dtp, "this string dv4; BEGIN { this->dv4 = \"a\" }", "OK");
	ck(dtp, "int dv5[string]; BEGIN { dv5[\"a\"] = 1; dv5[1] = 1 }",
	   "[D_PROTO_ARG] dv5[ ] key #1 is incompatible with prototype:\n\tprototype: string\n\t      key: int");
	ck(dtp, "int dv6; string dv6;",
	   "[D_DECL_IDRED] identifier redeclared: dv6");
	ck(dtp, "inline int FOUR = 2 + 2; BEGIN { trace(FOUR) }", "OK");
	ck(dtp, "inline string NM = execname; BEGIN { trace(NM == \"x\") }",
	   "OK");
	ck(dtp, "BEGIN { trace((char)300); trace((unsigned char)-1) }", "OK");
	ck(dtp, "BEGIN { trace((struct task_struct *)arg0) }", "OK");
	ck(dtp, "BEGIN { trace((string)1) }",
	   "[D_CAST_INVAL] invalid cast expression: \"int\" to \"string\"");
	/* (string) of a void *: the string it points to, as DTrace */
	ck(dtp, "BEGIN { trace((string)alloca(4)); trace((string)(void *)arg0) }",
	   "OK");
	ck(dtp, "BEGIN { trace((string)(int *)arg0) }",
	   "[D_CAST_INVAL] invalid cast expression: \"int *\" to \"string\"");
	ck(dtp, "BEGIN { trace(sizeof(curthread->comm)) }", "OK");
	ck(dtp, "BEGIN { trace(stringof(curthread->comm)) }", "OK");
	ck(dtp, "struct xin { int a; }; struct xout { int b; }; translator struct xout < struct xin *p > { b = p->a * 2; }; BEGIN { trace(xlate<struct xout *>((struct xin *)arg0)->b) }",
	   "OK");
	ck(dtp, "struct xin2 { int a; }; struct xout2 { int b; }; translator struct xout2 < struct xin2 *p > { c = 1; };",
	   "[D_XLATE_MEMB] translator member c is not a member of struct xout2");
	ck(dtp, "struct xin3 { int a; }; struct xout3 { int b; }; BEGIN { trace(xlate<struct xout3 *>((struct xin3 *)arg0)->b) }",
	   "[D_XLATE_NONE] cannot translate from \"struct xin3 *\" to \"struct xout3 *\"");
	/* a type name scoped to D or a module: D`name_t */
	ck(dtp, "typedef struct qs { int a; } qs_t; BEGIN { trace(sizeof(D`qs_t) + ((D`qs_t *)arg0)->a); trace((struct D`qs *)arg0); }",
	   "OK");
	ck(dtp, "BEGIN { trace(sizeof(D`no_such_t)) }",
	   "[D_IDENT_UNDEF] failed to resolve D`no_such_t: Unknown symbol name");
	/* a translator's output type is a type name: here a function's */
	ck(dtp, "struct xi5 { int a; }; struct xo5 { int b; }; translator struct xo5 (struct xi5 *p)\n{ b = p->a; };",
	   "[D_SYNTAX] syntax error near \"{\"");
	/* alloca pointers: where they must go, and no mixing with others */
	ck(dtp, "BEGIN { this->p = alloca(8); bcopy((void *)arg0, this->p, 8); copyinto(arg0, 8, (char *)this->p + 1); am1 = arg1 ? alloca(2) : (void *)0; am1 = (void *)0; am1 = (char *)am1 + 1; }",
	   "OK");
	ck(dtp, "BEGIN { bcopy((void *)arg0, (void *)0, 8); }",
	   "[D_PROTO_ARG] bcopy( ) argument #2 is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer");
	ck(dtp, "BEGIN { copyinto(1, 2, \"\"); }",
	   "[D_PROTO_ARG] copyinto( ) argument #3 is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: string");
	ck(dtp, "BEGIN { am2 = (char *)alloca(1); } BEGIN { bm2 = (char *)arg0; am2 = (void *)0; am2 = bm2 + 5; }",
	   "[D_ALLOCA_INCOMPAT] am2: cannot reuse the same identifier for both alloca and non-alloca allocations");
	ck(dtp, "BEGIN { am3 = (char *)arg0 + 5; } BEGIN { am3 = (char *)alloca(1); }",
	   "[D_ALLOCA_INCOMPAT] am3: cannot reuse the same identifier for both alloca and non-alloca allocations");
	ck(dtp, "BEGIN { am4 = (char *)alloca(1); am4 = am4 == (void *)0 ? (char *)50 : am4; }",
	   "[D_ALLOCA_INCOMPAT] ternary conditional with alloca and non-alloca branches cannot be assigned to a variable");
	/* user addresses are integers; constant sizes must fit scratch */
	ck(dtp, "BEGIN { trace(copyin(\"1\", 2)); }",
	   "[D_PROTO_ARG] copyin( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string");
	ck(dtp, "BEGIN { trace(copyinstr(\"1\", 2)); }",
	   "[D_PROTO_ARG] copyinstr( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string");
	ck(dtp, "BEGIN { trace(copyin((void *)arg0, 2)); copyinto(arg0, 8, alloca(8)); }",
	   "OK");
	ck(dtp, "BEGIN { trace(copyin(0, 64 * 1024 * 1024)); }",
	   "[D_ALLOCA_SIZE] copyin( ) size 67108864 exceeds the scratch space (65536 bytes)");
	ck(dtp, "BEGIN { trace(alloca(64 * 1024 * 1024)); }",
	   "[D_ALLOCA_SIZE] alloca( ) size 67108864 exceeds the scratch space (65536 bytes)");
	ck(dtp, "BEGIN { trace(inet_ntoa6((int *)alloca(16))); }",
	   "[D_PROTO_ARG] inet_ntoa6( ) argument #1 is incompatible with prototype:\n\tprototype: in6_addr_t *\n\t argument: int *");
	ck(dtp, "BEGIN { trace(inet_ntoa6((struct in6_addr *)alloca(16))); trace(inet_ntoa6((void *)alloca(16))); }",
	   "OK");
	ck(dtp, "BEGIN { sp1 = \"ab\"; trace(sp1 + 1); trace(1 + sp1); }", "OK");
	/* a translated pointer is the base of ->, never a value itself */
	ck(dtp, "struct xin4 { int a; }; struct xout4 { int b; }; translator struct xout4 < struct xin4 *p > { b = p->a; }; BEGIN { xlate<struct xout4 *>((struct xin4 *)arg0); }",
	   "[D_CG_DYN] expression cannot evaluate to a translated struct xout4 *: use one of its members");
	ck(dtp, "BEGIN { if (pid > 0) { iv = 1; } else { iv = 2; } }", "OK");
	ck(dtp, "BEGIN { if (pid > 0) { trace(1); } }",
	   "[D_UNSUPPORTED] actions inside if statements are not supported yet");
	ck(dtp, "BEGIN { trace(&args[3]) }",
	   "[D_ADDROF_VAR] cannot take address of args[ ]");
	ck(dtp, "BEGIN { trace(a.b) }",
	   "[D_IDENT_UNDEF] failed to resolve a: Unknown variable name");

	test_check_agg(dtp);
	test_check_printa_longkey(dtp);

	tap_is_str(t_script_msg(dtp, "BEGIN\n{\n\ttrace(x);\n}\n"),
		   "[D_IDENT_UNDEF] line 3: failed to resolve x: Unknown variable name",
		   "check: script diagnostics carry the line");
	tap_is_str(t_script_msg(dtp, "BEGIN\n/x != 0/\n{\n\texit(x);\n}\n"),
		   "[D_IDENT_UNDEF] line 2: failed to resolve x: Unknown variable name",
		   "check: an unknown variable in the predicate and the body: the predicate's line");
	tap_is_str(t_script_msg(dtp, "BEGIN\n{\n}\nprofile-1:int i\n{\n}\n"),
		   "[D_SYNTAX] line 4: expected predicate and/or actions following probe description",
		   "check: a script's probe description with neither predicate nor body");
	tap_is_str(t_script_msg(dtp, "BEGIN\n{\n}\nEND\n/1/\n"), "OK",
		   "check: a script's clause with a predicate only");
	tap_is_str(t_script_msg(dtp, "BEGIN\n{\n\ta[0, 1, 2, 3, 4, 5, 6, 7, 8] = 0;\n}\n"),
		   "[D_ARR_BOUNDS] Insufficient tuple registers to generate code",
		   "check: more keys than tuple registers, as DTrace words it (no line)");
	tap_is_str(t_script_msg(dtp, "#pragma D option pspec\n\nint*x\n"),
		   "[D_SYNTAX] line 3: expected predicate and/or actions following probe description",
		   "check: pspec: a keyword that runs into a probe description's characters is one");
	dtp->opt.pspec = false;
	tap_is_str(t_script_msg(dtp, "int*x\n"),
		   "[D_SYNTAX] line 2: syntax error near end of input",
		   "check: without pspec, int*x starts a declaration");
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
