// SPDX-License-Identifier: GPL-2.0
/*
 * Code generation for D user variables and subroutine calls: loads and
 * stores of globals, self-> and this-> variables and associative array
 * elements (keys on the tuple stack), =, op= and ++/-- on them, CALL,
 * and the set of variables each program uses, from which dt_cg.c builds
 * the program's vartab.  Variables themselves are dt_var.c's.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_type.h"
#include "dt_var.h"

/* Remember that the current program uses @v (its vartab lists it). */
static void dt_cg_use(struct dt_cg *cg, const struct dt_var *v, int line)
{
	const struct dt_var **p;
	unsigned int i;

	for (i = 0; i < cg->nvars; i++)
		if (cg->vars[i] == v)
			return;
	if (cg->nvars == cg->varcap) {
		unsigned int cap = cg->varcap ? 2 * cg->varcap : 8;

		p = realloc(cg->vars, cap * sizeof(*p));
		if (!p)
			dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
		cg->vars = p;
		cg->varcap = cap;
	}
	cg->vars[cg->nvars++] = v;
}

static unsigned int dt_cg_ldop(const struct dt_var *v)
{
	switch (v->scope) {
	case DT_SCOPE_THREAD:
		return v->is_assoc ? DTRACE_DIF_OP_LDTA : DTRACE_DIF_OP_LDTS;
	case DT_SCOPE_CLAUSE:
		return DTRACE_DIF_OP_LDLS;
	default:
		return v->is_assoc ? DTRACE_DIF_OP_LDGA : DTRACE_DIF_OP_LDGS;
	}
}

static unsigned int dt_cg_stop(const struct dt_var *v)
{
	switch (v->scope) {
	case DT_SCOPE_THREAD:
		return v->is_assoc ? DTRACE_DIF_OP_STTA : DTRACE_DIF_OP_STTS;
	case DT_SCOPE_CLAUSE:
		return DTRACE_DIF_OP_STLS;
	default:
		return v->is_assoc ? DTRACE_DIF_OP_STGA : DTRACE_DIF_OP_STGS;
	}
}

/*
 * The keys of an associative array reference, evaluated into registers
 * first: a key may itself call a subroutine or read an array, and both
 * use the tuple stack.
 */
struct dt_cg_keys {
	unsigned int regs[DT_VAR_MAXKEYS];
	unsigned int n;
};

static void dt_cg_keys_eval(struct dt_cg *cg, struct dt_node *n,
			    struct dt_cg_keys *k)
{
	const struct dt_var *v = n->ident;
	struct dt_node *a;

	k->n = 0;
	for (a = n->args; a; a = a->next) {
		unsigned int r = dt_cg_expr(cg, a);

		dt_cg_convert(cg, r, a->type, v->keys[k->n], a->line);
		k->regs[k->n++] = r;
	}
}

static void dt_cg_keys_push(struct dt_cg *cg, struct dt_node *n,
			    const struct dt_cg_keys *k)
{
	const struct dt_var *v = n->ident;
	unsigned int i;

	dt_as_emit(&cg->irl, DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 0);
	for (i = 0; i < k->n; i++) {
		const struct dt_type *t = v->keys[i];

		if (dt_type_is_string(t))
			dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTR, 0,
				   k->regs[i], 0, 0);
		else if (dt_type_is_byref(t))
			dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTR, 0,
				   k->regs[i], 0,
				   (int32_t)dt_type_base(t)->size);
		else
			dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTV, 0,
				   k->regs[i], 0, 0);
	}
}

static void dt_cg_keys_free(struct dt_cg *cg, const struct dt_cg_keys *k)
{
	unsigned int i;

	for (i = 0; i < k->n; i++)
		dt_cg_free(cg, k->regs[i]);
}

static void dt_cg_load(struct dt_cg *cg, struct dt_node *n, unsigned int r,
		       const struct dt_cg_keys *k)
{
	const struct dt_var *v = n->ident;

	if (v->is_assoc)
		dt_cg_keys_push(cg, n, k);
	dt_as_emit(&cg->irl, dt_cg_ldop(v), r, 0, 0, (int32_t)v->id);
}

static void dt_cg_store(struct dt_cg *cg, struct dt_node *n, unsigned int r,
			const struct dt_cg_keys *k)
{
	const struct dt_var *v = n->ident;

	if (v->is_assoc)
		dt_cg_keys_push(cg, n, k);
	dt_as_emit(&cg->irl, dt_cg_stop(v), 0, r, 0, (int32_t)v->id);
}

