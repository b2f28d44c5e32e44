/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The D grammar: a program is a list of clauses, a clause is probe
 * descriptions, an optional predicate and an optional body of
 * statements.  Expressions follow C's precedence levels, one rule per
 * level, plus D's ^^ between || and &&.  An aggregation @a is a primary
 * expression, so "@a[keys] = f(args);" is an assignment statement;
 * dt_check_agg.c gives it meaning and refuses @a anywhere else.  The
 * actions only build the AST (dt_ast.c); meaning is given later by
 * dt_check.c.  Tokens come from dt_lex.l, which tells predicate slashes
 * from divisions.
 */

%code requires {
struct dt_pcb;
struct dt_node;
struct dt_stmt_node;
struct dt_pdesc_node;
struct dt_type;
struct dt_declarator;
struct dt_typelist;
struct dt_xlmember;
struct dt_uprobe;
struct dt_uparams;
}

%code {
#include "dt_pcb.h"
#include "dt_compile.h"
#include "dt_decl.h"
#include "dt_provider.h"
#include <string.h>

int dt_yylex(YYSTYPE *lval, void *scanner);

static int yylex(YYSTYPE *lval, struct dt_pcb *pcb)
{
	return dt_yylex(lval, pcb->scanner);
}

static void yyerror(struct dt_pcb *pcb, const char *msg)
{
	(void)msg;
	if (pcb->tok_eof)
		dt_pcb_error(pcb, pcb->line, D_SYNTAX,
			     "syntax error near end of input");
	else
		dt_pcb_error(pcb, pcb->line, D_SYNTAX,
			     "syntax error near \"%s\"", pcb->tok);
}

/* D calls functions by name: 1() or (f)() is refused as it is parsed. */
static int dt_grammar_callee(struct dt_pcb *pcb, const struct dt_node *fn)
{
	if (fn->kind == DT_NODE_IDENT)
		return 0;
	dt_pcb_error(pcb, fn->line, D_FUNC_IDENT,
		     "function designator is not of function type");
	return -1;
}

/* A NULL from a constructor means an error was reported: stop at once. */
#define NN(x)	do { if (!(x)) YYABORT; } while (0)
/* So does a -1 from a declaration action. */
#define OK(x)	do { if (x) YYABORT; } while (0)
}

%define api.pure full
%param {struct dt_pcb *pcb}
/* "if (a) if (b) x; else y;": the else goes with the nearest if, as C. */
%expect 1

%union {
	struct dt_node *node;
	struct dt_stmt_node *stmt;
	struct dt_pdesc_node *pdesc;
	const struct dt_type *type;
	struct dt_type *sou;
	struct dt_declarator *decl;
	struct dt_typelist *types;
	struct dt_xlmember *xlm;
	struct dt_uprobe *uprobe;
	struct dt_uparams *uparams;
	char *str;
	int op;
}

%token <pdesc> DT_TOK_PSPEC
%token <node> DT_TOK_IDENT DT_TOK_INT DT_TOK_STRING DT_TOK_AGG
%token <str> DT_TOK_TNAME DT_TOK_TYPEKW
%token DT_TOK_BPRED DT_TOK_EPRED
%token DT_TOK_LSH_EQ DT_TOK_RSH_EQ DT_TOK_ADD_EQ DT_TOK_SUB_EQ
%token DT_TOK_MUL_EQ DT_TOK_DIV_EQ DT_TOK_MOD_EQ DT_TOK_AND_EQ
%token DT_TOK_XOR_EQ DT_TOK_OR_EQ
%token DT_TOK_INC DT_TOK_DEC DT_TOK_PTR
%token DT_TOK_LAND DT_TOK_LOR DT_TOK_LXOR DT_TOK_LSH DT_TOK_RSH
%token DT_TOK_LE DT_TOK_GE DT_TOK_EQ DT_TOK_NE
%token DT_KEY_CONST DT_KEY_USERLAND DT_KEY_STRUCT DT_KEY_UNION DT_KEY_ENUM
%token DT_KEY_TYPEDEF DT_KEY_INLINE DT_KEY_SELF DT_KEY_THIS DT_KEY_XLATOR
%token DT_KEY_XLATE DT_KEY_SIZEOF DT_KEY_OFFSETOF DT_KEY_STRINGOF
%token DT_KEY_IF DT_KEY_ELSE DT_KEY_PROVIDER DT_KEY_PROBE
%token DT_KEY_EXTERN DT_KEY_BADCLASS DT_TOK_ELLIPSIS
/* Lexed but part of no rule: reserved words, and errors the lexer has
   already reported. */
