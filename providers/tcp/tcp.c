// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_tcp.ko: the tcp provider.  tcp:::state-change, connect-request,
 * connect-established, connect-refused, accept-established,
 * accept-refused, send and receive, for IPv4 and IPv6, with the
 * arguments other DTraces document (pktinfo_t, csinfo_t, ipinfo_t,
 * tcpsinfo_t, tcpinfo_t, tcplsinfo_t) translated by the D library from
 * the kernel structures the probes pass.  This file creates the probes,
 * describes their arguments and arms the kernel hooks a probe needs
 * while it is enabled; tcp_fire.c is what runs when they hit.
 * docs/providers/tcp.md documents the probes.
 */
#define pr_fmt(fmt) "dtrace tcp: " fmt

#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/string.h>
#include "tcp_prov.h"

/**
 * struct tcpp_probe_desc - one probe
 * @name: the probe name
 * @hooks: BIT(TCPP_HOOK_*) of each hook that fires it
 * @nargs: how many arguments it has (6 for state-change, else 5)
 */
struct tcpp_probe_desc {
	const char	*name;
	unsigned long	hooks;
	unsigned int	nargs;
};

#define TCPP_HOOKS_OUTPUT	(BIT(TCPP_HOOK_IP_OUTPUT) | BIT(TCPP_HOOK_IP6_OUTPUT))
#define TCPP_HOOKS_STATE	(BIT(TCPP_HOOK_STATE_STORE) | BIT(TCPP_HOOK_SET_STATE))

static const struct tcpp_probe_desc tcpp_probes[TCPP_NPROBES] = {
	[TCPP_STATE_CHANGE] = { "state-change", TCPP_HOOKS_STATE, 6 },
	[TCPP_CONNECT_REQUEST] = { "connect-request", TCPP_HOOKS_OUTPUT, 5 },
	[TCPP_CONNECT_ESTABLISHED] = {
		"connect-established", BIT(TCPP_HOOK_FINISH_CONNECT), 5
	},
	[TCPP_CONNECT_REFUSED] = {
		"connect-refused", BIT(TCPP_HOOK_RESET), 5
	},
	[TCPP_ACCEPT_ESTABLISHED] = {
		"accept-established", TCPP_HOOKS_STATE, 5
	},
	[TCPP_ACCEPT_REFUSED] = {
		"accept-refused",
		BIT(TCPP_HOOK_V4_SEND_RESET) | BIT(TCPP_HOOK_V6_SEND_RESET), 5
	},
	[TCPP_SEND] = { "send", TCPP_HOOKS_OUTPUT, 5 },
	[TCPP_RECEIVE] = {
		"receive",
		BIT(TCPP_HOOK_RCV_ESTABLISHED) | BIT(TCPP_HOOK_RCV_STATE), 5
	},
};

/* args[N]: the kernel type passed, and the type D programs see. */
static const struct {
	const char	*native;
	const char	*xlate;
} tcpp_args[] = {
	{ "struct sk_buff *",	"pktinfo_t *" },
	{ "struct sock *",	"csinfo_t *" },
	{ "struct iphdr *",	"ipinfo_t *" },
	{ "struct sock *",	"tcpsinfo_t *" },
	{ "struct tcphdr *",	"tcpinfo_t *" },
	{ "int",		"tcplsinfo_t *" },
};

static dtrace_provider_id_t tcpp_id;

static struct dtrace_hooks *tcpp_hooks;

static unsigned int maxactive;
module_param(maxactive, uint, 0444);
MODULE_PARM_DESC(maxactive,
		 "Calls of one hooked function that may be in flight at once for the return probes, count (default 0: the kernel's choice)");

static enum tcpp_probe tcpp_probe_of(const void *parg)
{
	return (const struct tcpp_probe_desc *)parg - tcpp_probes;
}

/**
 * tcpp_enable() - arm every hook probe @parg needs, then let it fire
 * @arg: unused
 * @id: the probe
 * @parg: its entry in tcpp_probes[]
 *
 * Context: process; may sleep; the provider's arm lock held.
 * Return: 0, or the error of the hook that could not be armed (the
 * others are disarmed again).
 */
