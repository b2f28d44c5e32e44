// SPDX-License-Identifier: GPL-2.0
/*
 * Declarations that carry expressions or outlive a clause (dt_xlate.h):
 * D variable declarations, inlines and translators, and their use by
 * dt_check.c.  An inline or translator member is expanded where it is
 * used from a fresh copy of its expression (with a translator's
 * parameter replaced by the xlate operand), so the copy is checked and
 * generated like any expression written there.
 */
#include <stdlib.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_ident.h"
#include "dt_type.h"
#include "dt_var.h"
#include "dt_xlate.h"

struct dt_inline {
	const char *name;
	const struct dt_type *type;
	struct dt_node *expr;
	const char *param;		/* name[type param]: or NULL */
	const struct dt_type *ptype;
	const struct dt_pcb *owner;	/* whose arena holds ->expr */
	bool busy;			/* being expanded: no recursion */
	struct dt_inline *next;
};

struct dt_xlator {
	const struct dt_type *to;	/* the struct translated to */
	const struct dt_type *from;	/* the input type */
	const char *param;
	struct dt_xlmember *members;
	const struct dt_pcb *owner;
	int line;
	struct dt_xlator *next;
};

static struct dt_dstate *dt_xlate_dstate(struct dt_pcb *pcb, int line)
{
	struct dt_dstate *ds = dt_dstate(pcb->dtp);

	if (!ds)
		dt_diag(pcb, line, D_NOMEM, "out of memory");
	return ds;
}

/*
 * A copy of expression @n in @pcb's arena, with every IDENT named
 * @param (if not NULL) replaced by a copy of the root of @arg.
 */
static struct dt_node *dt_node_copy(struct dt_pcb *pcb,
				    const struct dt_node *n, const char *param,
				    const struct dt_node *arg)
{
	struct dt_node *c, *a, **tail;

	if (!n)
		return NULL;
	c = dt_pcb_alloc(pcb, sizeof(*c));
	if (!c)
		dt_diag(pcb, n->line, D_NOMEM, "out of memory");
	if (param && n->kind == DT_NODE_IDENT && !strcmp(n->str, param)) {
		*c = *arg;	/* its operands are shared: already checked */
		c->next = NULL;
		return c;
	}
	*c = *n;
	c->next = NULL;
	c->left = dt_node_copy(pcb, n->left, param, arg);
	c->right = dt_node_copy(pcb, n->right, param, arg);
	c->cond = dt_node_copy(pcb, n->cond, param, arg);
	c->args = NULL;
	tail = &c->args;
	for (a = n->args; a; a = a->next) {
		*tail = dt_node_copy(pcb, a, param, arg);
		tail = &(*tail)->next;
	}
	return c;
}

/* Put checked expression @e where @n is, as a value of type @t. */
static void dt_node_replace(struct dt_pcb *pcb, struct dt_node *n,
			    struct dt_node *e, const struct dt_type *t)
{
	struct dt_node *next = n->next;
	int line = n->line;

	if (t && !dt_type_same(t, e->type) && !dt_type_is_byref(t)) {
		memset(n, 0, sizeof(*n));
		n->kind = DT_NODE_CAST;
		n->ctype = t;
		n->left = e;
		n->line = line;
		dt_check_expr(pcb, n);
	} else {
		*n = *e;
	}
	n->next = next;
}

static struct dt_inline *dt_inline_find(dtrace_hdl_t *dtp, const char *name)
{
	struct dt_inline *in;

	for (in = dtp->dstate ? dtp->dstate->inlines : NULL; in; in = in->next)
		if (!strcmp(in->name, name))
			return in;
	return NULL;
}

bool dt_inline_exists(dtrace_hdl_t *dtp, const char *name)
{
	return dt_inline_find(dtp, name) != NULL;
}

/*
 * A copy of @in's expression at @n, checked; @arg (checked, of the
 * parameter's type) stands for the parameter of an inline that has one.
 */
static void dt_inline_put(struct dt_pcb *pcb, struct dt_inline *in,
			  struct dt_node *n, const struct dt_node *arg)
{
	struct dt_node *e;

	if (in->busy)
		dt_diag(pcb, n->line, D_IDENT_UNDEF,
			"inline %s refers to itself", in->name);
	e = dt_node_copy(pcb, in->expr, in->param, arg);
	in->busy = true;
	dt_check_expr(pcb, e);
	in->busy = false;
	if (!dt_type_assignable(in->type, e->type, false) &&
	    !dt_type_same(in->type, e->type))
		dt_diag(pcb, n->line, D_OP_INCOMPAT,
			"inline %s of type %s cannot hold a %s", in->name,
			in->type->name, e->type->name);
	dt_node_replace(pcb, n, e, in->type);
}