%token DT_TOK_KEYWORD DT_TOK_BAD DT_TOK_ERROR

%type <pdesc> probe_descriptions
%type <node> predicate
%type <stmt> body statement_list statement if_statement if_body
%type <node> expression assignment_expression
%type <node> conditional_expression logical_or_expression
%type <node> logical_xor_expression logical_and_expression
%type <node> inclusive_or_expression exclusive_or_expression
%type <node> and_expression equality_expression relational_expression
%type <node> shift_expression additive_expression
%type <node> multiplicative_expression unary_expression cast_expression
%type <node> postfix_expression primary_expression
%type <node> argument_list constant_expression member_name enum_value
%type <node> xlator_member_name
%type <op> assignment_operator unary_operator
%type <str> type_words
%type <type> type_specifier type_name qualified_type base_type
%type <sou> sou_head enum_head sou_body enum_body
%type <op> sou_kind
%type <decl> declarator direct_declarator declarator_list
%type <decl> abstract_declarator member_declarator member_declarator_list
%type <decl> parameter_type_list parameter_list parameter abstract_pointers
%type <decl> abstract_ptrs direct_abstract_declarator
%type <types> key_list
%type <uparams> probe_params probe_param_list probe_xlate
%type <uprobe> provider_probes
%type <xlm> xlator_members

%%

program:
	  %empty
	| program clause
	| program declaration
	| program ';'
	;

clause:
	  probe_descriptions predicate body {
		/* dtrace -n BEGIN is a clause, a script's lone BEGIN not */
		if (!$2 && pcb->no_body && pcb->is_file) {
			dt_pcb_error(pcb, $1->line, D_SYNTAX,
				     "expected predicate and/or actions following probe description");
			YYABORT;
		}
		dt_clause_add(pcb, $1, $2, $3);
		if (pcb->failed)
			YYABORT;
	}
	;

probe_descriptions:
	  DT_TOK_PSPEC				{ NN($$ = $1); }
	| probe_descriptions ',' DT_TOK_PSPEC {
		NN($3);
		$$ = dt_pdesc_link($1, $3);
	}
	;

predicate:
	  %empty				{ $$ = NULL; }
	| DT_TOK_BPRED expression DT_TOK_EPRED	{ $$ = $2; }
	;

body:
	  %empty			{ $$ = NULL; pcb->no_body = true; }
	| '{' statement_list '}'	{ $$ = $2; pcb->no_body = false; }
	| '{' statement_list expression '}' {
		$$ = dt_stmt_link($2, dt_stmt_expr(pcb, $3));
		pcb->no_body = false;
	}
	;

/* Statements end with ';', but the last of a block need not. */
statement_list:
	  %empty				{ $$ = NULL; }
	| statement_list statement		{ $$ = dt_stmt_link($1, $2); }
	;

statement:
	  ';'					{ $$ = NULL; }
	| expression ';'			{ NN($$ = dt_stmt_expr(pcb, $1)); }
	| if_statement
	;

if_statement:
	  DT_KEY_IF '(' expression ')' if_body {
		NN($$ = dt_stmt_if(pcb, $3, $5, NULL));
	}
	| DT_KEY_IF '(' expression ')' if_body DT_KEY_ELSE if_body {
		NN($$ = dt_stmt_if(pcb, $3, $5, $7));
	}
	;

if_body:
	  statement
	| '{' statement_list '}'		{ $$ = $2; }
	| '{' statement_list expression '}' {
		$$ = dt_stmt_link($2, dt_stmt_expr(pcb, $3));
	}
	;

