/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to the tcp provider: the probes, the kernel hooks that fire
 * them, and what tcp.c (process context: probes, arming) and tcp_fire.c
 * (probe context: the hook handlers) share.  Names start with tcpp_ to
 * keep clear of the kernel's own tcp_ functions.
 */
#ifndef _DTRACE_TCP_PROV_H
#define _DTRACE_TCP_PROV_H

#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum tcpp_probe {
	TCPP_STATE_CHANGE,
	TCPP_CONNECT_REQUEST,
	TCPP_CONNECT_ESTABLISHED,
	TCPP_CONNECT_REFUSED,
	TCPP_ACCEPT_ESTABLISHED,
	TCPP_ACCEPT_REFUSED,
	TCPP_SEND,
	TCPP_RECEIVE,
	TCPP_NPROBES
};

/*
 * The kernel functions hooked (tcpp_hook_descs[] in tcp_fire.c).  The
 * core's hook service arms each while at least one enabled probe needs
 * it (tcpp_probes[] in tcp.c).
 */
enum tcpp_hook {
	TCPP_HOOK_IP_OUTPUT,		/* kprobe: send, connect-request */
	TCPP_HOOK_IP6_OUTPUT,		/* kprobe: send, connect-request */
	TCPP_HOOK_RCV_ESTABLISHED,	/* kprobe: receive */
	TCPP_HOOK_RCV_STATE,		/* kprobe: receive */
	TCPP_HOOK_FINISH_CONNECT,	/* kretprobe: connect-established */
	TCPP_HOOK_RESET,		/* kprobe: connect-refused */
	TCPP_HOOK_V4_SEND_RESET,	/* kprobe: accept-refused */
	TCPP_HOOK_V6_SEND_RESET,	/* kprobe: accept-refused */
	TCPP_HOOK_STATE_STORE,		/* kretprobe: state-change, accept-established */
	TCPP_HOOK_SET_STATE,		/* kretprobe: state-change */
	TCPP_NHOOKS
};

extern const struct dtrace_hook_desc tcpp_hook_descs[TCPP_NHOOKS];

/* Written in process context (tcp.c), read in probe context. */
extern dtrace_id_t tcpp_ids[TCPP_NPROBES];
extern bool tcpp_enabled[TCPP_NPROBES];

#endif /* _DTRACE_TCP_PROV_H */
