// SPDX-License-Identifier: GPL-2.0
/*
 * The compiler driver: text in, dtrace_prog_t out.  With -C the text
 * goes through the C preprocessor first (dt_cpp.c).  The D library first
 * (dt_lib.c, once per handle), then parse (dt_grammar.y), carry out the
 * declarations (dt_xlate.c), then per clause: probe descriptions
 * (dt_pdesc.c, matched against the kernel's probes), types
 * (dt_check*.c), code (dt_cg*.c).  The first
 * diagnostic stops it and becomes the handle's error message, formatted
 * as the command prints it ("[D_TAG] line N: ...").
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_var.h"
#include "dt_xlate.h"

/* Turn the pcb's diagnostic into the handle's EDT_COMPILER error. */
static void dt_compile_error(struct dt_pcb *pcb)
{
	dtrace_hdl_t *dtp = pcb->dtp;
	size_t n = 0;

	dtp->errmsg[0] = '\0';
	if (dtp->opt.errtags)
		n += (size_t)snprintf(dtp->errmsg, sizeof(dtp->errmsg), "[%s] ",
				      dt_errtag_name(pcb->tag));
	if (pcb->is_file && pcb->errline > 0 && n < sizeof(dtp->errmsg))
		n += (size_t)snprintf(dtp->errmsg + n, sizeof(dtp->errmsg) - n,
				      "line %d: ", pcb->errline);
	if (n < sizeof(dtp->errmsg))
		snprintf(dtp->errmsg + n, sizeof(dtp->errmsg) - n, "%s",
			 pcb->msg);
	dtp->errtag = pcb->tag;
	dt_set_errno(dtp, EDT_COMPILER);
}

/* Parse and match the clause's probe descriptions into @cl. */
static void dt_compile_descs(struct dt_pcb *pcb, struct dt_clause_node *c,
			     struct dt_clause *cl)
{
	struct dt_pdesc_node *d;
	unsigned int n = 0;
	char err[256];

	for (d = c->descs; d; d = d->next)
		n++;
	/* -i: "12-x" is probe 12 and the description "-x" */
	cl->descs = calloc(pcb->spec == DTRACE_PROBESPEC_ID ? 2 * n : n,
			   sizeof(*cl->descs));
	if (!cl->descs)
		dt_diag(pcb, c->line, D_NOMEM, "out of memory");

	for (d = c->descs; d; d = d->next) {
		struct dtrace_probedesc *pd = &cl->descs[cl->ndescs++];
		struct dtrace_probedesc m;
		const char *text = d->text;
		uint32_t id = 0;
		char str[DTRACE_PROVNAMELEN + DTRACE_MODNAMELEN +
			 DTRACE_FUNCNAMELEN + DTRACE_NAMELEN];

		if (pcb->spec == DTRACE_PROBESPEC_ID &&
		    isdigit((unsigned char)*text)) {
			if (dt_pdesc_id(pcb->dtp, d->text, pd, &text, err,
					sizeof(err)))
				dt_diag(pcb, d->line, D_PDESC_INVAL, "%s", err);
			if (!*text)
				continue;
			pd = &cl->descs[cl->ndescs++];
		}
		if (dt_pdesc_parse(text, pcb->spec, pd, err, sizeof(err)))
			dt_diag(pcb, d->line, D_PDESC_INVAL, "%s", err);
		if (dt_pid_provide_kept(pcb->dtp, pd))
			dt_diag(pcb, d->line, pcb->dtp->pidtag ?
				(enum dt_errtag)pcb->dtp->pidtag :
				D_PDESC_INVAL, "%s",
				dtrace_errmsg(pcb->dtp, dtrace_errno(pcb->dtp)));
		if ((pcb->cflags & DTRACE_C_ZDEFS) || pcb->dtp->opt.zdefs)
			continue;
		m = *pd;
		if (dt_probe_match(pcb->dtp, &m, &id, DTRACE_MATCH_PROVIDE) == 0)
			continue;
		dtrace_desc2str(pd, str, sizeof(str));
		if (dtrace_errno(pcb->dtp) == EDT_NOPROBE)
			dt_diag(pcb, d->line, D_PDESC_ZERO,
				"probe description %s does not match any probes",
				str);
		dt_diag(pcb, d->line, D_PDESC_INVAL,
			"failed to match probe description %s: %s", str,
			dtrace_errmsg(pcb->dtp, dtrace_errno(pcb->dtp)));
	}
}

