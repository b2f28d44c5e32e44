#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: ip:::send and receive of loopback packets, IPv4 and IPv6, with their arguments
# requires: dtrace_ip
#
# ASSERTION: udpecho sends 2 datagrams of 1234 bytes over 127.0.0.1,
# then over ::1.  Each IP packet of them (ip_plength 1242: UDP header
# and data) fires ip:::send once and ip:::receive once, on device "lo"
# (if_local 1), with the loopback address as source and destination;
# send has the socket in args[1], receive none.  IPv4: ipv4info_t in
# args[4] (version 4, header 20 bytes, total length 1262, TTL 64,
# protocol 17 "UDP", offset 0) and args[5] NULL; IPv6: ipv6info_t in
# args[5] (version 6, payload length 1242, next header 17 "UDP", hop
# limit 64, ipv6_src "::1") and args[4] NULL.  IPPROTO_UDP names 17.  While the consumer runs,
# rmmod dtrace_ip fails; once it has exited, the module unloads and
# loads again.
set -eu
. selftests/lib/dt.sh
. selftests/providers/ip/net.inc

dt_setup
dt_modprobe dtrace_ip || dt_fail "modprobe dtrace_ip failed"

# script VERSION COUNT: the events of our packets of that IP version.
script() {
	cat <<'D'
BEGIN { printf("ready\n"); }
ip:::send, ip:::receive /args[2]->ip_plength == 1242/ {
	printf("%s v=%d src=%s dst=%s if=%s local=%d cs=%d a4=%d a6=%d",
	    probename, args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->if_name, args[3]->if_local, args[1]->cs_addr != 0,
	    arg4 != 0, arg5 != 0);
}
ip:::send, ip:::receive /args[2]->ip_plength == 1242 && arg4 != 0 &&
    args[4]->ipv4_protocol == IPPROTO_UDP/ {
	printf(" ver=%d ihl=%d len=%d ttl=%d proto=%d %s off=%d %s>%s\n",
	    args[4]->ipv4_ver, args[4]->ipv4_ihl, args[4]->ipv4_length,
	    args[4]->ipv4_ttl, args[4]->ipv4_protocol,
	    args[4]->ipv4_protostr, args[4]->ipv4_offset,
	    args[4]->ipv4_saddr, args[4]->ipv4_daddr);
}
ip:::send, ip:::receive /args[2]->ip_plength == 1242 && arg5 != 0 &&
    args[5]->ipv6_nexthdr == IPPROTO_UDP/ {
	printf(" ver=%d plen=%d next=%d %s hlim=%d %s>%s src=%s\n",
	    args[5]->ipv6_ver, args[5]->ipv6_plen, args[5]->ipv6_nexthdr,
	    args[5]->ipv6_nextstr, args[5]->ipv6_hlim,
	    args[5]->ipv6_saddr, args[5]->ipv6_daddr,
	    inet_ntoa6(args[5]->ipv6_src));
}
D
	cat <<D
ip:::receive /args[2]->ip_plength == 1242 && args[2]->ip_ver == $1/ {
	n++;
}
ip:::receive /n == $2/ { exit(0); }
D
}

# expect2 LINE: LINE twice
expect2() {
	echo "$1"
	echo "$1"
}

script 4 2 >"$DT_TMP/i.d"
net_run "$DT_TMP/i.d" 4 41400 1234 2
v4=" v=4 src=127.0.0.1 dst=127.0.0.1 if=lo local=1"
v4h="a4=1 a6=0 ver=4 ihl=20 len=1262 ttl=64 proto=17 UDP off=0 127.0.0.1>127.0.0.1"
net_expect "IPv4 packets" "$(expect2 "receive$v4 cs=0 $v4h")
$(expect2 "send$v4 cs=1 $v4h")"

script 6 2 >"$DT_TMP/i.d"
net_run "$DT_TMP/i.d" 6 41400 1234 2 dtrace_ip
v6=" v=6 src=::1 dst=::1 if=lo local=1"
v6h="a4=0 a6=1 ver=6 plen=1242 next=17 UDP hlim=64 ::1>::1 src=::1"
net_expect "IPv6 packets" "$(expect2 "receive$v6 cs=0 $v6h")
$(expect2 "send$v6 cs=1 $v6h")"

dt_reload dtrace_ip
exit 0
