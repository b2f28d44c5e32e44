// SPDX-License-Identifier: GPL-2.0
/*
 * USDT provider declarations and dtrace -h.  A provider declaration
 * names probes and their argument types; it is kept in the handle (the
 * grammar calls dt_uprobe_add() for each probe and dt_uprov_declare()
 * for the whole), and dtrace_provider_header() writes the C header that
 * puts the probes into a program: for each probe a macro that places a
 * site and describes it in a .note.stapsdt ELF note (the format
 * <sys/sdt.h> uses, which dt_usdt.c reads back), and an is-enabled
 * macro reading the probe's semaphore, which dtrace -G (dt_link.c)
 * defines and the kernel counts up while the probe is enabled.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "dt_decl.h"
#include "dt_pcb.h"
#include "dt_provider.h"
#include "dt_type.h"

/* An argument a note can describe: an integer or a pointer. */
static bool dt_uprobe_argtype_ok(const struct dt_type *t)
{
	return dt_type_is_int(t) || dt_type_is_pointer(t) ||
	       dt_type_is_string(t);
}

struct dt_uparams *dt_uparams_add(struct dt_pcb *pcb, struct dt_uparams *l,
				  const struct dt_type *t, const char *name)
{
	const struct dt_type **types;
	const char **names;

	if (!l) {
		l = dt_pcb_alloc(pcb, sizeof(*l));
		if (!l)
			return NULL;
	}
	if (!t)
		return l;
	types = dt_pcb_alloc(pcb, (l->n + 1) * sizeof(*types));
	names = dt_pcb_alloc(pcb, (l->n + 1) * sizeof(*names));
	if (!types || !names)
		return NULL;
	if (l->n) {
		memcpy(types, l->types, l->n * sizeof(*types));
		memcpy(names, l->names, l->n * sizeof(*names));
	}
	types[l->n] = t;
	names[l->n] = name ? dt_pcb_strdup(pcb, name, strlen(name)) : NULL;
	if (name && !names[l->n])
		return NULL;
	l->types = types;
	l->names = names;
	l->n++;
	return l;
}

/* Parameters of a list, "probe tick(void)" being none; -1 if too many. */
static int dt_uparams_count(struct dt_pcb *pcb, const struct dt_uparams *l,
			    const char *probe, int line)
{
	unsigned int n = l ? l->n : 0;

	if (n == 1 && dt_type_is_void(l->types[0]))
		return 0;
	if (n > DT_UPROBE_MAXARGS) {
		dt_pcb_error(pcb, line, D_PROV_PRARGLEN,
			     "probe %s has %u arguments: at most %d may be "
			     "declared", probe, n, DT_UPROBE_MAXARGS);
		return -1;
	}
	return (int)n;
}

static int dt_uparams_check(struct dt_pcb *pcb, const struct dt_uparams *l,
			    unsigned int n, const char *probe, int line)
{
	char tname[256];
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (dt_uprobe_argtype_ok(l->types[i]))
			continue;
		dt_type_name(l->types[i], tname, sizeof(tname));
		dt_pcb_error(pcb, line, D_PROV_PRARGTYPE,
			     "argument %u of probe %s has type %s: a probe "
			     "argument must be an integer or a pointer",
			     i + 1, probe, tname);
		return -1;
	}
	return 0;
}

/*
 * Which native argument translated argument @i of @p is: the one of the
 * same name, or, for an unnamed one, the native argument in its place.
 */
static int dt_uprobe_map(struct dt_pcb *pcb, struct dt_uprobe *p,
			 const struct dt_uparams *args,
			 const struct dt_uparams *xargs, unsigned int i,
			 int line)
{
	const char *want = xargs->names[i];
	unsigned int j;

	if (!want) {
		if (i < p->nargs) {
			p->map[i] = i;
			return 0;
		}
		dt_pcb_error(pcb, line, D_PROV_PRARGMAP,
			     "translated argument %u of probe %s has no name and "
			     "no native argument in its place", i + 1, p->name);
		return -1;
	}
	for (j = 0; j < p->nargs; j++) {
		if (args->names[j] && !strcmp(args->names[j], want)) {
			p->map[i] = j;
			return 0;
		}
	}
	dt_pcb_error(pcb, line, D_PROV_PRARGMAP,
		     "translated argument %u of probe %s, %s, names no native "
		     "argument", i + 1, p->name, want);
	return -1;
}

