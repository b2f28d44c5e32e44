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
 * Do the @size bytes at @addr lie in the storage of the declared global
 * or (this CPU's) clause-local variables?  DIF writes there in place a
 * member of a struct variable or an element of an array variable.
 */
bool dtrace_env_var_writable(struct dtrace_dif_mstate *mst, uintptr_t addr,
			     size_t size);

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

/**
 * dtrace_dif_read() - copy traced memory, fault-safe
 * @mst: machine state; a bad byte faults BADADDR at that byte
 * @dst: @n bytes
 * @src: kernel address, or the current task's user address if @user
 * @n: bytes
 * @user: @src is a user address
 *
 * Inline, because every load, string compare and string copy of a
 * program comes here: a range inside one page (nearly all of them) is
 * one dtrace_env_read(); any other goes to dtrace_dif_read_pages()
 * (dif_exec_ctx.c), which reads page by page so that a fault names the
 * first byte that could not be read, and faults a range that wraps
 * past the top of the address space at @src.
 * Context: probe context.
 * Return: true if all @n bytes were copied.
 */
static __always_inline bool dtrace_dif_read(struct dtrace_dif_mstate *mst,
					    void *dst, uintptr_t src,
					    size_t n, bool user)
{
	size_t left = DTRACE_ENGINE_PAGE - (src & (DTRACE_ENGINE_PAGE - 1));

	if (n > left || src + n <= src)
		return dtrace_dif_read_pages(mst, dst, src, n, user);
	if (dtrace_env_read(dst, src, n, user)) {
		dtrace_dif_fault(mst, DTRACEFLT_BADADDR, src);
		return false;
	}
	return true;
}

#endif /* _DTRACE_ENGINE_ENV_H */
