/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probe firing the engine's fuzz targets (fuzz_dif.c, fuzz_d.c) run
 * programs in, over userland/tests/hostenv.c's fake memory: arg0 the
 * address of a small kernel buffer, arg1 of a writable user buffer, so
 * loads, copyin() and copyout() have something to hit, and the
 * extremes INT64_MAX, INT64_MIN and -1 in arg2..arg4; tid and pid 7,
 * execname "fuzz".  Each target includes it once.
 */
#ifndef _FUZZ_ENV_H
#define _FUZZ_ENV_H

#include <stdint.h>
#include <string.h>
#include "hostenv.h"

static char fuzz_kbuf[128] = "kernel buffer, with a,comma,and /a/path/";
static char fuzz_ubuf[64] = "user buffer";

/* Set @env up for one input; strings are at most @strsize bytes. */
static inline void fuzz_env_setup(struct dif_env *env, uint32_t strsize)
{
	memset(env->vars, 0, sizeof(env->vars));
	env->strsize = strsize;
	env->vars[DTRACE_DIF_VAR_ARG0] = (uintptr_t)fuzz_kbuf;
	env->vars[DTRACE_DIF_VAR_ARG0 + 1] = (uintptr_t)fuzz_ubuf;
	env->vars[DTRACE_DIF_VAR_ARG0 + 2] = (uint64_t)INT64_MAX;
	env->vars[DTRACE_DIF_VAR_ARG0 + 3] = (uint64_t)INT64_MIN;
	env->vars[DTRACE_DIF_VAR_ARG0 + 4] = (uint64_t)-1;
	env->vars[DTRACE_DIF_VAR_TID] = 7;
	env->vars[DTRACE_DIF_VAR_PID] = 7;
	env->strvars[DTRACE_DIF_VAR_EXECNAME] = "fuzz";
	dif_env_region(env, fuzz_kbuf, sizeof(fuzz_kbuf), DIF_MEM_KERNEL);
	dif_env_region(env, fuzz_ubuf, sizeof(fuzz_ubuf),
		       DIF_MEM_USER | DIF_MEM_WRITE);
}

#endif /* _FUZZ_ENV_H */
