// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_mib.ko: the mib provider, probes that fire where the kernel
 * counts an SNMP MIB event, for the counters a kprobe can see counted:
 * UDP datagrams delivered to an application and sent.  Each probe fires
 * in the context of the thread the event is counted for, with arg0 the
 * amount the counter grows by (1).  This file declares the probes and
 * their hooks for the core's hook service (which creates the probes
 * and arms a hook while its probe is enabled) and holds the handlers,
 * which run in probe context (the whole file is kept out of reach of
 * function tracing).  docs/providers/mib.md lists the probes, their
 * sources, and the counters that have no hook.
 */
#define pr_fmt(fmt) "dtrace mib: " fmt

#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum mib_probe { MIB_UDP_IN, MIB_UDP_OUT, MIB_NPROBES };

static dtrace_id_t mib_ids[MIB_NPROBES];
/* Whether each probe fires (the core's hook provider sets them). */
static bool mib_enabled[MIB_NPROBES];

static void mib_fire(enum mib_probe p)
{
	if (READ_ONCE(mib_enabled[p]))
		dtrace_probe(mib_ids[p], 1, 0, 0, 0, 0, 0);
}
NOKPROBE_SYMBOL(mib_fire);

/*
 * skb_consume_udp(sk, skb, len): udp_recvmsg() and udpv6_recvmsg() are
 * done with a datagram they delivered, right after counting it in
 * InDatagrams; @len is negative when the read only peeked (not
 * counted).  A failed copy frees the datagram elsewhere.  Context:
 * process, the reading thread; probe context.
 */
static int mib_consume_udp(struct kprobe *kp, struct pt_regs *regs)
{
	if ((int)regs_get_kernel_argument(regs, 2) >= 0)
		mib_fire(MIB_UDP_IN);
	return 0;
}
NOKPROBE_SYMBOL(mib_consume_udp);

/*
 * The return of udp_send_skb(): 0 once IPv4 accepted the datagram,
 * which is when OutDatagrams counts it.  Context: the sending thread
 * (or a softirq completing corked data); probe context.
 */
static int mib_send_skb_ret(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	if (!regs_return_value(regs))
		mib_fire(MIB_UDP_OUT);
	return 0;
}
NOKPROBE_SYMBOL(mib_send_skb_ret);

/* Probe p is fired by hook p. */
static const struct dtrace_hook_desc mib_hook_descs[MIB_NPROBES] = {
	[MIB_UDP_IN] = DTRACE_HOOK_KP("skb_consume_udp", mib_consume_udp),
	[MIB_UDP_OUT] = {
		.kind = DTRACE_HOOK_KRETPROBE,
		.symbols = { "udp_send_skb", "udp_send_skb.isra.0",
			     "udp_send_skb.constprop.0" },
		.ret = mib_send_skb_ret,
	},
};

static const char *const mib_names[MIB_NPROBES] = {
	[MIB_UDP_IN] = "udpHCInDatagrams",
	[MIB_UDP_OUT] = "udpHCOutDatagrams",
};

static const struct dtrace_hook_arg mib_args[] = {
	{ "int", "" },
};

static struct dtrace_hook_provider mib_prov = {
	.name		= "mib",
	.owner		= THIS_MODULE,
	.probes		= mib_names,
	.descs		= mib_hook_descs,
	.n		= MIB_NPROBES,
	.args		= mib_args,
	.nargs		= ARRAY_SIZE(mib_args),
	.enabled	= mib_enabled,
	.ids		= mib_ids,
};

module_dtrace_hook_provider(mib_prov);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace mib provider: SNMP counter events");
MODULE_IMPORT_NS(DTRACE_NS);
