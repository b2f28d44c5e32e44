// SPDX-License-Identifier: GPL-2.0
/*
 * The type model without BTF (DTRACE_BTF_PATH points nowhere): lookups
 * by C spelling, D declarations and their LP64 layout (checked against
 * this compiler's own layout of the same C structs), declarator names,
 * interning, assignability and the usual arithmetic conversions.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dt_impl.h"
#include "dt_type.h"
#include "dt_btf.h"
#include "tap.h"

static const char *tname(const struct dt_type *t)
{
	static char buf[256];

	if (!t)
		return "(null)";
	dt_type_name(t, buf, sizeof(buf));
	return buf;
}

static void test_type_lookup(dtrace_hdl_t *dtp)
{
	static const struct {
		const char *spelling;
		const struct dt_type *want;
	} cases[] = {
		{ "int", &dt_type_int },
		{ "signed", &dt_type_int },
		{ "unsigned", &dt_type_uint },
		{ "signed int", &dt_type_int },
		{ "unsigned int", &dt_type_uint },
		{ "int unsigned", &dt_type_uint },
		{ "long", &dt_type_long },
		{ "long int", &dt_type_long },
		{ "int long", &dt_type_long },
		{ "long unsigned int", &dt_type_ulong },
		{ "unsigned long", &dt_type_ulong },
		{ "long long", &dt_type_llong },
		{ "long long int", &dt_type_llong },
		{ "unsigned long long", &dt_type_ullong },
		{ "long unsigned long", &dt_type_ullong },
		{ "short", &dt_type_short },
		{ "short int", &dt_type_short },
		{ "short unsigned", &dt_type_ushort },
		{ "unsigned short int", &dt_type_ushort },
		{ "char", &dt_type_char },
		{ "signed char", &dt_type_schar },
		{ "unsigned char", &dt_type_uchar },
		{ "char unsigned", &dt_type_uchar },
		{ "_Bool", &dt_type_bool },
		{ "float", &dt_type_float },
		{ "double", &dt_type_double },
		{ "long double", &dt_type_ldouble },
		{ "  unsigned   long  ", &dt_type_ulong },
		{ "const int", &dt_type_int },
		{ "string", &dt_type_string },
		{ "void", &dt_type_void },
		{ "pid_t", &dt_type_pid },
		{ "uid_t", &dt_type_uid },
		{ "size_t", &dt_type_size },
		{ "ssize_t", &dt_type_ssize },
		{ "uintptr_t", &dt_type_uintptr },
		{ "uint64_t", &dt_type_uint64 },
		{ "int64_t", &dt_type_int64 },
		{ "uint_t", &dt_type_uint_t },
		{ "processorid_t", &dt_type_processorid },
		{ "long long long", NULL },
		{ "short long", NULL },
		{ "signed unsigned", NULL },
		{ "char int", NULL },
		{ "unsigned float", NULL },
		{ "no_such_type_t", NULL },
		{ "struct no_such_struct", NULL },
	};
	static const struct {
		const char *name;
		uint64_t size;
		bool is_signed;
		const char *base;
	} tdefs[] = {
		{ "int8_t", 1, true, "signed char" },
		{ "uint8_t", 1, false, "unsigned char" },
		{ "int16_t", 2, true, "short" },
		{ "uint32_t", 4, false, "unsigned int" },
		{ "intptr_t", 8, true, "long" },
		{ "off_t", 8, true, "long" },
		{ "uchar_t", 1, false, "unsigned char" },
		{ "ushort_t", 2, false, "unsigned short" },
		{ "ulong_t", 8, false, "unsigned long" },
		{ "caddr_t", 8, false, "char *" },
		{ "dev_t", 4, false, "unsigned int" },
		{ "id_t", 4, true, "int" },
		{ "gid_t", 4, false, "unsigned int" },
		{ "hrtime_t", 8, true, "long long" },
	};
	const struct dt_type *t;
	size_t i;

	for (i = 0; i < DT_ARRAY_SIZE(cases); i++)
		tap_ok(dt_type_lookup(dtp, cases[i].spelling) == cases[i].want,
		       "lookup \"%s\" is %s", cases[i].spelling,
		       cases[i].want ? cases[i].want->name : "unknown");
	for (i = 0; i < DT_ARRAY_SIZE(tdefs); i++) {
		t = dt_type_lookup(dtp, tdefs[i].name);
		tap_ok(t && t->kind == DT_TK_TYPEDEF &&
		       t->size == tdefs[i].size &&
		       dt_type_base(t)->is_signed == tdefs[i].is_signed,
		       "%s: typedef of %llu bytes", tdefs[i].name,
		       (unsigned long long)tdefs[i].size);
		tap_is_str(t ? tname(dt_type_base(t)) : "(null)",
			   tdefs[i].base, "%s names %s", tdefs[i].name,
			   tdefs[i].base);
	}
	tap_is_str(dt_btf_error(dtp),
		   "/nonexistent/btf: No such file or directory",
		   "a missing BTF file is a lookup miss with a message");
}

/* The same structs in C, for this compiler's layout to check against. */
struct c_pad {
	char c;
	long l;
	short s;
};

