// SPDX-License-Identifier: GPL-2.0
/*
 * Probe context of the tcp provider: the kprobe and kretprobe handlers
 * that turn a kernel event into tcp:::send, receive, state-change and
 * the connect and accept probes.  Every handler runs with preemption
 * off, in process or softirq context, maybe with socket locks held: it
 * reads the socket and the packet headers it is given, builds what it
 * must on its own stack, calls dtrace_probe() and returns.  No locks,
 * no allocation, no sleeping.  tcp.c arms the handlers; tcp_prov.h maps
 * probes to hooks.
 *
 * The probes' arguments are kernel pointers, translated by the D
 * library (userland/lib/tcp.d):
 *
 *	arg0 struct sk_buff *	the segment, or NULL
 *	arg1 struct sock *	the connection, or NULL
 *	arg2 struct iphdr *	its IP header (IPv4 or IPv6), or NULL
 *	arg3 struct sock *	the connection again, for tcpsinfo_t
 *	arg4 struct tcphdr *	its TCP header, or NULL
 *	arg5 int		state-change: the previous state
 */
#define pr_fmt(fmt) "dtrace tcp: " fmt

#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <net/inet_sock.h>
#include <net/ip6_route.h>
#include <net/ipv6.h>
#include <net/route.h>
#include <net/sock.h>
#include <net/tcp_states.h>
#include "tcp_prov.h"

dtrace_id_t tcpp_ids[TCPP_NPROBES];
bool tcpp_enabled[TCPP_NPROBES];

/*
 * The headers of a segment that has no sk_buff at hand (the RST of
 * accept-refused, the ACK of accept-established), built on the stack
 * of the handler that fires the probe, and for accept-refused the
 * connection it would have been: a sock_common whose state is 0, a
 * value Linux never uses, which tells the D library to read nothing
 * beyond it.
 */
struct tcpp_synth {
	union {
		struct iphdr	v4;
		struct ipv6hdr	v6;
	} ip;
	struct tcphdr		th;
	struct sock_common	stand_in;
};

static void tcpp_fire(enum tcpp_probe p, const struct sk_buff *skb,
		      const void *cs, const void *ip, const void *ts,
		      const void *th, int oldstate)
{
	if (!READ_ONCE(tcpp_enabled[p]))
		return;
	dtrace_probe(tcpp_ids[p], (uintptr_t)skb, (uintptr_t)cs,
		     (uintptr_t)ip, (uintptr_t)ts, (uintptr_t)th, oldstate);
}
NOKPROBE_SYMBOL(tcpp_fire);

/* Fire @p for segment @skb (may be NULL) of connection @sk. */
static void tcpp_fire_skb(enum tcpp_probe p, const struct sock *sk,
			  const struct sk_buff *skb)
{
	const void *ip = NULL, *th = NULL;

	if (skb && skb_transport_header_was_set(skb)) {
		ip = skb_network_header(skb);
		th = skb_transport_header(skb);
	}
	tcpp_fire(p, skb, sk, ip, sk, th, 0);
}
NOKPROBE_SYMBOL(tcpp_fire_skb);

/*
 * Is @sk a TCP connection the D library can translate: a full TCP
 * socket, or a request socket (a connection in SYN_RECV before its
 * socket exists, of which only the sock_common is valid)?  Time-wait
 * minisockets and the per-CPU control sockets that send resets are not.
 */
static bool tcpp_is_tcp(const struct sock *sk)
{
	if (!sk)
		return false;
	switch (READ_ONCE(sk->sk_state)) {
	case TCP_NEW_SYN_RECV:
		return true;
	case TCP_TIME_WAIT:
		return false;
	}
	return sk->sk_type == SOCK_STREAM && sk->sk_protocol == IPPROTO_TCP;
}
NOKPROBE_SYMBOL(tcpp_is_tcp);

