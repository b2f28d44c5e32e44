#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l lists udp:::send and receive with their translated argument types
# requires: dtrace_udp
#
# ASSERTION: modprobe dtrace_udp loads dtrace_core and no other
# provider; "dtrace -l -P udp" lists exactly send and receive, and
# "dtrace -lv" gives both args[0..4] as pktinfo_t *, csinfo_t *,
# ipinfo_t *, udpsinfo_t *, udpinfo_t *.
set -eu
. selftests/lib/dt.sh
. selftests/providers/ip/net.inc

dt_setup
net_list udp 'args[0]: pktinfo_t *
args[1]: csinfo_t *
args[2]: ipinfo_t *
args[3]: udpsinfo_t *
args[4]: udpinfo_t *'
exit 0
