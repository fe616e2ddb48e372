/* expr_perf_parse.c - perf's metric language (MetricExpr, MetricThreshold) read
 * into our expression trees: its lexer's rules and its grammar's
 * precedence (perf 6.12, tools/perf/util/expr.l and expr.y), by recursive
 * descent. See expr.h for the grammar and where we differ. */
#include "core/expr_parser.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/perf_lang.h"

/* ---- lexer -------------------------------------------------------------- */

/* Keywords, and the functions perf calls by name (HW_FUNCS' FUNC_PERF),
 * win over a symbol of the same length (perf's lexer lists them first); a
 * longer symbol wins over both ("if_x", "d_ratio2"). A token's kw is the
 * keyword's index, or NKEYWORDS + the function. */
typedef enum { KW_IF, KW_ELSE, KW_NAN } keyword;

static const char *const keywords[] = {"if", "else", "NaN"};
enum { NKEYWORDS = sizeof keywords / sizeof keywords[0] };

/* [0-9a-zA-Z_.:@?], or a backslash before '-', ',' or '=' */
static size_t symbol_len(const char *s)
{
    size_t n = 0;
    for (;;) {
        unsigned char c = (unsigned char)s[n];
        if (isalnum(c) || (c && strchr("_.:@?", c)))
            n++;
        else if (c == '\\' && s[n + 1] && strchr("-,=", s[n + 1]))
            n += 2;
        else
            return n;
    }
}

static size_t digits(const char *s)
{
    size_t n = 0;
    while (isdigit((unsigned char)s[n]))
        n++;
    return n;
}

/* ([0-9]+\.?[0-9]*|[0-9]*\.?[0-9]+)(e-?[0-9]+)?, longest match; 0: none */
static size_t number_len(const char *s)
{
    size_t whole = digits(s), n = whole, frac = 0;
    if (s[n] == '.') {
        frac = digits(s + n + 1);
        if (whole || frac)
            n += 1 + frac;
    }
    if (!whole && !frac)
        return 0;
    size_t e = s[n] == 'e' ? 1 : 0;
    if (e && s[n + 1] == '-')
        e++;
    if (e && digits(s + n + e))
        n += e + digits(s + n + e);
    return n;
}

/* #[0-9a-zA-Z_.-]+ ; 0: none */
static size_t literal_len(const char *s)
{
    if (*s != '#')
        return 0;
    size_t n = 1;
    while (isalnum((unsigned char)s[n]) || (s[n] && strchr("_.-", s[n])))
        n++;
    return n > 1 ? n : 0;
}

static int keyword_of(const char *s, size_t len)
{
    for (int k = 0; k < NKEYWORDS; k++)
        if (strlen(keywords[k]) == len && strncmp(keywords[k], s, len) == 0)
            return k;
    int f = func_find(s, len, FUNC_PERF);
    return f >= 0 ? NKEYWORDS + f : -1;
}

static void lex_perf(expr_parser *p)
{
    token *t = &p->tok;
    if (!expr_token_begin(p)) {
        t->kind = TOK_END;
        t->len = 0;
        return;
    }
    const char *s = p->pos;
    size_t lit = literal_len(s), num = number_len(s), sym = symbol_len(s);
    if (lit) {
        t->kind = TOK_LIT;
        t->len = lit;
    } else if (num && num >= sym) {
        t->kind = TOK_NUM;
        t->len = num;
    } else if (sym) {
        t->kw = keyword_of(s, sym);
        t->kind = t->kw >= 0 ? TOK_KW : TOK_NAME;
        t->len = sym;
    } else if (strchr("|^&<>-+*/%(),", *s)) {
        t->kind = TOK_OP;
    } else {
        /* perf's lexer skips such a character; a formula of ours must not
         * hold one. */
        expr_token_bad(p);
        return;
    }
    p->pos += t->len;
}

static int is_kw(const expr_parser *p, keyword kw)
{
    return p->tok.kind == TOK_KW && p->tok.kw == (int)kw;
}

/* ---- nodes ---------------------------------------------------------------- */

static hw_expr *number(expr_parser *p)
{
    char text[128];
    if (p->tok.len >= sizeof text) {
        expr_fail(p, "number too long");
        return NULL;
    }
    memcpy(text, p->tok.start, p->tok.len);
    text[p->tok.len] = '\0';
    errno = 0;
    double v = strtod(text, NULL);
    if (errno == ERANGE) { /* perf refuses it too */
        expr_fail(p, "number out of range");
        return NULL;
    }
    return expr_number_node(p, v);
}

