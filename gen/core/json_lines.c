/* json_lines.c - a position scan over JSON that cJSON already accepted.
 *
 * One scan walks the values in document order and hands each to a
 * visitor: json_lines_build() names it by its path, json_spots() lists
 * it. The scan reads the text as cJSON does (any byte up to a space is
 * white space, a UTF-8 byte order mark first is skipped), so on a
 * document cJSON accepted both meet the same values in the same order. */
#include "core/json_lines.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 1024 }; /* cJSON rejects deeper documents first */

typedef struct frame {
    char kind;    /* '{' or '[' */
    int index;    /* next array index */
} frame;

/* What the scan met: a value, at spot->depth, named by its key (key_len
 * bytes at key) in an object, else by its array index. */
typedef struct scan_value {
    json_spot spot;
    const char *key;  /* NULL: an array element, or the root */
    size_t key_len;
    int index;
} scan_value;

typedef struct scanner scanner;
/* 0 to go on, -1 to stop (out of memory). */
typedef int (*scan_visit)(scanner *s, const scan_value *v);

struct scanner {
    const char *text;
    size_t len, pos;
    int line;
    frame stack[MAX_DEPTH];
    int depth;
    scan_visit visit;
    void *ctx;
    int failed;     /* the visitor ran out of memory */
    int root_only;  /* stop where the root value ends */
    size_t raw;     /* the first raw control character in a string, or len */
};

/* The loops below keep their place in locals: the text is chars, which
 * may alias the scanner, so the compiler would otherwise reload and store
 * s->pos at every byte. */
static void skip_space(scanner *s)
{
    const unsigned char *p = (const unsigned char *)s->text + s->pos;
    const unsigned char *end = (const unsigned char *)s->text + s->len;
    int line = s->line;
    for (; p < end && *p <= ' '; p++)
        line += *p == '\n';
    s->pos = (size_t)((const char *)p - s->text);
    s->line = line;
}

/* The bytes that end a run of plain text in a string: the quote, the
 * backslash, the control characters (a line break among them). */
