// SPDX-License-Identifier: GPL-2.0
/*
 * The host's definitions of the engine's services (framework/engine/
 * env.h) over fake memory, and dif_eval(): verify a program with the
 * kernel's verifier and run it with the kernel's interpreter.  See
 * hostenv.h.  Test and fuzzing code: single-threaded, one env runs at a
 * time (dif_cur).
 */
#include <stdlib.h>
#include <string.h>
#include <engine/env.h>
#include "dt_impl.h"
#include "hostenv.h"

/* The env whose program is running: env.h's reads take no state. */
static struct dif_env *dif_cur;

/* What a load of an unset by-reference dynamic variable points to. */
static const uint8_t dif_zero[DTRACE_RECORD_MAX];

static struct dif_env *to_env(struct dtrace_dif_mstate *mst)
{
	return (struct dif_env *)((char *)mst - offsetof(struct dif_env, dif));
}

static bool dif_in(uintptr_t base, size_t len, uintptr_t a, size_t n)
{
	return a >= base && n <= len && a - base <= len - n;
}

/*
 * Fake memory is page-granular, as the kernel's is: a page that holds
 * any byte of a readable object can be read whole (a string reader may
 * read ahead of the NUL), the bytes that belong to no object reading as
 * zeroes.  One range of @n bytes at @a, inside one page: copy what
 * objects of kind @flag have there into @dst (NULL: only check).
 * Return: whether the page holds any such object.
 */
struct dif_copy {
	uintptr_t a;
	size_t n;
	char *dst;
	bool ok;
};

static void dif_copy_from(struct dif_copy *c, const void *obj, size_t len)
{
	uintptr_t base = (uintptr_t)obj, page = c->a & ~(DTRACE_ENGINE_PAGE - 1);
	uintptr_t lo, hi;

	if (!len || base >= page + DTRACE_ENGINE_PAGE || base + len <= page)
		return;
	c->ok = true;
	lo = base > c->a ? base : c->a;
	hi = base + len < c->a + c->n ? base + len : c->a + c->n;
	if (c->dst && lo < hi)
		memcpy(c->dst + (lo - c->a), (const void *)lo, hi - lo);
}

static bool dif_mem_copy(const struct dif_env *env, char *dst, uintptr_t a,
			 size_t n, unsigned int flag)
{
	struct dif_copy c = { .a = a, .n = n, .dst = dst };
	unsigned int i;

	if (dst)
		memset(dst, 0, n);
	for (i = 0; i < env->nregions; i++)
		if (env->regions[i].flags & flag)
			dif_copy_from(&c, (const void *)env->regions[i].base,
				      env->regions[i].len);
	if (flag != DIF_MEM_KERNEL)
		return c.ok;
	dif_copy_from(&c, dif_zero, sizeof(dif_zero));
	for (i = 0; i < DIF_ENV_NVARS; i++)
		if (env->svars[i].id)
			dif_copy_from(&c, env->svars[i].data,
				      env->svars[i].decl.size);
	for (i = 0; i < DIF_ENV_NDYN; i++)
		if (env->dyn[i].used)
			dif_copy_from(&c, env->dyn[i].data,
				      env->dyn[i].decl.size);
	for (i = 0; i < DTRACE_DIF_VAR_MAX; i++)
		if (env->strvars[i])
			dif_copy_from(&c, env->strvars[i],
				      strlen(env->strvars[i]) + 1);
	return c.ok;
}

/**
 * dif_env_region() - make host memory readable by programs
 * @env: the env
 * @base: first byte
 * @len: bytes
 * @flags: DIF_MEM_KERNEL, DIF_MEM_USER (and DIF_MEM_WRITE)
 *
 * Regions stay until dif_env_free(); at most DIF_ENV_NREGIONS, counting
 * the few dif_eval() adds for the program's run.
 */
