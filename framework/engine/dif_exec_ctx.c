// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF interpreter: dtrace_dif_exec() runs one verified program
 * (dif_verify.c) on the registers, the tuple stack, the built-in and
 * declared variables and the scratch of one clause firing; and the
 * memory helpers every probe-context reader uses.  Kernel-neutral
 * (engine/dif.h); what it needs of the system is in env.h.  Probe
 * context in the kernel, under the rules at the top of
 * framework/probe_ctx.c; built without ftrace hooks.
 *
 * Faults: every helper records its fault with dtrace_dif_fault(); the
 * loop stops after the faulting instruction and notes its offset in
 * mst->fault_pc.  Every sum of an address and a length that comes from
 * the program is checked for wrapping before it is used.
 */
#include "dif.h"
#include "env.h"

/*
 * Bytes from @addr to the end of its page: a copy inside one page either
 * works whole or faults at its first byte.
 */
static size_t dtrace_page_left(uintptr_t addr)
{
	return DTRACE_ENGINE_PAGE - (addr & (DTRACE_ENGINE_PAGE - 1));
}

/**
 * dtrace_dif_read_pages() - dtrace_dif_read() of a range that is not
 * inside one page
 * @mst: machine state; a bad byte faults BADADDR at that byte
 * @dst: @n bytes
 * @src: kernel address, or the current task's user address if @user
 * @n: bytes
 * @user: @src is a user address
 *
 * Page by page, so the fault address is the first byte that could not
 * be read; a range that wraps past the top of the address space faults
 * at @src.
 * Context: probe context.
 * Return: true if all @n bytes were copied.
 */
bool dtrace_dif_read_pages(struct dtrace_dif_mstate *mst, void *dst,
			   uintptr_t src, size_t n, bool user)
{
	size_t done = 0;

	if (src + n < src) {
		dtrace_dif_fault(mst, DTRACEFLT_BADADDR, src);
		return false;
	}
	while (done < n) {
		size_t k = dtrace_dif_min(n - done, dtrace_page_left(src + done));

		if (dtrace_env_read((char *)dst + done, src + done, k, user)) {
			dtrace_dif_fault(mst, DTRACEFLT_BADADDR, src + done);
			return false;
		}
		done += k;
	}
	return true;
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_read_pages);

/*
 * Compare the strings at @a and @b, at most @max bytes.  Reads go by
 * chunks that never cross a page, so a string that ends just before an
 * unmapped page compares fine.  A NULL string (0, as strchr() returns)
 * is, as in DTrace, less than every string ("" too) and equal only to
 * NULL.
 */
static int dtrace_strcmp(uintptr_t a, uintptr_t b, u32 max,
			 struct dtrace_dif_mstate *mst)
{
	char ca[32], cb[32];
	u32 done = 0;

	if (a == b)
		return 0;
	if (!a || !b)
		return !a ? -1 : 1;
	while (done < max) {
		size_t n = dtrace_dif_min((size_t)(max - done), sizeof(ca));

		n = dtrace_dif_min(n, dtrace_page_left(a + done));
		n = dtrace_dif_min(n, dtrace_page_left(b + done));
		size_t i;

		if (!dtrace_dif_read(mst, ca, a + done, n, false) ||
		    !dtrace_dif_read(mst, cb, b + done, n, false))
			return 0;
		for (i = 0; i < n; i++) {
			if (ca[i] != cb[i])
				return (unsigned char)ca[i] <
				       (unsigned char)cb[i] ? -1 : 1;
			if (!ca[i])
				return 0;
		}
		done += n;
	}
	return 0;
}

/* LD* and ULD*: size and signedness by opcode. */
static u64 dtrace_load(struct dtrace_dif_mstate *mst, uintptr_t addr, u8 op)
{
	union {
		s8 sb;
		s16 sh;
		s32 sw;
		u8 ub;
		u16 uh;
		u32 uw;
		u64 x;
	} v;
	static const u8 size[7] = { 1, 2, 4, 1, 2, 4, 8 };
	bool user = op >= DTRACE_DIF_OP_ULDSB;
	u8 kind = op - (user ? DTRACE_DIF_OP_ULDSB : DTRACE_DIF_OP_LDSB);

	v.x = 0;
	if (!dtrace_dif_read(mst, &v, addr, size[kind], user))
		return 0;
	switch (kind) {
	case 0:
		return v.sb;
	case 1:
		return v.sh;
	case 2:
		return v.sw;
	case 3:
		return v.ub;
	case 4:
		return v.uh;
	case 5:
		return v.uw;
	}
	return v.x;
}

