/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checker of BTF, the kernel's type format (<uapi/linux/btf.h>
 * defines it), over a byte buffer: kinfo.c runs it on every file it
 * reads from /sys/kernel/btf before a provider sees a byte of it, and
 * userland's unit tests (test_btf_check.c) feed it broken files.  After
 * it, every type id, string offset and record a reader follows is
 * in range.  Kernel-neutral: see types.h.
 */
#ifndef _DTRACE_ENGINE_BTF_CHECK_H
#define _DTRACE_ENGINE_BTF_CHECK_H

#include "types.h"

/*
 * A BTF object being checked, then read: vmlinux's, or a module's split
 * BTF whose type ids and string offsets continue those of @base.
 */
struct btf_view {
	const u8		*types;		/* the type section */
	const char		*strs;		/* the string section */
	u32			types_len;
	u32			str_len;
	u32			first_id;	/* 1, or @base's next id */
	u32			str_first;	/* 0, or @base's next offset */
	u32			ntypes;
	const u32		*offs;		/* id - first_id -> offset */
	const struct btf_view	*base;		/* checked, or NULL */
	u32			bad_id;		/* the type refused, or 0 */
};

/*
 * What a checked type record starts with (struct btf_type): its kind
 * and vlen are in @info, @type is a size or a type id by kind.
 */
struct btf_check_type {
	u32	name_off;
	u32	info;
	u32	type;
};

const char *btf_check_layout(struct btf_view *v, const void *buf, u64 size,
			     const struct btf_view *base);
const char *btf_check_types(struct btf_view *v, u32 *offs);
const struct btf_check_type *btf_view_type(const struct btf_view *v, u32 id);
const char *btf_view_str(const struct btf_view *v, u32 off);

#endif /* _DTRACE_ENGINE_BTF_CHECK_H */
