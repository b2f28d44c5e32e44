// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel types from BTF: small BTF files built here (bitfields, cycles
 * through pointers, and corrupted files that must fail cleanly), then
 * the host's own /sys/kernel/btf/vmlinux when readable, cross-checked
 * against pahole(1) when it is installed, and its structs' members made
 * lazily against the same made eagerly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/btf.h>

#include "dt_impl.h"
#include "dt_type.h"
#include "dt_btf.h"
#include "helpers.h"
#include "tap.h"

#define VMLINUX "/sys/kernel/btf/vmlinux"
#define INFO(kind, kflag, vlen) \
	((uint32_t)(kflag) << 31 | (uint32_t)(kind) << 24 | (vlen))

static dtrace_hdl_t *btf_open(const char *path)
{
	setenv("DTRACE_BTF_PATH", path, 1);
	return calloc(1, sizeof(dtrace_hdl_t));
}

static void btf_close(dtrace_hdl_t *dtp)
{
	dt_btf_close(dtp);
	dt_typetab_destroy(dtp->types);
	free(dtp);
	unsetenv("DTRACE_BTF_PATH");
}

static const char *tname(const struct dt_type *t)
{
	static char buf[256];

	if (!t)
		return "(null)";
	dt_type_name(t, buf, sizeof(buf));
	return buf;
}

/* Strings of the small BTF files: offsets into this. */
static const char strs[] = "\0int\0s\0a\0next\0myint\0e\0ONE\0";
enum { S_INT = 1, S_S = 5, S_A = 7, S_NEXT = 9, S_MYINT = 14, S_E = 20,
       S_ONE = 22 };

/*
 * Types: 1 int; 2 struct s { int a:3; struct s *next; } (kflag);
 * 3 struct s *; 4 typedef int myint; 5 enum e { ONE = 1 }.
 */
static const uint32_t good_types[] = {
	S_INT, INFO(BTF_KIND_INT, 0, 0), 4,
		BTF_INT_SIGNED << 24 | 32,
	S_S, INFO(BTF_KIND_STRUCT, 1, 2), 16,
		S_A, 1, 3u << 24 | 0,
		S_NEXT, 3, 64,
	0, INFO(BTF_KIND_PTR, 0, 0), 2,
	S_MYINT, INFO(BTF_KIND_TYPEDEF, 0, 0), 1,
	S_E, INFO(BTF_KIND_ENUM, 0, 1), 4,
		S_ONE, 1,
};

/* Write a BTF file of @types (@tlen bytes) and the strings above. */
static void write_btf(const char *path, const uint32_t *types, size_t tlen,
		      uint16_t magic, uint32_t str_len)
{
	struct btf_header h = {
		.magic = magic, .version = BTF_VERSION,
		.hdr_len = sizeof(h), .type_off = 0, .type_len = tlen,
		.str_off = tlen, .str_len = str_len,
	};
	FILE *fp = fopen(path, "w");

	if (!fp)
		return;
	fwrite(&h, sizeof(h), 1, fp);
	fwrite(types, 1, tlen, fp);
	fwrite(strs, 1, sizeof(strs), fp);
	fclose(fp);
}

