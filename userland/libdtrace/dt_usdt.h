/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT sites read from an ELF object's .note.stapsdt notes (dt_usdt.c),
 * for dt_pid.c.
 */
#ifndef _DT_USDT_H
#define _DT_USDT_H

#include <stddef.h>
#include <stdint.h>
#include <linux/dtrace_fasttrap.h>

struct dtrace_hdl;

struct dt_usdt_site {
	char *provider, *name;	/* as in the note: "libc", "setjmp" */
	char *args;		/* "-4@%edi 8@%rsi" */
	uint64_t pc;		/* the site's address in the object */
	uint64_t sema;		/* its semaphore's address, 0 for none */
};

/*
 * The sites of @path into *@sitesp (free with dt_usdt_free()), none for
 * an object without notes.  Return: 0, -1 if @path cannot be read.
 */
int dt_usdt_read(const char *path, struct dt_usdt_site **sitesp, size_t *np);
void dt_usdt_free(struct dt_usdt_site *sites, size_t n);

/*
 * The arguments of site @s of @path as the kernel reads them.
 * Return: 0, -1 for an operand this does not understand.
 */
int dt_usdt_args(struct dtrace_hdl *dtp, const char *path,
		 const struct dt_usdt_site *s, struct dtrace_ftarg *args,
		 uint32_t *nargs);

#endif /* _DT_USDT_H */
