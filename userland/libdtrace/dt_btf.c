// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's types, read from raw BTF (format: <linux/btf.h>):
 * /sys/kernel/btf/vmlinux (or $DTRACE_BTF_PATH) on the first lookup that
 * misses the D and built-in types, then the split BTF of each loaded
 * module under /sys/kernel/btf/, one file at a time, as names miss.
 * Every file is validated once (header, every type record, string
 * section); its name indexes (types, functions, enumerators) are built
 * each on the first lookup that needs it; BTF types become struct
 * dt_type on demand, memoized by id, a struct's members only when they
 * are first asked for (dt_type_members()).  dt_type.h is the API;
 * docs/types.md the map.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <linux/btf.h>

#include "dt_impl.h"
#include "dt_btf.h"

#define DT_BTF_SYSDIR	"/sys/kernel/btf"
/* The header up to str_len; later kernels may append fields. */
#define DT_BTF_HDR_MIN	(offsetof(struct btf_header, str_len) + 4)
#define DT_BTF_MAXDEPTH	256	/* nesting of a type's conversion */

/* Namespaces of the name index. */
enum dt_btf_ns { DT_NS_TAG, DT_NS_ORD, DT_NS_FUNC, DT_NS_NONE };

/* One BTF file: vmlinux, or a module's split BTF on top of vmlinux. */
struct dt_btf_file {
	char *path;
	const unsigned char *data;	/* mapped, or buf */
	size_t size;
	size_t map_len;		/* of the mapping, if data is one */
	unsigned char *buf;	/* data read into the heap */
	bool running;		/* the running kernel's vmlinux */
	const char *strs;	/* string section */
	uint32_t str_len;
	uint32_t str_base;	/* string offset of strs[0] */
	uint32_t id_base;	/* id of the first type record */
	uint32_t ntypes;
	uint32_t *offs;		/* type record offsets into data */
	uint32_t *named;	/* ids of the types with a tag or name */
	uint32_t nnamed;
	const struct dt_type **memo;	/* by id - id_base */
	unsigned char *busy;	/* conversion under way: a cycle */
	unsigned char *aligns;	/* of structs/unions by id - id_base, made
				   from the records: 0 = not yet */
	uint32_t *index;	/* open hash of named types, 0 = empty */
	uint32_t index_mask;
	uint32_t *func_index;	/* of functions, made on first need */
	uint32_t func_mask;
	uint32_t *enum_index;	/* of (id, enumerator nr), likewise */
	uint32_t enum_mask;
	bool tried;		/* loading attempted */
	bool ok;		/* loaded and valid */
};

/*
 * A struct/union converted without its members (struct dt_type's
 * ->lazy): where they are.  A module's file stays where it is once
 * read, since the list of modules is complete before any is read.
 */
struct dt_btf_lazy {
	dtrace_hdl_t *dtp;
	struct dt_btf_file *f;
	uint32_t id;
};

struct dt_btf {
	struct dt_btf_file vmlinux;
	const char *moddir;	/* where module BTF files are, or NULL */
	struct dt_btf_file *mods;
	unsigned int nmods;
	bool mods_listed;
	char err[512];
};

static void dt_btf_seterr(struct dt_btf *btf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void dt_btf_seterr(struct dt_btf *btf, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(btf->err, sizeof(btf->err), fmt, ap);
	va_end(ap);
}

/* Reading and validating a file. */

static long dt_btf_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* BPF_OBJ_GET_INFO_BY_FD of BTF object @fd, its bytes into @buf. */
static int dt_btf_info(int fd, struct bpf_btf_info *info, char *name,
		       size_t namelen, void *buf, uint32_t len)
{
	union bpf_attr a;

	memset(info, 0, sizeof(*info));
	info->name = (uintptr_t)name;
	info->name_len = namelen;
	info->btf = (uintptr_t)buf;
	info->btf_size = len;
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = fd;
	a.info.info_len = sizeof(*info);
	a.info.info = (uintptr_t)info;
	return dt_btf_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) ? -1 : 0;
}

/*
 * The running kernel's vmlinux BTF through bpf(2): the same bytes as
 * its sysfs file, in one copy into pages faulted in at once, where
 * sysfs gives 4 KiB per read(2) (half the cost of reading it, in the
 * guest).  It needs CAP_SYS_ADMIN; -1 if it cannot be had this way.
 */
static int dt_btf_read_bpf(struct dt_btf_file *f)
{
	struct bpf_btf_info info;
	union bpf_attr a;
	char name[16];
	uint32_t id = 0, size;
	int fd = -1, err = -1;
	void *p;

	for (;;) {
		memset(&a, 0, sizeof(a));
		a.start_id = id;
		if (dt_btf_bpf(BPF_BTF_GET_NEXT_ID, &a))
			return -1;
		id = a.next_id;
		memset(&a, 0, sizeof(a));
		a.btf_id = id;
		fd = (int)dt_btf_bpf(BPF_BTF_GET_FD_BY_ID, &a);
		if (fd < 0)
			continue;	/* unloaded since */
		name[0] = '\0';
		if (!dt_btf_info(fd, &info, name, sizeof(name), NULL, 0) &&
		    info.kernel_btf && !strcmp(name, "vmlinux"))
			break;
		close(fd);
	}
	size = info.btf_size;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (p != MAP_FAILED && !dt_btf_info(fd, &info, NULL, 0, p, size) &&
	    info.btf_size == size) {
		f->data = p;
		f->size = f->map_len = size;
		err = 0;
	} else if (p != MAP_FAILED) {
		munmap(p, size);
	}
	close(fd);
	return err;
}

/*
 * The bytes of @f: mapped where the file can be (a regular file; the
 * vmlinux BTF of kernels whose sysfs can map it); for the running
 * kernel's vmlinux, else the copy a previous run kept, else by bpf(2)
 * (and kept); else read whole.
 */
