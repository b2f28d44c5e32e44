#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a full aggregation buffer is reported as aggregation drops
# requires: dtrace_profile
#
# ASSERTION: with the smallest aggsize and a new key at every firing
# (the timestamp), entries that do not fit are dropped and reported on
# stderr as "dtrace: N aggregation drops on CPU M"; tracing goes on.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -x aggsize=4k -x aggrate=30s \
	-n 'profile-997 { @[timestamp] = count(); } tick-2s { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
grep -Eq '^dtrace: [0-9]+ aggregation drops? on CPU [0-9]+$' "$DT_TMP/err" ||
	dt_fail "no aggregation drops reported: '$(cat "$DT_TMP/err")'"
exit 0
