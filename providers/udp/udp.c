// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_udp.ko: the udp provider.  udp:::send fires for each UDP
 * datagram of a local socket handed to a network device (the
 * net_dev_queue tracepoint; of a fragmented datagram, the first
 * fragment), udp:::receive for each datagram queued to a socket
 * (__udp_enqueue_schedule_skb(), which IPv4 and IPv6 share), over IPv4
 * and IPv6, with the arguments other DTraces document (pktinfo_t,
 * csinfo_t, ipinfo_t, udpsinfo_t, udpinfo_t) translated by the D
 * library (userland/lib/ip.d, udp.d).  This file declares the probes,
 * their hooks and arguments for the core's hook service (which creates
 * the probes and arms a hook while its probe is enabled), and holds the
 * handlers, which run in probe context (no locks, no allocation; the
 * whole file is kept out of reach of function tracing).
 * docs/providers/udp.md says what each probe sees and misses.
 *
 * The probes' arguments:
 *	arg0 struct sk_buff *	the datagram
 *	arg1 struct sock *	its socket
 *	arg2 struct iphdr *	its IP header (IPv4 or IPv6)
 *	arg3 struct sock *	the socket again, for udpsinfo_t
 *	arg4 struct udphdr *	its UDP header
 */
#define pr_fmt(fmt) "dtrace udp: " fmt

#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/skbuff.h>
#include <linux/udp.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/sock.h>
#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum udpp_probe { UDPP_SEND, UDPP_RECEIVE, UDPP_NPROBES };

static dtrace_id_t udpp_ids[UDPP_NPROBES];
/* Whether each probe fires (the core's hook provider sets them). */
static bool udpp_enabled[UDPP_NPROBES];

/* Is @sk a UDP socket (not UDP-Lite, not a raw socket of protocol 17)? */
static bool udpp_is_udp(const struct sock *sk)
{
	return sk && sk_fullsock(sk) && sk->sk_type == SOCK_DGRAM &&
	       sk->sk_protocol == IPPROTO_UDP;
}
NOKPROBE_SYMBOL(udpp_is_udp);

/*
 * The UDP header after IP header @ip of outgoing @skb, or NULL: not
 * UDP, not the first fragment, or not in the linear data.  An IPv6
 * datagram may have a fragment header before it, and no other.
 */
static const u8 *udpp_out_header(const struct sk_buff *skb, const u8 *ip)
{
	const u8 *end = skb_tail_pointer(skb);
	const struct iphdr *v4 = (const void *)ip;
	size_t off;
	u8 next;

	if (ip < skb->head || ip >= end)
		return NULL;
	if (skb->protocol == htons(ETH_P_IP)) {
		if (end - ip < sizeof(*v4) || v4->version != 4 ||
		    v4->protocol != IPPROTO_UDP ||
		    (ntohs(v4->frag_off) & IP_OFFSET))
			return NULL;
		off = v4->ihl * 4;
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		off = sizeof(struct ipv6hdr);
		if (end - ip < off || ip[0] >> 4 != 6)
			return NULL;
		next = ((const struct ipv6hdr *)ip)->nexthdr;
		if (next == NEXTHDR_FRAGMENT) {
			const struct frag_hdr *fh = (const void *)(ip + off);

			if (end - ip < off + sizeof(*fh) ||
			    (ntohs(fh->frag_off) & IP6_OFFSET))
				return NULL;
			next = fh->nexthdr;
			off += sizeof(*fh);
		}
		if (next != IPPROTO_UDP)
			return NULL;
	} else {
		return NULL;
	}
	if (end - ip < off + sizeof(struct udphdr))
		return NULL;
	return ip + off;
}
NOKPROBE_SYMBOL(udpp_out_header);

static void udpp_fire(enum udpp_probe p, const struct sk_buff *skb,
		      const struct sock *sk, const void *ip, const void *uh)
{
	dtrace_probe(udpp_ids[p], (uintptr_t)skb, (uintptr_t)sk, (uintptr_t)ip,
		     (uintptr_t)sk, (uintptr_t)uh, 0);
}
NOKPROBE_SYMBOL(udpp_fire);

/*
 * net_dev_queue: a packet goes to its device's queue.  Those of UDP
 * sockets are their datagrams (or fragments of them).
 * Context: process or softirq, BHs off; probe context.
 */
static void udpp_dev_queue(void *data, struct sk_buff *skb)
{
	const u8 *ip = skb_network_header(skb), *uh;

	if (!READ_ONCE(udpp_enabled[UDPP_SEND]) || !udpp_is_udp(skb->sk))
		return;
	uh = udpp_out_header(skb, ip);
	if (uh)
		udpp_fire(UDPP_SEND, skb, skb->sk, ip, uh);
}
NOKPROBE_SYMBOL(udpp_dev_queue);

/*
 * __udp_enqueue_schedule_skb(sk, skb): a datagram that passed its
 * checksum and the socket's filter is queued to @sk (or dropped if the
 * receive buffer is full).  IP and UDP set its network and transport
 * headers.  Context: softirq, or process with BHs off; probe context.
 */
static int udpp_enqueue(struct kprobe *kp, struct pt_regs *regs)
{
	const struct sock *sk = (void *)regs_get_kernel_argument(regs, 0);
	const struct sk_buff *skb = (void *)regs_get_kernel_argument(regs, 1);

	if (!READ_ONCE(udpp_enabled[UDPP_RECEIVE]) || !udpp_is_udp(sk) ||
	    !skb_transport_header_was_set(skb))
		return 0;
	udpp_fire(UDPP_RECEIVE, skb, sk, skb_network_header(skb),
		  skb_transport_header(skb));
	return 0;
}
NOKPROBE_SYMBOL(udpp_enqueue);

/* Probe p is fired by hook p. */
static const struct dtrace_hook_desc udpp_hook_descs[UDPP_NPROBES] = {
	[UDPP_SEND] = DTRACE_HOOK_TP("net_dev_queue", udpp_dev_queue),
	[UDPP_RECEIVE] = DTRACE_HOOK_KP("__udp_enqueue_schedule_skb",
					     udpp_enqueue),
};

static const char *const udpp_names[UDPP_NPROBES] = {
	[UDPP_SEND] = "send", [UDPP_RECEIVE] = "receive",
};

static const struct dtrace_hook_arg udpp_args[] = {
	{ "struct sk_buff *",	"pktinfo_t *" },
	{ "struct sock *",	"csinfo_t *" },
	{ "struct iphdr *",	"ipinfo_t *" },
	{ "struct sock *",	"udpsinfo_t *" },
	{ "struct udphdr *",	"udpinfo_t *" },
};

/* DTrace's attributes for its udp provider */
static const struct dtrace_pattr udpp_attr = DTRACE_PATTR_EVENTS;

static struct dtrace_hook_provider udpp_prov = {
	.name		= "udp",
	.owner		= THIS_MODULE,
	.probes		= udpp_names,
	.descs		= udpp_hook_descs,
	.n		= UDPP_NPROBES,
	.args		= udpp_args,
	.nargs		= ARRAY_SIZE(udpp_args),
	.enabled	= udpp_enabled,
	.ids		= udpp_ids,
	.attr		= &udpp_attr,
};

module_dtrace_hook_provider(udpp_prov);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace udp provider: UDP datagrams sent and received");
MODULE_IMPORT_NS(DTRACE_NS);
