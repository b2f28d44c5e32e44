#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a full speculative buffer drops records and says so
# requires: dtrace_profile
#
# ASSERTION: with the smallest specsize, records speculated beyond it
# are dropped and reported as "N speculative drops"; the ones that fit
# come out at commit(), in order, with nothing lost in between.  (A
# clause whose record finds no room does not run at all, so i counts the
# records kept.)
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -x nspec=1 -x specsize=4k \
	-n 'BEGIN { s = speculation(); i = 0; n = 0; }
	    tick-1ms { n++; }
	    tick-1ms /n <= 400/ { speculate(s); printf("%d\n", i++); }
	    tick-1ms /n > 400/ { commit(s); }
	    tick-1ms /n > 400/ { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
grep -Eq '^dtrace: [0-9]+ speculative drops?$' "$DT_TMP/err" ||
	dt_fail "no drop report: '$(cat "$DT_TMP/err")'"
# dtrace's output ends in one empty line; the records are before it
[ -z "$(tail -n 1 "$DT_TMP/out")" ] || dt_fail "no final empty line"
sed -i '$d' "$DT_TMP/out"
n=$(wc -l <"$DT_TMP/out")
[ "$n" -gt 0 ] && [ "$n" -lt 400 ] || dt_fail "$n records committed"
awk 'NR - 1 != $1 { exit 1 }' "$DT_TMP/out" ||
	dt_fail "committed records not the first ones in order"
exit 0
