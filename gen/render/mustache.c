/* mustache.c - see mustache.h.
 *
 * Two passes: a template is first parsed into a flat token list, where every
 * whitespace decision (standalone lines, partial indentation) is made once;
 * the list is then walked against a context stack of cJSON nodes. Sections
 * are not a tree: a section token records where its body ends. Partials are
 * looked up and parsed only when rendering reaches them, so recursive
 * partials terminate when the data does.
 */
#include "render/mustache.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_INDEX ((size_t)-1)

typedef enum {
    TOK_TEXT,     /* literal template text */
    TOK_VAR,      /* {{x}}: escaped */
    TOK_RAW,      /* {{{x}}} and {{&x}}: not escaped */
    TOK_SECTION,  /* {{#x}} */
    TOK_INVERTED, /* {{^x}} */
    TOK_PARTIAL   /* {{>x}} */
} tok_kind;

typedef struct mu_tok {
    tok_kind kind;
    const char *str; /* the text, or the tag's name (not NUL-terminated) */
    size_t len;
    const char *indent; /* TOK_PARTIAL: indentation of a standalone tag */
    size_t indent_len;
    size_t off;    /* offset of the tag in the source, for error messages */
    size_t end;    /* sections: index of the first token after the body */
    size_t parent; /* sections, while parsing: enclosing open section */
} mu_tok;

/* One parsed template. Tokens point into src, which must outlive them. */
typedef struct mu_tpl {
    const char *name;
    const char *src;
    size_t shift; /* indentation prepended to each line (partials) */
    mu_tok *toks;
    size_t n;
    size_t cap;
} mu_tpl;

/* ---- errors ------------------------------------------------------------ */

static void set_error(mu_error *err, const char *name, int line, int col,
                      const char *what)
{
    err->line = line;
    err->col = col;
    snprintf(err->message, sizeof err->message, "%s:%d:%d: %s", name, line,
             col, what);
}

/* 1-based line and column of byte `off` as the template author wrote it:
 * the indentation added to a standalone partial is not counted. */
static void line_col(const mu_tpl *t, size_t off, int *line, int *col)
{
    int l = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < off && t->src[i] != '\0'; i++) {
        if (t->src[i] == '\n') {
            l++;
            line_start = i + 1;
        }
    }
    size_t c = off - line_start;
    *line = l;
    *col = (int)(c >= t->shift ? c - t->shift : c) + 1;
}

__attribute__((format(printf, 4, 5))) static int
fail_at(const mu_tpl *t, size_t off, mu_error *err, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    int line, col;
    line_col(t, off, &line, &col);
    set_error(err, t->name, line, col, what);
    return -1;
}

/* ---- parsing ----------------------------------------------------------- */

typedef struct parser {
    mu_tpl *t;
    mu_error *err;
    size_t pos;       /* first byte not yet consumed */
    const char *otag; /* current delimiters; may point into the source */
    size_t olen;
    const char *ctag;
    size_t clen;
    size_t open; /* innermost unclosed section token, or NO_INDEX */
} parser;

typedef struct tag {
    char sigil;       /* '#', '^', '/', '!', '>', '=', '{', '&' or 0 */
    const char *body; /* content after the sigil, trimmed */
    size_t body_len;
    size_t start; /* offset of the opening delimiter */
    size_t end;   /* offset one past the closing delimiter */
} tag;

static int is_blank(char c) { return c == ' ' || c == '\t'; }

static int is_space(char c)
{
    return is_blank(c) || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* First occurrence of needle[0..n) in the NUL-terminated s, or NULL. */
static const char *find(const char *s, const char *needle, size_t n)
{
    for (; (s = strchr(s, needle[0])) != NULL; s++) {
        if (strncmp(s, needle, n) == 0)
            return s;
    }
    return NULL;
}

/* Start of the closer of a tag whose content begins at p: the closing
 * delimiter, preceded by `pre` ('}' for {{{x}}}, '=' for {{=a b=}}). */
static const char *find_closer(const parser *ps, const char *p, char pre)
{
    for (const char *q = p; (q = find(q, ps->ctag, ps->clen)) != NULL; q++) {
        if (pre == 0)
            return q;
        if (q > p && q[-1] == pre)
            return q - 1;
    }
    return NULL;
}

static mu_tok *push_tok(parser *ps, tok_kind kind, size_t off)
{
    mu_tpl *t = ps->t;
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        mu_tok *grown = realloc(t->toks, cap * sizeof *grown);
        if (grown == NULL) {
            fail_at(t, off, ps->err, "out of memory");
            return NULL;
        }
        t->toks = grown;
        t->cap = cap;
    }
    mu_tok *tok = &t->toks[t->n++];
    memset(tok, 0, sizeof *tok);
    tok->kind = kind;
    tok->off = off;
    tok->end = NO_INDEX;
    tok->parent = NO_INDEX;
    return tok;
}