static void test_btf_small(const char *path)
{
	dtrace_hdl_t *dtp;
	const struct dt_type *s, *t;
	const struct dt_member *m;
	uint64_t off = 0;
	int64_t v = 0;

	write_btf(path, good_types, sizeof(good_types), BTF_MAGIC,
		  sizeof(strs));
	dtp = btf_open(path);
	s = dt_type_lookup(dtp, "struct s");
	tap_ok(s && s->kind == DT_TK_STRUCT && s->size == 16 &&
	       s->src == DT_TSRC_KERNEL, "small: struct s, 16 bytes");
	m = dt_type_member(s, "a", &off);
	tap_ok(m && m->bit_size == 3 && off == 0 && m->type == &dt_type_int,
	       "small: kflag bitfield a:3 of int");
	m = dt_type_member(s, "next", &off);
	tap_is_str(m ? tname(m->type) : "", "struct s *",
		   "small: self pointer through the cycle");
	tap_ok(m && dt_type_base(m->type)->ref == s && off == 64,
	       "small: next points to the same struct s, at bit 64");
	t = dt_type_lookup(dtp, "myint");
	tap_ok(t && t->kind == DT_TK_TYPEDEF && t->ref == &dt_type_int &&
	       t->size == 4, "small: typedef myint of the built-in int");
	tap_ok(dt_type_enumconst(dtp, "ONE", &v, &t) && v == 1 &&
	       t && !strcmp(t->name, "enum e"),
	       "small: enumerator ONE of enum e");
	tap_ok(dt_type_lookup(dtp, "int") == &dt_type_int,
	       "small: built-in int before BTF's");
	tap_ok(!dt_type_lookup(dtp, "struct none") && !dt_btf_func(dtp, "f"),
	       "small: unknown names miss");
	tap_is_str(dt_btf_error(dtp), "", "small: no error");
	btf_close(dtp);

	/* The program's names are D's: its typedef hides the kernel's. */
	setenv("DTRACE_BTF_PATH", path, 1);
	dtp = t_open();
	tap_is_str(t_script_msg(dtp, "typedef long myint; "
				"BEGIN { trace(sizeof(myint)); }"), "OK",
		   "small: a D typedef of a kernel typedef's name compiles");
	t = dt_type_lookup(dtp, "myint");
	tap_ok(t && t->size == 8 && t->src == DT_TSRC_D,
	       "small: and the name is then D's typedef");
	dtrace_close(dtp);
	unsetenv("DTRACE_BTF_PATH");
}

/*
 * An identifier that is a global variable of the program is that
 * variable, though the kernel has an enumerator of the name; and a
 * program whose identifiers are all its declared variables reads no
 * BTF to find out.
 */
static void test_btf_var_hides_enum(const char *path)
{
	dtrace_hdl_t *dtp;

	write_btf(path, good_types, sizeof(good_types), BTF_MAGIC,
		  sizeof(strs));
	setenv("DTRACE_BTF_PATH", path, 1);
	dtp = t_open();
	tap_is_str(t_compile_msg(dtp, "int n; BEGIN /n == 0/ { n = 1; }"),
		   "OK", "var/enum: declared n compiles");
	tap_ok(!dtp->btf, "var/enum: a declared variable reads no BTF");
	tap_is_str(t_compile_msg(dtp, "BEGIN { trace(ONE + 1); }"), "OK",
		   "var/enum: ONE is the kernel's enumerator");
	tap_is_str(t_compile_msg(dtp, "int ONE; BEGIN { ONE = 3; trace(ONE); }"),
		   "OK", "var/enum: a declared ONE hides the enumerator");
	dtrace_close(dtp);
	unsetenv("DTRACE_BTF_PATH");
}

/*
 * A module's split BTF on top of the small file: ids go on from 6 and
 * string offsets from the end of the base strings.
 * 6 struct mod_s { struct s *p; myint x; }; 7 struct s *; 8 struct s;
 * (a forward declaration of vmlinux's struct s).
 */
