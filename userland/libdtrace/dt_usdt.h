/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT sites read from an ELF object's .note.stapsdt notes, with the
 * argument types dtrace -G recorded (dt_usdt.c), for dt_pid.c.
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
	char *decl;		/* its DT_USDT_ARGS_TYPE note's strings after */
	size_t decllen;		/* the provider and probe; NULL: none */
};

/*
 * dtrace -G's record of a declared probe's arguments (dt_link.c): a note
 * of this owner and type in this section, its descriptor NUL-terminated
 * strings: provider, probe, the count of native arguments and their
 * types ("int", "char *"), the count of translated arguments and, for
 * each, the index of the native argument it is and its type.
 */
#define DT_USDT_ARGS_SECTION	".note.dtrace.args"
#define DT_USDT_ARGS_OWNER	"dtrace"
#define DT_USDT_ARGS_TYPE	1

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

/*
 * The declared argument types of site @s into @c's nxargs, argmap and
 * argtypes (as DTRACEIOC_FTP_CREATE takes them), when the declaration
 * has as many native arguments as the site; else none.
 */
void dt_usdt_types(const struct dt_usdt_site *s,
		   struct dtrace_ioc_ftp_create *c);

#endif /* _DT_USDT_H */
