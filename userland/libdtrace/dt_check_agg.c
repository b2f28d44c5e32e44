// SPDX-License-Identifier: GPL-2.0
/*
 * The semantic pass over aggregations: the statement @name[keys] =
 * func(args) (its keys, function and constant parameters, checked and
 * turned into a struct dt_agg definition, the same at every use), the
 * actions that name aggregations (printa, clear, trunc, normalize,
 * denormalize) and setopt(), and the symbol functions (sym(), usym(),
 * ...) that may stand as aggregation keys and trace()/printf()
 * arguments.  The grammar parses @a as an expression; everywhere else
 * dt_check.c refuses it.  Definitions live in dt_aggdef.c.
 */
#include <stdio.h>
#include <string.h>
#include "dt_compile.h"
#include "dt_decl.h"
#include "dt_ident.h"
#include "dt_printf.h"
#include "dt_type.h"

/* Is @n an aggregation, @a or @a[keys]? */
bool dt_check_is_aggref(const struct dt_node *n)
{
	return n->kind == DT_NODE_AGG ||
	       (n->kind == DT_NODE_INDEX && n->left->kind == DT_NODE_AGG);
}

/* Is @n the statement "@a[keys] = f(...)"? */
bool dt_check_is_aggstmt(const struct dt_node *n)
{
	return n && n->kind == DT_NODE_OP2 && n->op == DT_OP_ASGN &&
	       dt_check_is_aggref(n->left);
}

/* The symbol function @n calls (sym(x), usym(x) ...), or NULL. */
const struct dt_ident *dt_check_symfn(const struct dt_node *n)
{
	const struct dt_ident *id;

	if (n->kind != DT_NODE_CALL || n->left->kind != DT_NODE_IDENT)
		return NULL;
	id = dt_ident_lookup(NULL, n->left->str);
	return id && id->kind == DT_IDENT_SYMFN ? id : NULL;
}

/*
 * Check @n if it is a symbol function call, where one may stand (a
 * trace() or printf() argument, an aggregation key).
 * Return: whether it was one.
 */
bool dt_check_symarg(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_ident *id = dt_check_symfn(n);
	char buf[128];

	if (!id)
		return false;
	dt_check_nargs(pcb, n, n->left->str, 1, 1);
	dt_check_expr(pcb, n->args);
	if (!dt_type_is_scalar(n->args->type)) {
		dt_type_name(n->args->type, buf, sizeof(buf));
		dt_diag(pcb, n->line, D_PROTO_ARG,
			"%s( ) argument #1 is incompatible with prototype:\n\tprototype: address\n\t argument: %s",
			id->name, buf);
	}
	n->type = &dt_type_uintptr;
	return true;
}

/*
 * Argument @what of aggregating function call @fn: an integer constant
 * (else @tag).
 */
static int64_t dt_check_param(struct dt_pcb *pcb, const struct dt_node *fn,
			      struct dt_node *a, enum dt_errtag tag,
			      const char *what)
{
	int64_t v;

	dt_check_expr(pcb, a);
	/* after a division by zero, dt_diag() unwinds with that error */
	if (!dt_type_is_int(a->type) || dt_decl_fold(pcb, a, &v))
		dt_diag(pcb, fn->line, tag, "%s must be an integer constant",
			what);
	return v;
}

/* Argument #@argno of call @n, @a: an integer expression. */
static void dt_check_intarg(struct dt_pcb *pcb, const struct dt_node *n,
			    struct dt_node *a, unsigned int argno,
			    enum dt_errtag tag)
{
	char buf[128];

	if (dt_check_is_aggref(a))
		snprintf(buf, sizeof(buf), "aggregation");
	else
		dt_check_expr(pcb, a);
	if (!dt_check_is_aggref(a) && dt_type_is_int(a->type))
		return;
	if (!dt_check_is_aggref(a))
		dt_type_name(a->type, buf, sizeof(buf));
	dt_diag(pcb, n->line, tag,
		"%s( ) argument #%u is incompatible with prototype:\n\tprototype: integer\n\t argument: %s",
		n->left->str, argno, buf);
}