static int tcpp_enable(void *arg, dtrace_id_t id, void *parg)
{
	enum tcpp_probe p = tcpp_probe_of(parg);
	int ret;

	ret = dtrace_hooks_arm(tcpp_hooks, tcpp_probes[p].hooks);
	if (!ret)
		WRITE_ONCE(tcpp_enabled[p], true);
	return ret;
}

/**
 * tcpp_disable() - stop probe @parg firing and disarm the hooks no
 *	other enabled probe needs
 * @arg: unused
 * @id: the probe
 * @parg: its entry in tcpp_probes[]
 *
 * Context: process; may sleep; the provider's arm lock held.  When it
 * returns no handler of a disarmed hook runs; one still armed for
 * another probe may run, but tests tcpp_enabled[] and skips this probe.
 */
static void tcpp_disable(void *arg, dtrace_id_t id, void *parg)
{
	enum tcpp_probe p = tcpp_probe_of(parg);

	WRITE_ONCE(tcpp_enabled[p], false);
	dtrace_hooks_disarm(tcpp_hooks, tcpp_probes[p].hooks);
}

/**
 * tcpp_getargdesc() - describe args[@desc->argno] of probe @parg
 * @arg: unused
 * @id: the probe
 * @parg: its entry in tcpp_probes[]
 * @desc: in, the argument number; out, its types
 *
 * args[N] of every probe is arg N, translated; only state-change has
 * args[5], the previous state.
 * Context: process; may sleep; core locks held.
 */
static void tcpp_getargdesc(void *arg, dtrace_id_t id, void *parg,
			    struct dtrace_ioc_probearg *desc)
{
	enum tcpp_probe p = tcpp_probe_of(parg);

	if (desc->argno >= tcpp_probes[p].nargs)
		return;
	strscpy(desc->native, tcpp_args[desc->argno].native,
		sizeof(desc->native));
	strscpy(desc->xlate, tcpp_args[desc->argno].xlate,
		sizeof(desc->xlate));
	desc->mapping = desc->argno;
}

/* DTrace's attributes for its tcp provider */
static const struct dtrace_pattr tcpp_attr = DTRACE_PATTR_EVENTS;

static const struct dtrace_pops tcpp_pops = {
	.owner		= THIS_MODULE,
	.enable		= tcpp_enable,
	.disable	= tcpp_disable,
	.getargdesc	= tcpp_getargdesc,
	.attr		= &tcpp_attr,
};

static int __init tcpp_init(void)
{
	unsigned int p;
	int ret;

	tcpp_hooks = dtrace_hooks_create("tcp", tcpp_hook_descs, TCPP_NHOOKS,
					 maxactive);
	if (IS_ERR(tcpp_hooks)) {
		ret = PTR_ERR(tcpp_hooks);
		goto out;
	}
	ret = dtrace_register("tcp", &tcpp_pops, NULL, &tcpp_id);
	if (ret)
		goto out_hooks;
	for (p = 0; p < TCPP_NPROBES; p++) {
		tcpp_ids[p] = dtrace_probe_create(tcpp_id, "", "",
						  tcpp_probes[p].name,
						  (void *)&tcpp_probes[p]);
		if (tcpp_ids[p] == DTRACE_IDNONE) {
			ret = -ENOMEM;
			goto out_unregister;
		}
	}
	return 0;

out_unregister:
	dtrace_unregister(tcpp_id);
out_hooks:
	dtrace_hooks_destroy(tcpp_hooks);
out:
	pr_err("cannot register: %d\n", ret);
	return ret;
}

/* No probe is enabled, so no hook is armed: the core holds us while one is. */
static void __exit tcpp_exit(void)
{
	dtrace_unregister(tcpp_id);
	dtrace_hooks_destroy(tcpp_hooks);
}

module_init(tcpp_init);
module_exit(tcpp_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace tcp provider: connections, segments and state changes");
MODULE_IMPORT_NS(DTRACE_NS);
