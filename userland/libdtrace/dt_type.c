// SPDX-License-Identifier: GPL-2.0
/*
 * The D type model (dt_type.h): the built-in types, the handle's type
 * table (an arena owning every type made at run time, interned derived
 * types, D-defined tags, typedefs and enumerators), lookup by name, C's
 * LP64 struct layout, declarator printing, promotions and conversions.
 * Kernel types come from dt_btf.c; docs/types.md is the overview.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_impl.h"
#include "dt_type.h"
#include "dt_btf.h"

#define DT_INT(n, sz, sgn, rk) \
	{ .name = (n), .kind = DT_TK_INT, .size = (sz), .align = (sz), \
	  .is_signed = (sgn), .rank = (rk) }
#define DT_FLT(n, sz) \
	{ .name = (n), .kind = DT_TK_FLOAT, .size = (sz), .align = (sz) }
/*
 * A typedef copies its target's size, alignment, sign and rank, spelled
 * out again (DT_T_*) since C does not let one constant initializer read
 * another object.
 */
#define DT_TYPEDEF(n, t)	DT_TYPEDEF_ARGS(n, t)
#define DT_TYPEDEF_ARGS(...)	DT_TYPEDEF_(__VA_ARGS__)
#define DT_TYPEDEF_(n, b, sz, sgn, rk) \
	{ .name = (n), .kind = DT_TK_TYPEDEF, .size = (sz), .align = (sz), \
	  .is_signed = (sgn), .rank = (rk), .ref = &(b) }
#define DT_T_schar	dt_type_schar, 1, true, 1
#define DT_T_uchar	dt_type_uchar, 1, false, 1
#define DT_T_short	dt_type_short, 2, true, 2
#define DT_T_ushort	dt_type_ushort, 2, false, 2
#define DT_T_int	dt_type_int, 4, true, 3
#define DT_T_uint	dt_type_uint, 4, false, 3
#define DT_T_long	dt_type_long, 8, true, 4
#define DT_T_ulong	dt_type_ulong, 8, false, 4
#define DT_T_llong	dt_type_llong, 8, true, 5
#define DT_T_ullong	dt_type_ullong, 8, false, 5
#define DT_PTR(n, b) \
	{ .name = (n), .kind = DT_TK_POINTER, .size = 8, .align = 8, \
	  .ref = &(b) }

const struct dt_type dt_type_void = { .name = "void", .kind = DT_TK_VOID };
const struct dt_type dt_type_string = {
	.name = "string", .kind = DT_TK_STRING, .align = 1,
};
/* void as far as expressions go: only %k takes it (dt_printf.c). */
const struct dt_type dt_type_stack = { .name = "stack", .kind = DT_TK_VOID };

const struct dt_type dt_type_bool = DT_INT("_Bool", 1, false, 0);
const struct dt_type dt_type_char = DT_INT("char", 1, true, 1);
const struct dt_type dt_type_schar = DT_INT("signed char", 1, true, 1);
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
const struct dt_type dt_type_float = DT_FLT("float", 4);
const struct dt_type dt_type_double = DT_FLT("double", 8);
const struct dt_type dt_type_ldouble = DT_FLT("long double", 16);

const struct dt_type dt_type_voidptr = DT_PTR("void *", dt_type_void);
const struct dt_type dt_type_charptr = DT_PTR("char *", dt_type_char);

const struct dt_type dt_type_pid = DT_TYPEDEF("pid_t", DT_T_int);
const struct dt_type dt_type_id = DT_TYPEDEF("id_t", DT_T_int);
const struct dt_type dt_type_uid = DT_TYPEDEF("uid_t", DT_T_uint);
const struct dt_type dt_type_gid = DT_TYPEDEF("gid_t", DT_T_uint);
const struct dt_type dt_type_processorid =
	DT_TYPEDEF("processorid_t", DT_T_int);
const struct dt_type dt_type_int64 = DT_TYPEDEF("int64_t", DT_T_long);
const struct dt_type dt_type_uint64 = DT_TYPEDEF("uint64_t", DT_T_ulong);
const struct dt_type dt_type_uint_t = DT_TYPEDEF("uint_t", DT_T_uint);
const struct dt_type dt_type_uintptr =
	DT_TYPEDEF("uintptr_t", DT_T_ulong);
const struct dt_type dt_type_size = DT_TYPEDEF("size_t", DT_T_ulong);
const struct dt_type dt_type_ssize = DT_TYPEDEF("ssize_t", DT_T_long);