static int add_text(parser *ps, size_t from, size_t to)
{
    if (to <= from)
        return 0;
    mu_tok *tok = push_tok(ps, TOK_TEXT, from);
    if (tok == NULL)
        return -1;
    tok->str = ps->t->src + from;
    tok->len = to - from;
    return 0;
}

static int read_tag(parser *ps, const char *open, tag *tg)
{
    const char *src = ps->t->src;
    const char *p = open + ps->olen;
    char sigil = (*p != '\0' && strchr("#^/!>={&", *p)) ? *p : 0;
    char pre = sigil == '{' ? '}' : sigil == '=' ? '=' : 0;
    const char *body = p + (sigil != 0);
    const char *close = find_closer(ps, body, pre);
    if (close == NULL)
        return fail_at(ps->t, (size_t)(open - src), ps->err,
                       "unclosed tag: no '%s%.*s' after '%.*s'",
                       pre == '}' ? "}" : pre == '=' ? "=" : "",
                       (int)ps->clen, ps->ctag, (int)ps->olen, ps->otag);
    const char *body_end = close;
    while (body < body_end && is_space(*body))
        body++;
    while (body_end > body && is_space(body_end[-1]))
        body_end--;
    tg->sigil = sigil;
    tg->body = body;
    tg->body_len = (size_t)(body_end - body);
    tg->start = (size_t)(open - src);
    tg->end = (size_t)(close - src) + (pre != 0) + ps->clen;
    return 0;
}

/* A standalone tag (only blanks around it on its line) takes its whole line
 * with it. On success *line_start is where its indentation begins and *next
 * is the start of the following line (or the end of the template). */
static int standalone(const char *src, const tag *tg, size_t *line_start,
                      size_t *next)
{
    size_t b = tg->start;
    while (b > 0 && is_blank(src[b - 1]))
        b--;
    if (b > 0 && src[b - 1] != '\n')
        return 0;
    size_t e = tg->end;
    while (is_blank(src[e]))
        e++;
    if (src[e] == '\r' && src[e + 1] == '\n')
        e += 2;
    else if (src[e] == '\n')
        e++;
    else if (src[e] != '\0')
        return 0;
    *line_start = b;
    *next = e;
    return 1;
}

/* Names are a dotted path or "."; whitespace inside one is a typo. */
static int check_name(parser *ps, const tag *tg)
{
    if (tg->body_len == 0)
        return fail_at(ps->t, tg->start, ps->err, "empty tag name");
    for (size_t i = 0; i < tg->body_len; i++) {
        if (is_space(tg->body[i]))
            return fail_at(ps->t, tg->start, ps->err,
                           "malformed tag name '%.*s'", (int)tg->body_len,
                           tg->body);
    }
    return 0;
}

static int open_section(parser *ps, const tag *tg)
{
    tok_kind kind = tg->sigil == '#' ? TOK_SECTION : TOK_INVERTED;
    mu_tok *tok = push_tok(ps, kind, tg->start);
    if (tok == NULL)
        return -1;
    tok->str = tg->body;
    tok->len = tg->body_len;
    tok->parent = ps->open;
    ps->open = ps->t->n - 1;
    return 0;
}

static int close_section(parser *ps, const tag *tg)
{
    mu_tpl *t = ps->t;
    if (ps->open == NO_INDEX)
        return fail_at(t, tg->start, ps->err,
                       "close tag '%.*s' without an open section",
                       (int)tg->body_len, tg->body);
    mu_tok *sec = &t->toks[ps->open];
    if (sec->len != tg->body_len ||
        strncmp(sec->str, tg->body, sec->len) != 0) {
        int line, col;
        line_col(t, sec->off, &line, &col);
        return fail_at(t, tg->start, ps->err,
                       "close tag '%.*s' does not match section '%.*s' "
                       "opened at %d:%d",
                       (int)tg->body_len, tg->body, (int)sec->len, sec->str,
                       line, col);
    }
    sec->end = t->n;
    ps->open = sec->parent;
    return 0;
}