/* Top-level declarations. */

storage_class:
	  DT_KEY_SELF | DT_KEY_THIS | DT_KEY_EXTERN
	;

extern_kw:
	  DT_KEY_EXTERN				{ pcb->in_extern = true; }
	;

typedef_kw:
	  DT_KEY_TYPEDEF			{ pcb->in_typedef = true; }
	;

declaration:
	  type_specifier ';'			{ (void)$1; }
	| type_specifier declarator_list ';' {
		OK(dt_decl_vars(pcb, DT_SCOPE_GLOBAL, $1, $2));
	}
	| DT_KEY_SELF type_specifier declarator_list ';' {
		OK(dt_decl_vars(pcb, DT_SCOPE_THREAD, $2, $3));
	}
	| DT_KEY_THIS type_specifier declarator_list ';' {
		OK(dt_decl_vars(pcb, DT_SCOPE_CLAUSE, $2, $3));
	}
	| extern_kw type_specifier ';' {
		dt_pcb_error(pcb, pcb->line, D_DECL_USELESS,
			     "useless declaration");
		YYABORT;
	}
	| extern_kw type_specifier declarator_list ';' {
		pcb->in_extern = false;
		OK(dt_decl_extern(pcb, $2, $3));
	}
	| extern_kw DT_TOK_IDENT ';' {
		pcb->in_extern = false;
		/* no type: an int, as in C before C99 */
		NN($2);
	}
	| DT_KEY_BADCLASS {
		dt_pcb_error(pcb, pcb->line, D_DECL_BADCLASS,
			     "specified storage class not appropriate in D");
		YYABORT;
	}
	| storage_class storage_class {
		dt_pcb_error(pcb, pcb->line, D_DECL_CLASS,
			     "only one storage class allowed in a declaration");
		YYABORT;
	}
	| DT_KEY_SELF declarator_list ';' {	/* self x; is an int, as in C */
		OK(dt_decl_vars(pcb, DT_SCOPE_THREAD, &dt_type_int, $2));
	}
	| DT_KEY_THIS declarator_list ';' {
		OK(dt_decl_vars(pcb, DT_SCOPE_CLAUSE, &dt_type_int, $2));
	}
	| typedef_kw type_specifier declarator_list ';' {
		pcb->in_typedef = false;
		OK(dt_decl_typedef(pcb, $2, $3));
	}
	| DT_KEY_INLINE type_specifier declarator '=' assignment_expression ';' {
		OK(dt_decl_inline(pcb, $2, $3, $5));
	}
	| DT_KEY_XLATOR type_name '<' type_specifier declarator '>'
	  '{' xlator_members '}' ';' {
		OK(dt_decl_xlator(pcb, $2, $4, $5, $8, pcb->line));
	}
	| DT_KEY_PROVIDER DT_TOK_IDENT '{' provider_probes '}' ';' {
		NN($2);
		OK(dt_uprov_declare(pcb, $2->str, $4, $2->line));
	}
	;

/*
 * USDT provider declarations: probe NAME(TYPE [NAME], ...); and with
 * the arguments the probe shows, named after the ones it is given:
 * probe NAME(TYPE NAME, ...) : (TYPE NAME, ...);
 */
provider_probes:
	  %empty				{ $$ = NULL; }
	| provider_probes DT_KEY_PROBE DT_TOK_IDENT '(' probe_params ')'
	  probe_xlate ';' {
		NN($3);
		NN($$ = dt_uprobe_add(pcb, $1, $3->str, $5, $7, $3->line));
	}
	;

probe_xlate:
	  %empty				{ $$ = NULL; }
	| ':' '(' probe_params ')'		{ NN($$ = dt_uparams_add(pcb, $3, NULL, NULL)); }
	;

probe_params:
	  %empty				{ $$ = NULL; }
	| probe_param_list
	;