static const struct dt_type dt_builtin_typedefs[] = {
	DT_TYPEDEF("int8_t", DT_T_schar),
	DT_TYPEDEF("int16_t", DT_T_short),
	DT_TYPEDEF("int32_t", DT_T_int),
	DT_TYPEDEF("uint8_t", DT_T_uchar),
	DT_TYPEDEF("uint16_t", DT_T_ushort),
	DT_TYPEDEF("uint32_t", DT_T_uint),
	DT_TYPEDEF("intptr_t", DT_T_long),
	DT_TYPEDEF("off_t", DT_T_long),
	DT_TYPEDEF("off64_t", DT_T_long),
	DT_TYPEDEF("uchar_t", DT_T_uchar),
	DT_TYPEDEF("ushort_t", DT_T_ushort),
	DT_TYPEDEF("ulong_t", DT_T_ulong),
	DT_TYPEDEF("u_longlong_t", DT_T_ullong),
	DT_TYPEDEF("longlong_t", DT_T_llong),
	{ .name = "caddr_t", .kind = DT_TK_TYPEDEF, .size = 8, .align = 8,
	  .ref = &dt_type_charptr },
	DT_TYPEDEF("dev_t", DT_T_uint),
	DT_TYPEDEF("major_t", DT_T_uint),
	DT_TYPEDEF("minor_t", DT_T_uint),
	DT_TYPEDEF("mode_t", DT_T_uint),
	DT_TYPEDEF("ino_t", DT_T_ulong),
	DT_TYPEDEF("time_t", DT_T_long),
	DT_TYPEDEF("hrtime_t", DT_T_llong),
	DT_TYPEDEF("zoneid_t", DT_T_int),
	DT_TYPEDEF("taskid_t", DT_T_int),
	DT_TYPEDEF("projid_t", DT_T_int),
	DT_TYPEDEF("boolean_t", DT_T_int),
};

static const struct dt_type *const dt_builtins[] = {
	&dt_type_void, &dt_type_string, &dt_type_bool,
	&dt_type_pid, &dt_type_id, &dt_type_uid, &dt_type_gid,
	&dt_type_processorid, &dt_type_int64, &dt_type_uint64,
	&dt_type_uint_t, &dt_type_uintptr, &dt_type_size, &dt_type_ssize,
};

/* Arena chunk: every run-time type, array and name lives in one. */
struct dt_chunk {
	struct dt_chunk *next;
	size_t used, cap;
	max_align_t data[];
};

/* A D-declared name: struct/union/enum tag or typedef. */
struct dt_dname {
	struct dt_dname *next;
	struct dt_type *type;
	bool is_tag;
};

#define DT_INTERN_BUCKETS 1024

struct dt_typetab {
	struct dt_chunk *chunks;
	struct dt_type *intern[DT_INTERN_BUCKETS];	/* derived types */
	struct dt_dname *dnames;			/* D declarations */
};

/* The interning chain link lives in the arena next to the type. */
struct dt_itype {
	struct dt_type t;
	struct dt_type *next;
};

struct dt_typetab *dt_typetab_create(void)
{
	return calloc(1, sizeof(struct dt_typetab));
}

void dt_typetab_destroy(struct dt_typetab *tt)
{
	struct dt_chunk *c, *next;

	if (!tt)
		return;
	for (c = tt->chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	free(tt);
}

static struct dt_typetab *dt_typetab(dtrace_hdl_t *dtp)
{
	if (!dtp->types)
		dtp->types = dt_typetab_create();
	return dtp->types;
}

void *dt_typetab_zalloc(dtrace_hdl_t *dtp, size_t n)
{
	struct dt_typetab *tt = dt_typetab(dtp);
	struct dt_chunk *c;
	void *p;

	if (!tt)
		return NULL;
	n = DT_ALIGN(n, sizeof(max_align_t));
	c = tt->chunks;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > 65536 ? n : 65536;

		c = malloc(sizeof(*c) + cap);
		if (!c)
			return NULL;
		c->used = 0;
		c->cap = cap;
		c->next = tt->chunks;
		tt->chunks = c;
	}
	p = (char *)c->data + c->used;
	c->used += n;
	return memset(p, 0, n);
}

const char *dt_typetab_strdup(dtrace_hdl_t *dtp, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = dt_typetab_zalloc(dtp, n);

	return p ? memcpy(p, s, n) : NULL;
}

/* Queries. */

const struct dt_type *dt_type_base(const struct dt_type *t)
{
	while (t && t->kind == DT_TK_TYPEDEF)
		t = t->ref;
	return t;
}

static bool dt_kind_is(const struct dt_type *t, enum dt_tkind k)
{
	t = dt_type_base(t);
	return t && t->kind == k;
}

bool dt_type_is_void(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_VOID);
}

bool dt_type_is_int(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_INT) || dt_kind_is(t, DT_TK_ENUM);
}

bool dt_type_is_float(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_FLOAT);
}

bool dt_type_is_arith(const struct dt_type *t)
{
	return dt_type_is_int(t) || dt_type_is_float(t);
}

bool dt_type_is_pointer(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_POINTER);
}

bool dt_type_is_array(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_ARRAY);
}

