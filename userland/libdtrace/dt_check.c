// SPDX-License-Identifier: GPL-2.0
/*
 * The semantic pass over expressions: resolve identifiers (built-ins,
 * user variables of dt_var.h, inlines, enumerators), give every node its D type
 * by C's rules, and check operators, assignments, member access,
 * subroutine prototypes, casts, sizeof and stringof.  Statements and
 * actions are checked in dt_check_act.c.  Each error is a dt_diag() with
 * its D_* tag; nothing is changed but node types, node->ident (the
 * struct dt_var of a variable reference) and the variables' types.
 */
#include <stdio.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_decl.h"
#include "dt_ident.h"
#include "dt_type.h"
#include "dt_var.h"
#include "dt_sym.h"
#include "dt_xlate.h"

static void dt_check_index(struct dt_pcb *pcb, struct dt_node *n);

/*
 * @a and @a[keys] have no value: an aggregation is only assigned in a
 * statement of its own or named by the actions on aggregations.
 */
static void dt_check_aggexpr(struct dt_pcb *pcb, const struct dt_node *n)
{
	if (dt_check_is_aggref(n))
		dt_diag(pcb, n->line, D_AGG_EXPR,
			"aggregation @%s may not be used in an expression",
			n->kind == DT_NODE_AGG ? n->str : n->left->str);
}

static const char *dt_tname(const struct dt_type *t, char *buf, size_t len)
{
	dt_type_name(t, buf, len);
	return buf;
}

static void dt_check_incompat(struct dt_pcb *pcb, const struct dt_node *n,
			      const struct dt_type *lt, const char *op,
			      const struct dt_type *rt)
{
	char a[128], b[128];

	dt_diag(pcb, n->line, D_OP_INCOMPAT,
		"operands have incompatible types: \"%s\" %s \"%s\"",
		dt_tname(lt, a, sizeof(a)), op, dt_tname(rt, b, sizeof(b)));
}

static bool dt_is_zero_const(const struct dt_node *n)
{
	return n->kind == DT_NODE_INT && n->value == 0;
}

/*
 * A divisor that is an integer constant expression of value 0, however
 * it is spelled (0, 7 - 7, (1 - 1) * 9): DTrace refuses it when it
 * compiles the program.
 */
static bool dt_is_zero_divisor(struct dt_pcb *pcb, const struct dt_node *n)
{
	int64_t v;

	return dt_decl_fold(pcb, n, &v) == 0 && v == 0;
}

/* NULL: the constant 0, or a void pointer (the D library's NULL). */
static bool dt_is_null(const struct dt_node *n, const struct dt_type *t)
{
	const struct dt_type *b = dt_type_base(t);

	return dt_is_zero_const(n) ||
	       (dt_type_is_pointer(b) && dt_type_is_void(b->ref));
}

/* NULL: 0, or 0 cast to a pointer (the D library's NULL). */
static bool dt_is_null_ptr(const struct dt_node *n)
{
	while (n->kind == DT_NODE_CAST)
		n = n->left;
	return dt_is_zero_const(n);
}

/*
 * Char arrays are strings where D reads them as values, and so are a
 * struct's string members (of a size of their own).
 */
static const struct dt_type *dt_check_rvtype(const struct dt_type *t)
{
	const struct dt_type *b = dt_type_base(t);

	if ((b->kind == DT_TK_ARRAY && dt_type_is_char(b->ref)) ||
	    (b->kind == DT_TK_STRING && b->size))
		return &dt_type_string;
	return t;
}

/*
 * Is @name an enumerator, with value *@vp and type *@tp (either may be
 * NULL)?  A global variable the program has (declared, or assigned
 * where no enumerator had the name) hides the enumerators of the same
 * name, as a declaration hides those of an outer scope in C; and it is
 * looked for first because the kernel's enumerators cost a read of
 * every BTF file the first time.
 */
static bool dt_enumconst(dtrace_hdl_t *dtp, const char *name, int64_t *vp,
			 const struct dt_type **tp)
{
	int64_t v;

	if (dt_var_lookup(dtp, DT_SCOPE_GLOBAL, name))
		return false;
	return dt_type_enumconst(dtp, name, vp ? vp : &v, tp);
}

/* Is @n "self" or "this" (the left side of self->x, this->x)? */
static bool dt_is_scope_ident(const struct dt_node *n, enum dt_var_scope *sp)
{
	if (n->kind != DT_NODE_IDENT)
		return false;
	if (!strcmp(n->str, "self"))
		*sp = DT_SCOPE_THREAD;
	else if (!strcmp(n->str, "this"))
		*sp = DT_SCOPE_CLAUSE;
	else
		return false;
	return true;
}

/*
 * The user variable @n names: an IDENT that is no built-in, self->x or
 * this->x, or any of these indexed as an associative array.  With
 * @create, a variable seen for the first time is made (untyped).
 * Return: the variable, or NULL if @n names none.
 */
static struct dt_var *dt_check_var(struct dt_pcb *pcb, struct dt_node *n,
				   bool create)
{
	dtrace_hdl_t *dtp = pcb->dtp;
	enum dt_var_scope scope = DT_SCOPE_GLOBAL;
	bool is_assoc = false;
	struct dt_node *v = n;
	struct dt_var *var;

	if (n->kind == DT_NODE_INDEX) {
		v = n->left;
		is_assoc = true;
	}
	if (v->kind == DT_NODE_MEMBER && v->op == DT_OP_PTR &&
	    dt_is_scope_ident(v->left, &scope)) {
		/* self->x */
	} else if (v->kind == DT_NODE_IDENT) {
		const struct dt_ident *id = dt_ident_lookup(pcb->dtp, v->str);

		if (id || !strcmp(v->str, "self") || !strcmp(v->str, "this") ||
		    dt_inline_exists(dtp, v->str))
			return NULL;
		if (!is_assoc && dt_enumconst(dtp, v->str, NULL, NULL))
			return NULL;
	} else {
		return NULL;
	}

	if (is_assoc) {	/* p[i] of a pointer, array or string variable */
		var = dt_var_lookup(dtp, scope, v->str);
		if (var && !var->is_assoc && var->type &&
		    (dt_type_is_pointer(var->type) ||
		     dt_type_is_array(var->type) ||
		     dt_type_is_string(var->type)))
			return NULL;
	}
	if (is_assoc && scope == DT_SCOPE_CLAUSE)
		dt_diag(pcb, n->line, D_DECL_LOCASSC,
			"associative arrays may not be declared as local variables: this->%s",
			v->str);
	var = dt_var_lookup(dtp, scope, v->str);
	if (var && var->is_assoc != is_assoc)
		dt_diag(pcb, n->line, is_assoc ? D_ASSOC_SCALAR : D_IDENT_BADREF,
			is_assoc ? "%s%s is a scalar and may not be indexed" :
				   "associative array '%s%s' may not be referenced as scalar",
			dt_var_prefix(scope), v->str);
	if (!var && create) {
		var = dt_var_create(dtp, scope, v->str, is_assoc);
		if (!var)
			dt_diag(pcb, n->line, D_NOMEM,
				"out of memory or variable ids");
	}
	return var;
}

/* Check the keys of @n (an INDEX of @var) against the array's. */
static void dt_check_keys(struct dt_pcb *pcb, struct dt_node *n,
			  struct dt_var *var)
{
	unsigned int nk = dt_node_count(n->args), i;
	struct dt_node *k;
	char a[128], b[128];

