/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D types as the compiler sees them.  For now: the C integer types (with
 * LP64 sizes), the typedefs of the built-in variables, string and void.
 * A typedef keeps its own name (for messages) and points at its base.
 * BTF-derived types (structs, pointers) will grow from here.
 */
#ifndef _DT_TYPE_H
#define _DT_TYPE_H

#include <stdbool.h>

enum dt_tkind {
	DT_TK_VOID,
	DT_TK_INT,
	DT_TK_STRING,
};

struct dt_type {
	const char *name;		/* as printed in diagnostics */
	enum dt_tkind kind;
	unsigned int size;		/* bytes; 0 for void */
	bool is_signed;			/* DT_TK_INT */
	int rank;			/* C integer conversion rank */
	const struct dt_type *base;	/* typedef: the type named */
};

extern const struct dt_type dt_type_void, dt_type_string;
extern const struct dt_type dt_type_char, dt_type_uchar;
extern const struct dt_type dt_type_short, dt_type_ushort;
extern const struct dt_type dt_type_int, dt_type_uint;
extern const struct dt_type dt_type_long, dt_type_ulong;
extern const struct dt_type dt_type_llong, dt_type_ullong;
extern const struct dt_type dt_type_pid, dt_type_id, dt_type_uid;
extern const struct dt_type dt_type_gid, dt_type_processorid;
extern const struct dt_type dt_type_int64, dt_type_uint64;
extern const struct dt_type dt_type_uint_t;

const struct dt_type *dt_type_base(const struct dt_type *t);
bool dt_type_is_int(const struct dt_type *t);
bool dt_type_is_string(const struct dt_type *t);
bool dt_type_is_scalar(const struct dt_type *t);
bool dt_type_is_void(const struct dt_type *t);
const struct dt_type *dt_type_promote(const struct dt_type *t);
const struct dt_type *dt_type_common(const struct dt_type *a,
				     const struct dt_type *b);

#endif /* _DT_TYPE_H */