bool dt_type_is_sou(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_STRUCT) || dt_kind_is(t, DT_TK_UNION);
}

bool dt_type_is_string(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_STRING);
}

bool dt_type_is_scalar(const struct dt_type *t)
{
	return dt_type_is_int(t) || dt_type_is_pointer(t);
}

bool dt_type_is_func(const struct dt_type *t)
{
	return dt_kind_is(t, DT_TK_FUNC);
}

bool dt_type_is_char(const struct dt_type *t)
{
	t = dt_type_base(t);
	return t && t->kind == DT_TK_INT && t->size == 1 && t->rank == 1;
}

bool dt_type_is_byref(const struct dt_type *t)
{
	return dt_type_is_string(t) || dt_type_is_array(t) ||
	       dt_type_is_sou(t);
}

/* Declarator printing: "char *", "char [16]", "int (*)(void)". */

static int dt_decl_print(const struct dt_type *t, const char *inner,
			 char *buf, size_t len);

/*
 * @a, @b and @c one after the other into @buf, cut to fit @len with its
 * NUL, as snprintf("%s%s%s") would (which costs ten times as much, and
 * the kernel's types are named by the thousand when dtrace starts).
 * Return: the length of the whole.
 */
static size_t dt_cat3(char *buf, size_t len, const char *a, const char *b,
		      const char *c)
{
	const char *s[3] = { a, b, c };
	size_t n = 0, k;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		k = strlen(s[i]);
		if (n + 1 < len)
			memcpy(buf + n, s[i], k < len - 1 - n ? k : len - 1 - n);
		n += k;
	}
	if (len)
		buf[n < len ? n : len - 1] = '\0';
	return n;
}

/* dt_cat3() at offset *@np of @buf, which may already be full. */
static void dt_cat(char *buf, size_t len, size_t *np, const char *a,
		   const char *b)
{
	size_t n = *np < len ? *np : len;

	*np += dt_cat3(buf + n, len - n, a, b, "");
}

/* "(void)", "(char *, int)", "(char *, ...)". */
static void dt_params_print(const struct dt_type *f, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i;
	char one[512];

	dt_cat(buf, len, &n, "(", "");
	if (f->nmembers == 0 && !f->varargs)
		dt_cat(buf, len, &n, "void", "");
	for (i = 0; i < f->nmembers; i++) {
		dt_decl_print(f->members[i].type, "", one, sizeof(one));
		dt_cat(buf, len, &n, i ? ", " : "", one);
	}
	if (f->varargs)
		dt_cat(buf, len, &n, f->nmembers ? ", " : "", "...");
	dt_cat(buf, len, &n, ")", "");
}

static int dt_decl_print(const struct dt_type *t, const char *inner,
			 char *buf, size_t len)
{
	char decl[1024], params[1024];
	const struct dt_type *r;

	switch (t->kind) {
	case DT_TK_POINTER:
		r = t->ref;
		if (r->kind == DT_TK_ARRAY || r->kind == DT_TK_FUNC)
			dt_cat3(decl, sizeof(decl), "(*", inner, ")");
		else
			dt_cat3(decl, sizeof(decl), "*", inner, "");
		return dt_decl_print(r, decl, buf, len);
	case DT_TK_ARRAY:
		if (t->nelems)
			snprintf(decl, sizeof(decl), "%s[%llu]", inner,
				 (unsigned long long)t->nelems);
		else
			snprintf(decl, sizeof(decl), "%s[]", inner);
		return dt_decl_print(t->ref, decl, buf, len);
	case DT_TK_FUNC:
		dt_params_print(t, params, sizeof(params));
		dt_cat3(decl, sizeof(decl), inner, params, "");
		return dt_decl_print(t->ref, decl, buf, len);
	default:
		return (int)dt_cat3(buf, len, t->name, *inner ? " " : "",
				    inner);
	}
}

int dt_type_name(const struct dt_type *t, char *buf, size_t len)
{
	return dt_decl_print(t, "", buf, len);
}

/* Interning of pointer, array and function types. */

static bool dt_same_params(const struct dt_type *f,
			   const struct dt_type *const *params,
			   unsigned int n)
{
	unsigned int i;

	if (f->nmembers != n)
		return false;
	for (i = 0; i < n; i++)
		if (f->members[i].type != params[i])
			return false;
	return true;
}

static unsigned int dt_intern_hash(enum dt_tkind kind,
				   const struct dt_type *ref, uint64_t n)
{
	uint64_t h = (uintptr_t)ref * 0x9e3779b97f4a7c15ULL;

	h ^= (n + kind) * 0xc2b2ae3d27d4eb4fULL;
	return (unsigned int)(h >> 40) % DT_INTERN_BUCKETS;
}

/*
 * Find or make the derived type (kind, ref, n, userland); n is nelems
 * of an array, nparams of a function.
 */
