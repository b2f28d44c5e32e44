// SPDX-License-Identifier: GPL-2.0
/*
 * The D library: the *.d files of the library directories (types,
 * inlines and translators such as curpsinfo's), compiled once per
 * handle before its first program, each after the files it names in
 * "#pragma D depends_on library" lines.  Each file's compilation is
 * kept until dtrace_close(), since its inlines and translators are
 * expanded from its AST.  A file that fails to compile is left out
 * whole (what it declared is undone), so a kernel lacking some type
 * costs only the names that file would have given.
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

/* One file of the library, read, before it is compiled. */
struct dt_libent {
	char *path;
	const char *name;		/* its last component, in path */
	char *text;
	size_t len;
	char *deps[DT_LIB_MAXDEPS];	/* the files it depends on */
	unsigned int ndeps;
	int state;			/* 0 new, 1 being ordered, 2 ordered */
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
static void dt_lib_scan(struct dt_libent *e)
{
	const char *p = e->text;
	char name[256];

	while (p && *p) {
		if (sscanf(p, " # pragma D depends_on library %255s", name) == 1 &&
		    e->ndeps < DT_LIB_MAXDEPS)
			e->deps[e->ndeps++] = strdup(name);
		p = strchr(p, '\n');
		if (p)
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
		dt_lib_scan(e);
		(*np)++;
	}
	closedir(dp);
}

/*
 * Put @e after what it depends on into @order.
 * Return: 0, or -1 with the diagnostic in @pcb.
 */
static int dt_lib_order(struct dt_pcb *pcb, struct dt_libent *ents,
			unsigned int n, struct dt_libent *e,
			struct dt_libent **order, unsigned int *norder)
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
		for (j = 0; j < n && (!e->deps[i] ||
				      strcmp(ents[j].name, e->deps[i])); j++)
			;
		if (j == n) {
			dt_pcb_error(pcb, 0, D_PRAGMA_DEPEND,
				     "library %s depends on %s, which is not in the library path",
				     e->path, e->deps[i] ? e->deps[i] : "?");
			return -1;
		}
		if (dt_lib_order(pcb, ents, n, &ents[j], order, norder))
			return -1;
	}
	e->state = 2;
	order[(*norder)++] = e;
	return 0;
}

/**
 * dt_lib_load() - compile the D library, once per handle
 * @dtp: the handle
 * @pcb: the program compiled first, for the diagnostic
 *
 * The .d files of the -L directories, then of the default one (a name
 * found earlier hides a later one), each after the files it names in
 * "#pragma D depends_on library" lines, else in name order.
 * Context: before the first program's passes; a file that does not
 * compile is left out.
 * Return: 0, or -1 with the diagnostic in @pcb for a dependency that
 * is not there or a circle of them.
 */
int dt_lib_load(dtrace_hdl_t *dtp, struct dt_pcb *pcb)
{
	struct dt_dstate *ds = dt_dstate(dtp);
	struct dt_libent *ents, *order[DT_LIB_MAXFILES];
	char dir[DT_LIB_DIRLEN];
	unsigned int n = 0, norder = 0, i, j;
	int ret = 0;

	if (!ds || ds->lib_loaded)
		return 0;
	ds->lib_loaded = true;
	ents = calloc(DT_LIB_MAXFILES, sizeof(*ents));
	if (!ents)
		return 0;
	for (i = 0; i < (unsigned int)dtp->nlibdirs; i++)
		dt_lib_readdir(dtp->libdirs[i], ents, &n);
	dt_lib_dir(dir, sizeof(dir));
	dt_lib_readdir(dir, ents, &n);
	qsort(ents, n, sizeof(*ents), dt_lib_cmp);
	for (i = 0; i < n && !ret; i++)
		ret = dt_lib_order(pcb, ents, n, &ents[i], order, &norder);
	for (i = 0; i < norder && !ret; i++) {
		struct dt_libfile *lf;

		lf = dt_lib_compile(dtp, order[i]->text, order[i]->len);
		order[i]->text = NULL;
		dt_dprintf(dtp, "library %s %s", order[i]->path,
			   lf ? "compiled" : "left out: it does not compile");
		if (lf)
			ds->libs[ds->nlibs++] = lf;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < ents[i].ndeps; j++)
			free(ents[i].deps[j]);
		free(ents[i].text);
		free(ents[i].path);
	}
	free(ents);
	return ret;
}

void dt_lib_unload(dtrace_hdl_t *dtp)
{
	struct dt_dstate *ds = dtp->dstate;

	while (ds && ds->nlibs)
		dt_lib_free(dtp, ds->libs[--ds->nlibs]);
}
