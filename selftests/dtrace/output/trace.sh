#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the record layout without -q: columns, trace() widths
# requires: dtrace_core
#
# ASSERTION: Without quiet, dtrace prints the CPU/ID/FUNCTION:NAME
# header once, each record starts "%3d %6d %32s " (CPU, probe id,
# FUNCTION:NAME), trace() of a string prints two spaces and the string
# left-justified in 33 columns, of an int " %10d", of a long " %19d", and
# the record ends with a newline; a last empty line follows at exit.
# "description 'BEGIN ' matched 1 probe" goes to stderr.  The CPU BEGIN
# runs on varies, so the first column is not compared.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

st=0
timeout 120 "$DTRACE" -n 'BEGIN { trace("hello"); trace(42); trace(5L); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
cut -c4- "$DT_TMP/out" >"$DT_TMP/got"
printf '%s\n' '     ID                    FUNCTION:NAME' \
	'      1                           :BEGIN   hello                                     42                   5' \
	'' >"$DT_TMP/want"
cmp -s "$DT_TMP/want" "$DT_TMP/got" ||
	dt_fail "stdout differs: $(diff -u "$DT_TMP/want" "$DT_TMP/got")"
[ "$(head -c 3 "$DT_TMP/out")" = CPU ] || dt_fail "no CPU header"
[ "$(cat "$DT_TMP/err")" = "dtrace: description 'BEGIN ' matched 1 probe" ] ||
	dt_fail "stderr '$(cat "$DT_TMP/err")'"
exit 0
