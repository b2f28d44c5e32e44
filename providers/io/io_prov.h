/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to the io provider: its probes, the kernel hooks that fire
 * them, and what io.c (process context: probes, arming) and io_ctx.c
 * (probe context: the hook handlers) share.  Names start with iop_.
 * docs/providers/io.md says what each probe means on Linux.
 */
#ifndef _DTRACE_IO_PROV_H
#define _DTRACE_IO_PROV_H

#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum iop_probe {
	IOP_START,
	IOP_DONE,
	IOP_WAIT_START,
	IOP_WAIT_DONE,
	IOP_NPROBES
};

/*
 * The kernel hooks (iop_hook_descs[] in io_ctx.c); the core's hook
 * service arms each while an enabled probe needs it.
 */
enum iop_hook {
	IOP_HOOK_ISSUE,		/* tracepoint block_rq_issue: start */
	IOP_HOOK_COMPLETE,	/* tracepoint block_rq_complete: done */
	IOP_HOOK_WAIT,		/* kretprobe submit_bio_wait: wait-start, wait-done */
	IOP_NHOOKS
};

extern const struct dtrace_hook_desc iop_hook_descs[IOP_NHOOKS];

/* Written in process context (io.c), read in probe context. */
extern dtrace_id_t iop_ids[IOP_NPROBES];
extern bool iop_enabled[IOP_NPROBES];

#endif /* _DTRACE_IO_PROV_H */
