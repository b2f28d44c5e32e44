#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a full switch buffer drops records and says so
# requires: dtrace_profile
#
# ASSERTION: with the default policy (switch), the smallest buffer and a
# switch rate slower than the trace, records that do not fit are dropped
# and reported as "dtrace: N drops on CPU M"; tracing goes on to exit().
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -x bufsize=4k -x switchrate=30s \
	-n 'profile-997 { printf("%s %d\n", execname, timestamp); }
	    tick-2s { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
grep -Eq '^dtrace: [0-9]+ drops? on CPU [0-9]+$' "$DT_TMP/err" ||
	dt_fail "no drops reported: '$(cat "$DT_TMP/err")'"
exit 0
