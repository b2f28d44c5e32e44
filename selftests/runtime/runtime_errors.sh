#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a fault in a clause is reported and tracing goes on
#
# ASSERTION: Loading through a NULL pointer in an action, in a predicate,
# and copying in from an unmapped user address each give one stderr line
# in Linux DTrace's layout, "dtrace: error in dt_clause_0 for probe ID 1
# (dtrace:::BEGIN): invalid address (0x0) at BPF pc K"; a store through
# a bad pointer in the program's second clause (after one with two probe
# descriptions, which counts as two) is in dt_clause_2.  Each drops that
# clause's record only, and the later clauses still run: dtrace prints
# their output and exits 0.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

# run PROGRAM EXPECTED-STDERR-REGEX
run() {
	st=0
	timeout 120 "$DTRACE" -q -n "$1" >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
	[ "$st" -eq 0 ] || dt_fail "'$1': exit $st: $(cat "$DT_TMP/err")"
	[ "$(cat "$DT_TMP/out")" = after ] ||
		dt_fail "'$1': stdout '$(cat "$DT_TMP/out")', expected 'after'"
	grep -Eq "$2" "$DT_TMP/err" ||
		dt_fail "'$1': stderr '$(cat "$DT_TMP/err")' does not match '$2'"
	[ "$(wc -l <"$DT_TMP/err")" -eq 1 ] ||
		dt_fail "'$1': more than one stderr line: $(cat "$DT_TMP/err")"
}

head='^dtrace: error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x0\) at BPF pc [0-9]+$'
run 'BEGIN { trace(*(int *)0); } BEGIN { printf("after\n"); exit(0); }' "$head"
run 'BEGIN / *(char *)0 == 1/ { trace(1); } BEGIN { printf("after\n"); exit(0); }' "$head"
run 'BEGIN { trace(copyinstr(0)); } BEGIN { printf("after\n"); exit(0); }' "$head"
run 'END, ERROR { n++; } BEGIN { *(int *)16 = 1; } BEGIN { printf("after\n"); exit(0); }' \
	'^dtrace: error in dt_clause_2 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x10\) at BPF pc [0-9]+$'
exit 0
