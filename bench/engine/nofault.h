/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What engine_cost.c runs the engine over: nofault.c defines
 * engine/env.h as the kernel's env_ctx.c does (reads call out-of-line
 * copies, copy.c, as copy_from_kernel_nofault() is out of line), with
 * the firing's task and arguments here.
 */
#ifndef _BENCH_NOFAULT_H
#define _BENCH_NOFAULT_H

#include <engine/dif.h>

struct nofault_state {
	struct dtrace_dif_mstate dif;
	u64 args[DTRACE_DIF_NARGS];
};

/* The firing: arg1 a user path, arg2 5, execname "bash". */
void nofault_setup(struct nofault_state *st);

/* copy.c: memcpy() that the compiler cannot see into. */
long copy_from_kernel_nofault(void *dst, const void *src, size_t n);
long copy_from_user_nofault(void *dst, const void *src, size_t n);
long copy_to_user_nofault(void *dst, const void *src, size_t n);

#endif /* _BENCH_NOFAULT_H */
