/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D types as the compiler and the consumer see them: the C integer and
 * floating types with Linux LP64 sizes, string, void, pointers, arrays,
 * structs, unions (with bitfields), enums, function types and typedefs.
 *
 * Types come from three places, looked up in this order:
 *  1. what the D program (or a D library file) declares: typedef,
 *     struct/union/enum definitions; kept for the life of the handle;
 *  2. the built-in C and D types (int, unsigned long, string, pid_t ...);
 *  3. the running kernel's BTF: /sys/kernel/btf/vmlinux, then the split
 *     BTF of loaded modules under /sys/kernel/btf/, read lazily by
 *     dt_btf.c on the first lookup that needs it (DTRACE_BTF_PATH in
 *     the environment names another vmlinux BTF file, for tests).
 *
 * Every type is interned in the handle's type table (struct dt_typetab)
 * and lives until dtrace_close(): types may be compared by pointer once
 * resolved with dt_type_base().  A typedef is a type of kind DT_TK_TYPEDEF
 * whose ->ref is the type it names; every query below but dt_type_name()
 * looks through typedefs (and const/volatile, which are dropped).
 */
#ifndef _DT_TYPE_H
#define _DT_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct dtrace_hdl dtrace_hdl_t;

enum dt_tkind {
	DT_TK_VOID,
	DT_TK_INT,		/* incl. char, _Bool */
	DT_TK_FLOAT,		/* float, double, long double: storage only */
	DT_TK_STRING,		/* D string: by reference, strsize bytes */
	DT_TK_POINTER,		/* ->ref: pointee */
	DT_TK_ARRAY,		/* ->ref: element, ->nelems */
	DT_TK_STRUCT,		/* dt_type_members() */
	DT_TK_UNION,		/* dt_type_members() */
	DT_TK_ENUM,		/* ->enums; an int of ->size bytes */
	DT_TK_FUNC,		/* ->ref: return type, ->members: params */
	DT_TK_TYPEDEF,		/* ->ref: the type named */
};

/* Where a type was defined. */
enum dt_tsrc {
	DT_TSRC_BUILTIN,
	DT_TSRC_D,		/* the program or a D library file */
	DT_TSRC_KERNEL,		/* BTF of vmlinux or of a module */
};

struct dt_type;
struct dt_btf_lazy;

struct dt_member {
	const char *name;		/* NULL for an anonymous struct/union
					   member or an unnamed parameter */
	const struct dt_type *type;
	uint64_t bit_offset;		/* from the start of the aggregate */
	unsigned int bit_size;		/* bitfield width; 0 if not one */
};

struct dt_enumval {
	const char *name;
	int64_t value;
};

struct dt_type {
	const char *name;		/* as D prints it: "int", "pid_t",
					   "struct task_struct", "char *",
					   "char [16]" */
	enum dt_tkind kind;
	enum dt_tsrc src;
	uint64_t size;			/* bytes; 0 for void, functions and
					   incomplete types */
	unsigned int align;		/* bytes */
	bool is_signed;			/* INT, ENUM */
	int rank;			/* INT: C conversion rank, 1 (char) to
					   5 (long long); _Bool is 0 */
	bool incomplete;		/* declared, never defined */
	bool userland;			/* pointer into user memory (a D type
					   declared "userland", or a probe
					   argument the provider marks so) */
	const struct dt_type *ref;	/* see enum dt_tkind */
	uint64_t nelems;		/* ARRAY; 0 for a flexible array */
	const struct dt_member *members;	/* FUNC: params; STRUCT and
					   UNION: read with dt_type_members() */
	unsigned int nmembers;
	bool varargs;			/* FUNC: ends with "..." */
	const struct dt_enumval *enums;
	unsigned int nenums;
	struct dt_btf_lazy *lazy;	/* a kernel struct/union whose
					   members are still only in its
					   BTF (dt_btf.c); NULL once made */
};

