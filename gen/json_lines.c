/* json_lines.c - a position scan over JSON that cJSON already accepted. */
#include "json_lines.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 1024 }; /* cJSON rejects deeper documents first */

typedef struct frame {
    char kind;    /* '{' or '[' */
    size_t plen;  /* path length of the container */
    int index;    /* next array index */
} frame;

typedef struct scanner {
    const char *text;
    size_t len, pos;
    int line;
    hw_arena *arena;
    json_lines *jl;
    hw_buf path;
    frame stack[MAX_DEPTH];
    int depth;
    name_index copies; /* repeated path -> its slot in ncopies */
    int *ncopies;      /* copies of that path numbered so far */
    size_t nslots;
} scanner;

static void skip_space(scanner *s)
{
    while (s->pos < s->len) {
        char c = s->text[s->pos];
        if (c == '\n')
            s->line++;
        else if (c != ' ' && c != '\t' && c != '\r')
            return;
        s->pos++;
    }
}

/* Skip a string starting at its quote; return the raw text inside. */
static void skip_string(scanner *s, size_t *start, size_t *n)
{
    *start = ++s->pos;
    while (s->pos < s->len && s->text[s->pos] != '"') {
        if (s->text[s->pos] == '\\')
            s->pos++;
        else if (s->text[s->pos] == '\n')
            s->line++; /* cJSON lets a raw line break into a string */
        s->pos++;
    }
    *n = s->pos - *start;
    s->pos++;
}

static void skip_scalar(scanner *s)
{
    if (s->text[s->pos] == '"') {
        size_t a, b;
        skip_string(s, &a, &b);
        return;
    }
    /* strchr also "finds" '\0': a NUL byte must not stop the scan, or the
     * caller's loop never moves on (cJSON ignores text after the value). */
    while (s->pos < s->len && (s->text[s->pos] == '\0' ||
                               !strchr(",]} \t\r\n", s->text[s->pos])))
        s->pos++;
}

static void set_path_len(scanner *s, size_t n)
{
    s->path.len = n;
    if (s->path.data)
        s->path.data[n] = '\0';
}

/* The path the value being scanned is recorded under, or NULL. */
static const char *record(scanner *s)
{
    if (s->path.failed)
        return NULL;
    const char *key = arena_strndup(s->arena, s->path.data ? s->path.data : "",
                                    s->path.len);
    if (!key || name_index_put(&s->jl->paths, key, s->line) < 0)
        return key;
    /* A repeated key: name this copy path#k, and its children after it.
     * Each path keeps its count, so n copies cost O(n), not O(n^2). */
    size_t base = s->path.len;
    int slot = name_index_get(&s->copies, key);
    if (slot < 0) {
        int *grown = realloc(s->ncopies, (s->nslots + 1) * sizeof *grown);
        if (!grown)
            return NULL;
        s->ncopies = grown;
        slot = (int)s->nslots;
        if (name_index_put(&s->copies, key, slot) == -2)
            return NULL;
        s->ncopies[s->nslots++] = 1;
    }
    /* The next number is free unless a key spells "name#k" itself; give
     * up after a few (the copy then reports its parent's line). */
    for (int k = s->ncopies[slot] + 1, tries = 0; tries < 64; k++, tries++) {
        s->ncopies[slot] = k;
        set_path_len(s, base);
        buf_printf(&s->path, "#%d", k);
        key = arena_strndup(s->arena, s->path.data ? s->path.data : "", s->path.len);
        if (!key || s->path.failed)
            return NULL;
        if (name_index_put(&s->jl->paths, key, s->line) < 0) {
            json_repeat *r = ARENA_PUSH(s->arena, s->jl->repeats, s->jl->nrepeats,
                                        s->jl->cap_repeats);
            if (r)
                *r = (json_repeat){key, s->line};
            return key;
        }
    }
    return NULL;
}


/* Before a value: name it after its key or its array position; *recorded
 * gets the path it is recorded under (NULL: none). */
static int begin_value(scanner *s, const char **recorded)
{
    *recorded = NULL;
    frame *top = s->depth ? &s->stack[s->depth - 1] : NULL;
    if (top && top->kind == '{') {
        skip_space(s);
        if (s->pos >= s->len || s->text[s->pos] != '"')
            return 0;
        size_t start, n;
        int line = s->line;
        skip_string(s, &start, &n);
        set_path_len(s, top->plen);
        if (top->plen)
            buf_putc(&s->path, '.');
        /* cJSON's keys are C strings: a raw NUL ends the key there. */
        const char *nul = memchr(s->text + start, '\0', n);
        buf_putn(&s->path, s->text + start, nul ? (size_t)(nul - (s->text + start)) : n);
        skip_space(s);
        s->pos++; /* ':' */
        int saved = s->line;
        s->line = line;
        *recorded = record(s);
        s->line = saved;
    } else if (top) {
        set_path_len(s, top->plen);
        buf_printf(&s->path, "[%d]", top->index++);
        skip_space(s);
        *recorded = record(s);
    }
    return 1;
}

int json_lines_build(json_lines *jl, hw_arena *a, const char *text, size_t len)
{
    jl->repeats = NULL;
    jl->nrepeats = 0;
    jl->cap_repeats = 0;
    if (name_index_init(&jl->paths, 1024) != 0)
        return -1;
    if (name_index_init(&jl->numbers, 16) != 0) {
        name_index_free(&jl->paths);
        return -1;
    }
    scanner *s = calloc(1, sizeof *s);
    if (!s || name_index_init(&s->copies, 16) != 0) {
        free(s);
        json_lines_free(jl);
        return -1;
    }
    s->text = text;
    s->len = len;
    s->line = 1;
    s->arena = a;
    s->jl = jl;
    buf_init(&s->path);
    buf_puts(&s->path, "");
    for (;;) {
        skip_space(s);
        if (s->pos >= s->len)
            break;
        char c = s->text[s->pos];
        if (c == ',') {
            s->pos++;
        } else if (c == '}' || c == ']') {
            s->pos++;
            if (s->depth)
                s->depth--;
        } else {
            if (s->depth && s->stack[s->depth - 1].kind == '{' && c != '"')
                break; /* not JSON we understand; keep what we have */
            const char *path;
            if (!begin_value(s, &path))
                break;
            skip_space(s);
            if (s->pos >= s->len)
                break;
            c = s->text[s->pos];
            if ((c == '{' || c == '[') && s->depth < MAX_DEPTH) {
                s->stack[s->depth++] = (frame){c, s->path.len, 0};
                s->pos++;
            } else {
                if (path && (c == '-' || (c >= '0' && c <= '9')) && s->pos <= INT_MAX)
                    name_index_put(&jl->numbers, path, (int)s->pos);
                skip_scalar(s);
            }
        }
    }
    buf_free(&s->path);
    name_index_free(&s->copies);
    free(s->ncopies);
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

int json_lines_number(const json_lines *jl, const char *path)
{
    return name_index_get(&jl->numbers, path);
}

void json_lines_free(json_lines *jl)
{
    name_index_free(&jl->paths);
    name_index_free(&jl->numbers);
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
    int in_string = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (!in_string) {
            in_string = c == '"';
        } else if (c == '\\') {
            i++;
        } else if (c == '"') {
            in_string = 0;
        } else if (c < 0x20) {
            return i;
        }
    }
    return len;
}
