// SPDX-License-Identifier: GPL-2.0
/*
 * C type names for fbt's argument descriptions ("struct file *",
 * "size_t") from the kernel's BTF, which the core has read and checked
 * (dtrace_btf_load()).  Process context only.
 */
#define pr_fmt(fmt) "dtrace fbt: " fmt

#include <linux/btf.h>
#include <linux/string.h>
#include "fbt_impl.h"

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
static int fbt_btf_base_name(const struct dtrace_btf *btf, u32 id, char *buf,
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
		t = dtrace_btf_type(btf, id);
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
				  dtrace_btf_name(btf, t->name_off)))
			return -1;
		return ptrs;
	}
	return -1;
}

/**
 * fbt_btf_type_name() - the C name of type @id, as D's compiler reads it
 * @btf: the BTF @id is in (or in its base)
 * @id: a type id
 * @buf: where the name goes
 * @size: the room in @buf
 *
 * Qualifiers other than a const on the base type are left out, arrays
 * decay to pointers, and what has no C name (a pointer to a function,
 * an anonymous struct) reads "void *".
 * Return: 0, or -ENAMETOOLONG.
 */
int fbt_btf_type_name(const struct dtrace_btf *btf, u32 id, char *buf,
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
