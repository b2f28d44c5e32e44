// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in D types and the C rules over them: integer promotions and
 * the usual arithmetic conversions, with D's LP64 sizes.  All values are
 * computed in 64-bit DIF registers; dt_cg.c keeps them normalized to the
 * type chosen here.
 */
#include "dt_type.h"

#define DT_INT(n, sz, sgn, rk) \
	{ .name = (n), .kind = DT_TK_INT, .size = (sz), .is_signed = (sgn), \
	  .rank = (rk) }
#define DT_TYPEDEF(n, b) \
	{ .name = (n), .kind = (b).kind, .size = (b).size, \
	  .is_signed = (b).is_signed, .rank = (b).rank, .base = &(b) }

const struct dt_type dt_type_void = { .name = "void", .kind = DT_TK_VOID };
const struct dt_type dt_type_string = {
	.name = "string", .kind = DT_TK_STRING,
};

const struct dt_type dt_type_char = DT_INT("char", 1, true, 1);
const struct dt_type dt_type_uchar = DT_INT("unsigned char", 1, false, 1);
const struct dt_type dt_type_short = DT_INT("short", 2, true, 2);
const struct dt_type dt_type_ushort = DT_INT("unsigned short", 2, false, 2);
const struct dt_type dt_type_int = DT_INT("int", 4, true, 3);
const struct dt_type dt_type_uint = DT_INT("unsigned int", 4, false, 3);
const struct dt_type dt_type_long = DT_INT("long", 8, true, 4);
const struct dt_type dt_type_ulong = DT_INT("unsigned long", 8, false, 4);
const struct dt_type dt_type_llong = DT_INT("long long", 8, true, 5);
const struct dt_type dt_type_ullong =
	DT_INT("unsigned long long", 8, false, 5);

const struct dt_type dt_type_pid = DT_TYPEDEF("pid_t", dt_type_int);
const struct dt_type dt_type_id = DT_TYPEDEF("id_t", dt_type_int);
const struct dt_type dt_type_uid = DT_TYPEDEF("uid_t", dt_type_uint);
const struct dt_type dt_type_gid = DT_TYPEDEF("gid_t", dt_type_uint);
const struct dt_type dt_type_processorid =
	DT_TYPEDEF("processorid_t", dt_type_int);
const struct dt_type dt_type_int64 = DT_TYPEDEF("int64_t", dt_type_long);
const struct dt_type dt_type_uint64 = DT_TYPEDEF("uint64_t", dt_type_ulong);
const struct dt_type dt_type_uint_t = DT_TYPEDEF("uint_t", dt_type_uint);

/* The type a chain of typedefs ends at. */
const struct dt_type *dt_type_base(const struct dt_type *t)
{
	while (t->base)
		t = t->base;
	return t;
}

bool dt_type_is_int(const struct dt_type *t)
{
	return t->kind == DT_TK_INT;
}

bool dt_type_is_string(const struct dt_type *t)
{
	return t->kind == DT_TK_STRING;
}

bool dt_type_is_void(const struct dt_type *t)
{
	return t->kind == DT_TK_VOID;
}

/* Scalar: may be tested for truth.  Pointers will join the integers. */
bool dt_type_is_scalar(const struct dt_type *t)
{
	return t->kind == DT_TK_INT;
}

/* C integer promotion: anything of lower rank than int becomes int. */
const struct dt_type *dt_type_promote(const struct dt_type *t)
{
	t = dt_type_base(t);
	if (t->rank < dt_type_int.rank)
		return &dt_type_int;
	return t;
}

static const struct dt_type *dt_type_unsigned_of(const struct dt_type *t)
{
	switch (t->rank) {
	case 3:
		return &dt_type_uint;
	case 4:
		return &dt_type_ulong;
	default:
		return &dt_type_ullong;
	}
}

/* The usual arithmetic conversions of C, for two integer types. */
const struct dt_type *dt_type_common(const struct dt_type *a,
				     const struct dt_type *b)
{
	const struct dt_type *s, *u;

	a = dt_type_promote(a);
	b = dt_type_promote(b);
	if (a == b)
		return a;
	if (a->is_signed == b->is_signed)
		return a->rank >= b->rank ? a : b;
	s = a->is_signed ? a : b;
	u = a->is_signed ? b : a;
	if (u->rank >= s->rank)
		return u;
	if (s->size > u->size)
		return s;
	return dt_type_unsigned_of(s);
}
