// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace -G: the ELF object a program that uses a dtrace -h header links
 * with.  It defines each declared probe's semaphore,
 * PROVIDER_PROBE_semaphore, a two-byte zero in a writable .probes
 * section, global and hidden (each executable or library has its own),
 * and records each declared argument list in a .note.dtrace.args note
 * (dt_usdt.h), which dtrace reads back to give args[] its types and the
 * ": (...)" translation.  The site notes themselves are already in the
 * objects compiled with the header (or with <sys/sdt.h>), so those are
 * not changed: a Makefile written for DTrace
 *	dtrace -h -s p.d; cc -c app.c; dtrace -G -s p.d app.o; cc app.o p.o
 * works as it is.  Written with libelf, as an x86-64 relocatable.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dt_provider.h"
#include "dt_type.h"
#include "dt_usdt.h"

/*
 * A growing buffer: a string table (an offset of 0 after the first
 * string is a failure) or the notes.
 */
struct dt_strtab {
	char *buf;
	size_t len;
};

static bool dt_buf_add(struct dt_strtab *st, const void *data, size_t n)
{
	char *p = realloc(st->buf, st->len + n);

	if (!p)
		return false;
	st->buf = p;
	memcpy(p + st->len, data, n);
	st->len += n;
	return true;
}

static size_t dt_strtab_add(struct dt_strtab *st, const char *s)
{
	size_t off = st->len;

	return dt_buf_add(st, s, strlen(s) + 1) ? off : 0;
}

/* A type's name in a note: D's string is the char * the site passes. */
static bool dt_argnote_type(struct dt_strtab *d, const struct dt_type *t)
{
	char name[DTRACE_ARGTYPELEN];

	if (dt_type_is_string(t))
		snprintf(name, sizeof(name), "char *");
	else
		dt_type_name(t, name, sizeof(name));
	return dt_buf_add(d, name, strlen(name) + 1);
}

/*
 * The DT_USDT_ARGS_TYPE note of probe @p of @pv onto @notes: its
 * descriptor the strings provider, probe, the count of native
 * arguments, their types, the count of translated ones, and for each
 * the index of its native argument and its type.
 */
static bool dt_argnote(struct dt_strtab *notes, const struct dt_uprov *pv,
		       const struct dt_uprobe *p)
{
	static const char zeros[4];
	struct dt_strtab d = { 0 };
	char num[16];
	uint32_t hdr[3];
	unsigned int i;
	bool ok;

	ok = dt_buf_add(&d, pv->name, strlen(pv->name) + 1) &&
	     dt_buf_add(&d, p->name, strlen(p->name) + 1);
	snprintf(num, sizeof(num), "%u", p->nargs);
	ok = ok && dt_buf_add(&d, num, strlen(num) + 1);
	for (i = 0; ok && i < p->nargs; i++)
		ok = dt_argnote_type(&d, p->args[i]);
	snprintf(num, sizeof(num), "%u", p->nxargs);
	ok = ok && dt_buf_add(&d, num, strlen(num) + 1);
	for (i = 0; ok && i < p->nxargs; i++) {
		snprintf(num, sizeof(num), "%u", p->map[i]);
		ok = dt_buf_add(&d, num, strlen(num) + 1) &&
		     dt_argnote_type(&d, p->xargs[i]);
	}
	hdr[0] = sizeof(DT_USDT_ARGS_OWNER);
	hdr[1] = (uint32_t)d.len;
	hdr[2] = DT_USDT_ARGS_TYPE;
	ok = ok && dt_buf_add(notes, hdr, sizeof(hdr)) &&
	     dt_buf_add(notes, DT_USDT_ARGS_OWNER, sizeof(DT_USDT_ARGS_OWNER)) &&
	     dt_buf_add(notes, zeros, -sizeof(DT_USDT_ARGS_OWNER) & 3) &&
	     dt_buf_add(notes, d.buf, d.len) &&
	     dt_buf_add(notes, zeros, -d.len & 3);
	free(d.buf);
	return ok;
}

static Elf_Scn *dt_link_section(Elf *elf, struct dt_strtab *shstr,
				const char *name, Elf64_Word type,
				Elf64_Xword flags, void *buf, size_t size,
				size_t align)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf64_Shdr *sh;
	Elf_Data *d;

	if (!scn || !(d = elf_newdata(scn)) || !(sh = elf64_getshdr(scn)))
		return NULL;
	d->d_buf = buf;
	d->d_size = size;
	d->d_align = align;
	d->d_type = type == SHT_SYMTAB ? ELF_T_SYM : ELF_T_BYTE;
	sh->sh_name = (Elf64_Word)dt_strtab_add(shstr, name);
	sh->sh_type = type;
	sh->sh_flags = flags;
	sh->sh_addralign = align;
	return sh->sh_name ? scn : NULL;
}

