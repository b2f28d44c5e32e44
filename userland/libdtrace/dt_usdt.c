// SPDX-License-Identifier: GPL-2.0
/*
 * USDT sites of an ELF object: its .note.stapsdt notes (the format
 * <sys/sdt.h> and dtrace -h write; glibc and many Debian packages carry
 * them), each a probe address, the address of the .stapsdt.base
 * section when it was linked (to correct for prelinking), a semaphore
 * address or 0, the provider and probe names and the arguments as
 * "SIZE@OPERAND" assembler operands.  dt_usdt_args() turns those into
 * what the kernel evaluates when the probe fires (struct dtrace_ftarg).
 * An object linked with a dtrace -G object also has its provider
 * declarations' argument types (DT_USDT_ARGS_SECTION), which each site
 * of a declared probe carries, for dt_usdt_types().
 */
#include <ctype.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dt_impl.h"
#include "dt_sym.h"
#include "dt_usdt.h"

#define DT_STAPSDT_TYPE	3

/* One note's descriptor: three addresses, then three strings. */
static int dt_usdt_note(const char *desc, size_t len, uint64_t bias,
			struct dt_usdt_site *s)
{
	const char *p = desc + 24, *end = desc + len;
	const char *strs[3];
	unsigned int i;

	if (len < 24 + 3)
		return -1;
	memcpy(&s->pc, desc, 8);
	memcpy(&s->sema, desc + 16, 8);
	for (i = 0; i < 3; i++) {
		const char *z = memchr(p, '\0', end - p);

		if (!z)
			return -1;
		strs[i] = p;
		p = z + 1;
	}
	s->pc += bias;
	if (s->sema)
		s->sema += bias;
	s->provider = strdup(strs[0]);
	s->name = strdup(strs[1]);
	s->args = strdup(strs[2]);
	return s->provider && s->name && s->args ? 0 : -1;
}

/* The address .stapsdt.base has now minus what the notes recorded. */
static uint64_t dt_usdt_bias(Elf *elf, size_t shstrndx, Elf_Data *notes)
{
	Elf_Scn *scn = NULL;
	GElf_Nhdr nh;
	size_t off = 0, noff, doff;
	uint64_t recorded;

	if (!gelf_getnote(notes, off, &nh, &noff, &doff) || nh.n_descsz < 16)
		return 0;
	memcpy(&recorded, (const char *)notes->d_buf + doff + 8, 8);
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && !strcmp(name, ".stapsdt.base"))
			return sh.sh_addr - recorded;
	}
	return 0;
}

/* A DT_USDT_ARGS_TYPE note, pointing into the ELF's data. */
struct dt_usdt_decl {
	const char *provider, *name;
	const char *rest;	/* the strings after those two */
	size_t restlen;
};

/* The declarations of a DT_USDT_ARGS_SECTION onto *@dp.  Return: 0, -1. */
static int dt_usdt_decls(Elf_Data *data, struct dt_usdt_decl **dp, size_t *np)
{
	size_t off = 0, noff, doff;
	GElf_Nhdr nh;

	while ((off = gelf_getnote(data, off, &nh, &noff, &doff))) {
		const char *desc = (const char *)data->d_buf + doff, *z;
		struct dt_usdt_decl *d;

		if (nh.n_type != DT_USDT_ARGS_TYPE ||
		    nh.n_namesz != sizeof(DT_USDT_ARGS_OWNER) ||
		    memcmp((char *)data->d_buf + noff, DT_USDT_ARGS_OWNER,
			   sizeof(DT_USDT_ARGS_OWNER)))
			continue;
		z = memchr(desc, '\0', nh.n_descsz);
		z = z ? memchr(z + 1, '\0', desc + nh.n_descsz - (z + 1)) : NULL;
		if (!z)
			continue;	/* not ours after all */
		d = realloc(*dp, (*np + 1) * sizeof(**dp));
		if (!d)
			return -1;
		*dp = d;
		d += (*np)++;
		d->provider = desc;
		d->name = desc + strlen(desc) + 1;
		d->rest = z + 1;
		d->restlen = desc + nh.n_descsz - d->rest;
	}
	return 0;
}