probe_param_list:
	  type_name				{ NN($$ = dt_uparams_add(pcb, NULL, $1, NULL)); }
	| type_name DT_TOK_IDENT		{ NN($2); NN($$ = dt_uparams_add(pcb, NULL, $1, $2->str)); }
	| probe_param_list ',' type_name	{ NN($$ = dt_uparams_add(pcb, $1, $3, NULL)); }
	| probe_param_list ',' type_name DT_TOK_IDENT {
		NN($4);
		NN($$ = dt_uparams_add(pcb, $1, $3, $4->str));
	}
	;

xlator_members:
	  %empty				{ $$ = NULL; }
	| xlator_members xlator_member_name '=' assignment_expression ';' {
		NN($$ = dt_xlmember_add(pcb, $1, $2->str, $4, $2->line));
	}
	;

xlator_member_name:
	  DT_TOK_IDENT				{ NN($$ = $1); }
	| DT_TOK_TNAME				{ NN($$ = dt_node_ident(pcb, $1, pcb->line)); }
	;

/* Type specifiers: a base type with its qualifiers (which D ignores). */
type_specifier:
	  qualified_type
	| DT_KEY_CONST type_specifier		{ $$ = $2; }
	;

qualified_type:
	  base_type
	| qualified_type DT_KEY_CONST		{ $$ = $1; }
	| qualified_type sou_kind {
		(void)$2;
		dt_pcb_error(pcb, pcb->line, D_DECL_COMBO,
			     "invalid type combination");
		YYABORT;
	}
	| qualified_type DT_KEY_ENUM {
		dt_pcb_error(pcb, pcb->line, D_DECL_COMBO,
			     "invalid type combination");
		YYABORT;
	}
	;

base_type:
	  type_words				{ NN($$ = dt_decl_typename(pcb, $1, pcb->line)); }
	| DT_TOK_TNAME				{ NN($$ = dt_decl_typename(pcb, $1, pcb->line)); }
	| sou_kind DT_TOK_IDENT {
		NN($2);
		NN($$ = dt_decl_tag(pcb, $1, $2->str, $2->line));
	}
	| DT_KEY_ENUM DT_TOK_IDENT {
		NN($2);
		NN($$ = dt_decl_tag(pcb, DT_TK_ENUM, $2->str, $2->line));
	}
	| sou_body '}'				{ NN($$ = dt_decl_sou_end(pcb, $1)); }
	| enum_body opt_comma '}'		{ NN($$ = dt_decl_sou_end(pcb, $1)); }
	;

type_words:
	  DT_TOK_TYPEKW
	| type_words DT_TOK_TYPEKW		{ NN($$ = dt_decl_words(pcb, $1, $2)); }
	;

sou_kind:
	  DT_KEY_STRUCT				{ $$ = DT_TK_STRUCT; }
	| DT_KEY_UNION				{ $$ = DT_TK_UNION; }
	;

sou_head:
	  sou_kind DT_TOK_IDENT {
		NN($2);
		NN($$ = dt_decl_sou_begin(pcb, $1, $2->str, $2->line));
	}
	| sou_kind				{ NN($$ = dt_decl_sou_begin(pcb, $1, NULL, pcb->line)); }
	;

sou_body:
	  sou_head '{'				{ $$ = $1; }
	| sou_body type_specifier member_declarator_list ';' {
		OK(dt_decl_sou_members(pcb, $1, $2, $3));
		$$ = $1;
	}
	;

member_declarator_list:
	  member_declarator
	| member_declarator_list ',' member_declarator {
		$$ = dt_declarator_link($1, $3);
	}
	;

member_declarator:
	  declarator
	| declarator ':' constant_expression {
		OK(dt_declarator_bits(pcb, $1, $3));
		$$ = $1;
	}
	| ':' constant_expression {
		NN($$ = dt_declarator_new(pcb, NULL, pcb->line));
		OK(dt_declarator_bits(pcb, $$, $2));
	}
	;

enum_head:
	  DT_KEY_ENUM DT_TOK_IDENT {
		NN($2);
		NN($$ = dt_decl_sou_begin(pcb, DT_TK_ENUM, $2->str, $2->line));
	}
	| DT_KEY_ENUM				{ NN($$ = dt_decl_sou_begin(pcb, DT_TK_ENUM, NULL, pcb->line)); }
	;