/* Probes compared for a clause that names several (see below). */
#define DT_ARGPROBE_MAX	64

/* Does the provider describe every argument of probes @a and @b alike? */
static bool dt_compile_args_alike(dtrace_hdl_t *dtp, uint32_t a, uint32_t b)
{
	struct dtrace_ioc_probearg pa, pb;
	uint32_t i;

	if (a == b)
		return true;
	for (i = 0; i < DTRACE_PROBE_NARGS; i++) {
		memset(&pa, 0, sizeof(pa));
		pa.size = sizeof(pa);
		pa.id = a;
		pa.argno = i;
		pb = pa;
		pb.id = b;
		if (dt_ioctl(dtp, DTRACEIOC_PROBEARG, &pa) ||
		    dt_ioctl(dtp, DTRACEIOC_PROBEARG, &pb))
			return false;
		if (pa.mapping != pb.mapping ||
		    strncmp(pa.native, pb.native, sizeof(pa.native)) ||
		    strncmp(pa.xlate, pb.xlate, sizeof(pa.xlate)))
			return false;
	}
	return true;
}

/*
 * The probe whose argument types the args[] of clause @cl have: the
 * first it enables, if every probe it enables (at most DT_ARGPROBE_MAX)
 * has the same ones, as tcp:::send, tcp:::receive do; else none.
 */
static uint32_t dt_compile_argprobe(struct dt_pcb *pcb,
				    const struct dt_clause *cl)
{
	struct dtrace_probedesc m;
	uint32_t first = 0, id;
	unsigned int i, n = 0;

	for (i = 0; i < cl->ndescs; i++) {
		for (id = 0;; id++) {
			m = cl->descs[i];
			if (dt_probe_match(pcb->dtp, &m, &id, 0))
				break;
			if (!first)
				first = id;
			else if (++n >= DT_ARGPROBE_MAX ||
				 !dt_compile_args_alike(pcb->dtp, first, id))
				return 0;
		}
	}
	return first;
}

static int dt_prog_add(dtrace_prog_t *pgp, struct dt_clause *cl)
{
	struct dt_clause **p = realloc(pgp->clauses,
				       (pgp->nclauses + 1) * sizeof(*p));
	unsigned int i;

	if (!p)
		return -1;
	pgp->clauses = p;
	cl->index = 0;
	for (i = 0; i < pgp->nclauses; i++)
		cl->index += p[i]->ndescs;
	pgp->clauses[pgp->nclauses++] = cl;
	return 0;
}

/*
 * The state of one compilation lives on the heap: dt_diag() longjmp()s
 * back here, and locals changed after setjmp() would be indeterminate.
 */
struct dt_compile {
	struct dt_pcb pcb;
	struct dt_cg cg;
	dtrace_prog_t *pgp;
};

static void dt_compile_clauses(struct dt_compile *cc)
{
	struct dt_pcb *pcb = &cc->pcb;
	struct dt_clause_node *c;

	for (c = pcb->clauses; c; c = c->next) {
		cc->cg.clause = dt_clause_alloc();
		if (!cc->cg.clause)
			dt_diag(pcb, c->line, D_NOMEM, "out of memory");
		dt_compile_descs(pcb, c, cc->cg.clause);
		if (dt_dstate(pcb->dtp))
			pcb->dtp->dstate->argprobe =
				dt_compile_argprobe(pcb, cc->cg.clause);
		dt_check_clause(pcb, c);
		dt_cg_clause(&cc->cg, c);
		if (dt_prog_add(cc->pgp, cc->cg.clause))
			dt_diag(pcb, c->line, D_NOMEM, "out of memory");
		cc->cg.clause = NULL;
	}
}

