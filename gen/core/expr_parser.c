/* expr_parser.c - the parser scaffold of both expression syntaxes
 * (expr_parser.h). */
#include "core/expr_parser.h"

#include <stdio.h>
#include <string.h>

/* ---- tokens and errors ---------------------------------------------------- */

void expr_next(expr_parser *p)
{
    p->syntax->lex(p);
}

unsigned char expr_token_begin(expr_parser *p)
{
    while (*p->pos == ' ' || *p->pos == '\t' || *p->pos == '\n' || *p->pos == '\r')
        p->pos++;
    token *t = &p->tok;
    t->start = p->pos;
    t->col = (int)(p->pos - p->text) + 1;
    t->len = 1;
    t->dollar = 0;
    t->kw = -1;
    return (unsigned char)*p->pos;
}

void expr_token_bad(expr_parser *p)
{
    token *t = &p->tok;
    t->kind = TOK_BAD;
    while (((unsigned char)t->start[t->len] & 0xC0) == 0x80)
        t->len++;
    p->pos = t->start + t->len;
}

static void set_token_text(expr_error *err, const token *t)
{
    if (t->kind == TOK_END) {
        snprintf(err->token, sizeof err->token, "end of formula");
        return;
    }
    size_t n = t->len < sizeof err->token - 4 ? t->len : sizeof err->token - 4;
    memcpy(err->token, t->start, n);
    strcpy(err->token + n, t->len > n ? "..." : "");
}

void expr_fail(expr_parser *p, const char *message)
{
    if (p->failed)
        return;
    p->failed = 1;
    p->err->col = p->tok.col;
    set_token_text(p->err, &p->tok);
    snprintf(p->err->message, sizeof p->err->message, "%s", message);
}

int expr_is_op(const expr_parser *p, char op)
{
    return p->tok.kind == TOK_OP && *p->tok.start == op;
}

/* The limit and what counts against it, said where it is passed: a
 * long flat sum is not what a user calls nesting. */
#define LEVELS_LIMIT(n) "hwcgen's limit is " #n " levels"
#define LEVELS_TEXT(n) LEVELS_LIMIT(n)
_Static_assert(EXPR_MAX_DEPTH == EXPR_MAX_DEPTH_TEXT, "the limit as said is the limit");

int expr_deeper(expr_parser *p)
{
    if (++p->depth <= EXPR_MAX_DEPTH)
        return 0;
    if (p->chained > 0)
        expr_fail(p, "formula too deep for hwcgen (" LEVELS_TEXT(EXPR_MAX_DEPTH_TEXT)
                     ", and each operator of a chain such as a+b+c is one, as is each "
                     "parenthesis, call and unary minus: split the chain, e.g. into "
                     "metrics of its parts)");
    else
        expr_fail(p, "formula nested too deeply (" LEVELS_TEXT(EXPR_MAX_DEPTH_TEXT)
                     "; each parenthesis, call, unary minus and operator of a chain such "
                     "as a+b+c is one)");
    return -1;
}

/* ---- nodes ---------------------------------------------------------------- */

hw_expr *expr_node(expr_parser *p, hw_expr_kind kind, int col, int nargs)
{
    hw_expr *e = expr_new(p->arena, kind, col);
    if (e && nargs > 0) {
        e->args = arena_alloc(p->arena, (size_t)nargs * sizeof *e->args);
        e->nargs = nargs;
        if (!e->args)
            e = NULL;
    }
    if (!e)
        expr_fail(p, "out of memory");
    return e;
}

hw_expr *expr_number_node(expr_parser *p, double v)
{
    hw_expr *e = expr_node(p, EXPR_NUM, p->tok.col, 0);
    if (e) {
        e->value = v;
        e->text = arena_strndup(p->arena, p->tok.start, p->tok.len);
    }
    expr_next(p);
    return e;
}

