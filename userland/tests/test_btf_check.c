// SPDX-License-Identifier: GPL-2.0
/*
 * The BTF checker the kernel runs on /sys/kernel/btf (the engine's
 * btf_check.c): a small file built here and broken one rule at a time,
 * a module's split BTF on top of it, then the corruptions the fbt
 * selftests mount in the guest (selftests/providers/fbt/btf_corrupt.py)
 * made from the host's own vmlinux BTF, fed to the checker and to
 * libdtrace's reader (dt_btf.c), which must refuse or survive each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <linux/btf.h>
#include <engine/btf_check.h>

#include "dt_impl.h"
#include "dt_type.h"
#include "dt_btf.h"
#include "tap.h"

#define VMLINUX "/sys/kernel/btf/vmlinux"
#define GEN "../selftests/providers/fbt/btf_corrupt.py"
#define INFO(kind, vlen) ((uint32_t)(kind) << 24 | (vlen))

static const char strs[] = "\0int\0f\0p\0s\0m";
enum { S_INT = 1, S_F = 5, S_P = 7, S_S = 9, S_M = 11 };

/*
 * 1 int; 2 int *; 3 int (int *p); 4 f of 3; 5 struct s { int *m; };
 * 6 int[4].  W_* are word indexes of the fields the cases break.
 */
static const uint32_t good[] = {
	S_INT, INFO(BTF_KIND_INT, 0), 4, 32,
	0, INFO(BTF_KIND_PTR, 0), 1,
	0, INFO(BTF_KIND_FUNC_PROTO, 1), 1, S_P, 2,
	S_F, INFO(BTF_KIND_FUNC, BTF_FUNC_GLOBAL), 3,
	S_S, INFO(BTF_KIND_STRUCT, 1), 8, S_M, 2, 0,
	0, INFO(BTF_KIND_ARRAY, 0), 0, 1, 1, 4,
};
enum { W_PTR = 6, W_PARAM = 11, W_FUNC_INFO = 13, W_FUNC = 14,
       W_MEMBER_NAME = 18, W_ARRAY = 24, NTYPES = 6 };

/* The file: header, @types, then @s (@slen bytes); 4-byte aligned. */
static uint32_t file[256];

static size_t build(const uint32_t *types, size_t tlen, const char *s,
		    size_t slen)
{
	struct btf_header h = {
		.magic = BTF_MAGIC, .version = BTF_VERSION,
		.hdr_len = sizeof(h), .type_len = tlen, .str_off = tlen,
		.str_len = slen,
	};

	memset(file, 0, sizeof(file));
	memcpy(file, &h, sizeof(h));
	memcpy((char *)file + sizeof(h), types, tlen);
	memcpy((char *)file + sizeof(h) + tlen, s, slen);
	return sizeof(h) + tlen + slen;
}

static struct btf_header *hdr(void)
{
	return (struct btf_header *)file;
}

/* Check the file of @size bytes; "" when accepted, else the reason. */
static const char *check(struct btf_view *v, size_t size,
			 const struct btf_view *base)
{
	static uint32_t offs[64];
	const char *why;

	why = btf_check_layout(v, file, size, base);
	if (!why && v->ntypes > 64)
		return "too many for the test";
	if (!why)
		why = btf_check_types(v, offs);
	return why ? why : "";
}

/* The small file with word @w of its types set to @val: refused? */
static void refused_word(unsigned int w, uint32_t val, const char *want,
			 uint32_t id, const char *what)
{
	uint32_t types[sizeof(good) / 4];
	struct btf_view v;

	memcpy(types, good, sizeof(good));
	types[w] = val;
	tap_is_str(check(&v, build(types, sizeof(types), strs, sizeof(strs)),
			 NULL), want, "check: %s", what);
	tap_is_int(v.bad_id, id, "check: %s: the type", what);
}

static void test_check_small(void)
{
	size_t size = build(good, sizeof(good), strs, sizeof(strs));
	const struct btf_check_type *t;
	struct btf_view v;

	tap_is_str(check(&v, size, NULL), "", "check: the small file");
	tap_is_int(v.ntypes, NTYPES, "check: its %d types", NTYPES);
	t = btf_view_type(&v, 4);
	tap_ok(t && t->type == 3 && !strcmp(btf_view_str(&v, t->name_off),
					    "f"), "check: type 4 is f");
	tap_ok(!btf_view_type(&v, 0) && !btf_view_type(&v, NTYPES + 1) &&
	       !btf_view_str(&v, sizeof(strs)),
	       "check: void, an id and an offset past the end: none");

	refused_word(W_PTR, NTYPES + 1, "type id out of range", 2,
		     "pointer to a type past the last");
	refused_word(W_PARAM, 100, "member type id out of range", 3,
		     "parameter of a type past the last");
	refused_word(W_FUNC, 1, "function's type is not a FUNC_PROTO", 4,
		     "FUNC of an int");
	refused_word(W_FUNC, 0, "function's type is not a FUNC_PROTO", 4,
		     "FUNC of void");
	refused_word(W_FUNC, NTYPES + 1, "function's type is not a FUNC_PROTO",
		     4, "FUNC of a type past the last");
	refused_word(W_FUNC_INFO, INFO(BTF_KIND_FUNC, 3),
		     "unknown function linkage", 4, "FUNC linkage 3");
	refused_word(W_FUNC - 2, sizeof(strs), "name out of range", 4,
		     "FUNC name just past the strings");
	refused_word(W_MEMBER_NAME, 0x7fffffff, "member name out of range", 5,
		     "member name far past the strings");
	refused_word(W_ARRAY, 77, "array type id out of range", 6,
		     "array of a type past the last");
	refused_word(1, INFO(0, 0), "unknown kind", 1, "kind 0");
	refused_word(1, INFO(25, 0), "unknown kind", 1, "kind 25");
	refused_word(W_MEMBER_NAME - 2, INFO(BTF_KIND_STRUCT, 40),
		     "type record runs past the section", 5,
		     "struct vlen past the section");
}

