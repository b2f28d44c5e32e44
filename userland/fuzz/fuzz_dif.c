// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the kernel's DIF engine (framework/engine/): the
 * input bytes are decoded, structure-aware, into a program (the format
 * is in dif_input.h), which goes through the real verifier; what it
 * accepts runs with the real interpreter and subroutines over the fake
 * memory of userland/tests/hostenv.c (reads succeed only on registered
 * host objects, anything else faults like a bad address), then a second
 * time with the same variables; the args are fuzz_env.h's.  A crash or a
 * sanitizer report is a finding; a refusal or a fault is not.  Seeds:
 * the programs the compiler makes of D (fuzz_seed.c, scripts/fuzz.sh).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dif_input.h"
#include "fuzz_env.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct dif_env env;
static struct dif_in prog;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t v;

	dif_in_decode(&prog, data, size);
	fuzz_env_setup(&env, 32 + (size & 0xff));
	if (!dif_env_run(&prog.d, &env, &v))
		dif_env_run(&prog.d, &env, &v);
	dif_env_free(&env);
	return 0;
}