void dif_env_region(struct dif_env *env, const void *base, size_t len,
		    unsigned int flags)
{
	if (env->nfixed >= DIF_ENV_NREGIONS - 4)
		abort();	/* a test that registers too much */
	env->regions[env->nfixed].base = (uintptr_t)base;
	env->regions[env->nfixed].len = len;
	env->regions[env->nfixed].flags = flags;
	env->nfixed++;
	env->nregions = env->nfixed;
}

/* A region for the clause firing; a full table leaves it unreadable. */
static void dif_env_add(struct dif_env *env, const void *base, size_t len,
			unsigned int flags)
{
	if (env->nregions == DIF_ENV_NREGIONS)
		return;
	env->regions[env->nregions].base = (uintptr_t)base;
	env->regions[env->nregions].len = len;
	env->regions[env->nregions].flags = flags;
	env->nregions++;
}

int dtrace_env_read(void *dst, uintptr_t src, size_t n, bool user)
{
	char buf[DTRACE_ENGINE_PAGE];

	/* a copy first: @dst may be inside an object being read */
	if (!dif_mem_copy(dif_cur, buf, src, n,
			  user ? DIF_MEM_USER : DIF_MEM_KERNEL))
		return -1;
	memcpy(dst, buf, n);
	return 0;
}

int dtrace_env_write_user(uintptr_t dst, const void *src, size_t n)
{
	unsigned int i;

	for (i = 0; i < dif_cur->nregions; i++)
		if ((dif_cur->regions[i].flags & DIF_MEM_WRITE) &&
		    dif_in(dif_cur->regions[i].base, dif_cur->regions[i].len,
			   dst, n)) {
			memmove((void *)dst, src, n);
			return 0;
		}
	return -1;
}

u64 dtrace_env_variable(struct dtrace_dif_mstate *mst, u32 var)
{
	struct dif_env *env = to_env(mst);

	if (env->fault_var && var == env->fault_var) {
		dtrace_dif_fault(mst, DTRACEFLT_ILLOP, var);
		return 0;
	}
	if (var < DTRACE_DIF_VAR_MAX && env->strvars[var])
		return (uintptr_t)env->strvars[var];
	return var < DTRACE_DIF_VAR_MAX ? env->vars[var] : 0;
}

u64 dtrace_env_array(struct dtrace_dif_mstate *mst, u32 var, u64 i)
{
	struct dif_env *env = to_env(mst);

	if (var == DTRACE_DIF_VAR_UREGS && i < DT_ARRAY_SIZE(env->uregs))
		return env->uregs[i];
	dtrace_dif_fault(mst, DTRACEFLT_ILLOP, i);
	return 0;
}

/* The running program's declaration of @id (the verifier saw it is there). */
static struct dtrace_var dif_decl(const struct dif_env *env, u32 id)
{
	struct dtrace_var d = { 0 };
	u32 i;

	for (i = 0; i < env->prog->nvars; i++) {
		const struct dtrace_difv *v = &env->prog->vartab[i];

		if (v->id == id) {
			d.scope = v->scope;
			d.kind = v->kind;
			d.type = v->type;
			d.size = v->size;
			break;
		}
	}
	return d;
}

char *dtrace_env_var_storage(struct dtrace_dif_mstate *mst, u32 scope,
			     u32 id, const struct dtrace_var **var)
{
	static char sink[DTRACE_RECORD_MAX];
	static struct dtrace_var sinkdecl = { .type = DTRACE_DIFV_TYPE_INT,
					      .size = 8 };
	struct dif_env *env = to_env(mst);
	struct dif_var *free_slot = NULL;
	unsigned int i;

	for (i = 0; i < DIF_ENV_NVARS; i++) {
		struct dif_var *v = &env->svars[i];

		if (!v->id) {
			if (!free_slot)
				free_slot = v;
		} else if (v->id == id && v->scope == scope) {
			*var = &v->decl;
			return v->data;
		}
	}
	if (free_slot) {
		free_slot->decl = dif_decl(env, id);
		free_slot->data = calloc(1, free_slot->decl.size);
		if (free_slot->data) {
			free_slot->id = id;
			free_slot->scope = scope;
			*var = &free_slot->decl;
			return free_slot->data;
		}
	}
	/* out of slots: a store goes nowhere, a load reads 0 */
	memset(sink, 0, sizeof(sink));
	*var = &sinkdecl;
	return sink;
}