	for (k = n->args; k; k = k->next) {
		dt_check_expr(pcb, k);
		if (dt_type_is_void(k->type))
			dt_diag(pcb, n->line, D_OP_VOID,
				"%s%s[ ] key may not be void",
				dt_var_prefix(var->scope), var->name);
	}
	if (!var->keys_known) {
		/* each key takes a tuple register; DTrace names no line */
		if (nk > DT_VAR_MAXKEYS || nk > pcb->dtp->opt.tregs)
			dt_diag(pcb, 0, D_ARR_BOUNDS,
				"Insufficient tuple registers to generate code");
		for (i = 0, k = n->args; k; k = k->next, i++)
			var->keys[i] = k->type;
		var->nkeys = nk;
		var->keys_known = true;
		return;
	}
	if (nk != var->nkeys)
		dt_diag(pcb, n->line, D_PROTO_LEN,
			"%s%s[ ] prototype mismatch: %u key%s passed, %u expected",
			dt_var_prefix(var->scope), var->name, nk,
			nk == 1 ? "" : "s", var->nkeys);
	for (i = 0, k = n->args; k; k = k->next, i++)
		if (!dt_type_assignable(var->keys[i], k->type,
					dt_is_zero_const(k)) ||
		    dt_type_is_string(var->keys[i]) !=
		    dt_type_is_string(k->type))
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"%s%s[ ] key #%u is incompatible with prototype:\n\tprototype: %s\n\t      key: %s",
				dt_var_prefix(var->scope), var->name, i + 1,
				dt_tname(var->keys[i], a, sizeof(a)),
				dt_tname(k->type, b, sizeof(b)));
}

/*
 * A variable reference read as a value.  Globals must have been
 * assigned (or declared) before; self-> and this-> variables read first
 * are int64_t, as they read 0 until assigned.
 */
static bool dt_check_var_rvalue(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_node *v = n->kind == DT_NODE_INDEX ? n->left : n;
	struct dt_var *var;

	/* self->x and this->x are made on first sight; globals are not. */
	var = dt_check_var(pcb, n, v->kind == DT_NODE_MEMBER);
	if (!var) {
		/* p[i] of a pointer or array global: memory, not a variable */
		if (v->kind == DT_NODE_IDENT && !dt_ident_lookup(pcb->dtp, v->str) &&
		    strcmp(v->str, "self") && strcmp(v->str, "this") &&
		    !(n != v && dt_var_lookup(pcb->dtp, DT_SCOPE_GLOBAL,
					      v->str)))
			dt_diag(pcb, n->line, D_IDENT_UNDEF,
				"failed to resolve %s: Unknown variable name",
				v->str);
		return false;
	}
	if (!var->type && var->scope == DT_SCOPE_GLOBAL)
		dt_diag(pcb, n->line, D_IDENT_UNDEF,
			"failed to resolve %s: Unknown variable name",
			var->name);
	if (!var->type)
		var->type = &dt_type_int64;
	if (n->kind == DT_NODE_INDEX)
		dt_check_keys(pcb, n, var);
	n->ident = var;
	n->type = var->type;
	n->is_lvalue = true;
	n->alloca = var->alloca > 0 ? DT_ALLOCA_PTR : DT_ALLOCA_NONE;
	return true;
}

/* The D type a provider names in text: "struct file *", "size_t". */
static const struct dt_type *dt_type_from_text(dtrace_hdl_t *dtp,
					       const char *text)
{
	char buf[DTRACE_ARGTYPELEN], *p = buf;
	const struct dt_type *t;
	unsigned int nptr = 0;
	size_t n;

	snprintf(buf, sizeof(buf), "%s", text);
	n = strlen(buf);
	while (n && (buf[n - 1] == '*' || buf[n - 1] == ' ')) {
		if (buf[n - 1] == '*')
			nptr++;
		buf[--n] = '\0';
	}
	while (!strncmp(p, "const ", 6) || !strncmp(p, "volatile ", 9))
		p += p[0] == 'c' ? 6 : 9;
	t = *p ? dt_type_lookup(dtp, p) : NULL;
	while (t && nptr--)
		t = dt_type_pointer(dtp, t);
	return t;
}

/*
 * What the provider of the clause's probe says of args[@argno] (@pa):
 * its type, or that there is no such argument (DTRACE_ARGNONE); false
 * if the clause has no single probe or the provider says nothing.
 */
static bool dt_check_probearg(struct dt_pcb *pcb, uint64_t argno,
			      struct dtrace_ioc_probearg *pa)
{
	dtrace_hdl_t *dtp = pcb->dtp;

	if (!dtp->dstate || !dtp->dstate->argprobe || argno >= DTRACE_PROBE_NARGS ||
	    dtp->fd < 0)
		return false;
	memset(pa, 0, sizeof(*pa));
	pa->size = sizeof(*pa);
	pa->id = dtp->dstate->argprobe;
	pa->argno = (uint32_t)argno;
	if (dt_ioctl(dtp, DTRACEIOC_PROBEARG, pa))
		return false;
	if (pa->mapping == DTRACE_ARGNONE)
		return true;
	if (!pa->native[0])
		return false;
	pa->native[sizeof(pa->native) - 1] = '\0';
	pa->xlate[sizeof(pa->xlate) - 1] = '\0';
	return true;
}

/* args[@argno] of a probe that has fewer arguments: D_ARGS_IDX. */
static void dt_check_args_none(struct dt_pcb *pcb, const struct dt_node *n,
			       uint32_t argno)
{
	struct dtrace_probedesc d;

	if (dt_probe_lookup(pcb->dtp, pcb->dtp->dstate->argprobe, &d))
		dt_diag(pcb, n->line, D_ARGS_IDX,
			"index %u is out of range for args[ ]", argno);
	dt_diag(pcb, n->line, D_ARGS_IDX,
		"index %u is out of range for %s:%s:%s:%s args[ ]", argno,
		d.provider, d.mod, d.func, d.name);
}

/*
 * args[@argno] of a probe whose provider translates it (pa->xlate, as
 * tcp's "ipinfo_t *") or maps it to another native argument (USDT's
 * "probe p(int i, int j) : (int j, int i)"): @n becomes
 * xlate<xlate>((native)argM), M the native argument it is translated
 * from, and is checked as that; for an integer, or the native type
 * itself, which need no translator, (xlate)(native)argM.
 */
static void dt_check_xlate_arg(struct dt_pcb *pcb, struct dt_node *n,
			       const struct dtrace_ioc_probearg *pa)
{
	const struct dt_type *native, *to;
	struct dt_node *arg;
	char name[8];

	native = dt_type_from_text(pcb->dtp, pa->native);
	to = pa->xlate[0] ? dt_type_from_text(pcb->dtp, pa->xlate) : native;
	if (!native || !to || pa->mapping >= DTRACE_PROBE_NARGS)
		dt_diag(pcb, n->line, D_ARGS_TYPE,
			"args[%u] has a type this kernel or D library lacks: %s translated from %s",
			pa->argno, pa->xlate[0] ? pa->xlate : pa->native,
			pa->native);
	snprintf(name, sizeof(name), "arg%u", pa->mapping);
	arg = dt_node_ident(pcb, dt_pcb_strdup(pcb, name, strlen(name)),
			    n->line);
	n->ctype = to;
	n->left = dt_node_cast(pcb, DT_NODE_CAST, native, arg);
	n->args = NULL;
	if (!n->left || !n->left->left)
		dt_diag(pcb, n->line, D_NOMEM, "out of memory");
	if (!pa->xlate[0] || dt_type_is_int(to)) {
		n->kind = DT_NODE_CAST;
		dt_check_expr(pcb, n);
		return;
	}
	n->kind = DT_NODE_XLATE;
	dt_xlate_check(pcb, n);
}

static const struct dt_type *dt_curthread_type(dtrace_hdl_t *dtp)
{
	const struct dt_type *t = dt_type_lookup(dtp, "struct task_struct");

	return t ? dt_type_pointer(dtp, t) : NULL;
}

