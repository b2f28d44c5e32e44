// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the kernel's DIF engine (framework/engine/): the
 * input bytes are decoded, structure-aware, into a program (the format
 * is in dif_input.h), which goes through the real verifier; what it
 * accepts runs with the real interpreter and subroutines over the fake
 * memory of userland/tests/hostenv.c (reads succeed only on registered
 * host objects, anything else faults like a bad address), then a second
 * time with the same variables; the args are fuzz_env.h's.  A program
 * that ran in a straight form (engine/dif.h) runs once more through the
 * decode loop, on a fresh env: a different value, fault or fault offset
 * aborts.  A crash or a sanitizer report is a finding; a refusal or a
 * fault is not.  Seeds: the programs the compiler makes of D
 * (fuzz_seed.c, scripts/fuzz.sh).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dif_input.h"
#include "fuzz_env.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct dif_env env;
static struct dif_in prog;

/* Run the program once on a fresh env: its value, fault and offset. */
static bool run_once(uint32_t strsize, uint64_t *v, int *fault,
		     unsigned int *pc)
{
	bool straight;

	fuzz_env_setup(&env, strsize);
	dif_env_run(&prog.d, &env, v);
	straight = env.straight;
	*fault = env.fault;
	*pc = env.fault_pc;
	dif_env_free(&env);
	return straight;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t strsize = 32 + (size & 0xff);
	unsigned int pc[2];
	uint64_t v[2];
	int fault[2];

	dif_in_decode(&prog, data, size);
	fuzz_env_setup(&env, strsize);
	if (!dif_env_run(&prog.d, &env, v))
		dif_env_run(&prog.d, &env, v);
	dif_env_free(&env);
	if (!run_once(strsize, &v[0], &fault[0], &pc[0]))
		return 0;
	dtrace_dif_straight_on = false;
	run_once(strsize, &v[1], &fault[1], &pc[1]);
	dtrace_dif_straight_on = true;
	if (v[0] != v[1] || fault[0] != fault[1] || pc[0] != pc[1])
		abort();
	return 0;
}
