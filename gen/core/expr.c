/* expr.c - the printers of an expression in each style, and comparing and
 * walking expressions. The parsers are expr_parse.c (our syntax) and
 * expr_perf_parse.c; nodes and the names of their kinds are ir.c's. */
#include "core/expr.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/div_rule.h"
/* ---- printing ------------------------------------------------------------- */

void expr_format_number(char *out, size_t size, double v)
{
    /* Whole numbers read best in full ("100", not "1e+02"). */
    if (v == floor(v) && fabs(v) < 1e15) {
        snprintf(out, size, "%.0f", v);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, size, "%.*g", prec, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

typedef struct printer {
    hw_buf *out;
    expr_style style;
    expr_name_fn names;
    void *ctx;
    int div_rule;       /* C style: which helper divides (div_rule.h) */
} printer;

/* Binding strength for INFIX, loosest first: perf's precedence table
 * (expr.h), which keeps ours for the operators both syntaxes have; perf's
 * own operators (INFIX_*) come below the sums. */
enum { PREC_SUM = INFIX_CMP + 1, PREC_PRODUCT, PREC_NEG, PREC_ATOM };

static int precedence(const hw_expr *e)
{
    switch (e->kind) {
    case EXPR_CALL:
        return func_infix(e->func) ? func_infix(e->func) : PREC_ATOM;
    case EXPR_ADD:
    case EXPR_SUB:
        return PREC_SUM;
    case EXPR_MUL:
    case EXPR_DIV:
    case EXPR_MOD:
        return PREC_PRODUCT;
    case EXPR_NEG:
        return PREC_NEG;
    default:
        return PREC_ATOM;
    }
}

static void print_node(printer *pr, const hw_expr *e);

/* e, in parentheses when `paren` */
static void print_wrapped(printer *pr, const hw_expr *e, int paren)
{
    if (paren)
        buf_putc(pr->out, '(');
    print_node(pr, e);
    if (paren)
        buf_putc(pr->out, ')');
}

static void print_number(printer *pr, const hw_expr *e)
{
    char num[40];
    if (isnan(e->value)) { /* perf's NaN */
        buf_puts(pr->out, pr->style == EXPR_STYLE_C ? "NAN" : "NaN");
        return;
    }
    if (pr->style != EXPR_STYLE_C && e->text) {
        /* Keep the spelling of the spec ("0x10", "1e6") for people. */
        buf_puts(pr->out, e->text);
        return;
    }
    expr_format_number(num, sizeof num, e->value);
    buf_puts(pr->out, num);
    if (pr->style == EXPR_STYLE_C && !strpbrk(num, ".eEn"))
        buf_puts(pr->out, ".0"); /* a double literal, never int division */
}

static void print_ref(printer *pr, const hw_expr *e)
{
    const char *name = pr->names ? pr->names(pr->ctx, e) : NULL;
    if (name) {
        buf_puts(pr->out, name);
        return;
    }
    if (pr->style == EXPR_STYLE_INFIX && e->dollar)
        buf_putc(pr->out, '$');
    buf_puts(pr->out, e->text);
}

/* In C, min/max of n arguments nest two at a time (left first); the helpers
 * make NaN propagate, which fmin/fmax would not. */
static void print_c_fold(printer *pr, const char *name, hw_expr *const *args,
                         int n)
{
    if (n == 1) {
        print_node(pr, args[0]);
        return;
    }
    buf_puts(pr->out, name);
    buf_putc(pr->out, '(');
    print_c_fold(pr, name, args, n - 1);
    buf_puts(pr->out, ", ");
    print_node(pr, args[n - 1]);
    buf_putc(pr->out, ')');
}

/* name(a, b, ...) */
static void print_c_helper(printer *pr, const char *name, hw_expr *const *args, int n)
{
    buf_puts(pr->out, name);
    buf_putc(pr->out, '(');
    for (int i = 0; i < n; i++) {
        if (i)
            buf_puts(pr->out, ", ");
        print_node(pr, args[i]);
    }
    buf_putc(pr->out, ')');
}

/* The C helper of a function or operator (the metrics header defines the
 * hwcgen_ ones with the shared NaN and zero rules). */
static const char *c_helper(hw_func f)
{
    static const char *const names[FUNC_COUNT] = {
        [FUNC_MIN] = "hwcgen_min", [FUNC_MAX] = "hwcgen_max", [FUNC_CEIL] = "ceil",
        [FUNC_FLOOR] = "floor", [FUNC_ABS] = "fabs", [FUNC_D_RATIO] = "hwcgen_d_ratio",
        [FUNC_IF] = "hwcgen_if", [FUNC_OR] = "hwcgen_or", [FUNC_XOR] = "hwcgen_xor",
        [FUNC_AND] = "hwcgen_and", [FUNC_LT] = "hwcgen_lt", [FUNC_GT] = "hwcgen_gt"};
    return names[f];
}

static void print_c_call(printer *pr, const hw_expr *e)
{
    if (func_takes_name(e->func)) {
        /* its value is the run-time input its name argument is bound to */
        print_node(pr, e->args[0]);
        return;
    }
    const char *name = c_helper(e->func);
    if (e->func == FUNC_MIN || e->func == FUNC_MAX) {
        print_c_fold(pr, name, e->args, e->nargs);
    } else if (e->func == FUNC_IF) { /* hwcgen_if(cond, then, otherwise) */
        hw_expr *const args[3] = {e->args[1], e->args[0], e->args[2]};
        print_c_helper(pr, name, args, 3);
    } else {
        print_c_helper(pr, name, e->args, e->nargs);
    }
}

static void print_operator(printer *pr, const hw_expr *e);

static void print_call(printer *pr, const hw_expr *e)
{
    if (pr->style == EXPR_STYLE_C) {
        print_c_call(pr, e);
        return;
    }
    if (func_infix(e->func)) {
        print_operator(pr, e);
        return;
    }
    buf_puts(pr->out, func_name(e->func));
    buf_putc(pr->out, '(');
    for (int i = 0; i < e->nargs; i++) {
        if (i)
            buf_puts(pr->out, ", ");
        /* perf reads an argument as an expr, not an if-else (PERF style
         * puts every if-else in parentheses anyway) */
        print_wrapped(pr, e->args[i], pr->style == EXPR_STYLE_INFIX &&
                                          precedence(e->args[i]) == INFIX_IF);
    }
    buf_putc(pr->out, ')');
}

/* INFIX only (C and PERF parenthesise every binary node): operators
 * associate left, so an equal-precedence right operand needs parentheses
 * to read back as the same tree. */
static void print_operand(printer *pr, const hw_expr *parent,
                          const hw_expr *child, int right)
{
    print_wrapped(pr, child, pr->style == EXPR_STYLE_INFIX &&
                                 (precedence(child) < precedence(parent) ||
                                  (right && precedence(child) == precedence(parent))));
}

/* l op r; C and PERF put every one in parentheses */
static void print_infix(printer *pr, const hw_expr *e, const char *op)
{
    int wrap = pr->style != EXPR_STYLE_INFIX;
    if (wrap)
        buf_putc(pr->out, '(');
    print_operand(pr, e, e->args[0], 0);
    buf_putc(pr->out, ' ');
    buf_puts(pr->out, op);
    buf_putc(pr->out, ' ');
    print_operand(pr, e, e->args[1], 1);
    if (wrap)
        buf_putc(pr->out, ')');
}

static void print_binary(printer *pr, const hw_expr *e)
{
    if (pr->style == EXPR_STYLE_C && (e->kind == EXPR_DIV || e->kind == EXPR_MOD)) {
        /* NaN on a zero divisor, as the shared semantics say */
        print_c_helper(pr, e->kind == EXPR_DIV ? div_rule_c_name(pr->div_rule) : "hwcgen_mod",
                       e->args, 2);
        return;
    }
    print_infix(pr, e, expr_kind_name(e->kind));
}

/* "then if cond else otherwise": perf reads then and cond as exprs, the
 * else branch as another if-else (right-associative). */
static void print_if(printer *pr, const hw_expr *e)
{
    int wrap = pr->style != EXPR_STYLE_INFIX;
    if (wrap)
        buf_putc(pr->out, '(');
    print_wrapped(pr, e->args[0], !wrap && precedence(e->args[0]) == INFIX_IF);
    buf_puts(pr->out, " if ");
    print_wrapped(pr, e->args[1], !wrap && precedence(e->args[1]) == INFIX_IF);
    buf_puts(pr->out, " else ");
    print_node(pr, e->args[2]);
    if (wrap)
        buf_putc(pr->out, ')');
}

/* perf's operators, PERF and INFIX styles: like the binary operators */
static void print_operator(printer *pr, const hw_expr *e)
{
    if (e->func == FUNC_IF)
        print_if(pr, e);
    else
        print_infix(pr, e, func_name(e->func));
}

static void print_node(printer *pr, const hw_expr *e)
{
    switch (e->kind) {
    case EXPR_NUM:
        print_number(pr, e);
        break;
    case EXPR_REF:
        print_ref(pr, e);
        break;
    case EXPR_NEG:
        buf_puts(pr->out, pr->style == EXPR_STYLE_INFIX ? "-" : "(-");
        print_wrapped(pr, e->args[0], pr->style == EXPR_STYLE_INFIX &&
                                          precedence(e->args[0]) < PREC_NEG);
        if (pr->style != EXPR_STYLE_INFIX)
            buf_putc(pr->out, ')');
        break;
    case EXPR_CALL:
        print_call(pr, e);
        break;
    default:
        print_binary(pr, e);
        break;
    }
}

void expr_print(hw_buf *out, const hw_expr *e, expr_style style,
                expr_name_fn names, void *ctx)
{
    expr_print_rule(out, e, style, names, ctx, DIV_RULE_NAN);
}

void expr_print_rule(hw_buf *out, const hw_expr *e, expr_style style,
                     expr_name_fn names, void *ctx, int div_rule)
{
    printer pr = {out, style, names, ctx, div_rule};
    print_node(&pr, e);
}

/* ---- comparison and walking --------------------------------------------- */

static int same_name(const hw_expr *a, const hw_expr *b)
{
    if (a->literal != b->literal)
        return 0;
    return a->literal ? strcasecmp(a->text, b->text) == 0 : strcmp(a->text, b->text) == 0;
}

int expr_equal(const hw_expr *a, const hw_expr *b)
{
    if (a->kind != b->kind || a->nargs != b->nargs)
        return 0;
    if (a->kind == EXPR_NUM && a->value != b->value &&
        !(isnan(a->value) && isnan(b->value)))
        return 0;
    if (a->kind == EXPR_REF && !same_name(a, b))
        return 0;
    if (a->kind == EXPR_CALL && a->func != b->func)
        return 0;
    for (int i = 0; i < a->nargs; i++)
        if (!expr_equal(a->args[i], b->args[i]))
            return 0;
    return 1;
}

int expr_each_ref(hw_expr *e, expr_ref_fn fn, void *ctx)
{
    if (e->kind == EXPR_REF)
        return fn(ctx, e);
    for (int i = 0; i < e->nargs; i++) {
        int rc = expr_each_ref(e->args[i], fn, ctx);
        if (rc)
            return rc;
    }
    return 0;
}
