/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The services the engine (dif.h) needs from the build it is part of:
 * plain functions, declared here and defined once per build, bound when
 * it links (no function pointers on the interpreter's path).  The
 * kernel defines them in framework/env_ctx.c, the host in
 * userland/tests/hostenv.c.  All run in probe context in the kernel:
 * no sleeping, no locks but the dynamic variable space's, no
 * allocation; a bad address is a failed copy, never an oops.
 */
#ifndef _DTRACE_ENGINE_ENV_H
#define _DTRACE_ENGINE_ENV_H

#include "dif.h"

/*
 * Copy @n bytes, all inside one DTRACE_ENGINE_PAGE, from kernel (or, if
 * @user, the current task's user) address @src.  Return: 0, or nonzero
 * if any byte could not be read (nothing is then promised about @dst).
 */
int dtrace_env_read(void *dst, uintptr_t src, size_t n, bool user);

/*
 * Copy @n bytes, inside one page, to the current task's user address
 * @dst (copyout).  Return: 0, or nonzero if the page cannot be written.
 */
int dtrace_env_write_user(uintptr_t dst, const void *src, size_t n);

/*
 * A built-in variable (DTRACE_DIF_VAR_*, other than arg0..arg9, which
 * the engine reads from mst->args), and the built-in arrays args[]
 * (DTRACE_DIF_VAR_ARGS) and uregs[] at index @i.  A bad index faults
 * ILLOP with dtrace_dif_fault().
 */
u64 dtrace_env_variable(struct dtrace_dif_mstate *mst, u32 var);
u64 dtrace_env_array(struct dtrace_dif_mstate *mst, u32 var, u64 i);

/*
 * The storage of declared global or clause-local scalar @id (@scope:
 * DTRACE_DIFV_SCOPE_GLOBAL or _LOCAL), and its declaration in *@var.
 */
char *dtrace_env_var_storage(struct dtrace_dif_mstate *mst, u32 scope,
			     u32 id, const struct dtrace_var **var);

/*
 * The dynamic variable space: thread-local scalars (@ntup 0) and
 * associative arrays, global or thread-local.  A load of an unset
 * element gives 0, or for a by-reference variable the address of
 * zeroes; storing integer 0 frees the element.
 */
u64 dtrace_env_dynvar_load(struct dtrace_dif_mstate *mst, u32 id,
			   bool thread, const struct dtrace_tuple_ent *tup,
			   u32 ntup);
void dtrace_env_dynvar_store(struct dtrace_dif_mstate *mst, u32 id,
			     bool thread, const struct dtrace_tuple_ent *tup,
			     u32 ntup, u64 val);

/*
 * The subroutines that read the running system rather than their
 * arguments: rand, progenyof, d_path, mutex_owned, mutex_owner,
 * rw_iswriter, spin_locked, speculation, _psargs, _cpuinfo.  Arguments
 * as for dtrace_dif_subr(), already counted.
 */
u64 dtrace_env_subr(u32 subr, const struct dtrace_tuple_ent *tup, u32 ntup,
		    struct dtrace_dif_mstate *mst);

#endif /* _DTRACE_ENGINE_ENV_H */
