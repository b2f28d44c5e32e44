// SPDX-License-Identifier: GPL-2.0
/*
 * Code generation of checked expressions to DIF (through dt_as.c):
 * arithmetic by C's rules, comparisons, strings, member access and
 * loads through pointers, casts.  Variables and calls are dt_cg_var.c's,
 * clauses and their records dt_cg_act.c's.
 *
 * Register discipline: %r0 is never written, so it reads as zero; every
 * subexpression gets a register from %r1..%r15, freed when its parent
 * has used it.  A value of integer type T is kept in its register
 * sign- or zero-extended from T's size to 64 bits, so the 64-bit
 * compare and divide instructions give C's results; dt_cg_fit()
 * restores that after operations that can leave T's range.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_printf.h"
#include "dt_type.h"

#define DT_CG_FIRSTREG	1

unsigned int dt_cg_reg(struct dt_cg *cg, int line)
{
	unsigned int r;

	for (r = DT_CG_FIRSTREG; r < DTRACE_DIF_NREGS; r++) {
		if (!(cg->regs & (1u << r))) {
			cg->regs |= 1u << r;
			return r;
		}
	}
	dt_diag(cg->pcb, line, D_NOREG,
		"insufficient registers to generate code: expression is too complex");
}

void dt_cg_free(struct dt_cg *cg, unsigned int r)
{
	cg->regs &= ~(1u << r);
}

void dt_cg_emit(struct dt_cg *cg, unsigned int op, unsigned int d,
		unsigned int s1, unsigned int s2)
{
	dt_as_emit(&cg->irl, op, d, s1, s2, 0);
}

void dt_cg_const(struct dt_cg *cg, unsigned int r, uint64_t v, int line)
{
	int64_t sv = (int64_t)v;
	int32_t idx;

	if (sv >= INT32_MIN && sv <= INT32_MAX) {
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDI, r, 0, 0, (int32_t)sv);
		return;
	}
	idx = dt_as_int(&cg->irl, v);
	if (idx < 0)
		dt_diag(cg->pcb, line, D_NOMEM, "out of memory");
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_SETX, r, 0, 0, idx);
}

/* Re-extend %r from the size of integer type @t, by its signedness. */
static void dt_cg_fit(struct dt_cg *cg, unsigned int r,
		      const struct dt_type *t, int line)
{
	unsigned int tmp;

	t = dt_type_base(t);
	if (t->kind != DT_TK_INT || t->size >= 8)
		return;
	tmp = dt_cg_reg(cg, line);
	dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDI, tmp, 0, 0,
		   (int32_t)(64 - 8 * t->size));
	dt_cg_emit(cg, DTRACE_DIF_OP_SHL, r, r, tmp);
	dt_cg_emit(cg, t->is_signed ? DTRACE_DIF_OP_ASR : DTRACE_DIF_OP_LSR,
		   r, r, tmp);
	dt_cg_free(cg, tmp);
}

/*
 * %@d = %@a % %@b, signed, with DTrace's sign: that of C's remainder
 * (the dividend's), negated when the divisor is negative, so 19 % -5 is
 * -4 and -19 % -5 is 4.  @d may be @a or @b.
 */
void dt_cg_srem(struct dt_cg *cg, unsigned int d, unsigned int a,
		unsigned int b, int line)
{
	unsigned int m = dt_cg_reg(cg, line);

	dt_cg_const(cg, m, 63, line);
	dt_cg_emit(cg, DTRACE_DIF_OP_ASR, m, b, m);	/* -1 if b < 0 */
	dt_cg_emit(cg, DTRACE_DIF_OP_SREM, d, a, b);
	dt_cg_emit(cg, DTRACE_DIF_OP_XOR, d, d, m);
	dt_cg_emit(cg, DTRACE_DIF_OP_SUB, d, d, m);
	dt_cg_free(cg, m);
}

/* Convert %r from integer type @from to @to, as C converts values. */
void dt_cg_convert(struct dt_cg *cg, unsigned int r,
		   const struct dt_type *from, const struct dt_type *to,
		   int line)
{
	from = dt_type_base(from);
	to = dt_type_base(to);
	if (to->kind != DT_TK_INT || from->kind != DT_TK_INT || to->size >= 8)
		return;
	/* Every value of @from is a value of @to: nothing to do. */
	if ((from->is_signed == to->is_signed && from->size <= to->size) ||
	    (!from->is_signed && from->size < to->size))
		return;
	dt_cg_fit(cg, r, to, line);
}

