// SPDX-License-Identifier: GPL-2.0
/*
 * Arming user probes: a probe is a uprobe consumer on its file and
 * offset while it is enabled, with the USDT semaphore counted through
 * the uprobe's reference counter.  The consumer's filter keeps the
 * breakpoint out of every address space but the traced process's.
 *
 * The handlers run in probe context in the task that hit the
 * breakpoint, in process context on its way back to user mode; they
 * read the task's user registers and, for USDT arguments in memory,
 * its memory with copy_from_user_nofault().  ftp_probe_arm() and
 * ftp_probe_disarm() run in process context under the provider's arm
 * lock, none of the core's global locks held: registering a uprobe
 * reads the file and may sleep on it.
 * The two kernel generations' uprobe calls differ: <dtrace/compat.h>.
 */
#define pr_fmt(fmt) "dtrace fasttrap: " fmt

#include <linux/bitops.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/userfaultfd_k.h>
#include <dtrace/compat.h>
#include "fasttrap_impl.h"

/* Only the traced process gets the breakpoint (any, for "pid"). */
static DTRACE_UPROBE_FILTER(ftp_filter)
{
	const struct ftp_site *site = container_of(uc, struct ftp_site, uc);

	return !site->probe->mm || site->probe->mm == mm;
}

static u64 ftp_reg(const struct pt_regs *regs, u8 r)
{
	return r == DTRACE_FTARG_NOREG ? 0 : ((const unsigned long *)regs)[r];
}

/* The value of @v's low |size| bytes, sign-extended for a negative size. */
static u64 ftp_extend(u64 v, s8 size)
{
	unsigned int bits = abs(size) * 8;

	if (bits == 64)
		return v;
	v &= (1ULL << bits) - 1;
	if (size < 0 && (v & (1ULL << (bits - 1))))
		v |= ~0ULL << bits;
	return v;
}

/* A USDT argument as its note describes it; 0 if unreadable. */
static u64 ftp_usdt_arg(const struct dtrace_ftarg *a, const struct pt_regs *regs)
{
	unsigned long addr;
	u64 v = 0;

	switch (a->kind) {
	case DTRACE_FTARG_REG:
		v = ftp_reg(regs, a->base);
		break;
	case DTRACE_FTARG_IMM:
		v = a->value;
		break;
	case DTRACE_FTARG_MEM:
		addr = ftp_reg(regs, a->base) + a->value;
		if (a->index != DTRACE_FTARG_NOREG)
			addr += ftp_reg(regs, a->index) * a->scale;
		if (copy_from_user_nofault(&v, (const void __user *)addr,
					   abs(a->size)))
			return 0;
		break;
	}
	return ftp_extend(v, a->size);
}
NOKPROBE_SYMBOL(ftp_usdt_arg);

/*
 * A pointer argument of a USDT probe is often a string the program has
 * not touched (a literal in a page of its file never read): the page is
 * not mapped yet, and copyinstr() in probe context, which cannot fault,
 * would fail.  The handler runs in the task's process context before
 * that, so it maps such a page in, but only where nothing it would wait
 * for is in the way: the mmap lock is only tried; the page must be a
 * page of the mapped file already in the page cache, up to date and
 * unlocked, in a mapping that has no anonymous pages (so the file is
 * what the process sees there) and no userfaultfd; and the fault is a
 * FOLL_NOWAIT one, which gives up rather than wait for a page lock or
 * I/O.  The folio reference held across it keeps the page cached.  Any
 * other page (anonymous memory, a file page not cached) stays unmapped
 * and copyinstr() says so: nothing the traced process, a FUSE daemon or
 * a userfaultfd controls can hold the handler, nor uprobes with it.
 */
#define FTP_LOW_ADDR	0x10000UL	/* below, no mapping (mmap_min_addr) */
#define FTP_VM_SPECIAL	(VM_IO | VM_PFNMAP | VM_MIXEDMAP | VM_HUGETLB)

static void ftp_page_in(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma;
	struct folio *folio;

	if (!mmap_read_trylock(mm))
		return;
	vma = vma_lookup(mm, addr);
	if (!vma || !vma->vm_file || vma->anon_vma ||
	    !(vma->vm_flags & VM_READ) || (vma->vm_flags & FTP_VM_SPECIAL) ||
	    userfaultfd_armed(vma))
		goto out_unlock;
	folio = filemap_get_folio(vma->vm_file->f_mapping,
				  linear_page_index(vma, addr));
	if (IS_ERR_OR_NULL(folio))
		goto out_unlock;
	if (folio_test_uptodate(folio) && !folio_test_locked(folio) &&
	    !folio_test_readahead(folio))
		dtrace_gup_nowait(mm, addr);
	folio_put(folio);
out_unlock:
	mmap_read_unlock(mm);
}

/*
 * Page in what a USDT site's 8-byte unsigned arguments (the size a
 * pointer has in its note: site->ptrargs) point to: each one's value is
 * read here for that alone, in process context, before the firing.
 * Out of line: a site with no such argument pays one test.
 */
static noinline void ftp_usdt_prefault(const struct ftp_site *site,
				       const struct pt_regs *regs)
{
	unsigned long ptrargs = site->ptrargs;
	unsigned int i;
	u64 addr;
	char c;

	for_each_set_bit(i, &ptrargs, DTRACE_FTP_NARGS) {
		addr = ftp_usdt_arg(&site->args[i], regs);
		if (addr < FTP_LOW_ADDR || addr >= TASK_SIZE_MAX)
			continue;
		if (copy_from_user_nofault(&c, (const char __user *)addr, 1))
			ftp_page_in(current->mm, addr);
	}
}
NOKPROBE_SYMBOL(ftp_usdt_prefault);

