// SPDX-License-Identifier: GPL-2.0
/*
 * The D library: the *.d files of the library directories (types,
 * inlines and translators such as curpsinfo's).  They are read and
 * ordered once per handle, before its first program, each after the
 * files it names in "#pragma D depends_on library" lines; a file is
 * compiled only when a program needs it: when the program names what
 * the file declares (dt_lib_scan() below says how a name is found), or
 * a file compiled for it does, or the program uses args[] (a provider
 * may translate an argument to any library type).  $DTRACE_LIB_ALL
 * set compiles them all before the first program, as every start did
 * before (tests compare the two).  Each file's compilation is kept
 * until dtrace_close(), since its inlines and translators are expanded
 * from its AST.  A file that fails to compile is left out whole (what
 * it declared is undone), so a kernel lacking some type costs only the
 * names that file would have given.
 *
 * The directories are those of -L (libdir), then $DTRACE_LIBDIR, else
 * "lib" next to the running program (userland/lib for the in-tree
 * userland/dtrace), else /usr/lib/dtrace.
 */
#include <dirent.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dt_compile.h"
#include "dt_var.h"
#include "dt_xlate.h"

struct dt_libfile {
	struct dt_pcb pcb;
	char *text;
};

static char *dt_lib_read(const char *path, size_t *lenp)
{
	FILE *fp = fopen(path, "r");
	char *buf = NULL;
	long len;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) || (len = ftell(fp)) < 0 ||
	    fseek(fp, 0, SEEK_SET))
		goto out_close;
	buf = malloc((size_t)len + 1);
	if (buf && fread(buf, 1, (size_t)len, fp) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	if (buf) {
		buf[len] = '\0';
		*lenp = (size_t)len;
	}
out_close:
	fclose(fp);
	return buf;
}

static void dt_lib_free(dtrace_hdl_t *dtp, struct dt_libfile *lf)
{
	dt_xlate_drop(dtp, &lf->pcb);
	dt_pcb_fini(&lf->pcb);
	free(lf->text);
	free(lf);
}

/* The passes after parsing; dt_diag() lands at the setjmp() here. */
static int dt_lib_declare(struct dt_libfile *lf)
{
	if (setjmp(lf->pcb.jmp))
		return -1;
	dt_decls_process(&lf->pcb);
	return 0;
}

/* Parse and declare one file; on any error, undo it. */
static struct dt_libfile *dt_lib_compile(dtrace_hdl_t *dtp, char *text,
					 size_t len)
{
	struct dt_libfile *lf = calloc(1, sizeof(*lf));
	unsigned int mark = dt_var_mark(dtp);

	if (!lf) {
		free(text);
		return NULL;
	}
	lf->text = text;
	dt_pcb_init(&lf->pcb, dtp, lf->text, len);
	lf->pcb.is_file = true;
	lf->pcb.cflags = DT_C_LIBRARY;
	if (dt_parse(&lf->pcb) || lf->pcb.clauses || dt_lib_declare(lf))
		goto out_fail;
	return lf;

out_fail:
	dt_var_rollback(dtp, mark);
	dt_lib_free(dtp, lf);
	return NULL;
}

#define DT_LIB_DIRLEN	(PATH_MAX + 8)
#define DT_LIB_MAXDEPS	8	/* depends_on library lines of one file */

/* A set of identifiers, sorted once filled (dt_names_done()). */
struct dt_names {
	char **v;
	unsigned int n, cap;
};

static void dt_names_add(struct dt_names *ns, const char *s, size_t len)
{
	char **v;

	if (ns->n == ns->cap) {
		v = realloc(ns->v, (ns->cap * 2 + 32) * sizeof(*v));
		if (!v)
			return;
		ns->v = v;
		ns->cap = ns->cap * 2 + 32;
	}
	ns->v[ns->n] = strndup(s, len);
	if (ns->v[ns->n])
		ns->n++;
}

static int dt_names_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void dt_names_done(struct dt_names *ns)
{
	if (ns->n)
		qsort(ns->v, ns->n, sizeof(*ns->v), dt_names_cmp);
}

static bool dt_names_has(const struct dt_names *ns, const char *s)
{
	return ns->n && bsearch(&s, ns->v, ns->n, sizeof(*ns->v),
				dt_names_cmp);
}

/* Does @a hold a name of @b? */
static bool dt_names_meet(const struct dt_names *a, const struct dt_names *b)
{
	unsigned int i;

	for (i = 0; i < a->n; i++)
		if (dt_names_has(b, a->v[i]))
			return true;
	return false;
}

static void dt_names_free(struct dt_names *ns)
{
	while (ns->n)
		free(ns->v[--ns->n]);
	free(ns->v);
}