/*
 * `sym or module`sym.  A kernel function stands for its address, as a C
 * function designator does.  A kernel variable is the long at its
 * address: the kernel's BTF gives variables no type (kallsyms only
 * their address), so each is read as a machine word, which is right
 * for pointers and longs and, through a cast ((int)`var), for smaller
 * integers; &`var is a long *, to be cast to what it is (a string too,
 * as the variable may be a char array).  With @addrof,
 * @n becomes &`sym.  Under -x linkmode=dynamic a kernel symbol is left
 * to a later link, which DTrace refuses unless knodefs says kernel
 * definitions may be missing (D_ASRELO); this DTrace links none later,
 * so with knodefs it resolves the symbol now as in the other modes.
 */
static void dt_check_ksym(struct dt_pcb *pcb, struct dt_node *n,
			  bool addrof)
{
	uint64_t addr;
	bool text;

	if (dt_sym_kname(pcb->dtp, n->str, &addr, &text))
		dt_diag(pcb, n->line, D_IDENT_UNDEF,
			"failed to resolve %s: Unknown symbol name", n->str);
	if (pcb->dtp->opt.linkmode == DT_LINK_DYNAMIC &&
	    !pcb->dtp->opt.knodefs)
		dt_diag(pcb, n->line, D_ASRELO,
			"relocation remains against kernel symbol %s%s (offset 0x0)",
			n->str[0] == '`' ? "vmlinux" : "", n->str);
	n->kind = DT_NODE_INT;
	n->value = addr;
	n->type = &dt_type_voidptr;
	if (text)
		return;
	n->type = dt_type_pointer(pcb->dtp, &dt_type_long);
	if (!n->type)
		dt_diag(pcb, n->line, D_NOMEM, "out of memory");
	n->ksym_addr = addrof;
	if (addrof)
		return;
	n->left = dt_node_int(pcb, addr, n->type, n->line);
	if (!n->left)
		dt_diag(pcb, n->line, D_NOMEM, "out of memory");
	n->kind = DT_NODE_OP1;
	n->op = DT_OP_DEREF;
	n->type = &dt_type_long;
}

static void dt_check_ident(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_ident *id = dt_ident_lookup(pcb->dtp, n->str);
	const struct dt_type *t;
	int64_t v;

	if (strchr(n->str, '`')) {
		dt_check_ksym(pcb, n, false);
		return;
	}
	if (!id) {
		if (dt_inline_expand(pcb, n))
			return;
		if (dt_enumconst(pcb->dtp, n->str, &v, &t)) {
			n->kind = DT_NODE_INT;
			n->value = (uint64_t)v;
			n->type = t;
			return;
		}
		dt_check_var_rvalue(pcb, n);
		return;
	}
	switch (id->kind) {
	case DT_IDENT_STRCONST:
		n->kind = DT_NODE_STRING;
		n->str = dt_pcb_strdup(pcb, id->str, strlen(id->str));
		if (!n->str)
			dt_diag(pcb, n->line, D_NOMEM, "out of memory");
		n->type = &dt_type_string;
		return;
	case DT_IDENT_VAR:
		n->type = id->type;
		n->value = (uint64_t)id->var;
		if (id->var == DTRACE_DIF_VAR_CURTHREAD) {
			t = dt_curthread_type(pcb->dtp);
			if (t)
				n->type = t;
		}
		return;
	case DT_IDENT_ARRAY:
		dt_diag(pcb, n->line, D_IDENT_BADREF,
			"%s[ ] must be indexed", n->str);
	case DT_IDENT_SUBR:
	case DT_IDENT_ACTION:
	case DT_IDENT_AGGFUNC:
	case DT_IDENT_SYMFN:
		dt_diag(pcb, n->line, D_OP_VOID,
			"%s( ) is a function and must be called", n->str);
	case DT_IDENT_LATER:
		break;
	}
	dt_diag(pcb, n->line, D_UNSUPPORTED, "%s is not supported yet",
		n->str);
}

/*
 * Does @a fit the subroutine argument kind @k (DTRACE_DIF_SUBR_LIST)?
 * As in DTrace, a char * takes a string, a char or void pointer, a
 * char array and NULL (the constant 0); a struct mutex * a pointer or
 * NULL; an address takes any scalar, a string or an array.
 */
static bool dt_check_argkind(char k, const struct dt_node *a)
{
	const struct dt_type *t = dt_type_base(a->type);

	switch (k) {
	case 's':
		return dt_type_assignable(&dt_type_string, t, false) ||
		       (dt_type_is_pointer(t) && dt_type_is_void(t->ref)) ||
		       dt_is_zero_const(a);
	case 'i':
	case 'z':
	case 'P':
		return dt_type_is_int(t);
	case 'm':
		return dt_type_is_pointer(t) || dt_is_zero_const(a);
	default:	/* 'a' */
		return dt_type_is_scalar(t) || dt_type_is_string(t) ||
		       dt_type_is_array(t);
	}
}

/* The type DTrace's prototype gives an argument kind, for messages. */
static const char *dt_argkind_name(char k)
{
	switch (k) {
	case 's':
		return "char *";
	case 'i':
		return "int";
	case 'z':
		return "size_t";
	case 'P':
		return "pid_t";
	case 'm':
		return "struct mutex *";
	default:
		return "void *";
	}
}

/*
 * What DTrace's prototypes say beyond the argument kinds: a user
 * address (copyin(), copyinstr(), copyinto()) is an integer or pointer,
 * never a string; inet_ntoa6() takes an in6_addr_t *; bcopy() and
 * copyinto() write only to alloca() scratch.  NULL if @a fits argument
 * #@i of @subr, else what the prototype wants.
 */
static const char *dt_check_subr_arg(int subr, unsigned int i,
				     const struct dt_node *a)
{
	const struct dt_type *t = dt_type_base(a->type);
	char buf[128];

	switch (subr) {
	case DTRACE_DIF_SUBR_COPYIN:
	case DTRACE_DIF_SUBR_COPYINSTR:
	case DTRACE_DIF_SUBR_COPYINTO:
		if (i == 0 && !dt_type_is_scalar(t))
			return "uintptr_t";
		if (i == 2 && a->alloca != DT_ALLOCA_PTR)
			return "alloca pointer";
		return NULL;
	case DTRACE_DIF_SUBR_BCOPY:
		return i == 1 && a->alloca != DT_ALLOCA_PTR ?
		       "alloca pointer" : NULL;
	case DTRACE_DIF_SUBR_INET_NTOA6:
		if (i || dt_is_null_ptr(a))
			return NULL;
		if (t->kind == DT_TK_POINTER) {
			dt_type_name(dt_type_base(t->ref), buf, sizeof(buf));
			if (dt_type_is_void(t->ref) ||
			    !strcmp(buf, "struct in6_addr"))
				return NULL;
		}
		return "in6_addr_t *";
	default:
		return NULL;
	}
}

/*
 * A constant size that cannot fit the scratch space: alloca()'s, and
 * copyin()'s, whose result is copied there.
 */
static void dt_check_subr_size(struct dt_pcb *pcb, const struct dt_node *n,
			       const struct dt_ident *id)
{
	const struct dt_node *a = n->args;
	int64_t v;

	if (id->subr == DTRACE_DIF_SUBR_COPYIN && a)
		a = a->next;
	else if (id->subr != DTRACE_DIF_SUBR_ALLOCA)
		return;
	if (a && !dt_decl_fold(pcb, a, &v) &&
	    (uint64_t)v > pcb->dtp->opt.scratchsize)
		dt_diag(pcb, n->line, D_ALLOCA_SIZE,
			"%s( ) size %llu exceeds the scratch space (%llu bytes)",
			id->name, (unsigned long long)v,
			(unsigned long long)pcb->dtp->opt.scratchsize);
}

