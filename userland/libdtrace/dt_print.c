// SPDX-License-Identifier: GPL-2.0
/*
 * Output of recorded data that is not printf(): symbolised stacks
 * (stack(), ustack(), %k), byte dumps (tracemem(), trace() of structs
 * and arrays) and print()'s type-directed layout, member by member.
 * Symbols come from dt_sym.c, types from dt_type.h.  The layouts are
 * DTrace's; docs/output.md shows them.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "dt_impl.h"
#include "dt_print.h"
#include "dt_printf.h"
#include "dt_sym.h"
#include "dt_type.h"

#define DT_PRINT_INDENT	4	/* spaces per level of print() nesting */
#define DT_PRINT_DEPTH	16	/* nesting printed at most */

bool dt_print_frame(dtrace_hdl_t *dtp, const void *pcs, unsigned int i,
		    int pid, char *buf, size_t len)
{
	uint64_t pc;

	memcpy(&pc, (const char *)pcs + 8 * i, 8);
	if (!pc)
		return false;
	if (pid < 0)
		dt_sym_kaddr(dtp, pc, buf, len);
	else
		dt_sym_uaddr(dtp, pid, pc, buf, len);
	return true;
}

int dt_print_stack(dtrace_hdl_t *dtp, const void *pcs, unsigned int npcs,
		   int pid, struct dt_strbuf *sb)
{
	unsigned int i;
	char sym[1024];
	int ret;

	ret = dt_strbuf_append(sb, "\n", 1);
	for (i = 0; i < npcs && !ret; i++) {
		if (!dt_print_frame(dtp, pcs, i, pid, sym, sizeof(sym)))
			break;
		ret = dt_strbuf_printf(sb, "%*s%s\n", DT_STACK_INDENT, "", sym);
	}
	return ret;
}

/* Printable text, a NUL, then only NULs: the length of the text. */
static bool dt_bytes_are_string(const unsigned char *p, size_t n,
				size_t *len)
{
	size_t i, j;

	for (i = 0; i < n && p[i]; i++)
		if (!isprint(p[i]) && !isspace(p[i]))
			return false;
	if (i == 0 || i == n)
		return false;
	for (j = i; j < n; j++)
		if (p[j])
			return false;
	*len = i;
	return true;
}

int dt_print_bytes(const unsigned char *p, size_t n, bool quiet, bool raw,
		   struct dt_strbuf *sb)
{
	size_t i, j, len;
	int ret;

	if (!raw && dt_bytes_are_string(p, n, &len))
		return dt_strbuf_printf(sb, quiet ? "%.*s" : "  %-33.*s",
					(int)len, (const char *)p);

	ret = dt_strbuf_printf(sb, "\n%11s", "");
	for (i = 0; i < 16 && !ret; i++)
		ret = dt_strbuf_printf(sb, "  %x", (unsigned int)i);
	if (!ret)
		ret = dt_strbuf_append(sb, "  0123456789abcdef\n", 19);
	for (i = 0; i < n && !ret; i += 16) {
		ret = dt_strbuf_printf(sb, "%5s%5zx:", "", i);
		for (j = i; j < i + 16 && !ret; j++)
			ret = j < n ? dt_strbuf_printf(sb, " %02x", p[j]) :
				      dt_strbuf_append(sb, "   ", 3);
		if (!ret)
			ret = dt_strbuf_append(sb, "  ", 2);
		for (j = i; j < i + 16 && j < n && !ret; j++) {
			char c = p[j] < ' ' || p[j] > '~' ? '.' : (char)p[j];

			ret = dt_strbuf_append(sb, &c, 1);
		}
		if (!ret)
			ret = dt_strbuf_append(sb, "\n", 1);
	}
	return ret;
}

