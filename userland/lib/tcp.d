/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The arguments of the tcp provider's probes, in the shape D programs
 * know from other DTraces: tcpsinfo_t (the connection), tcplsinfo_t
 * (its previous state, in state-change), tcpinfo_t (the TCP header),
 * translated from the kernel's struct sock and struct tcphdr through
 * its BTF; the TCP_STATE_* and TH_* constants and tcp_state_string[].
 * pktinfo_t, csinfo_t and ipinfo_t are in ip.d.  docs/providers/tcp.md
 * documents them.
 *
 * States are Linux's own numbers (include/net/tcp_states.h).  What
 * reaches a translator as a struct sock * is one of three things,
 * told apart by its state (the byte skc_state of its sock_common):
 *   12 (TCP_NEW_SYN_RECV): a request socket, a connection in SYN_RECV
 *	that has no full socket yet: struct tcp_request_sock;
 *   0 (no Linux state): the provider's stand-in for the connection a
 *	refused SYN asked for: a sock_common only;
 *   anything else: a full socket, struct tcp_sock.  Its local port is
 *	read from inet_sport, which outlives skc_num: closing a socket
 *	releases the port before its state becomes CLOSED.
 */

inline int TCP_STATE_ESTABLISHED = 1;
inline int TCP_STATE_SYN_SENT = 2;
inline int TCP_STATE_SYN_RECEIVED = 3;
inline int TCP_STATE_FIN_WAIT_1 = 4;
inline int TCP_STATE_FIN_WAIT_2 = 5;
inline int TCP_STATE_TIME_WAIT = 6;
inline int TCP_STATE_CLOSED = 7;
inline int TCP_STATE_CLOSE_WAIT = 8;
inline int TCP_STATE_LAST_ACK = 9;
inline int TCP_STATE_LISTEN = 10;
inline int TCP_STATE_CLOSING = 11;

/* tcp_state_string[args[3]->tcps_state]: a state's name, as DTrace's */
inline string tcp_state_string[int32_t state] =
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_CLOSING ? "state-closing" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" : "<unknown>";

inline uint8_t TH_FIN = 0x01;
inline uint8_t TH_SYN = 0x02;
inline uint8_t TH_RST = 0x04;
inline uint8_t TH_PUSH = 0x08;
inline uint8_t TH_ACK = 0x10;
inline uint8_t TH_URG = 0x20;
inline uint8_t TH_ECE = 0x40;
inline uint8_t TH_CWR = 0x80;

/*
 * Members a Linux socket does not keep (tcps_active, tcps_iss,
 * tcps_irs, tcps_swl2, tcps_sack_fack, tcps_sack_snxt, tcps_rto,
 * tcps_retransmit) are declared, so that a program naming one is told
 * the translator does not define it.
 */
typedef struct tcpsinfo {
	uintptr_t tcps_addr;	/* the struct sock; 0 for accept-refused */
	int tcps_local;		/* the remote end is this host */
	int tcps_active;
	uint16_t tcps_lport;	/* local port */
	uint16_t tcps_rport;	/* remote port */
	char tcps_laddr[46];	/* local address, as text */
	char tcps_raddr[46];	/* remote address, as text */
	int32_t tcps_state;	/* TCP_STATE_* */
	uint32_t tcps_iss;
	uint32_t tcps_irs;
	uint32_t tcps_suna;	/* oldest sequence number not acknowledged */
	uint32_t tcps_snxt;	/* next sequence number to send */
	uint32_t tcps_rack;	/* last acknowledgement sent */
	uint32_t tcps_rnxt;	/* next sequence number expected */
	uint32_t tcps_swnd;	/* send window, bytes */
	int32_t tcps_snd_ws;	/* send window scale */
	uint32_t tcps_swl1;	/* sequence number of the last window update */
	uint32_t tcps_swl2;
	uint32_t tcps_rwnd;	/* receive window, bytes */
	int32_t tcps_rcv_ws;	/* receive window scale */
	uint32_t tcps_cwnd;	/* congestion window, bytes */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold, bytes */
	uint32_t tcps_sack_fack;
	uint32_t tcps_sack_snxt;
	uint32_t tcps_rto;
	uint32_t tcps_mss;	/* maximum segment size */
	int tcps_retransmit;
	int64_t tcps_rtt;	/* smoothed round-trip time, microseconds */
	int64_t tcps_rtt_sd;	/* its mean deviation, microseconds */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int32_t tcps_state;	/* the state before the change */
} tcplsinfo_t;