/*
 * Load a value of type @t from @off bytes past the address in %@a into
 * %@d: by its size and signedness, from user memory if @user.  A value
 * held by reference (struct, union, array, string) is its address.
 */
void dt_cg_load_type(struct dt_cg *cg, unsigned int d, unsigned int a,
		     int32_t off, const struct dt_type *t, bool user)
{
	const struct dt_type *b = dt_type_base(t);
	unsigned int op;

	if (dt_type_is_byref(t) || b->kind == DT_TK_STRING) {
		if (off) {
			unsigned int tmp = dt_cg_reg(cg, 0);

			dt_cg_const(cg, tmp, (uint64_t)off, 0);
			dt_cg_emit(cg, DTRACE_DIF_OP_ADD, d, a, tmp);
			dt_cg_free(cg, tmp);
		} else if (d != a) {
			dt_cg_emit(cg, DTRACE_DIF_OP_MOV, d, a, 0);
		}
		return;
	}
	switch (b->size) {
	case 1:
		op = b->is_signed ? DTRACE_DIF_OP_LDSB : DTRACE_DIF_OP_LDUB;
		break;
	case 2:
		op = b->is_signed ? DTRACE_DIF_OP_LDSH : DTRACE_DIF_OP_LDUH;
		break;
	case 4:
		op = b->is_signed ? DTRACE_DIF_OP_LDSW : DTRACE_DIF_OP_LDUW;
		break;
	default:
		op = DTRACE_DIF_OP_LDX;
		break;
	}
	if (user)	/* ULD* follow LD* in the same order */
		op += DTRACE_DIF_OP_ULDSB - DTRACE_DIF_OP_LDSB;
	dt_as_emit(&cg->irl, op, d, a, 0, off);
}

/* The struct or union a member access @n reads from, and from where. */
static const struct dt_type *dt_cg_sou(const struct dt_node *n, bool *user)
{
	const struct dt_type *t = dt_type_base(n->left->type);

	*user = false;
	if (n->op == DT_OP_PTR) {
		*user = t->userland;
		t = dt_type_base(t->ref);
	}
	return t;
}

/* The address of lvalue @n: a member, *p or p[i]. */
unsigned int dt_cg_addr(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_type *st, *et;
	uint64_t bo = 0;
	unsigned int r, i;
	bool user;

	switch (n->kind) {
	case DT_NODE_MEMBER:
		st = dt_cg_sou(n, &user);
		dt_type_member(st, n->str, &bo);
		r = dt_cg_expr(cg, n->left);
		if (bo / 8) {
			i = dt_cg_reg(cg, n->line);
			dt_cg_const(cg, i, bo / 8, n->line);
			dt_cg_emit(cg, DTRACE_DIF_OP_ADD, r, r, i);
			dt_cg_free(cg, i);
		}
		return r;
	case DT_NODE_INDEX:
		et = n->left->kind == DT_NODE_MEMBER && n->left->ctype ?
		     n->left->ctype : n->left->type;
		/* a string's elements are chars */
		et = dt_type_is_string(et) ? &dt_type_char :
		     dt_type_base(dt_type_base(et)->ref);
		r = dt_cg_expr(cg, n->left);
		i = dt_cg_expr(cg, n->args);
		dt_cg_convert(cg, i, n->args->type, &dt_type_long, n->line);
		if (et->size != 1) {
			unsigned int s = dt_cg_reg(cg, n->line);

			dt_cg_const(cg, s, et->size, n->line);
			dt_cg_emit(cg, DTRACE_DIF_OP_MUL, i, i, s);
			dt_cg_free(cg, s);
		}
		dt_cg_emit(cg, DTRACE_DIF_OP_ADD, r, r, i);
		dt_cg_free(cg, i);
		return r;
	default:	/* *p */
		return dt_cg_expr(cg, n->left);
	}
}

const struct dt_member *dt_cg_bitfield(const struct dt_node *n,
				       uint64_t *bop)
{
	const struct dt_member *m;
	bool user;

	if (n->kind != DT_NODE_MEMBER || n->ident)
		return NULL;
	m = dt_type_member(dt_cg_sou(n, &user), n->str, bop);
	return m && m->bit_size ? m : NULL;
}

/*
 * The unsigned type as wide as the smallest of 1, 2, 4, 8 bytes that
 * holds bit-field @m from bit @bo % 8 of its first byte (little-endian
 * bit numbering), and that shift.
 */