static void dt_check_call(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_ident *id;
	const char *want;
	struct dt_node *a;
	unsigned int i;
	char buf[128];

	if (n->left->kind != DT_NODE_IDENT)
		dt_diag(pcb, n->line, D_UNSUPPORTED,
			"calls through an expression are not supported");
	id = dt_ident_lookup(pcb->dtp, n->left->str);
	if (!id || id->kind == DT_IDENT_VAR || id->kind == DT_IDENT_ARRAY ||
	    id->kind == DT_IDENT_STRCONST)
		dt_diag(pcb, n->line, D_IDENT_UNDEF,
			"failed to resolve %s: Unknown function name",
			n->left->str);
	if (id->kind == DT_IDENT_ACTION)
		dt_diag(pcb, n->line, D_OP_VOID,
			"%s( ) is an action and may not be used in an expression",
			id->name);
	if (id->kind == DT_IDENT_LATER)
		dt_diag(pcb, n->line, D_UNSUPPORTED,
			"%s( ) is not supported yet", id->name);
	if (id->kind == DT_IDENT_AGGFUNC)
		dt_diag(pcb, n->line, D_AGG_EXPR,
			"%s( ) is an aggregating function: it may only be assigned to an aggregation",
			id->name);
	if (id->kind == DT_IDENT_SYMFN)
		dt_diag(pcb, n->line, D_SYM_EXPR,
			"%s( ) may only be used as a trace( ) or printf( ) argument or as an aggregation key",
			id->name);

	dt_check_nargs(pcb, n, id->name, id->minargs,
		       (unsigned int)strlen(id->args));
	for (i = 0, a = n->args; a; a = a->next, i++) {
		/* an action's value is void, as DTrace types it here */
		if (dt_check_action(a))
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"%s( ) argument #%u is incompatible with prototype:\n\tprototype: %s\n\t argument: void",
				id->name, i + 1, dt_argkind_name(id->args[i]));
		dt_check_expr(pcb, a);
		if (!dt_check_argkind(id->args[i], a))
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"%s( ) argument #%u is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				id->name, i + 1, dt_argkind_name(id->args[i]),
				dt_tname(a->type, buf, sizeof(buf)));
		want = dt_check_subr_arg(id->subr, i, a);
		if (want)
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"%s( ) argument #%u is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
				id->name, i + 1, want,
				dt_type_is_pointer(a->type) &&
				!strcmp(want, "alloca pointer") ?
				"non-alloca pointer" :
				dt_tname(a->type, buf, sizeof(buf)));
	}
	dt_check_subr_size(pcb, n, id);
	n->ident = NULL;
	n->value = (uint64_t)id->subr;
	n->type = id->type ? id->type : &dt_type_void;
}

/*
 * Is member access @n into the kernel's own object: one reached from a
 * built-in variable (curthread->pid) or a kernel symbol?  A pointer
 * held in a D variable may hold scratch (alloca()) typed as a kernel
 * struct, which D may fill in: the run time checks those stores.
 */
static bool dt_is_kernel_object(struct dt_pcb *pcb, const struct dt_node *n)
{
	while (n->kind == DT_NODE_MEMBER || n->kind == DT_NODE_INDEX ||
	       (n->kind == DT_NODE_OP1 && n->op == DT_OP_DEREF))
		n = n->left;
	return n->kind == DT_NODE_IDENT && !n->ident &&
	       (strchr(n->str, '`') || dt_ident_lookup(pcb->dtp, n->str));
}

/*
 * A store to memory: a scalar member, *p or p[i] that D may write, which
 * at run time must lie in scratch space (alloca()); kernel and user
 * memory are never written by an assignment.  A struct or union, and a
 * string member of one, is stored by "=" only.
 */
static void dt_check_memlvalue(struct dt_pcb *pcb, struct dt_node *n,
			       const char *op, const struct dt_node *rhs)
{
	const struct dt_type *t, *rt;
	bool sou, str;

	dt_check_expr(pcb, n);
	t = n->kind == DT_NODE_MEMBER && n->ctype ? n->ctype : n->type;
	/* args[] and uregs[] are the probe's, not memory */
	if (n->kind == DT_NODE_INDEX && n->left->kind == DT_NODE_IDENT &&
	    dt_ident_lookup(pcb->dtp, n->left->str))
		dt_diag(pcb, n->line, D_OP_LVAL,
			"operator %s requires modifiable lvalue as an operand",
			op);
	/* a struct or union is stored whole, by "=" only (dt_cg_var.c) */
	sou = dt_type_is_sou(t) && rhs && !strcmp(op, "=");
	/* a string member of a D struct: the string copied, cut to fit */
	str = dt_type_is_string(t) && dt_type_base(t)->size && rhs &&
	      !strcmp(op, "=");
	if (!(n->kind == DT_NODE_MEMBER || n->kind == DT_NODE_INDEX ||
	      (n->kind == DT_NODE_OP1 && n->op == DT_OP_DEREF)) ||
	    !(dt_type_is_scalar(t) || sou || str) || n->ident)
		dt_diag(pcb, n->line, D_OP_LVAL,
			"operator %s requires modifiable lvalue as an operand",
			op);
	if (n->kind == DT_NODE_MEMBER && dt_is_kernel_object(pcb, n))
		dt_diag(pcb, n->line, D_OP_LVAL,
			"operator %s requires modifiable lvalue as an operand",
			op);
	switch (sou || str ? 8 : dt_type_base(t)->size) {
	case 1: case 2: case 4: case 8:
		break;
	default:
		dt_diag(pcb, n->line, D_OP_LVAL,
			"operator %s requires modifiable lvalue as an operand",
			op);
	}
	n->is_lvalue = true;
	n->type = t;
	if (!rhs)
		return;
	rt = dt_check_rvtype(rhs->type);
	if (!dt_type_assignable(t, rt, dt_is_zero_const(rhs)))
		dt_check_incompat(pcb, n, t, op, rt);
}

/*
 * A variable holds pointers of one kind: into alloca() scratch, or not
 * (NULL goes with both); the first pointer assigned decides, as in
 * DTrace, and a ?: of both kinds may not be assigned at all.
 */
static void dt_check_alloca_var(struct dt_pcb *pcb, const struct dt_node *n,
				struct dt_var *var, const struct dt_node *rhs)
{
	signed char kind = rhs->alloca == DT_ALLOCA_PTR ? 1 : -1;

	if (rhs->alloca == DT_ALLOCA_MIXED)
		dt_diag(pcb, n->line, D_ALLOCA_INCOMPAT,
			"ternary conditional with alloca and non-alloca branches cannot be assigned to a variable");
	if (dt_is_null_ptr(rhs) ||
	    (kind < 0 && !dt_type_is_pointer(rhs->type)))
		return;
	/* DTrace names the clause: the clash is the variable's, not a line's */
	if (var->alloca && var->alloca != kind)
		dt_diag(pcb, pcb->clause_line ? pcb->clause_line : n->line,
			D_ALLOCA_INCOMPAT,
			"%s: cannot reuse the same identifier for both alloca and non-alloca allocations",
			var->name);
	var->alloca = kind;
}

