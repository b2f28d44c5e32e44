/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private glue between dt_type.c and dt_btf.c: the type table's arena
 * (which owns every type dt_btf.c makes), the built-in integer types by
 * C spelling, and the text of the last BTF failure.
 */
#ifndef _DT_BTF_H
#define _DT_BTF_H

#include <stddef.h>
#include "dt_type.h"

/* Zeroed memory / a copy of @s living until dt_typetab_destroy(). */
void *dt_typetab_zalloc(dtrace_hdl_t *dtp, size_t n);
const char *dt_typetab_strdup(dtrace_hdl_t *dtp, const char *s);

/* "long unsigned int" -> &dt_type_ulong; NULL if not a C integer/float. */
const struct dt_type *dt_type_builtin_int(const char *spelling);

/*
 * Why the kernel's BTF could not be used ("" if it could, or was never
 * read): e.g. "/sys/kernel/btf/vmlinux: bad magic 0x1234".
 */
const char *dt_btf_error(dtrace_hdl_t *dtp);

/*
 * dt_btf_cache.c: the running kernel's vmlinux BTF kept between runs.
 * _map: the kept copy, mapped, if it is there and fit to use for the
 * sysfs file @fd of @size bytes; NULL if not.  _store: keep @data for
 * the next run (root only; nothing if it cannot be).
 */
const void *dt_btf_cache_map(int fd, size_t size);
void dt_btf_cache_store(const void *data, size_t size);

#endif /* _DT_BTF_H */