bool dt_inline_expand(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_inline *in = dt_inline_find(pcb->dtp, n->str);

	if (!in)
		return false;
	if (in->param)
		dt_diag(pcb, n->line, D_ARR_BADREF,
			"inline %s takes an index: %s[%s]", in->name, in->name,
			in->ptype->name);
	dt_inline_put(pcb, in, n, NULL);
	return true;
}

bool dt_inline_expand_index(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_inline *in;
	struct dt_node *arg;

	if (n->left->kind != DT_NODE_IDENT)
		return false;
	in = dt_inline_find(pcb->dtp, n->left->str);
	if (!in || !in->param)
		return false;
	if (dt_node_count(n->args) != 1)
		dt_diag(pcb, n->line, D_ARR_BADREF,
			"inline %s takes one index", in->name);
	dt_check_expr(pcb, n->args);
	if (!dt_type_assignable(in->ptype, n->args->type, false))
		dt_diag(pcb, n->line, D_ARGS_TYPE,
			"index of inline %s must be of type %s", in->name,
			in->ptype->name);
	arg = dt_node_cast(pcb, DT_NODE_CAST, in->ptype, n->args);
	if (!arg)
		dt_diag(pcb, n->line, D_NOMEM, "out of memory");
	dt_check_expr(pcb, arg);
	dt_inline_put(pcb, in, n, arg);
	return true;
}

/* The struct xlate<@t> translates to: @t or what @t points to. */
static const struct dt_type *dt_xlate_sou(const struct dt_type *t)
{
	t = dt_type_base(t);
	if (t->kind == DT_TK_POINTER)
		t = dt_type_base(t->ref);
	return t->kind == DT_TK_STRUCT || t->kind == DT_TK_UNION ? t : NULL;
}

static struct dt_xlator *dt_xlator_find(dtrace_hdl_t *dtp,
					const struct dt_type *to,
					const struct dt_type *from)
{
	struct dt_xlator *xl, *best = NULL;

	for (xl = dtp->dstate ? dtp->dstate->xlators : NULL; xl;
	     xl = xl->next) {
		if (!dt_type_same(xl->to, to))
			continue;
		if (dt_type_same(xl->from, from))
			return xl;
		if (!best && dt_type_assignable(xl->from, from, false))
			best = xl;
	}
	return best;
}

void dt_xlate_check(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *to = dt_xlate_sou(n->ctype);
	struct dt_xlator *xl;
	char a[128], b[128];

	dt_check_expr(pcb, n->left);
	dt_type_name(n->left->type, a, sizeof(a));
	dt_type_name(n->ctype, b, sizeof(b));
	if (!to)
		dt_diag(pcb, n->line, D_XLATE_SOU,
			"translator output type must be a struct or union or a pointer to one: %s",
			b);
	xl = dt_xlator_find(pcb->dtp, to, n->left->type);
	if (!xl)
		dt_diag(pcb, n->line, D_XLATE_NONE,
			"cannot translate from \"%s\" to \"%s\"", a, b);
	n->ident = xl;
	n->type = n->ctype;
}

