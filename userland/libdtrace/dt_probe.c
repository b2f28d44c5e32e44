// SPDX-License-Identifier: GPL-2.0
/*
 * Probes as the kernel names them: matching a description
 * (DTRACEIOC_PROBEMATCH), walking every match for -l, and looking a
 * probe up by id for record output.  With DTRACE_O_NODEV the same calls
 * run against a table in the handle, matched with dtrace_match_glob(),
 * the kernel's own matcher (framework/engine/glob.c), where
 * profile-style names are provided on demand as the kernel would.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <engine/glob.h>
#include "dt_impl.h"

int dt_fake_probe_add(dtrace_hdl_t *dtp, const char *prov, const char *mod,
		      const char *func, const char *name)
{
	struct dt_fakeprobe *p = realloc(dtp->fake,
					 (dtp->nfake + 1) * sizeof(*p));

	if (!p)
		return -1;
	dtp->fake = p;
	p = &dtp->fake[dtp->nfake];
	memset(p, 0, sizeof(*p));
	p->id = ++dtp->nfake;
	strncpy(p->desc.provider, prov, sizeof(p->desc.provider) - 1);
	strncpy(p->desc.mod, mod, sizeof(p->desc.mod) - 1);
	strncpy(p->desc.func, func, sizeof(p->desc.func) - 1);
	strncpy(p->desc.name, name, sizeof(p->desc.name) - 1);
	return 0;
}

static bool dt_fake_matches(const struct dtrace_probedesc *p,
			    const struct dtrace_probedesc *d)
{
	return dtrace_match_glob(d->provider, p->provider) &&
	       dtrace_match_glob(d->mod, p->mod) &&
	       dtrace_match_glob(d->func, p->func) &&
	       dtrace_match_glob(d->name, p->name);
}

/* What dtrace_profile would provide: tick-N and profile-N on demand. */
static void dt_fake_provide(dtrace_hdl_t *dtp,
			    const struct dtrace_probedesc *d)
{
	const char *n = d->name;
	unsigned int i;

	if ((d->provider[0] && strcmp(d->provider, "profile")) ||
	    d->mod[0] || d->func[0] || strpbrk(n, "*?[\\"))
		return;
	if (strncmp(n, "tick-", 5) && strncmp(n, "profile-", 8))
		return;
	if (!strchr("0123456789", n[n[0] == 't' ? 5 : 8]))
		return;
	for (i = 0; i < dtp->nfake; i++)
		if (!strcmp(dtp->fake[i].desc.provider, "profile") &&
		    !strcmp(dtp->fake[i].desc.name, n))
			return;
	dt_fake_probe_add(dtp, "profile", "", "", n);
}

/**
 * dt_probe_match() - the first probe with id >= *@idp matching @desc
 * @dtp: the handle
 * @desc: in, the description; out, the probe found
 * @idp: in, where to start; out, the probe's id
 * @flags: DTRACE_MATCH_*
 *
 * Return: 0, or -1 with EDT_NOPROBE when none is left, or another error.
 */
int dt_probe_match(dtrace_hdl_t *dtp, struct dtrace_probedesc *desc,
		   uint32_t *idp, unsigned int flags)
{
	struct dtrace_ioc_probe p = { .size = sizeof(p) };
	unsigned int i;

	if (dtp->fd < 0) {
		if (flags & DTRACE_MATCH_PROVIDE)
			dt_fake_provide(dtp, desc);
		for (i = 0; i < dtp->nfake; i++) {
			if (dtp->fake[i].id < *idp ||
			    !dt_fake_matches(&dtp->fake[i].desc, desc))
				continue;
			*idp = dtp->fake[i].id;
			*desc = dtp->fake[i].desc;
			return 0;
		}
		return dt_set_errno(dtp, EDT_NOPROBE);
	}

	p.flags = flags;
	p.id = *idp;
	p.desc = *desc;
	if (dt_ioctl(dtp, DTRACEIOC_PROBEMATCH, &p))
		return errno == ENOENT ? dt_set_errno(dtp, EDT_NOPROBE) :
					 dt_set_errno_ioctl(dtp, errno);
	*idp = p.id;
	*desc = p.desc;
	return 0;
}

/* The names of probe @id.  Return: 0, or -1 if there is no such probe. */
int dt_probe_lookup(dtrace_hdl_t *dtp, uint32_t id,
		    struct dtrace_probedesc *desc)
{
	uint32_t found = id;

	memset(desc, 0, sizeof(*desc));
	if (dt_probe_match(dtp, desc, &found, 0))
		return -1;
	if (found != id) {
		memset(desc, 0, sizeof(*desc));
		return dt_set_errno(dtp, EDT_NOPROBE);
	}
	return 0;
}

/**
 * dtrace_probe_iter() - call @func for every probe matching @pdp
 * @dtp: the handle
 * @pdp: the description; NULL matches every probe
 * @func: called with each probe's id and names; non-zero stops the walk
 * @arg: passed to @func
 *
 * The first match asks providers to provide what the description names
 * (so "tick-1s" exists to be listed), and the user probes it names are
 * made (dt_pid.c); with no description, the USDT probes of the target
 * process.
 * Return: the number of probes seen, or -1 on error (EDT_NOPROBE when
 * none matched).
 */
int dtrace_probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
		      dtrace_probe_f *func, void *arg)
{
	struct dtrace_probedesc want, got;
	unsigned int flags = DTRACE_MATCH_PROVIDE;
	uint32_t id = 0;
	int n = 0;

	if (pdp) {
		want = *pdp;
	} else {
		/* every probe, with the USDT probes of the target */
		memset(&want, 0, sizeof(want));
		if (dtp->target)
			snprintf(want.provider, sizeof(want.provider), "*%d",
				 dtp->target);
	}
	if (dt_pid_provide(dtp, &want))
		return -1;
	if (!pdp)
		memset(&want, 0, sizeof(want));
	for (;;) {
		got = want;
		if (dt_probe_match(dtp, &got, &id, flags)) {
			if (dtrace_errno(dtp) != EDT_NOPROBE)
				return -1;
			break;
		}
		n++;
		if (func(dtp, id, &got, arg))
			break;
		id++;
		flags = 0;
	}
	if (n == 0)
		return dt_set_errno(dtp, EDT_NOPROBE);
	return n;
}