static void test_btf_split(const char *base, const char *dir)
{
	static const char mstrs[] = "mod_s\0p\0x";
	const uint32_t L = sizeof(strs);
	const uint32_t mtypes[] = {
		L + 0, INFO(BTF_KIND_STRUCT, 0, 2), 16,
			L + 6, 7, 0,
			L + 8, 4, 64,
		0, INFO(BTF_KIND_PTR, 0, 0), 8,
		S_S, INFO(BTF_KIND_FWD, 0, 0), 0,
	};
	struct btf_header h = {
		.magic = BTF_MAGIC, .version = BTF_VERSION,
		.hdr_len = sizeof(h), .type_len = sizeof(mtypes),
		.str_off = sizeof(mtypes), .str_len = sizeof(mstrs),
	};
	const struct dt_type *t;
	const struct dt_member *m;
	dtrace_hdl_t *dtp;
	char path[512];
	unsigned int n = 0;
	uint64_t off;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/mod", dir);
	fp = fopen(path, "w");
	if (!fp) {
		tap_ok(false, "split: cannot write %s", path);
		return;
	}
	fwrite(&h, sizeof(h), 1, fp);
	fwrite(mtypes, sizeof(mtypes), 1, fp);
	fwrite(mstrs, sizeof(mstrs), 1, fp);
	fclose(fp);
	write_btf(base, good_types, sizeof(good_types), BTF_MAGIC,
		  sizeof(strs));
	setenv("DTRACE_BTF_MODDIR", dir, 1);
	dtp = btf_open(base);
	t = dt_type_lookup(dtp, "struct mod_s");
	tap_ok(t && t->size == 16 && dt_type_members(t, &n) && n == 2,
	       "split: struct mod_s from the module");
	m = dt_type_member(t, "p", &off);
	tap_ok(m && dt_type_base(m->type)->ref ==
	       dt_type_lookup(dtp, "struct s"),
	       "split: its p points to vmlinux's struct s, not the forward");
	m = dt_type_member(t, "x", &off);
	tap_ok(m && off == 64 && !strcmp(m->type->name, "myint"),
	       "split: its x is vmlinux's myint, at bit 64");
	tap_is_str(dt_btf_error(dtp), "", "split: no error");
	btf_close(dtp);
	unsetenv("DTRACE_BTF_MODDIR");
	unlink(path);
}

/* A corrupted file: looking @name up misses and the error says why. */
static void bad_case(const char *path, const char *name, const char *what,
		     const char *want)
{
	dtrace_hdl_t *dtp = btf_open(path);
	char full[512];

	snprintf(full, sizeof(full), "%s: %s", path, want);
	tap_ok(!dt_type_lookup(dtp, name), "bad BTF (%s): %s misses", what,
	       name);
	tap_is_str(dt_btf_error(dtp), full, "bad BTF (%s): message", what);
	btf_close(dtp);
}

/*
 * A corrupted member list: struct s is found (its members are not made
 * by the lookup), its member @member misses, and the error says why.
 */
static void bad_member(const char *path, const char *member,
		       const char *what, const char *want)
{
	dtrace_hdl_t *dtp = btf_open(path);
	const struct dt_type *s = dt_type_lookup(dtp, "struct s");
	unsigned int n = 1;
	uint64_t off;
	char full[512];

	snprintf(full, sizeof(full), "%s: %s", path, want);
	tap_ok(s && s->size == 16, "bad BTF (%s): struct s found", what);
	tap_ok(s && !dt_type_member(s, member, &off) &&
	       !dt_type_members(s, &n) && n == 0,
	       "bad BTF (%s): it has no members, %s misses", what, member);
	tap_is_str(dt_btf_error(dtp), full, "bad BTF (%s): message", what);
	btf_close(dtp);
}

