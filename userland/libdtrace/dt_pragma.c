// SPDX-License-Identifier: GPL-2.0
/*
 * '#' lines of a D program that are not line markers: a "#!"
 * interpreter line, "#error", "#ident", and the pragmas: "#pragma D
 * option name[=value]", "error", "depends_on", "attributes" and
 * "binding" (their form and name are checked: this D tracks no
 * stability attributes or identifier versions), and pragmas of other
 * namespaces (ignored).  Called by the lexer (dt_lex.l) with the whole line.
 * docs/d-language.md lists the pragmas.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_var.h"
#include "dt_xlate.h"

/* A directive's longest line, and the most words it can have (a byte and a blank each). */
#define DT_PRAGMA_LINE	512
#define DT_PRAGMA_WORDS	(DT_PRAGMA_LINE / 2)

/*
 * Split @s, shorter than DT_PRAGMA_LINE, into words (in place):
 * blank-separated, or a "quoted string" whose quotes are dropped.
 * @words has room for DT_PRAGMA_WORDS, as many as @s can hold.
 * Return: the number of words.
 */
static int dt_pragma_split(char *s, char **words)
{
	int n = 0;

	while (*s) {
		char end = ' ';

		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (*s == '"')
			end = *s++;
		words[n++] = s;
		while (*s && (end == '"' ? *s != '"' :
			      !isspace((unsigned char)*s)))
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

static int dt_pragma_option(struct dt_pcb *pcb, char *arg)
{
	char *eq = strchr(arg, '=');
	const char *val = NULL;
	int ret;

	if (eq) {
		*eq = '\0';
		val = eq + 1;
	}
	pcb->dtp->in_program = true;
	ret = dtrace_setopt(pcb->dtp, arg, val);
	pcb->dtp->in_program = false;
	if (ret == 0)
		return 0;
	if (val)
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_OPTSET,
			     "failed to set option '%s' to '%s': %s", arg, val,
			     dtrace_errmsg(pcb->dtp, dtrace_errno(pcb->dtp)));
	else
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_OPTSET,
			     "failed to set option '%s': %s", arg,
			     dtrace_errmsg(pcb->dtp, dtrace_errno(pcb->dtp)));
	return -1;
}

/* #error and #pragma D error: the words, each followed by a blank. */
static int dt_pragma_error(struct dt_pcb *pcb, char **w, int n)
{
	char msg[512];
	size_t len = 0;
	int i;

	msg[0] = '\0';
	for (i = 0; i < n && len < sizeof(msg); i++)
		len += (size_t)snprintf(msg + len, sizeof(msg) - len, "%s ",
					w[i]);
	dt_pcb_error(pcb, pcb->line, D_PRAGERR, "#error: %s", msg);
	return -1;
}

/*
 * depends_on library NAME: only a library may say it (dt_lib.c orders
 * the library by it); provider and module NAME: the program needs
 * them, and its probe descriptions say if they are missing.
 */
static int dt_pragma_depends(struct dt_pcb *pcb, char **w, int n)
{
	if (n != 2) {
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
			     "malformed #pragma depends_on <class> <name>");
		return -1;
	}
	if (!strcmp(w[0], "library")) {
		if (pcb->cflags & DT_C_LIBRARY)
			return 0;
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_DEPEND,
			     "main program may not explicitly depend on a library");
		return -1;
	}
	if (!strcmp(w[0], "provider") || !strcmp(w[0], "module"))
		return 0;
	dt_pcb_error(pcb, pcb->line, D_PRAGMA_INVAL,
		     "invalid class %s specified by #pragma depends_on", w[0]);
	return -1;
}

/* "Stable/Evolving/Common": two stability names and a class. */
static bool dt_pragma_attr_ok(const char *s)
{
	static const char *const words[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable",
		"Evolving", "Stable", "Standard",
		NULL,
		"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
		NULL,
	};
	int part, i = 0;

	for (part = 0; part < 3; part++) {
		size_t len = strcspn(s, "/");
		int w = part == 2 ? 9 : 0;

		for (; words[w]; w++)
			if (strlen(words[w]) == len &&
			    !strncmp(s, words[w], len))
				break;
		if (!words[w] || (part < 2 && s[len] != '/') ||
		    (part == 2 && s[len]))
			return false;
		s += len + (part < 2);
		i++;
	}
	return i == 3;
}

