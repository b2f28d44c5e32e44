// SPDX-License-Identifier: GPL-2.0
/*
 * The declarations of a D program as the grammar meets them (see
 * dt_decl.h): type names resolved through dt_type.h, declarators turned
 * into types, struct/union/enum definitions and typedefs made at once,
 * and variable, inline and translator declarations queued on
 * pcb->decls.  Runs in the parser, in userland; every error is reported
 * once through dt_pcb_error() and makes the caller abort the parse.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "dt_decl.h"

static const char *dt_kind_word(enum dt_tkind kind)
{
	return kind == DT_TK_STRUCT ? "struct" :
	       kind == DT_TK_UNION ? "union" : "enum";
}

/* "unsigned" + "long" -> "unsigned long" (in the parse arena). */
char *dt_decl_words(struct dt_pcb *pcb, const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = dt_pcb_alloc(pcb, la + lb + 2);

	if (!s)
		return NULL;
	memcpy(s, a, la);
	s[la] = ' ';
	memcpy(s + la + 1, b, lb + 1);
	return s;
}

/* How many of the words of @words are @w. */
static unsigned int dt_decl_nword(const char *words, const char *w)
{
	size_t n = strlen(w);
	unsigned int k = 0;
	const char *p;

	for (p = words; (p = strstr(p, w)); p += n)
		if ((p == words || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			k++;
	return k;
}

/*
 * Why the type words @words name no type, as DTrace says it: two base
 * types or two signs; short or long with char; short with long.
 */
static void dt_decl_badwords(struct dt_pcb *pcb, const char *words, int line)
{
	static const char *const bases[] = {
		"char", "int", "float", "double", "void", "_Bool", "string",
	};
	unsigned int nbase = 0, i, nlong = dt_decl_nword(words, "long");
	unsigned int nshort = dt_decl_nword(words, "short");
	const char *base = "";

	for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		if (dt_decl_nword(words, bases[i])) {
			nbase += dt_decl_nword(words, bases[i]);
			base = bases[i];
		}
	}
	if (nbase > 1 || dt_decl_nword(words, "signed") +
	    dt_decl_nword(words, "unsigned") > 1) {
		dt_pcb_error(pcb, line, D_DECL_COMBO,
			     "invalid type combination");
	} else if (!strcmp(base, "char") && (nshort || nlong)) {
		dt_pcb_error(pcb, line, D_DECL_CHARATTR,
			     "invalid type declaration: short and long may not be used with char type");
	} else if (nshort && nlong) {
		dt_pcb_error(pcb, line, D_UNKNOWN,
			     "failed to resolve type %s%sshort %s%s: Unknown type name",
			     dt_decl_nword(words, "unsigned") ? "unsigned " : "",
			     dt_decl_nword(words, "signed") ? "signed " : "",
			     nlong > 1 ? "long long " : "long ", base);
	} else {
		dt_pcb_error(pcb, line, D_UNKNOWN_TYPE,
			     "invalid type combination or undefined type: %s",
			     words);
	}
}

const struct dt_type *dt_decl_typename(struct dt_pcb *pcb, const char *words,
				       int line)
{
	const struct dt_type *t = dt_type_lookup(pcb->dtp, words);

	if (!t)
		dt_decl_badwords(pcb, words, line);
	return t;
}

/*
 * struct TAG, union TAG, enum TAG used as a type specifier.  A tag may
 * be scoped, D`TAG or MODULE`TAG; a tag never defined is declared, as
 * C does, and stays incomplete until its definition.
 */
const struct dt_type *dt_decl_tag(struct dt_pcb *pcb, enum dt_tkind kind,
				  const char *tag, int line)
{
	const char *bq = strchr(tag, '`');
	const struct dt_type *t;
	char name[256];
	int err;

	if (bq)
		tag = bq + 1;
	snprintf(name, sizeof(name), "%s %s", dt_kind_word(kind), tag);
	t = dt_type_lookup(pcb->dtp, name);
	if (t)
		return t;
	t = dt_type_struct_begin(pcb->dtp, kind, tag, &err);
	if (!t)
		dt_pcb_error(pcb, line, err == EEXIST ? D_DECL_COMBO : D_NOMEM,
			     err == EEXIST ? "invalid type combination" :
					     "out of memory");
	return t;
}

struct dt_declarator *dt_declarator_new(struct dt_pcb *pcb, char *name,
					int line)
{
	struct dt_declarator *d = dt_pcb_alloc(pcb, sizeof(*d));

	if (!d)
		return NULL;
	d->name = name;
	d->line = line;
	d->bits = -1;
	return d;
}

struct dt_declarator *dt_declarator_link(struct dt_declarator *list,
					 struct dt_declarator *d)
{
	struct dt_declarator *p;

	for (p = list; p->next; p = p->next)
		;
	p->next = d;
	return list;
}

/* Add the bound [size] to @d; @size NULL is "[]". */
int dt_declarator_dim(struct dt_pcb *pcb, struct dt_declarator *d,
		      struct dt_node *size)
{
	int64_t v;

	if (!size && pcb->in_extern) {
		/* extern int a[]; as in C: declared elsewhere, bound unknown */
		return 0;
	}
	if (!size) {
		dt_pcb_error(pcb, d->line, D_DECL_ARRNULL,
			     "array declaration requires array dimension or tuple signature: %s",
			     d->name ? d->name : "(anonymous)");
		return -1;
	}
	if (dt_decl_const(pcb, size, &v))
		return -1;
	if (v <= 0) {
		dt_pcb_error(pcb, d->line, D_DECL_ARRSUB,
			     "array dimension must be a positive integer constant");
		return -1;
	}
	if (v > UINT32_MAX) {
		dt_pcb_error(pcb, d->line, D_DECL_ARRBIG,
			     "array dimension too big");
		return -1;
	}
	if (d->ndims == DT_DECL_MAXDIMS) {
		dt_pcb_error(pcb, d->line, D_DECL_ARRSUB,
			     "too many array dimensions (limit %d)",
			     DT_DECL_MAXDIMS);
		return -1;
	}
	d->dims[d->ndims++] = (uint64_t)v;
	return 0;
}

int dt_declarator_param(struct dt_pcb *pcb, struct dt_declarator *d,
			const struct dt_type *t, char *name)
{
	if (d->is_assoc || d->ndims || d->param) {
		dt_pcb_error(pcb, d->line, D_DECL_ARRSUB,
			     "an inline takes one [type name] parameter");
		return -1;
	}
	d->param = name;
	d->ptype = t;
	return 0;
}

/* [type, type ...] or [] (keys NULL): @d is an associative array. */
int dt_declarator_keys(struct dt_pcb *pcb, struct dt_declarator *d,
		       struct dt_typelist *keys)
{
	unsigned int i;

	for (i = 0; keys && i < keys->n; i++) {
		if (dt_type_is_void(keys->types[i])) {
			dt_pcb_error(pcb, d->line, D_DECL_PROTO_TYPE,
				     "array prototype may not use parameter of type void: (anonymous), parameter #%u",
				     i + 1);
			return -1;
		}
	}
	if (d->is_assoc || d->ndims) {
		dt_pcb_error(pcb, d->line, D_DECL_ARRSUB,
			     "an associative array takes one [key, ...] list");
		return -1;
	}
	d->is_assoc = true;
	if (keys) {
		d->keys = keys->types;
		d->nkeys = keys->n;
	}
	return 0;
}

int dt_declarator_func(struct dt_pcb *pcb, struct dt_declarator *d,
		       const struct dt_declarator *params)
{
	const struct dt_declarator *p;
	const struct dt_type *t;
	unsigned int n = 0, i = 0;

	for (p = params; p; p = p->next)
		n++;
	if (d->is_func || d->is_assoc || d->ndims) {
		dt_pcb_error(pcb, d->line, D_DECL_COMBO,
			     "invalid type combination");
		return -1;
	}
	d->fparams = dt_pcb_alloc(pcb, (n ? n : 1) * sizeof(*d->fparams));
	if (!d->fparams)
		return -1;
	for (p = params; p; p = p->next) {
		if (p->ellipsis) {
			d->varargs = true;
			break;
		}
		i++;
		if (p->is_assoc) {
			dt_pcb_error(pcb, p->line, D_DECL_PROTO_TYPE,
				     "function prototype may not use parameter of type dynamic variable: %s, parameter #%u",
				     p->name ? p->name : "(anonymous)", i);
			return -1;
		}
		t = dt_declarator_type(pcb, p->ptype, p);
		if (!t)
			return -1;
		if (dt_type_is_void(t) && p->name) {
			dt_pcb_error(pcb, p->line, D_DECL_PROTO_NAME,
				     "void parameter may not have a name: %s",
				     p->name);
			return -1;
		}
		if (dt_type_is_void(t) && n > 1) {
			dt_pcb_error(pcb, p->line, D_DECL_PROTO_VOID,
				     "void must be sole parameter");
			return -1;
		}
		if (!dt_type_is_void(t))
			d->fparams[d->nfparams++] = t;
	}
	d->is_func = true;
	return 0;
}

int dt_declarator_bits(struct dt_pcb *pcb, struct dt_declarator *d,
		       const struct dt_node *width)
{
	int64_t v;
	int ret = dt_decl_fold(pcb, width, &v);

	if (ret < 0)
		return -1;
	if (ret > 0 || v <= 0 || v > 64) {
		dt_pcb_error(pcb, d->line, D_DECL_BFCONST,
			     "positive integral constant expression expected as bit-field size");
		return -1;
	}
	d->bits = (int)v;
	return 0;
}

struct dt_typelist *dt_typelist_add(struct dt_pcb *pcb,
				    struct dt_typelist *l,
				    const struct dt_type *t)
{
	const struct dt_type **v;

	if (!l) {
		l = dt_pcb_alloc(pcb, sizeof(*l));
		if (!l)
			return NULL;
	}
	v = dt_pcb_alloc(pcb, (l->n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	if (l->n)
		memcpy(v, l->types, l->n * sizeof(*v));
	v[l->n++] = t;
	l->types = v;
	return l;
}

/*
 * The pointer, array and function levels of @t above the type they
 * derive from.  A type's name is printed through them recursively, a
 * frame a level (dt_type.c), and made when the type is: the compiler
 * refuses more than DT_DECL_MAXDEPTH, as a C compiler may.
 */
static unsigned int dt_decl_depth(const struct dt_type *t)
{
	unsigned int n = 0;

	for (; t->kind == DT_TK_POINTER || t->kind == DT_TK_ARRAY ||
	       t->kind == DT_TK_FUNC; t = t->ref)
		n++;
	return n;
}

const struct dt_type *dt_declarator_type(struct dt_pcb *pcb,
					 const struct dt_type *base,
					 const struct dt_declarator *d)
{
	const struct dt_type *t = base;
	unsigned int i;

	if (d->param) {
		dt_pcb_error(pcb, d->line, D_DECL_USELESS,
			     "only an inline takes a parameter: %s[%s]",
			     d->name ? d->name : "", d->param);
		return NULL;
	}
	if ((uint64_t)dt_decl_depth(base) + d->nptr + d->is_func + d->ndims >
	    DT_DECL_MAXDEPTH) {
		dt_pcb_error(pcb, d->line, D_DECL_TYPE,
			     "declarator has more than %d levels of pointer, array and function",
			     DT_DECL_MAXDEPTH);
		return NULL;
	}
	for (i = 0; t && i < d->nptr; i++)
		t = dt_type_pointer(pcb->dtp, t);
	if (t && d->is_func)
		t = dt_type_func(pcb->dtp, t, d->fparams, d->nfparams,
				 d->varargs);
	/* int a[2][3] is an array of 2 arrays of 3: innermost bound first */
	for (i = d->ndims; t && i > 0; i--) {
		if (dt_type_is_void(t)) {
			dt_pcb_error(pcb, d->line, D_DECL_VOIDOBJ,
				     "cannot declare an array of void");
			return NULL;
		}
		t = dt_type_array(pcb->dtp, t, d->dims[i - 1]);
	}
	if (!t) {
		dt_pcb_error(pcb, d->line, D_NOMEM, "out of memory");
		return NULL;
	}
	return d->inner ? dt_declarator_type(pcb, t, d->inner) : t;
}

struct dt_type *dt_decl_sou_begin(struct dt_pcb *pcb, enum dt_tkind kind,
				  const char *tag, int line)
{
	struct dt_type *t;
	int err;

	t = dt_type_struct_begin(pcb->dtp, kind, tag, &err);
	if (t)
		return t;
	/* found on the '{' after the tag */
	(void)line;
	if (err == EEXIST)
		dt_pcb_error(pcb, pcb->line, D_DECL_TYPERED,
			     "type redeclared: %s %s", dt_kind_word(kind), tag);
	else
		dt_pcb_error(pcb, line, D_NOMEM, "out of memory");
	return NULL;
}

/*
 * A struct, union or enum only declared, used where its size counts.
 * DTrace names such a tag as a C forward declaration, "struct TAG",
 * whichever of the three it was declared as; the one being defined
 * (@sou, a member of its own type) keeps its own name.
 */
static void dt_decl_incomplete(struct dt_pcb *pcb, const struct dt_type *b,
			       const struct dt_declarator *d,
			       const struct dt_type *sou)
{
	const char *tag = strchr(b->name, ' ');

	if (b == sou || !tag)
		dt_pcb_error(pcb, d->line, D_DECL_INCOMPLETE,
			     "incomplete struct/union/enum %s: %s", b->name,
			     d->name ? d->name : "(anon)");
	else
		dt_pcb_error(pcb, d->line, D_DECL_INCOMPLETE,
			     "incomplete struct/union/enum struct %s: %s",
			     tag + 1, d->name ? d->name : "(anon)");
}

int dt_decl_sou_members(struct dt_pcb *pcb, struct dt_type *sou,
			const struct dt_type *base,
			const struct dt_declarator *list)
{
	const struct dt_declarator *d;

	for (d = list; d; d = d->next) {
		const struct dt_type *t = dt_declarator_type(pcb, base, d);
		const struct dt_type *b;

		if (!t)
			return -1;
		b = dt_type_base(t);
		if (d->is_assoc) {
			dt_pcb_error(pcb, d->line, D_DECL_ARRSUB,
				     "a member cannot be an associative array");
			return -1;
		}
		if (d->bits >= 0) {
			if (b->kind != DT_TK_INT && b->kind != DT_TK_ENUM) {
				dt_pcb_error(pcb, d->line, D_DECL_BFTYPE,
					     "invalid type for bit-field: %s",
					     d->name ? d->name : "(anon)");
				return -1;
			}
			if ((uint64_t)d->bits > b->size * 8) {
				dt_pcb_error(pcb, d->line, D_DECL_BFSIZE,
					     "bit-field too big for type: %s",
					     d->name ? d->name : "(anon)");
				return -1;
			}
		}
		if (dt_type_is_void(t) || dt_type_is_func(t)) {
			dt_pcb_error(pcb, d->line, D_DECL_VOIDOBJ,
				     "cannot have void member: %s",
				     d->name ? d->name : "(anon)");
			return -1;
		}
		/* a string member holds strsize bytes, as in DTrace */
		if (dt_type_is_string(t) && !b->size) {
			t = dt_type_string_sized(pcb->dtp,
						 pcb->dtp->opt.strsize);
			if (!t) {
				dt_pcb_error(pcb, d->line, D_NOMEM,
					     "out of memory");
				return -1;
			}
			b = t;
		}
		if (b->incomplete) {
			dt_decl_incomplete(pcb, b, d, sou);
			return -1;
		}
		if (dt_type_struct_add(pcb->dtp, sou, d->name, t,
				       d->bits > 0 ? (unsigned int)d->bits : 0)) {
			if (errno == EEXIST)
				dt_pcb_error(pcb, d->line, D_DECL_IDRED,
					     "member %s is declared twice in %s",
					     d->name, sou->name);
			else
				dt_pcb_error(pcb, d->line, D_NOMEM,
					     "out of memory");
			return -1;
		}
	}
	return 0;
}

/*
 * An enumerator is defined once the token after it is read: errors are
 * reported on that token's line, as DTrace does.
 */
int dt_decl_enumerator(struct dt_pcb *pcb, struct dt_type *e,
		       const char *name, struct dt_node *value, int line)
{
	int64_t v = e->nenums ? e->enums[e->nenums - 1].value + 1 : 0;
	unsigned int i;
	int ret;

	(void)line;
	ret = value ? dt_decl_fold(pcb, value, &v) : 0;
	if (ret < 0)
		return -1;
	if (ret > 0) {
		dt_pcb_error(pcb, pcb->line, D_DECL_ENCONST,
			     "enumerator '%s' must be assigned to an integral constant expression",
			     name);
		return -1;
	}
	if (v < INT32_MIN || v > INT32_MAX) {
		dt_pcb_error(pcb, pcb->line, D_ENUM_OFLOW,
			     "enumerator %s overflows an int", name);
		return -1;
	}
	for (i = 0; i < e->nenums; i++) {
		if (!strcmp(e->enums[i].name, name)) {
			dt_pcb_error(pcb, pcb->line, D_UNKNOWN,
				     "failed to define enumerator '%s': Duplicate member or variable name",
				     name);
			return -1;
		}
	}
	if (dt_type_enum_add(pcb->dtp, e, name, v)) {
		dt_pcb_error(pcb, pcb->line, D_DECL_IDRED,
			     "identifier redeclared: %s", name);
		return -1;
	}
	return 0;
}

const struct dt_type *dt_decl_sou_end(struct dt_pcb *pcb, struct dt_type *t)
{
	dt_type_struct_end(pcb->dtp, t);
	return t;
}

int dt_decl_typedef(struct dt_pcb *pcb, const struct dt_type *base,
		    const struct dt_declarator *list)
{
	const struct dt_declarator *d;

	for (d = list; d; d = d->next) {
		const struct dt_type *t = dt_declarator_type(pcb, base, d);

		if (!t)
			return -1;
		if (d->is_assoc || d->bits >= 0 || !d->name) {
			dt_pcb_error(pcb, d->line, D_DECL_USELESS,
				     "invalid typedef declarator");
			return -1;
		}
		/*
		 * A D or built-in typedef may be declared again to the type
		 * it names, as C11 allows; a kernel type of the name is not
		 * D's and is hidden (dt_type_typedef()).
		 */
		if (dt_type_typedef(pcb->dtp, d->name, t)) {
			if (errno == EEXIST)
				dt_pcb_error(pcb, d->line, D_TYPE_REDEF,
					     "type redeclared: %s", d->name);
			else
				dt_pcb_error(pcb, d->line, D_NOMEM,
					     "out of memory");
			return -1;
		}
	}
	return 0;
}

static struct dt_decl_node *dt_decl_new(struct dt_pcb *pcb,
					enum dt_decl_kind kind, int line)
{
	struct dt_decl_node *n = dt_pcb_alloc(pcb, sizeof(*n));

	if (n) {
		n->kind = kind;
		n->line = line;
	}
	return n;
}

int dt_decl_extern(struct dt_pcb *pcb, const struct dt_type *base,
		   const struct dt_declarator *list)
{
	const struct dt_declarator *d;

	for (d = list; d; d = d->next) {
		if (!dt_declarator_type(pcb, base, d))
			return -1;
		if (!d->name || d->bits >= 0) {
			dt_pcb_error(pcb, d->line, D_DECL_USELESS,
				     "useless declaration");
			return -1;
		}
	}
	return 0;
}

int dt_decl_vars(struct dt_pcb *pcb, enum dt_var_scope scope,
		 const struct dt_type *base, const struct dt_declarator *list)
{
	const struct dt_declarator *d;

	for (d = list; d; d = d->next) {
		const struct dt_type *t = dt_declarator_type(pcb, base, d);
		struct dt_decl_node *n;

		if (!t)
			return -1;
		if (dt_type_is_func(t) && scope == DT_SCOPE_GLOBAL)
			continue;	/* a prototype: an extern function */
		if (dt_type_base(t)->incomplete) {
			dt_decl_incomplete(pcb, dt_type_base(t), d, NULL);
			return -1;
		}
		if (!d->name || d->bits >= 0) {
			dt_pcb_error(pcb, d->line, D_DECL_USELESS,
				     "declaration declares no variable");
			return -1;
		}
		n = dt_decl_new(pcb, DT_DECL_VAR, d->line);
		if (!n)
			return -1;
		n->name = d->name;
		n->type = t;
		n->scope = scope;
		n->is_assoc = d->is_assoc;
		n->keys = d->keys;
		n->nkeys = d->nkeys;
		dt_decl_add(pcb, n);
	}
	return 0;
}

int dt_decl_inline(struct dt_pcb *pcb, const struct dt_type *base,
		   const struct dt_declarator *d, struct dt_node *expr)
{
	struct dt_declarator plain = *d;
	struct dt_decl_node *n;
	const struct dt_type *t;

	plain.param = NULL;
	t = dt_declarator_type(pcb, base, &plain);
	if (!t)
		return -1;
	if (d->is_assoc || d->bits >= 0) {
		dt_pcb_error(pcb, d->line, D_DECL_USELESS,
			     "an inline is a name for one expression");
		return -1;
	}
	n = dt_decl_new(pcb, DT_DECL_INLINE, d->line);
	if (!n)
		return -1;
	n->name = d->name;
	n->type = t;
	n->expr = expr;
	n->param = d->param;
	n->from = d->ptype;
	dt_decl_add(pcb, n);
	return 0;
}

int dt_decl_xlator(struct dt_pcb *pcb, const struct dt_type *out,
		   const struct dt_type *in, const struct dt_declarator *param,
		   struct dt_xlmember *members, int line)
{
	struct dt_decl_node *n;
	const struct dt_type *from = dt_declarator_type(pcb, in, param);

	if (!from)
		return -1;
	n = dt_decl_new(pcb, DT_DECL_XLATOR, line);
	if (!n)
		return -1;
	n->name = param->name;
	n->type = out;
	n->from = from;
	n->members = members;
	dt_decl_add(pcb, n);
	return 0;
}

struct dt_xlmember *dt_xlmember_add(struct dt_pcb *pcb,
				    struct dt_xlmember *list, char *name,
				    struct dt_node *expr, int line)
{
	struct dt_xlmember *m = dt_pcb_alloc(pcb, sizeof(*m)), *p;

	if (!m)
		return NULL;
	m->name = name;
	m->expr = expr;
	m->line = line;
	if (!list)
		return m;
	for (p = list; p->next; p = p->next)
		;
	p->next = m;
	return list;
}

static int dt_decl_const2(struct dt_pcb *pcb, const struct dt_node *n,
			  int64_t a, int64_t b, int64_t *vp)
{
	switch (n->op) {
	case DT_OP_ADD: *vp = (int64_t)((uint64_t)a + (uint64_t)b); break;
	case DT_OP_SUB: *vp = (int64_t)((uint64_t)a - (uint64_t)b); break;
	case DT_OP_MUL: *vp = (int64_t)((uint64_t)a * (uint64_t)b); break;
	case DT_OP_DIV:
	case DT_OP_MOD:
		if (b == 0) {
			dt_pcb_error(pcb, n->line, D_DIV_ZERO,
				     "expression contains division by zero");
			return -1;
		}
		if (a == INT64_MIN && b == -1)
			*vp = n->op == DT_OP_DIV ? a : 0;
		else
			*vp = n->op == DT_OP_DIV ? a / b :
			      b < 0 ? -(a % b) : a % b;	/* dt_cg_srem() */
		break;
	case DT_OP_LSH: *vp = (int64_t)((uint64_t)a << (b & 63)); break;
	case DT_OP_RSH: *vp = a >> (b & 63); break;
	case DT_OP_BAND: *vp = a & b; break;
	case DT_OP_BOR: *vp = a | b; break;
	case DT_OP_XOR: *vp = a ^ b; break;
	case DT_OP_LAND: *vp = a && b; break;
	case DT_OP_LOR: *vp = a || b; break;
	case DT_OP_LXOR: *vp = !a != !b; break;
	case DT_OP_EQ: *vp = a == b; break;
	case DT_OP_NE: *vp = a != b; break;
	case DT_OP_LT: *vp = a < b; break;
	case DT_OP_LE: *vp = a <= b; break;
	case DT_OP_GT: *vp = a > b; break;
	case DT_OP_GE: *vp = a >= b; break;
	default:
		return 1;
	}
	return 0;
}

/*
 * Fold @n, an integer constant expression: literals, enumerators and C
 * operators over them.  Return: 0 with *@vp, 1 if @n is not constant
 * (nothing reported), or -1 after an error (division by zero).
 */
int dt_decl_fold(struct dt_pcb *pcb, const struct dt_node *n, int64_t *vp)
{
	int64_t a, b, c;
	int ret;

	switch (n->kind) {
	case DT_NODE_INT:
		*vp = (int64_t)n->value;
		return 0;
	case DT_NODE_IDENT:
		return dt_type_enumconst(pcb->dtp, n->str, vp, NULL) ? 0 : 1;
	case DT_NODE_OP1:
		ret = dt_decl_fold(pcb, n->left, &a);
		if (ret)
			return ret;
		switch (n->op) {
		case DT_OP_NEG: *vp = (int64_t)(0 - (uint64_t)a); return 0;
		case DT_OP_PLUS: *vp = a; return 0;
		case DT_OP_BNEG: *vp = ~a; return 0;
		case DT_OP_LNEG: *vp = !a; return 0;
		default: return 1;
		}
	case DT_NODE_OP2:
		ret = dt_decl_fold(pcb, n->left, &a);
		if (!ret)
			ret = dt_decl_fold(pcb, n->right, &b);
		return ret ? ret : dt_decl_const2(pcb, n, a, b, vp);
	case DT_NODE_OP3:
		ret = dt_decl_fold(pcb, n->cond, &c);
		if (!ret)
			ret = dt_decl_fold(pcb, n->left, &a);
		if (!ret)
			ret = dt_decl_fold(pcb, n->right, &b);
		if (!ret)
			*vp = c ? a : b;
		return ret;
	default:
		return 1;
	}
}

/* dt_decl_fold(), with "not an integer constant" an error.  0 or -1. */
int dt_decl_const(struct dt_pcb *pcb, const struct dt_node *n, int64_t *vp)
{
	int ret = dt_decl_fold(pcb, n, vp);

	if (ret > 0)
		dt_pcb_error(pcb, n->line, D_DECL_ARRSUB,
			     "expression is not an integer constant");
	return ret ? -1 : 0;
}

struct dt_node *dt_decl_sizeof(struct dt_pcb *pcb, const struct dt_type *t,
			       int line)
{
	const struct dt_type *b = dt_type_base(t);
	uint64_t size = b->size;

	if (b->kind == DT_TK_STRING)
		size = pcb->dtp->opt.strsize;
	if (b->kind == DT_TK_VOID || b->kind == DT_TK_FUNC || b->incomplete ||
	    size == 0) {
		dt_pcb_error(pcb, line, D_SIZEOF_TYPE,
			     "sizeof operator cannot be applied to %s",
			     t->name);
		return NULL;
	}
	return dt_node_int(pcb, size, &dt_type_size, line);
}

struct dt_node *dt_decl_offsetof(struct dt_pcb *pcb, const struct dt_type *t,
				 const char *member, int line)
{
	const struct dt_member *m;
	uint64_t bits;

	if (!dt_type_is_sou(t) || dt_type_base(t)->incomplete) {
		dt_pcb_error(pcb, line, D_OFFSETOF_TYPE,
			     "offsetof operand must be a struct or union type");
		return NULL;
	}
	m = dt_type_member(t, member, &bits);
	if (!m) {
		dt_pcb_error(pcb, line, D_UNKNOWN,
			     "failed to determine offset of %s: Member name not found",
			     member);
		return NULL;
	}
	if (m->bit_size) {
		dt_pcb_error(pcb, line, D_OFFSETOF_BITFIELD,
			     "cannot take offset of a bit-field: %s", member);
		return NULL;
	}
	return dt_node_int(pcb, bits / 8, &dt_type_size, line);
}