/* An integer of @size bytes (or a bitfield) at bit @bitoff of @p. */
static uint64_t dt_print_int(const unsigned char *p, uint64_t bitoff,
			     unsigned int bitsize, uint64_t size)
{
	uint64_t v = 0;

	if (bitsize) {
		uint64_t i;

		/* little-endian: bit k of the value is bit bitoff + k */
		for (i = 0; i < bitsize; i++) {
			uint64_t b = bitoff + i;

			if (p[b / 8] & (1u << (b % 8)))
				v |= 1ULL << i;
		}
		return v;
	}
	memcpy(&v, p + bitoff / 8, size > 8 ? 8 : size);
	return v;
}

struct dt_pv {
	const unsigned char *base;
	size_t n;			/* bytes recorded at base */
	struct dt_strbuf *sb;
};

static int dt_pv_value(struct dt_pv *pv, const struct dt_type *t,
		       uint64_t bitoff, unsigned int bitsize, int depth);

static int dt_pv_members(struct dt_pv *pv, const struct dt_type *t,
			 uint64_t bitoff, int depth)
{
	const struct dt_member *ms;
	unsigned int i, n;
	char tname[256];
	int ret = 0;

	ms = dt_type_members(t, &n);
	for (i = 0; i < n && !ret; i++) {
		const struct dt_member *m = &ms[i];
		uint64_t mb = bitoff + m->bit_offset;

		if (!m->name) {		/* anonymous: its members inline */
			ret = dt_pv_members(pv, dt_type_base(m->type), mb,
					    depth);
			continue;
		}
		dt_type_name(m->type, tname, sizeof(tname));
		ret = dt_strbuf_printf(pv->sb, "%*s%s %s = ",
				       DT_PRINT_INDENT * (depth + 1), "",
				       tname, m->name);
		if (!ret)
			ret = dt_pv_value(pv, m->type, mb, m->bit_size,
					  depth + 1);
		if (!ret)
			ret = dt_strbuf_append(pv->sb, "\n", 1);
	}
	return ret;
}

static int dt_pv_array(struct dt_pv *pv, const struct dt_type *t,
		       uint64_t bitoff, int depth)
{
	const struct dt_type *et = dt_type_base(t->ref);
	uint64_t i, off = bitoff / 8;
	int ret;

	if (dt_type_is_char(et)) {
		size_t len = 0, max = t->nelems;

		if (off < pv->n && max > pv->n - off)
			max = pv->n - off;
		while (off < pv->n && len < max && pv->base[off + len])
			len++;
		dt_strbuf_append(pv->sb, "[ \"", 3);
		if (dt_printf_escape((const char *)pv->base + off, len,
				       pv->sb))
			return -1;
		return dt_strbuf_append(pv->sb, "\" ]", 3);
	}
	ret = dt_strbuf_append(pv->sb, "[ ", 2);
	for (i = 0; i < t->nelems && !ret; i++) {
		if (i)
			ret = dt_strbuf_append(pv->sb, ", ", 2);
		if (!ret)
			ret = dt_pv_value(pv, et, bitoff + i * et->size * 8, 0,
					  depth);
	}
	return ret ? ret : dt_strbuf_append(pv->sb, " ]", 2);
}

