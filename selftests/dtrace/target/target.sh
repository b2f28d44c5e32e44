#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: -c and -p targets: $target, their exit ends the trace
# requires: dtrace_syscall
#
# ASSERTION: dtrace -c CMD starts CMD stopped, enables, then lets it run
# with $target its pid: a predicate on $target sees its system calls;
# when it exits dtrace prints "dtrace: pid N has exited" (N = $target),
# END runs and dtrace exits 0.  The command line is split as the shell
# does ('sh -c "exit 0"').  dtrace -p PID of a running process sets
# $target the same way and ends when the process is killed.  A missing
# program and a missing pid are errors (exit 1, one "dtrace: " line).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

st=0
timeout 180 "$DTRACE" -q -c 'sh -c "cat /dev/null; exit 0"' \
	-n 'BEGIN { printf("target %d\n", $target); }
	    syscall::openat:entry /pid == $target/ { n++; }
	    END { printf("seen %d\n", n > 0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-c: exit $st: $(cat "$DT_TMP/err")"
pid=$(sed -n 's/^target //p' "$DT_TMP/out")
[ -n "$pid" ] || dt_fail "-c: no target line: $(cat "$DT_TMP/out")"
[ "$(cat "$DT_TMP/err")" = "dtrace: pid $pid has exited" ] ||
	dt_fail "-c: stderr '$(cat "$DT_TMP/err")'"
[ "$(tail -n 1 "$DT_TMP/out")" = "seen 1" ] ||
	dt_fail "-c: target's syscalls not seen: $(cat "$DT_TMP/out")"

sleep 600 &
bg=$!
DT_BG=$bg
( sleep 3; kill "$bg" ) &
st=0
timeout 180 "$DTRACE" -q -p "$bg" \
	-n 'BEGIN { printf("target %d\n", $target); } END { printf("end\n"); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-p: exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "target $bg
end" ] || dt_fail "-p: stdout '$(cat "$DT_TMP/out")'"
[ "$(cat "$DT_TMP/err")" = "dtrace: pid $bg has exited" ] ||
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
[ "$(cat "$DT_TMP/err")" = "dtrace: failed to grab pid 999999999: No such process" ] ||
	dt_fail "-p 999999999: stderr '$(cat "$DT_TMP/err")'"
exit 0
