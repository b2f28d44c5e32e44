// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's types from BTF (stub until the reader lands).
 */
#include "dt_impl.h"
#include "dt_btf.h"

const struct dt_type *dt_btf_lookup(dtrace_hdl_t *dtp, const char *name)
{
	(void)dtp; (void)name;
	return NULL;
}

bool dt_btf_enumconst(dtrace_hdl_t *dtp, const char *name, int64_t *valp,
		      const struct dt_type **typep)
{
	(void)dtp; (void)name; (void)valp; (void)typep;
	return false;
}

const struct dt_type *dt_btf_func(dtrace_hdl_t *dtp, const char *func)
{
	(void)dtp; (void)func;
	return NULL;
}

void dt_btf_close(dtrace_hdl_t *dtp)
{
	(void)dtp;
}

const char *dt_btf_error(dtrace_hdl_t *dtp)
{
	(void)dtp;
	return "";
}
