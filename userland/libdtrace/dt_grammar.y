/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The D grammar: a program is a list of clauses, a clause is probe
 * descriptions, an optional predicate and an optional body of
 * statements.  Expressions follow C's precedence levels, one rule per
 * level, plus D's ^^ between || and &&.  The actions only build the AST
 * (dt_ast.c); meaning is given later by dt_check.c.  Tokens come from
 * dt_lex.l, which tells predicate slashes from divisions.
 */

%code requires {
struct dt_pcb;
struct dt_node;
struct dt_stmt_node;
struct dt_pdesc_node;
}

%code {
#include "dt_pcb.h"

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

/* A NULL from a constructor means the arena ran dry: stop at once. */
#define NN(x)	do { if (!(x)) YYABORT; } while (0)
}

%define api.pure full
%param {struct dt_pcb *pcb}

%union {
	struct dt_node *node;
	struct dt_stmt_node *stmt;
	struct dt_pdesc_node *pdesc;
	char *str;
	int op;
}

%token <pdesc> DT_TOK_PSPEC
%token <node> DT_TOK_IDENT DT_TOK_INT DT_TOK_STRING
%token DT_TOK_BPRED DT_TOK_EPRED
%token DT_TOK_LSH_EQ DT_TOK_RSH_EQ DT_TOK_ADD_EQ DT_TOK_SUB_EQ
%token DT_TOK_MUL_EQ DT_TOK_DIV_EQ DT_TOK_MOD_EQ DT_TOK_AND_EQ
%token DT_TOK_XOR_EQ DT_TOK_OR_EQ
%token DT_TOK_INC DT_TOK_DEC DT_TOK_PTR
%token DT_TOK_LAND DT_TOK_LOR DT_TOK_LXOR DT_TOK_LSH DT_TOK_RSH
%token DT_TOK_LE DT_TOK_GE DT_TOK_EQ DT_TOK_NE
/* Lexed but part of no rule yet: they make clean syntax errors. */
%token DT_TOK_KEYWORD DT_TOK_AGG DT_TOK_MACRO DT_TOK_BAD DT_TOK_ERROR

%type <pdesc> probe_descriptions
%type <node> predicate
%type <stmt> body statement_list
%type <node> statement expression assignment_expression
%type <node> conditional_expression logical_or_expression
%type <node> logical_xor_expression logical_and_expression
%type <node> inclusive_or_expression exclusive_or_expression
%type <node> and_expression equality_expression relational_expression
%type <node> shift_expression additive_expression
%type <node> multiplicative_expression unary_expression
%type <node> postfix_expression primary_expression
%type <node> argument_list
%type <op> assignment_operator unary_operator

%%

program:
	  %empty
	| program clause
	;

clause:
	  probe_descriptions predicate body {
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
	  %empty				{ $$ = NULL; }
	| '{' statement_list '}'		{ $$ = $2; }
	;

statement_list:
	  statement {
		$$ = dt_stmt_append(pcb, NULL, $1);
	}
	| statement_list ';' statement {
		$$ = dt_stmt_append(pcb, $1, $3);
	}
	;

statement:
	  %empty				{ $$ = NULL; }
	| expression
	;

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
	  unary_expression
	| multiplicative_expression '*' unary_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_MUL, $1, $3));
	}
	| multiplicative_expression '/' unary_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_DIV, $1, $3));
	}
	| multiplicative_expression '%' unary_expression {
		NN($$ = dt_node_op2(pcb, DT_OP_MOD, $1, $3));
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
	| unary_operator unary_expression {
		NN($$ = dt_node_op1(pcb, $1, $2));
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
		NN($$ = dt_node_op2(pcb, DT_OP_INDEX, $1, $3));
	}
	| postfix_expression '(' ')' {
		NN($$ = dt_node_call(pcb, $1, NULL));
	}
	| postfix_expression '(' argument_list ')' {
		NN($$ = dt_node_call(pcb, $1, $3));
	}
	| postfix_expression '.' DT_TOK_IDENT {
		NN($3);
		NN($$ = dt_node_member(pcb, DT_OP_DOT, $1, $3->str));
	}
	| postfix_expression DT_TOK_PTR DT_TOK_IDENT {
		NN($3);
		NN($$ = dt_node_member(pcb, DT_OP_PTR, $1, $3->str));
	}
	| postfix_expression DT_TOK_INC {
		NN($$ = dt_node_op1(pcb, DT_OP_POSTINC, $1));
	}
	| postfix_expression DT_TOK_DEC {
		NN($$ = dt_node_op1(pcb, DT_OP_POSTDEC, $1));
	}
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
	| '(' expression ')'			{ $$ = $2; }
	;

%%

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
	return ret || pcb->failed ? -1 : 0;
}
