/* expr_perf.c - perf's metric language (MetricExpr, MetricThreshold) read
 * into our expression trees: its lexer's rules and its grammar's
 * precedence (perf 6.12, tools/perf/util/expr.l and expr.y), by recursive
 * descent. See expr.h for the grammar and where we differ. */
#include "expr.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf_lang.h"

/* ---- lexer -------------------------------------------------------------- */

/* Keywords win over a symbol of the same length (perf's lexer lists them
 * first); a longer symbol wins over both ("if_x", "d_ratio2"). */
typedef enum {
    KW_NONE, KW_D_RATIO, KW_MAX, KW_MIN, KW_IF, KW_ELSE, KW_SOURCE_COUNT,
    KW_HAS_EVENT, KW_STRCMP_CPUID_STR, KW_NAN
} keyword;

static const struct {
    const char *text;
    keyword kw;
    int func; /* hw_func of a call keyword, -1 otherwise */
} keywords[] = {
    {"d_ratio", KW_D_RATIO, FUNC_D_RATIO},
    {"max", KW_MAX, FUNC_MAX},
    {"min", KW_MIN, FUNC_MIN},
    {"if", KW_IF, -1},
    {"else", KW_ELSE, -1},
    {"source_count", KW_SOURCE_COUNT, FUNC_SOURCE_COUNT},
    {"has_event", KW_HAS_EVENT, FUNC_HAS_EVENT},
    {"strcmp_cpuid_str", KW_STRCMP_CPUID_STR, FUNC_STRCMP_CPUID_STR},
    {"NaN", KW_NAN, -1},
};
enum { NKEYWORDS = sizeof keywords / sizeof keywords[0] };

typedef enum { TOK_END, TOK_NUM, TOK_SYM, TOK_LIT, TOK_KW, TOK_OP, TOK_BAD } tok_kind;

typedef struct token {
    tok_kind kind;
    const char *start;
    size_t len;
    int col;
    int kw; /* index into keywords[] for TOK_KW */
} token;

typedef struct parser {
    hw_arena *arena;
    const char *text;
    const char *pos;
    token tok;
    int depth;
    expr_error *err;
    int failed;
} parser;

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

static void fail(parser *p, const char *message)
{
    if (p->failed)
        return;
    p->failed = 1;
    p->err->col = p->tok.col;
    set_token_text(p->err, &p->tok);
    snprintf(p->err->message, sizeof p->err->message, "%s", message);
}

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
        if (strlen(keywords[k].text) == len && strncmp(keywords[k].text, s, len) == 0)
            return k;
    return -1;
}

static void next(parser *p)
{
    while (*p->pos == ' ' || *p->pos == '\t' || *p->pos == '\n' || *p->pos == '\r')
        p->pos++;
    token *t = &p->tok;
    t->start = p->pos;
    t->col = (int)(p->pos - p->text) + 1;
    t->len = 1;
    t->kw = -1;
    const char *s = p->pos;
    size_t lit = literal_len(s), num = number_len(s), sym = symbol_len(s);
    if (!*s) {
        t->kind = TOK_END;
        t->len = 0;
    } else if (lit) {
        t->kind = TOK_LIT;
        t->len = lit;
    } else if (num && num >= sym) {
        t->kind = TOK_NUM;
        t->len = num;
    } else if (sym) {
        t->kw = keyword_of(s, sym);
        t->kind = t->kw >= 0 ? TOK_KW : TOK_SYM;
        t->len = sym;
    } else if (strchr("|^&<>-+*/%(),", *s)) {
        t->kind = TOK_OP;
    } else {
        /* perf's lexer skips such a character; a formula of ours must not
         * hold one. Show a whole UTF-8 sequence, not half of one. */
        t->kind = TOK_BAD;
        while (((unsigned char)s[t->len] & 0xC0) == 0x80)
            t->len++;
    }
    p->pos += t->len;
}

static int is_op(const parser *p, char op)
{
    return p->tok.kind == TOK_OP && *p->tok.start == op;
}

static int is_kw(const parser *p, keyword kw)
{
    return p->tok.kind == TOK_KW && keywords[p->tok.kw].kw == kw;
}

/* ---- nodes ---------------------------------------------------------------- */

static hw_expr *node(parser *p, hw_expr_kind kind, int col, int nargs)
{
    hw_expr *e = expr_new(p->arena, kind, col);
    if (e && nargs > 0) {
        e->args = arena_alloc(p->arena, (size_t)nargs * sizeof *e->args);
        e->nargs = nargs;
        if (!e->args)
            e = NULL;
    }
    if (!e)
        fail(p, "out of memory");
    return e;
}

