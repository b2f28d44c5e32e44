// SPDX-License-Identifier: GPL-2.0
/*
 * The reference DIF evaluator of dif_eval.h.  Test-only code: it trusts
 * nothing of the program and reports rule violations in env->bad.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dif_eval.h"

struct dif_tuple {
	unsigned int n;
	uint32_t len;			/* bytes of key */
	char key[DIF_EVAL_KEYMAX];
	uint64_t vals[DTRACE_DIF_TUPLE_MAX];	/* for CALL */
};

static int dif_bad(struct dif_env *env, const char *why)
{
	env->bad = why;
	return -1;
}

static uint64_t dif_scmp(const char *a, const char *b, uint32_t max)
{
	int c = strncmp(a, b, max);

	return (uint64_t)(int64_t)(c < 0 ? -1 : c > 0);
}

/*
 * Host memory cannot be checked; what a NULL pointer plus a member
 * offset gives is refused, the rest trusted (tests pass real buffers).
 */
#define DIF_EVAL_LOWADDR	65536

static int dif_badaddr(uint64_t a)
{
	return a < DIF_EVAL_LOWADDR;
}

static int dif_fault(struct dif_env *env, int flt, unsigned int pc)
{
	env->fault = flt;
	env->fault_pc = pc;
	return -1;
}

static const struct dtrace_difv *dif_var(const struct dt_difo *dp,
					 uint32_t id)
{
	/* a copy without ->vartab (mockdev.c) still has the ABI pointer */
	const struct dtrace_difv *vt = dp->vartab ? dp->vartab :
		(const struct dtrace_difv *)(uintptr_t)dp->k.vartab;
	unsigned int i;

	for (i = 0; vt && i < dp->k.nvars; i++)
		if (vt[i].id == id)
			return &vt[i];
	return NULL;
}

static char *dif_alloc(struct dif_env *env, size_t n)
{
	char *p;

	n = (n + 7) & ~(size_t)7;
	if (env->scratch_used + n > sizeof(env->scratch))
		return NULL;
	p = env->scratch + env->scratch_used;
	env->scratch_used += (uint32_t)n;
	memset(p, 0, n);
	return p;
}

/* The element of @v (tuple @t for arrays); created if @create. */
static struct dif_dyn *dif_dyn(struct dif_env *env,
			       const struct dtrace_difv *v,
			       const struct dif_tuple *t, int create)
{
	uint64_t tid = v->scope == DTRACE_DIFV_SCOPE_THREAD ?
		       env->vars[DTRACE_DIF_VAR_TID] : 0;
	uint32_t klen = v->kind == DTRACE_DIFV_KIND_ARRAY ? t->len : 0;
	struct dif_dyn *free_slot = NULL;
	unsigned int i;

	for (i = 0; i < DIF_EVAL_NDYN; i++) {
		struct dif_dyn *d = &env->dyn[i];

		if (!d->used) {
			if (!free_slot)
				free_slot = d;
			continue;
		}
		if (d->id == v->id && d->scope == v->scope && d->tid == tid &&
		    d->keylen == klen && !memcmp(d->key, t->key, klen))
			return d;
	}
	if (!create || !free_slot)
		return NULL;
	memset(free_slot, 0, sizeof(*free_slot));
	free_slot->used = 1;
	free_slot->id = v->id;
	free_slot->scope = v->scope;
	free_slot->tid = tid;
	free_slot->keylen = klen;
	memcpy(free_slot->key, t->key, klen);
	return free_slot;
}

static uint64_t dif_ld(const struct dif_dyn *d, const struct dtrace_difv *v)
{
	if (!d)
		return 0;
	if (v->type == DTRACE_DIFV_TYPE_INT)
		return d->val;
	return (uintptr_t)d->data;
}