/*
 * STB..STX: only into the scratch handed out so far, or into the
 * storage of a declared variable (s.m = v of a struct variable s).
 */
static void dtrace_store(struct dtrace_dif_mstate *mst, uintptr_t addr, u8 op,
			 u64 v)
{
	size_t size = 1 << (op - DTRACE_DIF_OP_STB);
	union {
		u8 b;
		u16 h;
		u32 w;
		u64 x;
	} u;

	if (!dtrace_dif_scratch_valid(mst, addr, size) &&
	    !dtrace_env_var_writable(mst, addr, size)) {
		dtrace_dif_fault(mst, DTRACEFLT_BADADDR, addr);
		return;
	}
	switch (size) {
	case 1:
		u.b = v;
		break;
	case 2:
		u.h = v;
		break;
	case 4:
		u.w = v;
		break;
	default:
		u.x = v;
		break;
	}
	memcpy((void *)addr, &u, size);
}

/*
 * STSTR: the string at @src into the @size bytes at @addr, where STB
 * may store: @size - 1 characters at most (strsize - 1 too), then NULs
 * to the end.  The string is read a page's part at a time, bytes past
 * its NUL included: the NULs overwrite those, so the member holds the
 * string and nothing of the memory after it.
 */
static void dtrace_store_str(struct dtrace_dif_mstate *mst, uintptr_t addr,
			     uintptr_t src, u32 size)
{
	u32 max = size - 1;
	int len;

	if (!dtrace_dif_scratch_valid(mst, addr, size) &&
	    !dtrace_env_var_writable(mst, addr, size)) {
		dtrace_dif_fault(mst, DTRACEFLT_BADADDR, addr);
		return;
	}
	if (mst->strsize && max > mst->strsize - 1)
		max = mst->strsize - 1;
	len = dtrace_dif_strload(mst, (char *)addr, src, max, false);
	if (len < 0)
		len = 0;	/* a bad @src faulted: the member is "" */
	memset((char *)addr + len, 0, size - len);
}

/* Division and remainder: zero faults, and S64_MIN / -1 must not trap. */
static u64 dtrace_dif_div(u8 op, u64 a, u64 b, struct dtrace_dif_mstate *mst)
{
	if (!b) {
		dtrace_dif_fault(mst, DTRACEFLT_DIVZERO, 0);
		return 0;
	}
	switch (op) {
	case DTRACE_DIF_OP_UDIV:
		return a / b;
	case DTRACE_DIF_OP_UREM:
		return a % b;
	case DTRACE_DIF_OP_SDIV:
		return (s64)b == -1 ? -a : (u64)((s64)a / (s64)b);
	}
	return (s64)b == -1 ? 0 : (u64)((s64)a % (s64)b);
}

/* The two-operand operations that cannot fault. */
static __always_inline u64 dtrace_dif_alu(u8 op, u64 a, u64 b)
{
	switch (op) {
	case DTRACE_DIF_OP_ADD:
		return a + b;
	case DTRACE_DIF_OP_SUB:
		return a - b;
	case DTRACE_DIF_OP_MUL:
		return a * b;
	case DTRACE_DIF_OP_AND:
		return a & b;
	case DTRACE_DIF_OP_OR:
		return a | b;
	case DTRACE_DIF_OP_XOR:
		return a ^ b;
	case DTRACE_DIF_OP_SHL:
		return a << (b & 63);
	case DTRACE_DIF_OP_LSR:
		return a >> (b & 63);
	case DTRACE_DIF_OP_ASR:
		return (s64)a >> (b & 63);
	case DTRACE_DIF_OP_SEQ:
		return a == b;
	case DTRACE_DIF_OP_SNE:
		return a != b;
	case DTRACE_DIF_OP_SLT:
		return (s64)a < (s64)b;
	case DTRACE_DIF_OP_SLE:
		return (s64)a <= (s64)b;
	case DTRACE_DIF_OP_SLTU:
		return a < b;
	}
	return a <= b;	/* SLEU */
}

/* Bytes dtrace_dif_copy_string() copies before it looks for the NUL. */
#define DTRACE_STRING_CHUNK	32

/**
 * dtrace_dif_copy_strn() - store a string, bounded and NUL-terminated
 * @mst: machine state; a bad @src faults BADADDR
 * @dst: @size bytes
 * @src: address of the string
 * @size: bytes at @dst, NUL included; at least 1
 *
 * The bytes of @dst after the NUL are left as they were.
 * Context: probe context.
 * Return: the length of the string stored (the offset of its NUL).
 */
