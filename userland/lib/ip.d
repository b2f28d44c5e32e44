/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The network arguments shared by the probes of the network providers
 * (ip, tcp, udp), in the shape D programs know from other DTraces:
 * pktinfo_t for the packet, csinfo_t for the connection, ipinfo_t for
 * the IP header, translated from the kernel's struct sk_buff, struct
 * sock and IP header through its BTF; and the ip provider's own
 * ifinfo_t (the device), ipv4info_t and ipv6info_t (the full header).
 * Compiled for the programs that use it (userland/libdtrace/dt_lib.c).
 * docs/providers/ip.md documents them.
 */

typedef struct pktinfo {
	uintptr_t pkt_addr;	/* the struct sk_buff; 0 when the packet
				   was built for the probe */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;	/* the struct sock; 0 when there is none */
	uint64_t cs_cid;	/* connection id: the struct sock's address */
	pid_t cs_pid;		/* 0: Linux does not record which process
				   created a socket */
	int cs_zoneid;		/* 0: Linux has no zones */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;		/* 4 or 6 */
	uint32_t ip_plength;	/* payload length: the IP length less the
				   IP header */
	char ip_saddr[46];	/* source address, as text */
	char ip_daddr[46];	/* destination address, as text */
} ipinfo_t;

translator pktinfo_t < struct sk_buff *B > {
	pkt_addr = (uintptr_t)B;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
	cs_pid = 0;
	cs_zoneid = 0;
};

/*
 * The version is the high nibble of an IP header's first byte, in
 * IPv4 and IPv6 alike; an IPv6 header is read as struct ipv6hdr.
 */
translator ipinfo_t < struct iphdr *I > {
	ip_ver = *(uint8_t *)I >> 4;
	ip_plength = (*(uint8_t *)I >> 4) == 4 ?
	    ntohs(I->tot_len) - (*(uint8_t *)I & 0xf) * 4 :
	    ntohs(((struct ipv6hdr *)I)->payload_len);
	ip_saddr = (*(uint8_t *)I >> 4) == 4 ? inet_ntoa(&I->saddr) :
	    inet_ntoa6(&((struct ipv6hdr *)I)->saddr);
	ip_daddr = (*(uint8_t *)I >> 4) == 4 ? inet_ntoa(&I->daddr) :
	    inet_ntoa6(&((struct ipv6hdr *)I)->daddr);
};

/* Address families, as inet_ntop() takes them (Linux's numbers). */
inline int AF_INET = 2;
inline int AF_INET6 = 10;

/* Hardware types of link-layer addresses, as link_ntop() takes them. */
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

/* ipv4info_t's ipv4_flags: the header's three flag bits */
inline uint8_t IPH_DF = 4;	/* don't fragment */
inline uint8_t IPH_MF = 2;	/* more fragments */

/* IP protocol numbers, as ipv4_protocol and ipv6_nexthdr give them */
inline uint8_t IPPROTO_IP = 0;
inline uint8_t IPPROTO_HOPOPTS = 0;
inline uint8_t IPPROTO_ICMP = 1;
inline uint8_t IPPROTO_IGMP = 2;
inline uint8_t IPPROTO_TCP = 6;
inline uint8_t IPPROTO_UDP = 17;
inline uint8_t IPPROTO_IPV6 = 41;
inline uint8_t IPPROTO_ROUTING = 43;
inline uint8_t IPPROTO_FRAGMENT = 44;
inline uint8_t IPPROTO_ESP = 50;
inline uint8_t IPPROTO_AH = 51;
inline uint8_t IPPROTO_ICMPV6 = 58;
inline uint8_t IPPROTO_NONE = 59;
inline uint8_t IPPROTO_DSTOPTS = 60;
inline uint8_t IPPROTO_SCTP = 132;
inline uint8_t IPPROTO_UDPLITE = 136;

typedef uint32_t ipaddr_t;	/* an IPv4 address, network byte order */
typedef struct in6_addr in6_addr_t;

