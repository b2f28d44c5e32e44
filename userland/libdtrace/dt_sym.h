/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbols for addresses: kernel ones from /proc/kallsyms (module symbols
 * included), user ones from a process's /proc/PID/maps and the ELF
 * symbol tables of the objects it maps.  dt_sym.c owns the caches.
 */
#ifndef _DT_SYM_H
#define _DT_SYM_H

#include <stddef.h>
#include <stdint.h>

struct dtrace_hdl;

/*
 * Write the name of kernel address @pc as DTrace prints it into @buf:
 * "module`symbol+0xoff" ("vmlinux" for the kernel image), "module`symbol"
 * at the symbol's start, or "0xaddr" when no symbol covers it.  A NULL
 * @dtp always gives the address.  $DTRACE_KALLSYMS names another file
 * in /proc/kallsyms format (tests).
 */
void dt_sym_kaddr(struct dtrace_hdl *dtp, uint64_t pc, char *buf,
		  size_t len);

/*
 * The address of kernel symbol @name, "symbol" or "module`symbol" (a
 * leading "`" allowed).  Return: 0 with *@addrp, or -1 if there is none.
 */
int dt_sym_kname(struct dtrace_hdl *dtp, const char *name, uint64_t *addrp);

/*
 * The same for user address @pc of process @pid: "object`symbol+0xoff"
 * with the object's file name, "object`0xaddr" when the object has no
 * symbol there, "0xaddr" when @pid has no mapping of @pc (or was gone
 * before its maps were first read).
 */
void dt_sym_uaddr(struct dtrace_hdl *dtp, int pid, uint64_t pc, char *buf,
		  size_t len);

void dt_sym_close(struct dtrace_hdl *dtp);

#endif /* _DT_SYM_H */