hw_expr *expr_ref_node(expr_parser *p, const token *t)
{
    hw_expr *e = expr_node(p, EXPR_REF, t->col, 0);
    if (e) {
        e->dollar = t->dollar;
        e->text = arena_strndup(p->arena, t->start + t->dollar, t->len - (size_t)t->dollar);
    }
    return e;
}

/* The operators of our formats are node kinds; perf's others are calls
 * (HW_FUNCS in ir.h). */
static hw_expr *binary_node(expr_parser *p, char op, int col)
{
    static const struct {
        char op;
        hw_expr_kind kind;
        hw_func func;
    } ops[] = {
        {'+', EXPR_ADD, FUNC_COUNT}, {'-', EXPR_SUB, FUNC_COUNT},
        {'*', EXPR_MUL, FUNC_COUNT}, {'/', EXPR_DIV, FUNC_COUNT},
        {'%', EXPR_MOD, FUNC_COUNT}, {'|', EXPR_CALL, FUNC_OR},
        {'^', EXPR_CALL, FUNC_XOR},  {'&', EXPR_CALL, FUNC_AND},
        {'<', EXPR_CALL, FUNC_LT},   {'>', EXPR_CALL, FUNC_GT},
    };
    size_t i = 0;
    while (ops[i].op != op) /* the levels hold only these characters */
        i++;
    hw_expr *e = expr_node(p, ops[i].kind, col, 2);
    if (e && ops[i].kind == EXPR_CALL)
        e->func = ops[i].func;
    return e;
}

/* ---- grammar shared by both syntaxes -------------------------------------- */

hw_expr *expr_parse_unary(expr_parser *p)
{
    if (expr_deeper(p) != 0)
        return NULL;
    hw_expr *e;
    if (expr_is_op(p, '-')) {
        int col = p->tok.col;
        expr_next(p);
        hw_expr *operand = expr_parse_unary(p);
        e = operand ? expr_node(p, EXPR_NEG, col, 1) : NULL;
        if (e)
            e->args[0] = operand;
    } else {
        e = p->syntax->primary(p);
    }
    p->depth--;
    return e;
}

static hw_expr *parse_level(expr_parser *p, int level)
{
    if (level == p->syntax->nlevels)
        return expr_parse_unary(p);
    int chain = 0;
    hw_expr *l = parse_level(p, level + 1);
    while (l && p->tok.kind == TOK_OP && strchr(p->syntax->levels[level], *p->tok.start)) {
        char op = *p->tok.start;
        int col = p->tok.col;
        /* Each operator of a chain ("a+b+c") nests the tree one level
         * deeper, so it counts against EXPR_MAX_DEPTH like a parenthesis:
         * every consumer of the tree recurses on it. */
        if (expr_deeper(p) != 0)
            return NULL;
        chain++;
        p->chained++;
        expr_next(p);
        hw_expr *r = parse_level(p, level + 1);
        hw_expr *e = r ? binary_node(p, op, col) : NULL;
        if (!e)
            return NULL;
        e->args[0] = l;
        e->args[1] = r;
        l = e;
    }
    p->depth -= chain;
    p->chained -= chain;
    return l;
}

hw_expr *expr_parse_binary(expr_parser *p)
{
    if (expr_deeper(p) != 0)
        return NULL;
    hw_expr *e = parse_level(p, 0);
    p->depth--;
    return e;
}

hw_expr *expr_parse_syntax(const expr_syntax *syntax, hw_arena *a,
                           const char *text, expr_error *err)
{
    expr_parser p = {syntax, a, text, text, {0}, 0, err, 0, 0};
    memset(err, 0, sizeof *err);
    expr_next(&p);
    if (p.tok.kind == TOK_END) {
        expr_fail(&p, "empty formula");
        return NULL;
    }
    hw_expr *e = syntax->formula(&p);
    if (e && p.tok.kind != TOK_END)
        expr_fail(&p, expr_is_op(&p, ')')       ? "unbalanced ')'"
                      : p.tok.kind == TOK_BAD ? syntax->bad_token
                                              : "expected an operator");
    return p.failed ? NULL : e;
}