/*
 * lquantize(value, base, limit[, step[, incr]]): base and limit 32-bit,
 * base below limit, step 1 to 65535, at most 65535 levels between.
 */
static void dt_check_lquantize(struct dt_pcb *pcb, const struct dt_node *fn,
			       struct dt_agg *ag)
{
	struct dt_node *a = fn->args->next;
	int64_t low, high, step = 1;

	low = dt_check_param(pcb, fn, a, D_LQUANT_BASETYPE,
			     "lquantize( ) argument #2 (lower bound)");
	if (low < INT32_MIN || low > INT32_MAX)
		dt_diag(pcb, fn->line, D_LQUANT_BASEVAL,
			"lquantize( ) argument #2 (lower bound) must be a 32-bit quantity");
	high = dt_check_param(pcb, fn, a->next, D_LQUANT_LIMTYPE,
			      "lquantize( ) argument #3 (upper bound)");
	if (high < INT32_MIN || high > INT32_MAX)
		dt_diag(pcb, fn->line, D_LQUANT_LIMVAL,
			"lquantize( ) argument #3 (upper bound) must be a 32-bit quantity");
	if (high <= low)
		dt_diag(pcb, fn->line, D_LQUANT_MISMATCH,
			"lquantize( ) upper bound (argument #3) must be greater than lower bound (argument #2)");
	a = a->next->next;
	if (a)
		step = dt_check_param(pcb, fn, a, D_LQUANT_STEPTYPE,
				      "lquantize( ) argument #4 (step)");
	if (step <= 0)
		dt_diag(pcb, fn->line, D_LQUANT_STEPTYPE,
			"lquantize( ) step (argument #4) must be a positive integer");
	if (step > UINT16_MAX)
		dt_diag(pcb, fn->line, D_LQUANT_STEPVAL,
			"lquantize( ) step (argument #4) must be at most %d",
			UINT16_MAX);
	if ((high - low) / step == 0)
		dt_diag(pcb, fn->line, D_LQUANT_STEPLARGE,
			"lquantize( ) step (argument #4) too large: must have at least one quantization level");
	if ((high - low) / step > DTRACE_LQUANTIZE_MAXLEVELS)
		dt_diag(pcb, fn->line, D_LQUANT_STEPSMALL,
			"lquantize( ) step (argument #4) too small: number of quantization levels must be at most %d",
			DTRACE_LQUANTIZE_MAXLEVELS);
	ag->def.params[0] = low;
	ag->def.params[1] = high;
	ag->def.params[2] = step;
	if (a && a->next)
		dt_check_intarg(pcb, fn, a->next, 5, D_PROTO_ARG);
}

/*
 * llquantize(value, factor, low, high, steps[, incr]): factor 2 to
 * 65535, magnitudes 0 to 65535 with low below high, steps a positive
 * multiple or divisor of the factor, and factor^(high+1) in 63 bits.
 */
static void dt_check_llquantize(struct dt_pcb *pcb, const struct dt_node *fn,
				struct dt_agg *ag)
{
	struct dt_node *a = fn->args->next;
	int64_t factor, low, high, steps;
	uint64_t n;