static hw_expr *number(parser *p)
{
    char text[128];
    if (p->tok.len >= sizeof text) {
        fail(p, "number too long");
        return NULL;
    }
    memcpy(text, p->tok.start, p->tok.len);
    text[p->tok.len] = '\0';
    errno = 0;
    double v = strtod(text, NULL);
    if (errno == ERANGE) { /* perf refuses it too */
        fail(p, "number out of range");
        return NULL;
    }
    hw_expr *e = node(p, EXPR_NUM, p->tok.col, 0);
    if (e) {
        e->value = v;
        e->text = arena_strdup(p->arena, text);
    }
    next(p);
    return e;
}

static hw_expr *nan_number(parser *p)
{
    hw_expr *e = node(p, EXPR_NUM, p->tok.col, 0);
    if (e) {
        e->value = NAN;
        e->text = "NaN";
    }
    next(p);
    return e;
}

static hw_expr *literal(parser *p)
{
    int in_case;
    const perf_literal *l = perf_literal_find(p->tok.start, p->tok.len, &in_case);
    if (!l) {
        fail(p, in_case ? "perf reads this literal only in lower case"
                        : "unknown literal (perf 6.12 knows #slots, #smt_on, "
                          "#num_cpus, #num_cpus_online, #num_packages, "
                          "#num_dies, #num_cores, #core_wide, "
                          "#system_tsc_freq, #has_pmem)");
        return NULL;
    }
    hw_expr *e = node(p, EXPR_REF, p->tok.col, 0);
    if (e) {
        e->literal = 1;
        e->text = arena_strndup(p->arena, p->tok.start, p->tok.len);
    }
    next(p);
    return e;
}

static hw_expr *symbol(parser *p)
{
    hw_expr *e = node(p, EXPR_REF, p->tok.col, 0);
    if (e) {
        e->text = arena_strndup(p->arena, p->tok.start, p->tok.len);
        e->term = e->text ? perf_term_split(p->arena, e->text) : NULL;
        if (!e->term)
            fail(p, "out of memory");
    }
    next(p);
    return e;
}

/* ---- grammar -------------------------------------------------------------- */

static hw_expr *parse_if(parser *p);
static hw_expr *parse_expr(parser *p);

static int deeper(parser *p)
{
    if (++p->depth > EXPR_MAX_DEPTH) {
        fail(p, "formula nested too deeply");
        return -1;
    }
    return 0;
}

static int expect(parser *p, char op, const char *message)
{
    if (!is_op(p, op)) {
        fail(p, message);
        return -1;
    }
    next(p);
    return 0;
}

/* has_event(E), strcmp_cpuid_str(ID), source_count(E): the argument is a
 * symbol, never a value. */
static hw_expr *name_call(parser *p, hw_expr *call)
{
    if (p->tok.kind != TOK_SYM) {
        fail(p, "expected a name as the argument");
        return NULL;
    }
    call->args[0] = symbol(p);
    return call->args[0] && expect(p, ')', "expected ')' after the name") == 0
               ? call
               : NULL;
}

static hw_expr *call(parser *p)
{
    token name = p->tok;
    hw_func f = (hw_func)keywords[name.kw].func;
    next(p);
    if (expect(p, '(', "expected '(' after the function's name") != 0)
        return NULL;
    int n = f == FUNC_HAS_EVENT || f == FUNC_STRCMP_CPUID_STR ||
                    f == FUNC_SOURCE_COUNT ? 1 : 2;
    hw_expr *e = node(p, EXPR_CALL, name.col, n);
    if (!e)
        return NULL;
    e->func = f;
    if (n == 1)
        return name_call(p, e);
    /* min, max and d_ratio take exactly two values (perf's grammar) */
    if (!(e->args[0] = parse_expr(p)) ||
        expect(p, ',', "expected ',': this function takes two arguments") != 0 ||
        !(e->args[1] = parse_expr(p)) ||
        expect(p, ')', is_op(p, ',') ? "this function takes exactly two arguments"
                                      : "expected ')'") != 0)
        return NULL;
    return e;
}

