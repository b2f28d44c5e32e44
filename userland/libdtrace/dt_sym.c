// SPDX-License-Identifier: GPL-2.0
/*
 * Address to symbol, for stack(), ustack(), %a, %A and %k.  Kernel
 * symbols: /proc/kallsyms read once (text and data symbols, "[module]"
 * names kept; the per-CPU offsets below the kernel's text left out, so
 * a small number never reads as a symbol), sorted, searched by address
 * and by name (`max_pfn); a symbol covers up to the next.
 * User symbols: /proc/PID/maps of the process, then the .symtab and
 * .dynsym of the mapped object read with libelf (compressed sections
 * through its zlib support), and the .symtab inside the xz-compressed
 * .gnu_debugdata of a stripped object (MiniDebugInfo), file offset to virtual address through
 * the object's PT_LOAD headers, so the load bias never matters.  The
 * maps are read again when an address is not in them (a dlopen), and
 * a process that is gone leaves its addresses in hex.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <engine/glob.h>
#include "dt_impl.h"
#include "dt_sym.h"

#define DT_KALLSYMS	"/proc/kallsyms"
#define DT_KSYM_LASTMAX	(1u << 20)	/* reach of the highest symbol */
#define DT_VERSYM_HIDDEN	0x8000	/* a version that is not the default */

struct dt_ksym {
	uint64_t addr;
	char *name;		/* "module`symbol" */
	size_t modlen;		/* bytes of "module" */
	bool text;		/* a function */
};

struct dt_usym {
	uint64_t addr, size;
	const char *name;	/* in the object's string pool */
	int rank;		/* of aliases, the lowest is named: 0 global,
				   1 weak, 2 local, 3 a version that is not
				   the default (fmemopen@GLIBC_2.2.5) */
	bool func;		/* a function (not an object or ifunc) */
};

struct dt_phdr {
	uint64_t vaddr, offset, filesz;
};

/* One ELF object, read once per handle. */
struct dt_uobj {
	char *path;
	struct stat st;		/* the file read (dev, ino, size, mtime) */
	char *name;		/* its DT_SONAME, else its basename */
	bool bad;		/* not an ELF file we can read */
	struct dt_usym *syms;
	size_t nsyms;
	char *pool;		/* the names, NUL-separated */
	struct dt_phdr *phdrs;
	size_t nphdrs;
	struct dt_uobj *next;
};

struct dt_umap {
	uint64_t start, end, offset;
	struct dt_uobj *obj;
};

struct dt_uproc {
	int pid;
	struct dt_umap *maps;
	size_t nmaps;
	struct dt_uproc *next;
};

struct dt_symtab {
	bool kloaded;
	struct dt_ksym *ksyms;
	size_t nksyms;
	struct dt_uobj *objs;
	struct dt_uproc *procs;
};

static struct dt_symtab *dt_symtab(dtrace_hdl_t *dtp)
{
	if (!dtp->syms)
		dtp->syms = calloc(1, sizeof(*dtp->syms));
	return dtp->syms;
}