/* An outgoing TCP segment, headers built: connect-request and send. */
static void tcpp_output(const struct sk_buff *skb, u8 proto)
{
	const struct tcphdr *th;

	if (proto != IPPROTO_TCP || !tcpp_is_tcp(skb->sk) ||
	    !skb_transport_header_was_set(skb))
		return;
	th = tcp_hdr(skb);
	if (th->syn && !th->ack)
		tcpp_fire_skb(TCPP_CONNECT_REQUEST, skb->sk, skb);
	tcpp_fire_skb(TCPP_SEND, skb->sk, skb);
}
NOKPROBE_SYMBOL(tcpp_output);

/* ip_output(net, sk, skb) */
static int tcpp_ip_output(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sk_buff *skb = (void *)regs_get_kernel_argument(regs, 2);

	tcpp_output(skb, ip_hdr(skb)->protocol);
	return 0;
}
NOKPROBE_SYMBOL(tcpp_ip_output);

/* ip6_output(net, sk, skb); a TCP segment has no extension header. */
static int tcpp_ip6_output(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sk_buff *skb = (void *)regs_get_kernel_argument(regs, 2);

	tcpp_output(skb, ipv6_hdr(skb)->nexthdr);
	return 0;
}
NOKPROBE_SYMBOL(tcpp_ip6_output);

/* tcp_rcv_established(sk, skb), tcp_rcv_state_process(sk, skb) */
static int tcpp_rcv(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (void *)regs_get_kernel_argument(regs, 0);
	const struct sk_buff *skb = (void *)regs_get_kernel_argument(regs, 1);

	tcpp_fire_skb(TCPP_RECEIVE, sk, skb);
	return 0;
}
NOKPROBE_SYMBOL(tcpp_rcv);

/* tcp_reset(sk, skb): a RST arrived; in SYN_SENT it refuses a connect. */
static int tcpp_reset(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (void *)regs_get_kernel_argument(regs, 0);
	const struct sk_buff *skb = (void *)regs_get_kernel_argument(regs, 1);

	if (READ_ONCE(sk->sk_state) == TCP_SYN_SENT)
		tcpp_fire_skb(TCPP_CONNECT_REFUSED, sk, skb);
	return 0;
}
NOKPROBE_SYMBOL(tcpp_reset);

struct tcpp_finish_data {
	const struct sock	*sk;
	const struct sk_buff	*skb;	/* the SYN-ACK; NULL for TCP_REPAIR */
};

/*
 * tcp_finish_connect(sk, skb) moves a connecting socket to ESTABLISHED;
 * connect-established fires when it returns, after the state-change,
 * while the caller still holds the SYN-ACK.
 */
static int tcpp_finish_entry(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	struct tcpp_finish_data *d = (void *)ri->data;

	d->sk = (void *)regs_get_kernel_argument(regs, 0);
	d->skb = (void *)regs_get_kernel_argument(regs, 1);
	return 0;
}
NOKPROBE_SYMBOL(tcpp_finish_entry);

static int tcpp_finish_ret(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	struct tcpp_finish_data *d = (void *)ri->data;

	tcpp_fire_skb(TCPP_CONNECT_ESTABLISHED, d->sk, d->skb);
	return 0;
}
NOKPROBE_SYMBOL(tcpp_finish_ret);

static void tcpp_synth_v4(struct tcpp_synth *s, __be32 saddr, __be32 daddr)
{
	s->ip.v4.version = 4;
	s->ip.v4.ihl = sizeof(s->ip.v4) / 4;
	s->ip.v4.tot_len = htons(sizeof(s->ip.v4) + sizeof(s->th));
	s->ip.v4.ttl = 64;
	s->ip.v4.protocol = IPPROTO_TCP;
	s->ip.v4.saddr = saddr;
	s->ip.v4.daddr = daddr;
}
NOKPROBE_SYMBOL(tcpp_synth_v4);

static void tcpp_synth_v6(struct tcpp_synth *s, const struct in6_addr *saddr,
			  const struct in6_addr *daddr)
{
	s->ip.v6.version = 6;
	s->ip.v6.payload_len = htons(sizeof(s->th));
	s->ip.v6.nexthdr = IPPROTO_TCP;
	s->ip.v6.hop_limit = 64;
	s->ip.v6.saddr = *saddr;
	s->ip.v6.daddr = *daddr;
}
NOKPROBE_SYMBOL(tcpp_synth_v6);