/* {{=<% %>=}}: two words, neither containing '=' (the spec's rule). */
static int set_delims(parser *ps, const tag *tg)
{
    const char *s = tg->body;
    const char *e = s + tg->body_len;
    const char *o = s;
    while (o < e && !is_space(*o) && *o != '=')
        o++;
    const char *c = o;
    while (c < e && is_space(*c))
        c++;
    const char *ce = c;
    while (ce < e && !is_space(*ce) && *ce != '=')
        ce++;
    if (o == s || c == o || ce == c || ce != e)
        return fail_at(ps->t, tg->start, ps->err,
                       "malformed set-delimiters tag '%.*s'",
                       (int)tg->body_len, tg->body);
    ps->otag = s;
    ps->olen = (size_t)(o - s);
    ps->ctag = c;
    ps->clen = (size_t)(ce - c);
    return 0;
}

static int add_named(parser *ps, const tag *tg, tok_kind kind,
                     size_t indent_from)
{
    if (check_name(ps, tg) != 0)
        return -1;
    mu_tok *tok = push_tok(ps, kind, tg->start);
    if (tok == NULL)
        return -1;
    tok->str = tg->body;
    tok->len = tg->body_len;
    tok->indent = ps->t->src + indent_from;
    tok->indent_len = tg->start - indent_from;
    return 0;
}

static int dispatch_tag(parser *ps, const tag *tg, size_t indent_from)
{
    switch (tg->sigil) {
    case '!':
        return 0;
    case '=':
        return set_delims(ps, tg);
    case '/':
        return check_name(ps, tg) != 0 ? -1 : close_section(ps, tg);
    case '#':
    case '^':
        return check_name(ps, tg) != 0 ? -1 : open_section(ps, tg);
    case '>':
        return add_named(ps, tg, TOK_PARTIAL, indent_from);
    case '{':
    case '&':
        return add_named(ps, tg, TOK_RAW, tg->start);
    default:
        return add_named(ps, tg, TOK_VAR, tg->start);
    }
}

/* Emit the text before the tag, then the tag. Interpolations are never
 * standalone; every other kind drops its line when alone on it. */
static int on_tag(parser *ps, const tag *tg)
{
    size_t line_start = tg->start, next = tg->end;
    int can_stand = tg->sigil != 0 && strchr("#^/!>=", tg->sigil) != NULL;
    int alone = can_stand &&
                standalone(ps->t->src, tg, &line_start, &next);
    if (add_text(ps, ps->pos, alone ? line_start : tg->start) != 0)
        return -1;
    ps->pos = alone ? next : tg->end;
    return dispatch_tag(ps, tg, alone ? line_start : tg->start);
}

static int parse(mu_tpl *t, mu_error *err)
{
    parser ps = {t, err, 0, "{{", 2, "}}", 2, NO_INDEX};
    const char *open;
    while ((open = find(t->src + ps.pos, ps.otag, ps.olen)) != NULL) {
        tag tg = {0, NULL, 0, 0, 0}; /* gcc -O2 cannot see read_tag fill it */
        if (read_tag(&ps, open, &tg) != 0 || on_tag(&ps, &tg) != 0)
            return -1;
    }
    if (add_text(&ps, ps.pos, ps.pos + strlen(t->src + ps.pos)) != 0)
        return -1;
    if (ps.open != NO_INDEX) {
        const mu_tok *sec = &t->toks[ps.open];
        return fail_at(t, sec->off, err, "unclosed section '%.*s'",
                       (int)sec->len, sec->str);
    }
    return 0;
}

/* ---- values ------------------------------------------------------------ */

typedef struct mu_ctx {
    const cJSON *node;
    const struct mu_ctx *parent;
} mu_ctx;

/* Member `key[0..n)` of an object; NULL for a non-object or a miss. */
static const cJSON *get_key(const cJSON *obj, const char *key, size_t n)
{
    if (!cJSON_IsObject(obj))
        return NULL;
    /* the first character first: a name looked up from a table row
     * passes every key of the row and of each object around it */
    for (const cJSON *c = obj->child; c != NULL; c = c->next) {
        if (c->string != NULL && (n == 0 || c->string[0] == key[0]) && strncmp(c->string, key, n) == 0 &&
            c->string[n] == '\0')
            return c;
    }
    return NULL;
}