static int dt_ksym_cmp(const void *a, const void *b)
{
	const struct dt_ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* One line of kallsyms: "addr type name[\t[module]]". */
static int dt_ksym_parse(char *line, struct dt_ksym *k)
{
	char *type, *name, *mod, *end;
	size_t len;

	k->addr = strtoull(line, &end, 16);
	type = strtok(end, " \t\n");
	name = strtok(NULL, " \t\n");
	mod = strtok(NULL, " \t\n");
	if (!type || !name || !k->addr || !strchr("tTwWdDbBrR", type[0]))
		return -1;
	k->text = strchr("tTwW", type[0]) != NULL;
	if (mod && mod[0] == '[') {
		mod++;
		mod[strcspn(mod, "]")] = '\0';
	} else {
		mod = "vmlinux";
	}
	k->modlen = strlen(mod);
	len = k->modlen + 1 + strlen(name) + 1;
	k->name = malloc(len);
	if (!k->name)
		return -1;
	snprintf(k->name, len, "%s`%s", mod, name);
	return 0;
}

static void dt_ksyms_load(struct dt_symtab *st)
{
	const char *path = getenv("DTRACE_KALLSYMS");
	size_t cap = 0, first;
	char line[512];
	FILE *fp;

	st->kloaded = true;
	fp = fopen(path ? path : DT_KALLSYMS, "r");
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		struct dt_ksym k;

		if (dt_ksym_parse(line, &k))
			continue;
		if (st->nksyms == cap) {
			struct dt_ksym *p;

			cap = cap ? cap * 2 : 4096;
			p = realloc(st->ksyms, cap * sizeof(*p));
			if (!p) {
				free(k.name);
				break;
			}
			st->ksyms = p;
		}
		st->ksyms[st->nksyms++] = k;
	}
	fclose(fp);
	qsort(st->ksyms, st->nksyms, sizeof(*st->ksyms), dt_ksym_cmp);
	/* the per-CPU variables' offsets come before the kernel's text */
	for (first = 0; first < st->nksyms && !st->ksyms[first].text; first++)
		free(st->ksyms[first].name);
	if (first) {
		st->nksyms -= first;
		memmove(st->ksyms, st->ksyms + first,
			st->nksyms * sizeof(*st->ksyms));
	}
}

int dt_sym_kname(dtrace_hdl_t *dtp, const char *name, uint64_t *addrp,
		 bool *textp)
{
	struct dt_symtab *st = dt_symtab(dtp);
	const char *bq = strchr(name, '`');
	size_t i, modlen = bq ? (size_t)(bq - name) : 0;

	if (!st)
		return -1;
	if (!st->kloaded)
		dt_ksyms_load(st);
	if (bq)
		name = bq + 1;
	for (i = 0; i < st->nksyms; i++) {
		const struct dt_ksym *k = &st->ksyms[i];

		if (strcmp(k->name + k->modlen + 1, name) ||
		    (modlen && (k->modlen != modlen ||
				strncmp(k->name, bq - modlen, modlen))))
			continue;
		*addrp = k->addr;
		if (textp)
			*textp = k->text;
		return 0;
	}
	return -1;
}

void dt_sym_kaddr(dtrace_hdl_t *dtp, uint64_t pc, char *buf, size_t len)
{
	struct dt_symtab *st = dtp ? dt_symtab(dtp) : NULL;
	size_t lo = 0, hi;
	const struct dt_ksym *k;

	if (st && !st->kloaded)
		dt_ksyms_load(st);
	if (!st || !st->nksyms || pc < st->ksyms[0].addr)
		goto hex;
	hi = st->nksyms;
	while (hi - lo > 1) {		/* the last symbol at or below pc */
		size_t mid = lo + (hi - lo) / 2;

		if (st->ksyms[mid].addr <= pc)
			lo = mid;
		else
			hi = mid;
	}
	k = &st->ksyms[lo];
	if (lo + 1 == st->nksyms && pc - k->addr >= DT_KSYM_LASTMAX)
		goto hex;
	if (pc == k->addr)
		snprintf(buf, len, "%s", k->name);
	else
		snprintf(buf, len, "%s+0x%llx", k->name,
			 (unsigned long long)(pc - k->addr));
	return;
hex:
	snprintf(buf, len, "0x%llx", (unsigned long long)pc);
}

/* By address; aliases best first: global, then the shorter name. */
static int dt_usym_cmp(const void *a, const void *b)
{
	const struct dt_usym *x = a, *y = b;
	size_t lx, ly;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank - y->rank;
	lx = strlen(x->name);
	ly = strlen(y->name);
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The symbol versions of .dynsym (SHT_GNU_versym), or NULL. */
static Elf_Data *dt_uobj_versym(Elf *elf)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_GNU_versym)
			return elf_getdata(scn, NULL);
	return NULL;
}