	factor = dt_check_param(pcb, fn, a, D_LLQUANT_FACTORTYPE,
				"llquantize( ) argument #2 (factor)");
	if (factor < 2 || factor > UINT16_MAX)
		dt_diag(pcb, fn->line, D_LLQUANT_FACTORVAL,
			"llquantize( ) argument #2 (factor) must be between 2 and %d",
			UINT16_MAX);
	low = dt_check_param(pcb, fn, a->next, D_LLQUANT_LMAGTYPE,
			     "llquantize( ) argument #3 (low magnitude)");
	if (low < 0 || low > UINT16_MAX)
		dt_diag(pcb, fn->line, D_LLQUANT_LMAGVAL,
			"llquantize( ) argument #3 (low magnitude) must be between 0 and %d",
			UINT16_MAX);
	high = dt_check_param(pcb, fn, a->next->next, D_LLQUANT_HMAGTYPE,
			      "llquantize( ) argument #4 (high magnitude)");
	if (high <= low || high > UINT16_MAX)
		dt_diag(pcb, fn->line, D_LLQUANT_HMAGVAL,
			"llquantize( ) argument #4 (high magnitude) must be greater than argument #3 (low magnitude) and at most %d",
			UINT16_MAX);
	a = a->next->next->next;
	steps = dt_check_param(pcb, fn, a, D_LLQUANT_STEPTYPE,
			       "llquantize( ) argument #5 (number of steps)");
	if (steps <= 0)
		dt_diag(pcb, fn->line, D_LLQUANT_STEPTYPE,
			"llquantize( ) argument #5 (number of steps) must be a positive integer");
	if (steps > UINT16_MAX || (steps > 0 && steps < factor ?
				   factor % steps : steps % factor))
		dt_diag(pcb, fn->line, D_LLQUANT_STEPVAL,
			"llquantize( ) argument #5 (number of steps) must be a multiple of argument #2 (factor) or divide it, and at most %d",
			UINT16_MAX);
	n = dtrace_llquantize_nbuckets(&(const struct dtrace_llquantize){
		.factor = factor, .low = low, .high = high, .steps = steps,
	});
	if (!n)
		dt_diag(pcb, fn->line, D_LLQUANT_MAGTOOBIG,
			"llquantize( ) argument #2 (factor) raised to the power of argument #4 (high magnitude) plus one overflows 63 bits");
	if (n > DTRACE_LLQUANTIZE_MAXBUCKETS)
		dt_diag(pcb, fn->line, D_LLQUANT_STEPVAL,
			"llquantize( ) has %llu buckets: at most %d are allowed",
			(unsigned long long)n, DTRACE_LLQUANTIZE_MAXBUCKETS);
	ag->def.params[0] = factor;
	ag->def.params[1] = low;
	ag->def.params[2] = high;
	ag->def.params[3] = steps;
	if (a->next)
		dt_check_intarg(pcb, fn, a->next, 6, D_PROTO_ARG);
}

/*
 * The aggregating function call @fn: function, parameters, increment.
 * A histogram always takes an increment (1 where the call gives none),
 * so uses with and without one are the same aggregation.
 */
static void dt_check_aggfunc(struct dt_pcb *pcb, struct dt_node *fn,
			     const struct dt_ident *id, struct dt_agg *ag)
{
	ag->def.func = id->aggfunc;
	if (id->aggfunc >= DTRACE_AGG_QUANTIZE)
		ag->def.flags |= DTRACE_AGGDEF_INCR;
	switch (id->aggfunc) {
	case DTRACE_AGG_COUNT:
		dt_check_nargs(pcb, fn, fn->left->str, 0, 0);
		return;
	case DTRACE_AGG_QUANTIZE:
		dt_check_nargs(pcb, fn, fn->left->str, 1, 2);
		if (fn->args->next)
			dt_check_intarg(pcb, fn, fn->args->next, 2, D_PROTO_ARG);
		break;
	case DTRACE_AGG_LQUANTIZE:
		dt_check_nargs(pcb, fn, fn->left->str, 3, 5);
		dt_check_lquantize(pcb, fn, ag);
		break;
	case DTRACE_AGG_LLQUANTIZE:
		dt_check_nargs(pcb, fn, fn->left->str, 5, 6);
		dt_check_llquantize(pcb, fn, ag);
		break;
	default:	/* sum, avg, min, max, stddev */
		dt_check_nargs(pcb, fn, fn->left->str, 1, 1);
		break;
	}
	dt_check_intarg(pcb, fn, fn->args, 1, D_AGG_SCALAR);
}

/* Key @a of an aggregation: its kernel kind and size, and how it reads. */
static void dt_check_aggkey(struct dt_pcb *pcb, struct dt_node *a,
			    struct dtrace_aggkey *kk, struct dt_recdesc *rec)
{
	const struct dt_options *opt = &pcb->dtp->opt;
	const struct dt_ident *id = dt_check_action(a);
	const struct dt_type *t;
	uint64_t frames;