static int dt_btf_read(struct dt_btf_file *f)
{
	int fd = open(f->path, O_RDONLY | O_CLOEXEC);
	size_t cap;
	struct stat st;
	ssize_t n = 0;
	void *p;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		goto out_close;
	p = st.st_size > 0 ? mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE,
				  fd, 0) : MAP_FAILED;
	if (p != MAP_FAILED) {
		f->data = p;
		f->size = f->map_len = st.st_size;
		close(fd);
		return 0;
	}
	if (f->running) {
		p = (void *)dt_btf_cache_map(fd, st.st_size);
		if (p) {
			f->data = p;
			f->size = f->map_len = st.st_size;
			close(fd);
			return 0;
		}
		if (dt_btf_read_bpf(f) == 0) {
			if (f->size == (size_t)st.st_size)
				dt_btf_cache_store(f->data, f->size);
			close(fd);
			return 0;
		}
	}
	/* one byte more than its size, to see the end without a realloc */
	cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 1 << 20;
	f->buf = malloc(cap);
	while (f->buf) {
		n = read(fd, f->buf + f->size, cap - f->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		f->size += n;
		if (f->size < cap)
			continue;
		cap *= 2;
		p = realloc(f->buf, cap);
		if (!p)
			free(f->buf);
		f->buf = p;
	}
	if (!f->buf || n < 0) {
		errno = f->buf ? EIO : ENOMEM;
		goto out_close;
	}
	f->data = f->buf;
	if (f->running)
		dt_btf_cache_store(f->data, f->size);
	close(fd);
	return 0;
out_close:
	close(fd);
	return -1;
}

/*
 * Each kind of type record: the bytes after it, a fixed part and so
 * many per vlen item, and the namespace of its name.  A kind missing
 * here (0, or one newer than this reader) is not known: known is 0.
 */
static const struct {
	uint8_t known, fixed, item, ns;
} dt_btf_kinds[NR_BTF_KINDS] = {
#define K(kind, fixed, item, ns) [BTF_KIND_##kind] = { 1, fixed, item, ns }
	K(INT, sizeof(uint32_t), 0, DT_NS_ORD),
	K(PTR, 0, 0, DT_NS_NONE),
	K(ARRAY, sizeof(struct btf_array), 0, DT_NS_NONE),
	K(STRUCT, 0, sizeof(struct btf_member), DT_NS_TAG),
	K(UNION, 0, sizeof(struct btf_member), DT_NS_TAG),
	K(ENUM, 0, sizeof(struct btf_enum), DT_NS_TAG),
	K(FWD, 0, 0, DT_NS_TAG),
	K(TYPEDEF, 0, 0, DT_NS_ORD),
	K(VOLATILE, 0, 0, DT_NS_NONE),
	K(CONST, 0, 0, DT_NS_NONE),
	K(RESTRICT, 0, 0, DT_NS_NONE),
	K(FUNC, 0, 0, DT_NS_FUNC),
	K(FUNC_PROTO, 0, sizeof(struct btf_param), DT_NS_NONE),
	K(VAR, sizeof(struct btf_var), 0, DT_NS_NONE),
	K(DATASEC, 0, sizeof(struct btf_var_secinfo), DT_NS_NONE),
	K(FLOAT, 0, 0, DT_NS_ORD),
	K(DECL_TAG, sizeof(struct btf_decl_tag), 0, DT_NS_NONE),
	K(TYPE_TAG, 0, 0, DT_NS_NONE),
	K(ENUM64, 0, sizeof(struct btf_enum64), DT_NS_TAG),
#undef K
};

/* Bytes following a type record of @kind with @vlen items; -1 if bad. */
static long dt_btf_extra(unsigned int kind, unsigned int vlen)
{
	if (kind >= NR_BTF_KINDS || !dt_btf_kinds[kind].known)
		return -1;
	return dt_btf_kinds[kind].fixed +
	       (long)vlen * dt_btf_kinds[kind].item;
}

/* The namespace of a record's name. */
static enum dt_btf_ns dt_btf_ns(const struct btf_type *t)
{
	unsigned int kind = BTF_INFO_KIND(t->info);

	return kind < NR_BTF_KINDS ? (enum dt_btf_ns)dt_btf_kinds[kind].ns :
	       DT_NS_NONE;
}

/*
 * Record the offset of every type record, checking each fits, and the
 * ids of the named types (what the type index holds, so that it need
 * not walk every record again).  A record is at least 12 bytes: both
 * arrays are sized for as many as the section could hold.
 */
static int dt_btf_scan(struct dt_btf *btf, struct dt_btf_file *f,
		       size_t start, size_t end)
{
	size_t off = start, max = (end - start) / sizeof(struct btf_type) + 1;
	const struct btf_type *t;
	long extra;

	f->offs = malloc(max * sizeof(*f->offs));
	f->named = malloc(max * sizeof(*f->named));
	if (!f->offs || !f->named) {
		dt_btf_seterr(btf, "%s: out of memory", f->path);
		return -1;
	}
	while (off < end) {
		if (end - off < sizeof(*t)) {
			dt_btf_seterr(btf, "%s: type %u truncated", f->path,
				      f->id_base + f->ntypes);
			return -1;
		}
		t = (const struct btf_type *)(f->data + off);
		extra = dt_btf_extra(BTF_INFO_KIND(t->info),
				     BTF_INFO_VLEN(t->info));
		if (extra < 0 || end - off - sizeof(*t) < (size_t)extra) {
			dt_btf_seterr(btf, "%s: type %u: %s", f->path,
				      f->id_base + f->ntypes,
				      extra < 0 ? "unknown kind" : "truncated");
			return -1;
		}
		if (t->name_off && dt_btf_ns(t) <= DT_NS_ORD)
			f->named[f->nnamed++] = f->id_base + f->ntypes;
		f->offs[f->ntypes++] = (uint32_t)off;
		off += sizeof(*t) + (size_t)extra;
	}
	return 0;
}