/* The rank of @sym, entry @i of its table (versions: @ver, or NULL). */
static int dt_usym_rank(const GElf_Sym *sym, Elf_Data *ver, size_t i)
{
	GElf_Versym vs;

	if (ver && gelf_getversym(ver, (int)i, &vs) && (vs & DT_VERSYM_HIDDEN))
		return 3;
	return GELF_ST_BIND(sym->st_info) == STB_GLOBAL ? 0 :
	       GELF_ST_BIND(sym->st_info) == STB_WEAK ? 1 : 2;
}

/* The function and object symbols of one symbol table section. */
static int dt_uobj_symtab(struct dt_uobj *o, Elf *elf, Elf_Scn *scn,
			  const GElf_Shdr *sh, size_t *poollen,
			  size_t *poolcap)
{
	Elf_Data *data, *ver = NULL;
	size_t i, n;
	void *p;

	if ((sh->sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
		return 0;
	data = elf_getdata(scn, NULL);
	if (!data || !sh->sh_entsize)
		return 0;
	n = sh->sh_size / sh->sh_entsize;
	if (sh->sh_type == SHT_DYNSYM)
		ver = dt_uobj_versym(elf);
	p = realloc(o->syms, (o->nsyms + n + 1) * sizeof(*o->syms));
	if (!p)
		return -1;
	o->syms = p;
	for (i = 0; i < n; i++) {
		GElf_Sym sym;
		const char *name;
		size_t nl;

		if (!gelf_getsym(data, (int)i, &sym) || !sym.st_value ||
		    sym.st_shndx == SHN_UNDEF ||
		    (GELF_ST_TYPE(sym.st_info) != STT_FUNC &&
		     GELF_ST_TYPE(sym.st_info) != STT_GNU_IFUNC &&
		     GELF_ST_TYPE(sym.st_info) != STT_OBJECT))
			continue;
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		nl = strlen(name) + 1;
		if (*poollen + nl > *poolcap) {
			size_t cap = *poolcap ? *poolcap : 4096;

			while (cap < *poollen + nl)
				cap *= 2;
			p = realloc(o->pool, cap);
			if (!p)
				return -1;
			o->pool = p;
			*poolcap = cap;
		}
		memcpy(o->pool + *poollen, name, nl);
		o->syms[o->nsyms].addr = sym.st_value;
		o->syms[o->nsyms].size = sym.st_size;
		o->syms[o->nsyms].func =
			GELF_ST_TYPE(sym.st_info) == STT_FUNC;
		o->syms[o->nsyms].rank = dt_usym_rank(&sym, ver, i);
		/* an offset until the pool stops moving */
		o->syms[o->nsyms].name = (const char *)(uintptr_t)*poollen;
		o->nsyms++;
		*poollen += nl;
	}
	return 0;
}

/* The DT_SONAME of a shared library, or NULL. */
static char *dt_uobj_soname(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t i;

	for (i = 0; data && sh->sh_entsize &&
		    i < sh->sh_size / sh->sh_entsize; i++) {
		GElf_Dyn dyn;
		const char *s;

		if (!gelf_getdyn(data, (int)i, &dyn) || dyn.d_tag == DT_NULL)
			break;
		if (dyn.d_tag != DT_SONAME)
			continue;
		s = elf_strptr(elf, sh->sh_link, dyn.d_un.d_val);
		return s && *s && !strchr(s, '/') ? strdup(s) : NULL;
	}
	return NULL;
}

#define DT_MINIDEBUG_MAX	(256u << 20)	/* bytes, decompressed */

/*
 * MiniDebugInfo: a stripped object's .gnu_debugdata section is an
 * xz-compressed ELF file whose .symtab has the functions .dynsym lacks.
 */
static int dt_uobj_minidebug(struct dt_uobj *o, Elf_Scn *scn,
			     size_t *poollen, size_t *poolcap)
{
	Elf_Data *data = elf_rawdata(scn, NULL);
	size_t cap, inpos, outpos;
	Elf_Scn *s = NULL;
	uint8_t *buf = NULL;
	lzma_ret lr;
	int ret = 0;
	Elf *inner;

	if (!data || !data->d_size)
		return 0;
	for (cap = data->d_size * 4; cap <= DT_MINIDEBUG_MAX; cap *= 2) {
		uint64_t memlimit = DT_MINIDEBUG_MAX;
		void *p = realloc(buf, cap);

		if (!p)
			goto out;
		buf = p;
		inpos = outpos = 0;
		lr = lzma_stream_buffer_decode(&memlimit, 0, NULL, data->d_buf,
					       &inpos, data->d_size, buf,
					       &outpos, cap);
		if (lr != LZMA_BUF_ERROR)
			break;
	}
	if (cap > DT_MINIDEBUG_MAX || lr != LZMA_OK)
		goto out;
	inner = elf_memory((char *)buf, outpos);
	while (inner && (s = elf_nextscn(inner, s))) {
		GElf_Shdr sh;

		if (gelf_getshdr(s, &sh) && sh.sh_type == SHT_SYMTAB &&
		    dt_uobj_symtab(o, inner, s, &sh, poollen, poolcap)) {
			ret = -1;
			break;
		}
	}
	if (inner)
		elf_end(inner);
out:
	free(buf);
	return ret;
}

static void dt_uobj_read(struct dt_uobj *o)
{
	size_t i, nph, shstrndx, poollen = 0, poolcap = 0;
	Elf_Scn *scn = NULL;
	Elf *elf;
	int fd;

	o->bad = true;
	fd = open(o->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || elf_getphdrnum(elf, &nph) ||
	    elf_getshdrstrndx(elf, &shstrndx))
		goto out;
	o->phdrs = calloc(nph + 1, sizeof(*o->phdrs));
	if (!o->phdrs)
		goto out;
	for (i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD) {
			o->phdrs[o->nphdrs].vaddr = ph.p_vaddr;
			o->phdrs[o->nphdrs].offset = ph.p_offset;
			o->phdrs[o->nphdrs].filesz = ph.p_filesz;
			o->nphdrs++;
		}
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_DYNAMIC && !o->name)
			o->name = dt_uobj_soname(elf, scn, &sh);
		if ((sh.sh_type == SHT_SYMTAB || sh.sh_type == SHT_DYNSYM) &&
		    dt_uobj_symtab(o, elf, scn, &sh, &poollen, &poolcap))
			goto out;
		if (sh.sh_type == SHT_PROGBITS &&
		    !strcmp(elf_strptr(elf, shstrndx, sh.sh_name) ?: "",
			    ".gnu_debugdata") &&
		    dt_uobj_minidebug(o, scn, &poollen, &poolcap))
			goto out;
	}
	for (i = 0; i < o->nsyms; i++)
		o->syms[i].name = o->pool + (uintptr_t)o->syms[i].name;
	qsort(o->syms, o->nsyms, sizeof(*o->syms), dt_usym_cmp);
	o->bad = false;
out:
	if (elf)
		elf_end(elf);
	close(fd);
}