/* Each site of a declared probe gets a copy of its declaration. */
static int dt_usdt_attach(struct dt_usdt_site *sites, size_t n,
			  const struct dt_usdt_decl *decls, size_t nd)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < nd; j++) {
			if (strcmp(sites[i].provider, decls[j].provider) ||
			    strcmp(sites[i].name, decls[j].name))
				continue;
			sites[i].decl = malloc(decls[j].restlen + 1);
			if (!sites[i].decl)
				return -1;
			memcpy(sites[i].decl, decls[j].rest, decls[j].restlen);
			sites[i].decl[decls[j].restlen] = '\0';
			sites[i].decllen = decls[j].restlen;
			break;
		}
	}
	return 0;
}

int dt_usdt_read(const char *path, struct dt_usdt_site **sitesp, size_t *np)
{
	struct dt_usdt_site *sites = NULL;
	struct dt_usdt_decl *decls = NULL;
	Elf_Scn *scn = NULL;
	size_t n = 0, nd = 0, shstrndx;
	int fd, ret = -1;
	Elf *elf;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF ||
	    gelf_getclass(elf) != ELFCLASS64 || elf_getshdrstrndx(elf, &shstrndx))
		goto out;
	while ((scn = elf_nextscn(elf, scn))) {
		size_t off = 0, noff, doff;
		const char *name;
		uint64_t bias;
		Elf_Data *data;
		GElf_Shdr sh;
		GElf_Nhdr nh;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		data = elf_getdata(scn, NULL);
		if (!name || !data)
			continue;
		if (!strcmp(name, DT_USDT_ARGS_SECTION)) {
			if (dt_usdt_decls(data, &decls, &nd))
				goto out;
			continue;
		}
		if (strcmp(name, ".note.stapsdt"))
			continue;
		bias = dt_usdt_bias(elf, shstrndx, data);
		while ((off = gelf_getnote(data, off, &nh, &noff, &doff))) {
			struct dt_usdt_site *p;

			if (nh.n_type != DT_STAPSDT_TYPE || nh.n_namesz != 8 ||
			    memcmp((char *)data->d_buf + noff, "stapsdt", 8))
				continue;
			p = realloc(sites, (n + 1) * sizeof(*sites));
			if (!p)
				goto out;
			sites = p;
			memset(&sites[n], 0, sizeof(*sites));
			if (dt_usdt_note((char *)data->d_buf + doff,
					 nh.n_descsz, bias, &sites[n++]))
				goto out;
		}
	}
	ret = dt_usdt_attach(sites, n, decls, nd);
out:
	free(decls);
	if (ret) {
		dt_usdt_free(sites, n);
		sites = NULL;
		n = 0;
	}
	*sitesp = sites;
	*np = n;
	if (elf)
		elf_end(elf);
	close(fd);
	return ret;
}

void dt_usdt_free(struct dt_usdt_site *sites, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(sites[i].provider);
		free(sites[i].name);
		free(sites[i].args);
		free(sites[i].decl);
	}
	free(sites);
}

/* x86-64 register names, every width, as struct pt_regs words. */
static const struct {
	const char *names[4];
	unsigned char word;
} dt_usdt_regs[] = {
	{ { "rax", "eax", "ax", "al" }, 10 },
	{ { "rbx", "ebx", "bx", "bl" }, 5 },
	{ { "rcx", "ecx", "cx", "cl" }, 11 },
	{ { "rdx", "edx", "dx", "dl" }, 12 },
	{ { "rsi", "esi", "si", "sil" }, 13 },
	{ { "rdi", "edi", "di", "dil" }, 14 },
	{ { "rbp", "ebp", "bp", "bpl" }, 4 },
	{ { "rsp", "esp", "sp", "spl" }, 19 },
	{ { "r8", "r8d", "r8w", "r8b" }, 9 },
	{ { "r9", "r9d", "r9w", "r9b" }, 8 },
	{ { "r10", "r10d", "r10w", "r10b" }, 7 },
	{ { "r11", "r11d", "r11w", "r11b" }, 6 },
	{ { "r12", "r12d", "r12w", "r12b" }, 3 },
	{ { "r13", "r13d", "r13w", "r13b" }, 2 },
	{ { "r14", "r14d", "r14w", "r14b" }, 1 },
	{ { "r15", "r15d", "r15w", "r15b" }, 0 },
	{ { "rip", "", "", "" }, 16 },
};