static void dif_st(struct dif_env *env, const struct dtrace_difv *v,
		   const struct dif_tuple *t, uint64_t val)
{
	struct dif_dyn *d;

	if (v->type == DTRACE_DIFV_TYPE_INT && !val) {
		d = dif_dyn(env, v, t, 0);
		if (d)
			d->used = 0;
		return;
	}
	d = dif_dyn(env, v, t, 1);
	if (!d)
		return;
	if (v->type == DTRACE_DIFV_TYPE_INT) {
		d->val = val;
	} else if (v->type == DTRACE_DIFV_TYPE_STRING) {
		size_t n = v->size < DIF_EVAL_VALMAX ? v->size : DIF_EVAL_VALMAX;

		strncpy(d->data, (const char *)(uintptr_t)val, n - 1);
		d->data[n - 1] = '\0';
	} else {
		memcpy(d->data, (const void *)(uintptr_t)val,
		       v->size < DIF_EVAL_VALMAX ? v->size : DIF_EVAL_VALMAX);
	}
}

static int dif_push(struct dif_env *env, struct dif_tuple *t, uint64_t v,
		    int ref, int32_t size)
{
	uint32_t n = ref ? (size ? (uint32_t)size :
			    (uint32_t)strnlen((const char *)(uintptr_t)v,
					      env->strsize - 1) + 1) : 8;

	if (t->n == DTRACE_DIF_TUPLE_MAX || t->len + n > DIF_EVAL_KEYMAX)
		return -1;
	t->vals[t->n++] = v;
	if (ref)
		memcpy(t->key + t->len, (const void *)(uintptr_t)v, n);
	else
		memcpy(t->key + t->len, &v, 8);
	t->len += n;
	return 0;
}

/* Strings: at most strsize - 1 characters, as the kernel does. */
static char *dif_str(struct dif_env *env, const char *s, size_t n)
{
	size_t max = env->strsize - 1;
	char *p;

	if (n > max)
		n = max;
	p = dif_alloc(env, n + 1);
	if (p)
		memcpy(p, s, n);
	return p;
}

static uint64_t dif_bswap(uint64_t v, unsigned int bytes)
{
	uint64_t r = 0;
	unsigned int i;

	for (i = 0; i < bytes; i++)
		r = (r << 8) | ((v >> (8 * i)) & 0xff);
	return r;
}

/* A string argument of a string subroutine that is no address. */
static int dif_call_badarg(int subr, const struct dif_tuple *t)
{
	unsigned int i;

	if (subr < DTRACE_DIF_SUBR_STRLEN || subr > DTRACE_DIF_SUBR_TOLOWER ||
	    subr == DTRACE_DIF_SUBR_LLTOSTR)
		return 0;
	for (i = 0; i < t->n; i++) {
		int is_str = i == 0 || subr == DTRACE_DIF_SUBR_STRJOIN ||
			     ((subr == DTRACE_DIF_SUBR_INDEX ||
			       subr == DTRACE_DIF_SUBR_RINDEX ||
			       subr == DTRACE_DIF_SUBR_STRSTR ||
			       subr == DTRACE_DIF_SUBR_STRTOK) && i == 1);

		if (subr == DTRACE_DIF_SUBR_STRTOK && i == 0)
			continue;
		if (is_str && dif_badaddr(t->vals[i]))
			return 1;
	}
	return 0;
}