/* Is @a (of a file read before) the file @b, as stat() says now? */
static bool dt_uobj_same(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/*
 * The object read from @path: read again when the file there is no
 * longer the one read (a program rebuilt while dtrace runs); the old
 * one stays for the maps that name it.
 */
static struct dt_uobj *dt_uobj_get(struct dt_symtab *st, const char *path)
{
	struct dt_uobj *o;
	struct stat now;
	bool known = !stat(path, &now);

	for (o = st->objs; o; o = o->next)
		if (!strcmp(o->path, path) &&
		    (!known || dt_uobj_same(&o->st, &now)))
			return o;
	o = calloc(1, sizeof(*o));
	if (!o)
		return NULL;
	if (known)
		o->st = now;
	o->path = strdup(path);
	if (!o->path) {
		free(o);
		return NULL;
	}
	dt_uobj_read(o);
	if (!o->name)
		o->name = strdup(strrchr(o->path, '/') ?
				 strrchr(o->path, '/') + 1 : o->path);
	if (!o->name) {
		free(o->path);
		free(o);
		return NULL;
	}
	o->next = st->objs;
	st->objs = o;
	return o;
}

/*
 * (Re)read /proc/PID/maps: the file-backed mappings.  A process that is
 * gone keeps what was read while it lived.
 */
static void dt_uproc_read(struct dt_symtab *st, struct dt_uproc *p)
{
	char path[64], line[4096];
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/maps", p->pid);
	fp = fopen(path, "r");
	if (!fp)
		return;
	free(p->maps);
	p->maps = NULL;
	p->nmaps = 0;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long start, end, off;
		struct dt_umap *m;
		char *file;
		int pos = 0;

		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %n", &start, &end,
			   &off, &pos) < 3 || !pos)
			continue;
		file = line + pos;
		file[strcspn(file, "\n")] = '\0';
		if (file[0] != '/')
			continue;
		m = realloc(p->maps, (p->nmaps + 1) * sizeof(*m));
		if (!m)
			break;
		p->maps = m;
		m += p->nmaps;
		m->start = start;
		m->end = end;
		m->offset = off;
		m->obj = dt_uobj_get(st, file);
		if (m->obj)
			p->nmaps++;
	}
	fclose(fp);
}

