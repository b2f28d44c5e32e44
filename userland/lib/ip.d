/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The network arguments shared by the probes of network providers
 * (tcp today), in the shape D programs know from other DTraces:
 * pktinfo_t for the packet, csinfo_t for the connection, ipinfo_t for
 * the IP header, translated from the kernel's struct sk_buff, struct
 * sock and IP header through its BTF.  Loaded before every program
 * (userland/libdtrace/dt_lib.c).  docs/providers/tcp.md documents them.
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