u32 dtrace_dif_copy_strn(struct dtrace_dif_mstate *mst, char *dst, uintptr_t src,
			 u32 size)
{
	u32 done = 0, i;

	/*
	 * A chunk at a time: most strings end in the first one, and the
	 * bytes after the NUL are never read.
	 */
	while (done < size - 1) {
		size_t n = dtrace_dif_min((size_t)(size - 1 - done),
				      (size_t)DTRACE_STRING_CHUNK);

		n = dtrace_dif_min(n, dtrace_page_left(src + done));
		if (!dtrace_dif_read(mst, dst + done, src + done, n, false)) {
			dst[0] = '\0';
			return 0;
		}
		for (i = done; i < done + n; i++)
			if (!dst[i])
				return i;
		done += n;
	}
	dst[size - 1] = '\0';
	return size - 1;
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_copy_strn);

/**
 * dtrace_dif_copy_string() - store a string, bounded, NUL-terminated and padded
 * @mst: machine state; a bad @src faults BADADDR
 * @dst: @size bytes, all written
 * @src: address of the string
 * @size: bytes at @dst, NUL included; at least 1
 *
 * Context: probe context.
 */
void dtrace_dif_copy_string(struct dtrace_dif_mstate *mst, char *dst, uintptr_t src,
			    u32 size)
{
	u32 n = dtrace_dif_copy_strn(mst, dst, src, size);

	memset(dst + n, 0, size - n);
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_copy_string);

/**
 * dtrace_dif_copy_value() - store a value into a variable's storage
 * @mst: machine state; a bad @src faults BADADDR
 * @dst: the storage, var->size bytes
 * @src: the integer, or the address of the string or bytes
 * @var: the variable's declaration
 *
 * Context: probe context.
 */
void dtrace_dif_copy_value(struct dtrace_dif_mstate *mst, void *dst, uintptr_t src,
			   const struct dtrace_var *var)
{
	switch (var->type) {
	case DTRACE_DIFV_TYPE_INT:
		*(u64 *)dst = src;
		break;
	case DTRACE_DIFV_TYPE_STRING:
		dtrace_dif_copy_string(mst, dst, src, var->size);
		break;
	default:
		dtrace_dif_read(mst, dst, src, var->size, false);
		break;
	}
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_copy_value);

/**
 * dtrace_dif_scratch_alloc() - zeroed scratch for the current clause firing
 * @mst: machine state of the firing
 * @size: bytes wanted
 *
 * Context: probe context.
 * Return: @size zeroed bytes, 8-byte aligned, or NULL after recording
 * DTRACEFLT_NOSCRATCH (fault value: @size).
 */
void *dtrace_dif_scratch_alloc(struct dtrace_dif_mstate *mst, size_t size)
{
	uintptr_t p = (mst->scratch_ptr + 7) & ~(uintptr_t)7;

	if (p < mst->scratch_ptr || p > mst->scratch_end ||
	    size > mst->scratch_end - p) {
		dtrace_dif_fault(mst, DTRACEFLT_NOSCRATCH, size);
		return NULL;
	}
	mst->scratch_ptr = p + size;
	memset((void *)p, 0, size);
	return (void *)p;
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_scratch_alloc);

/**
 * dtrace_dif_scratch_valid() - whether DIF may store @size bytes at @addr
 * @mst: machine state of the firing
 * @addr: first byte
 * @size: bytes
 *
 * Only scratch handed out so far in this clause firing is writable.
 * Context: probe context.
 */
bool dtrace_dif_scratch_valid(const struct dtrace_dif_mstate *mst,
			      uintptr_t addr, size_t size)
{
	return addr >= mst->scratch_base && addr < mst->scratch_ptr &&
	       size <= mst->scratch_ptr - addr;
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_scratch_valid);

static void dtrace_tuple_push(struct dtrace_dif_mstate *mst,
			      struct dtrace_tuple *t, u64 v, u32 size,
			      bool is_string)
{
	if (t->n == DTRACE_DIF_TUPLE_MAX) {
		dtrace_dif_fault(mst, DTRACEFLT_TUPOFLOW, v);
		return;
	}
	t->ent[t->n].value = v;
	t->ent[t->n].size = size;
	t->ent[t->n].is_string = is_string;
	t->n++;
}