/*
 * A USDT site's arguments as its note describes them (@data is the
 * site), read in the firing only when a clause needs them.
 */
static unsigned int ftp_usdt_args(u64 *args, const void *data,
				  struct pt_regs *regs)
{
	const struct ftp_site *site = data;
	unsigned int i, n = site->probe->nargs;

	for (i = 0; i < n; i++)
		args[i] = ftp_usdt_arg(&site->args[i], regs);
	return n;
}
NOKPROBE_SYMBOL(ftp_usdt_args);

/* A USDT site: what its pointers point to paged in, then the firing. */
static void ftp_usdt_fire(const struct ftp_site *site, struct pt_regs *regs)
{
	if (site->ptrargs)
		ftp_usdt_prefault(site, regs);
	dtrace_probe_user_fn(site->probe->id, regs, ftp_usdt_args, site);
}
NOKPROBE_SYMBOL(ftp_usdt_fire);

/*
 * Entry, offset and USDT probes: the site is the consumer's container,
 * its probe one pointer away.  Another process than the traced one may
 * reach the breakpoint (a child forked with it in place): it asks
 * uprobes to take the breakpoint out of that process, which the filter
 * confirms.  An entry or offset probe's arguments are the six argument
 * registers, which the core reads from @regs, a USDT site's are read by
 * ftp_usdt_args(), both only when a clause needs them: this handler
 * builds nothing on its stack (the kernel's stack initialisation would
 * zero an array at each event).
 */
static int ftp_handler(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	const struct ftp_site *site = container_of(uc, struct ftp_site, uc);
	const struct ftp_probe *probe = site->probe;

	if (probe->mm && current->mm != probe->mm)
		return UPROBE_HANDLER_REMOVE;
	if (probe->kind == DTRACE_FTP_USDT)
		ftp_usdt_fire(site, regs);
	else
		dtrace_probe_user(probe->id, regs,
				  probe->kind == DTRACE_FTP_ENTRY);
	return 0;
}
NOKPROBE_SYMBOL(ftp_handler);

/* Return probes: arg1 is the return value; arg0 (the offset) is 0. */
static int ftp_ret_handler(struct uprobe_consumer *uc, unsigned long func,
			   struct pt_regs *regs)
{
	const struct ftp_site *site = container_of(uc, struct ftp_site, uc);
	const struct ftp_probe *probe = site->probe;
	u64 args[2] = { 0, regs->ax };

	if (probe->mm && current->mm != probe->mm)
		return 0;
	dtrace_probe_regs(probe->id, args, ARRAY_SIZE(args), regs, false);
	return 0;
}
NOKPROBE_SYMBOL(ftp_ret_handler);

/**
 * ftp_site_arm() - put @site's breakpoint in place
 * @probe: its probe
 * @site: a disarmed site
 *
 * Context: process; @probe->lock held.
 * Return: 0; -EOPNOTSUPP for an instruction uprobes cannot step over;
 * another negative errno from uprobes.
 */
int ftp_site_arm(struct ftp_probe *probe, struct ftp_site *site)
{
	int ret;

	lockdep_assert_held(&probe->lock);
	memset(&site->uc, 0, sizeof(site->uc));
	site->uc.filter = ftp_filter;
	if (probe->kind == DTRACE_FTP_RETURN)
		site->uc.ret_handler = ftp_ret_handler;
	else
		site->uc.handler = ftp_handler;
	ret = dtrace_uprobe_register(probe->obj.inode, site->offset, site->refctr,
				     &site->uc, &site->uprobe);
	site->armed = !ret;
	return ret == -ENOTSUPP ? -EOPNOTSUPP : ret;
}

/* Take @site's breakpoint out; no handler of it runs after.  Ditto. */
void ftp_site_disarm(struct ftp_probe *probe, struct ftp_site *site)
{
	lockdep_assert_held(&probe->lock);
	dtrace_uprobe_unregister(probe->obj.inode, site->offset, &site->uc,
				 site->uprobe);
	site->uprobe = NULL;
	site->armed = false;
}

/**
 * ftp_probe_arm() - put @probe's breakpoints in place
 * @probe: a disarmed probe
 *
 * Context: process; may sleep; the provider's arm lock held, none of
 * the core's global locks.
 * Return: as ftp_site_arm(); on error no site is armed.
 */
int ftp_probe_arm(struct ftp_probe *probe)
{
	struct ftp_site *site;
	int ret = 0;

	mutex_lock(&probe->lock);
	list_for_each_entry(site, &probe->sites, link) {
		ret = ftp_site_arm(probe, site);
		if (ret)
			goto unwind;
	}
	WRITE_ONCE(probe->armed, true);
	mutex_unlock(&probe->lock);
	return 0;
unwind:
	list_for_each_entry_continue_reverse(site, &probe->sites, link)
		ftp_site_disarm(probe, site);
	mutex_unlock(&probe->lock);
	return ret;
}

/**
 * ftp_probe_disarm() - take @probe's breakpoints out
 * @probe: an armed probe
 *
 * When this returns no handler of @probe runs.  A site that
 * ftp_site_arm_late() could not arm is not armed.
 * Context: as ftp_probe_arm().
 */
void ftp_probe_disarm(struct ftp_probe *probe)
{
	struct ftp_site *site;

	mutex_lock(&probe->lock);
	list_for_each_entry(site, &probe->sites, link)
		if (site->armed)
			ftp_site_disarm(probe, site);
	WRITE_ONCE(probe->armed, false);
	mutex_unlock(&probe->lock);
}