static int dt_pv_value(struct dt_pv *pv, const struct dt_type *t,
		       uint64_t bitoff, unsigned int bitsize, int depth)
{
	const struct dt_type *b = dt_type_base(t);
	uint64_t end = bitsize ? bitoff + bitsize : bitoff + b->size * 8;
	uint64_t v;
	unsigned int i;

	if ((end + 7) / 8 > pv->n || depth > DT_PRINT_DEPTH)
		return dt_strbuf_append(pv->sb, "?", 1);
	switch (b->kind) {
	case DT_TK_STRUCT:
	case DT_TK_UNION:
		if (dt_strbuf_append(pv->sb, "{\n", 2) ||
		    dt_pv_members(pv, b, bitoff, depth))
			return -1;
		return dt_strbuf_printf(pv->sb, "%*s}",
					DT_PRINT_INDENT * depth, "");
	case DT_TK_ARRAY:
		return dt_pv_array(pv, b, bitoff, depth);
	case DT_TK_STRING:
		if (dt_strbuf_append(pv->sb, "\"", 1) ||
		    dt_printf_escape((const char *)pv->base + bitoff / 8,
				       strnlen((const char *)pv->base +
					       bitoff / 8,
					       pv->n - bitoff / 8), pv->sb))
			return -1;
		return dt_strbuf_append(pv->sb, "\"", 1);
	case DT_TK_FLOAT: {
		double d = 0;
		float f;

		if (b->size == 4) {
			memcpy(&f, pv->base + bitoff / 8, 4);
			d = f;
		} else {
			memcpy(&d, pv->base + bitoff / 8, 8);
		}
		return dt_strbuf_printf(pv->sb, "%g", d);
	}
	case DT_TK_ENUM:
		v = dt_print_int(pv->base, bitoff, bitsize, b->size);
		for (i = 0; i < b->nenums; i++)
			if ((uint64_t)b->enums[i].value == v ||
			    (b->size == 4 &&
			     (uint32_t)b->enums[i].value == (uint32_t)v))
				return dt_strbuf_printf(pv->sb, "%s",
							b->enums[i].name);
		return dt_strbuf_printf(pv->sb, "%lld", (long long)v);
	case DT_TK_INT:
	case DT_TK_POINTER:
		v = dt_print_int(pv->base, bitoff, bitsize, b->size);
		return dt_strbuf_printf(pv->sb, "%#llx", (unsigned long long)v);
	default:
		return dt_strbuf_append(pv->sb, "?", 1);
	}
}

/*
 * print() of a pointer to a struct or union, DTrace's layout: the
 * address and " = *", then the object as "(type) {", a member a line
 * as ".name = (type)value," one column further in per level (nested
 * structs and arrays open a level of their own), members that are all
 * zero left out, from column DT_PRINT_PTRCOL.
 */
#define DT_PRINT_PTRCOL	44

static bool dt_pp_zero(const struct dt_pv *pv, uint64_t bitoff,
		       unsigned int bitsize, uint64_t size)
{
	uint64_t i;

	if (bitsize)
		return !dt_print_int(pv->base, bitoff, bitsize, 0);
	for (i = 0; i < size; i++)
		if (pv->base[bitoff / 8 + i])
			return false;
	return true;
}

static const char *dt_pp_tname(const struct dt_type *t, char *buf,
			       size_t len)
{
	const struct dt_type *b = dt_type_base(t);

	/* an anonymous one is named "struct " (dt_type_struct_begin()) */
	if (t == b && (b->kind == DT_TK_STRUCT || b->kind == DT_TK_UNION) &&
	    (!b->name || !*b->name || strchr(b->name, '<') ||
	     b->name[strlen(b->name) - 1] == ' '))
		snprintf(buf, len, "%s",
			 b->kind == DT_TK_STRUCT ? "struct" : "union");
	else
		dt_type_name(t, buf, len);
	return buf;
}

static int dt_pp_value(struct dt_pv *pv, const struct dt_type *t,
		       uint64_t bitoff, unsigned int bitsize, int col,
		       const char *name, const char *end);

static int dt_pp_members(struct dt_pv *pv, const struct dt_type *t,
			 uint64_t bitoff, int col)
{
	const struct dt_member *ms;
	unsigned int i, n;
	int ret = 0;

	ms = dt_type_members(t, &n);
	for (i = 0; i < n && !ret; i++) {
		const struct dt_member *m = &ms[i];
		const struct dt_type *mt = dt_type_base(m->type);
		uint64_t mb = bitoff + m->bit_offset;

		if ((mb + (m->bit_size ? m->bit_size : mt->size * 8) + 7) / 8 >
		    pv->n || dt_pp_zero(pv, mb, m->bit_size, mt->size))
			continue;
		if (!m->name)	/* anonymous: its members in line */
			ret = dt_pp_members(pv, mt, mb, col);
		else
			ret = dt_pp_value(pv, m->type, mb, m->bit_size, col,
					  m->name, ",");
	}
	return ret;
}