bool dtrace_env_var_writable(struct dtrace_dif_mstate *mst, uintptr_t addr,
			     size_t size)
{
	struct dif_env *env = to_env(mst);
	unsigned int i;

	for (i = 0; i < DIF_ENV_NVARS; i++) {
		const struct dif_var *v = &env->svars[i];
		uintptr_t b = (uintptr_t)v->data;

		if (v->id && addr >= b && addr - b < v->decl.size &&
		    size <= v->decl.size - (addr - b))
			return true;
	}
	return false;
}

/* Encode the tuple as the kernel does: a u32 length, then the bytes. */
static int dif_dyn_key(struct dif_env *env, char *key,
		       const struct dtrace_tuple_ent *tup, u32 ntup)
{
	u32 i, len = 0;

	for (i = 0; i < ntup; i++) {
		u32 n = tup[i].size ? tup[i].size : 8;

		if (len + 4 + n > DIF_ENV_KEYMAX)
			return -2;
		if (!tup[i].size) {
			memcpy(key + len + 4, &tup[i].value, 8);
		} else if (tup[i].is_string) {
			dtrace_dif_copy_string(&env->dif, key + len + 4,
					       tup[i].value, n);
			n = strnlen(key + len + 4, n);
		} else if (!dtrace_dif_read(&env->dif, key + len + 4,
					    tup[i].value, n, false)) {
			return -1;
		}
		if (env->dif.fault)
			return -1;
		memcpy(key + len, &n, 4);
		len += 4 + n;
	}
	return (int)len;
}

static struct dif_dyn *dif_dyn_find(struct dif_env *env, u32 id,
				    uint64_t thread, const char *key, u32 len,
				    struct dif_dyn **free_slot)
{
	unsigned int i;

	*free_slot = NULL;
	for (i = 0; i < DIF_ENV_NDYN; i++) {
		struct dif_dyn *d = &env->dyn[i];

		if (!d->used) {
			if (!*free_slot)
				*free_slot = d;
		} else if (d->id == id && d->thread == thread &&
			   d->keylen == len && !memcmp(d->key, key, len)) {
			return d;
		}
	}
	return NULL;
}

u64 dtrace_env_dynvar_load(struct dtrace_dif_mstate *mst, u32 id,
			   bool thread, const struct dtrace_tuple_ent *tup,
			   u32 ntup)
{
	struct dif_env *env = to_env(mst);
	struct dtrace_var decl = dif_decl(env, id);
	u64 unset = decl.type != DTRACE_DIFV_TYPE_BYREF ? 0 :
		    (uintptr_t)dif_zero;
	struct dif_dyn *d, *free_slot;
	char key[DIF_ENV_KEYMAX];
	int len = dif_dyn_key(env, key, tup, ntup);

	if (len == -1)
		return 0;
	if (len < 0)
		return unset;
	d = dif_dyn_find(env, id, thread ? env->vars[DTRACE_DIF_VAR_TID] : 0,
			 key, len, &free_slot);
	if (!d)
		return unset;
	if (decl.type == DTRACE_DIFV_TYPE_INT)
		return *(u64 *)d->data;
	return (uintptr_t)d->data;
}

void dtrace_env_dynvar_store(struct dtrace_dif_mstate *mst, u32 id,
			     bool thread, const struct dtrace_tuple_ent *tup,
			     u32 ntup, u64 val)
{
	struct dif_env *env = to_env(mst);
	struct dtrace_var decl = dif_decl(env, id);
	uint64_t tid = thread ? env->vars[DTRACE_DIF_VAR_TID] : 0;
	struct dif_dyn *d, *free_slot;
	char key[DIF_ENV_KEYMAX];
	int len = dif_dyn_key(env, key, tup, ntup);
	bool fresh = false;

	if (len == -1)
		return;
	if (len < 0) {
		env->dyndrops++;
		return;
	}
	d = dif_dyn_find(env, id, tid, key, len, &free_slot);
	if (!val) {	/* frees it, whatever its type, as the kernel does */
		if (d) {
			free(d->data);
			d->used = 0;
		}
		return;
	}
	if (!d) {
		d = free_slot;
		if (!d || !(d->data = calloc(1, decl.size))) {
			env->dyndrops++;
			return;
		}
		d->used = 1;
		d->id = id;
		d->thread = tid;
		d->keylen = len;
		memcpy(d->key, key, len);
		d->decl = decl;
		fresh = true;
	}
	dtrace_dif_copy_value(mst, d->data, val, &d->decl);
	if (fresh && mst->fault) {
		free(d->data);
		d->used = 0;
	}
}

