/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dtrace_fbt.ko's own declarations: C type names from BTF (fbt_btf.c), the
 * catalogue of functions per object and the provider (fbt.c), and the
 * kprobes that fire the probes (fbt_arm.c).
 */
#ifndef _DTRACE_FBT_IMPL_H
#define _DTRACE_FBT_IMPL_H

#include <linux/list.h>
#include <linux/module.h>
#include <linux/types.h>
#include <uapi/linux/btf.h>
#include <dtrace/provider.h>

int fbt_btf_type_name(const struct dtrace_btf *btf, u32 id, char *buf,
		      size_t size);

/* A function the provider offers: its probes, created on demand. */
struct fbt_func {
	u32			name_off;	/* in the object's BTF */
	u32			proto;		/* its FUNC_PROTO type id */
	dtrace_id_t		ids[2];		/* entry, return; or none */
};

enum { FBT_ENTRY, FBT_RETURN };

/* vmlinux, or a module: the functions of its BTF, sorted by name. */
struct fbt_object {
	struct list_head	list;		/* on fbt_objects */
	struct module		*mod;		/* NULL for vmlinux */
	char			name[MODULE_NAME_LEN];
	struct dtrace_btf	*btf;		/* NULL until loaded */
	struct fbt_func		*funcs;
	u32			nfuncs;
};

/* A probe: which function of which object, entry or return. */
struct fbt_probe {
	struct fbt_object	*obj;
	struct fbt_func		*func;
	int			which;		/* FBT_ENTRY, FBT_RETURN */
	u8			nargs;		/* of the function */
	struct fbt_armed	*armed;		/* while enabled */
};

int fbt_arm(struct fbt_probe *probe, dtrace_id_t id);
bool fbt_disarm(struct fbt_probe *probe);

void fbt_module_put_later(struct module *mod);
void fbt_module_put_all(void);

#endif /* _DTRACE_FBT_IMPL_H */