/*
 * Is @name an identifier D knows at this point of the program: a
 * built-in, an inline or global of an earlier program or the library,
 * or one this program has declared above?  A function prototype
 * declares none.
 */
static bool dt_pragma_ident_known(struct dt_pcb *pcb, const char *name)
{
	const struct dt_decl_node *d;

	if (dt_ident_lookup(pcb->dtp, name) ||
	    dt_inline_exists(pcb->dtp, name) ||
	    dt_var_lookup(pcb->dtp, DT_SCOPE_GLOBAL, name))
		return true;
	for (d = pcb->decls; d; d = d->next)
		if ((d->kind == DT_DECL_VAR || d->kind == DT_DECL_INLINE) &&
		    d->name && !strcmp(d->name, name))
			return true;
	return false;
}

/*
 * attributes ATTR IDENT, attributes ATTR provider NAME KIND, and
 * binding "VERSION" IDENT: checked for form, and IDENT for being a name
 * D knows by then (D_PRAGMA_UNUSED otherwise, as DTrace says).
 */
static int dt_pragma_attributes(struct dt_pcb *pcb, const char *what,
				char **w, int n)
{
	bool attrs = !strcmp(what, "attributes");
	uint32_t version;

	if (n != 2 && !(attrs && n == 4 && !strcmp(w[1], "provider"))) {
		if (attrs)
			dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
				     "malformed #pragma attributes <attributes> <ident>");
		else
			dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
				     "malformed #pragma binding <version> <ident>");
		return -1;
	}
	if (attrs && !dt_pragma_attr_ok(w[0])) {
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_INVAL,
			     "invalid attributes specified by #pragma attributes");
		return -1;
	}
	if (!attrs && dt_version_parse(w[0], &version)) {
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_INVAL,
			     "invalid version string specified by #pragma binding");
		return -1;
	}
	if (n == 2 && !dt_pragma_ident_known(pcb, w[1])) {
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_UNUSED,
			     "unused #pragma %s", what);
		return -1;
	}
	return 0;
}

/**
 * dt_pragma() - act on one '#' line of the program
 * @pcb: the compilation
 * @line: the line, from its leading blanks to before its newline
 *
 * Return: 0, or -1 with a diagnostic in @pcb.
 */
int dt_pragma(struct dt_pcb *pcb, const char *line)
{
	char buf[DT_PRAGMA_LINE], *w[DT_PRAGMA_WORDS];
	const char *p = line;
	int n;

	while (isspace((unsigned char)*p))
		p++;
	if (p[1] == '!' && pcb->line == 1)
		return 0;			/* #!/usr/sbin/dtrace -s */
	if (strlen(p) >= sizeof(buf)) {
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
			     "#pragma line is too long");
		return -1;
	}
	strcpy(buf, p + 1);
	n = dt_pragma_split(buf, w);
	if (n > 0 && !strcmp(w[0], "error"))
		return dt_pragma_error(pcb, w + 1, n - 1);
	if (n > 0 && !strcmp(w[0], "ident"))
		return 0;
	if (n == 0 || strcmp(w[0], "pragma")) {
		dt_pcb_error(pcb, pcb->line, D_PRAGCTL_INVAL,
			     "invalid control directive: %s", p);
		return -1;
	}
	if (n < 2 || strcmp(w[1], "D"))
		return 0;			/* not ours */
	if (n < 3) {
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
			     "malformed #pragma D directive");
		return -1;
	}
	if (!strcmp(w[2], "option")) {
		if (n > 4) {
			dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
				     "superfluous arguments specified for #pragma option");
			return -1;
		}
		if (n != 4) {
			dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
				     "malformed #pragma D option: expected name[=value]");
			return -1;
		}
		return dt_pragma_option(pcb, w[3]);
	}
	if (!strcmp(w[2], "error"))
		return dt_pragma_error(pcb, w + 3, n - 3);
	if (!strcmp(w[2], "depends_on"))
		return dt_pragma_depends(pcb, w + 3, n - 3);
	if (!strcmp(w[2], "attributes") || !strcmp(w[2], "binding"))
		return dt_pragma_attributes(pcb, w[2], w + 3, n - 3);
	dt_pcb_error(pcb, pcb->line, D_PRAGMA_INVAL,
		     "invalid #pragma D directive: %s", w[2]);
	return -1;
}