	if (id && (id->action == DT_ACT_STACK || id->action == DT_ACT_USTACK)) {
		bool user = id->action == DT_ACT_USTACK;

		dt_check_act(pcb, a, id);
		frames = dt_options_frames(opt, user,
					   a->args ? a->args->value : 0);
		kk->kind = user ? DTRACE_AGGKEY_USTACK : DTRACE_AGGKEY_STACK;
		kk->size = (uint32_t)(8 * (frames + (user ? 1 : 0)));
		rec->kind = user ? DT_REC_USTACK : DT_REC_STACK;
		return;
	}
	if (dt_check_symarg(pcb, a)) {
		id = dt_check_symfn(a);
		kk->kind = id->user ? DTRACE_AGGKEY_BYREF : DTRACE_AGGKEY_INT;
		kk->size = id->user ? 16 : 8;
		rec->kind = id->user ? DT_REC_USYM : DT_REC_KSYM;
		rec->symfmt = (enum dt_symfmt)id->symfmt;
		rec->type = a->type;
		return;
	}
	dt_check_expr(pcb, a);
	t = dt_type_base(a->type);
	rec->type = a->type;
	if (dt_type_is_string(t)) {
		kk->kind = DTRACE_AGGKEY_STRING;
		kk->size = dt_strbytes(opt);
		rec->kind = DT_REC_STRING;
	} else if (dt_type_is_byref(t) && t->size > 0 &&
		   t->size <= DTRACE_AGG_KEYMAX) {
		kk->kind = DTRACE_AGGKEY_BYREF;
		kk->size = (uint32_t)t->size;
		rec->kind = DT_REC_BYREF;
	} else if (dt_type_is_scalar(t)) {
		kk->kind = DTRACE_AGGKEY_INT;
		kk->size = 8;
		rec->kind = DT_REC_INT;
		rec->is_signed = t->is_signed;
	} else {
		char buf[128];

		dt_type_name(a->type, buf, sizeof(buf));
		dt_diag(pcb, a->line, D_AGG_KEY,
			"aggregation key of type %s cannot be recorded", buf);
	}
}

static void dt_check_aggkeys(struct dt_pcb *pcb, struct dt_node *keys,
			     struct dt_agg *ag)
{
	uint32_t off = 0;
	struct dt_node *a;

	for (a = keys; a; a = a->next) {
		struct dt_recdesc *rec = &ag->keys[ag->nkeys];
		struct dtrace_aggkey *kk = &ag->def.keys[ag->nkeys];

		if (ag->nkeys == DTRACE_AGG_MAXKEYS)
			dt_diag(pcb, a->line, D_AGG_LIMIT,
				"aggregation has more than %d keys",
				DTRACE_AGG_MAXKEYS);
		/* each key takes a tuple register (-x tregs) */
		if (ag->nkeys == pcb->dtp->opt.tregs)
			dt_diag(pcb, 0, D_ARR_BOUNDS,
				"Insufficient tuple registers to generate code");
		dt_check_aggkey(pcb, a, kk, rec);
		rec->offset = off;
		rec->size = kk->size;
		off += DT_ALIGN(kk->size, 8);
		if (off > DTRACE_AGG_KEYMAX)
			dt_diag(pcb, a->line, D_AGG_LIMIT,
				"aggregation keys take more than %d bytes",
				DTRACE_AGG_KEYMAX);
		ag->nkeys++;
	}
	ag->keysize = off;
}

/*
 * The tag of redefining @old as @ag: a histogram's parameter that
 * differs has its own, anything else is D_AGG_REDEF.
 */