static int dt_btf_check_header(struct dt_btf *btf, struct dt_btf_file *f)
{
	const struct btf_header *h = (const struct btf_header *)f->data;
	uint64_t body;

	if (f->size < DT_BTF_HDR_MIN || ((uintptr_t)f->data & 3)) {
		dt_btf_seterr(btf, "%s: truncated header", f->path);
		return -1;
	}
	if (h->magic != BTF_MAGIC || h->version != BTF_VERSION) {
		dt_btf_seterr(btf, "%s: bad magic 0x%x or version %u",
			      f->path, h->magic, h->version);
		return -1;
	}
	if (h->hdr_len < DT_BTF_HDR_MIN || h->hdr_len > f->size ||
	    (h->hdr_len & 3)) {
		dt_btf_seterr(btf, "%s: bad header length %u", f->path,
			      h->hdr_len);
		return -1;
	}
	body = f->size - h->hdr_len;
	if ((uint64_t)h->type_off + h->type_len > body ||
	    (uint64_t)h->str_off + h->str_len > body || (h->type_off & 3) ||
	    h->str_len == 0 ||
	    f->data[h->hdr_len + h->str_off + h->str_len - 1] != '\0') {
		dt_btf_seterr(btf, "%s: bad section offsets", f->path);
		return -1;
	}
	f->strs = (const char *)f->data + h->hdr_len + h->str_off;
	f->str_len = h->str_len;
	return dt_btf_scan(btf, f, h->hdr_len + h->type_off,
			   (size_t)h->hdr_len + h->type_off + h->type_len);
}

/* Type records and strings, with every id and offset checked. */

static struct dt_btf_file *dt_btf_file_of(struct dt_btf *btf,
					  struct dt_btf_file *f, uint32_t id)
{
	if (id >= f->id_base && id - f->id_base < f->ntypes)
		return f;
	if (f != &btf->vmlinux && id >= btf->vmlinux.id_base &&
	    id - btf->vmlinux.id_base < btf->vmlinux.ntypes)
		return &btf->vmlinux;
	return NULL;
}

static const struct btf_type *dt_btf_type(struct dt_btf_file *f,
					  uint32_t id)
{
	return (const struct btf_type *)(f->data + f->offs[id - f->id_base]);
}

static const char *dt_btf_str(struct dt_btf *btf, struct dt_btf_file *f,
			      uint32_t off)
{
	if (off < f->str_base)
		f = &btf->vmlinux;
	if (off < f->str_base || off - f->str_base >= f->str_len)
		return NULL;
	return f->strs + (off - f->str_base);
}

/* The name index. */

