/* expr.h - the one expression language of every spec format: parse it,
 * print it (C, perf MetricExpr, readable infix), compare trees.
 *
 * Two surface syntaxes make the same trees. Our spec formats (expr_parse):
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
 *
 * perf's metric language (expr_parse_perf: MetricExpr and MetricThreshold
 * of a kernel's pmu-events tree), as perf 6.12's expr.l and expr.y read it:
 *
 *   start   := if_expr
 *   if_expr := expr ['if' expr 'else' if_expr]        (right-associative)
 *   expr    := binary operators, loosest first, each level left-associative:
 *              '|'   '^'   '&'   '<' '>'   '+' '-'   '*' '/' '%'
 *              then unary '-', then primary
 *   primary := number | 'NaN' | literal | symbol | '(' if_expr ')'
 *            | ('min' | 'max' | 'd_ratio') '(' expr ',' expr ')'
 *            | ('has_event' | 'strcmp_cpuid_str' | 'source_count')
 *              '(' symbol ')'
 *   number  := ([0-9]+\.?[0-9]*|[0-9]*\.?[0-9]+)(e-?[0-9]+)?
 *   literal := '#' [0-9a-zA-Z_.-]+    (#slots, #SMT_on: perf_lang.h)
 *   symbol  := ([0-9a-zA-Z_.:@?] | '\-' | '\,' | '\=')+
 *
 * Tokens are perf's: the longest match wins, a keyword or a number over a
 * symbol of the same length, so "0x1F" is a symbol there and "1e+9" is the
 * symbol "1e" then "+9". A symbol is a REF node holding its text exactly as
 * written and the term it names (hw_term: event, PMU, terms, modifiers); a
 * literal is a REF node with `literal` set; perf's operators and
 * `x if c else y` are calls (FUNC_LT ... FUNC_IF, args then, cond, else:
 * HW_FUNCS in ir.h). Where we differ from perf: a character
 * perf's lexer skips (any outside the tokens) is an error here; an unknown
 * literal is a syntax error here, where perf fails when it evaluates.
 *
 * Semantics, shared by the interpreter (interp.h), the generated C and the
 * docs, in both syntaxes: double arithmetic; x/0 and x%0 are NaN (a
 * target's own division rule aside: div_rule.h, expr_print_rule); NaN
 * propagates through every operator, min and max included. Comparisons
 * give 1 or 0; '&', '|', '^' take non-zero as true and give 1 or 0;
 * `x if c else y` is x when c is non-zero, y when c is 0; each of these is
 * NaN when an operand it reads is NaN. d_ratio(a, b) is 0 when b is 0,
 * else a / b. The value of has_event(E), strcmp_cpuid_str(ID),
 * source_count(E), a '#' literal and an event outside the target is an
 * input given at run time (hw_runtime in ir.h).
 */
#ifndef HWCGEN_EXPR_H
#define HWCGEN_EXPR_H

#include "core/arena.h"
#include "core/ir.h"

typedef struct expr_error {
    int col;            /* 1-based column of the offending token */
    char token[40];     /* the token as written (shortened), or "end" */
    char message[320];  /* "expected ')'", ... */
} expr_error;

/* Parse `text`; NULL with *err filled on a syntax error or out of memory.
 * Nesting deeper than EXPR_MAX_DEPTH is an error, never a stack overflow. */
enum { EXPR_MAX_DEPTH = 256 };
#define EXPR_MAX_DEPTH_TEXT 256 /* the same, for messages */
hw_expr *expr_parse(hw_arena *a, const char *text, expr_error *err);

/* Parse a formula in perf's metric language (MetricExpr or
 * MetricThreshold). NULL with *err filled on a syntax error. The REF nodes
 * are left unbound: for a target of format "pmu-events" the checker binds
 * them (check.h, check_perf_formulas). */
hw_expr *expr_parse_perf(hw_arena *a, const char *text, expr_error *err);

typedef enum {
    EXPR_STYLE_C,     /* C source: double literals, hwcgen_div() etc. */
    EXPR_STYLE_PERF,  /* perf MetricExpr: every binary op and if-else
                         parenthesised; expr_parse_perf reads it back as
                         the same tree */
    EXPR_STYLE_INFIX  /* for people: minimal parentheses, spaces; perf's
                         precedence, so expr_parse_perf reads it back too */
} expr_style;

/* How a reference is spelled in the output. NULL = its name as written
 * (with '$' kept in INFIX style when the source had it). */
typedef const char *(*expr_name_fn)(void *ctx, const hw_expr *ref);

void expr_print(hw_buf *out, const hw_expr *e, expr_style style,
                expr_name_fn names, void *ctx);
/* The same, dividing by `div_rule` (div_rule.h) in C style: the target's
 * rule (hw_target.div_rule). expr_print divides by DIV_RULE_NAN. */
void expr_print_rule(hw_buf *out, const hw_expr *e, expr_style style,
                     expr_name_fn names, void *ctx, int div_rule);

/* Structural equality: same shape, same numbers (by value; NaN equals
 * NaN), same names (a '#' literal in any case: "#SMT_on" is "#smt_on"). */
int expr_equal(const hw_expr *a, const hw_expr *b);

/* Call fn for every REF node, in left-to-right order; stops early and
 * returns the first non-zero fn result. */
typedef int (*expr_ref_fn)(void *ctx, hw_expr *ref);
int expr_each_ref(hw_expr *e, expr_ref_fn fn, void *ctx);

/* Shortest decimal text that reads back as exactly `v` ("0.1", "1e+06"). */
void expr_format_number(char *out, size_t size, double v);

#endif
