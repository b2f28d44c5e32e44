#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a connect to a closed port: connect-request, accept-refused, connect-refused, in order
# requires: dtrace_tcp
#
# ASSERTION: connecting to a port where nothing listens, over IPv4 and
# IPv6, gives in this order: the client's state-change CLOSED->SYN_SENT,
# connect-request and send of the SYN, the server side's accept-refused
# describing the RST|ACK it answers with (ports and addresses swapped,
# acknowledging the SYN, tcps_lport the refused port), the client's
# receive of that RST|ACK, connect-refused and state-change back to
# CLOSED.
set -eu
. selftests/lib/dt.sh
. selftests/providers/tcp/tcp.inc

dt_setup
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed"

# check FAMILY PORT ADDR
check() {
	tcp_run "$2" "args[3]->tcps_state == TCP_STATE_CLOSED" 1 \
	    refused "$1" "$2"
	[ "$(cat "$DT_TMP/prog")" = "refused $2" ] ||
		dt_fail "tcpconn said: $(cat "$DT_TMP/prog")"
	tcp_expect "IPv$1 sequence" \
	    "$(awk '{ print $2, $3, ($3 == "state-change") ? $4 " " $5 : $9 " " $12 }' "$DT_TMP/ev")" \
"c state-change 7 2
c connect-request flags=2 state=2
c send flags=2 state=2
s accept-refused flags=20 state=7
c receive flags=20 state=2
c connect-refused flags=20 state=2
c state-change 2 7"
	_cport=$(tcp_seq c l | sed -n 's/^connect-request l=.*:\([0-9]*\)$/\1/p')
	_iss=$(tcp_seq c seq | sed -n 's/^connect-request seq=//p')
	_c="$3:$_cport"
	_s="$3:$2"
	tcp_expect "IPv$1 accept-refused" \
	    "$(tcp_seq s v src dst plen off seq ack l r)" \
	    "accept-refused v=$1 src=$_s dst=$_c plen=20 off=20 seq=0 ack=$(( (_iss + 1) % 4294967296 )) l=$_s r=$_c"
	tcp_expect "IPv$1 connect-refused" \
	    "$(tcp_seq c v src dst seq ack l r | grep '^connect-refused')" \
	    "connect-refused v=$1 src=$_s dst=$_c seq=0 ack=$(( (_iss + 1) % 4294967296 )) l=$_c r=$_s"
}

check 4 41400 127.0.0.1
check 6 41401 ::1
exit 0