typedef struct tcpinfo {
	uint16_t tcp_sport;	/* source port */
	uint16_t tcp_dport;	/* destination port */
	uint32_t tcp_seq;	/* sequence number */
	uint32_t tcp_ack;	/* acknowledgement number */
	uint8_t tcp_offset;	/* header length, bytes */
	uint8_t tcp_flags;	/* TH_* */
	uint16_t tcp_window;	/* window, unscaled */
	uint16_t tcp_checksum;	/* checksum as sent (0 before offload) */
	uint16_t tcp_urgent;	/* urgent pointer */
	struct tcphdr *tcp_hdr;	/* the raw header */
} tcpinfo_t;

translator tcpsinfo_t < struct sock *S > {
	tcps_addr = S->__sk_common.skc_state == 0 ? 0 : (uintptr_t)S;
	tcps_local = S->__sk_common.skc_family == 2 ?
	    S->__sk_common.skc_daddr == S->__sk_common.skc_rcv_saddr ||
	    (ntohl(S->__sk_common.skc_daddr) >> 24) == 127 :
	    (S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[0] ==
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[0] &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[1] ==
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[1] &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[2] ==
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[2] &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[3] ==
	    S->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[3]) ||
	    (S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[0] == 0 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[1] == 0 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[2] == 0 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[3] == htonl(1));
	tcps_lport = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? S->__sk_common.skc_num :
	    ntohs(((struct inet_sock *)S)->inet_sport);
	tcps_rport = ntohs(S->__sk_common.skc_dport);
	tcps_laddr = S->__sk_common.skc_family == 2 ?
	    inet_ntoa(&S->__sk_common.skc_rcv_saddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr);
	tcps_raddr = S->__sk_common.skc_family == 2 ?
	    inet_ntoa(&S->__sk_common.skc_daddr) :
	    inet_ntoa6(&S->__sk_common.skc_v6_daddr);
	tcps_state = S->__sk_common.skc_state == 12 ? 3 :
	    S->__sk_common.skc_state == 0 ? 7 : S->__sk_common.skc_state;
	tcps_suna = S->__sk_common.skc_state == 0 ? 0 :
	    S->__sk_common.skc_state == 12 ?
	    ((struct tcp_request_sock *)S)->snt_isn :
	    ((struct tcp_sock *)S)->snd_una;
	tcps_snxt = S->__sk_common.skc_state == 0 ? 0 :
	    S->__sk_common.skc_state == 12 ?
	    ((struct tcp_request_sock *)S)->snt_isn + 1 :
	    ((struct tcp_sock *)S)->snd_nxt;
	tcps_rack = S->__sk_common.skc_state == 0 ? 0 :
	    S->__sk_common.skc_state == 12 ?
	    ((struct tcp_request_sock *)S)->rcv_nxt :
	    ((struct tcp_sock *)S)->rcv_wup;
	tcps_rnxt = S->__sk_common.skc_state == 0 ? 0 :
	    S->__sk_common.skc_state == 12 ?
	    ((struct tcp_request_sock *)S)->rcv_nxt :
	    ((struct tcp_sock *)S)->rcv_nxt;
	tcps_swnd = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->snd_wnd;
	tcps_snd_ws = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->rx_opt.snd_wscale;
	tcps_swl1 = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->snd_wl1;
	tcps_rwnd = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->rcv_wnd;
	tcps_rcv_ws = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->rx_opt.rcv_wscale;
	tcps_cwnd = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->snd_cwnd *
	    ((struct tcp_sock *)S)->mss_cache;
	tcps_cwnd_ssthresh = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->snd_ssthresh >= 0x7fffffff ? 0xffffffff :
	    ((struct tcp_sock *)S)->snd_ssthresh *
	    ((struct tcp_sock *)S)->mss_cache;
	tcps_mss = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->mss_cache;
	tcps_rtt = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->srtt_us >> 3;
	tcps_rtt_sd = S->__sk_common.skc_state == 0 ||
	    S->__sk_common.skc_state == 12 ? 0 :
	    ((struct tcp_sock *)S)->mdev_us >> 2;
};

translator tcplsinfo_t < int I > {
	tcps_state = I;
};

/* Offsets 12 and 13 of a TCP header: data offset (words) and flags. */
translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = ntohs(T->source);
	tcp_dport = ntohs(T->dest);
	tcp_seq = ntohl(T->seq);
	tcp_ack = ntohl(T->ack_seq);
	tcp_offset = (*((uint8_t *)T + 12) >> 4) * 4;
	tcp_flags = *((uint8_t *)T + 13);
	tcp_window = ntohs(T->window);
	tcp_checksum = ntohs(T->check);
	tcp_urgent = ntohs(T->urg_ptr);
	tcp_hdr = T;
};
