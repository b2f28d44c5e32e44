#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace_tcp refuses rmmod while a tcp probe is enabled and unloads when idle
# requires: dtrace_tcp
#
# ASSERTION: while a consumer traces tcp:::send, "rmmod dtrace_tcp"
# fails and the module stays; traffic still fires the probe (a
# connection refused by a closed port sends a SYN).  Once the consumer
# exits, dtrace_tcp unloads, and loading it again works.  (The clause
# on two probes with the same argument types reads args[4] typed.)
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed"
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); }
	tcp:::connect-request, tcp:::send /args[4]->tcp_dport == 41700/ {
		printf("%s\n", probename); }
	tcp:::send /args[4]->tcp_dport == 41700/ { exit(0); }' \
	-o "$DT_TMP/out" 2>"$DT_TMP/err" &
DT_BG=$!
dt_wait 120 dt_has_lines "$DT_TMP/out" 1 ||
	dt_fail "dtrace not ready: $(cat "$DT_TMP/err")"
if msg=$(rmmod dtrace_tcp 2>&1); then
	dt_fail "rmmod dtrace_tcp succeeded while tcp:::send is enabled"
fi
dt_loaded dtrace_tcp || dt_fail "rmmod failed ($msg) but dtrace_tcp is gone"
selftests/progs/tcpconn refused 4 41700 >/dev/null ||
	dt_fail "tcpconn refused failed"
st=0
dt_wait_pid "$DT_BG" 120 || st=$?
DT_BG=
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "ready
connect-request
send" ] || dt_fail "expected connect-request then send, got: $(cat "$DT_TMP/out")"
rmmod dtrace_tcp || dt_fail "rmmod dtrace_tcp failed once idle"
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed the second time"
rmmod dtrace_tcp || dt_fail "second rmmod dtrace_tcp failed"
exit 0