static const struct dt_type *dt_cg_bf_unit(const struct dt_member *m,
					   uint64_t bo, unsigned int *shift)
{
	unsigned int nbytes;

	*shift = (unsigned int)(bo % 8);
	nbytes = (*shift + m->bit_size + 7) / 8;
	return nbytes <= 1 ? &dt_type_uchar : nbytes <= 2 ? &dt_type_ushort :
	       nbytes <= 4 ? &dt_type_uint : &dt_type_ulong;
}

void dt_cg_bf_load(struct dt_cg *cg, unsigned int d, unsigned int a,
		   const struct dt_member *m, uint64_t bo, bool user)
{
	unsigned int tmp, shift;

	dt_cg_load_type(cg, d, a, 0, dt_cg_bf_unit(m, bo, &shift), user);
	tmp = dt_cg_reg(cg, 0);
	dt_cg_const(cg, tmp, 64 - shift - m->bit_size, 0);
	dt_cg_emit(cg, DTRACE_DIF_OP_SHL, d, d, tmp);
	dt_cg_const(cg, tmp, 64 - m->bit_size, 0);
	dt_cg_emit(cg, dt_type_base(m->type)->is_signed ? DTRACE_DIF_OP_ASR :
		   DTRACE_DIF_OP_LSR, d, d, tmp);
	dt_cg_free(cg, tmp);
}

/* The unit holding the bits is read, the bits replaced, and written. */
void dt_cg_bf_store(struct dt_cg *cg, unsigned int a, unsigned int v,
		    const struct dt_member *m, uint64_t bo, int line)
{
	static const unsigned int ops[] = {
		[1] = DTRACE_DIF_OP_STB, [2] = DTRACE_DIF_OP_STH,
		[4] = DTRACE_DIF_OP_STW, [8] = DTRACE_DIF_OP_STX,
	};
	unsigned int shift, u = dt_cg_reg(cg, line), mask = dt_cg_reg(cg, line);
	const struct dt_type *ut = dt_cg_bf_unit(m, bo, &shift);
	unsigned int t = dt_cg_reg(cg, line);
	uint64_t bits = m->bit_size < 64 ? (1ULL << m->bit_size) - 1 : ~0ULL;

	dt_cg_load_type(cg, u, a, 0, ut, false);
	dt_cg_const(cg, mask, bits << shift, line);
	dt_cg_const(cg, t, shift, line);
	dt_cg_emit(cg, DTRACE_DIF_OP_SHL, t, v, t);
	dt_cg_emit(cg, DTRACE_DIF_OP_AND, t, t, mask);
	dt_cg_emit(cg, DTRACE_DIF_OP_NOT, mask, mask, 0);
	dt_cg_emit(cg, DTRACE_DIF_OP_AND, u, u, mask);
	dt_cg_emit(cg, DTRACE_DIF_OP_OR, u, u, t);
	dt_as_emit(&cg->irl, ops[ut->size], a, u, 0, 0);
	dt_cg_free(cg, t);
	dt_cg_free(cg, mask);
	dt_cg_free(cg, u);
}

/* s.m and p->m, bit-fields included. */
static unsigned int dt_cg_member(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_member *m;
	const struct dt_type *st;
	unsigned int r;
	uint64_t bo = 0;
	bool user;

	if (n->ident)
		return dt_cg_var_load(cg, n);
	st = dt_cg_sou(n, &user);
	m = dt_type_member(st, n->str, &bo);
	r = dt_cg_expr(cg, n->left);
	if (!m->bit_size) {
		dt_cg_load_type(cg, r, r, (int32_t)(bo / 8), m->type, user);
		return r;
	}
	if (bo / 8) {
		unsigned int off = dt_cg_reg(cg, n->line);

		dt_cg_const(cg, off, bo / 8, n->line);
		dt_cg_emit(cg, DTRACE_DIF_OP_ADD, r, r, off);
		dt_cg_free(cg, off);
	}
	dt_cg_bf_load(cg, r, r, m, bo, user);
	return r;
}

static unsigned int dt_cg_index(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int r, i;

	if (n->ident)
		return dt_cg_var_load(cg, n);
	if (n->left->kind == DT_NODE_IDENT && !n->left->type) {
		/* args[] and uregs[]: n->value is the DIF variable */
		i = dt_cg_expr(cg, n->args);
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDVA, i, i, 0,
			   (int32_t)n->value);
		dt_cg_convert(cg, i, &dt_type_int64, n->type, n->line);
		return i;
	}
	r = dt_cg_addr(cg, n);
	dt_cg_load_type(cg, r, r, 0, n->type,
			dt_type_base(n->left->type)->userland);
	return r;
}

