/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_dif's input format, decoded by fuzz_dif.c and written by the
 * seed generator fuzz_seed.c from programs the compiler produced.  Any
 * bytes decode into a program (missing bytes read as 0); a program the
 * compiler produced encodes exactly when it fits the limits below.
 *
 *   flags    1 byte: bits 0-1 rtype (3 reads as INT), bit 2 keep the last
 *            instruction as it is (else it becomes RET of instruction
 *            0's dst), bits 3-4 the size of an INT result (1, 2, 4, 8)
 *   rsize    2 bytes, big-endian, BYREF only: rsize - 1
 *   ninsns   2 bytes: ninsns - 1, modulo DIF_IN_MAXINSNS
 *   insns    op - 1 (modulo the opcodes), dst, src1, src2 (a register
 *            byte is register 0 below 0x80, else its low 4 bits), imm:
 *            one byte 0..0x7f for 0..47 (modulo 48), 0x80..0xbf for
 *            -(byte % 8), else 4 more bytes, big-endian
 *   nints    1 byte, modulo DIF_IN_MAXINTS; 8 bytes each, big-endian
 *   strlen   2 bytes, modulo DIF_IN_MAXSTR; the bytes (the last one
 *            becomes NUL)
 *   nvars    1 byte, modulo DIF_IN_MAXVARS; each: id - 1 (2 bytes,
 *            modulo DTRACE_DIF_MAXVARS - 1), a byte of scope (bits 0-1),
 *            kind (bit 2), type (bits 3-4), and, unless INT, size - 1
 *            (2 bytes)
 *
 * The biases (register 0 half the time, small immediates, RET last)
 * keep random inputs where the verifier accepts some of them.
 */
#ifndef _FUZZ_DIF_INPUT_H
#define _FUZZ_DIF_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <linux/dtrace.h>

#define DIF_IN_MAXINSNS		512
#define DIF_IN_MAXINTS		32
#define DIF_IN_MAXSTR		1024
#define DIF_IN_MAXVARS		16

/* A decoded program: the difo points into the arrays. */
struct dif_in {
	struct dtrace_difo d;
	struct dtrace_dif_insn insns[DIF_IN_MAXINSNS];
	uint64_t ints[DIF_IN_MAXINTS];
	char str[DIF_IN_MAXSTR];
	struct dtrace_difv vars[DIF_IN_MAXVARS];
};

struct dif_cursor {
	const uint8_t *p;
	size_t left;
};

static inline uint64_t dif_take(struct dif_cursor *c, unsigned int n)
{
	uint64_t v = 0;

	while (n--) {
		v <<= 8;
		if (c->left) {
			v |= *c->p++;
			c->left--;
		}
	}
	return v;
}

static inline uint8_t dif_in_reg(uint8_t b)
{
	return b < 0x80 ? 0 : b & 15;
}

static inline void dif_in_decode(struct dif_in *in, const uint8_t *data,
				 size_t size)
{
	struct dif_cursor c = { data, size };
	struct dtrace_difo *d = &in->d;
	uint32_t flags, i, b;

	memset(d, 0, sizeof(*d));
	flags = dif_take(&c, 1);
	d->rtype = flags & 3;
	if (d->rtype == 3)
		d->rtype = DTRACE_DIF_RTYPE_INT;
	if (d->rtype == DTRACE_DIF_RTYPE_INT)
		d->rsize = 1u << ((flags >> 3) & 3);
	else if (d->rtype == DTRACE_DIF_RTYPE_BYREF)
		d->rsize = dif_take(&c, 2) + 1;
	d->ninsns = dif_take(&c, 2) % DIF_IN_MAXINSNS + 1;
	for (i = 0; i < d->ninsns; i++) {
		struct dtrace_dif_insn *ins = &in->insns[i];

		ins->op = dif_take(&c, 1) % (DTRACE_DIF_OP_MAX - 1) + 1;
		ins->dst = dif_in_reg(dif_take(&c, 1));
		ins->src1 = dif_in_reg(dif_take(&c, 1));
		ins->src2 = dif_in_reg(dif_take(&c, 1));
		b = dif_take(&c, 1);
		ins->imm = b < 0x80 ? (int32_t)(b % 48) :
			   b < 0xc0 ? -(int32_t)(b % 8) :
			   (int32_t)(uint32_t)dif_take(&c, 4);
	}
	if (!(flags & 4))
		in->insns[d->ninsns - 1] = (struct dtrace_dif_insn){
			.op = DTRACE_DIF_OP_RET, .src1 = in->insns[0].dst };
	d->nints = dif_take(&c, 1) % DIF_IN_MAXINTS;
	for (i = 0; i < d->nints; i++)
		in->ints[i] = dif_take(&c, 8);
	d->strtab_len = dif_take(&c, 2) % DIF_IN_MAXSTR;
	for (i = 0; i < d->strtab_len; i++)
		in->str[i] = (char)dif_take(&c, 1);
	if (d->strtab_len)
		in->str[d->strtab_len - 1] = '\0';
	d->nvars = dif_take(&c, 1) % DIF_IN_MAXVARS;
	for (i = 0; i < d->nvars; i++) {
		struct dtrace_difv *v = &in->vars[i];

		memset(v, 0, sizeof(*v));
		v->id = dif_take(&c, 2) % (DTRACE_DIF_MAXVARS - 1) + 1;
		b = dif_take(&c, 1);
		v->scope = b & 3;
		v->kind = (b >> 2) & 1;
		v->type = (b >> 3) & 3;
		v->size = v->type == DTRACE_DIFV_TYPE_INT ? 8 :
			  dif_take(&c, 2) + 1;
	}
	d->insns = (uintptr_t)in->insns;
	d->inttab = (uintptr_t)in->ints;
	d->strtab = (uintptr_t)in->str;
	d->vartab = (uintptr_t)in->vars;
}

/* Big-endian @n bytes of @v at *@p. */
static inline uint8_t *dif_put(uint8_t *p, uint64_t v, unsigned int n)
{
	while (n--)
		*p++ = (uint8_t)(v >> (8 * n));
	return p;
}

/*
 * Encode @d (host pointers) into @buf, which has room for
 * DIF_IN_ENCODED_MAX bytes.  Return: the length, or 0 if the program
 * does not fit the format's limits.
 */
#define DIF_IN_ENCODED_MAX	(8 + DIF_IN_MAXINSNS * 9 + 1 + \
				 DIF_IN_MAXINTS * 8 + 2 + DIF_IN_MAXSTR + 1 + \
				 DIF_IN_MAXVARS * 5)