static int dt_pp_value(struct dt_pv *pv, const struct dt_type *t,
		       uint64_t bitoff, unsigned int bitsize, int col,
		       const char *name, const char *end)
{
	const struct dt_type *b = dt_type_base(t);
	char tname[256], dot[160] = "";
	uint64_t v, i;
	int ret;

	if (name)
		snprintf(dot, sizeof(dot), ".%s = ", name);
	dt_pp_tname(t, tname, sizeof(tname));
	if (b->kind == DT_TK_STRUCT || b->kind == DT_TK_UNION) {
		ret = dt_strbuf_printf(pv->sb, "%*s%s(%s) {\n", col, "", dot,
				       tname);
		if (!ret && col < DT_PRINT_PTRCOL + DT_PRINT_DEPTH)
			ret = dt_pp_members(pv, b, bitoff, col + 1);
		return ret ? ret : dt_strbuf_printf(pv->sb, "%*s}%s\n", col,
						    "", end);
	}
	if (b->kind == DT_TK_ARRAY) {
		const struct dt_type *et = dt_type_base(b->ref);

		ret = dt_strbuf_printf(pv->sb, "%*s%s(%s) [\n", col, "", dot,
				       tname);
		for (i = 0; i < b->nelems && !ret; i++) {
			uint64_t eb = bitoff + i * et->size * 8;

			if ((eb / 8 + et->size) > pv->n ||
			    dt_pp_zero(pv, eb, 0, et->size))
				continue;
			ret = dt_pp_value(pv, b->ref, eb, 0, col + 1, NULL, ",");
		}
		return ret ? ret : dt_strbuf_printf(pv->sb, "%*s]%s\n", col,
						    "", end);
	}
	ret = dt_strbuf_printf(pv->sb, "%*s%s(%s)", col, "", dot, tname);
	v = b->kind == DT_TK_FLOAT ? 0 :
	    dt_print_int(pv->base, bitoff, bitsize, b->size);
	if (ret)
		return ret;
	if (b->kind == DT_TK_POINTER)
		ret = dt_strbuf_printf(pv->sb, "0x%llx", (unsigned long long)v);
	else if (dt_type_is_char(b) && isprint((int)(v & 0xff)))
		ret = dt_strbuf_printf(pv->sb, "'%c'", (int)(v & 0xff));
	else if (b->kind == DT_TK_ENUM || b->kind == DT_TK_FLOAT)
		ret = dt_pv_value(pv, t, bitoff, bitsize, 0);
	else if (b->is_signed && b->size < 8 && !bitsize)
		ret = dt_strbuf_printf(pv->sb, "%lld", (long long)
				       (int64_t)(v << (64 - 8 * b->size)) >>
				       (64 - 8 * b->size));
	else
		ret = dt_strbuf_printf(pv->sb, b->is_signed ? "%lld" : "%llu",
				       (long long)v);
	return ret ? ret : dt_strbuf_printf(pv->sb, "%s\n", end);
}

int dt_print_pointee(uint64_t addr, const struct dt_type *t,
		     const unsigned char *p, size_t n, struct dt_strbuf *sb)
{
	struct dt_pv pv = { .base = p, .n = n, .sb = sb };

	if (dt_strbuf_printf(sb, "0x%llx = *\n", (unsigned long long)addr))
		return -1;
	return dt_pp_value(&pv, t, 0, 0, DT_PRINT_PTRCOL, NULL, "");
}

int dt_print_value(const struct dt_type *t, const unsigned char *p, size_t n,
		   struct dt_strbuf *sb)
{
	struct dt_pv pv = { .base = p, .n = n, .sb = sb };
	char tname[256];

	dt_type_name(t, tname, sizeof(tname));
	if (dt_strbuf_printf(sb, "%s ", tname))
		return -1;
	return dt_pv_value(&pv, t, 0, 0, 0);
}