/* p + i, i + p, p - i: i scaled; p - q: divided by the pointee size. */
static unsigned int dt_cg_ptrarith(struct dt_cg *cg, struct dt_node *n)
{
	bool lp = dt_type_is_pointer(n->left->type);
	bool rp = dt_type_is_pointer(n->right->type);
	const struct dt_type *pt = lp ? n->left->type : n->right->type;
	uint64_t size = dt_type_base(dt_type_base(pt)->ref)->size;
	unsigned int l = dt_cg_expr(cg, n->left);
	unsigned int r = dt_cg_expr(cg, n->right);
	unsigned int s = dt_cg_reg(cg, n->line);

	dt_cg_const(cg, s, size ? size : 1, n->line);
	if (lp && rp) {
		dt_cg_emit(cg, DTRACE_DIF_OP_SUB, l, l, r);
		dt_cg_emit(cg, DTRACE_DIF_OP_SDIV, l, l, s);
	} else {
		dt_cg_emit(cg, DTRACE_DIF_OP_MUL, lp ? r : l, lp ? r : l, s);
		dt_cg_emit(cg, n->op == DT_OP_SUB ? DTRACE_DIF_OP_SUB :
			   DTRACE_DIF_OP_ADD, l, l, r);
	}
	dt_cg_free(cg, s);
	dt_cg_free(cg, r);
	return l;
}

static unsigned int dt_cg_op1(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int r;

	switch (n->op) {
	case DT_OP_PREINC:
	case DT_OP_PREDEC:
	case DT_OP_POSTINC:
	case DT_OP_POSTDEC:
		return dt_cg_var_assign(cg, n);
	case DT_OP_DEREF:
		r = dt_cg_expr(cg, n->left);
		dt_cg_load_type(cg, r, r, 0, n->type,
				dt_type_base(n->left->type)->userland);
		return r;
	case DT_OP_ADDROF:
		return dt_cg_addr(cg, n->left);
	default:
		break;
	}
	r = dt_cg_expr(cg, n->left);
	switch (n->op) {
	case DT_OP_LNEG:
		dt_cg_emit(cg, DTRACE_DIF_OP_SEQ, r, r, 0);
		break;
	case DT_OP_NEG:
		dt_cg_convert(cg, r, n->left->type, n->type, n->line);
		dt_cg_emit(cg, DTRACE_DIF_OP_NEG, r, r, 0);
		dt_cg_fit(cg, r, n->type, n->line);
		break;
	case DT_OP_BNEG:
		dt_cg_convert(cg, r, n->left->type, n->type, n->line);
		dt_cg_emit(cg, DTRACE_DIF_OP_NOT, r, r, 0);
		dt_cg_fit(cg, r, n->type, n->line);
		break;
	default:	/* unary + */
		dt_cg_convert(cg, r, n->left->type, n->type, n->line);
		break;
	}
	return r;
}

/* && and ||: the right operand runs only when the left does not decide. */
static unsigned int dt_cg_logical(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int end = dt_as_label(&cg->irl);
	unsigned int l, r;

	l = dt_cg_expr(cg, n->left);
	dt_cg_emit(cg, DTRACE_DIF_OP_SNE, l, l, 0);
	dt_as_branch(&cg->irl, n->op == DT_OP_LAND ? DTRACE_DIF_OP_JZ :
			       DTRACE_DIF_OP_JNZ, l, end);
	r = dt_cg_expr(cg, n->right);
	dt_cg_emit(cg, DTRACE_DIF_OP_SNE, l, r, 0);
	dt_cg_free(cg, r);
	dt_as_place(&cg->irl, end);
	return l;
}

