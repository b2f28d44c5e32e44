// SPDX-License-Identifier: GPL-2.0
/*
 * The BTF checker (btf_check.h says who runs it).  Two passes:
 * btf_check_layout() checks the header, that the two sections tile the
 * data, the string section and the size of every type record, and
 * counts the records; btf_check_types() indexes them into the caller's
 * array and checks what each refers to: names, type ids, kinds.  A
 * failure is a short reason; v->bad_id names the type when there is one.
 */
#include "btf_check.h"

#define BTF_CHECK_MAGIC		0xeb9f
#define BTF_CHECK_VERSION	1
#define BTF_CHECK_MAX_ID	0x000fffff	/* ids are 20 bits in places */
#define BTF_CHECK_MAX_STR	0x00ffffff

/* The kinds of BTF_KIND_*, <uapi/linux/btf.h>; 0 and above 19 unknown. */
enum {
	K_INT = 1, K_PTR, K_ARRAY, K_STRUCT, K_UNION, K_ENUM, K_FWD,
	K_TYPEDEF, K_VOLATILE, K_CONST, K_RESTRICT, K_FUNC, K_FUNC_PROTO,
	K_VAR, K_DATASEC, K_FLOAT, K_DECL_TAG, K_TYPE_TAG, K_ENUM64,
	K_MAX = K_ENUM64,
};

/* struct btf_header, the fields of its first version. */
struct btf_check_hdr {
	u16	magic;
	u8	version;
	u8	flags;
	u32	hdr_len;
	u32	type_off;
	u32	type_len;
	u32	str_off;
	u32	str_len;
};

static u32 btf_kind(const struct btf_check_type *t)
{
	return (t->info >> 24) & 0x1f;
}

static u32 btf_vlen(const struct btf_check_type *t)
{
	return t->info & 0xffff;
}

/*
 * Bytes of the members that follow a record, in u32s: each array
 * element of a kind with vlen elements is @per words, @fixed more
 * words follow any record of the kind.
 */
static const u8 btf_fixed[K_MAX + 1] = {
	[K_INT] = 1, [K_ARRAY] = 3, [K_VAR] = 1, [K_DECL_TAG] = 1,
};

static const u8 btf_per[K_MAX + 1] = {
	[K_STRUCT] = 3, [K_UNION] = 3, [K_ENUM] = 2, [K_FUNC_PROTO] = 2,
	[K_DATASEC] = 3, [K_ENUM64] = 3,
};

static u64 btf_record_size(const struct btf_check_type *t)
{
	u32 kind = btf_kind(t);

	return sizeof(*t) +
	       4 * ((u64)btf_fixed[kind] + (u64)btf_per[kind] * btf_vlen(t));
}

static const char *btf_check_header(struct btf_view *v,
				    const struct btf_check_hdr *h, u64 size)
{
	const u8 *extra = (const u8 *)h + sizeof(*h);
	u64 data, first, second;
	u32 i;

	if (size < sizeof(*h))
		return "shorter than a header";
	if (h->magic != BTF_CHECK_MAGIC)
		return "bad magic";
	if (h->version != BTF_CHECK_VERSION || h->flags)
		return "unknown version or flags";
	if (h->hdr_len < sizeof(*h) || h->hdr_len > size || h->hdr_len % 4)
		return "bad header length";
	for (i = 0; i < h->hdr_len - sizeof(*h); i++)
		if (extra[i])
			return "unknown header fields set";
	if (h->type_off % 4)
		return "type section misaligned";
	/* The two sections, in either order, tile the data exactly. */
	data = size - h->hdr_len;
	first = h->type_off < h->str_off ? h->type_off : h->str_off;
	second = h->type_off < h->str_off ? h->str_off : h->type_off;
	if (first != 0 ||
	    second != (h->type_off < h->str_off ? h->type_len : h->str_len) ||
	    (u64)h->type_len + h->str_len != data)
		return "sections do not fill the file";
	v->types = (const u8 *)h + h->hdr_len + h->type_off;
	v->types_len = h->type_len;
	v->strs = (const char *)h + h->hdr_len + h->str_off;
	v->str_len = h->str_len;
	return NULL;
}

static const char *btf_check_strs(const struct btf_view *v)
{
	if (!v->str_len || v->str_len > BTF_CHECK_MAX_STR ||
	    (u64)v->str_first + v->str_len > BTF_CHECK_MAX_STR + 1)
		return "string section empty or too big";
	if (!v->base && v->strs[0])
		return "string section does not start with NUL";
	if (v->strs[v->str_len - 1])
		return "string section does not end with NUL";
	return NULL;
}

/**
 * btf_check_layout() - check what can be checked of BTF in one pass
 * @v: filled in: the sections, first ids and the number of types
 * @buf: the file, aligned to 4 bytes
 * @size: its size
 * @base: for a module's split BTF, vmlinux's view, checked; else NULL
 *
 * The header, the sections, the string section and the size of every
 * type record against the bytes left; then btf_check_types() with an
 * array of v->ntypes u32s.
 * Context: any; reads @size bytes of @buf, writes only @v.
 * Return: NULL, or why @buf is not BTF this checker accepts.
 */
