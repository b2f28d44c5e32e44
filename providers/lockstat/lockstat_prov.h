/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the two halves of dtrace_lockstat.ko share: the probes, the
 * hooks that fire them (lockstat_ctx.c holds the table and the
 * handlers), and the state the handlers read.
 */
#ifndef _DTRACE_LOCKSTAT_PROV_H
#define _DTRACE_LOCKSTAT_PROV_H

#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum lsp_probe {
	LSP_ADAPTIVE_ACQUIRE,
	LSP_ADAPTIVE_ACQUIRE_ERROR,
	LSP_ADAPTIVE_RELEASE,
	LSP_ADAPTIVE_SPIN,
	LSP_ADAPTIVE_BLOCK,
	LSP_SPIN_ACQUIRE,
	LSP_SPIN_RELEASE,
	LSP_SPIN_SPIN,
	LSP_RW_ACQUIRE,
	LSP_RW_RELEASE,
	LSP_RW_SPIN,
	LSP_RW_BLOCK,
	LSP_NPROBES
};

/*
 * The hooks.  The two contention tracepoints come first, end before
 * begin: dtrace_hooks_arm() arms in this order, so no wait is seen
 * begin without its end being watched.
 */
enum lsp_hook {
	LSP_HOOK_CONT_END,
	LSP_HOOK_CONT_BEGIN,
	LSP_HOOK_MUTEX_LOCK,
	LSP_HOOK_MUTEX_LOCK_INTR,
	LSP_HOOK_MUTEX_LOCK_KILL,
	LSP_HOOK_MUTEX_TRYLOCK,
	LSP_HOOK_MUTEX_UNLOCK,
	LSP_HOOK_SPIN_LOCK,
	LSP_HOOK_SPIN_LOCK_IRQ,
	LSP_HOOK_SPIN_LOCK_IRQSAVE,
	LSP_HOOK_SPIN_LOCK_BH,
	LSP_HOOK_SPIN_LOCK_NESTED,
	LSP_HOOK_SPIN_LOCK_IRQSAVE_NESTED,
	LSP_HOOK_SPIN_LOCK_NEST_LOCK,
	LSP_HOOK_SPIN_TRYLOCK,
	LSP_HOOK_SPIN_UNLOCK,
	LSP_HOOK_SPIN_UNLOCK_IRQ,
	LSP_HOOK_SPIN_UNLOCK_IRQRESTORE,
	LSP_HOOK_SPIN_UNLOCK_BH,
	LSP_HOOK_READ_LOCK,
	LSP_HOOK_READ_LOCK_IRQ,
	LSP_HOOK_READ_LOCK_IRQSAVE,
	LSP_HOOK_READ_LOCK_BH,
	LSP_HOOK_WRITE_LOCK,
	LSP_HOOK_WRITE_LOCK_NESTED,
	LSP_HOOK_WRITE_LOCK_IRQ,
	LSP_HOOK_WRITE_LOCK_IRQSAVE,
	LSP_HOOK_WRITE_LOCK_BH,
	LSP_HOOK_READ_UNLOCK,
	LSP_HOOK_READ_UNLOCK_IRQ,
	LSP_HOOK_READ_UNLOCK_IRQRESTORE,
	LSP_HOOK_READ_UNLOCK_BH,
	LSP_HOOK_WRITE_UNLOCK,
	LSP_HOOK_WRITE_UNLOCK_IRQ,
	LSP_HOOK_WRITE_UNLOCK_IRQRESTORE,
	LSP_HOOK_WRITE_UNLOCK_BH,
	LSP_NHOOKS
};

/* rw-acquire's and rw-block's last argument, as DTrace's krw_t has it */
#define LSP_RW_WRITER	0
#define LSP_RW_READER	1

extern const struct dtrace_hook_desc lsp_hook_descs[LSP_NHOOKS];
/* each probe's id, and whether it fires; lockstat.c sets them */
extern dtrace_id_t lsp_ids[LSP_NPROBES];
extern bool lsp_enabled[LSP_NPROBES];

void lsp_waits_reset(void);

#endif /* _DTRACE_LOCKSTAT_PROV_H */
