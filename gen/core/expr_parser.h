/* expr_parser.h - the recursive-descent scaffold both expression syntaxes
 * share (expr.h): tokens, the first error, nodes, the nesting limit and the
 * binary-operator levels. Internal to the two parsers, expr_parse.c (our spec
 * formats) and expr_perf_parse.c (perf's metric language); each supplies its own
 * lexer and primary expressions through an expr_syntax. */
#ifndef HWCGEN_EXPR_PARSER_H
#define HWCGEN_EXPR_PARSER_H

#include "core/expr.h"

/* The union of both syntaxes' token kinds; each lexer makes some of them
 * (ours never makes TOK_LIT or TOK_KW). */
typedef enum { TOK_END, TOK_NUM, TOK_NAME, TOK_LIT, TOK_KW, TOK_OP, TOK_BAD } tok_kind;

typedef struct token {
    tok_kind kind;
    const char *start;
    size_t len;
    int col;
    double value; /* TOK_NUM of our syntax */
    int dollar;   /* TOK_NAME written "$name" (our syntax) */
    int kw;       /* TOK_KW: the keyword's index (perf's syntax), else -1 */
} token;

typedef struct expr_parser expr_parser;

typedef struct expr_syntax {
    /* Reads the token at p->pos into p->tok and moves p->pos past it. */
    void (*lex)(expr_parser *p);
    /* A whole formula: the syntax's loosest rule. */
    hw_expr *(*formula)(expr_parser *p);
    /* A primary expression: number, name, call, parenthesised formula. */
    hw_expr *(*primary)(expr_parser *p);
    /* Binary operators by precedence, loosest first: a level's operands
     * are parsed at the next level, the last level's by expr_parse_unary.
     * Each character is one of "|^&<>+-*%/". */
    const char *const *levels;
    int nlevels;
    /* The message for a TOK_BAD where an operator or the end should be. */
    const char *bad_token;
} expr_syntax;

struct expr_parser {
    const expr_syntax *syntax;
    hw_arena *arena;
    const char *text;
    const char *pos;
    token tok;
    int depth;
    expr_error *err;
    int failed;
    int chained; /* of depth, the levels that operators of chains open */
};

/* Parse `text` in `syntax` (expr_parse, expr_parse_perf). */
hw_expr *expr_parse_syntax(const expr_syntax *syntax, hw_arena *a,
                           const char *text, expr_error *err);

/* The next token (the syntax's lexer). */
void expr_next(expr_parser *p);

/* For a lexer: skips white space and starts p->tok there, one character
 * long; returns that character (0 at the end). */
unsigned char expr_token_begin(expr_parser *p);

/* For a lexer: p->tok is a TOK_BAD of the character it starts on, a whole
 * UTF-8 sequence (never half of one); moves p->pos past it. */
void expr_token_bad(expr_parser *p);

/* Records the first error, at the current token; later ones are dropped. */
void expr_fail(expr_parser *p, const char *message);

/* The current token is the operator `op`. */
int expr_is_op(const expr_parser *p, char op);

/* One level deeper; -1 (and an error) past EXPR_MAX_DEPTH. */
int expr_deeper(expr_parser *p);

/* A node with room for nargs arguments; NULL (and an error) without
 * memory. */
hw_expr *expr_node(expr_parser *p, hw_expr_kind kind, int col, int nargs);

/* The current token as a number of value v, its text as written; moves on. */
hw_expr *expr_number_node(expr_parser *p, double v);

/* A REF node for the name token t, its text without the '$'. */
hw_expr *expr_ref_node(expr_parser *p, const token *t);

/* '-' unary | primary */
hw_expr *expr_parse_unary(expr_parser *p);

/* The binary operators of every level, then expr_parse_unary. */
hw_expr *expr_parse_binary(expr_parser *p);

#endif