/* One file of the library, read and ordered, compiled when needed. */
struct dt_libent {
	char *path;
	const char *name;		/* its last component, in path */
	char *text;			/* until compiled */
	size_t len;
	char *deps[DT_LIB_MAXDEPS];	/* the files it depends on */
	unsigned int ndeps;
	int state;			/* 0 new, 1 being ordered, 2 ordered */
	struct dt_names uses;		/* its identifiers, once needed */
	struct dt_names decls;		/* what it declares (dt_lib_scan()) */
	bool need;			/* wanted by the program compiling */
	bool done;			/* compiled, or left out */
};

/* dtp->dstate->libset: every file of the library, in compile order. */
struct dt_libset {
	struct dt_libent *ents;
	struct dt_libent *order[DT_LIB_MAXFILES];
	unsigned int n, norder;
	bool all;			/* $DTRACE_LIB_ALL */
};

static void dt_lib_dir(char *dir, size_t len)
{
	const char *env = getenv("DTRACE_LIBDIR");
	char exe[PATH_MAX - 8];
	ssize_t n;
	char *slash;

	if (env) {
		snprintf(dir, len, "%s", env);
		return;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(dir, len, "%s/lib", exe);
			if (!access(dir, R_OK | X_OK))
				return;
		}
	}
	snprintf(dir, len, "/usr/lib/dtrace");
}