static struct dt_uproc *dt_uproc_get(struct dt_symtab *st, int pid)
{
	struct dt_uproc *p;

	for (p = st->procs; p; p = p->next)
		if (p->pid == pid)
			return p;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->pid = pid;
	dt_uproc_read(st, p);
	p->next = st->procs;
	st->procs = p;
	return p;
}

static const struct dt_umap *dt_uproc_find(const struct dt_uproc *p,
					   uint64_t pc)
{
	size_t i;

	for (i = 0; i < p->nmaps; i++)
		if (pc >= p->maps[i].start && pc < p->maps[i].end)
			return &p->maps[i];
	return NULL;
}

/* The symbol of @o at virtual address @va, with *@off the offset. */
static const struct dt_usym *dt_uobj_lookup(const struct dt_uobj *o,
					    uint64_t va, uint64_t *off)
{
	size_t lo = 0, hi = o->nsyms;
	const struct dt_usym *s;

	if (!o->nsyms || va < o->syms[0].addr)
		return NULL;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (o->syms[mid].addr <= va)
			lo = mid;
		else
			hi = mid;
	}
	/* the best of the aliases at that address that covers va */
	while (lo > 0 && o->syms[lo - 1].addr == o->syms[lo].addr)
		lo--;
	for (s = &o->syms[lo]; s < o->syms + o->nsyms && s->addr <= va; s++) {
		if (!s->size || va < s->addr + s->size) {
			*off = va - s->addr;
			return s;
		}
	}
	return NULL;
}

void dt_sym_uproc_read(dtrace_hdl_t *dtp, int pid)
{
	struct dt_symtab *st = dt_symtab(dtp);
	struct dt_uproc *p = st ? dt_uproc_get(st, pid) : NULL;

	if (p)
		dt_uproc_read(st, p);
}

void dt_sym_uaddr(dtrace_hdl_t *dtp, int pid, uint64_t pc, char *buf,
		  size_t len)
{
	struct dt_symtab *st = dtp && pid > 0 ? dt_symtab(dtp) : NULL;
	const struct dt_umap *m = NULL;
	const struct dt_usym *s = NULL;
	struct dt_uproc *p = NULL;
	const char *base;
	uint64_t foff, off = 0;
	size_t i;

	if (st)
		p = dt_uproc_get(st, pid);
	if (p) {
		m = dt_uproc_find(p, pc);
		if (!m) {		/* mapped since we looked? */
			dt_uproc_read(st, p);
			m = dt_uproc_find(p, pc);
		}
	}
	if (!m) {
		snprintf(buf, len, "0x%llx", (unsigned long long)pc);
		return;
	}
	base = m->obj->name;
	if (dtp->opt.noresolve) {
		snprintf(buf, len, "%s:0x%llx", base, (unsigned long long)pc);
		return;
	}
	foff = pc - m->start + m->offset;
	for (i = 0; i < m->obj->nphdrs && !s; i++) {
		const struct dt_phdr *ph = &m->obj->phdrs[i];

		if (foff >= ph->offset && foff < ph->offset + ph->filesz)
			s = dt_uobj_lookup(m->obj, foff - ph->offset +
					   ph->vaddr, &off);
	}
	if (!s)
		snprintf(buf, len, "%s`0x%llx", base, (unsigned long long)pc);
	else if (off)
		snprintf(buf, len, "%s`%s+0x%llx", base, s->name,
			 (unsigned long long)off);
	else
		snprintf(buf, len, "%s`%s", base, s->name);
}

