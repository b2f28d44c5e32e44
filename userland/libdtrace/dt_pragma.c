// SPDX-License-Identifier: GPL-2.0
/*
 * '#' lines of a D program: "#pragma D option name[=value]", a "#!"
 * interpreter line, "#pragma D depends_on", "attributes" and "binding"
 * (accepted: this D tracks no stability attributes), and pragmas of
 * other namespaces (ignored).  Called
 * by the lexer with the whole line.
 */
#include <ctype.h>
#include <string.h>
#include "dt_pcb.h"

#define DT_PRAGMA_WORDS	6

/* Split @s into at most @max blank-separated words (in place). */
static int dt_pragma_split(char *s, char **words, int max)
{
	int n = 0;

	while (*s) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (n == max)
			return max + 1;
		words[n++] = s;
		while (*s && !isspace((unsigned char)*s))
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

	if (eq) {
		*eq = '\0';
		val = eq + 1;
	}
	if (dtrace_setopt(pcb->dtp, arg, val) == 0)
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

/**
 * dt_pragma() - act on one '#' line of the program
 * @pcb: the compilation
 * @line: the line, from its leading blanks to before its newline
 *
 * Return: 0, or -1 with a diagnostic in @pcb.
 */
int dt_pragma(struct dt_pcb *pcb, const char *line)
{
	char buf[512], *w[DT_PRAGMA_WORDS];
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
	n = dt_pragma_split(buf, w, DT_PRAGMA_WORDS);
	if (n == 0 || strcmp(w[0], "pragma")) {
		dt_pcb_error(pcb, pcb->line, D_PRAGMA_INVAL,
			     "unsupported preprocessor directive: %s", p);
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
		if (n != 4) {
			dt_pcb_error(pcb, pcb->line, D_PRAGMA_MALFORM,
				     "malformed #pragma D option: expected name[=value]");
			return -1;
		}
		return dt_pragma_option(pcb, w[3]);
	}
	if (!strcmp(w[2], "depends_on")) {
		if (n != 5) {
			dt_pcb_error(pcb, pcb->line, D_PRAGMA_DEPEND,
				     "malformed #pragma D depends_on: expected class and name");
			return -1;
		}
		return 0;	/* the probe descriptions check what is there */
	}
	if (!strcmp(w[2], "attributes") || !strcmp(w[2], "binding"))
		return 0;	/* stability is not tracked */
	dt_pcb_error(pcb, pcb->line, D_PRAGMA_INVAL,
		     "invalid #pragma D directive: %s", w[2]);
	return -1;
}