static void refused_file(size_t size, const char *want, const char *what)
{
	struct btf_view v;

	tap_is_str(check(&v, size, NULL), want, "check: %s", what);
}

static void test_check_layout(void)
{
	size_t size = build(good, sizeof(good), strs, sizeof(strs));
	char nonul[sizeof(strs)];

	refused_file(size - 1, "sections do not fill the file",
		     "file one byte short");
	refused_file(10, "shorter than a header", "10 bytes");
	hdr()->magic = 0x9feb;
	refused_file(size, "bad magic", "magic byte-swapped");
	size = build(good, sizeof(good), strs, sizeof(strs));
	hdr()->version = 2;
	refused_file(size, "unknown version or flags", "version 2");
	size = build(good, sizeof(good), strs, sizeof(strs));
	hdr()->hdr_len = 20;
	refused_file(size, "bad header length", "header length 20");
	size = build(good, sizeof(good), strs, sizeof(strs));
	hdr()->hdr_len = size + 4;
	refused_file(size, "bad header length", "header past the end");
	size = build(good, sizeof(good), strs, sizeof(strs));
	hdr()->str_len += 4;
	refused_file(size, "sections do not fill the file",
		     "string section past the end");
	size = build(good, sizeof(good), strs, sizeof(strs));
	hdr()->type_len -= 4;
	refused_file(size, "sections do not fill the file",
		     "a gap between the sections");
	size = build(good, sizeof(good), strs, sizeof(strs));
	hdr()->str_off = 0;
	refused_file(size, "sections do not fill the file",
		     "sections overlapping");
	size = build(good, sizeof(good) - 4, strs, sizeof(strs));
	refused_file(size, "type record runs past the section",
		     "last record cut short");
	size = build(good, 8, strs, sizeof(strs));
	refused_file(size, "type record cut short",
		     "type section of 8 bytes");
	memcpy(nonul, strs, sizeof(strs));
	nonul[sizeof(strs) - 1] = 'x';
	size = build(good, sizeof(good), nonul, sizeof(nonul));
	refused_file(size, "string section does not end with NUL",
		     "strings without the final NUL");
	nonul[sizeof(strs) - 1] = '\0';
	nonul[0] = 'x';
	size = build(good, sizeof(good), nonul, sizeof(nonul));
	refused_file(size, "string section does not start with NUL",
		     "strings not starting with NUL");
	size = build(good, sizeof(good), strs, 0);
	refused_file(size, "string section empty or too big",
		     "no strings");
	/* A longer header is fine while what it adds is zero. */
	size = build(good, sizeof(good), strs, sizeof(strs));
	memmove((char *)file + 28, (char *)file + 24, size - 24);
	memset((char *)file + 24, 0, 4);
	hdr()->hdr_len = 28;
	refused_file(size + 4, "", "a 28-byte header with zeros");
	((char *)file)[25] = 1;
	refused_file(size + 4, "unknown header fields set",
		     "a 28-byte header with a field set");
}

/*
 * A module's split BTF: 7 struct ms { struct s *p; }, 8 struct s *,
 * 9 g of vmlinux's proto 3.  Its strings go on from the base's.
 */
