/* expr_parse.c - our spec formats' expression syntax: its lexer and
 * primary expressions on the scaffold of expr_parser.h (expr_parse). */
#include "core/expr_parser.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- lexer -------------------------------------------------------------- */

static int is_name_start(int c)
{
    return isalpha(c) || c == '_';
}

static int is_name_char(int c)
{
    return isalnum(c) || c == '_';
}

static void lex_number(expr_parser *p, token *t)
{
    const char *s = p->pos;
    char *end;
    errno = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2]))
        t->value = (double)strtoull(s, &end, 16);
    else
        t->value = strtod(s, &end);
    /* strtod would take "inf"/"nan" too, but we only get here on a digit
     * or '.', so what it consumed is a plain number. */
    t->kind = TOK_NUM;
    if (end == s || is_name_char((unsigned char)*end) || *end == '.')
        t->kind = TOK_BAD;
    while (is_name_char((unsigned char)*end) || *end == '.')
        end++;
    t->len = (size_t)(end - s);
    p->pos = end;
}

static void lex_ours(expr_parser *p)
{
    unsigned char c = expr_token_begin(p);
    token *t = &p->tok;
    if (!c) {
        t->kind = TOK_END;
        t->len = 0;
    } else if (isdigit(c) || (c == '.' && isdigit((unsigned char)p->pos[1]))) {
        lex_number(p, t);
    } else if (is_name_start(c) ||
               (c == '$' && is_name_start((unsigned char)p->pos[1]))) {
        t->dollar = c == '$';
        const char *s = p->pos + t->dollar;
        while (is_name_char((unsigned char)*s))
            s++;
        t->kind = TOK_NAME;
        t->len = (size_t)(s - p->pos);
        p->pos = s;
    } else if (strchr("+-*/%(),", c)) {
        t->kind = TOK_OP;
        p->pos++;
    } else {
        expr_token_bad(p);
    }
}

/* ---- parser --------------------------------------------------------------- */

static hw_expr *parse_call(expr_parser *p, token name)
{
    int f = func_find(name.start, name.len, FUNC_OURS);
    if (f < 0 || name.dollar) {
        p->tok = name;
        expr_fail(p, "unknown function");
        return NULL;
    }
    expr_next(p); /* '(' */
    hw_expr *args[64];
    int n = 0;
    for (;;) {
        if (n == (int)(sizeof args / sizeof args[0])) {
            expr_fail(p, "too many arguments");
            return NULL;
        }
        args[n] = expr_parse_binary(p);
        if (!args[n++])
            return NULL;
        if (!expr_is_op(p, ','))
            break;
        expr_next(p);
    }
    if (!expr_is_op(p, ')')) {
        expr_fail(p, "expected ',' or ')' in call");
        return NULL;
    }
    expr_next(p);
    if (!func_arity_ok((hw_func)f, n, 0)) {
        p->tok = name;
        /* ours take one argument (ceil, floor, abs) or two and more */
        expr_fail(p, func_arity_ok((hw_func)f, 1, 0) ? "takes exactly one argument"
                                                     : "takes at least two arguments");
        return NULL;
    }
    hw_expr *e = expr_node(p, EXPR_CALL, name.col, n);
    if (e) {
        e->func = (hw_func)f;
        memcpy(e->args, args, (size_t)n * sizeof *args);
    }
    return e;
}

static hw_expr *parse_primary(expr_parser *p)
{
    token t = p->tok;
    if (t.kind == TOK_NUM)
        return expr_number_node(p, t.value);
    if (t.kind == TOK_NAME) {
        expr_next(p);
        if (expr_is_op(p, '('))
            return parse_call(p, t);
        return expr_ref_node(p, &t);
    }
    if (expr_is_op(p, '(')) {
        expr_next(p);
        hw_expr *e = expr_parse_binary(p);
        if (e && !expr_is_op(p, ')')) {
            expr_fail(p, "expected ')'");
            return NULL;
        }
        expr_next(p);
        return e;
    }
    expr_fail(p, t.kind == TOK_BAD ? "invalid token" : "expected a number, a name or '('");
    return NULL;
}

/* Binary operators by precedence, loosest first. */
static const char *const op_levels[] = {"+-", "*/%"};

static const expr_syntax our_syntax = {
    lex_ours, expr_parse_binary, parse_primary,
    op_levels, sizeof op_levels / sizeof op_levels[0], "invalid token",
};

hw_expr *expr_parse(hw_arena *a, const char *text, expr_error *err)
{
    return expr_parse_syntax(&our_syntax, a, text, err);
}