/* Where @n is read as an lvalue: what may be assigned, and to what. */
static void dt_check_lvalue(struct dt_pcb *pcb, struct dt_node *n,
			    const char *op, const struct dt_node *rhs)
{
	struct dt_var *var = dt_check_var(pcb, n, true);
	const struct dt_ident *id;
	const struct dt_type *rt;

	/* pid, timestamp, zonename ...: D's own, read-only */
	if (!var && n->kind == DT_NODE_IDENT &&
	    (id = dt_ident_lookup(pcb->dtp, n->str)) &&
	    (id->kind == DT_IDENT_VAR || id->kind == DT_IDENT_STRCONST))
		dt_diag(pcb, n->line, D_OP_WRITE,
			"operator %s can only be applied to a writable variable",
			op);
	if (!var) {
		dt_check_memlvalue(pcb, n, op, rhs);
		return;
	}
	if (n->kind == DT_NODE_INDEX)
		dt_check_keys(pcb, n, var);
	n->ident = var;
	n->is_lvalue = true;
	if (!rhs) {	/* ++, --, op=: a new variable is an int64_t */
		if (!var->type)
			var->type = &dt_type_int64;
		n->type = var->type;
		return;
	}
	rt = dt_check_rvtype(rhs->type);
	dt_check_alloca_var(pcb, n, var, rhs);
	if (dt_type_is_void(rt))
		dt_diag(pcb, n->line, D_OP_VOID,
			"operator %s requires a non-void right operand", op);
	if (dt_type_is_func(rt))
		dt_diag(pcb, n->line, D_OP_INCOMPAT,
			"operator %s may not assign a function", op);
	if (!var->type)
		var->type = rt->kind == DT_TK_INT && rhs->kind == DT_NODE_INT &&
			    dt_type_base(rt)->size < 4 ? &dt_type_int : rt;
	else if (dt_type_is_string(var->type) && dt_is_null(rhs, rt))
		;	/* a string variable may hold NULL, as in DTrace */
	else if (dt_type_is_sou(var->type) && dt_is_zero_const(rhs) &&
		 (var->is_assoc || var->scope == DT_SCOPE_THREAD))
		;	/* 0 frees a dynamic struct or union, as it frees an int */
	else if (!dt_type_assignable(var->type, rt, dt_is_zero_const(rhs)) ||
		 (dt_type_is_string(var->type) && !dt_type_is_string(rt) &&
		  !dt_type_is_array(rt) && !dt_type_is_pointer(rt)))
		dt_check_incompat(pcb, n, var->type, op, rt);
	n->type = var->type;
}

static void dt_check_incdec(struct dt_pcb *pcb, struct dt_node *n)
{
	const char *op = dt_op_name(n->op);

	dt_check_lvalue(pcb, n->left, op, NULL);
	if (!dt_type_is_int(n->left->type) &&
	    !dt_type_is_pointer(n->left->type))
		dt_diag(pcb, n->line, D_OP_SCALAR,
			"operator %s requires operand of scalar type", op);
	n->type = n->left->type;
}

static const struct dt_type *dt_check_pointee(struct dt_pcb *pcb,
					      const struct dt_node *n,
					      const struct dt_type *pt,
					      const char *op)
{
	const struct dt_type *b = dt_type_base(pt), *t;

	if (b->kind != DT_TK_POINTER && b->kind != DT_TK_ARRAY)
		dt_diag(pcb, n->line, D_DEREF_NONPTR,
			"operator %s requires an operand of pointer type", op);
	t = b->ref;
	if (dt_type_is_void(t))
		dt_diag(pcb, n->line, D_DEREF_VOID,
			"cannot dereference pointer to void");
	if (dt_type_is_func(t))
		dt_diag(pcb, n->line, D_DEREF_FUNC,
			"operator %s cannot be applied to a function pointer",
			op);
	if (!dt_type_base(t)->size)
		dt_diag(pcb, n->line, D_DECL_INCOMPLETE,
			"operator %s cannot be applied to a pointer to an incomplete type",
			op);
	return t;
}

static bool dt_is_bitfield(const struct dt_node *n)
{
	const struct dt_member *m;
	const struct dt_type *st;
	uint64_t bo;

	if (n->kind != DT_NODE_MEMBER || n->ident)
		return false;
	st = dt_type_base(n->left->type);
	if (n->op == DT_OP_PTR)
		st = dt_type_base(st->ref);
	m = dt_type_member(st, n->str, &bo);
	return m && m->bit_size;
}

/*
 * The operand of an operator, where an action call is a void value:
 * its arguments are checked, then the operator refuses it by its type
 * (-trace(1): D_OP_ARITH) as DTrace does.
 */
static void dt_check_operand(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_ident *act = dt_check_action(n);

	if (!act) {
		dt_check_expr(pcb, n);
		return;
	}
	dt_check_act(pcb, n, act);
	n->type = &dt_type_void;
}

static void dt_check_op1(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *t;

	switch (n->op) {
	case DT_OP_PREINC:
	case DT_OP_PREDEC:
	case DT_OP_POSTINC:
	case DT_OP_POSTDEC:
		dt_check_incdec(pcb, n);
		return;
	case DT_OP_DEREF:
		dt_check_expr(pcb, n->left);
		n->type = dt_check_rvtype(dt_check_pointee(pcb, n,
							   n->left->type, "*"));
		return;
	case DT_OP_ADDROF:
		if (n->left->kind == DT_NODE_IDENT && strchr(n->left->str, '`')) {
			dt_check_ksym(pcb, n->left, true);
			*n = *n->left;	/* &`f is `f; &`v a long * */
			return;
		}
		dt_check_expr(pcb, n->left);
		if (n->left->ident)
			dt_diag(pcb, n->line, D_ADDROF_VAR,
				"cannot take address of dynamic variable");
		if (n->left->kind == DT_NODE_INDEX &&
		    n->left->left->kind == DT_NODE_IDENT &&
		    dt_ident_lookup(pcb->dtp, n->left->left->str))
			dt_diag(pcb, n->line, D_ADDROF_VAR,
				"cannot take address of %s[ ]",
				n->left->left->str);
		if (dt_is_bitfield(n->left))
			dt_diag(pcb, n->line, D_ADDROF_BITFIELD,
				"cannot take address of bit-field");
		if (!(n->left->kind == DT_NODE_MEMBER ||
		      (n->left->kind == DT_NODE_OP1 &&
		       n->left->op == DT_OP_DEREF) ||
		      n->left->kind == DT_NODE_INDEX))
			dt_diag(pcb, n->line, D_OP_LVAL,
				"operator & requires an lvalue as an operand");
		t = n->left->type;
		if (dt_type_is_string(t))	/* a char array */
			t = &dt_type_char;
		n->type = dt_type_pointer(pcb->dtp, t);
		if (!n->type)
			dt_diag(pcb, n->line, D_NOMEM, "out of memory");
		return;
	default:
		break;
	}
	dt_check_operand(pcb, n->left);
	t = n->left->type;

	if (n->op == DT_OP_LNEG) {
		if (!dt_type_is_scalar(t))
			dt_diag(pcb, n->line, D_OP_SCALAR,
				"operator ! requires an operand of scalar type");
		n->type = &dt_type_int;
		return;
	}
	if (!dt_type_is_int(t))
		dt_diag(pcb, n->line, n->op == DT_OP_BNEG ? D_OP_INT : D_OP_ARITH,
			"operator %s requires an operand of %s type",
			dt_op_name(n->op),
			n->op == DT_OP_BNEG ? "integral" : "arithmetic");
	n->type = dt_type_promote(t);
}

/* A pointer += or -= cannot step by: to void, or to a function. */
static bool dt_is_vfptr(const struct dt_type *t)
{
	t = dt_type_base(t);
	return t->kind == DT_TK_POINTER &&
	       (dt_type_is_void(t->ref) || dt_type_is_func(t->ref));
}

/*
 * x op= y: both integers, or a pointer += / -= an integer.  x is read,
 * so a variable must have been assigned first (++ and -- make one).
 */