static size_t segment_len(const char *s, const char *end)
{
    const char *dot = memchr(s, '.', (size_t)(end - s));
    return (size_t)((dot ? dot : end) - s);
}

/* Spec name resolution: the first part of a dotted name is searched down
 * the context stack; the remaining parts only inside what it found. */
static const cJSON *lookup(const mu_ctx *ctx, const char *name, size_t len)
{
    if (len == 1 && name[0] == '.')
        return ctx->node;
    const char *end = name + len;
    size_t seg = segment_len(name, end);
    const cJSON *v = NULL;
    for (; ctx != NULL && v == NULL; ctx = ctx->parent)
        v = get_key(ctx->node, name, seg);
    for (name += seg; v != NULL && name < end; name += seg) {
        name++; /* the dot */
        seg = segment_len(name, end);
        v = get_key(v, name, seg);
    }
    return v;
}

/* false, null, a miss and the empty list are falsy; "" and 0 are not. */
static int truthy(const cJSON *v)
{
    if (v == NULL || cJSON_IsFalse(v) || cJSON_IsNull(v) ||
        cJSON_IsInvalid(v))
        return 0;
    return !cJSON_IsArray(v) || v->child != NULL;
}

/* Integers print without a decimal point; other numbers in the shortest
 * form that reads back as the same double (1.21, not 1.2100000000000002). */
static const char *format_number(double d, char *buf, size_t size)
{
    const double exact = 9007199254740992.0; /* 2^53 */
    if (d >= -exact && d <= exact && d == (double)(long long)d) {
        snprintf(buf, size, "%lld", (long long)d);
        return buf;
    }
    snprintf(buf, size, "%.15g", d);
    if (strtod(buf, NULL) != d)
        snprintf(buf, size, "%.17g", d);
    return buf;
}

static void put_value(hw_buf *out, const cJSON *v, mu_escape escape)
{
    char num[40];
    if (cJSON_IsString(v) || cJSON_IsRaw(v))
        mu_escape_append(out, v->valuestring, escape);
    else if (cJSON_IsNumber(v))
        mu_escape_append(out, format_number(v->valuedouble, num, sizeof num),
                         escape);
    else if (cJSON_IsTrue(v))
        mu_escape_append(out, "true", escape);
    else if (cJSON_IsFalse(v))
        mu_escape_append(out, "false", escape);
}

/* ---- rendering --------------------------------------------------------- */

typedef struct renderer {
    mu_escape escape;
    mu_partial_fn partials;
    void *partial_ctx;
    hw_buf *out;
    mu_error *err;
    int depth;   /* partials currently being rendered */
    int located; /* the error already says where its partial was included */
} renderer;

static int render_range(renderer *r, const mu_tpl *t, size_t from, size_t to,
                        const mu_ctx *ctx);

static int render_body(renderer *r, const mu_tpl *t, size_t i,
                       const cJSON *node, const mu_ctx *parent)
{
    mu_ctx ctx = {node, parent};
    return render_range(r, t, i + 1, t->toks[i].end, &ctx);
}

/* Lists render the body once per item; any other truthy value once, with
 * the value pushed on the context stack. */
static int render_section(renderer *r, const mu_tpl *t, size_t i,
                          const mu_ctx *ctx)
{
    const mu_tok *tok = &t->toks[i];
    const cJSON *v = lookup(ctx, tok->str, tok->len);
    if (tok->kind == TOK_INVERTED)
        return truthy(v) ? 0 : render_range(r, t, i + 1, tok->end, ctx);
    if (!truthy(v))
        return 0;
    if (!cJSON_IsArray(v))
        return render_body(r, t, i, v, ctx);
    for (const cJSON *item = v->child; item != NULL; item = item->next) {
        if (render_body(r, t, i, item, ctx) != 0)
            return -1;
    }
    return 0;
}

/* The spec indents a standalone partial line by line before rendering, so
 * multi-line values it interpolates are not re-indented. */
static void indent_lines(hw_buf *b, const char *src, const char *indent,
                         size_t n)
{
    while (*src != '\0') {
        const char *nl = strchr(src, '\n');
        size_t len = nl ? (size_t)(nl - src) + 1 : strlen(src);
        buf_putn(b, indent, n);
        buf_putn(b, src, len);
        src += len;
    }
}