/*
 * A SYN (@skb, @th) found no socket, and the kernel answers with a
 * RST: accept-refused describes that RST, built here as the kernel
 * builds it (ports and addresses swapped, RST|ACK acknowledging the
 * SYN), and a stand-in connection with the local and remote ends.
 */
static void tcpp_refused(const struct sk_buff *skb, const struct tcphdr *th)
{
	struct sock_common *sc;
	struct tcpp_synth s;

	if (!th->syn || th->ack || th->rst)
		return;
	memset(&s, 0, sizeof(s));
	sc = &s.stand_in;
	if (ip_hdr(skb)->version == 4) {
		tcpp_synth_v4(&s, ip_hdr(skb)->daddr, ip_hdr(skb)->saddr);
		sc->skc_family = AF_INET;
		sc->skc_rcv_saddr = ip_hdr(skb)->daddr;
		sc->skc_daddr = ip_hdr(skb)->saddr;
	} else {
		tcpp_synth_v6(&s, &ipv6_hdr(skb)->daddr, &ipv6_hdr(skb)->saddr);
		sc->skc_family = AF_INET6;
		sc->skc_v6_rcv_saddr = ipv6_hdr(skb)->daddr;
		sc->skc_v6_daddr = ipv6_hdr(skb)->saddr;
	}
	sc->skc_num = ntohs(th->dest);
	sc->skc_dport = th->source;

	s.th.source = th->dest;
	s.th.dest = th->source;
	s.th.doff = sizeof(s.th) / 4;
	s.th.rst = 1;
	s.th.ack = 1;
	s.th.ack_seq = htonl(ntohl(th->seq) + th->syn + th->fin +
			     skb->len - (th->doff << 2));
	tcpp_fire(TCPP_ACCEPT_REFUSED, NULL, NULL, &s.ip, sc, &s.th, 0);
}
NOKPROBE_SYMBOL(tcpp_refused);

/*
 * tcp_v4_send_reset(sk, skb): with no socket, the kernel refuses @skb;
 * it sends nothing to a destination that is not local.
 */
static int tcpp_v4_send_reset(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (void *)regs_get_kernel_argument(regs, 0);
	const struct sk_buff *skb = (void *)regs_get_kernel_argument(regs, 1);
	const struct rtable *rt;

	if (sk || !READ_ONCE(tcpp_enabled[TCPP_ACCEPT_REFUSED]))
		return 0;
	rt = skb_rtable(skb);
	if (rt && rt->rt_type == RTN_LOCAL)
		tcpp_refused(skb, tcp_hdr(skb));
	return 0;
}
NOKPROBE_SYMBOL(tcpp_v4_send_reset);

/* tcp_v6_send_reset(sk, skb): as for IPv4. */
static int tcpp_v6_send_reset(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (void *)regs_get_kernel_argument(regs, 0);
	const struct sk_buff *skb = (void *)regs_get_kernel_argument(regs, 1);

	if (sk || !READ_ONCE(tcpp_enabled[TCPP_ACCEPT_REFUSED]))
		return 0;
	if (skb_dst(skb) && ipv6_unicast_destination(skb))
		tcpp_refused(skb, tcp_hdr(skb));
	return 0;
}
NOKPROBE_SYMBOL(tcpp_v6_send_reset);

/*
 * accept-established: the final ACK of the handshake is being
 * processed deep below; describe it from the socket it just
 * established (remote to local, acknowledging what it acknowledged).
 */
static void tcpp_accepted(const struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	const struct inet_sock *inet = inet_sk(sk);
	struct tcpp_synth s;

	memset(&s, 0, sizeof(s));
	if (sk->sk_family == AF_INET6 &&
	    !ipv6_addr_v4mapped(&sk->sk_v6_daddr))
		tcpp_synth_v6(&s, &sk->sk_v6_daddr, &sk->sk_v6_rcv_saddr);
	else
		tcpp_synth_v4(&s, inet->inet_daddr, inet->inet_rcv_saddr);
	s.th.source = inet->inet_dport;
	s.th.dest = inet->inet_sport;
	s.th.seq = htonl(tp->rcv_nxt);
	s.th.ack_seq = htonl(tp->snd_una);
	s.th.doff = sizeof(s.th) / 4;
	s.th.ack = 1;
	s.th.window = htons(min_t(u32, tp->snd_wnd >> tp->rx_opt.snd_wscale,
				  U16_MAX));
	tcpp_fire(TCPP_ACCEPT_ESTABLISHED, NULL, sk, &s.ip, sk, &s.th, 0);
}
NOKPROBE_SYMBOL(tcpp_accepted);

