#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: bufpolicy=fill stops tracing when a buffer is full
# requires: dtrace_profile
#
# ASSERTION: with bufpolicy=fill and the smallest buffer, the first
# record that does not fit stops tracing as exit() would: dtrace ends by
# itself, prints the records that fit (the first ones, numbered from 1
# without a gap) and reports the drop.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -x bufpolicy=fill -x bufsize=4k \
	-n 'tick-1ms { printf("%d\n", ++i); } tick-60s { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
# dtrace's output ends in one empty line; the records are before it
[ -z "$(tail -n 1 "$DT_TMP/out")" ] || dt_fail "no final empty line"
sed -i '$d' "$DT_TMP/out"
[ "$(head -n 1 "$DT_TMP/out")" = 1 ] || dt_fail "first record: $(head -n 1 "$DT_TMP/out")"
awk '$1 != NR { exit 1 }' "$DT_TMP/out" || dt_fail "records missing"
grep -Eq '^dtrace: [0-9]+ drops? on CPU [0-9]+$' "$DT_TMP/err" ||
	dt_fail "no drop reported: '$(cat "$DT_TMP/err")'"
exit 0
