#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: tcp probes of an accepted IPv4 connection, in order, with their arguments
# requires: dtrace_tcp
#
# ASSERTION: for a connection on 127.0.0.1 (tcpconn echo), the client
# sees state-change CLOSED->SYN_SENT, connect-request and send of the
# SYN, receive of the SYN-ACK, state-change to ESTABLISHED,
# connect-established, send of the ACK; the server sees the listener's
# state-change to LISTEN, receive of the SYN, send of the SYN-ACK, the
# new socket's LISTEN->SYN_RECEIVED, receive of the ACK, state-change to
# ESTABLISHED and accept-established.  ip_ver is 4, addresses are
# "127.0.0.1", ports are each end's, the SYN has no payload, and the
# sequence numbers of the three segments agree.
set -eu
. selftests/lib/dt.sh
. selftests/providers/tcp/tcp.inc

dt_setup
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed"
tcp_check_accept 4 41100 127.0.0.1
exit 0
