// SPDX-License-Identifier: GPL-2.0
/*
 * Stability attributes (include/uapi/linux/dtrace.h, struct
 * dtrace_pattr): asking the kernel for a probe's, the minimum rule that
 * makes one triple of several, and the names DTrace prints them by
 * ("dtrace -lv", "dtrace -v").
 */
#include <errno.h>
#include <string.h>
#include "dt_impl.h"

static const char *const dt_stability_names[] = {
	"Internal", "Private", "Obsolete", "External",
	"Unstable", "Evolving", "Stable", "Standard",
};

static const char *const dt_class_names[] = {
	"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
};

/* The name of stability level @v ("Evolving"); "Unknown" past the last. */
const char *dtrace_stability_name(unsigned int v)
{
	return v <= DTRACE_STABILITY_MAX ? dt_stability_names[v] : "Unknown";
}

/* The name of dependency class @v ("ISA"); "Unknown" past the last. */
const char *dtrace_class_name(unsigned int v)
{
	return v <= DTRACE_CLASS_MAX ? dt_class_names[v] : "Unknown";
}

static uint8_t dt_u8min(uint8_t a, uint8_t b)
{
	return a < b ? a : b;
}

/* The attributes of a whole made of @a and @b: each part's minimum. */
struct dtrace_attr dtrace_attr_min(struct dtrace_attr a, struct dtrace_attr b)
{
	struct dtrace_attr r = {
		.name = dt_u8min(a.name, b.name),
		.data = dt_u8min(a.data, b.data),
		.dep = dt_u8min(a.dep, b.dep),
	};

	return r;
}

/**
 * dtrace_probe_attr() - the stability of probe @id
 * @dtp: the handle
 * @id: the probe
 * @desc: out, its description's attributes: the minimum over its
 *	provider, module, function and name parts
 * @args: out, its arguments' attributes
 *
 * A kernel whose PROBEMATCH gives no attributes (before ABI 3's
 * appended field), like a provider that declares none, gives all zero:
 * Internal/Internal/Unknown.
 * Return: 0, or -1 (EDT_NOPROBE, or EDT_NODEVICE_OP without the device).
 */
int dtrace_probe_attr(dtrace_hdl_t *dtp, uint32_t id, struct dtrace_attr *desc,
		      struct dtrace_attr *args)
{
	struct dtrace_ioc_probe p = { .size = sizeof(p), .id = id };
	const struct dtrace_pattr *a = &p.attr;

	if (dtp->fd < 0)
		return dt_set_errno(dtp, EDT_NODEVICE_OP);
	if (dt_ioctl(dtp, DTRACEIOC_PROBEMATCH, &p))
		return errno == ENOENT ? dt_set_errno(dtp, EDT_NOPROBE) :
		       dt_set_errno_ioctl(dtp, errno);
	if (p.id != id)
		return dt_set_errno(dtp, EDT_NOPROBE);
	*desc = dtrace_attr_min(dtrace_attr_min(a->provider, a->mod),
				dtrace_attr_min(a->func, a->name));
	*args = a->args;
	return 0;
}

/* Does program @dp read the probe's arguments (argN or args[])? */
static bool dt_difo_reads_args(const struct dt_difo *dp)
{
	unsigned int i;

	for (i = 0; dp && i < dp->k.ninsns; i++) {
		const struct dtrace_dif_insn *in = &dp->insns[i];

		if ((in->op == DTRACE_DIF_OP_LDV &&
		     (uint32_t)in->imm <= DTRACE_DIF_VAR_ARG9) ||
		    (in->op == DTRACE_DIF_OP_LDVA &&
		     in->imm == DTRACE_DIF_VAR_ARGS))
			return true;
	}
	return false;
}

static bool dt_clause_reads_args(const struct dt_clause *c)
{
	unsigned int i;

	if (dt_difo_reads_args(c->pred))
		return true;
	for (i = 0; i < c->nacts; i++)
		if (dt_difo_reads_args(c->progs[i]))
			return true;
	return false;
}

/*
 * Fold the attributes of every probe @want matches into @desc: those
 * of the parts @want names (all four if it names none), as DTrace's
 * rule has it; and with @args, their arguments' into @stmt.
 */
static void dt_desc_attr(dtrace_hdl_t *dtp, const struct dtrace_probedesc *want,
			 bool args, struct dtrace_attr *desc,
			 struct dtrace_attr *stmt)
{
	struct dtrace_ioc_probe p = { .size = sizeof(p) };
	const struct dtrace_pattr *a = &p.attr;
	bool any = want->provider[0] || want->mod[0] || want->func[0] ||
		   want->name[0];

	for (;;) {
		p.desc = *want;
		if (dt_ioctl(dtp, DTRACEIOC_PROBEMATCH, &p))
			return;
		if (!any || want->provider[0])
			*desc = dtrace_attr_min(*desc, a->provider);
		if (!any || want->mod[0])
			*desc = dtrace_attr_min(*desc, a->mod);
		if (!any || want->func[0])
			*desc = dtrace_attr_min(*desc, a->func);
		if (!any || want->name[0])
			*desc = dtrace_attr_min(*desc, a->name);
		if (args)
			*stmt = dtrace_attr_min(*stmt, a->args);
		p.id++;
	}
}

/**
 * dtrace_program_attr() - the stability of a compiled program, for -v
 * @dtp: the handle
 * @pgp: the program
 * @desc: out, its probe descriptions' attributes: the minimum over the
 *	probes they match of the parts each description names
 * @stmt: out, its statements' attributes: Stable/Stable/Common (what
 *	the D language itself is), lowered to the argument attributes of
 *	the probes of each clause that reads argN or args[]
 *
 * Return: 0, or -1 (EDT_NODEVICE_OP without the device).
 */
int dtrace_program_attr(dtrace_hdl_t *dtp, const dtrace_prog_t *pgp,
			struct dtrace_attr *desc, struct dtrace_attr *stmt)
{
	const struct dtrace_attr top = {
		DTRACE_STABILITY_STANDARD, DTRACE_STABILITY_STANDARD,
		DTRACE_CLASS_COMMON,
	};
	const struct dtrace_attr lang = {
		DTRACE_STABILITY_STABLE, DTRACE_STABILITY_STABLE,
		DTRACE_CLASS_COMMON,
	};
	unsigned int i, j;

	if (dtp->fd < 0)
		return dt_set_errno(dtp, EDT_NODEVICE_OP);
	*desc = top;
	*stmt = lang;
	for (i = 0; i < pgp->nclauses; i++) {
		const struct dt_clause *c = pgp->clauses[i];
		bool args = dt_clause_reads_args(c);

		if (c->is_error)
			continue;
		for (j = 0; j < c->ndescs; j++)
			dt_desc_attr(dtp, &c->descs[j], args, desc, stmt);
	}
	return 0;
}