static uint32_t dt_btf_hash(const char *s, enum dt_btf_ns ns)
{
	uint32_t h = 2166136261u ^ ns;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static uint32_t dt_btf_pow2(uint32_t n)
{
	uint32_t p = 64;

	while (p < 2 * n)
		p *= 2;
	return p;
}

static bool dt_btf_is_enum(const struct btf_type *t)
{
	return BTF_INFO_KIND(t->info) == BTF_KIND_ENUM ||
	       BTF_INFO_KIND(t->info) == BTF_KIND_ENUM64;
}

/* Name offset of enumerator @i of enum @t (vlen checked by the scan). */
static uint32_t dt_btf_enum_name(const struct btf_type *t, unsigned int i)
{
	if (BTF_INFO_KIND(t->info) == BTF_KIND_ENUM)
		return ((const struct btf_enum *)(t + 1))[i].name_off;
	return ((const struct btf_enum64 *)(t + 1))[i].name_off;
}

static void dt_btf_enum_insert(struct dt_btf *btf, struct dt_btf_file *f,
			       uint32_t id, const struct btf_type *t)
{
	unsigned int i, vlen = BTF_INFO_VLEN(t->info);
	const char *s;
	uint32_t h;

	for (i = 0; i < vlen && i < 0xffff; i++) {
		s = dt_btf_str(btf, f, dt_btf_enum_name(t, i));
		if (!s || !*s)
			continue;
		h = dt_btf_hash(s, DT_NS_NONE) & f->enum_mask;
		while (f->enum_index[2 * h])
			h = (h + 1) & f->enum_mask;
		f->enum_index[2 * h] = id;
		f->enum_index[2 * h + 1] = i;
	}
}

/* Does index @ns (functions or not) hold a name of namespace @tns? */
static bool dt_btf_in_index(enum dt_btf_ns ns, enum dt_btf_ns tns)
{
	if (ns == DT_NS_FUNC)
		return tns == DT_NS_FUNC;
	return tns == DT_NS_TAG || tns == DT_NS_ORD;
}

/*
 * The name index of @f for namespace @ns: functions (DT_NS_FUNC) or
 * the types (tags and ordinary names), each made on the first lookup
 * that needs it, since most programs look up no function and a kernel
 * has several times more functions than named types.
 */
static int dt_btf_index(struct dt_btf *btf, struct dt_btf_file *f,
			enum dt_btf_ns ns)
{
	uint32_t **index = ns == DT_NS_FUNC ? &f->func_index : &f->index;
	uint32_t *mask = ns == DT_NS_FUNC ? &f->func_mask : &f->index_mask;
	uint32_t i, h, id, n = 0;
	const struct btf_type *t;
	enum dt_btf_ns tns;
	const char *s;

	if (*index)
		return 0;
	if (ns == DT_NS_FUNC) {
		for (i = 0; i < f->ntypes; i++)
			n += dt_btf_ns(dt_btf_type(f, f->id_base + i)) ==
			     DT_NS_FUNC;
	} else {
		n = f->nnamed;
	}
	*mask = dt_btf_pow2(n) - 1;
	*index = calloc(*mask + 1, sizeof(uint32_t));
	if (!*index) {
		dt_btf_seterr(btf, "%s: out of memory", f->path);
		return -1;
	}
	for (i = 0; i < (ns == DT_NS_FUNC ? f->ntypes : f->nnamed); i++) {
		id = ns == DT_NS_FUNC ? f->id_base + i : f->named[i];
		t = dt_btf_type(f, id);
		tns = dt_btf_ns(t);
		if (!dt_btf_in_index(ns, tns))
			continue;
		s = dt_btf_str(btf, f, t->name_off);
		if (!s || !*s)
			continue;
		h = dt_btf_hash(s, tns) & *mask;
		while ((*index)[h])
			h = (h + 1) & *mask;
		(*index)[h] = id;
	}
	return 0;
}

/* The enumerator index of @f, made on the first lookup of a constant. */
static int dt_btf_enum_index(struct dt_btf *btf, struct dt_btf_file *f)
{
	uint32_t i, nenums = 0;
	const struct btf_type *t;

	if (f->enum_index)
		return 0;
	for (i = 0; i < f->ntypes; i++) {
		t = dt_btf_type(f, f->id_base + i);
		if (dt_btf_is_enum(t))
			nenums += BTF_INFO_VLEN(t->info);
	}
	f->enum_mask = dt_btf_pow2(nenums) - 1;
	f->enum_index = calloc(2 * ((size_t)f->enum_mask + 1),
			       sizeof(uint32_t));
	if (!f->enum_index) {
		dt_btf_seterr(btf, "%s: out of memory", f->path);
		return -1;
	}
	for (i = 0; i < f->ntypes; i++) {
		t = dt_btf_type(f, f->id_base + i);
		if (dt_btf_is_enum(t))
			dt_btf_enum_insert(btf, f, f->id_base + i, t);
	}
	return 0;
}

/*
 * The id of @name in namespace @ns of @f, 0 if none.  A complete
 * struct/union wins over a forward declaration of the same tag.
 */
static uint32_t dt_btf_find(struct dt_btf *btf, struct dt_btf_file *f,
			    const char *name, enum dt_btf_ns ns,
			    unsigned int kind)
{
	uint32_t *index, mask, h, id, fwd = 0;
	const struct btf_type *t;
	const char *s;

	if (dt_btf_index(btf, f, ns))
		return 0;
	index = ns == DT_NS_FUNC ? f->func_index : f->index;
	mask = ns == DT_NS_FUNC ? f->func_mask : f->index_mask;
	for (h = dt_btf_hash(name, ns) & mask; (id = index[h]);
	     h = (h + 1) & mask) {
		t = dt_btf_type(f, id);
		s = dt_btf_str(btf, f, t->name_off);
		if (dt_btf_ns(t) != ns || strcmp(s, name))
			continue;
		if (ns != DT_NS_TAG)
			return id;
		if (BTF_INFO_KIND(t->info) == BTF_KIND_FWD) {
			if (BTF_INFO_KFLAG(t->info) ==
			    (kind == BTF_KIND_UNION) && !fwd)
				fwd = id;
			continue;
		}
		if (BTF_INFO_KIND(t->info) == kind ||
		    (kind == BTF_KIND_ENUM && dt_btf_is_enum(t)))
			return id;
	}
	return fwd;
}

/* Loading. */

static int dt_btf_load(struct dt_btf *btf, struct dt_btf_file *f)
{
	if (f->tried)
		return f->ok ? 0 : -1;
	f->tried = true;
	if (dt_btf_read(f) < 0) {
		dt_btf_seterr(btf, "%s: %s", f->path, strerror(errno));
		return -1;
	}
	if (dt_btf_check_header(btf, f) < 0)
		return -1;
	f->memo = calloc(f->ntypes + 1, sizeof(*f->memo));
	f->busy = calloc(f->ntypes + 1, 1);
	f->aligns = calloc(f->ntypes + 1, 1);
	if (!f->memo || !f->busy || !f->aligns) {
		dt_btf_seterr(btf, "%s: out of memory", f->path);
		return -1;
	}
	f->ok = true;
	return 0;
}

static struct dt_btf *dt_btf_get(dtrace_hdl_t *dtp)
{
	const char *path = getenv("DTRACE_BTF_PATH");
	struct dt_btf *btf = dtp->btf;

	if (btf)
		return btf;
	btf = calloc(1, sizeof(*btf));
	if (!btf)
		return NULL;
	btf->vmlinux.path = strdup(path && *path ? path :
				   DT_BTF_SYSDIR "/vmlinux");
	btf->vmlinux.id_base = 1;
	btf->vmlinux.running = !(path && *path);
	/*
	 * Modules are read on top of the running kernel's vmlinux; with
	 * another vmlinux only from $DTRACE_BTF_MODDIR (for tests).
	 */
	btf->moddir = path && *path ? getenv("DTRACE_BTF_MODDIR") :
		      DT_BTF_SYSDIR;
	btf->mods_listed = !btf->moddir;
	if (!btf->vmlinux.path) {
		free(btf);
		return NULL;
	}
	dtp->btf = btf;
	return btf;
}

static void dt_btf_file_free(struct dt_btf_file *f)
{
	free(f->path);
	if (f->map_len)
		munmap((void *)f->data, f->map_len);
	free(f->buf);
	free(f->offs);
	free(f->named);
	free(f->memo);
	free(f->busy);
	free(f->aligns);
	free(f->index);
	free(f->func_index);
	free(f->enum_index);
}

/* The modules with BTF, listed once; each is read when first needed. */
static void dt_btf_list_mods(struct dt_btf *btf)
{
	struct dt_btf_file *m;
	struct dirent *de;
	DIR *d;

	btf->mods_listed = true;
	d = opendir(btf->moddir);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "vmlinux"))
			continue;
		m = realloc(btf->mods, (btf->nmods + 1) * sizeof(*m));
		if (!m)
			break;
		btf->mods = m;
		m += btf->nmods;
		memset(m, 0, sizeof(*m));
		if (asprintf(&m->path, "%s/%s", btf->moddir, de->d_name) < 0)
			break;
		m->id_base = btf->vmlinux.id_base + btf->vmlinux.ntypes;
		m->str_base = btf->vmlinux.str_len;
		btf->nmods++;
	}
	if (d)
		closedir(d);
}

