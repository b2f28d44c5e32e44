#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace_proc cannot be removed while a proc probe is enabled, and unloads when idle
# requires: dtrace_proc
#
# ASSERTION: while a consumer has proc:::exit and proc:::start enabled
# (and sees a process start and exit), "rmmod dtrace_proc" fails and
# leaves the module loaded; once the consumer is gone, it unloads and
# so does dtrace_core.  Loading and unloading with nothing enabled works
# too.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_proc || dt_fail "modprobe dtrace_proc failed"
rmmod dtrace_proc || dt_fail "rmmod of an idle dtrace_proc failed"
dt_modprobe dtrace_proc || dt_fail "second modprobe dtrace_proc failed"

"$DTRACE" -q -o "$DT_TMP/out" -n '
	proc:::start { printf("start %d\n", pid); }
	proc:::exit { printf("exit %d\n", pid); }' 2>"$DT_TMP/err" &
DT_BG=$!
# some process must start and exit while the probes are enabled
# shellcheck disable=SC2317 # run by dt_wait
ran() {
	/bin/true
	grep -q '^exit ' "$DT_TMP/out" 2>/dev/null
}
dt_wait 60 ran || dt_fail "no proc:::exit within 60 s: $(cat "$DT_TMP/err")"

if msg=$(rmmod dtrace_proc 2>&1); then
	dt_fail "rmmod dtrace_proc succeeded while proc:::exit was enabled"
fi
dt_loaded dtrace_proc || dt_fail "rmmod failed ($msg) but dtrace_proc is gone"

kill -INT "$DT_BG"
st=0
dt_wait_pid "$DT_BG" 60 || st=$?
DT_BG=
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st after SIGINT: $(cat "$DT_TMP/err")"
rmmod dtrace_proc || dt_fail "rmmod dtrace_proc failed after the consumer exited"
rmmod dtrace_core || dt_fail "rmmod dtrace_core failed"
exit 0