struct dt_uprobe *dt_uprobe_add(struct dt_pcb *pcb, struct dt_uprobe *list,
				const char *name, const struct dt_uparams *args,
				const struct dt_uparams *xargs, int line)
{
	struct dt_uprobe *p, **tail = &list;
	int n, nx;
	unsigned int i;

	for (p = list; p; p = p->next) {
		if (!strcmp(p->name, name)) {
			dt_pcb_error(pcb, line, D_PROV_PRDUP,
				     "probe %s is declared twice", name);
			return NULL;
		}
		tail = &p->next;
	}
	n = dt_uparams_count(pcb, args, name, line);
	nx = xargs ? dt_uparams_count(pcb, xargs, name, line) : n;
	if (n < 0 || nx < 0 || dt_uparams_check(pcb, args, n, name, line) ||
	    (xargs && dt_uparams_check(pcb, xargs, nx, name, line)))
		return NULL;
	p = dt_pcb_alloc(pcb, sizeof(*p));
	if (!p)
		return NULL;
	p->name = dt_pcb_strdup(pcb, name, strlen(name));
	if (!p->name)
		return NULL;
	p->nargs = n;
	p->nxargs = nx;
	for (i = 0; i < (unsigned int)n; i++)
		p->args[i] = args->types[i];
	for (i = 0; i < (unsigned int)nx; i++) {
		if (!xargs) {
			p->xargs[i] = p->args[i];
			p->map[i] = i;
		} else {
			p->xargs[i] = xargs->types[i];
			if (dt_uprobe_map(pcb, p, args, xargs, i, line))
				return NULL;
		}
	}
	*tail = p;
	return list;
}

static void dt_uprov_free_one(struct dt_uprov *pv)
{
	while (pv->probes) {
		struct dt_uprobe *p = pv->probes;

		pv->probes = p->next;
		free(p->name);
		free(p);
	}
	free(pv->name);
	free(pv);
}

/* A heap copy of the pcb's probe list @probes. */
static int dt_uprov_copy(struct dt_uprov *pv, const struct dt_uprobe *probes)
{
	struct dt_uprobe **tail = &pv->probes;

	for (; probes; probes = probes->next) {
		struct dt_uprobe *p = malloc(sizeof(*p));

		if (!p)
			return -1;
		*p = *probes;
		p->next = NULL;
		p->name = strdup(probes->name);
		*tail = p;
		tail = &p->next;
		if (!p->name)
			return -1;
	}
	return 0;
}

int dt_uprov_declare(struct dt_pcb *pcb, const char *name,
		     struct dt_uprobe *probes, int line)
{
	dtrace_hdl_t *dtp = pcb->dtp;
	struct dt_uprov *pv, **tail = &dtp->uprovs;
	size_t len = strlen(name);

	if (isdigit((unsigned char)name[len - 1])) {
		dt_pcb_error(pcb, line, D_PROV_PRNAME,
			     "provider name %s may not end in a digit (the "
			     "process id follows it)", name);
		return -1;
	}
	for (pv = dtp->uprovs; pv; pv = pv->next) {
		if (!strcmp(pv->name, name)) {
			dt_pcb_error(pcb, line, D_PROV_PRDUP,
				     "provider %s is declared twice", name);
			return -1;
		}
		tail = &pv->next;
	}
	pv = calloc(1, sizeof(*pv));
	if (!pv || !(pv->name = strdup(name)) || dt_uprov_copy(pv, probes)) {
		if (pv)
			dt_uprov_free_one(pv);
		dt_pcb_error(pcb, line, D_NOMEM, "out of memory");
		return -1;
	}
	*tail = pv;
	return 0;
}

void dt_uprov_free(dtrace_hdl_t *dtp)
{
	while (dtp->uprovs) {
		struct dt_uprov *pv = dtp->uprovs;

		dtp->uprovs = pv->next;
		dt_uprov_free_one(pv);
	}
}

/* "query__start" -> "QUERY_START": upper case, "__" as "_". */
static void dt_header_macro(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (s[0] == '_' && s[1] == '_')
			s++;
		fputc(toupper((unsigned char)*s), fp);
	}
}

/*
 * The note of one site, as an assembler string taking the provider,
 * probe, semaphore symbol and argument string: a nop as the site, the
 * note (its pc, the .stapsdt.base address, the semaphore's address,
 * three strings), and the one-byte .stapsdt.base section, once per
 * object, against which a reader corrects for prelinking.
 */
