#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: probes sharing one kernel hook arm and disarm it together
# requires: dtrace_proc
#
# ASSERTION: exec and exec-failure share one return probe on the
# kernel's exec.  With exec-failure enabled by one consumer, a second
# consumer enabling exec and then going away does not disarm it: a
# failing exec afterwards still fires exec-failure, with -ENOENT, in the
# first consumer.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_proc || dt_fail "modprobe dtrace_proc failed"

"$DTRACE" -q -o "$DT_TMP/out" -n '
	BEGIN { printf("ready\n"); }
	proc:::exec-failure /execname == "sh"/ { printf("fail %d\n", args[0]); }' 2>"$DT_TMP/err" &
DT_BG=$!
dt_wait 60 grep -q '^ready$' "$DT_TMP/out" ||
	dt_fail "the first consumer did not start: $(cat "$DT_TMP/err")"

timeout 120 "$DTRACE" -q -n 'proc:::exec { }' -c /bin/true \
	>/dev/null 2>"$DT_TMP/err2" ||
	dt_fail "the second consumer failed: $(cat "$DT_TMP/err2")"

# shellcheck disable=SC2317 # run by dt_wait
tries() {
	sh -c '/nonexistent/procs-missing' 2>/dev/null || true
	grep -q '^fail -2$' "$DT_TMP/out"
}
dt_wait 60 tries ||
	dt_fail "no exec-failure after the second consumer left: $(cat "$DT_TMP/out")"
kill -INT "$DT_BG"
st=0
dt_wait_pid "$DT_BG" 60 || st=$?
DT_BG=
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
exit 0