struct c_nest {
	int a;
	union {
		char b;
		struct {
			short c;
			long d;
		};
	};
	char e[3];
};

union c_un {
	char c[5];
	int i;
};

struct c_flex {
	int n;
	short v[];
};

struct c_bits {
	unsigned int a : 3;
	unsigned int b : 30;
	char c;
	unsigned short d : 9;
	unsigned short e : 9;
	unsigned long long f : 40;
};

static struct dt_type *mk(dtrace_hdl_t *dtp, enum dt_tkind kind,
			  const char *tag)
{
	int err;

	return dt_type_struct_begin(dtp, kind, tag, &err);
}

static void test_type_layout(dtrace_hdl_t *dtp)
{
	struct dt_type *pad, *nest, *inner_u, *inner_s, *un, *flex, *bits;
	const struct dt_member *m;
	uint64_t off = 0;
	int err;

	pad = mk(dtp, DT_TK_STRUCT, "pad");
	dt_type_struct_add(dtp, pad, "c", &dt_type_char, 0);
	dt_type_struct_add(dtp, pad, "l", &dt_type_long, 0);
	dt_type_struct_add(dtp, pad, "s", &dt_type_short, 0);
	dt_type_struct_end(dtp, pad);
	/* members where C puts them; no padding after the last, as DTrace */
	tap_is_int(pad->size, offsetof(struct c_pad, s) + sizeof(short),
		   "sizeof(struct pad): no trailing padding");
	tap_is_int(pad->align, _Alignof(struct c_pad), "alignof(struct pad)");
	m = dt_type_member(pad, "l", &off);
	tap_is_int(m ? off / 8 : 99, offsetof(struct c_pad, l), "pad.l");
	m = dt_type_member(pad, "s", &off);
	tap_is_int(m ? off / 8 : 99, offsetof(struct c_pad, s), "pad.s");

	inner_s = mk(dtp, DT_TK_STRUCT, NULL);
	dt_type_struct_add(dtp, inner_s, "c", &dt_type_short, 0);
	dt_type_struct_add(dtp, inner_s, "d", &dt_type_long, 0);
	dt_type_struct_end(dtp, inner_s);
	inner_u = mk(dtp, DT_TK_UNION, NULL);
	dt_type_struct_add(dtp, inner_u, "b", &dt_type_char, 0);
	dt_type_struct_add(dtp, inner_u, NULL, inner_s, 0);
	dt_type_struct_end(dtp, inner_u);
	nest = mk(dtp, DT_TK_STRUCT, "nest");
	dt_type_struct_add(dtp, nest, "a", &dt_type_int, 0);
	dt_type_struct_add(dtp, nest, NULL, inner_u, 0);
	dt_type_struct_add(dtp, nest, "e",
			   dt_type_array(dtp, &dt_type_char, 3), 0);
	dt_type_struct_end(dtp, nest);
	tap_is_int(nest->size, offsetof(struct c_nest, e) + 3,
		   "sizeof(struct nest): no trailing padding");
	m = dt_type_member(nest, "b", &off);
	tap_is_int(m ? off / 8 : 99, offsetof(struct c_nest, b),
		   "nest.b through an anonymous union");
	m = dt_type_member(nest, "d", &off);
	tap_is_int(m ? off / 8 : 99, offsetof(struct c_nest, d),
		   "nest.d through an anonymous union and struct");
	tap_ok(m && m->type == &dt_type_long, "nest.d is long");
	m = dt_type_member(nest, "e", &off);
	tap_is_int(m ? off / 8 : 99, offsetof(struct c_nest, e), "nest.e");
	tap_ok(!dt_type_member(nest, "zz", &off), "no member nest.zz");
	tap_ok(dt_type_struct_add(dtp, nest, "a", &dt_type_int, 0) < 0 &&
	       errno == EEXIST, "duplicate member is EEXIST");
	tap_ok(dt_type_struct_add(dtp, nest, "c", &dt_type_int, 0) < 0 &&
	       errno == EEXIST, "duplicate of an anonymous member's member");

	un = mk(dtp, DT_TK_UNION, "un");
	dt_type_struct_add(dtp, un, "c",
			   dt_type_array(dtp, &dt_type_char, 5), 0);
	dt_type_struct_add(dtp, un, "i", &dt_type_int, 0);
	dt_type_struct_end(dtp, un);
	tap_is_int(un->size, 5, "sizeof(union un): its largest member's");
	tap_is_int(un->align, _Alignof(union c_un), "alignof(union un)");

	flex = mk(dtp, DT_TK_STRUCT, "flex");
	dt_type_struct_add(dtp, flex, "n", &dt_type_int, 0);
	dt_type_struct_add(dtp, flex, "v",
			   dt_type_array(dtp, &dt_type_short, 0), 0);
	dt_type_struct_end(dtp, flex);
	tap_is_int(flex->size, sizeof(struct c_flex), "flexible array member");

	bits = mk(dtp, DT_TK_STRUCT, "bits");
	dt_type_struct_add(dtp, bits, "a", &dt_type_uint, 3);
	dt_type_struct_add(dtp, bits, "b", &dt_type_uint, 30);
	dt_type_struct_add(dtp, bits, "c", &dt_type_char, 0);
	dt_type_struct_add(dtp, bits, "d", &dt_type_ushort, 9);
	dt_type_struct_add(dtp, bits, "e", &dt_type_ushort, 9);
	dt_type_struct_add(dtp, bits, "f", &dt_type_ullong, 40);
	dt_type_struct_end(dtp, bits);
	tap_is_int(bits->size, sizeof(struct c_bits), "sizeof(struct bits)");
	/* a: bits 0-2; b would straddle its int: 32; c: byte 8; d would
	 * straddle the short at bits 64-79: 80; e likewise: 96; f would
	 * straddle the 64-bit unit at bits 64-127: 128.  Size 21 -> 24. */
	dt_type_member(bits, "a", &off);
	tap_is_int(off, 0, "bits.a at bit 0");
	m = dt_type_member(bits, "b", &off);
	tap_is_int(off, 32, "bits.b moves to the next unsigned int");
	tap_is_int(m ? m->bit_size : 0, 30, "bits.b is 30 bits wide");
	dt_type_member(bits, "c", &off);
	tap_is_int(off, 64, "bits.c at byte 8");
	dt_type_member(bits, "d", &off);
	tap_is_int(off, 80, "bits.d would straddle: next short");
	dt_type_member(bits, "e", &off);
	tap_is_int(off, 96, "bits.e would straddle: next short");
	dt_type_member(bits, "f", &off);
	tap_is_int(off, 128, "bits.f would straddle: next 64-bit unit");

	tap_ok(!mk(dtp, DT_TK_STRUCT, "pad"), "redefined struct refused");
	tap_ok(dt_type_struct_begin(dtp, DT_TK_UNION, "pad", &err) && !err,
	       "a union may have a struct's tag, as in DTrace");
	tap_ok(dt_type_lookup(dtp, "struct pad") == pad, "lookup struct pad");
	tap_ok(dt_type_lookup(dtp, "union un") == un, "lookup union un");
	tap_ok(dt_type_lookup(dtp, "struct un") == NULL,
	       "struct un is not union un");
}