static const char dt_header_note[] =
"#ifndef _DTRACE_USDT_SITE\n"
"#define _DTRACE_USDT_SITE(provider, name, sema, args)\t\t\t\\\n"
"\t\"990:\tnop\\n\"\t\t\t\t\t\t\t\\\n"
"\t\".pushsection .note.stapsdt,\\\"?\\\",\\\"note\\\"\\n\"\t\t\t\\\n"
"\t\".balign 4\\n\"\t\t\t\t\t\t\t\\\n"
"\t\".4byte 992f-991f, 994f-993f, 3\\n\"\t\t\t\t\\\n"
"\t\"991:\t.asciz \\\"stapsdt\\\"\\n\"\t\t\t\t\t\\\n"
"\t\"992:\t.balign 4\\n\"\t\t\t\t\t\t\\\n"
"\t\"993:\t.8byte 990b\\n\"\t\t\t\t\t\t\\\n"
"\t\".8byte _.stapsdt.base\\n\"\t\t\t\t\t\\\n"
"\t\".8byte \" sema \"\\n\"\t\t\t\t\t\t\\\n"
"\t\".asciz \\\"\" provider \"\\\"\\n\"\t\t\t\t\t\\\n"
"\t\".asciz \\\"\" name \"\\\"\\n\"\t\t\t\t\t\\\n"
"\t\".asciz \\\"\" args \"\\\"\\n\"\t\t\t\t\t\\\n"
"\t\"994:\t.balign 4\\n\"\t\t\t\t\t\t\\\n"
"\t\".popsection\\n\"\t\t\t\t\t\t\\\n"
"\t\".ifndef _.stapsdt.base\\n\"\t\t\t\t\t\\\n"
"\t\".pushsection .stapsdt.base,\\\"aG\\\",\\\"progbits\\\",.stapsdt.base,comdat\\n\" \\\n"
"\t\".weak _.stapsdt.base\\n\"\t\t\t\t\t\\\n"
"\t\".hidden _.stapsdt.base\\n\"\t\t\t\t\t\\\n"
"\t\"_.stapsdt.base: .space 1\\n\"\t\t\t\t\t\\\n"
"\t\".size _.stapsdt.base, 1\\n\"\t\t\t\t\t\\\n"
"\t\".popsection\\n\"\t\t\t\t\t\t\\\n"
"\t\".endif\\n\"\n"
"#endif\n";

/* The note's size of argument @t: bytes, negative if signed. */
static int dt_header_argsize(const struct dt_type *t)
{
	const struct dt_type *b = dt_type_base(t);

	if (dt_type_is_pointer(t) || dt_type_is_string(t))
		return 8;
	return b->is_signed ? -(int)b->size : (int)b->size;
}

static void dt_header_probe(FILE *fp, const struct dt_uprov *pv,
			    const struct dt_uprobe *p)
{
	unsigned int i;

	fprintf(fp, "extern unsigned short %s_%s_semaphore\n"
		"\t__attribute__((visibility(\"hidden\")));\n",
		pv->name, p->name);
	fprintf(fp, "#define\t");
	dt_header_macro(fp, pv->name);
	fputc('_', fp);
	dt_header_macro(fp, p->name);
	fputc('(', fp);
	for (i = 0; i < p->nargs; i++)
		fprintf(fp, "%sarg%u", i ? ", " : "", i);
	fprintf(fp, ") \\\n\t__asm__ __volatile__(_DTRACE_USDT_SITE(\"%s\", "
		"\"%s\", \"%s_%s_semaphore\", \"", pv->name, p->name,
		pv->name, p->name);
	for (i = 0; i < p->nargs; i++)
		fprintf(fp, "%s%d@%%%u", i ? " " : "",
			dt_header_argsize(p->args[i]), i);
	fprintf(fp, "\")%s", p->nargs ? " \\\n\t\t:" : ")\n");
	for (i = 0; i < p->nargs; i++)
		fprintf(fp, "%s \"nor\" (arg%u)", i ? "," : " :", i);
	if (p->nargs)
		fprintf(fp, ")\n");
	fprintf(fp, "#define\t");
	dt_header_macro(fp, pv->name);
	fputc('_', fp);
	dt_header_macro(fp, p->name);
	fprintf(fp, "_ENABLED() \\\n\t__builtin_expect(*(volatile unsigned "
		"short *)&%s_%s_semaphore != 0, 0)\n\n", pv->name, p->name);
}

/**
 * dtrace_provider_header() - write the C header of the declared providers
 * @dtp: the handle, with the provider declarations compiled into it
 * @fp: where to write
 * @guard: the include guard's macro name
 *
 * Return: 0, or -1 with EDT_NOPROBE if no provider is declared.
 */
int dtrace_provider_header(dtrace_hdl_t *dtp, FILE *fp, const char *guard)
{
	const struct dt_uprov *pv;
	const struct dt_uprobe *p;

	if (!dtp->uprovs)
		return dt_set_errno(dtp, EDT_NOPROBE);
	fprintf(fp, "/*\n * Generated by dtrace -h: do not edit.  USDT probes "
		"in the .note.stapsdt\n * format; link with the object dtrace "
		"-G makes, which defines the\n * semaphores.\n */\n"
		"#ifndef %s\n#define %s\n\n#include <unistd.h>\n\n"
		"#ifdef __cplusplus\n"
		"extern \"C\" {\n#endif\n\n%s\n", guard, guard, dt_header_note);
	for (pv = dtp->uprovs; pv; pv = pv->next) {
		fprintf(fp, "/* provider %s */\n\n", pv->name);
		for (p = pv->probes; p; p = p->next)
			dt_header_probe(fp, pv, p);
	}
	fprintf(fp, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n",
		guard);
	return ferror(fp) ? dt_set_errno(dtp, EIO) : 0;
}
