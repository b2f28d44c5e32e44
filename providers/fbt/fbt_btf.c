// SPDX-License-Identifier: GPL-2.0
/*
 * A reader of the kernel's BTF for fbt: an index from type id to type,
 * string lookup across vmlinux and a module's split BTF, and C type
 * names for argument descriptions ("struct file *", "size_t").
 * Process context only.
 */
#define pr_fmt(fmt) "dtrace fbt: " fmt

#include <linux/btf.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include "fbt_impl.h"

/* Bytes a type of this kind takes after its struct btf_type. */
static size_t fbt_btf_extra(const struct btf_type *t)
{
	u16 vlen = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return sizeof(u32);
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return vlen * sizeof(struct btf_enum);
	case BTF_KIND_ENUM64:
		return vlen * sizeof(struct btf_enum64);
	case BTF_KIND_FUNC_PROTO:
		return vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return vlen * sizeof(struct btf_var_secinfo);
	default:
		return 0;
	}
}

/* Two passes over the types: count them, then record where each is. */
static int fbt_btf_index(struct fbt_btf *btf, u32 len)
{
	u32 off, n = 0;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		for (off = 0, n = 0; off + sizeof(struct btf_type) <= len; n++) {
			const struct btf_type *t = (void *)(btf->types + off);

			if (btf->offs)
				btf->offs[n] = off;
			off += sizeof(*t) + fbt_btf_extra(t);
		}
		if (off != len)
			return -EINVAL;
		if (!btf->offs) {
			btf->offs = kvmalloc_array(n ?: 1, sizeof(u32),
						   GFP_KERNEL);
			if (!btf->offs)
				return -ENOMEM;
		}
	}
	btf->ntypes = n;
	return 0;
}

/**
 * fbt_btf_load() - read and index the BTF of vmlinux or of a module
 * @btf: filled in
 * @object: "vmlinux" or a module's name
 * @base: vmlinux's BTF when @object is a module, else NULL
 *
 * Return: 0, -ENOENT (no BTF), -EINVAL (malformed) or -ENOMEM.
 */
int fbt_btf_load(struct fbt_btf *btf, const char *object,
		 const struct fbt_btf *base)
{
	const struct btf_header *hdr;
	size_t size;
	int ret;

	memset(btf, 0, sizeof(*btf));
	hdr = dtrace_btf_read(object, &size);
	if (IS_ERR(hdr))
		return PTR_ERR(hdr);
	btf->hdr = hdr;
	btf->base = base;
	btf->strs = (const char *)hdr + hdr->hdr_len + hdr->str_off;
	btf->str_len = hdr->str_len;
	btf->types = (const u8 *)hdr + hdr->hdr_len + hdr->type_off;
	btf->first_id = base ? base->first_id + base->ntypes : 1;
	btf->str_first = base ? base->str_first + base->str_len : 0;
	ret = fbt_btf_index(btf, hdr->type_len);
	if (ret)
		fbt_btf_free(btf);
	return ret;
}

void fbt_btf_free(struct fbt_btf *btf)
{
	kvfree(btf->offs);
	vfree(btf->hdr);
	memset(btf, 0, sizeof(*btf));
}

/* The type @id (0, void, and unknown ids: NULL). */
const struct btf_type *fbt_btf_type(const struct fbt_btf *btf, u32 id)
{
	while (btf && id < btf->first_id)
		btf = btf->base;
	if (!btf || id - btf->first_id >= btf->ntypes)
		return NULL;
	return (const void *)(btf->types + btf->offs[id - btf->first_id]);
}

const char *fbt_btf_name(const struct fbt_btf *btf, u32 off)
{
	while (btf && off < btf->str_first)
		btf = btf->base;
	if (!btf || off - btf->str_first >= btf->str_len)
		return "";
	return btf->strs + off - btf->str_first;
}

/* Append @s to the name being built in @buf; false once it is full. */
static bool fbt_name_add(char *buf, size_t size, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (*len + n >= size)
		return false;
	memcpy(buf + *len, s, n + 1);
	*len += n;
	return true;
}

/*
 * The base type a name starts with, after qualifiers and typedef-free
 * pointers: "struct file", "const char", "size_t".  Return: the number
 * of pointer levels above it, or -1 for a type without a C name (a
 * function, an anonymous struct), which is described as void *.
 */
static int fbt_btf_base_name(const struct fbt_btf *btf, u32 id, char *buf,
			     size_t size, size_t *len)
{
	static const char *const tags[] = {
		[BTF_KIND_STRUCT] = "struct ", [BTF_KIND_UNION] = "union ",
		[BTF_KIND_ENUM] = "enum ", [BTF_KIND_ENUM64] = "enum ",
	};
	const struct btf_type *t;
	bool is_const = false;
	int ptrs = 0, depth;
	const char *name;

	for (depth = 0; depth < 32; depth++) {
		t = fbt_btf_type(btf, id);
		if (!t)		/* void */
			return fbt_name_add(buf, size, len, is_const ?
					    "const void" : "void") ? ptrs : -1;
		switch (btf_kind(t)) {
		case BTF_KIND_PTR:
			ptrs++;
			is_const = false;
			fallthrough;
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = t->type;
			continue;
		case BTF_KIND_CONST:
			is_const = true;
			id = t->type;
			continue;
		case BTF_KIND_ARRAY:
			ptrs++;
			id = btf_array(t)->type;
			continue;
		case BTF_KIND_FWD:
			name = btf_type_kflag(t) ? "union " : "struct ";
			break;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			name = tags[btf_kind(t)];
			break;
		case BTF_KIND_INT:
		case BTF_KIND_FLOAT:
		case BTF_KIND_TYPEDEF:
			name = "";
			break;
		default:
			return -1;
		}
		if (!t->name_off)
			return -1;
		if ((is_const && !fbt_name_add(buf, size, len, "const ")) ||
		    !fbt_name_add(buf, size, len, name) ||
		    !fbt_name_add(buf, size, len,
				  fbt_btf_name(btf, t->name_off)))
			return -1;
		return ptrs;
	}
	return -1;
}

/**
 * fbt_btf_type_name() - the C name of type @id, as D's compiler reads it
 * @btf: the BTF @id is in (or in its base)
 * @id: a type id
 * @buf, @size: where the name goes
 *
 * Qualifiers other than a const on the base type are left out, arrays
 * decay to pointers, and what has no C name (a pointer to a function,
 * an anonymous struct) reads "void *".
 * Return: 0, or -ENAMETOOLONG.
 */
int fbt_btf_type_name(const struct fbt_btf *btf, u32 id, char *buf,
		      size_t size)
{
	size_t len = 0;
	int ptrs;

	buf[0] = '\0';
	ptrs = fbt_btf_base_name(btf, id, buf, size, &len);
	if (ptrs < 0) {
		len = 0;
		buf[0] = '\0';
		ptrs = fbt_name_add(buf, size, &len, "void") ? 1 : -1;
	}
	if (ptrs > 0 && !fbt_name_add(buf, size, &len, " "))
		return -ENAMETOOLONG;
	while (ptrs-- > 0)
		if (!fbt_name_add(buf, size, &len, "*"))
			return -ENAMETOOLONG;
	return 0;
}
