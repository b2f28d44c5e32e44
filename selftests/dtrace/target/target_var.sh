#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: $target is the pid of the -c command and of -p
# requires: dtrace_core
#
# ASSERTION: With -c, $target is the command's pid: BEGIN prints it and
# the exit report (a notice, so not under -q) names the same pid.  With
# -p PID, $target is PID.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

st=0
timeout 180 "$DTRACE" -c true -n 'BEGIN { printf("%d\n", $target); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-c: exit $st: $(cat "$DT_TMP/err")"
pid=$(awk '/:BEGIN/ { print $NF }' "$DT_TMP/out")
[ -n "$pid" ] && grep -qx "dtrace: pid $pid has exited" "$DT_TMP/err" ||
	dt_fail "-c: stdout '$(cat "$DT_TMP/out")', stderr '$(cat "$DT_TMP/err")'"

sleep 600 &
DT_BG=$!
st=0
timeout 180 "$DTRACE" -q -p "$DT_BG" -n 'BEGIN { printf("%d\n", $target); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-p: exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "$DT_BG" ] ||
	dt_fail "-p: stdout '$(cat "$DT_TMP/out")', expected $DT_BG"
exit 0