static const struct dt_type *
dt_intern(dtrace_hdl_t *dtp, enum dt_tkind kind, const struct dt_type *ref,
	  uint64_t n, bool userland, const struct dt_type *const *params,
	  bool varargs)
{
	struct dt_typetab *tt = dt_typetab(dtp);
	unsigned int h = dt_intern_hash(kind, ref, n);
	struct dt_itype *it;
	struct dt_type *t;
	struct dt_member *m;
	char name[1024];
	unsigned int i;

	if (!tt || !ref)
		return NULL;
	for (t = tt->intern[h]; t; t = ((struct dt_itype *)t)->next) {
		if (t->kind != kind || t->ref != ref || t->userland != userland)
			continue;
		if ((kind == DT_TK_ARRAY || kind == DT_TK_STRING) &&
		    t->nelems != n)
			continue;
		if (kind == DT_TK_FUNC && (t->varargs != varargs ||
		    !dt_same_params(t, params, (unsigned int)n)))
			continue;
		return t;
	}
	it = dt_typetab_zalloc(dtp, sizeof(*it));
	if (!it)
		return NULL;
	t = &it->t;
	t->kind = kind;
	t->ref = ref;
	t->userland = userland;
	t->src = ref->src;
	switch (kind) {
	case DT_TK_POINTER:
		t->size = 8;
		t->align = 8;
		break;
	case DT_TK_ARRAY:
		t->nelems = n;
		t->size = dt_type_base(ref)->size * n;
		t->align = dt_type_base(ref)->align;
		break;
	case DT_TK_STRING:
		t->src = DT_TSRC_BUILTIN;
		t->nelems = n;
		t->size = n;
		t->align = 1;
		t->name = dt_type_string.name;
		goto out;
	default:
		t->src = DT_TSRC_BUILTIN;
		t->varargs = varargs;
		t->nmembers = (unsigned int)n;
		m = n ? dt_typetab_zalloc(dtp, n * sizeof(*m)) : NULL;
		if (n && !m)
			return NULL;
		for (i = 0; i < n; i++)
			m[i].type = params[i];
		t->members = m;
		break;
	}
	dt_type_name(t, name, sizeof(name));
	t->name = dt_typetab_strdup(dtp, name);
	if (!t->name)
		return NULL;
out:
	it->next = tt->intern[h];
	tt->intern[h] = t;
	return t;
}

const struct dt_type *dt_type_pointer(dtrace_hdl_t *dtp,
				      const struct dt_type *to)
{
	if (to == &dt_type_void)
		return &dt_type_voidptr;
	if (to == &dt_type_char)
		return &dt_type_charptr;
	return dt_intern(dtp, DT_TK_POINTER, to, 0, false, NULL, false);
}

const struct dt_type *dt_type_array(dtrace_hdl_t *dtp,
				    const struct dt_type *elem,
				    uint64_t nelems)
{
	return dt_intern(dtp, DT_TK_ARRAY, elem, nelems, false, NULL, false);
}

const struct dt_type *dt_type_string_sized(dtrace_hdl_t *dtp, uint64_t size)
{
	return dt_intern(dtp, DT_TK_STRING, &dt_type_char, size, false, NULL,
			 false);
}

const struct dt_type *dt_type_func(dtrace_hdl_t *dtp,
				   const struct dt_type *ret,
				   const struct dt_type *const *params,
				   unsigned int nparams, bool varargs)
{
	return dt_intern(dtp, DT_TK_FUNC, ret, nparams, false, params,
			 varargs);
}

const struct dt_type *dt_type_userland(dtrace_hdl_t *dtp,
				       const struct dt_type *ptr)
{
	const struct dt_type *p = dt_type_base(ptr);

	if (!p || p->kind != DT_TK_POINTER)
		return NULL;
	return dt_intern(dtp, DT_TK_POINTER, p->ref, 0, true, NULL, false);
}

/* Lookup by name. */

/* Counts of the C type keywords in one spelling. */
struct dt_kw {
	unsigned int nsigned, nunsigned, nchar, nshort, nint, nlong;
	unsigned int nbool, nfloat, ndouble, nother;
};

static void dt_kw_count(struct dt_kw *kw, const char *w, size_t n)
{
	static const struct {
		const char *w;
		size_t off;
	} tab[] = {
		{ "signed", offsetof(struct dt_kw, nsigned) },
		{ "unsigned", offsetof(struct dt_kw, nunsigned) },
		{ "char", offsetof(struct dt_kw, nchar) },
		{ "short", offsetof(struct dt_kw, nshort) },
		{ "int", offsetof(struct dt_kw, nint) },
		{ "long", offsetof(struct dt_kw, nlong) },
		{ "_Bool", offsetof(struct dt_kw, nbool) },
		{ "float", offsetof(struct dt_kw, nfloat) },
		{ "double", offsetof(struct dt_kw, ndouble) },
	};
	size_t i;

	if ((n == 5 && !strncmp(w, "const", 5)) ||
	    (n == 8 && !strncmp(w, "volatile", 8)))
		return;
	for (i = 0; i < DT_ARRAY_SIZE(tab); i++) {
		if (strlen(tab[i].w) == n && !strncmp(w, tab[i].w, n)) {
			(*(unsigned int *)((char *)kw + tab[i].off))++;
			return;
		}
	}
	kw->nother++;
}