static void dt_check_opasgn(struct dt_pcb *pcb, struct dt_node *n)
{
	const char *op = dt_op_name(n->op);
	const struct dt_type *lt, *rt;
	const struct dt_var *var;

	if (n->left->kind == DT_NODE_IDENT &&
	    !dt_ident_lookup(pcb->dtp, n->left->str) &&
	    !dt_inline_exists(pcb->dtp, n->left->str) &&
	    !dt_enumconst(pcb->dtp, n->left->str, NULL, NULL) &&
	    (!(var = dt_var_lookup(pcb->dtp, DT_SCOPE_GLOBAL,
				   n->left->str)) || !var->type))
		dt_diag(pcb, n->line, D_VAR_UNDEF,
			"%s has not yet been declared or assigned",
			n->left->str);
	dt_check_expr(pcb, n->right);
	dt_check_lvalue(pcb, n->left, op, NULL);
	lt = n->left->type;
	rt = n->right->type;
	if ((n->op == DT_OP_ADD_EQ || n->op == DT_OP_SUB_EQ) &&
	    (dt_is_vfptr(lt) || dt_is_vfptr(rt)))
		dt_diag(pcb, n->line, D_OP_VFPTR,
			"operator %s requires left-hand scalar operand of known size",
			op);
	if (dt_type_is_pointer(lt) && dt_type_is_int(rt) &&
	    (n->op == DT_OP_ADD_EQ || n->op == DT_OP_SUB_EQ)) {
		n->type = lt;
		return;
	}
	if (!dt_type_is_int(lt) || !dt_type_is_int(rt))
		dt_check_incompat(pcb, n, lt, op, rt);
	if ((n->op == DT_OP_DIV_EQ || n->op == DT_OP_MOD_EQ) &&
	    dt_is_zero_divisor(pcb, n->right))
		dt_diag(pcb, n->line, D_DIV_ZERO,
			"expression contains division by zero");
	n->type = lt;
}

static bool dt_is_ptrish(const struct dt_type *t)
{
	return dt_type_is_pointer(t) || dt_type_is_array(t);
}

static void dt_check_compare(struct dt_pcb *pcb, struct dt_node *n,
			     const char *op)
{
	const struct dt_type *lt = n->left->type, *rt = n->right->type;

	n->type = &dt_type_int;
	if (dt_type_is_int(lt) && dt_type_is_int(rt))
		return;
	if (dt_type_is_string(lt) && dt_type_is_string(rt))
		return;
	if ((dt_is_ptrish(lt) || dt_type_is_int(lt)) &&
	    (dt_is_ptrish(rt) || dt_type_is_int(rt)))
		return;
	/* strchr(s, c) == NULL: SCMP, where NULL is "" (dt_cg_compare()) */
	if ((dt_type_is_string(lt) &&
	     (dt_is_zero_const(n->right) || dt_type_is_pointer(rt))) ||
	    (dt_type_is_string(rt) &&
	     (dt_is_zero_const(n->left) || dt_type_is_pointer(lt))))
		return;
	dt_check_incompat(pcb, n, lt, op, rt);
}

/* + and - with pointers: scaled by the pointee, as C does. */
static bool dt_check_ptrarith(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *lt = n->left->type, *rt = n->right->type;

	if (n->op != DT_OP_ADD && n->op != DT_OP_SUB)
		return false;
	/* a void * has no size to step by */
	if ((dt_type_is_pointer(lt) &&
	     !dt_type_base(dt_type_base(lt)->ref)->size) ||
	    (dt_type_is_pointer(rt) &&
	     !dt_type_base(dt_type_base(rt)->ref)->size))
		dt_check_incompat(pcb, n, lt, dt_op_name(n->op), rt);
	if (dt_type_is_pointer(lt) && dt_type_is_int(rt)) {
		n->type = lt;
		return true;
	}
	if (n->op == DT_OP_ADD && dt_type_is_int(lt) &&
	    dt_type_is_pointer(rt)) {
		n->type = rt;
		return true;
	}
	if (n->op == DT_OP_SUB && dt_type_is_pointer(lt) &&
	    dt_type_is_pointer(rt)) {
		if (!dt_type_same(lt, rt))
			dt_check_incompat(pcb, n, lt, "-", rt);
		n->type = &dt_type_long;
		return true;
	}
	return false;
}

static void dt_check_op2(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *lt, *rt;
	const char *op = dt_op_name(n->op);

	if (n->op >= DT_OP_ASGN && n->op <= DT_OP_RSH_EQ)
		dt_check_aggexpr(pcb, n->left);
	if (n->op == DT_OP_ASGN) {
		dt_check_expr(pcb, n->right);
		dt_check_lvalue(pcb, n->left, op, n->right);
		n->type = n->left->type;
		return;
	}
	if (n->op >= DT_OP_ADD_EQ && n->op <= DT_OP_RSH_EQ) {
		dt_check_opasgn(pcb, n);
		return;
	}
	/* an aggregation has no value an operator could take */
	if (dt_check_is_aggref(n->left) || dt_check_is_aggref(n->right))
		dt_diag(pcb, n->line, D_OP_INCOMPAT,
			"operator %s may not be applied to an aggregation", op);

	dt_check_expr(pcb, n->left);
	dt_check_expr(pcb, n->right);
	lt = n->left->type;
	rt = n->right->type;

	switch (n->op) {
	case DT_OP_COMMA:
		n->type = rt;
		return;

	case DT_OP_LOR:
	case DT_OP_LXOR:
	case DT_OP_LAND:
		if (!dt_type_is_scalar(lt) || !dt_type_is_scalar(rt))
			dt_diag(pcb, n->line, D_OP_SCALAR,
				"operator %s requires operands of scalar type",
				op);
		n->type = &dt_type_int;
		return;

	case DT_OP_EQ:
	case DT_OP_NE:
	case DT_OP_LT:
	case DT_OP_LE:
	case DT_OP_GT:
	case DT_OP_GE:
		dt_check_compare(pcb, n, op);
		return;

	case DT_OP_ADD:
	case DT_OP_SUB:
	case DT_OP_MUL:
	case DT_OP_DIV:
		if (dt_check_ptrarith(pcb, n))
			return;
		/* s + n: the string n chars on, as DTrace has it */
		if (n->op == DT_OP_ADD &&
		    ((dt_type_is_string(lt) && dt_type_is_int(rt)) ||
		     (dt_type_is_int(lt) && dt_type_is_string(rt)))) {
			n->type = &dt_type_string;
			return;
		}
		/* DTrace: + and - of no numbers are mistyped, * and / not
		   arithmetic; % & | ^ << >> below not integral */
		if ((n->op == DT_OP_ADD || n->op == DT_OP_SUB) &&
		    (!dt_type_is_int(lt) || !dt_type_is_int(rt)))
			dt_check_incompat(pcb, n, lt, op, rt);
		if (!dt_type_is_int(lt) || !dt_type_is_int(rt))
			dt_diag(pcb, n->line, D_OP_ARITH,
				"operator %s requires operands of arithmetic type",
				op);
		break;

	default:	/* % & | ^ << >> */
		if (!dt_type_is_int(lt) || !dt_type_is_int(rt))
			dt_diag(pcb, n->line, D_OP_INT,
				"operator %s requires operands of integral type",
				op);
		break;
	}

	if ((n->op == DT_OP_DIV || n->op == DT_OP_MOD) &&
	    dt_is_zero_divisor(pcb, n->right))
		dt_diag(pcb, n->line, D_DIV_ZERO,
			"expression contains division by zero");

	if (n->op == DT_OP_LSH || n->op == DT_OP_RSH)
		n->type = dt_type_promote(lt);
	else
		n->type = dt_type_arith(lt, rt);
}