enum_body:
	  enum_head '{' DT_TOK_IDENT enum_value {
		NN($3);
		OK(dt_decl_enumerator(pcb, $1, $3->str, $4, $3->line));
		$$ = $1;
	}
	| enum_body ',' DT_TOK_IDENT enum_value {
		NN($3);
		OK(dt_decl_enumerator(pcb, $1, $3->str, $4, $3->line));
		$$ = $1;
	}
	;

enum_value:
	  %empty				{ $$ = NULL; }
	| '=' constant_expression		{ $$ = $2; }
	;

opt_comma:
	  %empty
	| ','
	;

declarator_list:
	  declarator
	| declarator_list ',' declarator	{ $$ = dt_declarator_link($1, $3); }
	;

/*
 * A type name declared again: only a typedef may, to the type it names
 * (dt_decl_typedef()); no suffix, so "self T (" is T's type.
 */
declarator:
	  direct_declarator
	| DT_TOK_TNAME {
		if (!pcb->in_typedef) {
			dt_pcb_error(pcb, pcb->line, D_DECL_IDRED,
				     "identifier redeclared: %s", $1);
			YYABORT;
		}
		NN($$ = dt_declarator_new(pcb, $1, pcb->line));
	}
	| '*' declarator			{ $2->nptr++; $$ = $2; }
	| '*' DT_KEY_CONST declarator		{ $3->nptr++; $$ = $3; }
	| DT_KEY_USERLAND declarator		{ $$ = $2; }
	;

direct_declarator:
	  DT_TOK_IDENT {
		NN($1);
		if (strchr($1->str, '`')) {
			dt_pcb_error(pcb, $1->line, D_DECL_SCOPE,
				     "D scoping operator may not be used in a declaration name (%s)",
				     $1->str);
			YYABORT;
		}
		NN($$ = dt_declarator_new(pcb, $1->str, $1->line));
	}
	| '(' declarator ')' {
		NN($$ = dt_declarator_new(pcb, $2->name, $2->line));
		$$->inner = $2;
	}
	| direct_declarator '[' constant_expression ']' {
		OK(dt_declarator_dim(pcb, $1, $3));
		$$ = $1;
	}
	| direct_declarator '[' ']' {
		OK(dt_declarator_dim(pcb, $1, NULL));
		$$ = $1;
	}
	| direct_declarator '[' key_list ']' {
		OK(dt_declarator_keys(pcb, $1, $3));
		$$ = $1;
	}
	| direct_declarator '[' type_specifier DT_TOK_IDENT ']' {
		NN($4);
		OK(dt_declarator_param(pcb, $1, $3, $4->str));
		$$ = $1;
	}
	| direct_declarator '(' ')' {
		OK(dt_declarator_func(pcb, $1, NULL));
		$$ = $1;
	}
	| direct_declarator '(' parameter_type_list ')' {
		OK(dt_declarator_func(pcb, $1, $3));
		$$ = $1;
	}
	;

/* A function's parameters; "..." is a declarator of its own, last. */
parameter_type_list:
	  parameter_list
	| parameter_list ',' DT_TOK_ELLIPSIS {
		struct dt_declarator *e;

		NN(e = dt_declarator_new(pcb, NULL, pcb->line));
		e->ellipsis = true;
		$$ = dt_declarator_link($1, e);
	}
	| DT_TOK_ELLIPSIS {
		NN($$ = dt_declarator_new(pcb, NULL, pcb->line));
		$$->ellipsis = true;
	}
	;

parameter_list:
	  parameter
	| parameter_list ',' parameter		{ $$ = dt_declarator_link($1, $3); }
	;

parameter:
	  type_specifier {
		NN($$ = dt_declarator_new(pcb, NULL, pcb->line));
		$$->ptype = $1;
	}
	| type_specifier declarator		{ $2->ptype = $1; $$ = $2; }
	| type_specifier abstract_pointers	{ $2->ptype = $1; $$ = $2; }
	| DT_KEY_BADCLASS {
		dt_pcb_error(pcb, pcb->line, D_DECL_PARMCLASS,
			     "inappropriate storage class for function or associative array parameter");
		YYABORT;
	}
	| DT_KEY_EXTERN {
		dt_pcb_error(pcb, pcb->line, D_DECL_PARMCLASS,
			     "inappropriate storage class for function or associative array parameter");
		YYABORT;
	}
	;

