#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: udp:::send and receive of loopback datagrams, IPv4 and IPv6, with their arguments
# requires: dtrace_udp
#
# ASSERTION: udpecho sends 3 datagrams of 100 bytes from port 41301 to
# port 41300 over 127.0.0.1, then over ::1.  Each fires udp:::send once
# (the sender's socket: bound to 41301, connected to 41300) and
# udp:::receive once (the receiver's: bound to 41300, not connected, so
# its remote end reads as address 0 port 0), with ip_ver 4 or 6, the
# loopback address as source and destination, ip_plength and udp_length
# 108, the ports of the header, pkt_addr set and cs_addr equal to
# udps_addr.  While the consumer runs, rmmod dtrace_udp fails; once it
# has exited, the module unloads and loads again.
set -eu
. selftests/lib/dt.sh
. selftests/providers/ip/net.inc

dt_setup
dt_modprobe dtrace_udp || dt_fail "modprobe dtrace_udp failed"

# script PORT COUNT
script() {
	cat <<D
BEGIN { printf("ready\n"); }
udp:::send, udp:::receive /args[4]->udp_dport == $1/ {
	printf("%s v=%d src=%s dst=%s plen=%d sport=%d dport=%d len=%d laddr=%s lport=%d raddr=%s rport=%d pkt=%d cs=%d\n",
	    probename, args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[2]->ip_plength, args[4]->udp_sport, args[4]->udp_dport,
	    args[4]->udp_length, args[3]->udps_laddr, args[3]->udps_lport,
	    args[3]->udps_raddr, args[3]->udps_rport, args[0]->pkt_addr != 0,
	    args[1]->cs_addr != 0 && args[1]->cs_addr == args[3]->udps_addr);
}
udp:::receive /args[4]->udp_dport == $1/ { n++; }
udp:::receive /n == $2/ { exit(0); }
D
}

# expect FAMILY ADDR ANY: the six lines of one run.
expect() {
	for _ in 1 2 3; do
		echo "receive v=$1 src=$2 dst=$2 plen=108 sport=41301 dport=41300 len=108 laddr=$2 lport=41300 raddr=$3 rport=0 pkt=1 cs=1"
	done
	for _ in 1 2 3; do
		echo "send v=$1 src=$2 dst=$2 plen=108 sport=41301 dport=41300 len=108 laddr=$2 lport=41301 raddr=$2 rport=41300 pkt=1 cs=1"
	done
}

script 41300 3 >"$DT_TMP/u.d"
net_run "$DT_TMP/u.d" 4 41300 100 3
net_expect "IPv4 datagrams" "$(expect 4 127.0.0.1 0.0.0.0)"

net_run "$DT_TMP/u.d" 6 41300 100 3 dtrace_udp
net_expect "IPv6 datagrams" "$(expect 6 ::1 ::)"

dt_reload dtrace_udp
exit 0