const char *btf_check_layout(struct btf_view *v, const void *buf, u64 size,
			     const struct btf_view *base)
{
	const struct btf_check_type *t;
	const char *why;
	u64 off, rec;
	u32 n = 0;

	*v = (struct btf_view){ .base = base, .first_id = 1 };
	if (base) {
		v->first_id = base->first_id + base->ntypes;
		v->str_first = base->str_first + base->str_len;
	}
	why = btf_check_header(v, buf, size);
	if (!why)
		why = btf_check_strs(v);
	if (why)
		return why;
	for (off = 0; off < v->types_len; off += rec, n++) {
		v->bad_id = v->first_id + n;
		if (v->types_len - off < sizeof(*t))
			return "type record cut short";
		if (v->bad_id > BTF_CHECK_MAX_ID)
			return "too many types";
		t = (const void *)(v->types + off);
		if (btf_kind(t) == 0 || btf_kind(t) > K_MAX)
			return "unknown kind";
		rec = btf_record_size(t);
		if (rec > v->types_len - off)
			return "type record runs past the section";
	}
	v->bad_id = 0;
	v->ntypes = n;
	return NULL;
}

/**
 * btf_view_type() - the record of type @id
 * @v: a view btf_check_types() accepted (and its bases)
 * @id: a type id
 *
 * Context: any.
 * Return: the record, or NULL for 0 (void) and ids not in @v or a base.
 */
const struct btf_check_type *btf_view_type(const struct btf_view *v, u32 id)
{
	while (v && id < v->first_id)
		v = v->base;
	if (!v || !v->offs || id - v->first_id >= v->ntypes)
		return NULL;
	return (const void *)(v->types + v->offs[id - v->first_id]);
}

/**
 * btf_view_str() - the string at offset @off
 * @v: a view whose layout was checked (and its bases)
 * @off: a string offset, as in a name_off
 *
 * Context: any.
 * Return: the NUL-terminated string, or NULL for an offset out of range.
 */
const char *btf_view_str(const struct btf_view *v, u32 off)
{
	while (v && off < v->str_first)
		v = v->base;
	if (!v || off - v->str_first >= v->str_len)
		return NULL;
	return v->strs + off - v->str_first;
}

static bool btf_id_ok(const struct btf_view *v, u32 id)
{
	return id < v->first_id + v->ntypes;
}

/*
 * The vlen elements after record @t: @per u32s each, a name offset at
 * word @name (or none if -1) and a type id at word @type (or -1).
 */
static const char *btf_check_elems(const struct btf_view *v,
				   const struct btf_check_type *t, u32 per,
				   int name, int type)
{
	const u32 *w = (const u32 *)(t + 1);
	u32 i;

	for (i = 0; i < btf_vlen(t); i++, w += per) {
		if (name >= 0 && !btf_view_str(v, w[name]))
			return "member name out of range";
		if (type >= 0 && !btf_id_ok(v, w[type]))
			return "member type id out of range";
	}
	return NULL;
}

static const char *btf_check_one(const struct btf_view *v,
				 const struct btf_check_type *t)
{
	const struct btf_check_type *ref;
	const u32 *w = (const u32 *)(t + 1);

	if (!btf_view_str(v, t->name_off))
		return "name out of range";
	switch (btf_kind(t)) {
	case K_PTR:
	case K_TYPEDEF:
	case K_VOLATILE:
	case K_CONST:
	case K_RESTRICT:
	case K_TYPE_TAG:
	case K_VAR:
	case K_DECL_TAG:
		return btf_id_ok(v, t->type) ? NULL : "type id out of range";
	case K_ARRAY:
		return btf_id_ok(v, w[0]) && btf_id_ok(v, w[1]) ? NULL :
		       "array type id out of range";
	case K_STRUCT:
	case K_UNION:
		return btf_check_elems(v, t, 3, 0, 1);
	case K_ENUM:
		return btf_check_elems(v, t, 2, 0, -1);
	case K_ENUM64:
		return btf_check_elems(v, t, 3, 0, -1);
	case K_DATASEC:
		return btf_check_elems(v, t, 3, -1, 0);
	case K_FUNC_PROTO:
		if (!btf_id_ok(v, t->type))
			return "return type id out of range";
		return btf_check_elems(v, t, 2, 0, 1);
	case K_FUNC:
		ref = btf_view_type(v, t->type);
		if (!ref || btf_kind(ref) != K_FUNC_PROTO)
			return "function's type is not a FUNC_PROTO";
		return btf_vlen(t) <= 2 ? NULL : "unknown function linkage";
	default:		/* INT, FWD, FLOAT: no reference */
		return NULL;
	}
}

/**
 * btf_check_types() - index the types of @v and check their references
 * @v: a view btf_check_layout() accepted
 * @offs: room for v->ntypes offsets, kept by @v from here on
 *
 * Every name is in the string sections, every type id a record refers
 * to is void or a type of @v or its base, and a FUNC's type is a
 * FUNC_PROTO.
 * Context: any; writes @offs and @v.
 * Return: NULL, or why @v is refused (v->bad_id is the type).
 */
const char *btf_check_types(struct btf_view *v, u32 *offs)
{
	const struct btf_check_type *t;
	const char *why;
	u32 i, off = 0;

	for (i = 0; i < v->ntypes; i++) {
		offs[i] = off;
		t = (const void *)(v->types + off);
		off += btf_record_size(t);
	}
	v->offs = offs;
	for (i = 0; i < v->ntypes; i++) {
		why = btf_check_one(v, (const void *)(v->types + offs[i]));
		if (why) {
			v->bad_id = v->first_id + i;
			v->offs = NULL;
			return why;
		}
	}
	return NULL;
}