#define DT_USDT_RIP	16

/* "%reg" at *@pp: its word, and *@pp past it; -1 if unknown. */
static int dt_usdt_reg(const char **pp)
{
	const char *p = *pp;
	size_t len, i, w;

	if (*p != '%')
		return -1;
	p++;
	for (len = 0; isalnum((unsigned char)p[len]); len++)
		;
	for (i = 0; i < sizeof(dt_usdt_regs) / sizeof(dt_usdt_regs[0]); i++) {
		for (w = 0; w < 4; w++) {
			const char *n = dt_usdt_regs[i].names[w];

			if (*n && strlen(n) == len && !strncmp(n, p, len)) {
				*pp = p + len;
				return dt_usdt_regs[i].word;
			}
		}
	}
	return -1;
}

/*
 * A displacement: a number, a symbol of @path, or symbol+number.
 * Return: 0 with *@valp, -1 if not understood.
 */
static int dt_usdt_disp(dtrace_hdl_t *dtp, const char *path, const char **pp,
			int64_t *valp)
{
	const char *p = *pp;
	uint64_t sym = 0;
	char *end;

	if (isalpha((unsigned char)*p) || *p == '_' || *p == '.') {
		char name[256];
		size_t len = 0;

		while ((isalnum((unsigned char)p[len]) || p[len] == '_' ||
			p[len] == '.' || p[len] == '$') && len < sizeof(name) - 1)
			len++;
		memcpy(name, p, len);
		name[len] = '\0';
		if (dt_sym_uname(dtp, path, name, &sym))
			return -1;
		p += len;
		if (*p != '+' && *p != '-') {
			*valp = (int64_t)sym;
			*pp = p;
			return 0;
		}
	}
	*valp = (int64_t)(sym + (uint64_t)strtoll(p, &end, 0));
	if (end == p)
		return -1;
	*pp = end;
	return 0;
}

/* One "SIZE@OPERAND" of the site at @pc into @a. */
static int dt_usdt_arg(dtrace_hdl_t *dtp, const char *path, uint64_t pc,
		       const char *spec, struct dtrace_ftarg *a)
{
	const char *p = spec, *at = strchr(spec, '@');
	int64_t disp = 0;
	char *end;
	int r;

	memset(a, 0, sizeof(*a));
	a->size = 8;
	a->base = a->index = DTRACE_FTARG_NOREG;
	if (at) {
		long size = strtol(p, &end, 10);

		if (end != at || (labs(size) != 1 && labs(size) != 2 &&
				  labs(size) != 4 && labs(size) != 8))
			return -1;
		a->size = (int8_t)size;
		p = at + 1;
	}
	if (*p == '$') {
		a->kind = DTRACE_FTARG_IMM;
		a->value = strtoll(p + 1, &end, 0);
		return end == p + 1 || *end ? -1 : 0;
	}
	if (*p == '%') {
		a->kind = DTRACE_FTARG_REG;
		r = dt_usdt_reg(&p);
		a->base = (uint8_t)r;
		return r < 0 || r == DT_USDT_RIP || *p ? -1 : 0;
	}
	a->kind = DTRACE_FTARG_MEM;
	if (*p != '(' && dt_usdt_disp(dtp, path, &p, &disp))
		return -1;
	a->value = disp;
	if (!*p)
		return 0;		/* an absolute address */
	if (*p++ != '(')
		return -1;
	if (*p == '%') {
		if ((r = dt_usdt_reg(&p)) < 0)
			return -1;
		a->base = (uint8_t)r;
	}
	if (*p == ',') {
		p++;
		if ((r = dt_usdt_reg(&p)) < 0 || r == DT_USDT_RIP)
			return -1;
		a->index = (uint8_t)r;
		a->scale = 1;
		if (*p == ',') {
			a->scale = (uint8_t)strtoul(p + 1, &end, 10);
			p = end;
		}
	}
	if (*p++ != ')' || *p)
		return -1;
	/* %rip-relative: the kernel adds the probe's address */
	if (a->base == DT_USDT_RIP)
		a->value -= (int64_t)pc;
	return 0;
}