/* The next file to search after @f (NULL: vmlinux), loaded; or NULL. */
static struct dt_btf_file *dt_btf_next(struct dt_btf *btf,
				       struct dt_btf_file *f)
{
	unsigned int i;

	if (!f)
		return dt_btf_load(btf, &btf->vmlinux) ? NULL : &btf->vmlinux;
	if (!btf->mods_listed)
		dt_btf_list_mods(btf);
	i = f == &btf->vmlinux ? 0 : (unsigned int)(f - btf->mods) + 1;
	for (; i < btf->nmods; i++)
		if (dt_btf_load(btf, &btf->mods[i]) == 0)
			return &btf->mods[i];
	return NULL;
}

/* Conversion of BTF types to struct dt_type. */

static const struct dt_type *dt_btf_conv(dtrace_hdl_t *dtp,
					 struct dt_btf_file *f, uint32_t id,
					 unsigned int depth);

static const struct dt_type *dt_btf_ref(dtrace_hdl_t *dtp,
					struct dt_btf_file *f, uint32_t id,
					unsigned int depth)
{
	struct dt_btf_file *rf;

	if (id == 0)
		return &dt_type_void;
	rf = dt_btf_file_of(dtp->btf, f, id);
	if (!rf) {
		dt_btf_seterr(dtp->btf, "%s: bad type id %u", f->path, id);
		return NULL;
	}
	return dt_btf_conv(dtp, rf, id, depth + 1);
}

static struct dt_type *dt_btf_new(dtrace_hdl_t *dtp, enum dt_tkind kind,
				  const char *prefix, const char *name)
{
	struct dt_type *t = dt_typetab_zalloc(dtp, sizeof(*t));
	char buf[512];

	if (!t)
		return NULL;
	snprintf(buf, sizeof(buf), "%s%s", prefix,
		 name && *name ? name : "<anon>");
	t->name = dt_typetab_strdup(dtp, buf);
	t->kind = kind;
	t->src = DT_TSRC_KERNEL;
	return t->name ? t : NULL;
}

static const struct dt_type *dt_btf_int(dtrace_hdl_t *dtp,
					const struct btf_type *bt,
					const char *name)
{
	uint32_t enc = *(const uint32_t *)(bt + 1);
	const struct dt_type *b = dt_type_builtin_int(name);
	bool sgn = BTF_INT_ENCODING(enc) & BTF_INT_SIGNED;
	struct dt_type *t;

	if (BTF_INT_ENCODING(enc) & BTF_INT_BOOL && bt->size == 1)
		return &dt_type_bool;
	if (b && b->kind == DT_TK_INT && b->size == bt->size &&
	    (b->is_signed == sgn || b->size == 1))
		return b;
	t = dt_btf_new(dtp, DT_TK_INT, "", name);
	if (!t)
		return NULL;
	t->size = bt->size;
	t->align = bt->size > 8 ? 16 : bt->size ? bt->size : 1;
	t->is_signed = sgn;
	t->rank = bt->size <= 1 ? 1 : bt->size == 2 ? 2 : bt->size == 4 ? 3 :
		  bt->size == 8 ? 4 : 5;
	return t;
}

static const struct dt_type *dt_btf_float(dtrace_hdl_t *dtp,
					  const struct btf_type *bt,
					  const char *name)
{
	const struct dt_type *b = dt_type_builtin_int(name);
	struct dt_type *t;

	if (b && b->kind == DT_TK_FLOAT && b->size == bt->size)
		return b;
	t = dt_btf_new(dtp, DT_TK_FLOAT, "", name);
	if (t)
		t->size = t->align = bt->size;
	return t;
}

/*
 * Bit width of a member whose type is an old-style (kflag 0) bitfield:
 * an INT whose encoding has fewer bits than its size.  *@offp gets the
 * INT's bit offset.  0 if not a bitfield.
 */
static unsigned int dt_btf_int_bits(struct dt_btf *btf,
				    struct dt_btf_file *f, uint32_t id,
				    unsigned int *offp)
{
	const struct btf_type *t;
	uint32_t enc;
	int hops;

	for (hops = 0; hops < 32 && (f = dt_btf_file_of(btf, f, id)); hops++) {
		t = dt_btf_type(f, id);
		switch (BTF_INFO_KIND(t->info)) {
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_CONST:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = t->type;
			continue;
		case BTF_KIND_INT:
			enc = *(const uint32_t *)(t + 1);
			*offp = BTF_INT_OFFSET(enc);
			return BTF_INT_BITS(enc) < t->size * 8 ?
			       BTF_INT_BITS(enc) : 0;
		default:
			return 0;
		}
	}
	return 0;
}

