/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How recorded data other than printf() prints: stacks (stack(),
 * ustack(), %k), bytes (tracemem(), trace() of by-reference values)
 * and typed values (print()).  dt_print.c; docs/output.md shows each.
 */
#ifndef _DT_PRINT_H
#define _DT_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dtrace_hdl;
struct dt_strbuf;
struct dt_type;

/* Spaces before each frame of a stack. */
#define DT_STACK_INDENT	14

/*
 * A newline, then one line per pc up to the first zero (at most @npcs
 * u64s at @pcs, any alignment): DT_STACK_INDENT spaces and the symbol,
 * kernel pcs when @pid < 0, else user pcs of process @pid.
 */
int dt_print_stack(struct dtrace_hdl *dtp, const void *pcs,
		   unsigned int npcs, int pid, struct dt_strbuf *sb);

/*
 * The symbol of frame @i of @pcs (kernel if @pid < 0) into @buf.
 * Return: false for a zero pc, the end of the stack.
 */
bool dt_print_frame(struct dtrace_hdl *dtp, const void *pcs, unsigned int i,
		    int pid, char *buf, size_t len);

/*
 * @n bytes: a newline and a hex dump with offsets and an ASCII column;
 * unless @raw, bytes that are printable text up to a NUL and NULs after
 * print as that string instead ("  %-33s", or "%s" when @quiet).
 */
int dt_print_bytes(const unsigned char *p, size_t n, bool quiet, bool raw,
		   struct dt_strbuf *sb);

/*
 * print(): the value of type @t at @p (@n bytes recorded) as its type
 * says: "TYPE VALUE", a struct or union member by member.
 */
int dt_print_value(const struct dt_type *t, const unsigned char *p, size_t n,
		   struct dt_strbuf *sb);

/*
 * print() of a pointer to a struct or union: "ADDR = *", then the
 * object (@n bytes at @p, of type @t) in DTrace's layout, nonzero
 * members only.
 */
int dt_print_pointee(uint64_t addr, const struct dt_type *t,
		     const unsigned char *p, size_t n, struct dt_strbuf *sb);

#endif /* _DT_PRINT_H */
