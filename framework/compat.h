/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place for differences between kernel versions: one helper per
 * difference, each saying which version changed what.  Included by
 * framework/ files that need one of them.
 */
#ifndef _DTRACE_COMPAT_H
#define _DTRACE_COMPAT_H

#include <linux/export.h>
#include <linux/version.h>

/* 6.13: the namespace of EXPORT_SYMBOL_NS_GPL() became a string literal. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define DTRACE_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, "DTRACE")
#else
#define DTRACE_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, DTRACE)
#endif

#endif /* _DTRACE_COMPAT_H */