/* Parse and render one template text (the main one or a partial). */
static int render_text(renderer *r, const char *name, const char *src,
                       const char *indent, size_t indent_len,
                       const mu_ctx *ctx)
{
    hw_buf indented;
    buf_init(&indented);
    if (indent_len > 0 && *src != '\0') {
        indent_lines(&indented, src, indent, indent_len);
        if (indented.failed || indented.data == NULL) {
            buf_free(&indented);
            set_error(r->err, name, 0, 0, "out of memory");
            return -1;
        }
        src = indented.data;
    }
    mu_tpl t = {name, src, indent_len, NULL, 0, 0};
    int rc = parse(&t, r->err);
    if (rc == 0)
        rc = render_range(r, &t, 0, t.n, ctx);
    free(t.toks);
    buf_free(&indented);
    return rc;
}

/* Tell where the partial that failed was included, once: the innermost
 * include site is the useful one. */
static void add_include_site(renderer *r, const mu_tpl *t, const mu_tok *tok)
{
    if (r->located)
        return;
    r->located = 1;
    int line, col;
    line_col(t, tok->off, &line, &col);
    size_t used = strlen(r->err->message);
    snprintf(r->err->message + used, sizeof r->err->message - used,
             " (included from %s:%d:%d)", t->name, line, col);
}

static int render_partial(renderer *r, const mu_tpl *t, const mu_tok *tok,
                          const mu_ctx *ctx)
{
    if (r->depth >= MU_MAX_PARTIAL_DEPTH)
        return fail_at(t, tok->off, r->err,
                       "partial '%.*s' nested deeper than %d (recursion?)",
                       (int)tok->len, tok->str, MU_MAX_PARTIAL_DEPTH);
    char *name = malloc(tok->len + 1);
    if (name == NULL)
        return fail_at(t, tok->off, r->err, "out of memory");
    memcpy(name, tok->str, tok->len);
    name[tok->len] = '\0';
    const char *text = r->partials ? r->partials(r->partial_ctx, name) : NULL;
    int rc = 0;
    if (text != NULL) {
        r->depth++;
        rc = render_text(r, name, text, tok->indent, tok->indent_len, ctx);
        r->depth--;
        if (rc != 0)
            add_include_site(r, t, tok);
    }
    free(name);
    return rc;
}

static int render_range(renderer *r, const mu_tpl *t, size_t from, size_t to,
                        const mu_ctx *ctx)
{
    size_t i = from;
    while (i < to) {
        const mu_tok *tok = &t->toks[i];
        if (r->out->failed)
            return fail_at(t, tok->off, r->err, "out of memory");
        if (tok->kind == TOK_SECTION || tok->kind == TOK_INVERTED) {
            if (render_section(r, t, i, ctx) != 0)
                return -1;
            i = tok->end;
            continue;
        }
        if (tok->kind == TOK_TEXT)
            buf_putn(r->out, tok->str, tok->len);
        else if (tok->kind == TOK_PARTIAL) {
            if (render_partial(r, t, tok, ctx) != 0)
                return -1;
        } else
            put_value(r->out, lookup(ctx, tok->str, tok->len),
                      tok->kind == TOK_VAR ? r->escape : MU_ESCAPE_NONE);
        i++;
    }
    return 0;
}

/* Drop whatever a failed render appended, so callers see all or nothing. */
static void truncate_buf(hw_buf *out, size_t len)
{
    if (out->data != NULL && len <= out->len) {
        out->len = len;
        out->data[len] = '\0';
    }
}

int mu_render(const char *name, const char *tmpl, const cJSON *data,
              mu_escape escape, mu_partial_fn partials, void *partial_ctx,
              hw_buf *out, mu_error *err)
{
    mu_error scratch;
    if (err == NULL)
        err = &scratch;
    memset(err, 0, sizeof *err);
    if (name == NULL)
        name = "<template>";
    if (tmpl == NULL || out == NULL) {
        set_error(err, name, 0, 0, "no template or no output buffer");
        return -1;
    }
    size_t start = out->len;
    renderer r = {escape, partials, partial_ctx, out, err, 0, 0};
    mu_ctx root = {data, NULL};
    int rc = render_text(&r, name, tmpl, NULL, 0, &root);
    if (rc == 0 && out->failed) {
        set_error(err, name, 0, 0, "out of memory");
        rc = -1;
    }
    if (rc != 0)
        truncate_buf(out, start);
    return rc;
}

