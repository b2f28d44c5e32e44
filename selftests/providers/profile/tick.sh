#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: tick probes fire, print, and exit() ends dtrace with its status
# requires: dtrace_profile
#
# ASSERTION: 'tick-100ms { printf("t\n"); exit(0); }' prints exactly one
# line "t" and dtrace exits 0; 'tick-1s { exit(3); }' prints nothing and
# dtrace exits 3.  Both end by themselves well within the time limit.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 120 "$DTRACE" -q -n 'tick-100ms { printf("t\n"); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "tick-100ms: exit status $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = t ] || dt_fail "tick-100ms printed '$(cat "$DT_TMP/out")', expected 't'"
# one line, then the empty line dtrace's output ends in
printf 't\n\n' | cmp -s - "$DT_TMP/out" || dt_fail "tick-100ms printed more than one line"

st=0
timeout 120 "$DTRACE" -q -n 'tick-1s { exit(3); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 3 ] || dt_fail "tick-1s exit(3): exit status $st: $(cat "$DT_TMP/err")"
printf '\n' | cmp -s - "$DT_TMP/out" || dt_fail "tick-1s exit(3) printed '$(cat "$DT_TMP/out")'"
exit 0