static enum dt_errtag dt_check_redef_tag(const struct dt_agg *old,
					 const struct dt_agg *ag)
{
	static const enum dt_errtag lq[] = {
		D_LQUANT_MATCHBASE, D_LQUANT_MATCHLIM, D_LQUANT_MATCHSTEP
	};
	static const enum dt_errtag llq[] = {
		D_LLQUANT_MATCHFACTOR, D_LLQUANT_MATCHLMAG, D_LLQUANT_MATCHHMAG,
		D_LLQUANT_MATCHSTEPS
	};
	const enum dt_errtag *tags;
	unsigned int i, n;

	if (old->def.func != ag->def.func)
		return D_AGG_REDEF;
	if (ag->def.func == DTRACE_AGG_LQUANTIZE) {
		tags = lq;
		n = 3;
	} else if (ag->def.func == DTRACE_AGG_LLQUANTIZE) {
		tags = llq;
		n = 4;
	} else {
		return D_AGG_REDEF;
	}
	for (i = 0; i < n; i++)
		if (old->def.params[i] != ag->def.params[i])
			return tags[i];
	return D_AGG_REDEF;
}

/**
 * dt_check_agg() - check the statement @a[keys] = func(args)
 * @pcb: the compilation; errors unwind through dt_diag()
 * @n: the assignment (dt_check_is_aggstmt())
 *
 * The first use of @a defines it; later ones must agree.  The AGG node
 * gets the struct dt_agg as its ->ident.
 */
void dt_check_agg(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *lhs = n->left, *fn = n->right;
	struct dt_node *an = lhs->kind == DT_NODE_INDEX ? lhs->left : lhs;
	const struct dt_ident *id = NULL;
	struct dt_agg ag, *old;
	char cur[256], prev[256];

	if (fn->kind == DT_NODE_CALL && fn->left->kind == DT_NODE_IDENT)
		id = dt_ident_lookup(pcb->dtp, fn->left->str);
	if (!id || id->kind != DT_IDENT_AGGFUNC)
		dt_diag(pcb, n->line, D_AGG_FUNC,
			"@%s must be assigned the result of an aggregating function",
			an->str);
	memset(&ag, 0, sizeof(ag));
	ag.name = an->str;
	if (lhs->kind == DT_NODE_INDEX)
		dt_check_aggkeys(pcb, lhs->args, &ag);
	dt_check_aggfunc(pcb, fn, id, &ag);

	old = dt_agg_lookup(pcb->dtp, an->str);
	if (old && !dt_agg_same(old, &ag)) {
		dt_agg_describe(&ag, cur, sizeof(cur));
		dt_agg_describe(old, prev, sizeof(prev));
		dt_diag(pcb, n->line, dt_check_redef_tag(old, &ag),
			"aggregation redefined: @%s\n\t current: %s\n\tprevious: %s",
			an->str, cur, prev);
	}
	if (!old) {
		old = dt_agg_create(pcb->dtp, an->str, &ag);
		if (!old && pcb->dtp->naggs >= DTRACE_AGG_MAXID)
			dt_diag(pcb, n->line, D_AGG_LIMIT,
				"more than %d aggregations",
				DTRACE_AGG_MAXID - 1);
		if (!old)
			dt_diag(pcb, n->line, D_NOMEM, "out of memory");
	}
	an->ident = old;
	n->type = &dt_type_void;
}

/*
 * Argument @a (#@argno; there: the callers check the count) of @act:
 * an aggregation already defined.
 */
static struct dt_agg *dt_check_aggarg(struct dt_pcb *pcb,
				      const struct dt_node *n,
				      struct dt_node *a, unsigned int argno,
				      enum dt_errtag tag)
{
	const char *name = dt_check_action(n)->name;
	struct dt_agg *ag;
	char buf[128];

	if (a->kind != DT_NODE_AGG) {
		const struct dt_ident *f = NULL;

		if (a->kind == DT_NODE_CALL && a->left->kind == DT_NODE_IDENT)
			f = dt_ident_lookup(pcb->dtp, a->left->str);
		strcpy(buf, "aggregation element");
		if (f && f->kind == DT_IDENT_AGGFUNC) {
			snprintf(buf, sizeof(buf), "%s( )", f->name);
		} else if (!dt_check_is_aggref(a)) {
			dt_check_expr(pcb, a);
			dt_type_name(a->type, buf, sizeof(buf));
		}
		dt_diag(pcb, n->line, tag,
			"%s( ) argument #%u is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
			name, argno, buf);
	}
	ag = dt_agg_lookup(pcb->dtp, a->str);
	if (!ag)
		dt_diag(pcb, n->line, D_AGG_UNDEF,
			"failed to resolve @%s: Unknown aggregation name",
			a->str);
	a->ident = ag;
	return ag;
}