static void test_check_split(void)
{
	static const char mstrs[] = "ms\0g";
	const uint32_t L = sizeof(strs);
	uint32_t mtypes[] = {
		L, INFO(BTF_KIND_STRUCT, 1), 8, S_P, 8, 0,
		0, INFO(BTF_KIND_PTR, 0), 5,
		L + 3, INFO(BTF_KIND_FUNC, BTF_FUNC_STATIC), 3,
	};
	uint32_t offs[NTYPES];
	struct btf_view base, v;
	static uint32_t basefile[64];
	size_t size = build(good, sizeof(good), strs, sizeof(strs));

	memcpy(basefile, file, size);
	btf_check_layout(&base, basefile, size, NULL);
	btf_check_types(&base, offs);
	size = build(mtypes, sizeof(mtypes), mstrs, sizeof(mstrs));
	tap_is_str(check(&v, size, &base), "", "split: module accepted");
	tap_ok(v.first_id == NTYPES + 1 && v.ntypes == 3 &&
	       btf_view_type(&v, 9) && btf_view_type(&v, 3) &&
	       !strcmp(btf_view_str(&v, L + 3), "g") &&
	       !strcmp(btf_view_str(&v, S_P), "p"),
	       "split: its ids and strings go on from the base's");
	tap_is_str(check(&v, size, NULL), "string section does not start with NUL",
		   "split: without its base, refused");
	mtypes[8] = 10;
	size = build(mtypes, sizeof(mtypes), mstrs, sizeof(mstrs));
	tap_is_str(check(&v, size, &base), "type id out of range",
		   "split: pointer past its last id");
	mtypes[8] = 5;
	mtypes[11] = 4;
	size = build(mtypes, sizeof(mtypes), mstrs, sizeof(mstrs));
	tap_is_str(check(&v, size, &base),
		   "function's type is not a FUNC_PROTO",
		   "split: FUNC of the base's FUNC");
	tap_is_int(v.bad_id, 9, "split: the type is 9");
	mtypes[11] = 3;
	mtypes[0] = L + sizeof(mstrs);
	size = build(mtypes, sizeof(mtypes), mstrs, sizeof(mstrs));
	tap_is_str(check(&v, size, &base), "name out of range",
		   "split: name past its strings");
}

/* The whole of @path, malloc()ed (so aligned for the checker). */
static char *slurp(const char *path, size_t *sizep)
{
	struct stat st;
	char *buf;
	FILE *fp;

	if (stat(path, &st) || !(buf = malloc(st.st_size + 1)))
		return NULL;
	fp = fopen(path, "r");
	*sizep = fp ? fread(buf, 1, st.st_size, fp) : 0;
	if (fp)
		fclose(fp);
	if (*sizep == (size_t)st.st_size)
		return buf;
	free(buf);
	return NULL;
}

/* The checker's verdict on file @path: "" or the reason. */
static const char *check_path(const char *path)
{
	static char why[128];
	struct btf_view v;
	const char *w;
	uint32_t *offs;
	size_t size;
	char *buf = slurp(path, &size);

	if (!buf)
		return "unreadable";
	w = btf_check_layout(&v, buf, size, NULL);
	if (!w) {
		offs = malloc((v.ntypes + 1) * sizeof(*offs));
		w = offs ? btf_check_types(&v, offs) : "out of memory";
		free(offs);
	}
	snprintf(why, sizeof(why), "%s", w ? w : "");
	free(buf);
	return why;
}

/* libdtrace's reader on @path: nothing crashes; a type is found or not. */
static void reader_survives(const char *path, const char *what)
{
	dtrace_hdl_t *dtp = calloc(1, sizeof(*dtp));
	const struct dt_type *f;

	setenv("DTRACE_BTF_PATH", path, 1);
	setenv("DTRACE_BTF_MODDIR", "/nonexistent", 1);
	dt_type_lookup(dtp, "struct file");
	f = dt_btf_func(dtp, "vfs_read");
	tap_ok(!f || f->kind == DT_TK_FUNC || *dt_btf_error(dtp),
	       "reader: %s: vfs_read a function, or an error (%s)", what,
	       dt_btf_error(dtp));
	dt_type_lookup(dtp, "struct task_struct");
	dt_btf_close(dtp);
	dt_typetab_destroy(dtp->types);
	free(dtp);
	unsetenv("DTRACE_BTF_PATH");
	unsetenv("DTRACE_BTF_MODDIR");
}

static void test_check_vmlinux(void)
{
	static const struct { const char *name, *why; } cases[] = {
		{ "truncated", "sections do not fill the file" },
		{ "strnul", "string section does not end with NUL" },
		{ "nameoff", "name out of range" },
		{ "kind", "unknown kind" },
		{ "typeid", "member type id out of range" },
		{ "notproto", "function's type is not a FUNC_PROTO" },
	};
	char dir[] = "/tmp/dt_test_btfcheckXXXXXX", cmd[512], path[512];
	unsigned int i;

	if (access(VMLINUX, R_OK) || system("python3 -c '' 2>/dev/null")) {
		tap_ok(true, "# SKIP no readable " VMLINUX " or no python3");
		return;
	}
	tap_is_str(check_path(VMLINUX), "", "vmlinux: the host's accepted");
	if (!mkdtemp(dir)) {
		tap_ok(false, "vmlinux: mkdtemp");
		return;
	}
	snprintf(cmd, sizeof(cmd), "python3 %s %s %s >/dev/null", GEN,
		 VMLINUX, dir);
	tap_ok(system(cmd) == 0, "vmlinux: %s made the corrupt files", GEN);
	for (i = 0; i < DT_ARRAY_SIZE(cases); i++) {
		snprintf(path, sizeof(path), "%s/%s.btf", dir, cases[i].name);
		tap_is_str(check_path(path), cases[i].why, "vmlinux: %s",
			   cases[i].name);
		reader_survives(path, cases[i].name);
		unlink(path);
	}
	rmdir(dir);
}

void test_btf_check(void)
{
	test_check_small();
	test_check_layout();
	test_check_split();
	test_check_vmlinux();
}