static inline size_t dif_in_encode(uint8_t *buf, const struct dtrace_difo *d)
{
	const struct dtrace_dif_insn *ins =
		(const struct dtrace_dif_insn *)(uintptr_t)d->insns;
	const uint64_t *ints = (const uint64_t *)(uintptr_t)d->inttab;
	const char *str = (const char *)(uintptr_t)d->strtab;
	const struct dtrace_difv *vars =
		(const struct dtrace_difv *)(uintptr_t)d->vartab;
	uint8_t *p = buf;
	uint32_t i, szlog = 0;

	if (!d->ninsns || d->ninsns > DIF_IN_MAXINSNS ||
	    d->nints >= DIF_IN_MAXINTS || d->strtab_len >= DIF_IN_MAXSTR ||
	    d->nvars >= DIF_IN_MAXVARS || d->rtype > DTRACE_DIF_RTYPE_BYREF ||
	    (d->rtype == DTRACE_DIF_RTYPE_BYREF &&
	     (!d->rsize || d->rsize > 65536)))
		return 0;
	if (d->rtype == DTRACE_DIF_RTYPE_INT) {
		while (szlog < 3 && (1u << szlog) != d->rsize)
			szlog++;
		if ((1u << szlog) != d->rsize)
			return 0;
	}
	*p++ = d->rtype | 4 | szlog << 3;
	if (d->rtype == DTRACE_DIF_RTYPE_BYREF)
		p = dif_put(p, d->rsize - 1, 2);
	p = dif_put(p, d->ninsns - 1, 2);
	for (i = 0; i < d->ninsns; i++) {
		const uint8_t regs[3] = { ins[i].dst, ins[i].src1, ins[i].src2 };
		unsigned int k;

		if (!ins[i].op || ins[i].op >= DTRACE_DIF_OP_MAX)
			return 0;
		*p++ = ins[i].op - 1;
		for (k = 0; k < 3; k++) {
			if (regs[k] > 15)
				return 0;
			*p++ = regs[k] ? 0x80 | regs[k] : 0;
		}
		if (ins[i].imm >= 0 && ins[i].imm < 48) {
			*p++ = (uint8_t)ins[i].imm;
		} else if (ins[i].imm < 0 && ins[i].imm > -8) {
			*p++ = (uint8_t)(0x80 - ins[i].imm);
		} else {
			*p++ = 0xff;
			p = dif_put(p, (uint32_t)ins[i].imm, 4);
		}
	}
	*p++ = (uint8_t)d->nints;
	for (i = 0; i < d->nints; i++)
		p = dif_put(p, ints[i], 8);
	p = dif_put(p, d->strtab_len, 2);
	for (i = 0; i < d->strtab_len; i++)
		*p++ = (uint8_t)str[i];
	*p++ = (uint8_t)d->nvars;
	for (i = 0; i < d->nvars; i++) {
		if (!vars[i].id || vars[i].id >= DTRACE_DIF_MAXVARS ||
		    vars[i].scope > 3 || vars[i].kind > 1 || vars[i].type > 3 ||
		    vars[i].reserved || vars[i].dsize ||
		    (vars[i].type == DTRACE_DIFV_TYPE_INT ? vars[i].size != 8 :
		     !vars[i].size || vars[i].size > 65536))
			return 0;
		p = dif_put(p, vars[i].id - 1, 2);
		*p++ = vars[i].scope | vars[i].kind << 2 | vars[i].type << 3;
		if (vars[i].type != DTRACE_DIFV_TYPE_INT)
			p = dif_put(p, vars[i].size - 1, 2);
	}
	return (size_t)(p - buf);
}

#endif /* _FUZZ_DIF_INPUT_H */