/* The value of variable reference @n (checked: n->ident is its var). */
unsigned int dt_cg_var_load(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_cg_keys k = { .n = 0 };
	unsigned int r;

	dt_cg_use(cg, n->ident, n->line);
	if (n == cg->subst) {
		r = dt_cg_reg(cg, n->line);
		dt_cg_emit(cg, DTRACE_DIF_OP_MOV, r, cg->subst_reg, 0);
		return r;
	}
	if (n->kind == DT_NODE_INDEX)
		dt_cg_keys_eval(cg, n, &k);
	r = dt_cg_reg(cg, n->line);
	dt_cg_load(cg, n, r, &k);
	dt_cg_keys_free(cg, &k);
	return r;
}

static unsigned int dt_cg_binop(enum dt_op op, bool is_signed)
{
	switch (op) {
	case DT_OP_ADD_EQ: case DT_OP_PREINC: case DT_OP_POSTINC:
		return DTRACE_DIF_OP_ADD;
	case DT_OP_SUB_EQ: case DT_OP_PREDEC: case DT_OP_POSTDEC:
		return DTRACE_DIF_OP_SUB;
	case DT_OP_MUL_EQ:
		return DTRACE_DIF_OP_MUL;
	case DT_OP_DIV_EQ:
		return is_signed ? DTRACE_DIF_OP_SDIV : DTRACE_DIF_OP_UDIV;
	case DT_OP_MOD_EQ:
		return is_signed ? DTRACE_DIF_OP_SREM : DTRACE_DIF_OP_UREM;
	case DT_OP_AND_EQ:
		return DTRACE_DIF_OP_AND;
	case DT_OP_XOR_EQ:
		return DTRACE_DIF_OP_XOR;
	case DT_OP_OR_EQ:
		return DTRACE_DIF_OP_OR;
	case DT_OP_LSH_EQ:
		return DTRACE_DIF_OP_SHL;
	default:
		return is_signed ? DTRACE_DIF_OP_ASR : DTRACE_DIF_OP_LSR;
	}
}

/* What ++ and -- and pointer op= step by: the pointee's size. */
static uint64_t dt_cg_step(const struct dt_type *t)
{
	t = dt_type_base(t);
	if (t->kind != DT_TK_POINTER)
		return 1;
	t = dt_type_base(t->ref);
	return t->size ? t->size : 1;
}

/* Store %@r at the address in %@a as a value of type @t (scratch only). */
static void dt_cg_store_mem(struct dt_cg *cg, unsigned int a, unsigned int r,
			    const struct dt_type *t)
{
	static const unsigned int ops[] = {
		[1] = DTRACE_DIF_OP_STB, [2] = DTRACE_DIF_OP_STH,
		[4] = DTRACE_DIF_OP_STW, [8] = DTRACE_DIF_OP_STX,
	};

	dt_as_emit(&cg->irl, ops[dt_type_base(t)->size], a, r, 0, 0);
}

/*
 * Copy the struct or union of type @t at the address in %@src to the
 * address in %@a: word by word, then the bytes left, through the same
 * checked loads and stores as any member's.
 */
static void dt_cg_store_sou(struct dt_cg *cg, unsigned int a,
			    unsigned int src, const struct dt_type *t,
			    int line)
{
	uint64_t size = dt_type_base(t)->size, off = 0, step;
	unsigned int v = dt_cg_reg(cg, line), tmp = dt_cg_reg(cg, line);
	unsigned int d = dt_cg_reg(cg, line);
	const struct dt_type *u;

	for (; off < size; off += step) {
		step = size - off >= 8 ? 8 : size - off >= 4 ? 4 :
		       size - off >= 2 ? 2 : 1;
		u = step == 8 ? &dt_type_uint64 : step == 4 ? &dt_type_uint :
		    step == 2 ? &dt_type_ushort : &dt_type_uchar;
		dt_cg_load_type(cg, v, src, (int32_t)off, u, false);
		dt_cg_const(cg, tmp, off, line);
		dt_cg_emit(cg, DTRACE_DIF_OP_ADD, d, a, tmp);
		dt_cg_store_mem(cg, d, v, u);
	}
	dt_cg_free(cg, d);
	dt_cg_free(cg, tmp);
	dt_cg_free(cg, v);
}

