#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: state-change follows each socket of a connection from creation to close
# requires: dtrace_tcp
#
# ASSERTION: over a connection the client closes first (tcpconn echo),
# state-change reports, per socket, with args[5] the state before and
# args[3] the state after (Linux's numbers, as TCP_STATE_*): the client
# 7>2 2>1 1>4 4>5 5>7 (closed, syn-sent, established, fin-wait-1,
# fin-wait-2, closed: Linux keeps time-wait in a separate minisocket),
# the accepted socket 10>3 3>1 1>8 8>9 9>7 (born from the listener,
# syn-received, established, close-wait, last-ack, closed) and the
# listener 7>10 10>7.  TCP_STATE_* and tcp_state_string[] name them.
set -eu
. selftests/lib/dt.sh
. selftests/providers/tcp/tcp.inc

dt_setup
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed"
tcp_run 41500 "args[3]->tcps_lport == 41500 && args[3]->tcps_state == TCP_STATE_CLOSED" 2 \
    echo 4 41500 10 10

got=$(awk '$3 == "state-change" {
		if (!($6 in seq)) { order[n++] = $6; side[$6] = $2 }
		seq[$6] = seq[$6] " " $4 ">" $5
	}
	END { for (i = 0; i < n; i++) print side[order[i]] seq[order[i]] }' \
	"$DT_TMP/ev" | sort)
tcp_expect "states per socket" "$got" \
"c 7>2 2>1 1>4 4>5 5>7
s 10>3 3>1 1>8 8>9 9>7
s 7>10 10>7"

# The constants name the same numbers.
"$DTRACE" -q -n 'BEGIN {
	printf("%d %d %d %d %d %d %d %d %d %d %d\n", TCP_STATE_ESTABLISHED,
	    TCP_STATE_SYN_SENT, TCP_STATE_SYN_RECEIVED, TCP_STATE_FIN_WAIT_1,
	    TCP_STATE_FIN_WAIT_2, TCP_STATE_TIME_WAIT, TCP_STATE_CLOSED,
	    TCP_STATE_CLOSE_WAIT, TCP_STATE_LAST_ACK, TCP_STATE_LISTEN,
	    TCP_STATE_CLOSING);
	printf("%d %d %d %d %d %d %d %d\n", TH_FIN, TH_SYN, TH_RST, TH_PUSH,
	    TH_ACK, TH_URG, TH_ECE, TH_CWR);
	exit(0); }' >"$DT_TMP/const" 2>"$DT_TMP/err" ||
	dt_fail "constants: $(cat "$DT_TMP/err")"
tcp_expect "constants" "$(cat "$DT_TMP/const")" \
"1 2 3 4 5 6 7 8 9 10 11
1 2 4 8 16 32 64 128"

# tcp_state_string[] names them as DTrace does.
"$DTRACE" -q -n 'BEGIN {
	printf("%s\n%s\n%s\n%s\n%s\n%s\n", tcp_state_string[1],
	    tcp_state_string[2], tcp_state_string[3], tcp_state_string[4],
	    tcp_state_string[5], tcp_state_string[6]);
	printf("%s\n%s\n%s\n%s\n%s\n%s\n", tcp_state_string[7],
	    tcp_state_string[8], tcp_state_string[9], tcp_state_string[10],
	    tcp_state_string[11], tcp_state_string[99]);
	exit(0); }' >"$DT_TMP/names" 2>"$DT_TMP/err" ||
	dt_fail "tcp_state_string: $(cat "$DT_TMP/err")"
tcp_expect "tcp_state_string" "$(cat "$DT_TMP/names")" \
"state-established
state-syn-sent
state-syn-received
state-fin-wait-1
state-fin-wait-2
state-time-wait
state-closed
state-close-wait
state-last-ack
state-listen
state-closing
<unknown>"
exit 0