static const struct dt_type *dt_kw_float(const struct dt_kw *kw)
{
	if (kw->nsigned || kw->nunsigned || kw->nchar || kw->nshort ||
	    kw->nint || kw->nbool || kw->nfloat + kw->ndouble != 1)
		return NULL;
	if (kw->nfloat)
		return kw->nlong ? NULL : &dt_type_float;
	if (kw->nlong > 1)
		return NULL;
	return kw->nlong ? &dt_type_ldouble : &dt_type_double;
}

static const struct dt_type *dt_kw_type(const struct dt_kw *kw)
{
	bool u = kw->nunsigned;

	if (kw->nother || kw->nsigned + kw->nunsigned > 1 || kw->nint > 1)
		return NULL;
	if (kw->nfloat || kw->ndouble)
		return dt_kw_float(kw);
	if (kw->nbool)
		return kw->nbool == 1 && !kw->nsigned && !kw->nunsigned &&
		       !kw->nchar && !kw->nshort && !kw->nint && !kw->nlong ?
		       &dt_type_bool : NULL;
	if (kw->nchar)
		return kw->nchar > 1 || kw->nshort || kw->nint || kw->nlong ?
		       NULL : u ? &dt_type_uchar :
		       kw->nsigned ? &dt_type_schar : &dt_type_char;
	if (kw->nshort)
		return kw->nshort > 1 || kw->nlong ? NULL :
		       u ? &dt_type_ushort : &dt_type_short;
	switch (kw->nlong) {
	case 0:
		return kw->nint || kw->nsigned || u ?
		       (u ? &dt_type_uint : &dt_type_int) : NULL;
	case 1:
		return u ? &dt_type_ulong : &dt_type_long;
	case 2:
		return u ? &dt_type_ullong : &dt_type_llong;
	default:
		return NULL;
	}
}

const struct dt_type *dt_type_builtin_int(const char *spelling)
{
	struct dt_kw kw = { 0 };
	const char *p = spelling;
	size_t n;

	for (;;) {
		p += strspn(p, " \t\n");
		if (!*p)
			break;
		n = strcspn(p, " \t\n");
		dt_kw_count(&kw, p, n);
		p += n;
	}
	return dt_kw_type(&kw);
}

static struct dt_dname *dt_dname_find(dtrace_hdl_t *dtp, const char *name,
				      bool is_tag)
{
	struct dt_dname *d;

	if (!dtp->types)
		return NULL;
	for (d = dtp->types->dnames; d; d = d->next)
		if (d->is_tag == is_tag && d->type->name &&
		    !strcmp(d->type->name, name))
			return d;
	return NULL;
}

static const struct dt_type *dt_builtin_named(const char *name)
{
	size_t i;

	for (i = 0; i < DT_ARRAY_SIZE(dt_builtins); i++)
		if (!strcmp(dt_builtins[i]->name, name))
			return dt_builtins[i];
	for (i = 0; i < DT_ARRAY_SIZE(dt_builtin_typedefs); i++)
		if (!strcmp(dt_builtin_typedefs[i].name, name))
			return &dt_builtin_typedefs[i];
	return dt_type_builtin_int(name);
}

/* @name with runs of blanks made one space, no leading/trailing blank. */
static void dt_squeeze(const char *name, char *buf, size_t len)
{
	size_t n = 0;
	const char *p = name;

	while (*p && n + 1 < len) {
		if (*p == ' ' || *p == '\t' || *p == '\n') {
			p += strspn(p, " \t\n");
			if (n && *p)
				buf[n++] = ' ';
			continue;
		}
		buf[n++] = *p++;
	}
	buf[n] = '\0';
}

static bool dt_is_tag_name(const char *s)
{
	return !strncmp(s, "struct ", 7) || !strncmp(s, "union ", 6) ||
	       !strncmp(s, "enum ", 5);
}

const struct dt_type *dt_type_lookup(dtrace_hdl_t *dtp, const char *name)
{
	const struct dt_type *t;
	struct dt_dname *d;
	char buf[256];

	dt_squeeze(name, buf, sizeof(buf));
	if (!strncmp(buf, "const ", 6))
		memmove(buf, buf + 6, strlen(buf + 6) + 1);
	d = dt_dname_find(dtp, buf, dt_is_tag_name(buf));
	if (d)
		return d->type;
	if (!dt_is_tag_name(buf)) {
		t = dt_builtin_named(buf);
		if (t)
			return t;
	}
	return dt_btf_lookup(dtp, buf);
}