/* The built-in types. */
extern const struct dt_type dt_type_void, dt_type_string;
extern const struct dt_type dt_type_bool;
extern const struct dt_type dt_type_char, dt_type_schar, dt_type_uchar;
extern const struct dt_type dt_type_short, dt_type_ushort;
extern const struct dt_type dt_type_int, dt_type_uint;
extern const struct dt_type dt_type_long, dt_type_ulong;
extern const struct dt_type dt_type_llong, dt_type_ullong;
extern const struct dt_type dt_type_float, dt_type_double;
extern const struct dt_type dt_type_ldouble;
/* typedefs of the built-ins: pid_t, id_t, uid_t, gid_t, processorid_t,
 * int8_t..uint64_t, intptr_t, uintptr_t, size_t, ssize_t, off_t,
 * uint_t, uchar_t, ushort_t, ulong_t, caddr_t (char *), dev_t, ... */
extern const struct dt_type dt_type_pid, dt_type_id, dt_type_uid;
extern const struct dt_type dt_type_gid, dt_type_processorid;
extern const struct dt_type dt_type_int64, dt_type_uint64;
extern const struct dt_type dt_type_uint_t, dt_type_uintptr;
extern const struct dt_type dt_type_size, dt_type_ssize;
extern const struct dt_type dt_type_voidptr;	/* void * */
extern const struct dt_type dt_type_charptr;	/* char * */
/* What stack() gives as an argument of printf("%k"); no value of D. */
extern const struct dt_type dt_type_stack;

/* The handle's type table (dt_type.c); made by dtrace_open(). */
struct dt_typetab *dt_typetab_create(void);
void dt_typetab_destroy(struct dt_typetab *tt);

/*
 * Look a type up by its D spelling: "int", "unsigned long long",
 * "pid_t", "struct task_struct", "union u", "enum e", or a typedef name,
 * in the order D, built-in, kernel.  Pointer and array declarators are
 * not part of a name: build them with dt_type_pointer()/dt_type_array().
 * Return: the type, or NULL if it is unknown.
 */
const struct dt_type *dt_type_lookup(dtrace_hdl_t *dtp, const char *name);

/* Interned derived types. */
const struct dt_type *dt_type_pointer(dtrace_hdl_t *dtp,
				      const struct dt_type *to);
const struct dt_type *dt_type_array(dtrace_hdl_t *dtp,
				    const struct dt_type *elem,
				    uint64_t nelems);
/*
 * The string type of a struct or union member: @size bytes (strsize
 * when the member was declared), a NUL within them.
 */
const struct dt_type *dt_type_string_sized(dtrace_hdl_t *dtp, uint64_t size);
const struct dt_type *dt_type_func(dtrace_hdl_t *dtp,
				   const struct dt_type *ret,
				   const struct dt_type *const *params,
				   unsigned int nparams, bool varargs);
/* A pointer type with ->userland set: D's "userland" qualifier. */
const struct dt_type *dt_type_userland(dtrace_hdl_t *dtp,
				       const struct dt_type *ptr);

/*
 * D declarations.  A struct, union or enum is built in three steps:
 * _begin (which declares the tag, so members may point to it), one _add
 * per member or enumerator, _end (which lays it out as C does on LP64:
 * natural alignment, bitfields packed into their storage unit).  _begin
 * of a tag already defined returns NULL with *errp = EEXIST; _add of a
 * duplicate name returns -1 with errno EEXIST.
 * Return: the new type / 0, or NULL / -1 with errno set.
 */
struct dt_type *dt_type_struct_begin(dtrace_hdl_t *dtp, enum dt_tkind kind,
				     const char *tag, int *errp);
int dt_type_struct_add(dtrace_hdl_t *dtp, struct dt_type *t,
		       const char *name, const struct dt_type *mt,
		       unsigned int bit_size);
int dt_type_enum_add(dtrace_hdl_t *dtp, struct dt_type *t,
		     const char *name, int64_t value);
