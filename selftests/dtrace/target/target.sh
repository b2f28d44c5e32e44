#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: -c and -p targets: their exit ends the trace
# requires: dtrace_core
#
# ASSERTION: dtrace -c CMD starts CMD stopped, enables, prints BEGIN's
# output, then lets it run; when it exits END runs and dtrace exits 0,
# printing nothing else under -q.  The command line is split as the
# shell does ('sh -c "echo child; exit 3"'; the command's status is not
# dtrace's).  dtrace -p PID of a running process ends when the process
# is killed, and without -q says "dtrace: pid N has exited".  A missing
# program and a missing pid are errors (exit 1, one "dtrace: " line).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

st=0
timeout 180 "$DTRACE" -q -c 'sh -c "echo child; exit 3"' \
	-n 'BEGIN { printf("begin\n"); } END { printf("end\n"); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-c: exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "begin
child
end" ] || dt_fail "-c: stdout '$(cat "$DT_TMP/out")'"
[ ! -s "$DT_TMP/err" ] || dt_fail "-c -q: stderr '$(cat "$DT_TMP/err")'"

sleep 600 &
bg=$!
DT_BG=$bg
( sleep 3; kill "$bg" ) &
st=0
timeout 180 "$DTRACE" -p "$bg" -n 'END { printf("end\n"); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-p: exit $st: $(cat "$DT_TMP/err")"
grep -q ':END end$' "$DT_TMP/out" ||
	dt_fail "-p: stdout '$(cat "$DT_TMP/out")'"
grep -qx "dtrace: pid $bg has exited" "$DT_TMP/err" ||
	dt_fail "-p: stderr '$(cat "$DT_TMP/err")'"
DT_BG=

st=0
"$DTRACE" -c nosuchprogram -n BEGIN >/dev/null 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "-c nosuchprogram: exit $st"
[ "$(cat "$DT_TMP/err")" = "dtrace: failed to execute nosuchprogram: No such file or directory" ] ||
	dt_fail "-c nosuchprogram: stderr '$(cat "$DT_TMP/err")'"
st=0
"$DTRACE" -p 999999999 -n BEGIN >/dev/null 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "-p 999999999: exit $st"
[ "$(cat "$DT_TMP/err")" = "dtrace: No such process" ] ||
	dt_fail "-p 999999999: stderr '$(cat "$DT_TMP/err")'"
exit 0
