#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: bufpolicy=ring keeps the newest records
# requires: dtrace_profile
#
# ASSERTION: with bufpolicy=ring and the smallest buffer, old records are
# overwritten without drops: at the end the records left are the newest,
# consecutive and ending with the last one written (END says which).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -x bufpolicy=ring -x bufsize=4k \
	-n 'tick-1ms { printf("%d\n", ++i); } tick-3s { exit(0); }
	    END { printf("last %d\n", i); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
# dtrace's output ends in one empty line; the records are before it
[ -z "$(tail -n 1 "$DT_TMP/out")" ] || dt_fail "no final empty line"
sed -i '$d' "$DT_TMP/out"
last=$(awk '$1 == "last" { print $2 }' "$DT_TMP/out")
[ -n "$last" ] || dt_fail "no END record: $(cat "$DT_TMP/out")"
grep -v last "$DT_TMP/out" >"$DT_TMP/recs"
[ "$(tail -n 1 "$DT_TMP/recs")" = "$last" ] || dt_fail "newest lost: $(tail -n 3 "$DT_TMP/out")"
[ "$(head -n 1 "$DT_TMP/recs")" != 1 ] || dt_fail "oldest kept: nothing wrapped"
awk 'NR > 1 && $1 != p + 1 { exit 1 } { p = $1 }' "$DT_TMP/recs" ||
	dt_fail "not consecutive"
! grep -q drop "$DT_TMP/err" || dt_fail "ring reported drops: $(cat "$DT_TMP/err")"
exit 0