int dtrace_provider_object(dtrace_hdl_t *dtp, const char *path)
{
	struct dt_strtab str = { 0 }, shstr = { 0 }, notes = { 0 };
	Elf64_Sym *syms = NULL;
	const struct dt_uprov *pv;
	const struct dt_uprobe *p;
	size_t n = 0, i;
	Elf_Scn *probes, *symtab, *strtab, *shs;
	Elf64_Shdr *sh;
	Elf64_Ehdr *eh;
	char *zeros = NULL, name[512];
	Elf *elf = NULL;
	int fd, ret = -1;

	/* a program without USDT providers gets an object defining none */
	for (pv = dtp->uprovs; pv; pv = pv->next) {
		for (p = pv->probes; p; p = p->next) {
			n++;
			if (p->nargs && !dt_argnote(&notes, pv, p)) {
				free(notes.buf);
				return dt_set_errno(dtp, ENOMEM);
			}
		}
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return dt_set_errno(dtp, errno);
	elf_version(EV_CURRENT);
	syms = calloc(n + 2, sizeof(*syms));
	zeros = calloc(n ? n : 1, 2);
	/* offset 0 of each string table is the empty name */
	dt_strtab_add(&str, "");
	dt_strtab_add(&shstr, "");
	if (!syms || !zeros || !str.buf || !shstr.buf)
		goto out;
	elf = elf_begin(fd, ELF_C_WRITE, NULL);
	if (!elf || !(eh = elf64_newehdr(elf)))
		goto out;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_type = ET_REL;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;

	probes = dt_link_section(elf, &shstr, ".probes", SHT_PROGBITS,
				 SHF_ALLOC | SHF_WRITE, zeros, n * 2, 2);
	if (!probes ||
	    !dt_link_section(elf, &shstr, ".note.GNU-stack", SHT_PROGBITS, 0,
			     NULL, 0, 1) ||
	    (notes.len &&
	     !dt_link_section(elf, &shstr, DT_USDT_ARGS_SECTION, SHT_NOTE, 0,
			      notes.buf, notes.len, 4)))
		goto out;
	/* [0] null, [1] the .probes section, then one global per probe */
	syms[1].st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
	syms[1].st_shndx = (Elf64_Section)elf_ndxscn(probes);
	i = 2;
	for (pv = dtp->uprovs; pv; pv = pv->next) {
		for (p = pv->probes; p; p = p->next, i++) {
			snprintf(name, sizeof(name), "%s_%s_semaphore",
				 pv->name, p->name);
			syms[i].st_name = (Elf64_Word)dt_strtab_add(&str, name);
			if (!syms[i].st_name)
				goto out;
			syms[i].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
			syms[i].st_other = STV_HIDDEN;
			syms[i].st_shndx = (Elf64_Section)elf_ndxscn(probes);
			syms[i].st_value = (i - 2) * 2;
			syms[i].st_size = 2;
		}
	}
	symtab = dt_link_section(elf, &shstr, ".symtab", SHT_SYMTAB, 0, syms,
				 (n + 2) * sizeof(*syms), 8);
	strtab = dt_link_section(elf, &shstr, ".strtab", SHT_STRTAB, 0,
				 str.buf, str.len, 1);
	if (!symtab || !strtab)
		goto out;
	sh = elf64_getshdr(symtab);
	sh->sh_link = (Elf64_Word)elf_ndxscn(strtab);
	sh->sh_info = 2;		/* the first global */
	sh->sh_entsize = sizeof(*syms);
	shs = dt_link_section(elf, &shstr, ".shstrtab", SHT_STRTAB, 0, NULL,
			      0, 1);
	if (!shs)
		goto out;
	/* the name table's own name is in it: set its data last */
	elf_getdata(shs, NULL)->d_buf = shstr.buf;
	elf_getdata(shs, NULL)->d_size = shstr.len;
	eh->e_shstrndx = (Elf64_Half)elf_ndxscn(shs);
	if (elf_update(elf, ELF_C_WRITE) < 0)
		goto out;
	ret = 0;
out:
	if (elf)
		elf_end(elf);
	close(fd);
	free(syms);
	free(zeros);
	free(str.buf);
	free(shstr.buf);
	free(notes.buf);
	if (ret) {
		unlink(path);
		return dt_set_errmsg(dtp, "cannot write %s: %s", path,
				     elf_errmsg(-1) ? elf_errmsg(-1) :
				     strerror(errno));
	}
	return 0;
}