static void test_type_decls(dtrace_hdl_t *dtp)
{
	struct dt_type *e, *fwd, *self;
	const struct dt_type *t, *et;
	int64_t v = 0;
	uint64_t off;

	e = mk(dtp, DT_TK_ENUM, "color");
	dt_type_enum_add(dtp, e, "RED", 0);
	dt_type_enum_add(dtp, e, "GREEN", 5);
	dt_type_struct_end(dtp, e);
	tap_ok(dt_type_enumconst(dtp, "GREEN", &v, &et) && v == 5 && et == e,
	       "enumerator GREEN is 5 of enum color");
	tap_ok(dt_type_enum_add(dtp, e, "RED", 1) < 0 && errno == EEXIST,
	       "duplicate enumerator is EEXIST");
	tap_is_int(e->size, 4, "enum is 4 bytes");
	tap_ok(dt_type_promote(e) == &dt_type_int, "enum promotes to int");

	tap_is_int(dt_type_typedef(dtp, "color_t", e), 0, "typedef color_t");
	t = dt_type_lookup(dtp, "color_t");
	tap_ok(t && t->kind == DT_TK_TYPEDEF && dt_type_base(t) == e,
	       "color_t names enum color");
	tap_is_str(tname(t), "color_t", "typedef prints its own name");
	tap_is_int(dt_type_typedef(dtp, "color_t", &dt_type_int), -1,
		   "typedef to another type refused");
	tap_is_int(dt_type_typedef(dtp, "color_t", e), 0,
		   "same typedef again accepted");
	tap_is_int(dt_type_typedef(dtp, "pid_t", &dt_type_long), -1,
		   "typedef over a built-in refused");

	fwd = mk(dtp, DT_TK_STRUCT, "node");
	tap_ok(fwd && fwd->incomplete, "struct node begun is incomplete");
	self = mk(dtp, DT_TK_STRUCT, "node");
	tap_ok(self == fwd, "begin of an incomplete tag returns it");
	dt_type_struct_add(dtp, self, "next", dt_type_pointer(dtp, self), 0);
	dt_type_struct_add(dtp, self, "val", &dt_type_int, 0);
	dt_type_struct_end(dtp, self);
	tap_ok(!self->incomplete && self->size == 12, "struct node is 12");
	tap_ok(dt_type_struct_add(dtp, mk(dtp, DT_TK_STRUCT, "bad"), "x",
				  dt_type_lookup(dtp, "struct bad"), 0) < 0 &&
	       errno == EINVAL, "member of incomplete type refused");
	tap_ok(dt_type_member(self, "val", &off) && off == 64, "node.val");
}