/*
 * printa(fmt, @a, ...) of @naggs aggregations: the format's plain
 * conversions take @a's keys in order (stacks as %k), its %@ ones the
 * aggregations' values.
 */
static void dt_check_printa_format(struct dt_pcb *pcb, struct dt_node *n,
				   unsigned int naggs)
{
	const struct dt_agg *ag = n->args->next->ident;
	const struct dt_type *types[DTRACE_AGG_MAXKEYS];
	enum dt_errtag tag;
	struct dt_pfmt *pf;
	char msg[512];
	unsigned int i;
	int ret;

	for (i = 0; i < ag->nkeys; i++)
		types[i] = ag->keys[i].type ? ag->keys[i].type : &dt_type_stack;
	pf = dt_printf_parse_tag(n->args->str, &tag, msg, sizeof(msg));
	if (!pf)
		dt_diag(pcb, n->line, tag, "%s", msg);
	ret = dt_printa_check(pf, types, ag->nkeys, naggs, &tag, msg,
			      sizeof(msg));
	dt_printf_free(pf);
	if (ret)
		dt_diag(pcb, n->line, tag, "%s", msg);
}

/* "[int, string]": the types of @ag's keys, for a diagnostic. */
static const char *dt_aggkeys_name(const struct dt_agg *ag, char *buf,
				   size_t len)
{
	size_t off = 0;
	unsigned int i;

	off += (size_t)snprintf(buf, len, "[");
	for (i = 0; i < ag->nkeys && off < len; i++) {
		const struct dt_type *t = ag->keys[i].type ?
					  ag->keys[i].type : &dt_type_stack;

		if (i)
			off += (size_t)snprintf(buf + off, len - off, ", ");
		if (off >= len)
			break;		/* cut: the ", " did not fit */
		dt_type_name(t, buf + off, len - off);
		off += strlen(buf + off);
	}
	if (off < len)
		snprintf(buf + off, len - off, "]");
	return buf;
}

/*
 * printa()'s aggregations print side by side, one line a key: @b must
 * have keys of @a's signature, as many and each of the same kind and
 * size (integers, strings, stacks, by-ref data).
 */
static void dt_check_printa_keys(struct dt_pcb *pcb, const struct dt_node *n,
				 const struct dt_agg *a, const struct dt_agg *b,
				 unsigned int argno)
{
	char abuf[256], bbuf[256];
	unsigned int i;
	bool same = a->nkeys == b->nkeys;

	for (i = 0; same && i < a->nkeys; i++)
		same = a->def.keys[i].kind == b->def.keys[i].kind &&
		       a->def.keys[i].size == b->def.keys[i].size;
	if (!same)
		dt_diag(pcb, n->line, D_PRINTA_AGGPROTO,
			"printa( ) argument #%u is incompatible with prototype:\n\tprototype: aggregation keyed %s\n\t argument: aggregation keyed %s",
			argno, dt_aggkeys_name(a, abuf, sizeof(abuf)),
			dt_aggkeys_name(b, bbuf, sizeof(bbuf)));
}

static void dt_check_printa(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->args;
	const struct dt_agg *first = NULL, *ag;
	unsigned int argno = 1;

	/* no argument at all fails the count check that every action has */
	if (!a)
		dt_diag(pcb, n->line, D_PROTO_LEN,
			"printa( ) prototype mismatch: 0 args passed, at least 1 expected");
	if (a->kind == DT_NODE_STRING) {
		a = a->next;
		argno++;
		if (!a)
			dt_diag(pcb, n->line, D_PRINTA_PROTO,
				"printa( ) prototype mismatch: 1 arg passed, at least 2 expected");
	}
	/* one aggregation may come twice: its value in two places */
	for (; a; a = a->next, argno++) {
		ag = dt_check_aggarg(pcb, n, a, argno, D_PRINTA_AGGARG);
		if (first)
			dt_check_printa_keys(pcb, n, first, ag, argno);
		else
			first = ag;
	}
	if (n->args->kind == DT_NODE_STRING)
		dt_check_printa_format(pcb, n, argno - 2);
}

