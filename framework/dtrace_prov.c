// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in dtrace provider: dtrace:::BEGIN, dtrace:::END and
 * dtrace:::ERROR, probes 1, 2 and 3.  The core fires them itself (see
 * state.c and probe_ctx.c); the provider only gives DTrace's stability
 * attributes and says that BEGIN and END have no arguments.
 * Process context.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/module.h>
#include "internal.h"

struct dtrace_probe *dtrace_probe_begin, *dtrace_probe_end,
	*dtrace_probe_error;
static dtrace_provider_id_t dtrace_prov_id;

/* DTrace's attributes for its dtrace provider */
static const struct dtrace_pattr dtrace_prov_attr = {
	.provider	= DTRACE_ATTR(STABLE, STABLE, COMMON),
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.name		= DTRACE_ATTR(STABLE, STABLE, COMMON),
	.args		= DTRACE_ATTR(STABLE, STABLE, COMMON),
};

/* BEGIN and END pass no arguments: args[N] of them is a D error. */
static void dtrace_prov_getargdesc(void *arg, dtrace_id_t id, void *parg,
				   struct dtrace_ioc_probearg *desc)
{
	if ((dtrace_probe_begin && id == dtrace_probe_begin->id) ||
	    (dtrace_probe_end && id == dtrace_probe_end->id))
		desc->mapping = DTRACE_ARGNONE;
}

static const struct dtrace_pops dtrace_prov_pops = {
	.owner = THIS_MODULE,
	.attr = &dtrace_prov_attr,
	.getargdesc = dtrace_prov_getargdesc,
};

static struct dtrace_probe *dtrace_prov_create(const char *name)
{
	dtrace_id_t id = dtrace_probe_create(dtrace_prov_id, "", "", name,
					     NULL);
	struct dtrace_probe *probe;

	if (id == DTRACE_IDNONE)
		return NULL;
	mutex_lock(&dtrace_lock);
	probe = xa_load(&dtrace_probes, id);
	mutex_unlock(&dtrace_lock);
	return probe;
}

int dtrace_prov_init(void)
{
	int ret;

	ret = dtrace_register("dtrace", &dtrace_prov_pops, NULL,
			      &dtrace_prov_id);
	if (ret)
		return ret;
	dtrace_probe_begin = dtrace_prov_create("BEGIN");
	dtrace_probe_end = dtrace_prov_create("END");
	dtrace_probe_error = dtrace_prov_create("ERROR");
	if (!dtrace_probe_begin || !dtrace_probe_end || !dtrace_probe_error) {
		dtrace_unregister(dtrace_prov_id);
		return -ENOMEM;
	}
	return 0;
}

void dtrace_prov_exit(void)
{
	dtrace_unregister(dtrace_prov_id);
}