static hw_expr *parse_primary(parser *p)
{
    switch (p->tok.kind) {
    case TOK_NUM:
        return number(p);
    case TOK_LIT:
        return literal(p);
    case TOK_SYM:
        return symbol(p);
    case TOK_KW:
        if (is_kw(p, KW_NAN))
            return nan_number(p);
        if (keywords[p->tok.kw].func >= 0)
            return call(p);
        break;
    case TOK_OP:
        if (is_op(p, '(')) {
            next(p);
            hw_expr *e = parse_if(p);
            return e && expect(p, ')', "expected ')'") == 0 ? e : NULL;
        }
        break;
    default:
        break;
    }
    fail(p, p->tok.kind == TOK_BAD ? "invalid character" : "expected a number, a name or '('");
    return NULL;
}

static hw_expr *parse_unary(parser *p)
{
    if (deeper(p) != 0)
        return NULL;
    hw_expr *e;
    if (is_op(p, '-')) {
        int col = p->tok.col;
        next(p);
        hw_expr *operand = parse_unary(p);
        e = operand ? node(p, EXPR_NEG, col, 1) : NULL;
        if (e)
            e->args[0] = operand;
    } else {
        e = parse_primary(p);
    }
    p->depth--;
    return e;
}

/* perf's binary operators by precedence, loosest first (expr.y's %left
 * lines): each level's operands are parsed at the next one. */
static const char *const levels[] = {"|", "^", "&", "<>", "+-", "*/%"};
enum { LEVELS = sizeof levels / sizeof levels[0] };

/* perf's operators that our formats lack are calls (HW_FUNCS in ir.h) */
static hw_expr *operator_node(parser *p, char op, int col)
{
    hw_func f = op == '|' ? FUNC_OR : op == '^' ? FUNC_XOR : op == '&' ? FUNC_AND
              : op == '<' ? FUNC_LT : FUNC_GT;
    hw_expr *e = node(p, EXPR_CALL, col, 2);
    if (e)
        e->func = f;
    return e;
}

static hw_expr_kind kind_of(char op)
{
    switch (op) {
    case '+': return EXPR_ADD;
    case '-': return EXPR_SUB;
    case '*': return EXPR_MUL;
    case '/': return EXPR_DIV;
    default: return EXPR_MOD;
    }
}

static hw_expr *parse_level(parser *p, int level)
{
    if (level == LEVELS)
        return parse_unary(p);
    int chain = 0;
    hw_expr *l = parse_level(p, level + 1);
    while (l && p->tok.kind == TOK_OP && strchr(levels[level], *p->tok.start)) {
        char op = *p->tok.start;
        int col = p->tok.col;
        /* every operator of a chain nests the tree one level deeper */
        if (deeper(p) != 0)
            return NULL;
        chain++;
        next(p);
        hw_expr *r = parse_level(p, level + 1);
        hw_expr *e = !r                  ? NULL
                     : strchr("|^&<>", op) ? operator_node(p, op, col)
                                           : node(p, kind_of(op), col, 2);
        if (!e)
            return NULL;
        e->args[0] = l;
        e->args[1] = r;
        l = e;
    }
    p->depth -= chain;
    return l;
}

static hw_expr *parse_expr(parser *p)
{
    if (deeper(p) != 0)
        return NULL;
    hw_expr *e = parse_level(p, 0);
    p->depth--;
    return e;
}

/* if_expr := expr ['if' expr 'else' if_expr]: the lowest precedence, and
 * right-associative ("a if x else b if y else c" is a if x else (b if y
 * else c)). */
static hw_expr *parse_if(parser *p)
{
    if (deeper(p) != 0)
        return NULL;
    hw_expr *then = parse_expr(p), *e = then;
    if (then && is_kw(p, KW_IF)) {
        int col = p->tok.col;
        next(p);
        hw_expr *cond = parse_expr(p);
        if (cond && !is_kw(p, KW_ELSE))
            fail(p, "expected 'else'");
        else if (cond)
            next(p);
        hw_expr *otherwise = p->failed ? NULL : parse_if(p);
        e = otherwise ? node(p, EXPR_CALL, col, 3) : NULL;
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

hw_expr *expr_parse_perf(hw_arena *a, const char *text, expr_error *err)
{
    parser p = {a, text, text, {0}, 0, err, 0};
    memset(err, 0, sizeof *err);
    next(&p);
    if (p.tok.kind == TOK_END) {
        fail(&p, "empty formula");
        return NULL;
    }
    hw_expr *e = parse_if(&p);
    if (e && p.tok.kind != TOK_END)
        fail(&p, is_op(&p, ')')           ? "unbalanced ')'"
                 : p.tok.kind == TOK_BAD ? "invalid character"
                                         : "expected an operator");
    return p.failed ? NULL : e;
}
