#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: SIGINT stops tracing, runs END and prints the aggregations
# requires: dtrace_profile
#
# ASSERTION: the first SIGINT ends the trace as exit() would: END fires,
# the aggregations not printed yet are printed, dtrace exits 0.  Output
# with -o is appended to the file, not written over it.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

echo "before" >"$DT_TMP/out"
"$DTRACE" -q -o "$DT_TMP/out" \
	-n 'BEGIN { printf("go\n"); } profile-997 { @n[probename] = count(); }
	    END { printf("end\n"); }' 2>"$DT_TMP/err" &
pid=$!
i=0
until grep -q '^go' "$DT_TMP/out"; do
	kill -0 "$pid" 2>/dev/null || dt_fail "dtrace died: $(cat "$DT_TMP/err")"
	i=$((i + 1))
	[ "$i" -lt 1200 ] || dt_fail "dtrace did not start"
	sleep 0.1
done
sleep 1
kill -INT "$pid"
st=0
wait "$pid" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
[ "$(head -n 1 "$DT_TMP/out")" = before ] || dt_fail "-o did not append"
grep -q '^end$' "$DT_TMP/out" || dt_fail "END did not run: $(cat "$DT_TMP/out")"
n=$(awk '$1 == "profile-997" { print $2 }' "$DT_TMP/out")
[ -n "$n" ] && [ "$n" -gt 0 ] ||
	dt_fail "aggregation not printed: $(cat "$DT_TMP/out")"
exit 0