/*
 * The dynamic variable that memory lvalue @lv lies in: a self-> variable
 * or an associative array element (both held by reference when they
 * have members or elements), reached through "." and the indexing of
 * arrays only, as in self->s.m, a[k].v[2], self->a[k].m.n.  NULL when
 * @lv is elsewhere: in a global or this-> variable, or behind a pointer.
 */
static struct dt_node *dt_cg_dyn_root(struct dt_node *lv)
{
	const struct dt_var *v;
	const struct dt_type *t;

	for (;;) {
		if (lv->ident) {
			v = lv->ident;
			return v->scope == DT_SCOPE_THREAD || v->is_assoc ?
			       lv : NULL;
		}
		if (lv->kind == DT_NODE_MEMBER && lv->op == DT_OP_DOT) {
			lv = lv->left;
			continue;
		}
		if (lv->kind != DT_NODE_INDEX)
			return NULL;
		t = lv->left->kind == DT_NODE_MEMBER && lv->left->ctype ?
		    lv->left->ctype : lv->left->type;
		if (!dt_type_is_array(t))
			return NULL;
		lv = lv->left;
	}
}

/*
 * A store into part of dynamic variable @root, as DTrace has it: a
 * missing variable is made on the first such store, zero-filled but for
 * the part stored.  A dynamic variable is no memory a program may store
 * into (the engine allows scratch and the storage of globals and this->
 * variables), and a load of a missing one gives read-only zeroes; so
 * the variable's bytes are copied into scratch (bcopy), the lvalue's
 * address is taken in that copy (cg->subst makes @root read as it), and
 * dt_cg_dyn_end() stores the copy back, which makes the variable if it
 * is missing.  Its keys are evaluated once, into @k.
 * Return: the register of the copy.
 */
static unsigned int dt_cg_dyn_begin(struct dt_cg *cg, struct dt_node *root,
				    struct dt_cg_keys *k)
{
	const struct dt_var *v = root->ident;
	uint64_t size = dt_type_base(v->type)->size;
	unsigned int src, copy, sz;

	dt_cg_use(cg, v, root->line);
	if (root->kind == DT_NODE_INDEX)
		dt_cg_keys_eval(cg, root, k);
	src = dt_cg_reg(cg, root->line);
	dt_cg_load(cg, root, src, k);
	copy = dt_cg_reg(cg, root->line);
	sz = dt_cg_reg(cg, root->line);
	dt_cg_const(cg, sz, size, root->line);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_ALLOCS, copy, sz, 0, 0);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 0);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTV, 0, src, 0, 0);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTV, 0, copy, 0, 0);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_PUSHTV, 0, sz, 0, 0);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_CALL, src, 0, 0,
		   DTRACE_DIF_SUBR_BCOPY);
	dt_cg_free(cg, sz);
	dt_cg_free(cg, src);
	cg->subst = root;
	cg->subst_reg = copy;
	return copy;
}

static void dt_cg_dyn_end(struct dt_cg *cg, struct dt_node *root,
			  unsigned int copy, struct dt_cg_keys *k)
{
	dt_cg_store(cg, root, copy, k);
	dt_cg_free(cg, copy);
}

/* The value of @lv before "lv op= e" (or ++, --) stores into it. */
static unsigned int dt_cg_assign_old(struct dt_cg *cg, struct dt_node *lv,
				     unsigned int addr,
				     const struct dt_member *bf, uint64_t bo,
				     struct dt_cg_keys *k)
{
	unsigned int old = dt_cg_reg(cg, lv->line);

	if (bf)
		dt_cg_bf_load(cg, old, addr, bf, bo, false);
	else if (!lv->ident)
		dt_cg_load_type(cg, old, addr, 0, lv->type, false);
	else
		dt_cg_load(cg, lv, old, k);
	return old;
}

/*
 * @n is "lv = e", "lv op= e", "++lv", "lv++" ... with lv a variable, or
 * memory (a member, *p, p[i]: dt_check.c allows scalars there, and a
 * struct or union by "=").
 * Return: the register holding the value of the whole expression.
 */