/*
 * A string argument of setopt(): the option's name a constant, its value
 * any string, recorded when the probe fires if it is not a constant.
 */
static void dt_check_optarg(struct dt_pcb *pcb, const struct dt_node *n,
			    struct dt_node *a, unsigned int argno)
{
	dt_check_expr(pcb, a);
	if (!dt_type_is_string(a->type))
		dt_diag(pcb, n->line, D_PROTO_ARG,
			"setopt( ) argument #%u is incompatible with prototype:\n\tprototype: char *\n\t argument: %s",
			argno, a->type->name);
	if (argno == 1 && a->kind != DT_NODE_STRING)
		dt_diag(pcb, n->line, D_SETOPT_ARG,
			"setopt( ) argument #%u must be a string constant",
			argno);
}

/**
 * dt_check_aggact() - check printa(), clear(), trunc(), normalize(),
 * denormalize() or setopt()
 * @pcb: the compilation; errors unwind through dt_diag()
 * @n: the call
 * @act: its action
 *
 * The aggregation arguments get their struct dt_agg as ->ident.
 */
void dt_check_aggact(struct dt_pcb *pcb, struct dt_node *n,
		     const struct dt_ident *act)
{
	unsigned int have = dt_node_count(n->args);

	switch (act->action) {
	case DT_ACT_PRINTA:
		dt_check_printa(pcb, n);
		return;
	case DT_ACT_TRUNC:
		dt_check_nargs(pcb, n, n->left->str, 1, 2);
		dt_check_aggarg(pcb, n, n->args, 1, D_TRUNC_AGGARG);
		if (have == 2)
			dt_check_intarg(pcb, n, n->args->next, 2, D_PROTO_ARG);
		return;
	case DT_ACT_NORMALIZE:
		dt_check_nargs(pcb, n, n->left->str, 2, 2);
		dt_check_aggarg(pcb, n, n->args, 1, D_NORMALIZE_AGGARG);
		dt_check_intarg(pcb, n, n->args->next, 2, D_PROTO_ARG);
		return;
	case DT_ACT_DENORMALIZE:
		dt_check_nargs(pcb, n, n->left->str, 1, 1);
		dt_check_aggarg(pcb, n, n->args, 1, D_NORMALIZE_AGGARG);
		return;
	case DT_ACT_SETOPT:
		dt_check_nargs(pcb, n, n->left->str, 1, 2);
		dt_check_optarg(pcb, n, n->args, 1);
		if (have == 2)
			dt_check_optarg(pcb, n, n->args->next, 2);
		return;
	case DT_ACT_CLEAR:
		dt_check_nargs(pcb, n, n->left->str, 1, 1);
		dt_check_aggarg(pcb, n, n->args, 1, D_PROTO_ARG);
		return;
	case DT_ACT_NONE:
	case DT_ACT_TRACE:
	case DT_ACT_PRINTF:
	case DT_ACT_EXIT:
	case DT_ACT_TRACEMEM:
	case DT_ACT_PRINT:
	case DT_ACT_STACK:
	case DT_ACT_USTACK:
	case DT_ACT_RAISE:
	case DT_ACT_STOP:
	case DT_ACT_CHILL:
	case DT_ACT_SYSTEM:
	case DT_ACT_FREOPEN:
	case DT_ACT_FTRUNCATE:
	case DT_ACT_PANIC:
	case DT_ACT_BREAKPOINT:
	case DT_ACT_PCAP:
	case DT_ACT_SPECULATE:
	case DT_ACT_COMMIT:
	case DT_ACT_DISCARD:
		break;
	}
	dt_diag(pcb, n->line, D_INTERNAL,
		"internal error: %s( ) is no action on aggregations", act->name);
}