static const unsigned char string_stop[256] = {
    [0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1,
    [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0a] = 1, [0x0b] = 1, [0x0c] = 1, [0x0d] = 1,
    [0x0e] = 1, [0x0f] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1,
    [0x15] = 1, [0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1a] = 1, [0x1b] = 1,
    [0x1c] = 1, [0x1d] = 1, [0x1e] = 1, [0x1f] = 1, ['"'] = 1, ['\\'] = 1,
};

/* Skip a string starting at its quote; return the raw text inside. */
static void skip_string(scanner *s, size_t *start, size_t *n)
{
    const unsigned char *p = (const unsigned char *)s->text + s->pos + 1;
    const unsigned char *end = (const unsigned char *)s->text + s->len;
    int line = s->line;
    *start = s->pos + 1;
    for (;;) {
        while (p < end && !string_stop[*p])
            p++;
        if (p >= end || *p == '"')
            break;
        if (*p == '\\' && p + 1 < end) {
            p += 2;
            continue;
        }
        if (*p < ' ') { /* cJSON lets these into a string */
            line += *p == '\n';
            if (s->raw == s->len)
                s->raw = (size_t)((const char *)p - s->text);
        }
        p++;
    }
    *n = (size_t)((const char *)p - s->text) - *start;
    s->pos = (size_t)((const char *)p - s->text) + 1;
    s->line = line;
}

static void skip_scalar(scanner *s)
{
    if (s->text[s->pos] == '"') {
        size_t a, b;
        skip_string(s, &a, &b);
        return;
    }
    /* up to white space (a NUL byte included, which skip_space then
     * passes) or the end of the container */
    while (s->pos < s->len && (unsigned char)s->text[s->pos] > ' ' &&
           !strchr(",]}", s->text[s->pos]))
        s->pos++;
}

/* The value starting here: its key first, in an object. 0 when the text
 * is not JSON the scan understands. */
static int begin_value(scanner *s, scan_value *v)
{
    frame *top = s->depth ? &s->stack[s->depth - 1] : NULL;
    *v = (scan_value){{s->line, s->depth, 0}, NULL, 0, -1};
    if (top && top->kind == '{') {
        skip_space(s);
        if (s->pos >= s->len || s->text[s->pos] != '"')
            return 0;
        size_t start;
        v->spot.line = s->line;
        skip_string(s, &start, &v->key_len);
        v->key = s->text + start;
        skip_space(s);
        s->pos++; /* ':' */
    } else if (top) {
        v->index = top->index++;
    }
    skip_space(s);
    if (!v->key)
        v->spot.line = s->line;
    v->spot.at = s->pos;
    return s->pos < s->len;
}

static void scan(scanner *s, const char *text, size_t len)
{
    s->text = text;
    s->len = len;
    s->pos = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    s->line = 1;
    s->depth = 0;
    s->raw = len;
    for (;;) {
        skip_space(s);
        if (s->pos >= s->len)
            break;
        char c = s->text[s->pos];
        if (c == ',') {
            s->pos++;
        } else if (c == '}' || c == ']') {
            s->pos++;
            if (s->depth && --s->depth == 0 && s->root_only)
                break;
        } else {
            if (s->depth && s->stack[s->depth - 1].kind == '{' && c != '"')
                break; /* not JSON we understand; keep what we have */
            scan_value v;
            if (!begin_value(s, &v))
                break;
            if (s->visit(s, &v) != 0) {
                s->failed = 1;
                break;
            }
            c = s->text[s->pos];
            if ((c == '{' || c == '[') && s->depth < MAX_DEPTH) {
                s->stack[s->depth++] = (frame){c, 0};
                s->pos++;
            } else {
                skip_scalar(s);
                if (s->depth == 0 && s->root_only)
                    break;
            }
        }
    }
}

/* The first raw control character in a string, as json_raw_control()
 * finds it: the scan's, else one in what follows where the scan stopped
 * (what follows the document, which cJSON ignores). */
static size_t raw_after(const scanner *s, const char *text, size_t len)
{
    if (s->raw == len && s->pos < len)
        return s->pos + json_raw_control(text + s->pos, len - s->pos);
    return s->raw;
}

/* ---- every value by its path ----------------------------------------- */

typedef struct path_scan {
    hw_arena *arena;
    json_lines *jl;
    hw_buf path;
    size_t plen[MAX_DEPTH + 1]; /* path length of the container at each depth */
    name_index copies;          /* repeated path -> its slot in ncopies */
    int *ncopies;               /* copies of that path numbered so far */
    size_t nslots;
} path_scan;

static void set_path_len(path_scan *p, size_t n)
{
    p->path.len = n;
    if (p->path.data)
        p->path.data[n] = '\0';
}

/* Record the line of the value being scanned under its path. */
static void record(path_scan *p, int line)
{
    if (p->path.failed)
        return;
    const char *key = arena_strndup(p->arena, p->path.data ? p->path.data : "",
                                    p->path.len);
    if (!key || name_index_put(&p->jl->paths, key, line) < 0)
        return;
    /* A repeated key: name this copy path#k, and its children after it.
     * Each path keeps its count, so n copies cost O(n), not O(n^2). */
    size_t base = p->path.len;
    int slot = name_index_get(&p->copies, key);
    if (slot < 0) {
        int *grown = realloc(p->ncopies, (p->nslots + 1) * sizeof *grown);
        if (!grown)
            return;
        p->ncopies = grown;
        slot = (int)p->nslots;
        if (name_index_put(&p->copies, key, slot) == -2)
            return;
        p->ncopies[p->nslots++] = 1;
    }
    /* The next number is free unless a key spells "name#k" itself; give
     * up after a few (the copy then reports its parent's line). */
    for (int k = p->ncopies[slot] + 1, tries = 0; tries < 64; k++, tries++) {
        p->ncopies[slot] = k;
        set_path_len(p, base);
        buf_printf(&p->path, "#%d", k);
        key = arena_strndup(p->arena, p->path.data ? p->path.data : "", p->path.len);
        if (!key || p->path.failed)
            return;
        if (name_index_put(&p->jl->paths, key, line) < 0) {
            json_repeat *r = ARENA_PUSH(p->arena, p->jl->repeats, p->jl->nrepeats,
                                        p->jl->cap_repeats);
            if (r)
                *r = (json_repeat){key, line};
            return;
        }
    }
    return;
}

/* Name the value after its key or its array position (the root is ""),
 * and record its line. */
static int visit_path(scanner *s, const scan_value *v)
{
    path_scan *p = s->ctx;
    int d = v->spot.depth;
    if (d > 0) {
        set_path_len(p, p->plen[d - 1]);
        if (v->key) {
            if (p->plen[d - 1])
                buf_putc(&p->path, '.');
            /* cJSON's keys are C strings: a raw NUL ends the key there. */
            const char *nul = memchr(v->key, '\0', v->key_len);
            buf_putn(&p->path, v->key, nul ? (size_t)(nul - v->key) : v->key_len);
        } else {
            buf_printf(&p->path, "[%d]", v->index);
        }
        record(p, v->spot.line);
    }
    p->plen[d] = p->path.len;
    return 0;
}

int json_lines_build(json_lines *jl, hw_arena *a, const char *text, size_t len)
{
    jl->repeats = NULL;
    jl->nrepeats = 0;
    jl->cap_repeats = 0;
    if (name_index_init(&jl->paths, 1024) != 0)
        return -1;
    scanner *s = calloc(1, sizeof *s);
    path_scan *p = calloc(1, sizeof *p);
    if (!s || !p || name_index_init(&p->copies, 16) != 0) {
        free(s);
        free(p);
        json_lines_free(jl);
        return -1;
    }
    p->arena = a;
    p->jl = jl;
    buf_init(&p->path);
    buf_puts(&p->path, "");
    s->visit = visit_path;
    s->ctx = p;
    scan(s, text, len);
    jl->raw = raw_after(s, text, len);
    buf_free(&p->path);
    name_index_free(&p->copies);
    free(p->ncopies);
    free(p);
    free(s);
    return 0;
}

int json_lines_get(const json_lines *jl, const char *path)
{
    if (!*path)
        return 1;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (;;) {
        int line = name_index_get(&jl->paths, buf);
        if (line > 0)
            return line;
        char *cut = strrchr(buf, '.');
        char *br = strrchr(buf, '[');
        if (br && (!cut || br > cut))
            cut = br;
        if (!cut)
            return 0;
        *cut = '\0';
    }
}

void json_lines_free(json_lines *jl)
{
    name_index_free(&jl->paths);
}

/* ---- every value in order ---------------------------------------------- */

typedef struct spot_list {
    json_spot *v;
    size_t n, cap;
} spot_list;

static int visit_spot(scanner *s, const scan_value *v)
{
    spot_list *l = s->ctx;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        json_spot *grown = realloc(l->v, cap * sizeof *grown);
        if (!grown)
            return -1;
        l->v = grown;
        l->cap = cap;
    }
    l->v[l->n++] = v->spot;
    return 0;
}

int json_spots(const char *text, size_t len, json_spot **spots, size_t *n, size_t *raw)
{
    spot_list l = {NULL, 0, 0};
    scanner *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    s->visit = visit_spot;
    s->ctx = &l;
    s->root_only = 1;
    scan(s, text, len);
    int failed = s->failed;
    *raw = raw_after(s, text, len);
    free(s);
    *spots = l.v;
    *n = l.n;
    return failed ? -1 : 0;
}

void json_line_col(const char *text, size_t len, size_t offset, int *line,
                   int *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < offset && i < len; i++) {
        if (text[i] == '\n') {
            (*line)++;
            *col = 1;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            (*col)++;
        }
    }
}

size_t json_raw_control(const char *text, size_t len)
{
    const char *p = text, *end = text + len;
    for (;;) {
        p = memchr(p, '"', (size_t)(end - p)); /* a string starts */
        if (!p)
            return len;
        for (p++; p < end && *p != '"'; p++) {
            if (*p == '\\' && p + 1 < end)
                p++;
            else if ((unsigned char)*p < 0x20)
                return (size_t)(p - text);
        }
        if (p >= end)
            return len;
        p++;
    }
}
