// SPDX-License-Identifier: GPL-2.0
/*
 * The handle's table of D user variables (dt_var.h).  Ids are handed
 * out in creation order from 1, since the kernel takes one id for one
 * variable across all clauses of a consumer; a rolled-back compilation
 * gives its ids back.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/dtrace.h>
#include "dt_impl.h"
#include "dt_type.h"
#include "dt_var.h"
#include "dt_compile.h"

/* Return: the handle's dstate, made on first use; NULL without memory. */
struct dt_dstate *dt_dstate(dtrace_hdl_t *dtp)
{
	if (!dtp->dstate)
		dtp->dstate = calloc(1, sizeof(*dtp->dstate));
	return dtp->dstate;
}

struct dt_var *dt_var_lookup(dtrace_hdl_t *dtp, enum dt_var_scope scope,
			     const char *name)
{
	struct dt_dstate *ds = dtp->dstate;
	unsigned int i;

	if (!ds)
		return NULL;
	for (i = 0; i < ds->nvars; i++)
		if (ds->vars[i]->scope == scope &&
		    !strcmp(ds->vars[i]->name, name))
			return ds->vars[i];
	return NULL;
}

/* Return: the new variable, or NULL when out of memory or ids. */
struct dt_var *dt_var_create(dtrace_hdl_t *dtp, enum dt_var_scope scope,
			     const char *name, bool is_assoc)
{
	struct dt_dstate *ds = dt_dstate(dtp);
	struct dt_var *v;

	if (!ds || ds->nvars + 1 >= DTRACE_DIF_MAXVARS)
		return NULL;
	if (ds->nvars == ds->cap) {
		unsigned int cap = ds->cap ? 2 * ds->cap : 16;
		struct dt_var **p = realloc(ds->vars, cap * sizeof(*p));

		if (!p)
			return NULL;
		ds->vars = p;
		ds->cap = cap;
	}
	v = calloc(1, sizeof(*v));
	if (!v)
		return NULL;
	v->name = strdup(name);
	if (!v->name) {
		free(v);
		return NULL;
	}
	v->scope = scope;
	v->is_assoc = is_assoc;
	v->id = ds->nvars + 1;
	ds->vars[ds->nvars++] = v;
	return v;
}

unsigned int dt_var_mark(dtrace_hdl_t *dtp)
{
	return dtp->dstate ? dtp->dstate->nvars : 0;
}

static void dt_var_free(struct dt_var *v)
{
	free(v->name);
	free(v);
}

void dt_var_rollback(dtrace_hdl_t *dtp, unsigned int mark)
{
	struct dt_dstate *ds = dtp->dstate;

	while (ds && ds->nvars > mark)
		dt_var_free(ds->vars[--ds->nvars]);
}

void dt_var_destroy_all(dtrace_hdl_t *dtp)
{
	dt_lib_unload(dtp);
	dt_var_rollback(dtp, 0);
	dt_aggs_free(dtp);
	if (dtp->dstate)
		free(dtp->dstate->vars);
	free(dtp->dstate);
	dtp->dstate = NULL;
}

/* Bytes DTrace counts for a value or key of type @t in dynvarsize. */
static uint32_t dt_var_dynbytes(const dtrace_hdl_t *dtp,
				const struct dt_type *t)
{
	if (dt_type_is_string(t))
		return (uint32_t)dtp->opt.strsize;
	return (uint32_t)dt_type_base(t)->size;
}

/*
 * What one element of @v takes of dynvarsize, as DTrace counts it: a
 * self-> scalar its value; an associative array element also 4 bytes of
 * variable id, its keys and 8 bytes.  0 for a variable not dynamic.
 */
static uint32_t dt_var_dsize(const dtrace_hdl_t *dtp, const struct dt_var *v,
			     const struct dt_type *t)
{
	uint32_t n = dt_var_dynbytes(dtp, t);
	unsigned int i;

	if (!v->is_assoc)
		return v->scope == DT_SCOPE_THREAD ? n : 0;
	n += 4 + 8;
	for (i = 0; v->keys_known && i < v->nkeys; i++)
		n += dt_var_dynbytes(dtp, v->keys[i]);
	return n;
}

void dt_var_difv(dtrace_hdl_t *dtp, const struct dt_var *v,
		 struct dtrace_difv *dv)
{
	const struct dt_type *t = v->type ? v->type : &dt_type_int64;

	memset(dv, 0, sizeof(*dv));
	dv->id = v->id;
	switch (v->scope) {
	case DT_SCOPE_GLOBAL:
		dv->scope = DTRACE_DIFV_SCOPE_GLOBAL;
		break;
	case DT_SCOPE_THREAD:
		dv->scope = DTRACE_DIFV_SCOPE_THREAD;
		break;
	case DT_SCOPE_CLAUSE:
		dv->scope = DTRACE_DIFV_SCOPE_LOCAL;
		break;
	}
	dv->kind = v->is_assoc ? DTRACE_DIFV_KIND_ARRAY :
		   DTRACE_DIFV_KIND_SCALAR;
	if (dt_type_is_string(t)) {
		dv->type = DTRACE_DIFV_TYPE_STRING;
		dv->size = dt_strbytes(&dtp->opt);
	} else if (dt_type_is_byref(t)) {
		dv->type = DTRACE_DIFV_TYPE_BYREF;
		dv->size = (uint32_t)dt_type_base(t)->size;
	} else {
		dv->type = DTRACE_DIFV_TYPE_INT;
		dv->size = 8;
	}
	dv->dsize = dt_var_dsize(dtp, v, t);
}

const char *dt_var_prefix(enum dt_var_scope scope)
{
	switch (scope) {
	case DT_SCOPE_THREAD:
		return "self->";
	case DT_SCOPE_CLAUSE:
		return "this->";
	default:
		return "";
	}
}
