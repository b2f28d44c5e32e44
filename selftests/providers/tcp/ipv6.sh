#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: tcp probes of an accepted IPv6 connection, in order, with their arguments
# requires: dtrace_tcp
#
# ASSERTION: as accept.sh, over ::1: ip_ver is 6, every address is
# "::1", and the handshake reads the same at both ends.
set -eu
. selftests/lib/dt.sh
. selftests/providers/tcp/tcp.inc

dt_setup
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed"
tcp_check_accept 6 41200 ::1
exit 0