static hw_expr *literal(expr_parser *p)
{
    int in_case;
    const perf_literal *l = perf_literal_find(p->tok.start, p->tok.len, &in_case);
    if (!l) {
        char names[256], message[320];
        perf_literal_names(names, sizeof names);
        snprintf(message, sizeof message, "unknown literal (perf 6.12 knows %s)", names);
        expr_fail(p, in_case ? "perf reads this literal only in lower case" : message);
        return NULL;
    }
    hw_expr *e = expr_ref_node(p, &p->tok);
    if (e)
        e->literal = 1;
    expr_next(p);
    return e;
}

static hw_expr *symbol(expr_parser *p)
{
    hw_expr *e = expr_ref_node(p, &p->tok);
    if (e) {
        e->term = e->text ? perf_term_split(p->arena, e->text) : NULL;
        if (!e->term)
            expr_fail(p, "out of memory");
    }
    expr_next(p);
    return e;
}

/* ---- grammar -------------------------------------------------------------- */

static hw_expr *parse_if(expr_parser *p);

static int expect(expr_parser *p, char op, const char *message)
{
    if (!expr_is_op(p, op)) {
        expr_fail(p, message);
        return -1;
    }
    expr_next(p);
    return 0;
}

/* has_event(E), strcmp_cpuid_str(ID), source_count(E): the argument is a
 * symbol, never a value. */
static hw_expr *name_call(expr_parser *p, hw_expr *call)
{
    if (p->tok.kind != TOK_NAME) {
        expr_fail(p, "expected a name as the argument");
        return NULL;
    }
    call->args[0] = symbol(p);
    return call->args[0] && expect(p, ')', "expected ')' after the name") == 0
               ? call
               : NULL;
}

static hw_expr *call(expr_parser *p)
{
    token name = p->tok;
    hw_func f = (hw_func)(name.kw - NKEYWORDS);
    expr_next(p);
    if (expect(p, '(', "expected '(' after the function's name") != 0)
        return NULL;
    int n = func_takes_name(f) ? 1 : 2;
    hw_expr *e = expr_node(p, EXPR_CALL, name.col, n);
    if (!e)
        return NULL;
    e->func = f;
    if (n == 1)
        return name_call(p, e);
    /* min, max and d_ratio take exactly two values (perf's grammar) */
    if (!(e->args[0] = expr_parse_binary(p)) ||
        expect(p, ',', "expected ',': this function takes two arguments") != 0 ||
        !(e->args[1] = expr_parse_binary(p)) ||
        expect(p, ')', expr_is_op(p, ',') ? "this function takes exactly two arguments"
                                           : "expected ')'") != 0)
        return NULL;
    return e;
}

static hw_expr *parse_primary(expr_parser *p)
{
    switch (p->tok.kind) {
    case TOK_NUM:
        return number(p);
    case TOK_LIT:
        return literal(p);
    case TOK_NAME:
        return symbol(p);
    case TOK_KW:
        if (is_kw(p, KW_NAN))
            return expr_number_node(p, NAN);
        if (p->tok.kw >= NKEYWORDS)
            return call(p);
        break;
    case TOK_OP:
        if (expr_is_op(p, '(')) {
            expr_next(p);
            hw_expr *e = parse_if(p);
            return e && expect(p, ')', "expected ')'") == 0 ? e : NULL;
        }
        break;
    default:
        break;
    }
    expr_fail(p, p->tok.kind == TOK_BAD ? "invalid character"
                                        : "expected a number, a name or '('");
    return NULL;
}

/* if_expr := expr ['if' expr 'else' if_expr]: the lowest precedence, and
 * right-associative ("a if x else b if y else c" is a if x else (b if y
 * else c)). */
static hw_expr *parse_if(expr_parser *p)
{
    if (expr_deeper(p) != 0)
        return NULL;
    hw_expr *then = expr_parse_binary(p), *e = then;
    if (then && is_kw(p, KW_IF)) {
        int col = p->tok.col;
        expr_next(p);
        hw_expr *cond = expr_parse_binary(p);
        if (cond && !is_kw(p, KW_ELSE))
            expr_fail(p, "expected 'else'");
        else if (cond)
            expr_next(p);
        hw_expr *otherwise = p->failed ? NULL : parse_if(p);
        e = otherwise ? expr_node(p, EXPR_CALL, col, 3) : NULL;
        if (e) {
            e->func = FUNC_IF;
            e->args[0] = then;
            e->args[1] = cond;
            e->args[2] = otherwise;
        }
    }
    p->depth--;
    return e;
}

/* perf's binary operators by precedence, loosest first (expr.y's %left
 * lines). */
static const char *const levels[] = {"|", "^", "&", "<>", "+-", "*/%"};

static const expr_syntax perf_syntax = {
    lex_perf, parse_if, parse_primary,
    levels, sizeof levels / sizeof levels[0], "invalid character",
};

hw_expr *expr_parse_perf(hw_arena *a, const char *text, expr_error *err)
{
    return expr_parse_syntax(&perf_syntax, a, text, err);
}