/* D declarations. */

static int dt_dname_add(dtrace_hdl_t *dtp, struct dt_type *t, bool is_tag)
{
	struct dt_dname *d = dt_typetab_zalloc(dtp, sizeof(*d));

	if (!d)
		return -1;
	d->type = t;
	d->is_tag = is_tag;
	d->next = dtp->types->dnames;
	dtp->types->dnames = d;
	return 0;
}

static const char *dt_kind_word(enum dt_tkind kind)
{
	switch (kind) {
	case DT_TK_STRUCT:
		return "struct";
	case DT_TK_UNION:
		return "union";
	default:
		return "enum";
	}
}

struct dt_type *dt_type_struct_begin(dtrace_hdl_t *dtp, enum dt_tkind kind,
				     const char *tag, int *errp)
{
	struct dt_dname *d = NULL;
	struct dt_type *t;
	char name[256];

	*errp = 0;
	/* DTrace names an anonymous one "struct " in its messages */
	snprintf(name, sizeof(name), "%s %s", dt_kind_word(kind),
		 tag ? tag : "");
	/*
	 * As in DTrace, struct, union and enum tags are three namespaces:
	 * "union u" may follow "struct u".
	 */
	if (tag)
		d = dt_dname_find(dtp, name, true);
	if (d) {
		if (d->type->kind != kind || !d->type->incomplete) {
			*errp = EEXIST;
			return NULL;
		}
		return d->type;
	}
	t = dt_typetab_zalloc(dtp, sizeof(*t));
	if (!t || !(t->name = dt_typetab_strdup(dtp, name)))
		goto nomem;
	t->kind = kind;
	t->src = DT_TSRC_D;
	t->incomplete = true;
	if (kind == DT_TK_ENUM) {
		t->size = t->align = 4;
		t->is_signed = true;
		t->rank = dt_type_int.rank;
	}
	if (tag && dt_dname_add(dtp, t, true) < 0)
		goto nomem;
	return t;
nomem:
	*errp = ENOMEM;
	return NULL;
}

/* Grow @arr (of @n items of @sz bytes) by one slot, in the arena. */
static void *dt_grow(dtrace_hdl_t *dtp, const void *arr, unsigned int n,
		     size_t sz)
{
	void *p;

	/* Capacity doubles at powers of two; old copies stay in the arena. */
	if (n && (n & (n - 1)))
		return (void *)arr;
	p = dt_typetab_zalloc(dtp, (n ? 2 * n : 1) * sz);
	if (p && n)
		memcpy(p, arr, n * sz);
	return p;
}

static bool dt_member_named(const struct dt_type *t, const char *name)
{
	uint64_t off;

	return name && dt_type_member(t, name, &off);
}

int dt_type_struct_add(dtrace_hdl_t *dtp, struct dt_type *t,
		       const char *name, const struct dt_type *mt,
		       unsigned int bit_size)
{
	const struct dt_type *b = dt_type_base(mt);
	struct dt_member *m;

	if (!b || (b->kind != DT_TK_ARRAY && (b->incomplete || !b->size)) ||
	    (bit_size && (!dt_type_is_int(b) || bit_size > b->size * 8))) {
		errno = EINVAL;
		return -1;
	}
	if (dt_member_named(t, name) ||
	    (!name && !bit_size && b->kind != DT_TK_STRUCT &&
	     b->kind != DT_TK_UNION)) {
		errno = name ? EEXIST : EINVAL;
		return -1;
	}
	m = dt_grow(dtp, t->members, t->nmembers, sizeof(*m));
	if (!m || (name && !(name = dt_typetab_strdup(dtp, name)))) {
		errno = ENOMEM;
		return -1;
	}
	m[t->nmembers].name = name;
	m[t->nmembers].type = mt;
	m[t->nmembers].bit_size = bit_size;
	t->members = m;
	t->nmembers++;
	return 0;
}

static bool dt_type_enumconst_d(dtrace_hdl_t *dtp, const char *name,
				int64_t *valp, const struct dt_type **typep);

int dt_type_enum_add(dtrace_hdl_t *dtp, struct dt_type *t,
		     const char *name, int64_t value)
{
	struct dt_enumval *e;
	int64_t v;

	/* a D enumerator may hide a kernel one, as D types hide BTF's */
	if (dt_type_enumconst_d(dtp, name, &v, NULL)) {
		errno = EEXIST;
		return -1;
	}
	e = dt_grow(dtp, t->enums, t->nenums, sizeof(*e));
	if (!e || !(name = dt_typetab_strdup(dtp, name))) {
		errno = ENOMEM;
		return -1;
	}
	e[t->nenums].name = name;
	e[t->nenums].value = value;
	t->enums = e;
	t->nenums++;
	return 0;
}

