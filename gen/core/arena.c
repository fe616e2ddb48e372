/* arena.c - region allocator and growable byte buffer. */
#include "core/arena.h"
#include "core/reads.h"

#include <errno.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { CHUNK_MIN = 64 * 1024 };

typedef struct chunk {
    struct chunk *next;
    size_t size;
    size_t used;
    max_align_t data[]; /* keeps every allocation suitably aligned */
} chunk;

struct hw_arena {
    chunk *head;
    int failed; /* an allocation returned NULL */
};

hw_arena *arena_create(void)
{
    return calloc(1, sizeof(hw_arena));
}

void arena_free(hw_arena *arena)
{
    if (!arena)
        return;
    for (chunk *c = arena->head; c;) {
        chunk *next = c->next;
        free(c);
        c = next;
    }
    free(arena);
}

static size_t align_up(size_t n)
{
    size_t a = sizeof(max_align_t);
    return (n + a - 1) / a * a;
}

static chunk *chunk_new(size_t need)
{
    size_t size = need > CHUNK_MIN ? need : CHUNK_MIN;
    chunk *c = malloc(sizeof(chunk) + size);
    if (!c)
        return NULL;
    c->next = NULL;
    c->size = size;
    c->used = 0;
    return c;
}

void *arena_alloc(hw_arena *arena, size_t size)
{
    size = align_up(size ? size : 1);
    chunk *c = arena->head;
    if (!c || c->size - c->used < size) {
        c = chunk_new(size);
        if (!c) {
            arena->failed = 1;
            return NULL;
        }
        c->next = arena->head;
        arena->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

int arena_failed(const hw_arena *arena)
{
    return arena->failed;
}

void arena_fail(hw_arena *arena)
{
    arena->failed = 1;
}

char *arena_strndup(hw_arena *arena, const char *s, size_t n)
{
    char *p = arena_alloc(arena, n + 1);
    if (p)
        memcpy(p, s, n);
    return p;
}

char *arena_strdup(hw_arena *arena, const char *s)
{
    return s ? arena_strndup(arena, s, strlen(s)) : NULL;
}

/* Most strings made this way are short (paths, names): formatted once
 * into a buffer on the stack and copied, they cost one vsnprintf, not two
 * (make bench: Neoverse V1 to perf JSON, beside perf_json_generator). */
char *arena_vprintf(hw_arena *arena, const char *fmt, va_list ap)
{
    char small[256];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    char *p = n < 0 ? NULL : arena_alloc(arena, (size_t)n + 1);
    if (p && (size_t)n < sizeof small)
        memcpy(p, small, (size_t)n + 1);
    else if (p)
        vsnprintf(p, (size_t)n + 1, fmt, again);
    else if (n < 0)
        arena->failed = 1;
    va_end(again);
    return p;
}

char *arena_printf(hw_arena *arena, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = arena_vprintf(arena, fmt, ap);
    va_end(ap);
    return p;
}

int arena_grow(hw_arena *arena, void **items, size_t *cap, size_t need,
               size_t size)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 8;
    while (ncap < need)
        ncap *= 2;
    if (ncap > SIZE_MAX / size) {
        arena->failed = 1;
        return -1;
    }
    void *p = arena_alloc(arena, ncap * size);
    if (!p)
        return -1;
    if (*cap)
        memcpy(p, *items, *cap * size);
    *items = p;
    *cap = ncap;
    return 0;
}

/* ---- hw_buf ----------------------------------------------------------- */

void buf_init(hw_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->failed = 0;
}

void buf_free(hw_buf *b)
{
    free(b->data);
    buf_init(b);
}

void buf_reset(hw_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

static int buf_reserve(hw_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t ncap = b->cap ? b->cap : 256;
    while (ncap < b->len + extra + 1) {
        if (ncap > SIZE_MAX / 2) {
            b->failed = 1;
            return -1;
        }
        ncap *= 2;
    }
    char *p = realloc(b->data, ncap);
    if (!p) {
        b->failed = 1;
        return -1;
    }
    b->data = p;
    b->cap = ncap;
    return 0;
}

void buf_putn(hw_buf *b, const char *s, size_t n)
{
    if (buf_reserve(b, n) != 0)
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

char *buf_room(hw_buf *b, size_t n)
{
    return buf_reserve(b, n) == 0 ? b->data + b->len : NULL;
}

void buf_wrote(hw_buf *b, size_t n)
{
    b->len += n;
    b->data[b->len] = '\0';
}

void buf_puts(hw_buf *b, const char *s)
{
    buf_putn(b, s, strlen(s));
}


/* Formatted once into the room the buffer has, and again only when that
 * was too small: formatting twice was a fifth of rendering big docs. */
void buf_vprintf(hw_buf *b, const char *fmt, va_list ap)
{
    if (b->failed)
        return;
    va_list copy;
    va_copy(copy, ap);
    size_t room = b->cap - b->len;
    int n = vsnprintf(b->data ? b->data + b->len : NULL, b->data ? room : 0, fmt, copy);
    va_end(copy);
    if (n < 0) {
        if (b->data)
            b->data[b->len] = '\0';
        return;
    }
    if ((size_t)n >= room) {
        if (buf_reserve(b, (size_t)n) != 0) {
            if (b->data)
                b->data[b->len] = '\0';
            return;
        }
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void buf_printf(hw_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *buf_steal(hw_buf *b)
{
    char *p = b->data;
    if (!p && !b->failed)
        p = calloc(1, 1);
    buf_init(b);
    return p;
}

char *arena_take(hw_arena *arena, hw_buf *b)
{
    char *s = NULL;
    if (b->failed)
        arena->failed = 1;
    else
        s = arena_strndup(arena, b->data ? b->data : "", b->len);
    buf_free(b);
    return s;
}

int buf_read_file(hw_buf *b, const char *path, size_t max)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t start = b->len;
    /* room for the whole file at once when its size is known (a pipe's
     * is not: it grows as it comes), read straight into the buffer */
    struct stat st;
    size_t want = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
                          (uintmax_t)st.st_size <= max ? (size_t)st.st_size + 1 : 65536;
    for (;;) {
        char *room = buf_room(b, want);
        size_t n = room ? fread(room, 1, want, f) : 0;
        if (n)
            buf_wrote(b, n);
        if (n < want || b->len - start > max)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    errno = bad ? EIO : b->failed ? ENOMEM : b->len - start > max ? EFBIG : 0;
    if (errno)
        return -1;
    reads_note(path); /* an input of the run (reads.h) */
    return 0;
}
