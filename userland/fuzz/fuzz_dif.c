// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the kernel's DIF engine (framework/engine/): the
 * input bytes are decoded, structure-aware, into a program (header
 * byte, instruction count, instructions, integer table, string table,
 * variable table), which goes through the real verifier; what it
 * accepts runs with the real interpreter and subroutines over the fake
 * memory of userland/tests/hostenv.c (reads succeed only on registered
 * host objects, anything else faults like a bad address), then a second
 * time with the same variables.  Registers hold the addresses of a small
 * kernel buffer and a user buffer in args, so loads, copyin() and
 * copyout() have something to hit.  A crash or a sanitizer report is a
 * finding; a refusal or a fault is not.  Seeds: programs compiled from
 * D (scripts/fuzz.sh, fuzz_seed.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hostenv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct cursor {
	const uint8_t *p;
	size_t left;
};

static uint32_t take(struct cursor *c, size_t n)
{
	uint32_t v = 0;

	while (n-- && c->left) {
		v = v << 8 | *c->p++;
		c->left--;
	}
	return v;
}

/* A register field: zero half the time, else one of the 16. */
static uint8_t reg(uint32_t b)
{
	return b < 128 ? 0 : b & 15;
}

static struct dif_env env;
static char kbuf[64] = "kernel buffer";
static char ubuf[64] = "user buffer";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dtrace_dif_insn insns[256];
	uint64_t ints[16];
	struct dtrace_difv vars[8];
	char str[256];
	struct cursor c = { data, size };
	struct dtrace_difo d = { 0 };
	uint32_t i, hdr, b;
	uint64_t v;

	hdr = take(&c, 1);
	d.ninsns = take(&c, 1) % 256 + 1;
	d.nints = hdr & 0xf;
	d.nvars = (hdr >> 4) & 0x7;
	d.strtab_len = take(&c, 1);
	d.rtype = (hdr >> 7) ? DTRACE_DIF_RTYPE_STRING : DTRACE_DIF_RTYPE_INT;
	d.rsize = d.rtype == DTRACE_DIF_RTYPE_INT ? 8 : 0;
	/*
	 * Mostly programs the verifier can accept: known opcodes, each
	 * register field zero half the time (an unused one must be), small
	 * immediates (table indexes, variable ids, subroutines, branch
	 * offsets) more often than wild ones, RET last.
	 */
	for (i = 0; i < d.ninsns; i++) {
		uint32_t imm = take(&c, 1);

		insns[i].op = take(&c, 1) % (DTRACE_DIF_OP_MAX - 1) + 1;
		insns[i].dst = reg(take(&c, 1));
		insns[i].src1 = reg(take(&c, 1));
		insns[i].src2 = reg(take(&c, 1));
		insns[i].imm = imm < 128 ? (int32_t)(imm % 48) :
			       imm < 192 ? -(int32_t)(imm % 8) :
			       (int32_t)take(&c, 4);
	}
	if (!(hdr & 0x40))
		insns[d.ninsns - 1] = (struct dtrace_dif_insn){
			.op = DTRACE_DIF_OP_RET, .src1 = insns[0].dst };
	for (i = 0; i < d.nints; i++)
		ints[i] = (uint64_t)take(&c, 4) << 32 | take(&c, 4);
	for (i = 0; i < d.nvars; i++) {
		memset(&vars[i], 0, sizeof(vars[i]));
		vars[i].id = take(&c, 1) % 16 + 1;
		b = take(&c, 1);
		vars[i].scope = b % 3;
		vars[i].kind = vars[i].scope == DTRACE_DIFV_SCOPE_LOCAL ? 0 :
			       (b >> 2) & 1;
		vars[i].type = (b >> 3) % 3;
		vars[i].size = vars[i].type == DTRACE_DIFV_TYPE_INT ? 8 :
			       take(&c, 2) % 512 + 1;
	}
	for (i = 0; i < d.strtab_len; i++)
		str[i] = (char)take(&c, 1);
	if (d.strtab_len)
		str[d.strtab_len - 1] = '\0';
	d.insns = (uintptr_t)insns;
	d.inttab = (uintptr_t)ints;
	d.strtab = (uintptr_t)str;
	d.vartab = (uintptr_t)vars;

	memset(env.vars, 0, sizeof(env.vars));
	env.strsize = 32 + (size & 0xff);
	env.vars[DTRACE_DIF_VAR_ARG0] = (uintptr_t)kbuf;
	env.vars[DTRACE_DIF_VAR_ARG0 + 1] = (uintptr_t)ubuf;
	env.vars[DTRACE_DIF_VAR_ARG0 + 2] = (uint64_t)INT64_MAX;
	env.vars[DTRACE_DIF_VAR_ARG0 + 3] = (uint64_t)INT64_MIN;
	env.vars[DTRACE_DIF_VAR_ARG0 + 4] = (uint64_t)-1;
	env.vars[DTRACE_DIF_VAR_TID] = 7;
	env.strvars[DTRACE_DIF_VAR_EXECNAME] = "fuzz";
	dif_env_region(&env, kbuf, sizeof(kbuf), DIF_MEM_KERNEL);
	dif_env_region(&env, ubuf, sizeof(ubuf), DIF_MEM_USER | DIF_MEM_WRITE);
	if (!dif_env_run(&d, &env, &v))
		dif_env_run(&d, &env, &v);
	dif_env_free(&env);
	return 0;
}