/* The subroutines the tests use; 0 with *@r set, -1 if not emulated. */
static int dif_call(struct dif_env *env, int subr, const struct dif_tuple *t,
		    uint64_t *r)
{
	const char *a = (const char *)(uintptr_t)t->vals[0];
	const char *b = (const char *)(uintptr_t)t->vals[1];
	int64_t i0 = (int64_t)t->vals[0], i1 = (int64_t)t->vals[1];
	size_t la = 0, lb = 0, i;
	const char *p;
	char *q, buf[80];
	int64_t start, len;

	if (t->n >= 1 && a && subr != DTRACE_DIF_SUBR_LLTOSTR &&
	    subr < DTRACE_DIF_SUBR_HTONS)
		la = strnlen(a, env->strsize - 1);
	if (t->n >= 2 && b && (subr == DTRACE_DIF_SUBR_STRJOIN ||
			       subr == DTRACE_DIF_SUBR_INDEX ||
			       subr == DTRACE_DIF_SUBR_RINDEX ||
			       subr == DTRACE_DIF_SUBR_STRSTR))
		lb = strnlen(b, env->strsize - 1);

	switch (subr) {
	case DTRACE_DIF_SUBR_RAND:
		*r = 4;		/* chosen by fair dice roll */
		return 0;
	case DTRACE_DIF_SUBR_STRLEN:
		*r = la;
		return 0;
	case DTRACE_DIF_SUBR_STRJOIN:
		q = dif_alloc(env, la + lb + 1);
		if (q) {
			memcpy(q, a, la);
			memcpy(q + la, b, lb);
			q = dif_str(env, q, la + lb);
		}
		*r = (uintptr_t)q;
		return 0;
	case DTRACE_DIF_SUBR_SUBSTR:
		start = i1;
		len = t->n > 2 ? (int64_t)t->vals[2] : (int64_t)la;
		if (start < 0)
			start += (int64_t)la;
		if (start < 0) {
			if (t->n > 2)
				len += start;
			start = 0;
		}
		if (t->n > 2 && (int64_t)t->vals[2] < 0)
			len = (int64_t)la - start + (int64_t)t->vals[2];
		if (start >= (int64_t)la || len <= 0)
			len = 0;
		else if (start + len > (int64_t)la)
			len = (int64_t)la - start;
		*r = (uintptr_t)dif_str(env, a + (len ? start : 0), (size_t)len);
		return 0;
	case DTRACE_DIF_SUBR_INDEX:
		start = t->n > 2 ? (int64_t)t->vals[2] : 0;
		if (start < 0)
			start = 0;
		*r = (uint64_t)-1;
		for (i = (size_t)start; i + lb <= la; i++)
			if (!memcmp(a + i, b, lb)) {
				*r = i;
				break;
			}
		return 0;
	case DTRACE_DIF_SUBR_RINDEX:
		start = t->n > 2 ? (int64_t)t->vals[2] : (int64_t)la;
		*r = (uint64_t)-1;
		if (start < 0 || lb > la)
			return 0;
		if (start > (int64_t)(la - lb))
			start = (int64_t)(la - lb);
		for (len = start; len >= 0; len--)
			if (!memcmp(a + len, b, lb)) {
				*r = (uint64_t)len;
				break;
			}
		return 0;
	case DTRACE_DIF_SUBR_STRCHR:
	case DTRACE_DIF_SUBR_STRRCHR:
		p = subr == DTRACE_DIF_SUBR_STRCHR ? memchr(a, (int)(i1 & 0xff), la + 1) :
		    NULL;
		if (subr == DTRACE_DIF_SUBR_STRRCHR)
			for (i = la + 1; i-- > 0;)
				if (a[i] == (char)i1) {
					p = a + i;
					break;
				}
		*r = p ? (uintptr_t)dif_str(env, p, la - (size_t)(p - a)) : 0;
		return 0;
	case DTRACE_DIF_SUBR_STRSTR:
		p = NULL;
		for (i = 0; i + lb <= la; i++)
			if (!memcmp(a + i, b, lb)) {
				p = a + i;
				break;
			}
		*r = p ? (uintptr_t)dif_str(env, p, la - i) : 0;
		return 0;
	case DTRACE_DIF_SUBR_TOUPPER:
	case DTRACE_DIF_SUBR_TOLOWER:
		q = dif_str(env, a, la);
		for (i = 0; q && i < la; i++)
			q[i] = (char)(subr == DTRACE_DIF_SUBR_TOUPPER ?
				      toupper((unsigned char)q[i]) :
				      tolower((unsigned char)q[i]));
		*r = (uintptr_t)q;
		return 0;
	case DTRACE_DIF_SUBR_LLTOSTR:
		if (t->n > 1 && i1 == 16)
			snprintf(buf, sizeof(buf), "%llx", (unsigned long long)i0);
		else if (t->n > 1 && i1 == 8)
			snprintf(buf, sizeof(buf), "%llo", (unsigned long long)i0);
		else
			snprintf(buf, sizeof(buf), "%lld", (long long)i0);
		*r = (uintptr_t)dif_str(env, buf, strlen(buf));
		return 0;
	case DTRACE_DIF_SUBR_STRTOLL:
		*r = (uint64_t)strtoll(a, NULL, t->n > 1 ? (int)i1 : 10);
		return 0;
	case DTRACE_DIF_SUBR_HTONS:
	case DTRACE_DIF_SUBR_NTOHS:
		*r = dif_bswap(t->vals[0], 2);
		return 0;
	case DTRACE_DIF_SUBR_HTONL:
	case DTRACE_DIF_SUBR_NTOHL:
		*r = dif_bswap(t->vals[0], 4);
		return 0;
	case DTRACE_DIF_SUBR_HTONLL:
	case DTRACE_DIF_SUBR_NTOHLL:
		*r = dif_bswap(t->vals[0], 8);
		return 0;
	case DTRACE_DIF_SUBR_BASENAME:
		while (la > 1 && a[la - 1] == '/')
			la--;
		for (i = la; i > 0 && a[i - 1] != '/'; i--)
			;
		if (i == la && la)	/* "/" */
			i = 0;
		*r = (uintptr_t)dif_str(env, a + i, la ? la - i : 1);
		if (!la && *r)
			((char *)(uintptr_t)*r)[0] = '.';
		return 0;
	case DTRACE_DIF_SUBR_ALLOCA:
		*r = (uintptr_t)dif_alloc(env, (size_t)i0);
		return 0;
	default:
		return -1;
	}
}