static void test_btf_bad(const char *path)
{
	uint32_t types[DT_ARRAY_SIZE(good_types)];
	FILE *fp;

	write_btf(path, good_types, sizeof(good_types), 0x1234, sizeof(strs));
	bad_case(path, "struct s", "magic", "bad magic 0x1234 or version 1");
	write_btf(path, good_types, sizeof(good_types), BTF_MAGIC, 4096);
	bad_case(path, "struct s", "string section past the end",
		 "bad section offsets");
	write_btf(path, good_types, sizeof(good_types) - 8, BTF_MAGIC,
		  sizeof(strs));
	bad_case(path, "struct s", "type section cut", "type 5: truncated");
	memcpy(types, good_types, sizeof(types));
	types[1] = INFO(30, 0, 0);
	write_btf(path, types, sizeof(types), BTF_MAGIC, sizeof(strs));
	bad_case(path, "struct s", "unknown kind", "type 1: unknown kind");
	memcpy(types, good_types, sizeof(types));
	types[15] = 99;		/* the pointer's target */
	write_btf(path, types, sizeof(types), BTF_MAGIC, sizeof(strs));
	bad_member(path, "next", "bad type id", "bad type id 99");
	memcpy(types, good_types, sizeof(types));
	types[18] = 4;		/* typedef myint of itself */
	write_btf(path, types, sizeof(types), BTF_MAGIC, sizeof(strs));
	bad_case(path, "myint", "typedef cycle", "type 4: cycle or too deep");
	memcpy(types, good_types, sizeof(types));
	types[7] = 5000;	/* name of member a */
	write_btf(path, types, sizeof(types), BTF_MAGIC, sizeof(strs));
	bad_member(path, "next", "bad member name",
		   "struct s: bad member name offset");
	fp = fopen(path, "w");
	if (fp) {
		fwrite("\x9f\xeb\x01", 1, 3, fp);
		fclose(fp);
	}
	bad_case(path, "struct s", "truncated header", "truncated header");
}

/* pahole's byte offset of task_struct's @member, -1 if not known. */
static long pahole_offset(const char *member)
{
	char line[512], want[128];
	long off = -1;
	FILE *fp;
	char *p;

	fp = popen("pahole -C task_struct " VMLINUX " 2>/dev/null", "r");
	if (!fp)
		return -1;
	snprintf(want, sizeof(want), " %s;", member);
	while (fgets(line, sizeof(line), fp)) {
		p = strstr(line, want);
		if (!p && !strncmp(member, "comm", 4))
			p = strstr(line, " comm[16];");
		if (p && off < 0 && (p = strstr(p, "/*")))
			off = strtol(p + 2, NULL, 10);
	}
	pclose(fp);
	return off;
}

static void check_member(dtrace_hdl_t *dtp, const struct dt_type *ts,
			 const char *name, const char *type)
{
	const struct dt_member *m;
	uint64_t off = 0;
	long poff;

	(void)dtp;
	m = dt_type_member(ts, name, &off);
	tap_is_str(m ? tname(m->type) : "(none)", type,
		   "task_struct.%s is %s", name, type);
	poff = pahole_offset(name);
	if (poff < 0) {
		tap_ok(true, "# SKIP task_struct.%s offset: no pahole", name);
		return;
	}
	tap_is_int((int64_t)off / 8, poff, "task_struct.%s at pahole's offset",
		   name);
}