/* The members of struct/union @t, made from @bt. */
static int dt_btf_sou(dtrace_hdl_t *dtp, struct dt_btf_file *f,
		      const struct btf_type *bt, struct dt_type *t)
{
	const struct btf_member *bm = (const struct btf_member *)(bt + 1);
	unsigned int i, n = BTF_INFO_VLEN(bt->info), ioff = 0;
	bool kflag = BTF_INFO_KFLAG(bt->info);
	struct dt_member *m;
	const char *s;

	m = n ? dt_typetab_zalloc(dtp, n * sizeof(*m)) : NULL;
	if (n && !m)
		return -1;
	for (i = 0; i < n; i++) {
		s = dt_btf_str(dtp->btf, f, bm[i].name_off);
		if (!s) {
			dt_btf_seterr(dtp->btf,
				      "%s: %s: bad member name offset",
				      f->path, t->name);
			return -1;
		}
		m[i].name = *s ? dt_typetab_strdup(dtp, s) : NULL;
		m[i].type = dt_btf_ref(dtp, f, bm[i].type, 0);
		if (!m[i].type || (*s && !m[i].name))
			return -1;
		if (kflag) {
			m[i].bit_offset = BTF_MEMBER_BIT_OFFSET(bm[i].offset);
			m[i].bit_size = BTF_MEMBER_BITFIELD_SIZE(bm[i].offset);
		} else {
			m[i].bit_size = dt_btf_int_bits(dtp->btf, f,
							bm[i].type, &ioff);
			m[i].bit_offset = bm[i].offset +
					  (m[i].bit_size ? ioff : 0);
		}
	}
	t->members = m;
	t->nmembers = n;
	return 0;
}

static struct dt_type *dt_btf_enum(dtrace_hdl_t *dtp, struct dt_btf_file *f,
				   const struct btf_type *bt, const char *name)
{
	unsigned int i, n = BTF_INFO_VLEN(bt->info);
	bool is64 = BTF_INFO_KIND(bt->info) == BTF_KIND_ENUM64;
	bool sgn = BTF_INFO_KFLAG(bt->info);
	struct dt_enumval *e;
	struct dt_type *t;
	const char *s;

	t = dt_btf_new(dtp, DT_TK_ENUM, "enum ", name);
	e = n ? dt_typetab_zalloc(dtp, n * sizeof(*e)) : NULL;
	if (!t || (n && !e))
		return NULL;
	for (i = 0; i < n; i++) {
		const struct btf_enum64 *e64 = (const void *)(bt + 1);
		const struct btf_enum *e32 = (const void *)(bt + 1);

		s = dt_btf_str(dtp->btf, f, dt_btf_enum_name(bt, i));
		if (!s || !(e[i].name = dt_typetab_strdup(dtp, s)))
			return NULL;
		if (is64)
			e[i].value = (int64_t)((uint64_t)e64[i].val_hi32 << 32 |
					       e64[i].val_lo32);
		else
			e[i].value = sgn ? (int64_t)e32[i].val :
				     (int64_t)(uint32_t)e32[i].val;
	}
	t->enums = e;
	t->nenums = n;
	t->size = bt->size;
	t->align = bt->size ? bt->size : 4;
	t->is_signed = sgn;
	t->rank = bt->size > 4 ? 4 : 3;
	return t;
}

static const struct dt_type *dt_btf_proto(dtrace_hdl_t *dtp,
					  struct dt_btf_file *f,
					  const struct btf_type *bt,
					  unsigned int depth)
{
	const struct btf_param *bp = (const struct btf_param *)(bt + 1);
	unsigned int i, n = BTF_INFO_VLEN(bt->info);
	const struct dt_type **params = NULL, *ret, *t = NULL;
	bool varargs = n && bp[n - 1].type == 0;

	if (varargs)
		n--;
	ret = dt_btf_ref(dtp, f, bt->type, depth);
	if (n && !(params = calloc(n, sizeof(*params))))
		return NULL;
	for (i = 0; i < n; i++)
		if (!(params[i] = dt_btf_ref(dtp, f, bp[i].type, depth)))
			break;
	if (ret && i == n)
		t = dt_type_func(dtp, ret, params, n, varargs);
	free(params);
	return t;
}

/*
 * The definition of forward declaration @bt (tag @name) of @f, in @f
 * or else in vmlinux (a module may declare what vmlinux defines): its
 * id, with *@ffp its file; else the first forward declaration of the
 * tag in @f; 0 if there is none.
 */
static uint32_t dt_btf_fwd_full(struct dt_btf *btf, struct dt_btf_file *f,
				const struct btf_type *bt, const char *name,
				struct dt_btf_file **ffp)
{
	unsigned int kind = BTF_INFO_KFLAG(bt->info) ? BTF_KIND_UNION :
			    BTF_KIND_STRUCT;
	uint32_t full, vfull;

	if (!*name)
		return 0;
	*ffp = f;
	full = dt_btf_find(btf, f, name, DT_NS_TAG, kind);
	if (full && BTF_INFO_KIND(dt_btf_type(f, full)->info) != BTF_KIND_FWD)
		return full;
	vfull = f == &btf->vmlinux ? 0 :
		dt_btf_find(btf, &btf->vmlinux, name, DT_NS_TAG, kind);
	if (!vfull)
		return full;
	*ffp = &btf->vmlinux;
	return vfull;
}

static unsigned int dt_btf_sou_align(struct dt_btf *btf,
				     struct dt_btf_file *f, uint32_t id,
				     unsigned int depth);

/*
 * The alignment of type @id seen from @f, read from the records
 * alone, as its struct dt_type would have it: the same rules as
 * dt_btf_int() and the others below, a struct's the largest of its
 * members'.  A struct's shell gets it so that its members need not be
 * converted for a containing struct, an array or a typedef of it.
 */