/* Return: 0 with *@res set, -1 for a fault (env->fault) or bad program. */
int dif_eval(const struct dt_difo *dp, struct dif_env *env, uint64_t *res)
{
	uint64_t r[DTRACE_DIF_NREGS] = { 0 };
	unsigned int pc = 0, n = dp->k.ninsns;
	struct dif_tuple tup = { .n = 0 };
	const struct dtrace_difv *v;

	env->fault = 0;
	env->bad = NULL;
	env->scratch_used = 0;
	if (n == 0 || dp->insns[n - 1].op != DTRACE_DIF_OP_RET)
		return dif_bad(env, "last instruction is not RET");

	while (pc < n) {
		const struct dtrace_dif_insn *in = &dp->insns[pc++];
		uint64_t a, b, *d;

		if (in->dst >= DTRACE_DIF_NREGS || in->src1 >= DTRACE_DIF_NREGS ||
		    in->src2 >= DTRACE_DIF_NREGS)
			return dif_bad(env, "register out of range");
		a = r[in->src1];
		b = r[in->src2];
		d = &r[in->dst];
		if (in->dst == 0 && in->op != DTRACE_DIF_OP_RET &&
		    in->op != DTRACE_DIF_OP_JMP && in->op != DTRACE_DIF_OP_JZ &&
		    in->op != DTRACE_DIF_OP_JNZ &&
		    !(in->op >= DTRACE_DIF_OP_STB &&
		      in->op <= DTRACE_DIF_OP_STX) &&
		    in->op != DTRACE_DIF_OP_STGS &&
		    in->op != DTRACE_DIF_OP_STLS &&
		    in->op != DTRACE_DIF_OP_STTS &&
		    in->op != DTRACE_DIF_OP_STGA &&
		    in->op != DTRACE_DIF_OP_STTA &&
		    in->op != DTRACE_DIF_OP_FLUSHTS &&
		    in->op != DTRACE_DIF_OP_PUSHTV &&
		    in->op != DTRACE_DIF_OP_PUSHTR)
			return dif_bad(env, "%r0 written");

		switch (in->op) {
		case DTRACE_DIF_OP_RET:
			*res = a;
			return 0;
		case DTRACE_DIF_OP_MOV: *d = a; break;
		case DTRACE_DIF_OP_LDI: *d = (uint64_t)(int64_t)in->imm; break;
		case DTRACE_DIF_OP_SETX:
			if (in->imm < 0 || (uint32_t)in->imm >= dp->k.nints)
				return dif_bad(env, "SETX out of the table");
			*d = dp->ints[in->imm];
			break;
		case DTRACE_DIF_OP_SETS:
			if (in->imm < 0 || (uint32_t)in->imm >= dp->k.strtab_len)
				return dif_bad(env, "SETS out of the table");
			*d = (uintptr_t)(dp->strtab + in->imm);
			break;
		case DTRACE_DIF_OP_ADD: *d = a + b; break;
		case DTRACE_DIF_OP_SUB: *d = a - b; break;
		case DTRACE_DIF_OP_MUL: *d = a * b; break;
		case DTRACE_DIF_OP_SDIV:
		case DTRACE_DIF_OP_UDIV:
		case DTRACE_DIF_OP_SREM:
		case DTRACE_DIF_OP_UREM:
			if (!b) {
				env->fault = DTRACEFLT_DIVZERO;
				env->fault_pc = pc - 1;
				return -1;
			}
			if (in->op == DTRACE_DIF_OP_UDIV)
				*d = a / b;
			else if (in->op == DTRACE_DIF_OP_UREM)
				*d = a % b;
			else if ((int64_t)b == -1)
				*d = in->op == DTRACE_DIF_OP_SDIV ? -a : 0;
			else if (in->op == DTRACE_DIF_OP_SDIV)
				*d = (uint64_t)((int64_t)a / (int64_t)b);
			else
				*d = (uint64_t)((int64_t)a % (int64_t)b);
			break;
		case DTRACE_DIF_OP_AND: *d = a & b; break;
		case DTRACE_DIF_OP_OR: *d = a | b; break;
		case DTRACE_DIF_OP_XOR: *d = a ^ b; break;
		case DTRACE_DIF_OP_SHL: *d = a << (b & 63); break;
		case DTRACE_DIF_OP_LSR: *d = a >> (b & 63); break;
		case DTRACE_DIF_OP_ASR: *d = (uint64_t)((int64_t)a >> (b & 63)); break;
		case DTRACE_DIF_OP_NOT: *d = ~a; break;
		case DTRACE_DIF_OP_NEG: *d = -a; break;
		case DTRACE_DIF_OP_SEQ: *d = a == b; break;
		case DTRACE_DIF_OP_SNE: *d = a != b; break;
		case DTRACE_DIF_OP_SLT: *d = (int64_t)a < (int64_t)b; break;
		case DTRACE_DIF_OP_SLE: *d = (int64_t)a <= (int64_t)b; break;
		case DTRACE_DIF_OP_SLTU: *d = a < b; break;
		case DTRACE_DIF_OP_SLEU: *d = a <= b; break;
		case DTRACE_DIF_OP_SCMP:
			if (dif_badaddr(a) || dif_badaddr(b))
				return dif_fault(env, DTRACEFLT_BADADDR, pc - 1);
			*d = dif_scmp((const char *)(uintptr_t)a,
				      (const char *)(uintptr_t)b, env->strsize);
			break;
		case DTRACE_DIF_OP_JMP:
		case DTRACE_DIF_OP_JZ:
		case DTRACE_DIF_OP_JNZ:
			if (in->imm < 0 || pc + (unsigned int)in->imm >= n)
				return dif_bad(env, "bad branch");
			if (in->op == DTRACE_DIF_OP_JMP ||
			    (in->op == DTRACE_DIF_OP_JZ && !a) ||
			    (in->op == DTRACE_DIF_OP_JNZ && a))
				pc += (unsigned int)in->imm;
			break;
		case DTRACE_DIF_OP_LDV:
			if (in->imm < 0 || in->imm >= DTRACE_DIF_VAR_MAX)
				return dif_bad(env, "bad variable");
			*d = env->strvars[in->imm] ?
			     (uintptr_t)env->strvars[in->imm] :
			     env->vars[in->imm];
			break;
		case DTRACE_DIF_OP_STB ... DTRACE_DIF_OP_STX:
			if (dif_badaddr(*d + (uint64_t)(int64_t)in->imm))
				return dif_fault(env, DTRACEFLT_BADADDR,
						 pc - 1);
			memcpy((char *)(uintptr_t)(*d + (uint64_t)(int64_t)in->imm),
			       &a, 1u << (in->op - DTRACE_DIF_OP_STB));
			break;
		case DTRACE_DIF_OP_LDSB ... DTRACE_DIF_OP_ULDX:
			if (dif_badaddr(a + (uint64_t)(int64_t)in->imm))
				return dif_fault(env, DTRACEFLT_BADADDR,
						 pc - 1);
			{
				const char *m = (const char *)(uintptr_t)
						(a + (uint64_t)(int64_t)in->imm);
				unsigned int o = in->op;

				if (o >= DTRACE_DIF_OP_ULDSB)
					o -= DTRACE_DIF_OP_ULDSB -
					     DTRACE_DIF_OP_LDSB;
				switch (o) {
				case DTRACE_DIF_OP_LDSB: *d = (uint64_t)*(const int8_t *)m; break;
				case DTRACE_DIF_OP_LDSH: { int16_t x; memcpy(&x, m, 2); *d = (uint64_t)(int64_t)x; break; }
				case DTRACE_DIF_OP_LDSW: { int32_t x; memcpy(&x, m, 4); *d = (uint64_t)(int64_t)x; break; }
				case DTRACE_DIF_OP_LDUB: *d = *(const uint8_t *)m; break;
				case DTRACE_DIF_OP_LDUH: { uint16_t x; memcpy(&x, m, 2); *d = x; break; }
				case DTRACE_DIF_OP_LDUW: { uint32_t x; memcpy(&x, m, 4); *d = x; break; }
				default: memcpy(d, m, 8); break;
				}
			}
			break;
		case DTRACE_DIF_OP_LDVA:
			if (in->imm == DTRACE_DIF_VAR_ARGS && a < 10)
				*d = env->vars[DTRACE_DIF_VAR_ARG0 + a];
			else if (in->imm == DTRACE_DIF_VAR_UREGS && a < 32)
				*d = env->uregs[a];
			else
				return dif_fault(env, DTRACEFLT_ILLOP, pc - 1);
			break;
		case DTRACE_DIF_OP_LDGS:
		case DTRACE_DIF_OP_STGS:
		case DTRACE_DIF_OP_LDLS:
		case DTRACE_DIF_OP_STLS:
		case DTRACE_DIF_OP_LDTS:
		case DTRACE_DIF_OP_STTS:
		case DTRACE_DIF_OP_LDGA:
		case DTRACE_DIF_OP_STGA:
		case DTRACE_DIF_OP_LDTA:
		case DTRACE_DIF_OP_STTA: {
			static const uint8_t scope[] = {
				DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_SCOPE_GLOBAL,
				DTRACE_DIFV_SCOPE_LOCAL, DTRACE_DIFV_SCOPE_LOCAL,
				DTRACE_DIFV_SCOPE_THREAD, DTRACE_DIFV_SCOPE_THREAD,
				DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_SCOPE_GLOBAL,
				DTRACE_DIFV_SCOPE_THREAD, DTRACE_DIFV_SCOPE_THREAD,
			};
			unsigned int k = in->op - DTRACE_DIF_OP_LDGS;
			int is_array = k >= 6, is_store = k & 1;

			v = dif_var(dp, (uint32_t)in->imm);
			if (!v || v->scope != scope[k] ||
			    v->kind != (is_array ? DTRACE_DIFV_KIND_ARRAY :
					DTRACE_DIFV_KIND_SCALAR))
				return dif_bad(env, "variable not in the vartab as used");
			if (is_store && v->type != DTRACE_DIFV_TYPE_INT &&
			    dif_badaddr(a))
				return dif_fault(env, DTRACEFLT_BADADDR, pc - 1);
			if (is_store)
				dif_st(env, v, &tup, a);
			else
				*d = dif_ld(dif_dyn(env, v, &tup, 0), v);
			tup.n = 0;
			tup.len = 0;
			break;
		}
		case DTRACE_DIF_OP_FLUSHTS:
			tup.n = 0;
			tup.len = 0;
			break;
		case DTRACE_DIF_OP_PUSHTV:
		case DTRACE_DIF_OP_PUSHTR:
			if (in->op == DTRACE_DIF_OP_PUSHTR && dif_badaddr(a))
				return dif_fault(env, DTRACEFLT_BADADDR, pc - 1);
			if (dif_push(env, &tup, a, in->op == DTRACE_DIF_OP_PUSHTR,
				     in->imm))
				return dif_fault(env, DTRACEFLT_TUPOFLOW, pc - 1);
			break;
		case DTRACE_DIF_OP_CALL:
			if (dif_call_badarg(in->imm, &tup))
				return dif_fault(env, DTRACEFLT_BADADDR, pc - 1);
			if (dif_call(env, in->imm, &tup, d))
				return dif_bad(env, "subroutine not emulated");
			tup.n = 0;
			tup.len = 0;
			break;
		case DTRACE_DIF_OP_ALLOCS:
			*d = (uintptr_t)dif_alloc(env, (size_t)a);
			if (!*d)
				return dif_fault(env, DTRACEFLT_NOSCRATCH, pc - 1);
			break;
		default:
			return dif_bad(env, "unexpected opcode");
		}
	}
	return dif_bad(env, "ran off the end");
}