/* LDGS/LDLS: an integer's value, a by-reference variable's address. */
/*
 * A global or clause-local string variable may hold NULL (strchr() that
 * found nothing, or NULL itself), which it reads back as 0, as in
 * DTrace.  Its storage then holds "" followed by this byte, which no
 * stored string leaves there (they are NUL-padded).
 */
#define DTRACE_STRING_NULL_MARK	1

static bool dtrace_var_is_null(const struct dtrace_var *var, const char *p)
{
	return var->type == DTRACE_DIFV_TYPE_STRING && var->size >= 2 &&
	       !p[0] && p[1] == DTRACE_STRING_NULL_MARK;
}

static u64 dtrace_var_load(struct dtrace_dif_mstate *mst, u32 scope, s32 id)
{
	const struct dtrace_var *var;
	char *p = dtrace_env_var_storage(mst, scope, id, &var);

	if (var->type == DTRACE_DIFV_TYPE_INT)
		return *(u64 *)p;
	return dtrace_var_is_null(var, p) ? 0 : (uintptr_t)p;
}

static void dtrace_var_store(struct dtrace_dif_mstate *mst, u32 scope,
			     s32 id, u64 v)
{
	const struct dtrace_var *var;
	char *p = dtrace_env_var_storage(mst, scope, id, &var);

	if (!v && var->type == DTRACE_DIFV_TYPE_STRING && var->size >= 2) {
		p[0] = '\0';
		p[1] = DTRACE_STRING_NULL_MARK;
		return;
	}
	dtrace_dif_copy_value(mst, p, v, var);
}

/* The opcodes that name variables, the tuple stack or scratch. */
static u64 dtrace_dif_exec_var(const struct dtrace_dif_insn *in, u64 a,
			       u64 old, struct dtrace_tuple *t,
			       struct dtrace_dif_mstate *mst)
{
	u32 n = t->n;

	switch (in->op) {
	case DTRACE_DIF_OP_LDGS:
		return dtrace_var_load(mst, DTRACE_DIFV_SCOPE_GLOBAL, in->imm);
	case DTRACE_DIF_OP_LDLS:
		return dtrace_var_load(mst, DTRACE_DIFV_SCOPE_LOCAL, in->imm);
	case DTRACE_DIF_OP_STGS:
		dtrace_var_store(mst, DTRACE_DIFV_SCOPE_GLOBAL, in->imm, a);
		break;
	case DTRACE_DIF_OP_STLS:
		dtrace_var_store(mst, DTRACE_DIFV_SCOPE_LOCAL, in->imm, a);
		break;
	case DTRACE_DIF_OP_LDTS:
		return dtrace_env_dynvar_load(mst, in->imm, true, NULL, 0);
	case DTRACE_DIF_OP_STTS:
		dtrace_env_dynvar_store(mst, in->imm, true, NULL, 0, a);
		break;
	case DTRACE_DIF_OP_LDGA:
	case DTRACE_DIF_OP_LDTA:
		t->n = 0;
		return dtrace_env_dynvar_load(mst, in->imm,
					      in->op == DTRACE_DIF_OP_LDTA,
					      t->ent, n);
	case DTRACE_DIF_OP_STGA:
	case DTRACE_DIF_OP_STTA:
		t->n = 0;
		dtrace_env_dynvar_store(mst, in->imm,
					in->op == DTRACE_DIF_OP_STTA,
					t->ent, n, a);
		break;
	case DTRACE_DIF_OP_FLUSHTS:
		t->n = 0;
		break;
	case DTRACE_DIF_OP_PUSHTV:
		dtrace_tuple_push(mst, t, a, 0, false);
		break;
	case DTRACE_DIF_OP_PUSHTR:
		if (in->imm)
			dtrace_tuple_push(mst, t, a, in->imm, false);
		else
			dtrace_tuple_push(mst, t, a, mst->strsize, true);
		break;
	case DTRACE_DIF_OP_CALL:
		t->n = 0;
		return dtrace_dif_subr(in->imm, t->ent, n, mst);
	case DTRACE_DIF_OP_ALLOCS:
		return (uintptr_t)dtrace_dif_scratch_alloc(mst, a);
	}
	return old;
}

/*
 * Load @ld of a straight form.  Return: false (with mst->fault_pc set)
 * if it faulted.
 */