/* The passes after parsing; dt_diag() lands at the setjmp() here. */
static int dt_compile_run(struct dt_compile *cc)
{
	if (setjmp(cc->pcb.jmp))
		return -1;
	dt_decls_process(&cc->pcb);
	dt_compile_clauses(cc);
	return 0;
}

static dtrace_prog_t *dt_compile(dtrace_hdl_t *dtp, const char *text,
				 size_t len, dtrace_probespec_t spec,
				 unsigned int cflags, const char *name)
{
	struct dt_compile *cc;
	dtrace_prog_t *pgp = NULL;
	char *cpp_out = NULL;
	unsigned int mark, aggmark;
	bool libok;

	dtp->errmsg[0] = '\0';
	if (dtp->opt.cpp) {
		cpp_out = dt_cpp_run(dtp, text, len, &len);
		if (!cpp_out)
			return NULL;
		text = cpp_out;
	}
	cc = calloc(1, sizeof(*cc));
	if (cc)
		cc->pgp = calloc(1, sizeof(*cc->pgp));
	if (!cc || !cc->pgp) {
		free(cc);
		free(cpp_out);
		dt_set_errno(dtp, EDT_NOMEM);
		return NULL;
	}
	dt_pcb_init(&cc->pcb, dtp, text, len);
	cc->pcb.is_file = name != NULL;
	cc->pcb.spec = spec;
	cc->pcb.cflags = cflags;
	dt_cg_init(&cc->cg, &cc->pcb);
	/* what the library needs is its own, kept if the program fails */
	libok = dt_lib_load(dtp, &cc->pcb) == 0;
	mark = dt_var_mark(dtp);
	aggmark = dt_aggs_mark(dtp);

	if (libok && dt_parse(&cc->pcb) == 0 && dt_compile_run(cc) == 0) {
		pgp = cc->pgp;
	} else {
		dt_compile_error(&cc->pcb);
		dt_program_free(cc->pgp);
		dt_var_rollback(dtp, mark);
		dt_aggs_rollback(dtp, aggmark);
	}
	dt_xlate_drop(dtp, &cc->pcb);
	dt_cg_fini(&cc->cg);
	dt_pcb_fini(&cc->pcb);
	free(cc);
	free(cpp_out);
	return pgp;
}

/**
 * dtrace_program_strcompile() - compile a D program given as a string
 * @dtp: the handle
 * @s: the program (the text of -n, -P, -m, -f)
 * @spec: the field a lone probe description names
 * @cflags: DTRACE_C_*
 *
 * Return: the program, or NULL with EDT_COMPILER and the diagnostic in
 * dtrace_errmsg().
 */
dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *dtp, const char *s,
					 dtrace_probespec_t spec,
					 unsigned int cflags)
{
	return dt_compile(dtp, s, strlen(s), spec, cflags, NULL);
}

/* As dtrace_program_strcompile(), for a script file (-s). */
dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp,
				       const char *name, unsigned int cflags)
{
	dtrace_prog_t *pgp;
	size_t len = 0, cap = 4096, n;
	char *buf = malloc(cap);

	if (!buf) {
		dt_set_errno(dtp, EDT_NOMEM);
		return NULL;
	}
	while ((n = fread(buf + len, 1, cap - len, fp)) > 0) {
		len += n;
		if (len == cap) {
			char *p = realloc(buf, cap * 2);

			if (!p) {
				free(buf);
				dt_set_errno(dtp, EDT_NOMEM);
				return NULL;
			}
			buf = p;
			cap *= 2;
		}
	}
	if (ferror(fp)) {
		free(buf);
		dt_set_errno(dtp, EIO);
		return NULL;
	}
	pgp = dt_compile(dtp, buf, len, DTRACE_PROBESPEC_NAME, cflags,
			 name ? name : "<stdin>");
	free(buf);
	return pgp;
}
