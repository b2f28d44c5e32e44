#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: aggregations of all CPUs are merged
# requires: dtrace_profile
#
# ASSERTION: profile-997 fires on every CPU; the consumer merges each
# CPU's aggregation buffer, so a count() over all firings equals the sum
# of the counts keyed by CPU, and with two CPUs both CPUs appear.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -x aggsortkey \
	-n 'profile-997 { @a = count(); @b[cpu] = count(); }
	    tick-2s { exit(0); }
	    END { printa("total %@d\n", @a); printa("cpu %d %@d\n", @b); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
total=$(awk '$1 == "total" { print $2 }' "$DT_TMP/out")
sum=$(awk '$1 == "cpu" { s += $3 } END { print s + 0 }' "$DT_TMP/out")
ncpu=$(awk '$1 == "cpu" { n++ } END { print n + 0 }' "$DT_TMP/out")
[ -n "$total" ] && [ "$total" -gt 0 ] || dt_fail "no total: $(cat "$DT_TMP/out")"
[ "$total" = "$sum" ] || dt_fail "total $total != sum $sum: $(cat "$DT_TMP/out")"
want=$(getconf _NPROCESSORS_ONLN)
[ "$ncpu" -eq "$want" ] || dt_fail "$ncpu CPUs of $want: $(cat "$DT_TMP/out")"
exit 0