/*
 * _cpuinfo(cpu) of a machine of two CPUs on one chip and one node,
 * online, "x86_64" at 1000 MHz.
 */
static u64 dif_env_cpuinfo(struct dtrace_dif_mstate *mst, u64 cpu)
{
	struct dtrace_cpuinfo *ci;

	if (cpu >= 2)
		return 0;
	ci = dtrace_dif_scratch_alloc(mst, sizeof(*ci));
	if (!ci)
		return 0;
	ci->cpu_id = (s32)cpu;
	ci->cpu_pset = -1;
	ci->cpu_info.pi_state = DTRACE_P_ONLINE;
	memcpy(ci->cpu_info.pi_processor_type, "x86_64", 7);
	ci->cpu_info.pi_clock = 1000;
	return (uintptr_t)ci;
}

/*
 * The subroutines that read the running system, over fake memory: a
 * "struct path" is the address of its path string, a lock the address
 * of its word, a task_struct has execname as its arguments.
 */
u64 dtrace_env_subr(u32 subr, const struct dtrace_tuple_ent *tup, u32 ntup,
		    struct dtrace_dif_mstate *mst)
{
	struct dif_env *env = to_env(mst);
	u64 a0 = ntup > 0 ? tup[0].value : 0, word = 0;
	const char *comm;
	char *buf;

	switch (subr) {
	case DTRACE_DIF_SUBR_RAND:
		env->rand = env->rand * 6364136223846793005ULL +
			    1442695040888963407ULL;
		return env->rand >> 32;
	case DTRACE_DIF_SUBR_PROGENYOF:
		return a0 == env->vars[DTRACE_DIF_VAR_PID];
	case DTRACE_DIF_SUBR_SPECULATION:
		return 0;
	case DTRACE_DIF_SUBR_CPUINFO:
		return dif_env_cpuinfo(mst, a0);
	case DTRACE_DIF_SUBR_D_PATH:
	case DTRACE_DIF_SUBR_PSARGS:
		comm = env->strvars[DTRACE_DIF_VAR_EXECNAME];
		buf = dtrace_dif_strbuf(mst);
		if (!buf || dtrace_dif_strload(mst, buf,
					       subr == DTRACE_DIF_SUBR_PSARGS &&
					       comm ? (uintptr_t)comm : a0,
					       mst->strsize - 1, false) < 0)
			return 0;
		return (uintptr_t)buf;
	case DTRACE_DIF_SUBR_MUTEX_OWNED:
	case DTRACE_DIF_SUBR_MUTEX_OWNER:
	case DTRACE_DIF_SUBR_RW_ISWRITER:
	case DTRACE_DIF_SUBR_SPIN_LOCKED:
		if (!dtrace_dif_read(mst, &word, a0, sizeof(word), false))
			return 0;
		if (subr == DTRACE_DIF_SUBR_MUTEX_OWNER)
			return word & ~7ULL;
		if (subr == DTRACE_DIF_SUBR_RW_ISWRITER)
			return word & 1;
		return (subr == DTRACE_DIF_SUBR_MUTEX_OWNED ? word & ~7ULL :
			word) != 0;
	}
	dtrace_dif_fault(mst, DTRACEFLT_ILLOP, subr);
	return 0;
}