static void test_btf_vmlinux(void)
{
	const struct dt_type *ts, *t, *fn;
	const struct dt_member *m;
	struct timespec a, b;
	uint64_t off;
	dtrace_hdl_t *dtp;
	int64_t v = 0;

	if (access(VMLINUX, R_OK)) {
		tap_ok(true, "# SKIP " VMLINUX " not readable");
		return;
	}
	dtp = btf_open(VMLINUX);
	clock_gettime(CLOCK_MONOTONIC, &a);
	ts = dt_type_lookup(dtp, "struct task_struct");
	clock_gettime(CLOCK_MONOTONIC, &b);
	tap_diag("vmlinux BTF read, checked and indexed, task_struct "
		 "converted: %.1f ms", (b.tv_sec - a.tv_sec) * 1e3 +
		 (b.tv_nsec - a.tv_nsec) / 1e6);
	tap_ok(ts && ts->kind == DT_TK_STRUCT && ts->size > 1000,
	       "vmlinux: struct task_struct");
	tap_is_str(dt_btf_error(dtp), "", "vmlinux: no error");
	if (!ts) {
		btf_close(dtp);
		return;
	}
	tap_is_str(ts->name, "struct task_struct", "vmlinux: its name");
	check_member(dtp, ts, "comm", "char [16]");
	check_member(dtp, ts, "pid", "pid_t");
	check_member(dtp, ts, "tgid", "pid_t");
	check_member(dtp, ts, "real_parent", "struct task_struct *");
	tap_ok(dt_type_base(dt_type_member(ts, "real_parent", &(uint64_t){0})
			    ->type)->ref == ts,
	       "vmlinux: real_parent points to the same task_struct");
	tap_ok(dt_type_lookup(dtp, "pid_t") == &dt_type_pid,
	       "vmlinux: built-in pid_t wins over the kernel's");
	t = dt_type_lookup(dtp, "u64");
	tap_ok(t && t->kind == DT_TK_TYPEDEF && t->src == DT_TSRC_KERNEL &&
	       !strcmp(t->ref->name, "__u64") &&
	       dt_type_base(t) == &dt_type_ullong,
	       "vmlinux: u64 -> __u64 -> unsigned long long");
	tap_ok(dt_type_lookup(dtp, "struct task_struct") == ts,
	       "vmlinux: memoized");
	tap_ok(dt_type_enumconst(dtp, "BPF_MAP_TYPE_HASH", &v, &t) && v == 1 &&
	       t && !strcmp(t->name, "enum bpf_map_type"),
	       "vmlinux: BPF_MAP_TYPE_HASH is 1 of enum bpf_map_type");
	tap_ok(dt_type_lookup(dtp, "enum bpf_map_type") == t,
	       "vmlinux: enum bpf_map_type by tag");
	fn = dt_btf_func(dtp, "vfs_read");
	tap_ok(fn && fn->kind == DT_TK_FUNC && fn->nmembers == 4,
	       "vmlinux: vfs_read has 4 parameters");
	tap_is_str(tname(fn),
		   "ssize_t (struct file *, char *, size_t, loff_t *)",
		   "vmlinux: vfs_read's prototype");
	tap_is_str(tname(dt_btf_func(dtp, "kstrtoint")),
		   "int (char *, unsigned int, int *)",
		   "vmlinux: const dropped from kstrtoint's prototype");
	m = dt_type_member(dt_type_lookup(dtp, "struct file_operations"),
			   "read", &off);
	tap_is_str(tname(m ? m->type : NULL),
		   "ssize_t (*)(struct file *, char *, size_t, loff_t *)",
		   "vmlinux: file_operations.read is a function pointer");
	tap_ok(dt_type_lookup(dtp, "struct list_head") &&
	       dt_type_lookup(dtp, "struct list_head")->size == 16,
	       "vmlinux: struct list_head is 16 bytes");
	tap_ok(!dt_type_lookup(dtp, "struct dt_no_such_struct"),
	       "vmlinux: unknown struct misses");
	btf_close(dtp);
}

/*
 * The indexes of types, functions and enumerators are each made on the
 * first lookup that needs one: the same answers in either order.
 */
static void test_btf_index_order(void)
{
	const struct dt_type *ts[2], *fn[2], *et[2];
	char fnames[2][256];
	dtrace_hdl_t *dtp;
	int64_t v[2] = { -1, -1 };
	unsigned int n;
	int i;

	if (access(VMLINUX, R_OK)) {
		tap_ok(true, "# SKIP " VMLINUX " not readable");
		return;
	}
	for (i = 0; i < 2; i++) {
		dtp = btf_open(VMLINUX);
		if (i == 0) {
			ts[i] = dt_type_lookup(dtp, "struct task_struct");
			fn[i] = dt_btf_func(dtp, "vfs_read");
			dt_type_enumconst(dtp, "BPF_MAP_TYPE_HASH", &v[i], &et[i]);
		} else {
			dt_type_enumconst(dtp, "BPF_MAP_TYPE_HASH", &v[i], &et[i]);
			fn[i] = dt_btf_func(dtp, "vfs_read");
			ts[i] = dt_type_lookup(dtp, "struct task_struct");
		}
		n = 0;
		if (ts[i])
			dt_type_members(ts[i], &n);
		snprintf(fnames[i], sizeof(fnames[i]), "%s|%s|%u|%u|%s",
			 tname(fn[i]), ts[i] ? ts[i]->name : "-",
			 ts[i] ? ts[i]->size : 0, n,
			 et[i] ? et[i]->name : "-");
		btf_close(dtp);
	}
	tap_is_str(fnames[1], fnames[0],
		   "vmlinux: functions, enumerators, then types as types first");
	tap_ok(v[0] == 1 && v[1] == 1, "vmlinux: BPF_MAP_TYPE_HASH both ways");
}