static void dt_check_op3(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *lt, *rt;

	dt_check_expr(pcb, n->cond);
	dt_check_operand(pcb, n->left);
	dt_check_operand(pcb, n->right);
	if (dt_check_action(n->left) || dt_check_action(n->right))
		dt_diag(pcb, n->line, D_OP_ACT,
			"action cannot be used in a conditional context");
	if (!dt_type_is_scalar(n->cond->type))
		dt_diag(pcb, n->line, D_OP_SCALAR,
			"operator ?: requires a condition of scalar type");
	lt = n->left->type;
	rt = n->right->type;
	if (dt_type_is_int(lt) && dt_type_is_int(rt))
		n->type = dt_type_common(lt, rt);
	else if (dt_type_is_string(lt) && dt_type_is_string(rt))
		n->type = &dt_type_string;
	else if (dt_type_is_pointer(lt) &&
		 (dt_type_same(lt, rt) || dt_is_zero_const(n->right)))
		n->type = lt;
	else if (dt_type_is_pointer(rt) && dt_is_zero_const(n->left))
		n->type = rt;
	else
		dt_check_incompat(pcb, n, lt, ":", rt);
}

/* s->m and p->m on kernel and D structs and unions. */
static void dt_check_member(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *st;
	const struct dt_member *m;
	enum dt_var_scope scope;
	uint64_t bo;
	char buf[128];

	if (n->op == DT_OP_PTR && dt_is_scope_ident(n->left, &scope)) {
		dt_check_var_rvalue(pcb, n);
		return;
	}
	dt_check_expr(pcb, n->left);
	if (n->left->kind == DT_NODE_XLATE) {
		dt_xlate_member(pcb, n);
		return;
	}
	st = dt_type_base(n->left->type);
	if (n->op == DT_OP_PTR) {
		if (st->kind != DT_TK_POINTER ||
		    !dt_type_is_sou(st->ref))
			dt_diag(pcb, n->line, D_OP_PTR,
				"operator -> must be applied to a pointer to a struct or union; the operand is \"%s\"",
				dt_tname(n->left->type, buf, sizeof(buf)));
		st = dt_type_base(st->ref);
	} else if (!dt_type_is_sou(st)) {
		dt_diag(pcb, n->line, D_OP_SOU,
			"operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
			dt_tname(n->left->type, buf, sizeof(buf)));
	}
	if (st->incomplete || !st->size)
		dt_diag(pcb, n->line, D_DECL_INCOMPLETE,
			"%s is an incomplete type", st->name);
	m = dt_type_member(st, n->str, &bo);
	if (!m)
		dt_diag(pcb, n->line, D_TYPE_MEMBER,
			"%s is not a member of %s", n->str, st->name);
	n->type = dt_check_rvtype(m->type);
	n->ctype = m->type;	/* a char array stays indexable */
	n->value = bo;
}

/* @n is an element of an associative array (an INDEX of its variable). */
static bool dt_is_assoc_elem(const struct dt_node *n)
{
	const struct dt_var *var = n->ident;

	return n->kind == DT_NODE_INDEX && var && var->is_assoc;
}

/* @n[keys]: an associative array, args[]/uregs[], or pointer/array. */
static void dt_check_index(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dtrace_ioc_probearg pa;
	const struct dt_ident *id = NULL;
	const struct dt_type *t, *bt;
	int64_t idx;

	if (n->left->kind == DT_NODE_IDENT)
		id = dt_ident_lookup(pcb->dtp, n->left->str);
	if (!id && dt_inline_expand_index(pcb, n))
		return;
	if (id && id->kind == DT_IDENT_ARRAY) {
		if (dt_node_count(n->args) != 1)
			dt_diag(pcb, n->line, D_ARR_BADREF,
				"%s[ ] takes one index", id->name);
		dt_check_expr(pcb, n->args);
		if (!dt_type_is_int(n->args->type))
			dt_diag(pcb, n->line, D_PROTO_ARG,
				"%s[ ] index must be of integral type",
				id->name);
		/* a constant index, folded, is checked as DTrace does */
		if (id->var == DTRACE_DIF_VAR_ARGS &&
		    !dt_decl_fold(pcb, n->args, &idx) &&
		    (idx < 0 || idx >= DTRACE_PROBE_NARGS))
			dt_diag(pcb, n->line, D_ARGS_IDX,
				"index %lld is out of range for args[ ]",
				(long long)idx);
		n->value = (uint64_t)id->var;
		n->type = id->type;
		if (id->var == DTRACE_DIF_VAR_ARGS &&
		    n->args->kind == DT_NODE_INT &&
		    dt_check_probearg(pcb, n->args->value, &pa)) {
			if (pa.mapping == DTRACE_ARGNONE)
				dt_check_args_none(pcb, n, pa.argno);
			if (pa.xlate[0] || pa.mapping != pa.argno) {
				dt_check_xlate_arg(pcb, n, &pa);
				return;
			}
			/* "string": argM is the address of a kernel string */
			t = dt_type_from_text(pcb->dtp, pa.native);
			if (t && (dt_type_is_scalar(t) || dt_type_is_string(t)))
				n->type = dt_check_rvtype(t);
		}
		return;
	}
	if (dt_check_var_rvalue(pcb, n))
		return;

	/* pointer or array indexing */
	dt_check_expr(pcb, n->left);
	t = n->left->type;
	if (dt_type_is_string(t) && n->left->kind == DT_NODE_MEMBER &&
	    n->left->ctype)
		t = n->left->ctype;
	if (dt_node_count(n->args) != 1)
		dt_diag(pcb, n->line, D_ARR_BADREF,
			"operator [ ] takes one index for a pointer or array");
	dt_check_expr(pcb, n->args);
	if (!dt_type_is_int(n->args->type))
		dt_diag(pcb, n->line, D_OP_INT,
			"operator [ ] requires an index of integral type");
	/*
	 * A constant index outside an array of known size is an error, as
	 * in DTrace (a cast to a pointer lifts it); not a flexible array's,
	 * nor one held in an associative array, whose access faults at run
	 * time as in DTrace.
	 */
	bt = dt_type_base(t);
	if (dt_type_is_array(bt) && bt->nelems &&
	    !dt_is_assoc_elem(n->left) &&
	    !dt_decl_fold(pcb, n->args, &idx) &&
	    (idx < 0 || (uint64_t)idx >= bt->nelems))
		dt_diag(pcb, n->line, D_ARR_BOUNDS,
			"index %lld is out of range for an array of %llu elements",
			(long long)idx, (unsigned long long)bt->nelems);
	/* s[i] of a string is its char at i, as in DTrace */
	if (dt_type_is_string(t))
		n->type = &dt_type_char;
	else
		n->type = dt_check_rvtype(dt_check_pointee(pcb, n, t, "[ ]"));
}

static void dt_check_cast(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *to = n->ctype, *from;
	const struct dt_ident *id = NULL;
	char a[128], b[128];

	/* an action's void result is no value to cast, as DTrace says first */
	if (n->left->kind == DT_NODE_CALL && n->left->left->kind == DT_NODE_IDENT)
		id = dt_ident_lookup(pcb->dtp, n->left->left->str);
	if (id && id->kind == DT_IDENT_ACTION && !dt_type_is_void(to))
		dt_diag(pcb, n->line, D_CAST_INVAL,
			"invalid cast expression: \"void\" to \"%s\"",
			dt_tname(to, b, sizeof(b)));
	dt_check_expr(pcb, n->left);
	from = n->left->type;
	/* xlate<T *>(x) is only the base of ->, never a value */
	if (n->left->kind == DT_NODE_XLATE && dt_type_is_pointer(from))
		dt_diag(pcb, n->line, D_CAST_INVAL,
			"invalid cast expression: \"pointer to translated data\" to \"%s\"",
			dt_tname(to, b, sizeof(b)));
	if (dt_type_is_void(to)) {
		n->type = to;
		return;
	}
	if (dt_type_is_scalar(to) &&
	    (dt_type_is_scalar(from) || dt_type_is_array(from)))
		n->type = to;
	else if (dt_type_is_string(to) && dt_type_is_string(from))
		n->type = to;
	else if (dt_type_is_string(to) && dt_type_is_pointer(from) &&
		 dt_type_is_void(dt_type_base(from)->ref))
		n->type = to;	/* (string)p: the string at p, as stringof */
	else if (dt_type_is_string(to) && n->left->ksym_addr)
		n->type = to;	/* (string)&`var: a variable of no known type */
	else if (dt_type_is_pointer(to) && dt_type_is_string(from))
		n->type = to;	/* (char *)s: the string's address */
	else if (dt_type_is_sou(to) && dt_type_same(to, from))
		n->type = to;	/* (struct s)x of a struct s x */
	else
		dt_diag(pcb, n->line, D_CAST_INVAL,
			"invalid cast expression: \"%s\" to \"%s\"",
			dt_tname(from, a, sizeof(a)),
			dt_tname(to, b, sizeof(b)));
}