struct tcpp_state_data {
	const struct sock	*sk;
	int			oldstate;
	int			newstate;
};

/*
 * inet_sk_state_store(sk, state) and inet_sk_set_state(sk, state) are
 * where every TCP state is stored.  The probes fire when they return,
 * so that args[3] reads the new state.
 */
static int tcpp_state_entry(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	struct tcpp_state_data *d = (void *)ri->data;
	const struct sock *sk = (void *)regs_get_kernel_argument(regs, 0);

	if (sk->sk_type != SOCK_STREAM || sk->sk_protocol != IPPROTO_TCP)
		return 1;
	d->sk = sk;
	d->oldstate = READ_ONCE(sk->sk_state);
	d->newstate = (int)regs_get_kernel_argument(regs, 1);
	return d->oldstate == d->newstate;
}
NOKPROBE_SYMBOL(tcpp_state_entry);

static int tcpp_state_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct tcpp_state_data *d = (void *)ri->data;

	tcpp_fire(TCPP_STATE_CHANGE, NULL, d->sk, NULL, d->sk, NULL,
		  d->oldstate);
	if (d->oldstate == TCP_SYN_RECV && d->newstate == TCP_ESTABLISHED &&
	    READ_ONCE(tcpp_enabled[TCPP_ACCEPT_ESTABLISHED]))
		tcpp_accepted(d->sk);
	return 0;
}
NOKPROBE_SYMBOL(tcpp_state_ret);

const struct dtrace_hook_desc tcpp_hook_descs[TCPP_NHOOKS] = {
	[TCPP_HOOK_IP_OUTPUT] = DTRACE_HOOK_KP("ip_output", tcpp_ip_output),
	[TCPP_HOOK_IP6_OUTPUT] = DTRACE_HOOK_KP("ip6_output", tcpp_ip6_output),
	[TCPP_HOOK_RCV_ESTABLISHED] =
		DTRACE_HOOK_KP("tcp_rcv_established", tcpp_rcv),
	[TCPP_HOOK_RCV_STATE] =
		DTRACE_HOOK_KP("tcp_rcv_state_process", tcpp_rcv),
	[TCPP_HOOK_FINISH_CONNECT] = {
		.kind = DTRACE_HOOK_KRETPROBE,
		.symbols = { "tcp_finish_connect" }, .entry = tcpp_finish_entry,
		.ret = tcpp_finish_ret,
		.data_size = sizeof(struct tcpp_finish_data),
	},
	[TCPP_HOOK_RESET] = DTRACE_HOOK_KP("tcp_reset", tcpp_reset),
	[TCPP_HOOK_V4_SEND_RESET] =
		DTRACE_HOOK_KP("tcp_v4_send_reset", tcpp_v4_send_reset),
	[TCPP_HOOK_V6_SEND_RESET] =
		DTRACE_HOOK_KP("tcp_v6_send_reset", tcpp_v6_send_reset),
	[TCPP_HOOK_STATE_STORE] = {
		.kind = DTRACE_HOOK_KRETPROBE,
		.symbols = { "inet_sk_state_store" }, .entry = tcpp_state_entry,
		.ret = tcpp_state_ret,
		.data_size = sizeof(struct tcpp_state_data),
	},
	[TCPP_HOOK_SET_STATE] = {
		.kind = DTRACE_HOOK_KRETPROBE,
		.symbols = { "inet_sk_set_state" }, .entry = tcpp_state_entry,
		.ret = tcpp_state_ret,
		.data_size = sizeof(struct tcpp_state_data),
	},
};