static inline bool dtrace_dif_straight_load(const struct dtrace_dif_load *ld,
					    struct dtrace_dif_mstate *mst,
					    u64 *v)
{
	if (ld->kind == DTRACE_DIF_LOAD_CONST || ld->kind == DTRACE_DIF_LOAD_STR) {
		*v = ld->value;
		return true;
	}
	if (ld->kind == DTRACE_DIF_LOAD_ARG) {
		*v = mst->args[ld->var];
		return true;
	}
	if (ld->kind == DTRACE_DIF_LOAD_VAR)
		*v = dtrace_env_variable(mst, ld->var);
	else
		*v = dtrace_env_dynvar_load(mst, ld->var, true, NULL, 0);
	if (__builtin_expect(mst->fault, 0)) {
		mst->fault_pc = ld->pc;
		return false;
	}
	return true;
}

/*
 * Run a program in its straight form (engine/dif.h).  Its operands are
 * two locals, not an array: an array on the stack would cost a stack
 * canary and, in kernels that zero the stack, its zeroing.  The form
 * of `@ = count()`, no load and no push, is a test and a return.
 */
static __always_inline u64
dtrace_dif_exec_straight(const struct dtrace_dif_straight *s,
			 struct dtrace_dif_mstate *mst, struct dtrace_tuple *tup)
{
	struct dtrace_tuple_ent *e = &tup->ent[0];
	u64 v1 = 0, v2 = 0;
	bool str;

	tup->n = 0;
	if (!s->nloads && !s->push)
		return 0;
	if (s->nloads > 0 && !dtrace_dif_straight_load(&s->loads[0], mst, &v1))
		return 0;
	if (s->nloads > 1 && !dtrace_dif_straight_load(&s->loads[1], mst, &v2))
		return 0;
	if (s->push) {
		str = s->push == DTRACE_DIF_OP_PUSHTR && !s->push_size;
		e->value = !s->push_src ? 0 : s->push_src == 1 ? v1 : v2;
		e->size = str ? mst->strsize : s->push_size;
		e->is_string = str;
		tup->n = 1;
	}
	return !s->ret_src ? 0 : s->ret_src == 1 ? v1 : v2;
}

/*
 * One term of a predicate's straight form (engine/dif.h): its loads,
 * its compare.  Return: false (with mst->fault_pc set) if it faulted.
 */
static __always_inline bool
dtrace_dif_exec_term(const struct dtrace_dif_term *t,
		     struct dtrace_dif_mstate *mst, u64 *v)
{
	u64 v1 = 0, v2 = 0, a, b;

	if (!dtrace_dif_straight_load(&t->loads[0], mst, &v1))
		return false;
	if (t->nloads > 1 && !dtrace_dif_straight_load(&t->loads[1], mst, &v2))
		return false;
	if (!t->cmp) {
		*v = v1;
	} else {
		a = !t->a ? 0 : t->a == 1 ? v1 : v2;
		b = !t->b ? 0 : t->b == 1 ? v1 : v2;
		if (t->cmp != DTRACE_DIF_OP_SCMP) {
			*v = dtrace_dif_alu(t->cmp, a, b);
		} else {
			*v = dtrace_strcmp(a, b, mst->strsize, mst);
			if (__builtin_expect(mst->fault, 0)) {
				mst->fault_pc = t->cmp_pc;
				return false;
			}
		}
	}
	if (t->test)
		*v = t->test == DTRACE_DIF_OP_SEQ ? !*v : !!*v;
	if (t->truth)
		*v = !!*v;
	return true;
}

/**
 * dtrace_dif_exec_pred() - run a predicate in its straight form
 * @p: the form (engine/dif.h), prog->pred of a verified program
 * @mst: machine state of this firing; ->fault is set if it faults
 * @tup: the tuple stack, emptied here
 *
 * The first term, and the second unless the join (&&: JZ, ||: JNZ)
 * decides first.  What dtrace_dif_exec() calls for such a program.
 * Context: probe context.
 * Return: what the program's RET would return, or 0 after a fault.
 */
u64 dtrace_dif_exec_pred(const struct dtrace_dif_pred *p,
			 struct dtrace_dif_mstate *mst,
			 struct dtrace_tuple *tup)
{
	u64 v;

	tup->n = 0;
	if (!dtrace_dif_exec_term(&p->terms[0], mst, &v))
		return 0;
	/* one term; && (JZ) of a false one; || (JNZ) of a true one */
	if (p->nterms == 1 || !v == p->conj)
		return v;
	if (!dtrace_dif_exec_term(&p->terms[1], mst, &v))
		return 0;
	return v;
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_exec_pred);

/* The decode loop: every program without a straight form. */
static noinline u64 dtrace_dif_exec_loop(const struct dtrace_dif_prog *prog,
					 struct dtrace_dif_mstate *mst,
					 struct dtrace_tuple *tup)
{
	u64 *r = mst->regs;
	u32 pc = 0;