abstract_pointers:
	  '*'					{ NN($$ = dt_declarator_new(pcb, NULL, pcb->line)); $$->nptr = 1; }
	| '*' abstract_pointers			{ $2->nptr++; $$ = $2; }
	;

key_list:
	  type_name				{ NN($$ = dt_typelist_add(pcb, NULL, $1)); }
	| key_list ',' type_name		{ NN($$ = dt_typelist_add(pcb, $1, $3)); }
	;

/* A type with no name declared: casts, sizeof, xlate, keys. */
type_name:
	  type_specifier
	| type_specifier abstract_declarator {
		NN($$ = dt_declarator_type(pcb, $1, $2));
	}
	;

abstract_declarator:
	  abstract_ptrs
	| direct_abstract_declarator
	| abstract_ptrs direct_abstract_declarator {
		$2->nptr += $1->nptr;
		$$ = $2;
	}
	;

abstract_ptrs:
	  '*'					{ NN($$ = dt_declarator_new(pcb, NULL, pcb->line)); $$->nptr = 1; }
	| abstract_ptrs '*'			{ $1->nptr++; $$ = $1; }
	| abstract_ptrs DT_KEY_CONST		{ $$ = $1; }
	;

/* int (*)(void): parentheses group, a parameter list makes a function */
direct_abstract_declarator:
	  '(' abstract_declarator ')' {
		NN($$ = dt_declarator_new(pcb, NULL, pcb->line));
		$$->inner = $2;
	}
	| '(' ')' {
		NN($$ = dt_declarator_new(pcb, NULL, pcb->line));
		OK(dt_declarator_func(pcb, $$, NULL));
	}
	| '(' parameter_type_list ')' {
		NN($$ = dt_declarator_new(pcb, NULL, pcb->line));
		OK(dt_declarator_func(pcb, $$, $2));
	}
	| direct_abstract_declarator '(' ')' {
		OK(dt_declarator_func(pcb, $1, NULL));
		$$ = $1;
	}
	| direct_abstract_declarator '(' parameter_type_list ')' {
		OK(dt_declarator_func(pcb, $1, $3));
		$$ = $1;
	}
	;

constant_expression:
	  conditional_expression
	;

/* Expressions. */

expression:
	  assignment_expression
	| expression ',' assignment_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_COMMA, $1, $3));
	}
	;

assignment_expression:
	  conditional_expression
	| unary_expression assignment_operator assignment_expression {
		NN($$ = dt_node_op2(pcb, $2, $1, $3));
	}
	;

assignment_operator:
	  '='				{ $$ = DT_OP_ASGN; }
	| DT_TOK_ADD_EQ			{ $$ = DT_OP_ADD_EQ; }
	| DT_TOK_SUB_EQ			{ $$ = DT_OP_SUB_EQ; }
	| DT_TOK_MUL_EQ			{ $$ = DT_OP_MUL_EQ; }
	| DT_TOK_DIV_EQ			{ $$ = DT_OP_DIV_EQ; }
	| DT_TOK_MOD_EQ			{ $$ = DT_OP_MOD_EQ; }
	| DT_TOK_AND_EQ			{ $$ = DT_OP_AND_EQ; }
	| DT_TOK_XOR_EQ			{ $$ = DT_OP_XOR_EQ; }
	| DT_TOK_OR_EQ			{ $$ = DT_OP_OR_EQ; }
	| DT_TOK_LSH_EQ			{ $$ = DT_OP_LSH_EQ; }
	| DT_TOK_RSH_EQ			{ $$ = DT_OP_RSH_EQ; }
	;

conditional_expression:
	  logical_or_expression
	| logical_or_expression '?' expression ':' conditional_expression {
		NN($$ = dt_node_op3(pcb, $1, $3, $5));
	}
	;