static void dt_check_sizeof(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *t;

	dt_check_expr(pcb, n->left);
	t = n->left->type;
	if (n->left->kind == DT_NODE_MEMBER && n->left->ctype)
		t = n->left->ctype;	/* a char array, not its string */
	if (dt_is_bitfield(n->left))
		dt_diag(pcb, n->line, D_SIZEOF_BITFIELD,
			"cannot apply sizeof to a bit-field");
	if (dt_type_is_func(t) || dt_type_is_void(t))
		dt_diag(pcb, n->line, D_SIZEOF_TYPE,
			"cannot apply sizeof to an expression of type %s",
			t->name);
	n->kind = DT_NODE_INT;
	n->value = dt_type_is_string(t) && !dt_type_base(t)->size ?
		   pcb->dtp->opt.strsize : dt_type_base(t)->size;
	if (n->left->kind == DT_NODE_STRING)	/* sizeof "hi" is 3 */
		n->value = strlen(n->left->str) + 1;
	n->type = &dt_type_size;
}

static void dt_check_stringof(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type *t;
	char buf[128];

	dt_check_expr(pcb, n->left);
	t = n->left->type;
	if (!dt_type_is_scalar(t) && !dt_type_is_string(t) &&
	    !dt_type_is_array(t))
		dt_diag(pcb, n->line, D_STRINGOF_TYPE,
			"operator stringof requires an operand of scalar or string type; the operand is \"%s\"",
			dt_tname(t, buf, sizeof(buf)));
	n->type = &dt_type_string;
}

/*
 * An operator over integer constants becomes the constant it computes,
 * in 64 bits: as in DTrace, the value is not cut to the width of its
 * type, so (1 << 63) - 1 is INT64_MAX where it is used.  But -x and ~x
 * of an unsigned type narrower than 64 bits are of that type, as the
 * code for them computes them at run time: -1u is 0xffffffff.
 */
static void dt_check_fold(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_node *l = n->left, *r = n->right;
	const struct dt_type *t;
	uint64_t a, b, mask;
	int64_t v;

	if (!dt_type_is_int(n->type) || l->kind != DT_NODE_INT ||
	    (n->kind == DT_NODE_OP2 && r->kind != DT_NODE_INT))
		return;
	/* unsigned / % >> and comparisons see their operands' type */
	t = n->kind == DT_NODE_OP1 ? &dt_type_int : dt_type_base(
		n->op == DT_OP_RSH ? l->type : dt_type_arith(l->type, r->type));
	mask = t->size < 8 ? (1ULL << (t->size * 8)) - 1 : ~0ULL;
	a = l->value & mask;
	b = n->kind == DT_NODE_OP2 ? r->value & mask : 0;
	switch (t->is_signed ? DT_OP_NONE : n->op) {
	case DT_OP_DIV: v = (int64_t)(a / b); break;
	case DT_OP_MOD: v = (int64_t)(a % b); break;
	case DT_OP_RSH: v = (int64_t)(a >> (r->value & 63)); break;
	case DT_OP_LT: v = a < b; break;
	case DT_OP_LE: v = a <= b; break;
	case DT_OP_GT: v = a > b; break;
	case DT_OP_GE: v = a >= b; break;
	default:
		if (dt_decl_fold(pcb, n, &v))
			return;
		break;
	}
	t = dt_type_base(n->type);
	if (n->kind == DT_NODE_OP1 &&
	    (n->op == DT_OP_NEG || n->op == DT_OP_BNEG) && !t->is_signed &&
	    t->size < 8)
		v &= (int64_t)((1ULL << (t->size * 8)) - 1);
	n->kind = DT_NODE_INT;
	n->value = (uint64_t)v;
}

/* Is the pointer @n computes one into alloca() scratch? */
static unsigned char dt_check_alloca(const struct dt_node *n)
{
	const struct dt_node *l = n->left, *r = n->right;

	switch (n->kind) {
	case DT_NODE_CALL:
		return l->kind == DT_NODE_IDENT && !strcmp(l->str, "alloca") ?
		       DT_ALLOCA_PTR : DT_ALLOCA_NONE;
	case DT_NODE_CAST:
		return l->alloca;
	case DT_NODE_OP1:	/* &p->m, &p[i], &*p; ++p */
		if (n->op == DT_OP_ADDROF &&
		    ((l->kind == DT_NODE_MEMBER && l->op == DT_OP_PTR) ||
		     l->kind == DT_NODE_INDEX ||
		     (l->kind == DT_NODE_OP1 && l->op == DT_OP_DEREF)))
			return l->left->alloca;
		return n->op >= DT_OP_PREINC && n->op <= DT_OP_POSTDEC ?
		       l->alloca : DT_ALLOCA_NONE;
	case DT_NODE_OP2:
		if (n->op == DT_OP_ASGN || n->op == DT_OP_COMMA)
			return r->alloca;
		if ((n->op == DT_OP_ADD || n->op == DT_OP_SUB ||
		     n->op == DT_OP_ADD_EQ || n->op == DT_OP_SUB_EQ) &&
		    dt_type_is_pointer(n->type))
			return dt_type_is_pointer(l->type) ? l->alloca :
			       r->alloca;
		return DT_ALLOCA_NONE;
	case DT_NODE_OP3:
		if (l->alloca == r->alloca)
			return l->alloca;
		if (l->alloca == DT_ALLOCA_MIXED ||
		    r->alloca == DT_ALLOCA_MIXED)
			return DT_ALLOCA_MIXED;
		if (dt_is_null_ptr(l->alloca ? r : l))
			return DT_ALLOCA_PTR;
		return DT_ALLOCA_MIXED;
	default:
		return n->alloca;
	}
}

/* Type-check an expression where a value is wanted. */
void dt_check_expr(struct dt_pcb *pcb, struct dt_node *n)
{
	dt_check_aggexpr(pcb, n);
	switch (n->kind) {
	case DT_NODE_INT:
	case DT_NODE_STRING:
		break;		/* typed by the lexer */
	case DT_NODE_IDENT:
		dt_check_ident(pcb, n);
		break;
	case DT_NODE_OP1:
		dt_check_op1(pcb, n);
		dt_check_fold(pcb, n);
		break;
	case DT_NODE_OP2:
		dt_check_op2(pcb, n);
		dt_check_fold(pcb, n);
		break;
	case DT_NODE_OP3:
		dt_check_op3(pcb, n);
		break;
	case DT_NODE_CALL:
		dt_check_call(pcb, n);
		break;
	case DT_NODE_MEMBER:
		dt_check_member(pcb, n);
		break;
	case DT_NODE_INDEX:
		dt_check_index(pcb, n);
		break;
	case DT_NODE_CAST:
		dt_check_cast(pcb, n);
		break;
	case DT_NODE_SIZEOF:
		dt_check_sizeof(pcb, n);
		break;
	case DT_NODE_STRINGOF:
		dt_check_stringof(pcb, n);
		break;
	case DT_NODE_XLATE:
		dt_xlate_check(pcb, n);
		break;
	case DT_NODE_AGG:
		break;		/* refused above */
	}
	n->alloca = dt_check_alloca(n);
}