	if (prog->regs_written)
		r[0] = 0;
	else
		memset(r, 0, sizeof(mst->regs));
	tup->n = 0;
	for (;;) {
		const struct dtrace_dif_insn *in = &prog->insns[pc++];
		u64 a = r[in->src1], b = r[in->src2];
		u64 *d = &r[in->dst];

		switch (in->op) {
		case DTRACE_DIF_OP_RET:
			return a;
		case DTRACE_DIF_OP_MOV:
			*d = a;
			break;
		case DTRACE_DIF_OP_LDI:
			*d = (s64)in->imm;
			break;
		case DTRACE_DIF_OP_SETX:
			*d = prog->inttab[in->imm];
			break;
		case DTRACE_DIF_OP_SETS:
			*d = (uintptr_t)(prog->strtab + in->imm);
			break;
		case DTRACE_DIF_OP_NOT:
			*d = ~a;
			break;
		case DTRACE_DIF_OP_NEG:
			*d = -a;
			break;
		case DTRACE_DIF_OP_SDIV:
		case DTRACE_DIF_OP_UDIV:
		case DTRACE_DIF_OP_SREM:
		case DTRACE_DIF_OP_UREM:
			*d = dtrace_dif_div(in->op, a, b, mst);
			break;
		case DTRACE_DIF_OP_SCMP:
			*d = dtrace_strcmp(a, b, mst->strsize, mst);
			break;
		case DTRACE_DIF_OP_JMP:
			pc += in->imm;
			break;
		case DTRACE_DIF_OP_JZ:
			if (!a)
				pc += in->imm;
			break;
		case DTRACE_DIF_OP_JNZ:
			if (a)
				pc += in->imm;
			break;
		case DTRACE_DIF_OP_LDV:
			if (in->imm <= DTRACE_DIF_VAR_ARG9)
				*d = mst->args[in->imm];
			else
				*d = dtrace_env_variable(mst, in->imm);
			break;
		case DTRACE_DIF_OP_LDVA:
			if (in->imm == DTRACE_DIF_VAR_ARGS &&
			    a < DTRACE_DIF_NARGS)
				*d = mst->args[a];
			else
				*d = dtrace_env_array(mst, in->imm, a);
			break;
		case DTRACE_DIF_OP_LDSB ... DTRACE_DIF_OP_LDX:
		case DTRACE_DIF_OP_ULDSB ... DTRACE_DIF_OP_ULDX:
			*d = dtrace_load(mst, a + (s64)in->imm, in->op);
			break;
		case DTRACE_DIF_OP_STB ... DTRACE_DIF_OP_STX:
			dtrace_store(mst, *d + (s64)in->imm, in->op, a);
			break;
		case DTRACE_DIF_OP_LDGS ... DTRACE_DIF_OP_ALLOCS:
			*d = dtrace_dif_exec_var(in, a, *d, tup, mst);
			break;
		case DTRACE_DIF_OP_STSTR:
			dtrace_store_str(mst, *d, a, in->imm);
			break;
		default:
			*d = dtrace_dif_alu(in->op, a, b);
			break;
		}
		if (__builtin_expect(mst->fault, 0)) {
			mst->fault_pc = pc - 1;
			return 0;
		}
	}
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_exec_loop);

/**
 * dtrace_dif_exec_prog() - run a verified DIF program
 * @prog: the program, accepted by dtrace_dif_verify()
 * @mst: machine state of this firing; ->fault is set if it faults
 * @tup: the tuple stack, emptied here; at RET it holds what the
 *	program pushed and did not consume (an aggregation's keys)
 *
 * What dtrace_dif_exec() (engine/dif.h) calls, but for a predicate's
 * straight form.  A program with a straight form (engine/dif.h) runs in
 * that form, here; every other in the decode loop, out of line.
 * Branches only go forward (the verifier saw to it), so this loop ends
 * within prog->ninsns steps.  The entries of @tup may point into the
 * clause's scratch: read them before the clause firing ends.
 * Context: probe context.
 * Return: the value of RET, or 0 after a fault.
 */
u64 dtrace_dif_exec_prog(const struct dtrace_dif_prog *prog,
			 struct dtrace_dif_mstate *mst,
			 struct dtrace_tuple *tup)
{
	if (prog->straight.ok)
		return dtrace_dif_exec_straight(&prog->straight, mst, tup);
	return dtrace_dif_exec_loop(prog, mst, tup);
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_exec_prog);