static unsigned int dt_cg_compare(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_type *lt = n->left->type, *rt = n->right->type;
	unsigned int l = dt_cg_expr(cg, n->left);
	unsigned int r = dt_cg_expr(cg, n->right);
	bool is_unsigned = false;
	unsigned int a = l, b = r;
	unsigned int op;

	if (dt_type_is_string(lt) || dt_type_is_string(rt)) {
		/*
		 * strcmp() as -1/0/1, compared with 0 in %r0; as in DTrace,
		 * a string compared with NULL is a string compare too, and
		 * NULL (0) reads as "" there
		 */
		dt_cg_emit(cg, DTRACE_DIF_OP_SCMP, l, l, r);
		b = 0;
	} else if (!dt_type_is_int(lt) || !dt_type_is_int(rt)) {
		is_unsigned = true;	/* addresses */
	} else {
		const struct dt_type *ct = dt_type_common(lt, rt);

		dt_cg_convert(cg, l, lt, ct, n->line);
		dt_cg_convert(cg, r, rt, ct, n->line);
		is_unsigned = !dt_type_base(ct)->is_signed;
	}

	switch (n->op) {
	case DT_OP_EQ:
		op = DTRACE_DIF_OP_SEQ;
		break;
	case DT_OP_NE:
		op = DTRACE_DIF_OP_SNE;
		break;
	case DT_OP_LT:
		op = is_unsigned ? DTRACE_DIF_OP_SLTU : DTRACE_DIF_OP_SLT;
		break;
	case DT_OP_LE:
		op = is_unsigned ? DTRACE_DIF_OP_SLEU : DTRACE_DIF_OP_SLE;
		break;
	case DT_OP_GT:		/* a > b is b < a */
		op = is_unsigned ? DTRACE_DIF_OP_SLTU : DTRACE_DIF_OP_SLT;
		a = b;
		b = l;
		break;
	default:		/* a >= b is b <= a */
		op = is_unsigned ? DTRACE_DIF_OP_SLEU : DTRACE_DIF_OP_SLE;
		a = b;
		b = l;
		break;
	}
	dt_cg_emit(cg, op, l, a, b);
	dt_cg_free(cg, r);
	return l;
}

static unsigned int dt_cg_arith_op(enum dt_op op, bool is_signed)
{
	switch (op) {
	case DT_OP_ADD:
		return DTRACE_DIF_OP_ADD;
	case DT_OP_SUB:
		return DTRACE_DIF_OP_SUB;
	case DT_OP_MUL:
		return DTRACE_DIF_OP_MUL;
	case DT_OP_DIV:
		return is_signed ? DTRACE_DIF_OP_SDIV : DTRACE_DIF_OP_UDIV;
	case DT_OP_MOD:
		return is_signed ? DTRACE_DIF_OP_SREM : DTRACE_DIF_OP_UREM;
	case DT_OP_BAND:
		return DTRACE_DIF_OP_AND;
	case DT_OP_BOR:
		return DTRACE_DIF_OP_OR;
	case DT_OP_XOR:
		return DTRACE_DIF_OP_XOR;
	case DT_OP_LSH:
		return DTRACE_DIF_OP_SHL;
	default:
		return is_signed ? DTRACE_DIF_OP_ASR : DTRACE_DIF_OP_LSR;
	}
}

static unsigned int dt_cg_op2(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int l, r, op;
	bool is_signed;

	if (n->op >= DT_OP_ASGN && n->op <= DT_OP_RSH_EQ)
		return dt_cg_var_assign(cg, n);
	if ((n->op == DT_OP_ADD || n->op == DT_OP_SUB) &&
	    (dt_type_is_pointer(n->left->type) ||
	     dt_type_is_pointer(n->right->type)))
		return dt_cg_ptrarith(cg, n);
	if (n->op == DT_OP_ADD && dt_type_is_string(n->type)) {
		l = dt_cg_expr(cg, n->left);	/* a string's address + n */
		r = dt_cg_expr(cg, n->right);
		dt_cg_emit(cg, DTRACE_DIF_OP_ADD, l, l, r);
		dt_cg_free(cg, r);
		return l;
	}

	switch (n->op) {
	case DT_OP_COMMA:
		dt_cg_free(cg, dt_cg_expr(cg, n->left));
		return dt_cg_expr(cg, n->right);
	case DT_OP_LAND:
	case DT_OP_LOR:
		return dt_cg_logical(cg, n);
	case DT_OP_LXOR:
		l = dt_cg_expr(cg, n->left);
		r = dt_cg_expr(cg, n->right);
		dt_cg_emit(cg, DTRACE_DIF_OP_SNE, l, l, 0);
		dt_cg_emit(cg, DTRACE_DIF_OP_SNE, r, r, 0);
		dt_cg_emit(cg, DTRACE_DIF_OP_XOR, l, l, r);
		dt_cg_free(cg, r);
		return l;
	case DT_OP_EQ:
	case DT_OP_NE:
	case DT_OP_LT:
	case DT_OP_LE:
	case DT_OP_GT:
	case DT_OP_GE:
		return dt_cg_compare(cg, n);
	default:
		break;
	}

	l = dt_cg_expr(cg, n->left);
	r = dt_cg_expr(cg, n->right);
	dt_cg_convert(cg, l, n->left->type, n->type, n->line);
	if (n->op != DT_OP_LSH && n->op != DT_OP_RSH)
		dt_cg_convert(cg, r, n->right->type, n->type, n->line);
	is_signed = dt_type_base(n->type)->is_signed;
	op = dt_cg_arith_op(n->op, is_signed);
	if (op == DTRACE_DIF_OP_SREM)
		dt_cg_srem(cg, l, l, r, n->line);
	else
		dt_cg_emit(cg, op, l, l, r);
	dt_cg_free(cg, r);
	if (op != DTRACE_DIF_OP_AND && op != DTRACE_DIF_OP_OR &&
	    op != DTRACE_DIF_OP_XOR && op != DTRACE_DIF_OP_LSR &&
	    op != DTRACE_DIF_OP_ASR)
		dt_cg_fit(cg, l, n->type, n->line);
	return l;
}

