// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_ip.ko: the ip provider.  ip:::send fires for each IPv4 or IPv6
 * packet handed to a network device for transmission (the
 * net_dev_queue tracepoint), ip:::receive for each one a device hands
 * to the stack (netif_receive_skb), with the arguments other DTraces
 * document (pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t, ipv4info_t,
 * ipv6info_t) translated by the D library (userland/lib/ip.d) from the
 * kernel structures passed.  This file declares the probes, their
 * hooks and arguments for the core's hook service (which creates the
 * probes and arms a hook while its probe is enabled), and holds the
 * two tracepoint handlers, which run in probe context (no locks, no
 * allocation; the whole file is kept out of reach of function
 * tracing).  docs/providers/ip.md says what each probe sees
 * and misses.
 *
 * The probes' arguments:
 *	arg0 struct sk_buff *		the packet
 *	arg1 struct sock *		its socket on send, when it has
 *					one; NULL otherwise
 *	arg2 struct iphdr *		its IP header (IPv4 or IPv6)
 *	arg3 struct net_device *	the device
 *	arg4 struct iphdr *		the header if IPv4, else NULL
 *	arg5 struct ipv6hdr *		the header if IPv6, else NULL
 */
#define pr_fmt(fmt) "dtrace ip: " fmt

#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum ipp_probe { IPP_SEND, IPP_RECEIVE, IPP_NPROBES };

static dtrace_id_t ipp_ids[IPP_NPROBES];
/* Whether each probe fires (the core's hook provider sets them). */
static bool ipp_enabled[IPP_NPROBES];

/*
 * Fire @p for @skb, whose IP header is at @ip, if it is an IPv4 or
 * IPv6 header that lies in the packet's linear data.
 */
static void ipp_fire(enum ipp_probe p, const struct sk_buff *skb,
		     const struct sock *sk, const u8 *ip)
{
	const void *v4 = NULL, *v6 = NULL;
	size_t len = skb_tail_pointer(skb) - ip;

	if (!READ_ONCE(ipp_enabled[p]) || ip < skb->head ||
	    ip >= skb_tail_pointer(skb))
		return;
	if (skb->protocol == htons(ETH_P_IP) && len >= sizeof(struct iphdr) &&
	    ip[0] >> 4 == 4)
		v4 = ip;
	else if (skb->protocol == htons(ETH_P_IPV6) &&
		 len >= sizeof(struct ipv6hdr) && ip[0] >> 4 == 6)
		v6 = ip;
	else
		return;
	dtrace_probe(ipp_ids[p], (uintptr_t)skb, (uintptr_t)sk, (uintptr_t)ip,
		     (uintptr_t)skb->dev, (uintptr_t)v4, (uintptr_t)v6);
}
NOKPROBE_SYMBOL(ipp_fire);

/*
 * net_dev_queue: a packet goes to its device's queue, link header
 * built; the IP header is where IP output set the network header.
 * Context: process or softirq, BHs off; probe context.
 */
static void ipp_dev_queue(void *data, struct sk_buff *skb)
{
	ipp_fire(IPP_SEND, skb, skb->sk, skb_network_header(skb));
}
NOKPROBE_SYMBOL(ipp_dev_queue);

/*
 * netif_receive_skb: a device's packet enters the stack, its link
 * header pulled: the IP header is at skb->data.  A packet for another
 * host's link address (a promiscuous device) is not ours.
 * Context: softirq, or process with BHs off; probe context.
 */
static void ipp_receive(void *data, struct sk_buff *skb)
{
	if (skb->pkt_type != PACKET_OTHERHOST)
		ipp_fire(IPP_RECEIVE, skb, NULL, skb->data);
}
NOKPROBE_SYMBOL(ipp_receive);

/* Probe p is fired by hook p. */
static const struct dtrace_hook_desc ipp_hook_descs[IPP_NPROBES] = {
	[IPP_SEND] = DTRACE_HOOK_TP("net_dev_queue", ipp_dev_queue),
	[IPP_RECEIVE] = DTRACE_HOOK_TP("netif_receive_skb", ipp_receive),
};

static const char *const ipp_names[IPP_NPROBES] = {
	[IPP_SEND] = "send", [IPP_RECEIVE] = "receive",
};

static const struct dtrace_hook_arg ipp_args[] = {
	{ "struct sk_buff *",		"pktinfo_t *" },
	{ "struct sock *",		"csinfo_t *" },
	{ "struct iphdr *",		"ipinfo_t *" },
	{ "struct net_device *",	"ifinfo_t *" },
	{ "struct iphdr *",		"ipv4info_t *" },
	{ "struct ipv6hdr *",		"ipv6info_t *" },
};

/* DTrace's attributes for its ip provider */
static const struct dtrace_pattr ipp_attr = DTRACE_PATTR_EVENTS;

static struct dtrace_hook_provider ipp_prov = {
	.name		= "ip",
	.owner		= THIS_MODULE,
	.probes		= ipp_names,
	.descs		= ipp_hook_descs,
	.n		= IPP_NPROBES,
	.args		= ipp_args,
	.nargs		= ARRAY_SIZE(ipp_args),
	.enabled	= ipp_enabled,
	.ids		= ipp_ids,
	.attr		= &ipp_attr,
};

module_dtrace_hook_provider(ipp_prov);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace ip provider: IPv4 and IPv6 packets sent and received");
MODULE_IMPORT_NS(DTRACE_NS);