/*
 * The storage a member takes in a D struct: its type's, or for a
 * bit-field the smallest of 1, 2, 4, 8 bytes that holds its bits, as
 * DTrace gives a bit-field a type of its own of that size.
 */
static uint64_t dt_member_size(const struct dt_member *m)
{
	uint64_t n;

	if (!m->bit_size)
		return dt_type_base(m->type)->size;
	for (n = 1; n * 8 < m->bit_size; n *= 2)
		;
	return n;
}

static uint64_t dt_member_align(const struct dt_member *m)
{
	const struct dt_type *b = dt_type_base(m->type);

	if (m->bit_size)
		return dt_member_size(m);
	return b->align ? b->align : 1;
}

/*
 * Lay out a struct or union the D program declared, as DTrace does:
 * each member starts at the first byte past the bits of the one before,
 * rounded up to its alignment (a bit-field's is its storage size), and
 * the struct ends where its last member's storage ends, with no padding
 * after it.  So struct { int a : 1; } is 1 byte, and bit-fields never
 * share a byte.
 */
void dt_type_struct_end(dtrace_hdl_t *dtp, struct dt_type *t)
{
	struct dt_member *m = (struct dt_member *)t->members;
	uint64_t bit = 0, size = 0, align = 1, off;
	unsigned int i;

	(void)dtp;
	t->incomplete = false;
	if (t->kind == DT_TK_ENUM)
		return;
	for (i = 0; i < t->nmembers; i++) {
		uint64_t msize = dt_member_size(&m[i]);
		uint64_t malign = dt_member_align(&m[i]);

		off = t->kind == DT_TK_UNION ? 0 :
		      DT_ALIGN((bit + 7) / 8, malign);
		m[i].bit_offset = off * 8;
		bit = off * 8 + (m[i].bit_size ? m[i].bit_size : msize * 8);
		if (off + msize > size)
			size = off + msize;
		if (malign > align)
			align = malign;
	}
	t->align = (unsigned int)align;
	t->size = size;
}

int dt_type_typedef(dtrace_hdl_t *dtp, const char *name,
		    const struct dt_type *t)
{
	struct dt_dname *d = dt_dname_find(dtp, name, false);
	const struct dt_type *b = dt_type_base(t);
	struct dt_type *td;

	if (d || dt_builtin_named(name)) {
		if (dt_type_same(d ? d->type : dt_builtin_named(name), t))
			return 0;
		errno = EEXIST;
		return -1;
	}
	td = dt_typetab_zalloc(dtp, sizeof(*td));
	if (!td || !(td->name = dt_typetab_strdup(dtp, name)) ||
	    dt_dname_add(dtp, td, false) < 0) {
		errno = ENOMEM;
		return -1;
	}
	td->kind = DT_TK_TYPEDEF;
	td->src = DT_TSRC_D;
	td->ref = t;
	td->size = b->size;
	td->align = b->align;
	td->is_signed = b->is_signed;
	td->rank = b->rank;
	td->incomplete = b->incomplete;
	return 0;
}

/* An enumerator the D program or library declared. */
static bool dt_type_enumconst_d(dtrace_hdl_t *dtp, const char *name,
				int64_t *valp, const struct dt_type **typep)
{
	struct dt_dname *d;
	unsigned int i;

	for (d = dtp->types ? dtp->types->dnames : NULL; d; d = d->next) {
		if (!d->is_tag || d->type->kind != DT_TK_ENUM)
			continue;
		for (i = 0; i < d->type->nenums; i++) {
			if (strcmp(d->type->enums[i].name, name))
				continue;
			*valp = d->type->enums[i].value;
			if (typep)
				*typep = d->type;
			return true;
		}
	}
	return false;
}

bool dt_type_enumconst(dtrace_hdl_t *dtp, const char *name, int64_t *valp,
		       const struct dt_type **typep)
{
	return dt_type_enumconst_d(dtp, name, valp, typep) ||
	       dt_btf_enumconst(dtp, name, valp, typep);
}

/* Nesting of anonymous members searched; a bad BTF file may loop. */
#define DT_MEMBER_MAXDEPTH	32

static const struct dt_member *dt_member_find(const struct dt_type *t,
					      const char *name,
					      uint64_t *bit_offsetp,
					      unsigned int depth)
{
	const struct dt_member *m;
	uint64_t off;
	unsigned int i;

	const struct dt_member *ms;
	unsigned int n;

	t = dt_type_base(t);
	if (!t || (t->kind != DT_TK_STRUCT && t->kind != DT_TK_UNION) ||
	    depth > DT_MEMBER_MAXDEPTH)
		return NULL;
	ms = dt_type_members(t, &n);
	for (i = 0; i < n; i++) {
		m = &ms[i];
		if (m->name && !strcmp(m->name, name)) {
			*bit_offsetp = m->bit_offset;
			return m;
		}
		if (m->name)
			continue;
		m = dt_member_find(m->type, name, &off, depth + 1);
		if (m) {
			*bit_offsetp = ms[i].bit_offset + off;
			return m;
		}
	}
	return NULL;
}

