#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: mib UDP datagram probes count the datagrams of a loopback workload
# requires: dtrace_mib
#
# ASSERTION: modprobe dtrace_mib loads dtrace_core and no other
# provider, and dtrace -l lists udpHCInDatagrams and udpHCOutDatagrams.
# udpecho sending 25 datagrams to itself over 127.0.0.1 fires
# udpHCOutDatagrams and udpHCInDatagrams each exactly 25 times in
# udpecho, with arg0 = 1, as the kernel's Udp InDatagrams and
# OutDatagrams counters grow by 25 each; over ::1, udpHCInDatagrams
# fires 25 times.  Once the consumers have exited, the module unloads
# and loads again.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe_alone dtrace_mib
[ "$(dt_list_probes mib | awk '{ print $3 }' | tr '\n' ' ')" = \
	"udpHCInDatagrams udpHCOutDatagrams " ] ||
	dt_fail "probes: $(dt_list_probes mib)"

# udp_counter NAME: Udp NAME of /proc/net/snmp
udp_counter() {
	awk -v n="$1" '$1 == "Udp:" && !h { for (i = 2; i <= NF; i++) c[$i] = i; h = 1; next }
		$1 == "Udp:" { print $c[n] }' /proc/net/snmp
}

# run FAMILY: count the probes in udpecho over FAMILY
run() {
	dt_trace 'mib:::udpHC* /execname == "udpecho"/ { @[probename] = sum(arg0); }'
	selftests/progs/udpecho "$1" 41320 64 25 >/dev/null ||
		dt_fail "udpecho $1 failed"
	dt_trace_stop
}
count() {
	awk -v p="$1" '$1 == p { print $2 }' "$DT_TMP/out"
}

in0=$(udp_counter InDatagrams)
out0=$(udp_counter OutDatagrams)
run 4
in1=$(udp_counter InDatagrams)
out1=$(udp_counter OutDatagrams)
[ "$(count udpHCOutDatagrams)" = 25 ] ||
	dt_fail "IPv4 udpHCOutDatagrams not 25: $(cat "$DT_TMP/out")"
[ "$(count udpHCInDatagrams)" = 25 ] ||
	dt_fail "IPv4 udpHCInDatagrams not 25: $(cat "$DT_TMP/out")"
if [ $((in1 - in0)) -lt 25 ] || [ $((out1 - out0)) -lt 25 ]; then
	dt_fail "Udp counters grew by $((in1 - in0)) and $((out1 - out0))"
fi

run 6
[ "$(count udpHCInDatagrams)" = 25 ] ||
	dt_fail "IPv6 udpHCInDatagrams not 25: $(cat "$DT_TMP/out")"
dt_reload dtrace_mib
exit 0