static unsigned int dt_btf_align_of(struct dt_btf *btf,
				    struct dt_btf_file *f, uint32_t id,
				    unsigned int depth)
{
	const struct btf_type *bt;
	struct dt_btf_file *ff;
	const char *name;
	uint32_t full;

	for (; depth < DT_BTF_MAXDEPTH; depth++) {
		f = id ? dt_btf_file_of(btf, f, id) : NULL;
		if (!f)
			return 1;
		bt = dt_btf_type(f, id);
		switch (BTF_INFO_KIND(bt->info)) {
		case BTF_KIND_INT:
			return bt->size > 8 ? 16 : bt->size ? bt->size : 1;
		case BTF_KIND_FLOAT:
			return bt->size ? bt->size : 1;
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			return bt->size ? bt->size : 4;
		case BTF_KIND_PTR:
			return 8;
		case BTF_KIND_ARRAY:
			id = ((const struct btf_array *)(bt + 1))->type;
			continue;
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_CONST:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = bt->type;
			continue;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			return dt_btf_sou_align(btf, f, id, depth);
		case BTF_KIND_FWD:
			name = dt_btf_str(btf, f, bt->name_off);
			full = name ? dt_btf_fwd_full(btf, f, bt, name, &ff) : 0;
			if (!full || BTF_INFO_KIND(dt_btf_type(ff, full)->info) ==
				     BTF_KIND_FWD)
				return 1;
			f = ff;
			id = full;
			continue;
		default:
			return 1;
		}
	}
	return 1;
}

/* dt_btf_align_of() of a struct/union, memoized. */
static unsigned int dt_btf_sou_align(struct dt_btf *btf,
				     struct dt_btf_file *f, uint32_t id,
				     unsigned int depth)
{
	const struct btf_type *bt = dt_btf_type(f, id);
	const struct btf_member *bm = (const struct btf_member *)(bt + 1);
	unsigned int i, n = BTF_INFO_VLEN(bt->info), a = 1, ma;
	unsigned char *memo = &f->aligns[id - f->id_base];

	if (*memo)
		return *memo;
	*memo = 1;		/* a bad file may nest a struct in itself */
	for (i = 0; i < n; i++) {
		ma = dt_btf_align_of(btf, f, bm[i].type, depth + 1);
		if (ma > a)
			a = ma;
	}
	/* a packed struct: no more than its size allows */
	while (a > 1 && bt->size % a)
		a /= 2;
	*memo = (unsigned char)a;
	return a;
}

/*
 * A struct/union or a forward declaration: a shell of the right size
 * and alignment, whose members dt_btf_members() makes when they are
 * first asked for, so that a lookup converts no more than it must.
 */
static const struct dt_type *dt_btf_tag(dtrace_hdl_t *dtp,
					struct dt_btf_file *f, uint32_t id,
					const struct btf_type *bt,
					const char *name, unsigned int depth)
{
	unsigned int kind = BTF_INFO_KIND(bt->info);
	struct dt_btf_file *ff;
	struct dt_btf_lazy *lz;
	struct dt_type *t;
	uint32_t full;

	if (kind == BTF_KIND_FWD) {
		kind = BTF_INFO_KFLAG(bt->info) ? BTF_KIND_UNION :
		       BTF_KIND_STRUCT;
		full = dt_btf_fwd_full(dtp->btf, f, bt, name, &ff);
		if (full && (full != id || ff != f))
			return dt_btf_conv(dtp, ff, full, depth + 1);
	}
	t = dt_btf_new(dtp, kind == BTF_KIND_UNION ? DT_TK_UNION :
		       DT_TK_STRUCT, kind == BTF_KIND_UNION ? "union " :
		       "struct ", name);
	if (!t)
		return NULL;
	if (BTF_INFO_KIND(bt->info) == BTF_KIND_FWD) {
		t->incomplete = true;
		t->align = 1;
		return t;
	}
	t->size = bt->size;
	t->align = dt_btf_sou_align(dtp->btf, f, id, depth);
	lz = dt_typetab_zalloc(dtp, sizeof(*lz));
	if (!lz)
		return NULL;
	*lz = (struct dt_btf_lazy){ .dtp = dtp, .f = f, .id = id };
	t->lazy = lz;
	return t;
}

static const struct dt_type *dt_btf_typedef(dtrace_hdl_t *dtp,
					    struct dt_btf_file *f,
					    const struct btf_type *bt,
					    const char *name,
					    unsigned int depth)
{
	const struct dt_type *ref = dt_btf_ref(dtp, f, bt->type, depth), *b;
	struct dt_type *t;

	if (!ref)
		return NULL;
	t = dt_btf_new(dtp, DT_TK_TYPEDEF, "", name);
	if (!t)
		return NULL;
	t->ref = ref;
	b = dt_type_base(ref);
	t->size = b->size;
	t->align = b->align;
	t->is_signed = b->is_signed;
	t->rank = b->rank;
	t->incomplete = b->incomplete;
	return t;
}

/* Is type @id, seen from @f, a FUNC_PROTO (what a FUNC must refer to)? */
static bool dt_btf_is_proto(struct dt_btf *btf, struct dt_btf_file *f,
			    uint32_t id)
{
	struct dt_btf_file *of = dt_btf_file_of(btf, f, id);

	return of && BTF_INFO_KIND(dt_btf_type(of, id)->info) ==
		     BTF_KIND_FUNC_PROTO;
}

static const struct dt_type *dt_btf_conv_kind(dtrace_hdl_t *dtp,
					      struct dt_btf_file *f,
					      uint32_t id, unsigned int depth)
{
	const struct btf_type *bt = dt_btf_type(f, id);
	const char *name = dt_btf_str(dtp->btf, f, bt->name_off);
	const struct dt_type *t;

	if (!name) {
		dt_btf_seterr(dtp->btf, "%s: type %u: bad name offset",
			      f->path, id);
		return NULL;
	}
	switch (BTF_INFO_KIND(bt->info)) {
	case BTF_KIND_INT:
		return dt_btf_int(dtp, bt, name);
	case BTF_KIND_FLOAT:
		return dt_btf_float(dtp, bt, name);
	case BTF_KIND_PTR:
		t = dt_btf_ref(dtp, f, bt->type, depth);
		return t ? dt_type_pointer(dtp, t) : NULL;
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = (const void *)(bt + 1);

		t = dt_btf_ref(dtp, f, a->type, depth);
		return t ? dt_type_array(dtp, t, a->nelems) : NULL;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_FWD:
		return dt_btf_tag(dtp, f, id, bt, name, depth);
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return dt_btf_enum(dtp, f, bt, name);
	case BTF_KIND_TYPEDEF:
		return dt_btf_typedef(dtp, f, bt, name, depth);
	case BTF_KIND_FUNC:
		if (!dt_btf_is_proto(dtp->btf, f, bt->type)) {
			dt_btf_seterr(dtp->btf,
				      "%s: type %u: FUNC's type is not a FUNC_PROTO",
				      f->path, id);
			return NULL;
		}
		/* fall through */
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return dt_btf_ref(dtp, f, bt->type, depth);
	case BTF_KIND_FUNC_PROTO:
		return dt_btf_proto(dtp, f, bt, depth);
	default:
		dt_btf_seterr(dtp->btf, "%s: type %u: not a type", f->path,
			      id);
		return NULL;
	}
}