/**
 * dif_env_clause() - start a clause firing whose programs share it
 * @env: the env
 *
 * Empty scratch, no fault, no strtok() string, as the kernel does once
 * per clause firing: the predicate and the actions that dif_env_run()
 * runs after this share the scratch and strtok()'s string, until the
 * next call.
 */
void dif_env_clause(struct dif_env *env)
{
	dtrace_dif_clause_start(&env->dif, env->scratch, sizeof(env->scratch),
				env->strsize ? env->strsize : 256);
	env->nregions = env->nfixed;
	dif_env_add(env, env->scratch, sizeof(env->scratch), DIF_MEM_KERNEL);
	env->in_clause = true;
}

/**
 * dif_env_run() - verify and run one program, as the kernel would
 * @difo: the program as DTRACEIOC_ENABLE takes it (host pointers)
 * @env: the env: variables set by the caller
 * @res: the program's value
 *
 * Each run is a clause firing of its own (empty scratch, no fault, no
 * strtok()) unless dif_env_clause() started one, which it then joins.
 * Return: 0; -1 with env->bad set (the verifier refused) or env->fault
 * and env->fault_pc set (the program faulted).
 */
int dif_env_run(const struct dtrace_difo *difo, struct dif_env *env,
		uint64_t *res)
{
	struct dtrace_dif_prog prog = {
		.insns = (struct dtrace_dif_insn *)(uintptr_t)difo->insns,
		.inttab = (u64 *)(uintptr_t)difo->inttab,
		.strtab = (char *)(uintptr_t)difo->strtab,
		.vartab = (struct dtrace_difv *)(uintptr_t)difo->vartab,
		.ninsns = difo->ninsns,
		.nints = difo->nints,
		.strtab_len = difo->strtab_len,
		.nvars = difo->nvars,
		.rtype = difo->rtype,
		.rsize = difo->rsize,
	};
	env->bad = NULL;
	env->fault = 0;
	env->fault_pc = 0;
	*res = 0;
	if (!dtrace_dif_header_verify(difo, &env->err) ||
	    !dtrace_dif_verify(&prog, &env->err)) {
		env->bad = dtrace_dif_rule_text(env->err.rule);
		return -1;
	}
	if (!env->in_clause)
		dtrace_dif_clause_start(&env->dif, env->scratch,
					sizeof(env->scratch),
					env->strsize ? env->strsize : 256);
	memcpy(env->dif.args, &env->vars[DTRACE_DIF_VAR_ARG0],
	       sizeof(env->dif.args));
	env->dif.timestamp = env->vars[DTRACE_DIF_VAR_TIMESTAMP];
	if (!env->in_clause) {
		env->nregions = env->nfixed;
		dif_env_add(env, env->scratch, sizeof(env->scratch),
			    DIF_MEM_KERNEL);
	}
	/* the clause's other programs' strings stay readable, as in a kernel */
	dif_env_add(env, prog.strtab, prog.strtab_len, DIF_MEM_KERNEL);
	env->prog = &prog;
	dif_cur = env;
	env->straight = prog.straight.ok || prog.pred.ok;
	env->regs_written = prog.regs_written;
	*res = dtrace_dif_exec(&prog, &env->dif, &env->tup);
	dif_cur = NULL;
	env->prog = NULL;
	env->fault = (int)env->dif.fault;
	env->fault_pc = env->dif.fault_pc;
	return env->fault ? -1 : 0;
}

int dif_eval(const struct dt_difo *dp, struct dif_env *env, uint64_t *res)
{
	return dif_env_run(&dp->k, env, res);
}

/* Free the variables' storage; the env is empty again. */
void dif_env_free(struct dif_env *env)
{
	unsigned int i;

	for (i = 0; i < DIF_ENV_NVARS; i++)
		free(env->svars[i].data);
	for (i = 0; i < DIF_ENV_NDYN; i++)
		if (env->dyn[i].used)
			free(env->dyn[i].data);
	memset(env->svars, 0, sizeof(env->svars));
	memset(env->dyn, 0, sizeof(env->dyn));
	env->nfixed = 0;
	env->nregions = 0;
}