/*
 * Lazily made members against eagerly made ones.  A type's signature:
 * its name, size and alignment and, for a struct or union, each
 * member's name, bit offset, bit width, type name, size and alignment,
 * into structs two levels down.
 */
static void sig(const struct dt_type *t, int depth, char *buf, size_t len)
{
	const struct dt_member *ms;
	const struct dt_type *b = dt_type_base(t);
	unsigned int i, n;
	size_t l = strlen(buf);
	char tn[256];

	dt_type_name(t, tn, sizeof(tn));
	snprintf(buf + l, len - l, "%s/%llu/%u", tn,
		 (unsigned long long)t->size, t->align);
	if (!b || (b->kind != DT_TK_STRUCT && b->kind != DT_TK_UNION) ||
	    depth > 2)
		return;
	ms = dt_type_members(b, &n);
	for (i = 0; i < n && strlen(buf) + 512 < len; i++) {
		l = strlen(buf);
		snprintf(buf + l, len - l, " {%s@%llu:%u ",
			 ms[i].name ? ms[i].name : "-",
			 (unsigned long long)ms[i].bit_offset, ms[i].bit_size);
		sig(ms[i].type, depth + 1, buf, len);
		l = strlen(buf);
		snprintf(buf + l, len - l, "}");
	}
}

/* Every type @t reaches, through members, pointers, arrays, params. */
struct closure {
	const struct dt_type **seen;
	size_t n, cap;
};

static void reach(struct closure *c, const struct dt_type *t)
{
	const struct dt_member *ms;
	unsigned int i, n;
	size_t j;

	if (!t)
		return;
	for (j = 0; j < c->n; j++)
		if (c->seen[j] == t)
			return;
	if (c->n == c->cap) {
		c->cap = c->cap * 2 + 256;
		c->seen = realloc(c->seen, c->cap * sizeof(*c->seen));
		if (!c->seen)
			exit(1);
	}
	c->seen[c->n++] = t;
	reach(c, t->ref);
	if (t->kind == DT_TK_STRUCT || t->kind == DT_TK_UNION ||
	    t->kind == DT_TK_FUNC) {
		ms = dt_type_members(t, &n);
		for (i = 0; i < n; i++)
			reach(c, ms[i].type);
	}
}

/* The alignment of @t from its members, as C lays a struct out. */
static unsigned int align_from_members(const struct dt_type *t)
{
	const struct dt_member *ms;
	unsigned int i, n, a = 1, ma;

	t = dt_type_base(t);
	while (t->kind == DT_TK_ARRAY)
		t = dt_type_base(t->ref);
	if (t->kind != DT_TK_STRUCT && t->kind != DT_TK_UNION)
		return t->align ? t->align : 1;
	ms = dt_type_members(t, &n);
	for (i = 0; i < n; i++) {
		ma = align_from_members(ms[i].type);
		if (ma > a)
			a = ma;
	}
	while (a > 1 && t->size % a)
		a /= 2;
	return a;
}