static const struct dt_type *dt_btf_conv(dtrace_hdl_t *dtp,
					 struct dt_btf_file *f, uint32_t id,
					 unsigned int depth)
{
	uint32_t i = id - f->id_base;
	const struct dt_type *t;

	if (f->memo[i])
		return f->memo[i];
	if (f->busy[i] || depth > DT_BTF_MAXDEPTH) {
		dt_btf_seterr(dtp->btf, "%s: type %u: cycle or too deep",
			      f->path, id);
		return NULL;
	}
	f->busy[i] = 1;
	t = dt_btf_conv_kind(dtp, f, id, depth);
	f->busy[i] = 0;
	f->memo[i] = t;
	return t;
}

/*
 * Convert @id of @f, the entry point from a lookup.  A file found bad
 * here is not used again: its other types could be as broken.
 */
static const struct dt_type *dt_btf_convert(dtrace_hdl_t *dtp,
					    struct dt_btf_file *f,
					    uint32_t id)
{
	const struct dt_type *t = dt_btf_conv(dtp, f, id, 0);

	if (!t)
		f->ok = false;
	return t;
}

void dt_btf_members(struct dt_type *t)
{
	struct dt_btf_lazy *lz = t->lazy;

	t->lazy = NULL;
	if (lz->f->ok &&
	    dt_btf_sou(lz->dtp, lz->f, dt_btf_type(lz->f, lz->id), t) < 0)
		lz->f->ok = false;
}

/* The API (dt_type.h). */

static const char *dt_btf_split(const char *name, enum dt_btf_ns *nsp,
				unsigned int *kindp)
{
	static const struct {
		const char *prefix;
		unsigned int kind;
	} tags[] = {
		{ "struct ", BTF_KIND_STRUCT },
		{ "union ", BTF_KIND_UNION },
		{ "enum ", BTF_KIND_ENUM },
	};
	size_t i, n;

	for (i = 0; i < DT_ARRAY_SIZE(tags); i++) {
		n = strlen(tags[i].prefix);
		if (!strncmp(name, tags[i].prefix, n)) {
			*nsp = DT_NS_TAG;
			*kindp = tags[i].kind;
			return name + n;
		}
	}
	*nsp = DT_NS_ORD;
	*kindp = 0;
	return name;
}

static const struct dt_type *dt_btf_search(dtrace_hdl_t *dtp,
					   const char *name,
					   enum dt_btf_ns ns, unsigned int kind)
{
	struct dt_btf *btf = dt_btf_get(dtp);
	struct dt_btf_file *f = NULL;
	uint32_t id;

	if (!btf)
		return NULL;
	while ((f = dt_btf_next(btf, f))) {
		id = dt_btf_find(btf, f, name, ns, kind);
		if (id)
			return dt_btf_convert(dtp, f, id);
	}
	return NULL;
}

const struct dt_type *dt_btf_lookup(dtrace_hdl_t *dtp, const char *name)
{
	enum dt_btf_ns ns;
	unsigned int kind;

	name = dt_btf_split(name, &ns, &kind);
	return dt_btf_search(dtp, name, ns, kind);
}

const struct dt_type *dt_btf_func(dtrace_hdl_t *dtp, const char *func)
{
	return dt_btf_search(dtp, func, DT_NS_FUNC, BTF_KIND_FUNC);
}

bool dt_btf_enumconst(dtrace_hdl_t *dtp, const char *name, int64_t *valp,
		      const struct dt_type **typep)
{
	struct dt_btf *btf = dt_btf_get(dtp);
	struct dt_btf_file *f = NULL;
	const struct dt_type *t;
	const char *s;
	uint32_t h, id, i;

	if (!btf)
		return false;
	while ((f = dt_btf_next(btf, f))) {
		if (dt_btf_enum_index(btf, f))
			return false;
		h = dt_btf_hash(name, DT_NS_NONE) & f->enum_mask;
		for (; (id = f->enum_index[2 * h]);
		     h = (h + 1) & f->enum_mask) {
			i = f->enum_index[2 * h + 1];
			s = dt_btf_str(btf, f,
				       dt_btf_enum_name(dt_btf_type(f, id), i));
			if (!s || strcmp(s, name))
				continue;
			t = dt_btf_convert(dtp, f, id);
			if (!t || t->kind != DT_TK_ENUM || i >= t->nenums)
				return false;
			*valp = t->enums[i].value;
			if (typep)
				*typep = t;
			return true;
		}
	}
	return false;
}

void dt_btf_close(dtrace_hdl_t *dtp)
{
	struct dt_btf *btf = dtp->btf;
	unsigned int i;

	if (!btf)
		return;
	dt_btf_file_free(&btf->vmlinux);
	for (i = 0; i < btf->nmods; i++)
		dt_btf_file_free(&btf->mods[i]);
	free(btf->mods);
	free(btf);
	dtp->btf = NULL;
}

const char *dt_btf_error(dtrace_hdl_t *dtp)
{
	return dtp->btf ? dtp->btf->err : "";
}