const struct dt_member *dt_type_members(const struct dt_type *t,
					unsigned int *np)
{
	/* The type table owns every type: casting const away is sound. */
	if (t->lazy)
		dt_btf_members((struct dt_type *)t);
	*np = t->nmembers;
	return t->members;
}

const struct dt_member *dt_type_member(const struct dt_type *t,
				       const char *name,
				       uint64_t *bit_offsetp)
{
	return dt_member_find(t, name, bit_offsetp, 0);
}

/* Conversions. */

const struct dt_type *dt_type_promote(const struct dt_type *t)
{
	t = dt_type_base(t);
	if (t->kind == DT_TK_ENUM)
		return t->size > 4 ? (t->is_signed ? &dt_type_long :
				      &dt_type_ulong) : &dt_type_int;
	if (t->kind == DT_TK_INT && t->rank < dt_type_int.rank)
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

const struct dt_type *dt_type_common(const struct dt_type *a,
				     const struct dt_type *b)
{
	const struct dt_type *s, *u;

	a = dt_type_promote(a);
	b = dt_type_promote(b);
	if (a->kind == DT_TK_FLOAT || b->kind == DT_TK_FLOAT) {
		if (a->kind != DT_TK_FLOAT)
			return b;
		if (b->kind != DT_TK_FLOAT)
			return a;
		return a->size >= b->size ? a : b;
	}
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

/*
 * The type of a + b, a * b, a & b ...: C's common type, except that two
 * integers narrower than int keep the wider of the two (the unsigned
 * one of a rank) and are not promoted, as DTrace computes them:
 * (uchar)254 + (uchar)253 is the uchar 251, not the int 507.
 */
const struct dt_type *dt_type_arith(const struct dt_type *a,
				    const struct dt_type *b)
{
	const struct dt_type *x = dt_type_base(a), *y = dt_type_base(b);

	if (x->kind != DT_TK_INT || y->kind != DT_TK_INT ||
	    x->rank >= dt_type_int.rank || y->rank >= dt_type_int.rank)
		return dt_type_common(a, b);
	if (x->rank != y->rank)
		return x->rank > y->rank ? x : y;
	return x->is_signed ? y : x;
}

bool dt_type_same(const struct dt_type *a, const struct dt_type *b)
{
	unsigned int i;

	a = dt_type_base(a);
	b = dt_type_base(b);
	if (a == b)
		return true;
	if (!a || !b || a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DT_TK_VOID:
	case DT_TK_STRING:
		return true;
	case DT_TK_INT:
	case DT_TK_FLOAT:
		return a->size == b->size && a->is_signed == b->is_signed &&
		       a->rank == b->rank;
	case DT_TK_POINTER:
		return a->userland == b->userland &&
		       dt_type_same(a->ref, b->ref);
	case DT_TK_ARRAY:
		return a->nelems == b->nelems && dt_type_same(a->ref, b->ref);
	case DT_TK_FUNC:
		if (a->nmembers != b->nmembers || a->varargs != b->varargs ||
		    !dt_type_same(a->ref, b->ref))
			return false;
		for (i = 0; i < a->nmembers; i++)
			if (!dt_type_same(a->members[i].type,
					  b->members[i].type))
				return false;
		return true;
	default:
		/* Tags: one definition each, so same name and origin. */
		return a->src == b->src && !strcmp(a->name, b->name) &&
		       a->size == b->size;
	}
}

bool dt_type_assignable(const struct dt_type *to, const struct dt_type *from,
			bool from_is_zero_const)
{
	const struct dt_type *t = dt_type_base(to), *f = dt_type_base(from);

	if (!t || !f)
		return false;
	if (dt_type_is_arith(t) && dt_type_is_arith(f))
		return true;
	if (t->kind == DT_TK_STRING)
		return f->kind == DT_TK_STRING ||
		       ((f->kind == DT_TK_ARRAY || f->kind == DT_TK_POINTER) &&
			dt_type_is_char(f->ref));
	if (t->kind == DT_TK_POINTER) {
		if (dt_type_is_int(f))
			return from_is_zero_const;
		/* char *p = "..."; a string is char data, as in DTrace */
		if (f->kind == DT_TK_STRING)
			return dt_type_is_char(t->ref);
		if (f->kind != DT_TK_POINTER && f->kind != DT_TK_ARRAY)
			return false;
		return dt_type_is_void(t->ref) || dt_type_is_void(f->ref) ||
		       dt_type_same(t->ref, f->ref);
	}
	return dt_type_same(t, f);
}