static void test_btf_lazy(void)
{
	static const char *const names[] = {
		"struct task_struct", "struct mm_struct", "struct file",
		"struct inode", "struct sk_buff", "struct sock",
		"struct signal_struct", "struct cred", "struct page",
		"struct super_block", "struct net_device", "struct tty_struct",
		"struct rq", "struct bio", "struct sched_entity",
	};
	static char a[DT_ARRAY_SIZE(names)][1 << 16];
	static char b[1 << 16];
	struct closure c = { 0 };
	const struct dt_type *t;
	dtrace_hdl_t *dtp;
	unsigned int bad = 0, nsou = 0;
	size_t i;

	if (access(VMLINUX, R_OK)) {
		tap_ok(true, "# SKIP " VMLINUX " not readable");
		return;
	}
	/* lazy: each struct looked up, its members made as it is read */
	dtp = btf_open(VMLINUX);
	for (i = 0; i < DT_ARRAY_SIZE(names); i++) {
		a[i][0] = '\0';
		t = dt_type_lookup(dtp, names[i]);
		if (t)
			sig(t, 0, a[i], sizeof(a[i]));
	}
	btf_close(dtp);
	/* eager: all task_struct reaches made first, then the same reads */
	dtp = btf_open(VMLINUX);
	reach(&c, dt_type_lookup(dtp, "struct task_struct"));
	tap_diag("task_struct reaches %zu types", c.n);
	for (i = 0; i < DT_ARRAY_SIZE(names); i++) {
		b[0] = '\0';
		t = dt_type_lookup(dtp, names[i]);
		if (t)
			sig(t, 0, b, sizeof(b));
		tap_is_str(b, a[i], "lazy %s: as when made eagerly", names[i]);
	}
	/* the alignment made from the records, against the members' */
	for (i = 0; i < c.n; i++) {
		t = c.seen[i];
		if ((t->kind != DT_TK_STRUCT && t->kind != DT_TK_UNION) ||
		    t->incomplete)
			continue;
		nsou++;
		if (align_from_members(t) != t->align) {
			bad++;
			tap_diag("%s: align %u, from its members %u", t->name,
				 t->align, align_from_members(t));
		}
	}
	tap_ok(nsou > 100 && bad == 0,
	       "lazy: alignment of %u structs from the BTF records as from their members (%u differ)",
	       nsou, bad);
	free(c.seen);
	btf_close(dtp);
}

static void test_btf_modules(void)
{
	const char *mods = "/sys/kernel/btf";
	dtrace_hdl_t *dtp;
	char cmd[256], name[128] = "";
	FILE *fp;

	snprintf(cmd, sizeof(cmd), "ls %s 2>/dev/null | grep -vx vmlinux | "
		 "head -1", mods);
	fp = popen(cmd, "r");
	if (fp && fgets(name, sizeof(name), fp))
		name[strcspn(name, "\n")] = '\0';
	if (fp)
		pclose(fp);
	if (!*name) {
		tap_ok(true, "# SKIP no module BTF under %s", mods);
		return;
	}
	unsetenv("DTRACE_BTF_PATH");
	dtp = calloc(1, sizeof(*dtp));
	tap_ok(dt_type_lookup(dtp, "struct task_struct") != NULL,
	       "modules: vmlinux first");
	tap_ok(dt_type_lookup(dtp, "struct dt_no_such_struct") == NULL &&
	       !*dt_btf_error(dtp), "modules: all module BTF (%s...) read",
	       name);
	btf_close(dtp);
}

void test_btf(void)
{
	char path[] = "/tmp/dt_test_btfXXXXXX";
	char dir[] = "/tmp/dt_test_btfdirXXXXXX";
	int fd = mkstemp(path);

	if (fd < 0 || !mkdtemp(dir)) {
		tap_ok(false, "mkstemp/mkdtemp");
		return;
	}
	close(fd);
	test_btf_small(path);
	test_btf_var_hides_enum(path);
	test_btf_split(path, dir);
	test_btf_bad(path);
	unlink(path);
	rmdir(dir);
	test_btf_vmlinux();
	test_btf_index_order();
	test_btf_lazy();
	test_btf_modules();
}
