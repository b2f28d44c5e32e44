#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: send and receive carry the bytes each end wrote, in ip_plength less tcp_offset
# requires: dtrace_tcp
#
# ASSERTION: the client writes 5000 bytes and the server 70000 (tcpconn
# echo): summed over send, ip_plength - tcp_offset is 5000 at the client
# and 70000 at the server, and over receive the same at the other end;
# every data segment has TH_ACK, the last of each direction TH_PUSH, and
# each end's sequence numbers advance by exactly what it sent.
set -eu
. selftests/lib/dt.sh
. selftests/providers/tcp/tcp.inc

dt_setup
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed"
tcp_run 41600 "args[3]->tcps_lport == 41600 && args[3]->tcps_state == TCP_STATE_CLOSED" 2 \
    echo 4 41600 5000 70000

# sum SIDE PROBE: payload bytes of SIDE's PROBE events, not counting the
# FIN (which the close sends with no payload).
sum() {
	tcp_seq "$1" plen off | awk -v p="$2" '$1 == p {
		split($2, a, "="); split($3, b, "="); s += a[2] - b[2] }
		END { print s + 0 }'
}
tcp_expect "client sent" "$(sum c send)" 5000
tcp_expect "server received" "$(sum s receive)" 5000
tcp_expect "server sent" "$(sum s send)" 70000
tcp_expect "client received" "$(sum c receive)" 70000

# Data segments: ACK set; the first and last sequence numbers of a side
# are 70000 (or 5000) apart.
for side in c s; do
	tcp_seq "$side" plen off flags seq | awk '$1 == "send" {
		split($2, a, "="); split($3, b, "="); split($4, f, "=")
		split($5, q, "=")
		if (a[2] - b[2] > 0) {
			if (int(f[2] / 16) % 2 != 1) bad = bad " " $0
			if (!n++) first = q[2]
			last = q[2] + a[2] - b[2]; push = int(f[2] / 8) % 2
		}
	}
	END { print (bad == "" ? "ok" : "no ACK:" bad), (last - first + 4294967296) % 4294967296, push }' \
	>"$DT_TMP/seg.$side"
done
tcp_expect "client data segments" "$(cat "$DT_TMP/seg.c")" "ok 5000 1"
tcp_expect "server data segments" "$(cat "$DT_TMP/seg.s")" "ok 70000 1"
exit 0