logical_or_expression:
	  logical_xor_expression
	| logical_or_expression DT_TOK_LOR logical_xor_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_LOR, $1, $3));
	}
	;

logical_xor_expression:
	  logical_and_expression
	| logical_xor_expression DT_TOK_LXOR logical_and_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_LXOR, $1, $3));
	}
	;

logical_and_expression:
	  inclusive_or_expression
	| logical_and_expression DT_TOK_LAND inclusive_or_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_LAND, $1, $3));
	}
	;

inclusive_or_expression:
	  exclusive_or_expression
	| inclusive_or_expression '|' exclusive_or_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_BOR, $1, $3));
	}
	;

exclusive_or_expression:
	  and_expression
	| exclusive_or_expression '^' and_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_XOR, $1, $3));
	}
	;

and_expression:
	  equality_expression
	| and_expression '&' equality_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_BAND, $1, $3));
	}
	;

equality_expression:
	  relational_expression
	| equality_expression DT_TOK_EQ relational_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_EQ, $1, $3));
	}
	| equality_expression DT_TOK_NE relational_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_NE, $1, $3));
	}
	;

relational_expression:
	  shift_expression
	| relational_expression '<' shift_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_LT, $1, $3));
	}
	| relational_expression '>' shift_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_GT, $1, $3));
	}
	| relational_expression DT_TOK_LE shift_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_LE, $1, $3));
	}
	| relational_expression DT_TOK_GE shift_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_GE, $1, $3));
	}
	;

shift_expression:
	  additive_expression
	| shift_expression DT_TOK_LSH additive_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_LSH, $1, $3));
	}
	| shift_expression DT_TOK_RSH additive_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_RSH, $1, $3));
	}
	;

additive_expression:
	  multiplicative_expression
	| additive_expression '+' multiplicative_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_ADD, $1, $3));
	}
	| additive_expression '-' multiplicative_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_SUB, $1, $3));
	}
	;

multiplicative_expression:
	  cast_expression
	| multiplicative_expression '*' cast_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_MUL, $1, $3));
	}
	| multiplicative_expression '/' cast_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_DIV, $1, $3));
	}
	| multiplicative_expression '%' cast_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_MOD, $1, $3));
	}
	;

cast_expression:
	  unary_expression
	| '(' type_name ')' cast_expression {
		NN($$ = dt_node_cast(pcb, DT_NODE_CAST, $2, $4));
	}
	;

unary_expression:
	  postfix_expression
	| DT_TOK_INC unary_expression {
		NN($$ = dt_node_op1(pcb, DT_OP_PREINC, $2));
	}
	| DT_TOK_DEC unary_expression {
		NN($$ = dt_node_op1(pcb, DT_OP_PREDEC, $2));
	}
	| unary_operator cast_expression {
		NN($$ = dt_node_op1(pcb, $1, $2));
	}
	| DT_KEY_SIZEOF unary_expression {
		NN($$ = dt_node_unary(pcb, DT_NODE_SIZEOF, $2));
	}
	| DT_KEY_SIZEOF '(' type_name ')' {
		NN($$ = dt_decl_sizeof(pcb, $3, pcb->line));
	}
	| DT_KEY_STRINGOF unary_expression {
		NN($$ = dt_node_unary(pcb, DT_NODE_STRINGOF, $2));
	}
	;

unary_operator:
	  '&'				{ $$ = DT_OP_ADDROF; }
	| '*'				{ $$ = DT_OP_DEREF; }
	| '+'				{ $$ = DT_OP_PLUS; }
	| '-'				{ $$ = DT_OP_NEG; }
	| '~'				{ $$ = DT_OP_BNEG; }
	| '!'				{ $$ = DT_OP_LNEG; }
	;

