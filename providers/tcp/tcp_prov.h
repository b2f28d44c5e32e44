/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to the tcp provider: the probes, the kernel hooks that fire
 * them, and what tcp.c (process context: probes, arming) and tcp_fire.c
 * (probe context: the hook handlers) share.  Names start with tcpp_ to
 * keep clear of the kernel's own tcp_ functions.
 */
#ifndef _DTRACE_TCP_PROV_H
#define _DTRACE_TCP_PROV_H

#include <linux/kprobes.h>
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
 * The kernel functions hooked.  Each is armed while at least one
 * enabled probe needs it (tcpp_probe_hooks in tcp.c).
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

/**
 * struct tcpp_hook_desc - how to arm one hook
 * @symbol: the kernel function
 * @pre: kprobe handler (NULL for a kretprobe)
 * @entry: kretprobe entry handler, which fills @data_size bytes
 * @ret: kretprobe return handler
 * @data_size: per-instance data of the kretprobe
 */
struct tcpp_hook_desc {
	const char		*symbol;
	kprobe_pre_handler_t	pre;
	kretprobe_handler_t	entry;
	kretprobe_handler_t	ret;
	size_t			data_size;
};

extern const struct tcpp_hook_desc tcpp_hook_descs[TCPP_NHOOKS];

/* Written in process context (tcp.c), read in probe context. */
extern dtrace_id_t tcpp_ids[TCPP_NPROBES];
extern bool tcpp_enabled[TCPP_NPROBES];

#endif /* _DTRACE_TCP_PROV_H */