unsigned int dt_cg_var_assign(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_node *lv = n->left;
	const struct dt_type *t = lv->type;
	bool is_signed = dt_type_base(t)->is_signed;
	struct dt_cg_keys k = { .n = 0 };
	unsigned int val, old = 0, step, addr = 0;
	bool post = n->op == DT_OP_POSTINC || n->op == DT_OP_POSTDEC;
	bool mem = !lv->ident;
	uint64_t bo = 0;
	const struct dt_member *bf = mem ? dt_cg_bitfield(lv, &bo) : NULL;
	struct dt_node *root = mem ? dt_cg_dyn_root(lv) : NULL;
	unsigned int copy = 0;
	bool early;

	if (root)
		copy = dt_cg_dyn_begin(cg, root, &k);
	if (mem) {
		addr = dt_cg_addr(cg, lv);
		cg->subst = NULL;
	} else {
		dt_cg_use(cg, lv->ident, n->line);
	}
	/*
	 * "lv op= e" reads lv before it evaluates e, as DTrace does; a
	 * keyed lv is read after, its keys being on the tuple stack
	 * that a call in e would reuse.
	 */
	early = n->op != DT_OP_ASGN && (mem || lv->kind != DT_NODE_INDEX);
	if (early)
		old = dt_cg_assign_old(cg, lv, addr, bf, bo, &k);
	if (n->kind == DT_NODE_OP2) {
		val = dt_cg_expr(cg, n->right);
		dt_cg_convert(cg, val, n->right->type, t, n->line);
	} else {
		val = dt_cg_reg(cg, n->line);
		dt_cg_const(cg, val, 1, n->line);
	}
	if (!mem && lv->kind == DT_NODE_INDEX)
		dt_cg_keys_eval(cg, lv, &k);

	if (n->op != DT_OP_ASGN) {
		if (!early)
			old = dt_cg_assign_old(cg, lv, addr, bf, bo, &k);
		step = dt_cg_step(t);
		if (step != 1 && (n->kind == DT_NODE_OP1 ||
				  n->op == DT_OP_ADD_EQ ||
				  n->op == DT_OP_SUB_EQ)) {
			unsigned int s = dt_cg_reg(cg, n->line);

			dt_cg_const(cg, s, step, n->line);
			dt_cg_emit(cg, DTRACE_DIF_OP_MUL, val, val, s);
			dt_cg_free(cg, s);
		}
		if (dt_cg_binop(n->op, is_signed) == DTRACE_DIF_OP_SREM)
			dt_cg_srem(cg, val, old, val, n->line);
		else
			dt_cg_emit(cg, dt_cg_binop(n->op, is_signed), val,
				   old, val);
		dt_cg_convert(cg, val, &dt_type_int64, t, n->line);
	}
	if (bf) {
		dt_cg_bf_store(cg, addr, val, bf, bo, n->line);
		dt_cg_free(cg, addr);
	} else if (mem && dt_type_is_sou(t)) {
		dt_cg_store_sou(cg, addr, val, t, n->line);
		dt_cg_free(cg, addr);
	} else if (mem && dt_type_is_string(t)) {
		/* a struct's string member: dt_check.c saw it has a size */
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_STSTR, addr, val, 0,
			   (int32_t)dt_type_base(t)->size);
		dt_cg_free(cg, addr);
	} else if (mem) {
		dt_cg_store_mem(cg, addr, val, t);
		dt_cg_free(cg, addr);
	} else {
		dt_cg_store(cg, lv, val, &k);
	}
	if (root)
		dt_cg_dyn_end(cg, root, copy, &k);
	dt_cg_keys_free(cg, &k);
	if (post) {
		dt_cg_free(cg, val);
		return old;
	}
	if (n->op != DT_OP_ASGN)
		dt_cg_free(cg, old);
	return val;
}

/*
 * A subroutine call: arguments on the tuple stack, then CALL.  A D
 * string goes by reference (PUSHTR 0: strsize characters at most), any
 * other value, a char * included, by value: substr() reads a char *
 * on past strsize, a string not (docs/subroutines.md).
 */
unsigned int dt_cg_call(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int regs[DTRACE_DIF_TUPLE_MAX], nr = 0, i, r;
	struct dt_node *a;

	for (a = n->args; a; a = a->next)
		regs[nr++] = dt_cg_expr(cg, a);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 0);
	for (i = 0, a = n->args; i < nr; i++, a = a->next) {
		dt_as_emit(&cg->irl, dt_type_is_string(a->type) ?
			   DTRACE_DIF_OP_PUSHTR : DTRACE_DIF_OP_PUSHTV, 0,
			   regs[i], 0, 0);
		dt_cg_free(cg, regs[i]);
	}
	r = dt_cg_reg(cg, n->line);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_CALL, r, 0, 0, (int32_t)n->value);
	return r;
}
