/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbols for addresses: kernel ones from /proc/kallsyms (module symbols
 * included), user ones from a process's /proc/PID/maps and the ELF
 * symbol tables of the objects it maps.  dt_sym.c owns the caches.
 */
#ifndef _DT_SYM_H
#define _DT_SYM_H

#include <stdbool.h>
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
 * leading "`" allowed), and in *@textp (unless NULL) whether it is a
 * function.  Return: 0 with *@addrp, or -1 if there is none.
 */
int dt_sym_kname(struct dtrace_hdl *dtp, const char *name, uint64_t *addrp,
		 bool *textp);

/*
 * The same for user address @pc of process @pid: "object`symbol+0xoff"
 * with the object's file name, "object`0xaddr" when the object has no
 * symbol there, "0xaddr" when @pid has no mapping of @pc (or was gone
 * before its maps were first read); "object:0xaddr" under -x noresolve.
 */
void dt_sym_uaddr(struct dtrace_hdl *dtp, int pid, uint64_t pc, char *buf,
		  size_t len);

/*
 * Read the maps of process @pid now, so that its addresses can still be
 * named after it has exited (the -c and -p target).
 */
void dt_sym_uproc_read(struct dtrace_hdl *dtp, int pid);

/*
 * ELF objects of user programs by path, read once per handle, for the
 * pid provider and USDT (dt_pid.c).  Addresses are the object's own
 * virtual addresses (as its symbol table has them).
 *
 * dt_sym_ufuncs() calls @fn for each function whose name, or one of its
 * aliases', matches @glob (each address once, under its best name:
 * global before weak before local, then the shortest; a version of a
 * name that is not the default one is no function); it stops at a
 * non-zero return, which it returns, and returns 1 for a file it cannot
 * read (not ELF: a locale file, a data file mapped).  dt_sym_uoffset() turns an
 * address into the offset in the file (-1: not in a loaded segment).
 * dt_sym_ufunc_at() names the function covering an address (NULL: none);
 * dt_sym_uname() finds a symbol's address (-1: none).
 * dt_sym_uobj_name() is the name probes and stacks give the object: a
 * library's soname ("libstdc++.so.6"), else the file's basename.
 */
typedef int dt_ufunc_f(const char *name, uint64_t vaddr, uint64_t size,
		       void *arg);

int dt_sym_ufuncs(struct dtrace_hdl *dtp, const char *path, const char *glob,
		  dt_ufunc_f *fn, void *arg);
const char *dt_sym_uobj_name(struct dtrace_hdl *dtp, const char *path);
int dt_sym_uoffset(struct dtrace_hdl *dtp, const char *path, uint64_t vaddr,
		   uint64_t *offp);
const char *dt_sym_ufunc_at(struct dtrace_hdl *dtp, const char *path,
			    uint64_t vaddr);
int dt_sym_uname(struct dtrace_hdl *dtp, const char *path, const char *name,
		 uint64_t *vaddrp);

void dt_sym_close(struct dtrace_hdl *dtp);

#endif /* _DT_SYM_H */
