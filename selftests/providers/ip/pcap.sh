#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pcap() of ip:::send's packets: a pcap file with the right packets, or a hex dump as tracemem() prints
# requires: dtrace_ip
#
# ASSERTION: pcap((void *)arg0, PCAP_IP) in ip:::send, for the 2
# datagrams of 1234 bytes udpecho sends over 127.0.0.1 to port 41410,
# with -x pcapfile (pcapsize 2000), writes a libpcap file: magic
# a1b23c4d (ns timestamps), version 2.4, snaplen 2000, link type 101
# (raw IP), then 2 records of 1262 bytes captured of 1262 (IP header,
# UDP header, data: the Ethernet header the loopback device had in front
# is left out), each an IPv4 header (0x45) for UDP from 127.0.0.1 to
# 127.0.0.1, destination port 41410, stamped within the run's wall-clock
# time.  With pcapsize 100, 100 bytes are captured from skb->data, the
# 14 of the Ethernet header among them: the records hold 86 of 1262
# bytes.  Without
# a pcapfile, each packet prints as the hex dump tracemem() prints of
# the same bytes (skb->data, pcapsize of them).
set -eu
. selftests/lib/dt.sh
. selftests/providers/ip/net.inc

dt_setup
dt_modprobe dtrace_ip || dt_fail "modprobe dtrace_ip failed"

# capture PCAPSIZE OPTION-LINE: the D program, with that pragma line
capture() {
	cat <<D
#pragma D option pcapsize=$1
$2
BEGIN { printf("ready\n"); }
ip:::send /args[2]->ip_plength == 1242 && args[2]->ip_ver == 4/ {
	pcap((void *)arg0, PCAP_IP);
	n++;
}
ip:::send /n == 2/ { exit(0); }
D
}

# check PCAPSIZE CAPLEN: $DT_TMP/p.pcap holds our 2 packets, CAPLEN
# bytes of each captured; prints what is wrong, if anything
check() {
	python3 - "$DT_TMP/p.pcap" "$1" "$2" "$t0" "$t1" <<'PY'
import struct, sys
path, snap, cap, t0, t1 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
b = open(path, "rb").read()
magic, vmaj, vmin, zone, sig, snaplen, link = struct.unpack_from("=IHHiIII", b, 0)
if (magic, vmaj, vmin, snaplen, link) != (0xa1b23c4d, 2, 4, snap, 101):
    sys.exit(f"header {magic:#x} {vmaj}.{vmin} snaplen {snaplen} link {link}")
off, n = 24, 0
while off < len(b):
    sec, nsec, incl, orig = struct.unpack_from("=IIII", b, off)
    p = b[off + 16:off + 16 + incl]
    off += 16 + incl
    n += 1
    if (incl, orig, len(p)) != (cap, 1262, cap):
        sys.exit(f"packet {n}: {incl} of {orig} bytes ({len(p)} there)")
    if not t0 - 5 <= sec <= t1 + 5:
        sys.exit(f"packet {n}: time {sec} outside {t0}..{t1}")
    if p[0] != 0x45 or p[9] != 17 or p[12:20] != bytes([127, 0, 0, 1] * 2):
        sys.exit(f"packet {n}: not UDP over IPv4 loopback: {p[:20].hex()}")
    if cap >= 24 and struct.unpack_from("!H", p, 22)[0] != 41410:
        sys.exit(f"packet {n}: UDP port {struct.unpack_from('!H', p, 22)[0]}")
if n != 2:
    sys.exit(f"{n} packets")
PY
}

for sz in 2000 100; do
	rm -f "$DT_TMP/p.pcap"
	capture "$sz" "#pragma D option pcapfile=$DT_TMP/p.pcap" >"$DT_TMP/p.d"
	t0=$(date +%s)
	net_run "$DT_TMP/p.d" 4 41410 1234 2
	t1=$(date +%s)
	[ -s "$DT_TMP/p.pcap" ] || dt_fail "pcapsize $sz: no pcap file"
	cap=$((sz < 1276 ? sz - 14 : 1262))
	err=$(check "$sz" "$cap" 2>&1) || dt_fail "pcapsize $sz: $err"
	[ ! -s "$DT_TMP/ev" ] || dt_fail "pcapsize $sz: printed $(cat "$DT_TMP/ev")"
done

# no pcapfile: pcap()'s dump and tracemem()'s of the same bytes
cat >"$DT_TMP/h.d" <<'D'
#pragma D option pcapsize=48
BEGIN { printf("ready\n"); }
ip:::send /args[2]->ip_plength == 1242 && args[2]->ip_ver == 4/ {
	printf("pcap\n");
	pcap((void *)arg0, PCAP_IP);
	printf("\ntracemem\n");
	tracemem(((struct sk_buff *)arg0)->data, 48);
	printf("\nend\n");
	n++;
}
ip:::send /n == 2/ { exit(0); }
D
net_run "$DT_TMP/h.d" 4 41420 1234 2
awk '/^pcap$/ { w = "p" } /^tracemem$/ { w = "t" } /^end$/ { w = "" }
     w && /[0-9a-f]+: / { print w, $0 }' "$DT_TMP/raw" >"$DT_TMP/dumps"
np=$(grep -c '^p ' "$DT_TMP/dumps" || true)
[ "$np" -eq 6 ] || dt_fail "expected 3 dump lines per pcap(), got $np"
[ "$(sed -n 's/^p //p' "$DT_TMP/dumps")" = \
  "$(sed -n 's/^t //p' "$DT_TMP/dumps")" ] || {
	cat "$DT_TMP/raw" >&2
	dt_fail "pcap()'s dump differs from tracemem()'s"
}
exit 0
