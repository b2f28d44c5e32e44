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
