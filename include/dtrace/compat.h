/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the kernel generations dtrace builds for (Debian's 6.1 and 6.12)
 * differ in an interface a module of the tree uses, the difference is
 * here and nowhere else: each item is one name the code calls, defined
 * once per generation.  Process context unless said otherwise.
 */
#ifndef _DTRACE_COMPAT_H
#define _DTRACE_COMPAT_H

#include <linux/err.h>
#include <linux/ftrace.h>
#include <linux/mm.h>
#include <linux/uprobes.h>
#include <linux/version.h>

/*
 * DTRACE_NS: the symbol namespace of the core's exports, for
 * EXPORT_SYMBOL_NS_GPL() and a provider's MODULE_IMPORT_NS(DTRACE_NS).
 * Until 6.13 the export and import macros stringified an identifier;
 * since, they take a string literal.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define DTRACE_NS	"DTRACE"
#else
#define DTRACE_NS	DTRACE
#endif

/*
 * Uprobes (fasttrap).  6.12 returns the uprobe from registration and
 * splits unregistration in two; its consumer filter lost the context
 * argument.  dtrace_uprobe_register() stores what unregistering needs
 * in *@up; dtrace_uprobe_unregister() returns when no handler of @uc
 * runs any more.  DTRACE_UPROBE_FILTER(fn) declares a filter fn(uc, mm).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline int dtrace_uprobe_register(struct inode *inode, loff_t offset,
					 loff_t refctr,
					 struct uprobe_consumer *uc,
					 struct uprobe **up)
{
	*up = uprobe_register(inode, offset, refctr, uc);
	return PTR_ERR_OR_ZERO(*up);
}

static inline void dtrace_uprobe_unregister(struct inode *inode,
					    loff_t offset,
					    struct uprobe_consumer *uc,
					    struct uprobe *up)
{
	uprobe_unregister_nosync(up, uc);
	uprobe_unregister_sync();
}

#define DTRACE_UPROBE_FILTER(fn) \
	bool fn(struct uprobe_consumer *uc, struct mm_struct *mm)
#else
static inline int dtrace_uprobe_register(struct inode *inode, loff_t offset,
					 loff_t refctr,
					 struct uprobe_consumer *uc,
					 struct uprobe **up)
{
	*up = NULL;
	return uprobe_register_refctr(inode, offset, refctr, uc);
}

static inline void dtrace_uprobe_unregister(struct inode *inode,
					    loff_t offset,
					    struct uprobe_consumer *uc,
					    struct uprobe *up)
{
	uprobe_unregister(inode, offset, uc);
}

#define DTRACE_UPROBE_FILTER(fn)					\
	bool fn(struct uprobe_consumer *uc, enum uprobe_filter_ctx ctx,	\
		struct mm_struct *mm)
#endif

/*
 * dtrace_gup_nowait() - fault in the page at @addr of @mm for reading,
 * FOLL_NOWAIT: a fault that would wait for a page lock or I/O gives up
 * instead.  The caller holds the mmap lock, which this never drops.  6.5
 * took the vmas argument out of get_user_pages_remote().
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
static inline long dtrace_gup_nowait(struct mm_struct *mm, unsigned long addr)
{
	return get_user_pages_remote(mm, addr, 1, FOLL_NOWAIT, NULL, NULL);
}
#else
static inline long dtrace_gup_nowait(struct mm_struct *mm, unsigned long addr)
{
	return get_user_pages_remote(mm, addr, 1, FOLL_NOWAIT, NULL, NULL,
				     NULL);
}
#endif

/*
 * The registers an ftrace_ops callback gets from ftrace_caller, the
 * trampoline of an ops without FTRACE_OPS_FL_SAVE_REGS (x86-64,
 * CONFIG_DYNAMIC_FTRACE_WITH_ARGS, both generations): a struct pt_regs
 * of which only ip (just past the hooked call of __fentry__), sp (at the function's entry,
 * on its return address), bp, ax and the six argument registers are
 * filled; cs reads 0 (kernel mode), the others are not set.
 * ftrace_get_regs() returns NULL for these.  6.1 has the pt_regs as
 * struct ftrace_regs' one member; 6.12 made struct ftrace_regs opaque,
 * with arch_ftrace_regs() (linux/ftrace_regs.h) to reach it.
 * Context: an ftrace_ops callback.
 */
#ifdef arch_ftrace_regs
static __always_inline struct pt_regs *
dtrace_ftrace_partial_regs(struct ftrace_regs *fregs)
{
	return &arch_ftrace_regs(fregs)->regs;
}
#else
static __always_inline struct pt_regs *
dtrace_ftrace_partial_regs(struct ftrace_regs *fregs)
{
	return &fregs->regs;
}
#endif

#endif /* _DTRACE_COMPAT_H */
