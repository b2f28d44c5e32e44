#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l lists ip:::send and receive with their translated argument types
# requires: dtrace_ip
#
# ASSERTION: modprobe dtrace_ip loads dtrace_core and no other
# provider; "dtrace -l -P ip" lists exactly send and receive, and
# "dtrace -lv" gives both args[0..5] as pktinfo_t *, csinfo_t *,
# ipinfo_t *, ifinfo_t *, ipv4info_t *, ipv6info_t *.
set -eu
. selftests/lib/dt.sh
. selftests/providers/ip/net.inc

dt_setup
net_list ip 'args[0]: pktinfo_t *
args[1]: csinfo_t *
args[2]: ipinfo_t *
args[3]: ifinfo_t *
args[4]: ipv4info_t *
args[5]: ipv6info_t *'
exit 0
