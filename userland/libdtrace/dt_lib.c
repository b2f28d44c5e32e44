// SPDX-License-Identifier: GPL-2.0
/*
 * The D library: the *.d files of the library directory (types,
 * inlines and translators such as curpsinfo's), compiled once per
 * handle before its first program.  Each file's compilation is kept
 * until dtrace_close(), since its inlines and translators are
 * expanded from its AST.  A file that fails to compile is left out
 * whole (what it declared is undone), so a kernel lacking some type
 * costs only the names that file would have given.
 *
 * The directory is $DTRACE_LIBDIR, else "lib" next to the running
 * program (userland/lib for the in-tree userland/dtrace), else
 * /usr/lib/dtrace.
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
static struct dt_libfile *dt_lib_compile(dtrace_hdl_t *dtp, const char *path)
{
	struct dt_libfile *lf = calloc(1, sizeof(*lf));
	unsigned int mark = dt_var_mark(dtp);
	size_t len = 0;

	if (!lf)
		return NULL;
	lf->text = dt_lib_read(path, &len);
	if (!lf->text) {
		free(lf);
		return NULL;
	}
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

static int dt_lib_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

#define DT_LIB_DIRLEN	(PATH_MAX + 8)

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

/**
 * dt_lib_load() - compile the D library, once per handle
 * @dtp: the handle
 *
 * Context: before the first program's passes; what fails is left out.
 */
void dt_lib_load(dtrace_hdl_t *dtp)
{
	struct dt_dstate *ds = dt_dstate(dtp);
	char dir[DT_LIB_DIRLEN], path[DT_LIB_DIRLEN + 256];
	char *names[DT_LIB_MAXFILES];
	unsigned int n = 0, i;
	struct dirent *de;
	DIR *dp;

	if (!ds || ds->lib_loaded)
		return;
	ds->lib_loaded = true;
	dt_lib_dir(dir, sizeof(dir));
	dp = opendir(dir);
	if (!dp)
		return;
	while ((de = readdir(dp)) && n < DT_LIB_MAXFILES) {
		size_t l = strlen(de->d_name);

		if (l > 2 && !strcmp(de->d_name + l - 2, ".d") &&
		    de->d_name[0] != '.') {
			names[n] = strdup(de->d_name);
			if (names[n])
				n++;
		}
	}
	closedir(dp);
	qsort(names, n, sizeof(*names), dt_lib_cmp);
	for (i = 0; i < n; i++) {
		struct dt_libfile *lf;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		free(names[i]);
		lf = dt_lib_compile(dtp, path);
		if (lf && ds->nlibs < DT_LIB_MAXFILES)
			ds->libs[ds->nlibs++] = lf;
		else if (lf)
			dt_lib_free(dtp, lf);
	}
}

void dt_lib_unload(dtrace_hdl_t *dtp)
{
	struct dt_dstate *ds = dtp->dstate;

	while (ds && ds->nlibs)
		dt_lib_free(dtp, ds->libs[--ds->nlibs]);
}