/* ---- escaping ---------------------------------------------------------- */

/* Runs of text that need no escape are copied whole: the docs of a big
 * tree are tens of megabytes of them. */
static void escape_html(hw_buf *out, const char *s)
{
    for (;;) {
        size_t n = strcspn(s, "&<>\"");
        buf_putn(out, s, n);
        s += n;
        switch (*s) {
        case '&': buf_puts(out, "&amp;"); break;
        case '<': buf_puts(out, "&lt;"); break;
        case '>': buf_puts(out, "&gt;"); break;
        case '"': buf_puts(out, "&quot;"); break;
        default: return;
        }
        s++;
    }
}

size_t mu_c_string_plain(const char *s)
{
    /* printable ASCII but '"', '?' and '\\': a test per character, where
     * strspn would build its table of the set on every call */
    size_t n = 0;
    for (unsigned char c; (c = (unsigned char)s[n]) >= 0x20 && c < 0x7f && c != '"' &&
                          c != '?' && c != '\\';)
        n++;
    return n;
}

/* Octal escapes are always three digits, so a digit that follows cannot
 * extend them (hex escapes would swallow it). "??" becomes "?\?" so no
 * trigraph can form when the output is compiled with -std=c11. Runs that
 * need no escape are copied whole (a perf tree's metrics headers hold
 * megabytes of descriptions). */
static void escape_c_string(hw_buf *out, const char *s)
{
    for (size_t i = 0; s[i] != '\0'; i++) {
        size_t n = mu_c_string_plain(s + i);
        buf_putn(out, s + i, n);
        i += n;
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '\0': return;
        case '\\': buf_puts(out, "\\\\"); break;
        case '"': buf_puts(out, "\\\""); break;
        case '\n': buf_puts(out, "\\n"); break;
        case '\t': buf_puts(out, "\\t"); break;
        case '\r': buf_puts(out, "\\r"); break;
        /* Every '?' escaped: the text around the value is unknown, and a
         * trigraph can form across the boundary ("?" + "?=" under C11). */
        case '?': buf_puts(out, "\\?"); break;
        default: buf_printf(out, "\\%03o", (unsigned)c); break;
        }
    }
}

/* A space between '*' and '/' (either order) means the text can neither
 * end the surrounding comment nor open a nested one. */
static void escape_c_comment(hw_buf *out, const char *s)
{
    while (*s != '\0') {
        size_t n = strcspn(s, "*/");
        buf_putn(out, s, n);
        s += n;
        if (*s == '\0')
            return;
        buf_putc(out, *s);
        if ((s[0] == '*' && s[1] == '/') || (s[0] == '/' && s[1] == '*'))
            buf_putc(out, ' ');
        s++;
    }
}

/* Backslash escapes for everything that could start markup or end the
 * table cell; a cell is one line, so line breaks become spaces. */
static void escape_markdown(hw_buf *out, const char *s)
{
    for (; *s != '\0'; s++) {
        size_t n = strcspn(s, "\r\n&\\`*_|<>[]");
        buf_putn(out, s, n);
        s += n;
        if (*s == '\0')
            break;
        if (*s == '\r' && s[1] == '\n')
            continue; /* the '\n' yields the space */
        if (*s == '\n' || *s == '\r') {
            buf_putc(out, ' ');
            continue;
        }
        if (*s == '&') { /* "&lt;" in a spec must not render as "<" */
            buf_puts(out, "&amp;");
            continue;
        }
        if (strchr("\\`*_|<>[]", *s) != NULL)
            buf_putc(out, '\\');
        buf_putc(out, *s);
    }
}

void mu_escape_append(hw_buf *out, const char *s, mu_escape escape)
{
    if (s == NULL)
        return;
    switch (escape) {
    case MU_ESCAPE_HTML: escape_html(out, s); break;
    case MU_ESCAPE_C_STRING: escape_c_string(out, s); break;
    case MU_ESCAPE_C_COMMENT: escape_c_comment(out, s); break;
    case MU_ESCAPE_MARKDOWN: escape_markdown(out, s); break;
    case MU_ESCAPE_NONE:
    default: buf_puts(out, s); break;
    }
}
