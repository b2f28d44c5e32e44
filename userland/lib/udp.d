/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The arguments of the udp provider's probes, in the shape D programs
 * know from other DTraces: udpsinfo_t (the socket) and udpinfo_t (the
 * UDP header), translated from the kernel's struct sock and struct
 * udphdr through its BTF.  pktinfo_t, csinfo_t and ipinfo_t are in
 * ip.d.  docs/providers/udp.md documents them.
 */

#pragma D depends_on library ip.d

typedef struct udpsinfo {
	uintptr_t udps_addr;	/* the struct sock */
	uint16_t udps_lport;	/* local port */
	uint16_t udps_rport;	/* remote port; 0 if not connected */
	char udps_laddr[46];	/* local address, as text */
	char udps_raddr[46];	/* remote address, as text */
} udpsinfo_t;

typedef struct udpinfo {
	uint16_t udp_sport;	/* source port */
	uint16_t udp_dport;	/* destination port */
	uint16_t udp_length;	/* header and data, bytes */
	uint16_t udp_checksum;	/* checksum as sent (0 before offload) */
	struct udphdr *udp_hdr;	/* the header itself */
} udpinfo_t;

translator udpsinfo_t < struct sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = ntohs(((struct inet_sock *)S)->inet_sport);
	udps_rport = ntohs(S->__sk_common.skc_dport);
	udps_laddr = S->__sk_common.skc_family == 2 ?
	    inet_ntoa(&S->__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr);
	udps_raddr = S->__sk_common.skc_family == 2 ?
	    inet_ntoa(&S->__sk_common.skc_daddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_daddr);
};

translator udpinfo_t < struct udphdr *U > {
	udp_sport = ntohs(U->source);
	udp_dport = ntohs(U->dest);
	udp_length = ntohs(U->len);
	udp_checksum = ntohs(U->check);
	udp_hdr = U;
};
