// SPDX-License-Identifier: GPL-2.0
/*
 * Which system calls the running kernel has, learned from the kernel at
 * load time: the names of its syscall functions from the string section
 * of its BTF (/sys/kernel/btf/vmlinux), and for each name the number,
 * argument count and argument types from the ftrace metadata behind the
 * event syscalls:sys_enter_NAME.  Module init only
 * (process context, may sleep); syscall.c reads syscall_calls[] after.
 */
#define pr_fmt(fmt) "dtrace syscall: " fmt

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/vmalloc.h>
#include <uapi/linux/btf.h>
#include "syscall.h"

#define SYSCALL_EVENT		"sys_enter_"	/* events/syscalls/ */

/*
 * Where BTF names a system call NAME: its x86-64 wrapper
 * "__x64_sys_NAME", except for calls without arguments, whose wrapper
 * is an alias BTF does not list: for those, the body "__do_sys_NAME".
 */
static const char *const syscall_btf_prefixes[] = {
	"__x64_sys_", "__do_sys_",
};

struct syscall_call syscall_calls[NR_syscalls];

/*
 * Record the call @name if it has syscall metadata with a number in the
 * 64-bit table and is not recorded yet.  A name without an event
 * (sys_ni_syscall, calls built without metadata) or without a number
 * (compat-only calls) is skipped.
 * Return: 1 if recorded, 0 if skipped, -ENOMEM.
 */
static int syscall_table_add(const char *name)
{
	char event[sizeof(SYSCALL_EVENT) + DTRACE_FUNCNAMELEN];
	const struct syscall_metadata *meta;
	struct trace_event_file *file;
	int nr;

	if (strlen(name) >= DTRACE_FUNCNAMELEN)
		return 0;
	snprintf(event, sizeof(event), SYSCALL_EVENT "%s", name);
	file = trace_get_event_file(NULL, "syscalls", event);
	if (IS_ERR(file))
		return PTR_ERR(file) == -ENOMEM ? -ENOMEM : 0;
	meta = file->event_call->data;
	trace_put_event_file(file);

	/* meta->name is "sys_NAME": check that the event is the call's. */
	if (!meta || !meta->name || !str_has_prefix(meta->name, "sys_") ||
	    strcmp(meta->name + 4, name))
		return 0;
	nr = meta->syscall_nr;
	if (nr < 0 || nr >= NR_syscalls || syscall_calls[nr].meta)
		return 0;
	if (meta->nb_args < 0 || meta->nb_args > 6)
		return 0;
	syscall_calls[nr].meta = meta;
	return 1;
}

/*
 * Walk the BTF string section @strs of @len bytes: NUL-separated names,
 * among them every function's.  Return: calls recorded, or -errno.
 */
static int syscall_table_scan(const char *strs, u32 len)
{
	const char *s = strs, *end = strs + len;
	int n = 0, ret;
	size_t i, p;

	while (s < end) {
		size_t l = strnlen(s, end - s);

		for (i = 0; i < ARRAY_SIZE(syscall_btf_prefixes) && s + l < end;
		     i++) {
			p = str_has_prefix(s, syscall_btf_prefixes[i]);
			if (!p)
				continue;
			ret = syscall_table_add(s + p);
			if (ret < 0)
				return ret;
			n += ret;
		}
		s += l + 1;
	}
	return n;
}

/**
 * syscall_table_build() - fill syscall_calls[] from the running kernel
 *
 * The BTF of vmlinux is read whole, scanned, and freed.
 * Context: process; may sleep; module init.
 * Return: the number of calls found (> 0), -ENOENT when the kernel has
 * no BTF or no syscall events, -EINVAL for a malformed BTF, -ENOMEM.
 */
int syscall_table_build(void)
{
	const struct btf_header *hdr;
	size_t size;
	int ret;

	hdr = dtrace_btf_read("vmlinux", &size);
	if (IS_ERR(hdr)) {
		pr_err("cannot read the BTF of vmlinux (%ld): the kernel needs CONFIG_DEBUG_INFO_BTF\n",
		       PTR_ERR(hdr));
		return PTR_ERR(hdr);
	}
	ret = syscall_table_scan((const char *)hdr + hdr->hdr_len +
				 hdr->str_off, hdr->str_len);
	if (ret == 0) {
		pr_err("no system call has an event in syscalls/: the kernel needs CONFIG_FTRACE_SYSCALLS\n");
		ret = -ENOENT;
	}
	vfree(hdr);
	return ret;
}