typedef struct ifinfo {
	char if_name[16];	/* the device's name: "lo", "eth0" */
	int8_t if_local;	/* 1 for a loopback device */
	uint32_t if_ipstack;	/* its network namespace's inode number */
	uintptr_t if_addr;	/* the struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;	/* 4 */
	uint8_t ipv4_ihl;	/* header length, bytes */
	uint8_t ipv4_tos;	/* type of service */
	uint16_t ipv4_length;	/* total length, bytes */
	uint16_t ipv4_ident;	/* identification */
	uint8_t ipv4_flags;	/* IPH_DF, IPH_MF: the flag bits */
	uint16_t ipv4_offset;	/* fragment offset, bytes */
	uint8_t ipv4_ttl;	/* time to live */
	uint8_t ipv4_protocol;	/* next protocol: 6 TCP, 17 UDP ... */
	char ipv4_protostr[8];	/* its name: "TCP", "UDP" ... */
	uint16_t ipv4_checksum;	/* header checksum */
	ipaddr_t ipv4_src;	/* source address */
	ipaddr_t ipv4_dst;	/* destination address */
	char ipv4_saddr[16];	/* source address, as text */
	char ipv4_daddr[16];	/* destination address, as text */
	struct iphdr *ipv4_hdr;	/* the header itself */
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;	/* 6 */
	uint8_t ipv6_tclass;	/* traffic class */
	uint32_t ipv6_flow;	/* flow label */
	uint16_t ipv6_plen;	/* payload length, bytes */
	uint8_t ipv6_nexthdr;	/* next header: 6 TCP, 17 UDP, 58 ICMPv6 ... */
	char ipv6_nextstr[8];	/* its name */
	uint8_t ipv6_hlim;	/* hop limit */
	in6_addr_t *ipv6_src;	/* source address */
	in6_addr_t *ipv6_dst;	/* destination address */
	char ipv6_saddr[46];	/* source address, as text */
	char ipv6_daddr[46];	/* destination address, as text */
	struct ipv6hdr *ipv6_hdr;	/* the header itself */
} ipv6info_t;

/*
 * The name of IP protocol number P, as ipv4_protostr and ipv6_nextstr.
 * Numbers, not the IPPROTO_* inlines: with those, a clause using it
 * failed to compile ("insufficient registers to generate code").
 */
inline string ip_proto_string[uint8_t P] =
	P == 6 ? "TCP" : P == 17 ? "UDP" : P == 1 ? "ICMP" :
	P == 58 ? "ICMPV6" : P == 2 ? "IGMP" : P == 0 ? "HOPOPTS" :
	P == 41 ? "IPV6" : P == 44 ? "FRAGMENT" : P == 43 ? "ROUTING" :
	P == 60 ? "DSTOPTS" : P == 50 ? "ESP" : P == 51 ? "AH" :
	P == 132 ? "SCTP" : P == 136 ? "UDPLITE" : "<unknown>";

translator ifinfo_t < struct net_device *D > {
	if_name = stringof(D->name);
	if_local = (D->flags & 0x8) != 0;	/* IFF_LOOPBACK */
	if_ipstack = D->nd_net.net->ns.inum;
	if_addr = (uintptr_t)D;
};

/* Bytes 0 (version, header words) and 6-7 (flags, offset) by hand. */
translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = *(uint8_t *)I >> 4;
	ipv4_ihl = (*(uint8_t *)I & 0xf) * 4;
	ipv4_tos = I->tos;
	ipv4_length = ntohs(I->tot_len);
	ipv4_ident = ntohs(I->id);
	ipv4_flags = ntohs(I->frag_off) >> 13 << 1;
	ipv4_offset = (ntohs(I->frag_off) & 0x1fff) * 8;
	ipv4_ttl = I->ttl;
	ipv4_protocol = I->protocol;
	ipv4_protostr = ip_proto_string[I->protocol];
	ipv4_checksum = ntohs(I->check);
	ipv4_src = I->saddr;
	ipv4_dst = I->daddr;
	ipv4_saddr = inet_ntoa(&I->saddr);
	ipv4_daddr = inet_ntoa(&I->daddr);
	ipv4_hdr = I;
};

/* The first 32 bits: version 4, traffic class 8, flow label 20. */
translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = *(uint8_t *)I >> 4;
	ipv6_tclass = (ntohl(*(uint32_t *)I) >> 20) & 0xff;
	ipv6_flow = ntohl(*(uint32_t *)I) & 0xfffff;
	ipv6_plen = ntohs(I->payload_len);
	ipv6_nexthdr = I->nexthdr;
	ipv6_nextstr = ip_proto_string[I->nexthdr];
	ipv6_hlim = I->hop_limit;
	ipv6_src = &I->saddr;
	ipv6_dst = &I->daddr;
	ipv6_saddr = inet_ntoa6(&I->saddr);
	ipv6_daddr = inet_ntoa6(&I->daddr);
	ipv6_hdr = I;
};