static void test_type_names(dtrace_hdl_t *dtp)
{
	const struct dt_type *node = dt_type_lookup(dtp, "struct node");
	const struct dt_type *cp = dt_type_pointer(dtp, &dt_type_char);
	const struct dt_type *params[2] = { cp, &dt_type_int };
	const struct dt_type *fn0, *fn2, *fnv;
	const struct dt_type *arr = dt_type_array(dtp, &dt_type_char, 16);

	fn0 = dt_type_func(dtp, &dt_type_int, NULL, 0, false);
	fn2 = dt_type_func(dtp, &dt_type_void, params, 2, false);
	fnv = dt_type_func(dtp, &dt_type_int, params, 1, true);
	tap_is_str(tname(cp), "char *", "char *");
	tap_ok(cp == &dt_type_charptr, "char * is the built-in");
	tap_ok(dt_type_pointer(dtp, &dt_type_void) == &dt_type_voidptr,
	       "void * is the built-in");
	tap_is_str(tname(arr), "char [16]", "char [16]");
	tap_ok(arr == dt_type_array(dtp, &dt_type_char, 16), "arrays interned");
	tap_ok(arr != dt_type_array(dtp, &dt_type_char, 17), "by length");
	tap_is_int(arr->size, 16, "sizeof(char [16])");
	tap_is_str(tname(dt_type_pointer(dtp, dt_type_pointer(dtp, node))),
		   "struct node **", "struct node **");
	tap_is_str(tname(fn0), "int (void)", "function type");
	tap_is_str(tname(dt_type_pointer(dtp, fn0)), "int (*)(void)",
		   "pointer to function");
	tap_is_str(tname(fn2), "void (char *, int)", "two parameters");
	tap_is_str(tname(fnv), "int (char *, ...)", "varargs");
	tap_ok(fn2 == dt_type_func(dtp, &dt_type_void, params, 2, false),
	       "functions interned");
	tap_is_str(tname(dt_type_array(dtp, cp, 4)), "char *[4]",
		   "array of pointers");
	tap_is_str(tname(dt_type_pointer(dtp, arr)), "char (*)[16]",
		   "pointer to array");
	tap_is_str(tname(dt_type_array(dtp, arr, 2)), "char [2][16]",
		   "array of arrays");
	tap_is_str(tname(dt_type_pointer(dtp, &dt_type_pid)), "pid_t *",
		   "pid_t *");
	tap_is_str(tname(&dt_type_ullong), "unsigned long long",
		   "unsigned long long");
	tap_ok(dt_type_userland(dtp, cp) != cp &&
	       dt_type_userland(dtp, cp)->userland &&
	       dt_type_userland(dtp, cp) == dt_type_userland(dtp, cp),
	       "userland pointer: distinct, interned");
}

