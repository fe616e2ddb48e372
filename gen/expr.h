/* expr.h - the one expression language of every spec format: parse it,
 * print it (C, perf MetricExpr, readable infix), compare trees.
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '%') unary)*
 *   unary   := '-' unary | primary
 *   primary := number | name | name '(' expr (',' expr)* ')' | '(' expr ')'
 *   number  := 12 | 1.5 | .5 | 6e-3 | 0x1F
 *   name    := [$]?[A-Za-z_][A-Za-z0-9_]*   ("$MaliGPUCyclesGPUActive")
 *
 * Binary operators associate to the left. Calls are min, max (two or more
 * arguments), ceil, floor, abs (one).
 */
#ifndef HWCGEN_EXPR_H
#define HWCGEN_EXPR_H

#include "arena.h"
#include "ir.h"

typedef struct expr_error {
    int col;            /* 1-based column of the offending token */
    char token[40];     /* the token as written (shortened), or "end" */
    char message[160];  /* "expected ')'", ... */
} expr_error;

/* Parse `text`; NULL with *err filled on a syntax error or out of memory.
 * Nesting deeper than EXPR_MAX_DEPTH is an error, never a stack overflow. */
enum { EXPR_MAX_DEPTH = 256 };
hw_expr *expr_parse(hw_arena *a, const char *text, expr_error *err);

typedef enum {
    EXPR_STYLE_C,     /* C source: double literals, hwcgen_div() etc. */
    EXPR_STYLE_PERF,  /* perf MetricExpr: every binary op parenthesised */
    EXPR_STYLE_INFIX  /* for people: minimal parentheses, spaces */
} expr_style;

/* How a reference is spelled in the output. NULL = its name as written
 * (with '$' kept in INFIX style when the source had it). */
typedef const char *(*expr_name_fn)(void *ctx, const hw_expr *ref);

void expr_print(hw_buf *out, const hw_expr *e, expr_style style,
                expr_name_fn names, void *ctx);

/* Structural equality: same shape, same numbers (by value), same names. */
int expr_equal(const hw_expr *a, const hw_expr *b);

/* Call fn for every REF node, in left-to-right order; stops early and
 * returns the first non-zero fn result. */
typedef int (*expr_ref_fn)(void *ctx, hw_expr *ref);
int expr_each_ref(hw_expr *e, expr_ref_fn fn, void *ctx);

/* Shortest decimal text that reads back as exactly `v` ("0.1", "1e+06"). */
void expr_format_number(char *out, size_t size, double v);

#endif