void dt_type_struct_end(dtrace_hdl_t *dtp, struct dt_type *t);
/* typedef @t NAME; -1 with errno EEXIST if NAME names another type. */
int dt_type_typedef(dtrace_hdl_t *dtp, const char *name,
		    const struct dt_type *t);

/*
 * An enumerator of a D or kernel enum, by name: its value and enum type.
 * Return: true if found.
 */
bool dt_type_enumconst(dtrace_hdl_t *dtp, const char *name, int64_t *valp,
		       const struct dt_type **typep);

/*
 * The member @name of struct/union @t (typedefs looked through), found
 * also inside anonymous struct/union members.  *@bit_offsetp gets its
 * offset from the start of @t in bits.
 * Return: the member, or NULL.
 */
const struct dt_member *dt_type_member(const struct dt_type *t,
				       const char *name,
				       uint64_t *bit_offsetp);

/*
 * The members of struct/union @t (not looked through typedefs), *@np
 * of them.  A kernel struct's are made from its BTF by the first call
 * (or the first dt_type_member()): looking a struct up converts only
 * its size and alignment, not every type its members reach.  If its
 * BTF turns out bad, it has none and dt_btf_error() says why.
 * Return: the array, NULL if there are none.
 */
const struct dt_member *dt_type_members(const struct dt_type *t,
					unsigned int *np);

/* Queries; all look through typedefs. */
const struct dt_type *dt_type_base(const struct dt_type *t);
bool dt_type_is_void(const struct dt_type *t);
bool dt_type_is_int(const struct dt_type *t);	/* INT or ENUM */
bool dt_type_is_float(const struct dt_type *t);
bool dt_type_is_arith(const struct dt_type *t);	/* int, enum, float */
bool dt_type_is_pointer(const struct dt_type *t);
bool dt_type_is_array(const struct dt_type *t);
bool dt_type_is_sou(const struct dt_type *t);	/* struct or union */
bool dt_type_is_string(const struct dt_type *t);
bool dt_type_is_scalar(const struct dt_type *t);	/* int, enum, pointer */
bool dt_type_is_func(const struct dt_type *t);
/* char, signed char, unsigned char (what char arrays/pointers hold). */
bool dt_type_is_char(const struct dt_type *t);
/* Held in a DIF register by address: string, array, struct, union. */
bool dt_type_is_byref(const struct dt_type *t);

/* C integer promotion and the usual arithmetic conversions. */
const struct dt_type *dt_type_promote(const struct dt_type *t);
const struct dt_type *dt_type_common(const struct dt_type *a,
				     const struct dt_type *b);
const struct dt_type *dt_type_arith(const struct dt_type *a,
				    const struct dt_type *b);

/*
 * May a value of type @from be assigned to (or compared with) @to?
 * D's rules: arithmetic to arithmetic; pointer to pointer of the same
 * referenced type, or either void *; integer constant 0 to pointer;
 * string to string and char array/pointer to string; same struct.
 */
bool dt_type_assignable(const struct dt_type *to, const struct dt_type *from,
			bool from_is_zero_const);
bool dt_type_same(const struct dt_type *a, const struct dt_type *b);

/*
 * The type's full declaration text as D prints it in diagnostics and
 * in "dtrace -lv": "struct task_struct *", "char [16]", "int (*)(void)".
 * Return: as snprintf().
 */
int dt_type_name(const struct dt_type *t, char *buf, size_t len);

/* dt_btf.c: the kernel's types, for dt_type.c. */
const struct dt_type *dt_btf_lookup(dtrace_hdl_t *dtp, const char *name);
bool dt_btf_enumconst(dtrace_hdl_t *dtp, const char *name, int64_t *valp,
		      const struct dt_type **typep);
/* The prototype of kernel function @func, for fbt's typed args[]. */
const struct dt_type *dt_btf_func(dtrace_hdl_t *dtp, const char *func);
/* Make the members of @t, whose ->lazy is set; clears ->lazy. */
void dt_btf_members(struct dt_type *t);
void dt_btf_close(dtrace_hdl_t *dtp);

#endif /* _DT_TYPE_H */