static void test_type_conv(dtrace_hdl_t *dtp)
{
	static const struct {
		const struct dt_type *a, *b, *want;
	} common[] = {
		{ &dt_type_char, &dt_type_char, &dt_type_int },
		{ &dt_type_bool, &dt_type_uchar, &dt_type_int },
		{ &dt_type_ushort, &dt_type_short, &dt_type_int },
		{ &dt_type_int, &dt_type_uint, &dt_type_uint },
		{ &dt_type_uint, &dt_type_long, &dt_type_long },
		{ &dt_type_ulong, &dt_type_long, &dt_type_ulong },
		{ &dt_type_long, &dt_type_ullong, &dt_type_ullong },
		{ &dt_type_llong, &dt_type_ulong, &dt_type_ullong },
		{ &dt_type_int, &dt_type_llong, &dt_type_llong },
		{ &dt_type_pid, &dt_type_uid, &dt_type_uint },
		{ &dt_type_int, &dt_type_double, &dt_type_double },
		{ &dt_type_float, &dt_type_ldouble, &dt_type_ldouble },
		{ &dt_type_float, &dt_type_ulong, &dt_type_float },
	};
	const struct dt_type *vp = &dt_type_voidptr, *cp = &dt_type_charptr;
	const struct dt_type *ip = dt_type_pointer(dtp, &dt_type_int);
	const struct dt_type *pad = dt_type_lookup(dtp, "struct pad");
	const struct dt_type *arr = dt_type_array(dtp, &dt_type_char, 8);
	const struct dt_type *iarr = dt_type_array(dtp, &dt_type_int, 8);
	size_t i;

	for (i = 0; i < DT_ARRAY_SIZE(common); i++)
		tap_ok(dt_type_common(common[i].a, common[i].b) ==
		       common[i].want, "%s op %s is %s", common[i].a->name,
		       common[i].b->name, common[i].want->name);
	tap_ok(dt_type_promote(&dt_type_ushort) == &dt_type_int,
	       "unsigned short promotes to int");
	tap_ok(dt_type_promote(&dt_type_uint) == &dt_type_uint,
	       "unsigned int stays");
	tap_ok(dt_type_promote(&dt_type_pid) == &dt_type_int,
	       "pid_t promotes as int");

	tap_ok(dt_type_assignable(&dt_type_int, &dt_type_double, false),
	       "double to int");
	tap_ok(dt_type_assignable(ip, vp, false), "void * to int *");
	tap_ok(dt_type_assignable(vp, ip, false), "int * to void *");
	tap_ok(!dt_type_assignable(ip, cp, false), "char * to int * refused");
	tap_ok(dt_type_assignable(ip, &dt_type_int, true), "0 to int *");
	tap_ok(!dt_type_assignable(ip, &dt_type_int, false), "1 to int *");
	tap_ok(dt_type_assignable(&dt_type_string, cp, false),
	       "char * to string");
	tap_ok(dt_type_assignable(&dt_type_string, arr, false),
	       "char [8] to string");
	tap_ok(!dt_type_assignable(&dt_type_string, iarr, false),
	       "int [8] to string refused");
	tap_ok(!dt_type_assignable(&dt_type_string, &dt_type_int, false),
	       "int to string refused");
	tap_ok(!dt_type_assignable(&dt_type_int, &dt_type_string, false),
	       "string to int refused");
	tap_ok(dt_type_assignable(pad, pad, false), "struct to same struct");
	tap_ok(!dt_type_assignable(pad, &dt_type_int, false),
	       "int to struct refused");
	tap_ok(dt_type_same(&dt_type_pid, &dt_type_int), "pid_t same as int");
	tap_ok(!dt_type_same(&dt_type_long, &dt_type_llong),
	       "long not same as long long");
	tap_ok(dt_type_same(dt_type_pointer(dtp, &dt_type_pid), ip),
	       "pid_t * same as int *");

	tap_ok(dt_type_is_char(&dt_type_uchar) &&
	       !dt_type_is_char(&dt_type_bool),
	       "is_char: unsigned char yes, _Bool no");
	tap_ok(dt_type_is_scalar(ip) && !dt_type_is_scalar(pad),
	       "is_scalar");
	tap_ok(dt_type_is_byref(arr) && dt_type_is_byref(&dt_type_string) &&
	       !dt_type_is_byref(cp), "is_byref");
	tap_ok(dt_type_is_int(dt_type_lookup(dtp, "color_t")),
	       "a typedef of an enum is an integer");
}

void test_type(void)
{
	dtrace_hdl_t *dtp = calloc(1, sizeof(*dtp));
	char *old = getenv("DTRACE_BTF_PATH");

	old = old ? strdup(old) : NULL;
	setenv("DTRACE_BTF_PATH", "/nonexistent/btf", 1);
	test_type_lookup(dtp);
	test_type_layout(dtp);
	test_type_decls(dtp);
	test_type_names(dtp);
	test_type_conv(dtp);
	dt_btf_close(dtp);
	dt_typetab_destroy(dtp->types);
	free(dtp);
	if (old)
		setenv("DTRACE_BTF_PATH", old, 1);
	else
		unsetenv("DTRACE_BTF_PATH");
	free(old);
}