/* "#pragma D depends_on library NAME" lines: @e's dependencies. */
static void dt_lib_deps(struct dt_libent *e)
{
	const char *p = e->text;
	char name[256];

	while (p && *p) {
		p += strspn(p, " \t");
		if (*p == '#' &&
		    sscanf(p, "# pragma D depends_on library %255s", name) == 1 &&
		    e->ndeps < DT_LIB_MAXDEPS)
			e->deps[e->ndeps++] = strdup(name);
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

static bool dt_lib_isid(int c, bool first)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (!first && c >= '0' && c <= '9');
}

/*
 * Past the comment, string, character constant or preprocessor line
 * (@bol: @p starts a line) at @p; NULL if none is there.
 */
static const char *dt_lib_skip(const char *p, const char *end, bool bol)
{
	char q = *p;

	if (q == '/' && p + 1 < end && p[1] == '*') {
		for (p += 2; p + 1 < end && (p[0] != '*' || p[1] != '/'); p++)
			;
		return p + 1 < end ? p + 2 : end;
	}
	if ((q == '/' && p + 1 < end && p[1] == '/') || (q == '#' && bol)) {
		for (; p < end && *p != '\n'; p++)
			if (*p == '\\' && p + 1 < end)
				p++;
		return p;
	}
	if (q == '"' || q == '\'') {
		for (p++; p < end && *p != q && *p != '\n'; p++)
			if (*p == '\\' && p + 1 < end)
				p++;
		return p < end ? p + 1 : end;
	}
	return NULL;
}

/* Is the word at @p (@len bytes) @w? */
static bool dt_lib_is(const char *p, size_t len, const char *w)
{
	return len == strlen(w) && !strncmp(p, w, len);
}

/* @decls gets @p unless it is a keyword that can stand there. */
static void dt_lib_decl(struct dt_names *decls, const char *p, size_t len)
{
	if (decls && !dt_lib_is(p, len, "struct") &&
	    !dt_lib_is(p, len, "union") && !dt_lib_is(p, len, "enum"))
		dt_names_add(decls, p, len);
}

/*
 * The identifiers of D text @text into @uses and those it declares into
 * @decls (either may be NULL): at brace depth 0 and outside an
 * initializer, the identifier before "=", "[", ";" or "{" (an inline's
 * or typedef's name, a struct, union or enum tag), a translator's
 * output type, and an enum's enumerators.  It errs only towards more
 * names.  Comments, strings and preprocessor lines are skipped.
 */
static void dt_lib_scan(const char *text, size_t len, struct dt_names *uses,
			struct dt_names *decls)
{
	const char *p = text, *end = text + len, *id = NULL, *q;
	bool bol = true, init = false, xlhead = false, isenum = false;
	bool expect = false;
	int depth = 0, endepth = -1;
	size_t idlen = 0;

	while (p < end) {
		q = dt_lib_skip(p, end, bol);
		if (q) {
			p = q;
			continue;
		}
		if (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r' ||
		    *p == '\f' || *p == '\v') {
			bol = bol || *p == '\n';
			p++;
			continue;
		}
		bol = false;
		if (dt_lib_isid(*p, false)) {
			for (q = p; q < end && dt_lib_isid(*q, false); q++)
				;
			if (!dt_lib_isid(*p, true)) {	/* a number */
				p = q;
				id = NULL;
				continue;
			}
			idlen = (size_t)(q - p);
			id = p;
			if (uses)
				dt_names_add(uses, p, idlen);
			if ((depth == 0 && !init && xlhead) ||
			    (depth == endepth && expect))
				dt_lib_decl(decls, p, idlen);
			expect = false;
			if (depth == 0 && !init && dt_lib_is(p, idlen, "translator"))
				xlhead = true;
			if (depth == 0 && !init && dt_lib_is(p, idlen, "enum"))
				isenum = true;
			p = q;
			continue;
		}
		if (id && depth == 0 && !init && strchr("=[;{", *p))
			dt_lib_decl(decls, id, idlen);
		id = NULL;
		switch (*p) {
		case '{':
			depth++;
			if (depth == 1 && isenum) {
				endepth = 1;
				expect = true;
			}
			isenum = false;
			break;
		case '}':
			if (depth == endepth)
				endepth = -1;
			depth -= depth > 0;
			break;
		case ',':
			expect = depth == endepth;
			break;
		case '<':
			xlhead = false;
			break;
		case '=':
			init = init || depth == 0;
			break;
		case ';':
			if (depth == 0) {
				init = false;
				xlhead = false;
				isenum = false;
			}
			break;
		}
		p++;
	}
}

static int dt_lib_cmp(const void *a, const void *b)
{
	const struct dt_libent *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* The .d files of @dir not already in @ents (an earlier directory's). */
static void dt_lib_readdir(const char *dir, struct dt_libent *ents,
			   unsigned int *np)
{
	struct dirent *de;
	unsigned int i;
	DIR *dp;

	dp = opendir(dir);
	if (!dp)
		return;
	while ((de = readdir(dp)) && *np < DT_LIB_MAXFILES) {
		struct dt_libent *e = &ents[*np];
		size_t l = strlen(de->d_name), len = 0;

		if (l < 3 || strcmp(de->d_name + l - 2, ".d") ||
		    de->d_name[0] == '.')
			continue;
		for (i = 0; i < *np; i++)
			if (!strcmp(ents[i].name, de->d_name))
				break;
		if (i < *np)
			continue;
		e->path = malloc(strlen(dir) + l + 2);
		if (!e->path)
			continue;
		sprintf(e->path, "%s/%s", dir, de->d_name);
		e->name = e->path + strlen(dir) + 1;
		e->text = dt_lib_read(e->path, &len);
		if (!e->text) {
			free(e->path);
			continue;
		}
		e->len = len;
		dt_lib_deps(e);
		dt_lib_scan(e->text, len, NULL, &e->decls);
		dt_names_done(&e->decls);
		(*np)++;
	}
	closedir(dp);
}

/*
 * Put @e after what it depends on into @ls's order.
 * Return: 0, or -1 with the diagnostic in @pcb.
 */
static int dt_lib_order(struct dt_pcb *pcb, struct dt_libset *ls,
			struct dt_libent *e)
{
	unsigned int i, j;

	if (e->state == 2)
		return 0;
	if (e->state == 1) {
		dt_pcb_error(pcb, 0, D_PRAGMA_DEPEND,
			     "library %s depends on itself through its dependencies",
			     e->path);
		return -1;
	}
	e->state = 1;
	for (i = 0; i < e->ndeps; i++) {
		for (j = 0; j < ls->n && (!e->deps[i] ||
					  strcmp(ls->ents[j].name, e->deps[i]));
		     j++)
			;
		if (j == ls->n) {
			dt_pcb_error(pcb, 0, D_PRAGMA_DEPEND,
				     "library %s depends on %s, which is not in the library path",
				     e->path, e->deps[i] ? e->deps[i] : "?");
			return -1;
		}
		if (dt_lib_order(pcb, ls, &ls->ents[j]))
			return -1;
	}
	e->state = 2;
	ls->order[ls->norder++] = e;
	return 0;
}

static void dt_libset_free(struct dt_libset *ls)
{
	struct dt_libent *e;
	unsigned int i, j;

	if (!ls)
		return;
	for (i = 0; i < ls->n; i++) {
		e = &ls->ents[i];
		for (j = 0; j < e->ndeps; j++)
			free(e->deps[j]);
		dt_names_free(&e->uses);
		dt_names_free(&e->decls);
		free(e->text);
		free(e->path);
	}
	free(ls->ents);
	free(ls);
}

/*
 * Read and order the library: the .d files of the -L directories, then
 * of the default one (a name found earlier hides a later one), each
 * after the files it names in "#pragma D depends_on library" lines,
 * else in name order.  Return: 0, or -1 with the diagnostic in @pcb.
 */
static int dt_lib_read_all(dtrace_hdl_t *dtp, struct dt_dstate *ds,
			   struct dt_pcb *pcb)
{
	char dir[DT_LIB_DIRLEN];
	struct dt_libset *ls;
	unsigned int i;
	const char *all = getenv("DTRACE_LIB_ALL");

	ls = calloc(1, sizeof(*ls));
	if (ls)
		ls->ents = calloc(DT_LIB_MAXFILES, sizeof(*ls->ents));
	if (!ls || !ls->ents) {
		free(ls);
		return 0;
	}
	ds->libset = ls;
	ls->all = all && *all;
	for (i = 0; i < (unsigned int)dtp->nlibdirs; i++)
		dt_lib_readdir(dtp->libdirs[i], ls->ents, &ls->n);
	dt_lib_dir(dir, sizeof(dir));
	dt_lib_readdir(dir, ls->ents, &ls->n);
	qsort(ls->ents, ls->n, sizeof(*ls->ents), dt_lib_cmp);
	for (i = 0; i < ls->n; i++)
		if (dt_lib_order(pcb, ls, &ls->ents[i]))
			return -1;
	return 0;
}

/*
 * Mark what the program of @pcb needs: the files declaring a name it
 * uses (all of them if it uses args[]), then, last file first, what a
 * needed file depends on or uses of an earlier file's declarations.
 */
static void dt_lib_need(dtrace_hdl_t *dtp, struct dt_libset *ls,
			struct dt_pcb *pcb)
{
	struct dt_names prog = { 0 };
	struct dt_libent *e, *w;
	unsigned int i, j, k;
	bool all = ls->all;

	dt_lib_scan(pcb->text, pcb->textlen, &prog, NULL);
	for (i = 1; i < (unsigned int)dtp->macro_argc; i++)
		dt_lib_scan(dtp->macro_argv[i], strlen(dtp->macro_argv[i]),
			    &prog, NULL);
	dt_names_done(&prog);
	all = all || dt_names_has(&prog, "args");
	for (i = 0; i < ls->norder; i++) {
		e = ls->order[i];
		e->need = !e->done && (all || dt_names_meet(&prog, &e->decls));
	}
	dt_names_free(&prog);
	for (i = ls->norder; i-- > 0;) {
		e = ls->order[i];
		if (!e->need)
			continue;
		dt_lib_scan(e->text, e->len, &e->uses, NULL);
		dt_names_done(&e->uses);
		for (j = 0; j < i; j++) {
			w = ls->order[j];
			if (w->done || w->need)
				continue;
			for (k = 0; k < e->ndeps; k++)
				if (e->deps[k] && !strcmp(e->deps[k], w->name))
					w->need = true;
			w->need = w->need || dt_names_meet(&e->uses, &w->decls);
		}
	}
}

/**
 * dt_lib_load() - compile what a program needs of the D library
 * @dtp: the handle
 * @pcb: the program about to be compiled, for its names and the
 *	 diagnostic
 *
 * Reads and orders the library on the handle's first program, then
 * compiles, in that order, the files the program needs (the comment at
 * the top of this file says which) that no earlier program needed.
 * Context: before the program's passes; a file that does not compile
 * is left out.
 * Return: 0, or -1 with the diagnostic in @pcb for a dependency that
 * is not there or a circle of them.
 */
int dt_lib_load(dtrace_hdl_t *dtp, struct dt_pcb *pcb)
{
	struct dt_dstate *ds = dt_dstate(dtp);
	struct dt_libfile *lf;
	struct dt_libset *ls;
	struct dt_libent *e;
	unsigned int i;

	if (!ds)
		return 0;
	if (!ds->libset && dt_lib_read_all(dtp, ds, pcb))
		return -1;
	ls = ds->libset;
	if (!ls || ls->norder < ls->n)	/* out of memory, or a bad order */
		return 0;
	dt_lib_need(dtp, ls, pcb);
	for (i = 0; i < ls->norder; i++) {
		e = ls->order[i];
		if (!e->need)
			continue;
		e->need = false;
		e->done = true;
		lf = dt_lib_compile(dtp, e->text, e->len);
		e->text = NULL;
		dt_dprintf(dtp, "library %s %s", e->path,
			   lf ? "compiled" : "left out: it does not compile");
		if (lf)
			ds->libs[ds->nlibs++] = lf;
	}
	return 0;
}

void dt_lib_unload(dtrace_hdl_t *dtp)
{
	struct dt_dstate *ds = dtp->dstate;

	while (ds && ds->nlibs)
		dt_lib_free(dtp, ds->libs[--ds->nlibs]);
	if (ds) {
		dt_libset_free(ds->libset);
		ds->libset = NULL;
	}
}
