// SPDX-License-Identifier: GPL-2.0
/*
 * Probe description text to struct dtrace_probedesc and back.  Fields
 * are separated by ':'; fewer than four fill from the right, ending at
 * the field the context names (the name for D programs and -n, the
 * function for -f, ...).  One field more than the context takes is
 * allowed when it is empty (-f :vmlinux:: names provider vmlinux).  A
 * backslash keeps the next character, ':' included, and stays in the
 * field for the kernel's glob matcher.
 */
#include <stdio.h>
#include <string.h>
#include "dt_pcb.h"

static const size_t dt_pdesc_lens[4] = {
	DTRACE_PROVNAMELEN, DTRACE_MODNAMELEN, DTRACE_FUNCNAMELEN,
	DTRACE_NAMELEN,
};

static char *dt_pdesc_field(struct dtrace_probedesc *d, int i)
{
	switch (i) {
	case 0:
		return d->provider;
	case 1:
		return d->mod;
	case 2:
		return d->func;
	default:
		return d->name;
	}
}

/**
 * dt_pdesc_parse() - split a probe description into its fields
 * @s: the text
 * @spec: the field a description of one field names
 * @desc: out
 * @err: out, the reason on failure
 * @errlen: its size
 *
 * Return: 0, or -1 for too many fields or a field too long.
 */
int dt_pdesc_parse(const char *s, dtrace_probespec_t spec,
		   struct dtrace_probedesc *desc, char *err, size_t errlen)
{
	const char *start[5], *end[5];
	int n = 0, first, i = 0;
	const char *p = s;

	memset(desc, 0, sizeof(*desc));
	if (spec > DTRACE_PROBESPEC_NAME)
		spec = DTRACE_PROBESPEC_NAME;
	start[0] = s;
	for (;; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p != ':' && *p != '\0')
			continue;
		if (n == 5)
			goto overspecified;
		end[n++] = p;
		if (*p == '\0')
			break;
		if (n < 5)
			start[n] = p + 1;
	}

	first = (int)spec - n + 1;
	if (first == -1 && end[0] == start[0])
		i = 1;		/* an empty leading field is dropped */
	else if (first < 0)
		goto overspecified;
	for (; i < n; i++) {
		size_t len = (size_t)(end[i] - start[i]);

		if (len >= dt_pdesc_lens[first + i]) {
			snprintf(err, errlen,
				 "invalid probe description \"%s\": field too long",
				 s);
			return -1;
		}
		memcpy(dt_pdesc_field(desc, first + i), start[i], len);
	}
	return 0;

overspecified:
	snprintf(err, errlen,
		 "invalid probe description \"%s\": Overspecified probe description",
		 s);
	return -1;
}

/**
 * dt_pdesc_id() - the probe a -i description's leading digits name
 * @dtp: the handle
 * @s: the description, starting with a digit
 * @desc: out, the probe's names
 * @endp: out, what follows the digits (a probe name, or "")
 * @err: out, the reason on failure
 * @errlen: its size
 *
 * Return: 0, or -1 if there is no such probe.
 */
int dt_pdesc_id(dtrace_hdl_t *dtp, const char *s,
		struct dtrace_probedesc *desc, const char **endp, char *err,
		size_t errlen)
{
	const char *end = s;
	unsigned long long id = 0;

	while (*end >= '0' && *end <= '9') {
		if (id <= UINT32_MAX)
			id = id * 10 + (unsigned int)(*end - '0');
		end++;
	}
	*endp = end;
	if (id && id <= UINT32_MAX && !dt_probe_lookup(dtp, (uint32_t)id, desc))
		return 0;
	snprintf(err, errlen,
		 "invalid probe identifier %.*s: Unknown probe identifier",
		 (int)(end - s), s);
	return -1;
}

int dtrace_str2desc(dtrace_hdl_t *dtp, dtrace_probespec_t spec,
		    const char *s, dtrace_probedesc_t *pdp)
{
	char err[256];

	if (dt_pdesc_parse(s, spec, pdp, err, sizeof(err)))
		return dt_set_errno(dtp, EDT_BADPDESC);
	return 0;
}

/* "prov:mod:func:name", as DTrace prints a description. */
void dtrace_desc2str(const dtrace_probedesc_t *pdp, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%s:%s:%s", pdp->provider, pdp->mod, pdp->func,
		 pdp->name);
}