/*
 * c ? l : r holds no register while a branch is generated, so that a
 * long chain of ?: fits: each branch leaves its value in the register
 * the left one chose, which is free again at the end of the right one
 * (both start with the same registers in use).
 */
static unsigned int dt_cg_op3(struct dt_cg *cg, struct dt_node *n)
{
	unsigned int other = dt_as_label(&cg->irl);
	unsigned int end = dt_as_label(&cg->irl);
	unsigned int c, l, r;

	c = dt_cg_expr(cg, n->cond);
	dt_as_branch(&cg->irl, DTRACE_DIF_OP_JZ, c, other);
	dt_cg_free(cg, c);
	l = dt_cg_expr(cg, n->left);
	dt_cg_convert(cg, l, n->left->type, n->type, n->line);
	dt_cg_free(cg, l);
	dt_as_branch(&cg->irl, DTRACE_DIF_OP_JMP, 0, end);
	dt_as_place(&cg->irl, other);
	r = dt_cg_expr(cg, n->right);
	dt_cg_convert(cg, r, n->right->type, n->type, n->line);
	if (r != l) {
		dt_cg_emit(cg, DTRACE_DIF_OP_MOV, l, r, 0);
		dt_cg_free(cg, r);
	}
	cg->regs |= 1u << l;
	dt_as_place(&cg->irl, end);
	return l;
}

/* Generate @n; return the register holding its value. */
unsigned int dt_cg_expr(struct dt_cg *cg, struct dt_node *n)
{
	char buf[128];
	unsigned int r;
	int32_t off;

	switch (n->kind) {
	case DT_NODE_INT:
		r = dt_cg_reg(cg, n->line);
		dt_cg_const(cg, r, n->value, n->line);
		return r;
	case DT_NODE_STRING:
		r = dt_cg_reg(cg, n->line);
		off = dt_as_str(&cg->irl, n->str);
		if (off < 0)
			dt_diag(cg->pcb, n->line, D_NOMEM, "out of memory");
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_SETS, r, 0, 0, off);
		return r;
	case DT_NODE_IDENT:
		if (n->ident)
			return dt_cg_var_load(cg, n);
		r = dt_cg_reg(cg, n->line);
		dt_as_emit(&cg->irl, DTRACE_DIF_OP_LDV, r, 0, 0,
			   (int32_t)n->value);
		return r;
	case DT_NODE_MEMBER:
		return dt_cg_member(cg, n);
	case DT_NODE_INDEX:
		return dt_cg_index(cg, n);
	case DT_NODE_CALL:
		return dt_cg_call(cg, n);
	case DT_NODE_CAST:
		r = dt_cg_expr(cg, n->left);
		dt_cg_convert(cg, r, n->left->type, n->type, n->line);
		return r;
	case DT_NODE_STRINGOF:
		return dt_cg_expr(cg, n->left);
	case DT_NODE_OP1:
		return dt_cg_op1(cg, n);
	case DT_NODE_OP2:
		return dt_cg_op2(cg, n);
	case DT_NODE_OP3:
		return dt_cg_op3(cg, n);
	case DT_NODE_XLATE:	/* its members are read by dt_xlate.c */
		dt_type_name(n->type, buf, sizeof(buf));
		dt_diag(cg->pcb, n->line, D_CG_DYN,
			"expression cannot evaluate to a translated %s: use one of its members",
			buf);
	default:
		break;
	}
	dt_diag(cg->pcb, n->line, D_UNSUPPORTED,
		"no code generation for this expression");
}

