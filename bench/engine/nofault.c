// SPDX-License-Identifier: GPL-2.0
/*
 * engine/env.h for the bench, shaped as the kernel's framework/env_ctx.c
 * is: a read is a call of its own that calls the out-of-line nofault
 * copy; built-in variables from the firing below; no declared or
 * dynamic variables (the clause measured has none).
 */
#include <engine/env.h>
#include "nofault.h"

static char comm[16] = "bash";
static char upath[] = "/etc/ld.so.cache";

void nofault_setup(struct nofault_state *st)
{
	st->args[0] = (u64)-100;
	st->args[1] = (uintptr_t)upath;
	st->args[2] = 5;
}

int dtrace_env_read(void *dst, uintptr_t src, size_t n, bool user)
{
	if (user)
		return copy_from_user_nofault(dst, (const void *)src, n);
	return copy_from_kernel_nofault(dst, (const void *)src, n);
}

int dtrace_env_write_user(uintptr_t dst, const void *src, size_t n)
{
	return copy_to_user_nofault((void *)dst, src, n);
}

u64 dtrace_env_variable(struct dtrace_dif_mstate *mst, u32 var)
{
	(void)mst;
	switch (var) {
	case DTRACE_DIF_VAR_EXECNAME:
		return (uintptr_t)comm;
	case DTRACE_DIF_VAR_PID:
		return 42;
	}
	return 0;
}

u64 dtrace_env_array(struct dtrace_dif_mstate *mst, u32 var, u64 i)
{
	(void)var;
	dtrace_dif_fault(mst, DTRACEFLT_ILLOP, i);
	return 0;
}

char *dtrace_env_var_storage(struct dtrace_dif_mstate *mst, u32 scope,
			     u32 id, const struct dtrace_var **var)
{
	static char sink[8];
	static const struct dtrace_var decl = { .size = 8 };

	(void)mst;
	(void)scope;
	(void)id;
	*var = &decl;
	return sink;
}

bool dtrace_env_var_writable(struct dtrace_dif_mstate *mst, uintptr_t addr,
			     size_t size)
{
	(void)mst;
	(void)addr;
	(void)size;
	return false;
}

u64 dtrace_env_dynvar_load(struct dtrace_dif_mstate *mst, u32 id,
			   bool thread, const struct dtrace_tuple_ent *tup,
			   u32 ntup)
{
	(void)mst;
	(void)id;
	(void)thread;
	(void)tup;
	(void)ntup;
	return 0;
}

void dtrace_env_dynvar_store(struct dtrace_dif_mstate *mst, u32 id,
			     bool thread, const struct dtrace_tuple_ent *tup,
			     u32 ntup, u64 val)
{
	(void)mst;
	(void)id;
	(void)thread;
	(void)tup;
	(void)ntup;
	(void)val;
}

u64 dtrace_env_subr(u32 subr, const struct dtrace_tuple_ent *tup, u32 ntup,
		    struct dtrace_dif_mstate *mst)
{
	(void)tup;
	(void)ntup;
	dtrace_dif_fault(mst, DTRACEFLT_ILLOP, subr);
	return 0;
}