int dt_usdt_args(dtrace_hdl_t *dtp, const char *path,
		 const struct dt_usdt_site *s, struct dtrace_ftarg *args,
		 uint32_t *nargs)
{
	char *copy = strdup(s->args), *tok, *save = NULL;
	uint32_t n = 0;
	int ret = 0;

	if (!copy)
		return -1;
	/* a D program sees the first DTRACE_FTP_NARGS */
	for (tok = strtok_r(copy, " \t", &save); tok && n < DTRACE_FTP_NARGS;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (dt_usdt_arg(dtp, path, s->pc, tok, &args[n])) {
			ret = -1;
			break;
		}
		n++;
	}
	free(copy);
	*nargs = n;
	return ret;
}

/* The string at *@pp, and *@pp past it; NULL at the end of @s's decl. */
static const char *dt_usdt_next(const struct dt_usdt_site *s, const char **pp)
{
	const char *p = *pp, *end = s->decl + s->decllen;
	const char *z = p < end ? memchr(p, '\0', end - p) : NULL;

	if (!z)
		return NULL;
	*pp = z + 1;
	return p;
}

/* A count from the declaration; -1 if there is none. */
static long dt_usdt_count(const struct dt_usdt_site *s, const char **pp)
{
	const char *str = dt_usdt_next(s, pp);
	char *end;
	long n;

	if (!str)
		return -1;
	n = strtol(str, &end, 10);
	return *str && !*end && n >= 0 ? n : -1;
}

/* The arguments @s's note gives: its space-separated operands. */
static long dt_usdt_site_nargs(const struct dt_usdt_site *s)
{
	const char *p = s->args;
	long n = 0;

	while (*p) {
		p += strspn(p, " \t");
		if (!*p)
			break;
		n++;
		p += strcspn(p, " \t");
	}
	return n;
}

/* Type name @t onto @c's argtypes at *@lenp; false if it does not fit. */
static bool dt_usdt_put_type(struct dtrace_ioc_ftp_create *c, size_t *lenp,
			     const char *t)
{
	size_t n = strlen(t) + 1;

	if (!t[0] || n > DTRACE_ARGTYPELEN || *lenp + n > sizeof(c->argtypes))
		return false;
	memcpy(c->argtypes + *lenp, t, n);
	*lenp += n;
	return true;
}

void dt_usdt_types(const struct dt_usdt_site *s,
		   struct dtrace_ioc_ftp_create *c)
{
	const char *p = s->decl, *t;
	long nargs, nx, i, m;
	size_t len = 0;

	c->nxargs = 0;
	memset(c->argtypes, 0, sizeof(c->argtypes));
	if (!p)
		return;
	nargs = dt_usdt_count(s, &p);
	if (nargs != dt_usdt_site_nargs(s) ||
	    (nargs > DTRACE_FTP_NARGS ? DTRACE_FTP_NARGS : nargs) != c->nargs)
		return;
	for (i = 0; i < nargs; i++) {
		t = dt_usdt_next(s, &p);
		if (!t || (i < DTRACE_FTP_NARGS && !dt_usdt_put_type(c, &len, t)))
			goto none;
	}
	nx = dt_usdt_count(s, &p);
	for (i = 0; i < nx && i < DTRACE_FTP_NARGS; i++) {
		m = dt_usdt_count(s, &p);
		t = dt_usdt_next(s, &p);
		if (m < 0 || m >= c->nargs || !t ||
		    !dt_usdt_put_type(c, &len, t))
			goto none;
		c->argmap[i] = (uint8_t)m;
	}
	if (nx <= 0)
		goto none;
	c->nxargs = (uint32_t)i;
	return;
none:
	memset(c->argtypes, 0, sizeof(c->argtypes));
	memset(c->argmap, 0, sizeof(c->argmap));
}