static const struct dt_uobj *dt_sym_uobj(dtrace_hdl_t *dtp,
					 const char *path)
{
	struct dt_symtab *st = dt_symtab(dtp);
	const struct dt_uobj *o = st ? dt_uobj_get(st, path) : NULL;

	return o && !o->bad ? o : NULL;
}

int dt_sym_ufuncs(dtrace_hdl_t *dtp, const char *path, const char *glob,
		  dt_ufunc_f *fn, void *arg)
{
	const struct dt_uobj *o = dt_sym_uobj(dtp, path);
	size_t i, j;
	int ret;

	if (!o)
		return 1;
	for (i = 0; i < o->nsyms; i = j) {
		const struct dt_usym *best = NULL, *s;
		bool match = false;

		for (j = i; j < o->nsyms && o->syms[j].addr == o->syms[i].addr;
		     j++) {
			s = &o->syms[j];
			if (!s->func || !s->size || s->rank > 2)
				continue;
			if (!best)
				best = s;
			match = match || dtrace_match_glob(glob, s->name);
		}
		if (match) {
			ret = fn(best->name, best->addr, best->size, arg);
			if (ret)
				return ret;
		}
	}
	return 0;
}

const char *dt_sym_uobj_name(dtrace_hdl_t *dtp, const char *path)
{
	struct dt_symtab *st = dt_symtab(dtp);
	const struct dt_uobj *o = st ? dt_uobj_get(st, path) : NULL;

	return o ? o->name : NULL;
}

int dt_sym_uoffset(dtrace_hdl_t *dtp, const char *path, uint64_t vaddr,
		   uint64_t *offp)
{
	const struct dt_uobj *o = dt_sym_uobj(dtp, path);
	size_t i;

	for (i = 0; o && i < o->nphdrs; i++) {
		const struct dt_phdr *ph = &o->phdrs[i];

		if (vaddr >= ph->vaddr && vaddr < ph->vaddr + ph->filesz) {
			*offp = vaddr - ph->vaddr + ph->offset;
			return 0;
		}
	}
	return -1;
}

const char *dt_sym_ufunc_at(dtrace_hdl_t *dtp, const char *path,
			    uint64_t vaddr)
{
	const struct dt_uobj *o = dt_sym_uobj(dtp, path);
	const struct dt_usym *s;
	uint64_t off;

	s = o ? dt_uobj_lookup(o, vaddr, &off) : NULL;
	return s ? s->name : NULL;
}

int dt_sym_uname(dtrace_hdl_t *dtp, const char *path, const char *name,
		 uint64_t *vaddrp)
{
	const struct dt_uobj *o = dt_sym_uobj(dtp, path);
	size_t i;

	for (i = 0; o && i < o->nsyms; i++) {
		if (!strcmp(o->syms[i].name, name)) {
			*vaddrp = o->syms[i].addr;
			return 0;
		}
	}
	return -1;
}

void dt_sym_close(dtrace_hdl_t *dtp)
{
	struct dt_symtab *st = dtp->syms;
	size_t i;

	if (!st)
		return;
	for (i = 0; i < st->nksyms; i++)
		free(st->ksyms[i].name);
	free(st->ksyms);
	while (st->procs) {
		struct dt_uproc *p = st->procs;

		st->procs = p->next;
		free(p->maps);
		free(p);
	}
	while (st->objs) {
		struct dt_uobj *o = st->objs;

		st->objs = o->next;
		free(o->path);
		free(o->name);
		free(o->syms);
		free(o->pool);
		free(o->phdrs);
		free(o);
	}
	free(st);
	dtp->syms = NULL;
}
