/* spdx.c - licence expressions: hwcgen's own, and which an input may give
 * (spdx.h). */
#include "core/spdx.h"

#include <string.h>

const char *spdx_of(const hw_target *t)
{
    return t && t->license ? t->license : SPDX_OWN;
}

/* A recursive-descent reader over the text, one token ahead:
 *   or   := and ("OR" and)*
 *   and  := term ("AND" term)*
 *   term := "(" or ")" | id ["+"] ["WITH" id]
 * Depth is bounded by SPDX_MAX: each level needs a '('. */
typedef struct reader {
    const char *p;   /* the next token */
    size_t len;      /* its length; 0 at the end */
} reader;

static int id_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '-' || c == '+';
}

/* Skip spaces to the next token: "(", ")" or a run of id characters; a
 * character of neither leaves a one-byte token no rule accepts. */
static void next(reader *r)
{
    r->p += r->len;
    while (*r->p == ' ')
        r->p++;
    r->len = 0;
    if (*r->p == '\0')
        return;
    if (!id_char(*r->p)) {
        r->len = 1;
        return;
    }
    while (id_char(r->p[r->len]))
        r->len++;
}

static int is(const reader *r, const char *word)
{
    return r->len == strlen(word) && strncmp(r->p, word, r->len) == 0;
}

static int is_operator(const reader *r)
{
    return is(r, "AND") || is(r, "OR") || is(r, "WITH");
}

/* A licence id: id characters, a '+' only at its end, no "--". */
static int take_id(reader *r, int plus_allowed)
{
    if (r->len == 0 || !id_char(*r->p) || is_operator(r) || *r->p == '+')
        return 0;
    for (size_t i = 0; i < r->len; i++)
        if ((r->p[i] == '+' && (i + 1 < r->len || !plus_allowed)) ||
            (r->p[i] == '-' && i + 1 < r->len && r->p[i + 1] == '-'))
            return 0;
    next(r);
    return 1;
}

static int or_expr(reader *r);

static int term(reader *r)
{
    if (is(r, "(")) {
        next(r);
        if (!or_expr(r) || !is(r, ")"))
            return 0;
        next(r);
        return 1;
    }
    if (!take_id(r, 1))
        return 0;
    if (!is(r, "WITH"))
        return 1;
    next(r);
    return take_id(r, 0);
}

static int and_expr(reader *r)
{
    if (!term(r))
        return 0;
    while (is(r, "AND")) {
        next(r);
        if (!term(r))
            return 0;
    }
    return 1;
}

static int or_expr(reader *r)
{
    if (!and_expr(r))
        return 0;
    while (is(r, "OR")) {
        next(r);
        if (!and_expr(r))
            return 0;
    }
    return 1;
}

int spdx_valid(const char *s)
{
    if (!s || strlen(s) > SPDX_MAX)
        return 0;
    reader r = {s, 0};
    next(&r);
    return or_expr(&r) && r.len == 0;
}