postfix_expression:
	  primary_expression
	| postfix_expression '[' argument_list ']' {
		NN($$ = dt_node_index(pcb, $1, $3));
	}
	| postfix_expression '(' ')' {
		OK(dt_grammar_callee(pcb, $1));
		NN($$ = dt_node_call(pcb, $1, NULL));
	}
	| postfix_expression '(' argument_list ')' {
		OK(dt_grammar_callee(pcb, $1));
		NN($$ = dt_node_call(pcb, $1, $3));
	}
	| postfix_expression '.' member_name {
		NN($$ = dt_node_member(pcb, DT_OP_DOT, $1, $3->str));
	}
	| postfix_expression DT_TOK_PTR member_name {
		NN($$ = dt_node_member(pcb, DT_OP_PTR, $1, $3->str));
	}
	| postfix_expression DT_TOK_INC {
		NN($$ = dt_node_op1(pcb, DT_OP_POSTINC, $1));
	}
	| postfix_expression DT_TOK_DEC {
		NN($$ = dt_node_op1(pcb, DT_OP_POSTDEC, $1));
	}
	;

/* After . and -> a member's name, even one spelled like a keyword's. */
member_name:
	  DT_TOK_IDENT				{ NN($$ = $1); }
	| DT_TOK_TYPEKW				{ NN($$ = dt_node_ident(pcb, $1, pcb->line)); }
	;

argument_list:
	  assignment_expression
	| argument_list ',' assignment_expression {
		NN($1);
		NN($3);
		$$ = dt_node_append($1, $3);
	}
	;

primary_expression:
	  DT_TOK_IDENT				{ NN($$ = $1); }
	| DT_TOK_INT				{ NN($$ = $1); }
	| DT_TOK_STRING				{ NN($$ = $1); }
	| DT_KEY_SELF DT_TOK_PTR member_name	{ NN($$ = dt_node_scoped(pcb, "self", $3)); }
	| DT_KEY_THIS DT_TOK_PTR member_name	{ NN($$ = dt_node_scoped(pcb, "this", $3)); }
	| '(' expression ')'			{ $$ = $2; }
	| DT_KEY_OFFSETOF '(' type_name ',' member_name ')' {
		NN($$ = dt_decl_offsetof(pcb, $3, $5->str, pcb->line));
	}
	| DT_KEY_XLATE '<' type_name '>' '(' expression ')' {
		NN($$ = dt_node_cast(pcb, DT_NODE_XLATE, $3, $6));
	}
	| DT_TOK_AGG				{ NN($$ = $1); }
	;

%%

/*
 * Each macro argument given must be used ($1 or $$1) unless the option
 * argref is set, as a misspelt script would otherwise ignore its input.
 * The last one unused is named, as DTrace does.
 */
static int dt_parse_argref(struct dt_pcb *pcb)
{
	const dtrace_hdl_t *dtp = pcb->dtp;
	int i;

	if (dtp->opt.argref || (pcb->cflags & DT_C_LIBRARY))
		return 0;
	for (i = dtp->macro_argc < 64 ? dtp->macro_argc - 1 : 63; i > 0; i--) {
		if (pcb->macros_used & (1ULL << i))
			continue;
		dt_pcb_error(pcb, pcb->line, D_MACRO_UNUSED,
			     "extraneous argument '%s' ($%d is not referenced)",
			     dtp->macro_argv[i], i);
		return -1;
	}
	return 0;
}

/**
 * dt_parse() - parse pcb->text into pcb->clauses
 * @pcb: the compilation
 *
 * Return: 0, or -1 with the diagnostic in @pcb.
 */
int dt_parse(struct dt_pcb *pcb)
{
	int ret;

	if (dt_lex_create(pcb)) {
		dt_pcb_error(pcb, 1, D_NOMEM, "out of memory");
		return -1;
	}
	ret = yyparse(pcb);
	dt_lex_destroy(pcb);
	if (ret == 2)
		dt_pcb_error(pcb, pcb->line, D_NOMEM, "out of memory");
	if (ret || pcb->failed)
		return -1;
	if (!pcb->any_tok && !(pcb->cflags & DT_C_LIBRARY)) {
		dt_pcb_error(pcb, pcb->line, D_EMPTY,
			     "empty D program translation unit");
		return -1;
	}
	return dt_parse_argref(pcb);
}