static struct dt_xlmember *dt_xlmember_find(const struct dt_xlator *xl,
					    const char *name)
{
	struct dt_xlmember *m;

	for (m = xl->members; m; m = m->next)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

/* May @e initialize a member of type @t (char arrays take strings)? */
static bool dt_xlate_fits(const struct dt_type *t, const struct dt_node *e)
{
	const struct dt_type *b = dt_type_base(t);

	if (b->kind == DT_TK_ARRAY && dt_type_is_char(b->ref))
		return dt_type_is_string(e->type);
	return dt_type_assignable(t, e->type,
				  e->kind == DT_NODE_INT && !e->value);
}

/* Check member @m of @xl, with the parameter replaced by @arg. */
static struct dt_node *dt_xlate_expand(struct dt_pcb *pcb,
				       const struct dt_xlator *xl,
				       const struct dt_xlmember *m,
				       const struct dt_node *arg,
				       const struct dt_member **smp)
{
	const struct dt_member *sm;
	struct dt_node *e;
	char a[128], b[128];
	uint64_t bo;

	sm = dt_type_member(xl->to, m->name, &bo);
	if (!sm)
		dt_diag(pcb, m->line, D_XLATE_MEMB,
			"translator member %s is not a member of %s", m->name,
			xl->to->name);
	e = dt_node_copy(pcb, m->expr, xl->param, arg);
	dt_check_expr(pcb, e);
	/* reported where the translator ends, as DTrace does */
	if (!dt_xlate_fits(sm->type, e)) {
		dt_type_name(sm->type, a, sizeof(a));
		dt_type_name(e->type, b, sizeof(b));
		dt_diag(pcb, xl->line, D_XLATE_INCOMPAT,
			"translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
			m->name, a, b);
	}
	*smp = sm;
	return e;
}

void dt_xlate_member(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_node *x = n->left;
	const struct dt_xlator *xl = x->ident;
	const struct dt_xlmember *m = dt_xlmember_find(xl, n->str);
	const struct dt_member *sm;
	const struct dt_type *t;
	struct dt_node *e;
	uint64_t bo;

	if (!m) {
		if (!dt_type_member(xl->to, n->str, &bo))
			dt_diag(pcb, n->line, D_TYPE_MEMBER,
				"%s is not a member of %s", n->str,
				xl->to->name);
		dt_diag(pcb, n->line, D_XLATE_NOCONV,
			"translator does not define conversion for member: %s",
			n->str);
	}
	e = dt_xlate_expand(pcb, xl, m, x->left, &sm);
	t = dt_type_base(sm->type);
	if (t->kind == DT_TK_ARRAY && dt_type_is_char(t->ref))
		t = &dt_type_string;
	else
		t = sm->type;
	dt_node_replace(pcb, n, e, t);
}

static bool dt_xlate_owned(const struct dt_pcb *owner, const struct dt_pcb *pcb)
{
	return owner == pcb;
}

void dt_xlate_drop(dtrace_hdl_t *dtp, const struct dt_pcb *pcb)
{
	struct dt_dstate *ds = dtp->dstate;
	struct dt_inline **ip, *in;
	struct dt_xlator **xp, *xl;

	if (!ds)
		return;
	for (ip = &ds->inlines; (in = *ip);) {
		if (dt_xlate_owned(in->owner, pcb)) {
			*ip = in->next;
			free(in);
		} else {
			ip = &in->next;
		}
	}
	for (xp = &ds->xlators; (xl = *xp);) {
		if (dt_xlate_owned(xl->owner, pcb)) {
			*xp = xl->next;
			free(xl);
		} else {
			xp = &xl->next;
		}
	}
}

static bool dt_name_taken(dtrace_hdl_t *dtp, const char *name)
{
	return dt_ident_lookup(dtp, name) || dt_inline_find(dtp, name) ||
	       dt_var_lookup(dtp, DT_SCOPE_GLOBAL, name);
}

static void dt_decl_var(struct dt_pcb *pcb, struct dt_decl_node *d)
{
	dtrace_hdl_t *dtp = pcb->dtp;
	struct dt_var *v;
	unsigned int i;

	if (d->scope == DT_SCOPE_CLAUSE && d->is_assoc)
		dt_diag(pcb, d->line, D_DECL_LOCASSC,
			"associative arrays may not be declared as local variables: this->%s",
			d->name);
	if (dt_type_is_void(d->type))
		dt_diag(pcb, d->line, D_DECL_VOIDOBJ,
			"cannot declare void object: %s", d->name);
	if (dt_type_is_func(d->type))
		dt_diag(pcb, d->line, D_DECL_DYNOBJ,
			"cannot declare a variable of function type: %s",
			d->name);
	if (d->nkeys > DT_VAR_MAXKEYS)
		dt_diag(pcb, d->line, D_ARR_BOUNDS,
			"%s[ ] has more than %d keys", d->name, DT_VAR_MAXKEYS);
	v = dt_var_lookup(dtp, d->scope, d->name);
	if (!v && d->scope == DT_SCOPE_GLOBAL && dt_name_taken(dtp, d->name))
		dt_diag(pcb, d->line, D_DECL_IDRED,
			"identifier redeclared: %s", d->name);
	if (v && (v->is_assoc != d->is_assoc ||
		  (v->type && !dt_type_same(v->type, d->type))))
		dt_diag(pcb, d->line, D_DECL_IDRED,
			"identifier redeclared: %s%s", dt_var_prefix(d->scope),
			d->name);
	if (!v)
		v = dt_var_create(dtp, d->scope, d->name, d->is_assoc);
	if (!v)
		dt_diag(pcb, d->line, D_NOMEM, "out of memory or variable ids");
	v->type = d->type;
	if (d->is_assoc && d->nkeys && !v->keys_known) {
		for (i = 0; i < d->nkeys; i++)
			v->keys[i] = d->keys[i];
		v->nkeys = d->nkeys;
		v->keys_known = true;
	}
}

/* What @name already is, in DTrace's words for a redefinition. */
static const char *dt_name_kind(dtrace_hdl_t *dtp, const char *name)
{
	const struct dt_ident *id = dt_ident_lookup(dtp, name);
	const struct dt_inline *in = dt_inline_find(dtp, name);

	if (in)
		return in->param ? "array inline" : "scalar inline";
	if (!id)
		return "scalar";
	switch (id->kind) {
	case DT_IDENT_SUBR:
	case DT_IDENT_ACTION:
	case DT_IDENT_AGGFUNC:
	case DT_IDENT_SYMFN:
		return "function ";
	case DT_IDENT_ARRAY:
		return "array";
	default:
		return "scalar";
	}
}

static void dt_decl_inline(struct dt_pcb *pcb, struct dt_decl_node *d)
{
	struct dt_dstate *ds = dt_xlate_dstate(pcb, d->line);
	struct dt_inline *in;

	if (dt_name_taken(pcb->dtp, d->name))
		dt_diag(pcb, d->line, D_DECL_IDRED,
			"identifier redefined: %s\n\t current: inline definition\n\tprevious: %s",
			d->name, dt_name_kind(pcb->dtp, d->name));
	in = calloc(1, sizeof(*in));
	if (!in)
		dt_diag(pcb, d->line, D_NOMEM, "out of memory");
	in->name = d->name;
	in->type = d->type;
	in->expr = d->expr;
	in->param = d->param;
	in->ptype = d->from;
	in->owner = pcb;
	in->next = ds->inlines;
	ds->inlines = in;
}

static void dt_decl_xlator(struct dt_pcb *pcb, struct dt_decl_node *d,
			   bool check)
{
	struct dt_dstate *ds = dt_xlate_dstate(pcb, d->line);
	const struct dt_type *to = dt_xlate_sou(d->type);
	const struct dt_member *sm;
	struct dt_xlmember *m, *o;
	struct dt_xlator *xl;
	struct dt_node *arg;

	if (!to || dt_type_is_pointer(d->type))
		dt_diag(pcb, d->line, D_XLATE_SOU,
			"translator output type must be a struct or union");
	for (xl = ds->xlators; xl; xl = xl->next)
		if (dt_type_same(xl->to, to) && dt_type_same(xl->from, d->from))
			dt_diag(pcb, d->line, D_XLATE_REDECL,
				"translator from %s to %s has already been declared",
				d->from->name, to->name);
	for (m = d->members; m; m = m->next)
		for (o = m->next; o; o = o->next)
			if (!strcmp(m->name, o->name))
				dt_diag(pcb, o->line, D_XLATE_MEMB,
					"translator member %s is defined twice",
					o->name);

	xl = calloc(1, sizeof(*xl));
	if (!xl)
		dt_diag(pcb, d->line, D_NOMEM, "out of memory");
	xl->to = to;
	xl->from = d->from;
	xl->param = d->name;
	xl->members = d->members;
	xl->owner = pcb;
	xl->line = d->line;
	xl->next = ds->xlators;
	ds->xlators = xl;

	/*
	 * A program's translator is checked now, against a stand-in of the
	 * input type; the D library's only where it is used, so that a
	 * kernel without some member breaks just the translations that
	 * need it.
	 */
	if (!check)
		return;
	arg = dt_node_int(pcb, 0, d->from, d->line);
	if (!arg)
		dt_diag(pcb, d->line, D_NOMEM, "out of memory");
	for (m = d->members; m; m = m->next)
		dt_xlate_expand(pcb, xl, m, arg, &sm);
}

/**
 * dt_decls_process() - carry out the declarations of a compilation
 * @pcb: the compilation; pcb->decls in program order
 *
 * A D library file's compilation (DT_C_LIBRARY, dt_lib.c) defers
 * checking translator members to their use.
 */
void dt_decls_process(struct dt_pcb *pcb)
{
	struct dt_decl_node *d;
	bool is_lib = pcb->cflags & DT_C_LIBRARY;

	for (d = pcb->decls; d; d = d->next) {
		switch (d->kind) {
		case DT_DECL_VAR:
			dt_decl_var(pcb, d);
			break;
		case DT_DECL_INLINE:
			dt_decl_inline(pcb, d);
			break;
		case DT_DECL_XLATOR:
			dt_decl_xlator(pcb, d, !is_lib);
			break;
		}
	}
}
