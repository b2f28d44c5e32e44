/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What syscall.c (the provider) and table.c (finding the running
 * kernel's system calls) share: one struct syscall_call per system call
 * number of the 64-bit table.
 */
#ifndef _DTRACE_SYSCALL_H
#define _DTRACE_SYSCALL_H

#include <linux/types.h>
#include <asm/unistd.h>
#include <trace/syscall.h>
#include <dtrace/provider.h>

/*
 * @meta: the ftrace metadata of the call (name, argument count, types
 *	and names); NULL for a number the kernel has no call for.  It is
 *	static data of vmlinux, so it outlives this module.
 * @entry_id, @return_id: the call's two probes.
 * @entry_ip: the ftrace call site at the entry of the call's function
 *	(__x64_sys_NAME), where its per-call entry hook goes; 0 until the
 *	first hook wants it.  syscall.c's syscall_lock.
 * @entry_nosite: the function has no such site (ftrace does not reach
 *	it, or kprobes refuse it): the call's entry probe is served by the
 *	tracepoint.  syscall_lock.
 */
struct syscall_call {
	const struct syscall_metadata	*meta;
	dtrace_id_t			entry_id;
	dtrace_id_t			return_id;
	unsigned long			entry_ip;
	bool				entry_nosite;
};

/* Indexed by the call's number; set up by syscall_table_build(). */
extern struct syscall_call syscall_calls[NR_syscalls];

int syscall_table_build(void);

#endif /* _DTRACE_SYSCALL_H */
