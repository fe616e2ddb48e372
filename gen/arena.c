/* arena.c - region allocator and growable byte buffer. */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pages.h"

/* Chunks double from CHUNK_MIN up to CHUNK_MAX: a big arena takes few
 * mallocs, and its chunks are big enough for huge pages (pages.h). */
enum { CHUNK_MIN = 64 * 1024, CHUNK_MAX = 16 * 1024 * 1024 };

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

static void chunk_free(chunk *c)
{
    size_t block = sizeof(chunk) + c->size;
    if (block >= PAGES_MIN)
        pages_free(c, block);
    else
        free(c);
}

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
        chunk_free(c);
        c = next;
    }
    free(arena);
}

/* Under AddressSanitizer nothing is kept, so a pointer that outlives a
 * reset reads freed memory, which ASan reports. */
void arena_reset(hw_arena *arena)
{
    chunk *keep = HW_ASAN ? NULL : arena->head;
    for (chunk *c = keep ? keep->next : arena->head; c;) {
        chunk *next = c->next;
        chunk_free(c);
        c = next;
    }
    if (keep) {
        keep->next = NULL;
        keep->used = 0;
    }
    arena->head = keep;
    arena->failed = 0;
}

static size_t align_up(size_t n)
{
    size_t a = sizeof(max_align_t);
    return (n + a - 1) / a * a;
}

/* A chunk with room for `need` bytes, and `block` bytes long with its
 * header if that is more. A big one gets all of its huge pages. */
static chunk *chunk_new(size_t need, size_t block)
{
    if (need > SIZE_MAX - sizeof(chunk) - PAGES_MIN)
        return NULL;
    if (block < sizeof(chunk) + need)
        block = sizeof(chunk) + need;
    chunk *c;
    if (block >= PAGES_MIN) {
        block = pages_round(block);
        c = pages_alloc(block);
    } else {
        c = malloc(block);
    }
    if (!c)
        return NULL;
    c->next = NULL;
    c->size = block - sizeof(chunk);
    c->used = 0;
    return c;
}

/* Uninitialised memory, for text that is written over at once. */
static void *alloc_raw(hw_arena *arena, size_t size)
{
    size = align_up(size ? size : 1);
    chunk *c = arena->head;
    if (!c || c->size - c->used < size) {
        size_t block = c ? sizeof(chunk) + c->size : CHUNK_MIN / 2;
        c = chunk_new(size, block < CHUNK_MAX ? block * 2 : CHUNK_MAX);
        if (!c) {
            arena->failed = 1;
            return NULL;
        }
        c->next = arena->head;
        arena->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    return p;
}

void *arena_alloc(hw_arena *arena, size_t size)
{
    void *p = alloc_raw(arena, size);
    if (p)
        memset(p, 0, size);
    return p;
}

void *arena_alloc_uninit(hw_arena *arena, size_t size)
{
    return alloc_raw(arena, size);
}

int arena_failed(const hw_arena *arena)
{
    return arena->failed;
}

char *arena_strndup(hw_arena *arena, const char *s, size_t n)
{
    char *p = alloc_raw(arena, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

char *arena_strdup(hw_arena *arena, const char *s)
{
    return s ? arena_strndup(arena, s, strlen(s)) : NULL;
}

char *arena_printf(hw_arena *arena, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        arena->failed = 1;
        return NULL;
    }
    char *p = alloc_raw(arena, (size_t)n + 1);
    if (!p)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

int arena_grow(hw_arena *arena, void **items, size_t *cap, size_t need,
               size_t size)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 8;
    if (ncap < need)
        ncap = need; /* a reservation: exactly what was asked */
    if (ncap > SIZE_MAX / size) {
        arena->failed = 1;
        return -1;
    }
    char *p = alloc_raw(arena, ncap * size);
    if (!p)
        return -1;
    if (*cap)
        memcpy(p, *items, *cap * size);
    memset(p + *cap * size, 0, (ncap - *cap) * size);
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
    b->sink = NULL;
    b->sink_ctx = NULL;
}

/* Storage of PAGES_MIN or more is a block of pages.h, malloc'd below. */
static int buf_paged(const hw_buf *b)
{
    return b->cap >= PAGES_MIN;
}

void buf_free(hw_buf *b)
{
    if (buf_paged(b))
        pages_free(b->data, b->cap);
    else
        free(b->data);
    buf_init(b);
}

void buf_reset(hw_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

/* Storage for `ncap` bytes holding the buffer's contents, or NULL (the
 * old storage is then still the buffer's). */
static char *grow_storage(hw_buf *b, size_t ncap)
{
    if (ncap < PAGES_MIN)
        return realloc(b->data, ncap);
    if (buf_paged(b))
        return pages_grow(b->data, b->cap, ncap);
    char *p = pages_alloc(ncap);
    if (p && b->data)
        memcpy(p, b->data, b->len + 1);
    if (p)
        free(b->data);
    return p;
}

void buf_drain(hw_buf *b)
{
    if (b->sink && b->len > 0 && !b->failed) {
        b->sink(b->sink_ctx, b->data, b->len);
        b->len = 0;
        b->data[0] = '\0';
    }
}

static int buf_reserve(hw_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    buf_drain(b);
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
    char *p = grow_storage(b, ncap);
    if (!p) {
        b->failed = 1;
        return -1;
    }
    b->data = p;
    b->cap = ncap;
    return 0;
}

void buf_sink(hw_buf *b, size_t cap, void (*sink)(void *ctx, const char *p, size_t n),
              void *ctx)
{
    b->sink = sink;
    b->sink_ctx = ctx;
    if (cap > b->cap && buf_reserve(b, cap - 1 - b->len) != 0)
        b->sink = NULL; /* failed: the buffer says so */
}

void buf_putn(hw_buf *b, const char *s, size_t n)
{
    if (buf_reserve(b, n) != 0)
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void buf_puts(hw_buf *b, const char *s)
{
    buf_putn(b, s, strlen(s));
}

void buf_putc(hw_buf *b, char c)
{
    buf_putn(b, &c, 1);
}

/* One pass when the text fits the room left (the common case: printing
 * is hot in the emitters), a second after growing when it does not. */
void buf_vprintf(hw_buf *b, const char *fmt, va_list ap)
{
    if (buf_reserve(b, 64) != 0)
        return;
    va_list copy;
    va_copy(copy, ap);
    size_t room = b->cap - b->len;
    int n = vsnprintf(b->data + b->len, room, fmt, copy);
    va_end(copy);
    if (n < 0) {
        b->data[b->len] = '\0';
        return;
    }
    if ((size_t)n >= room) {
        if (buf_reserve(b, (size_t)n) != 0) {
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
    if (buf_paged(b)) { /* the caller frees with free() */
        p = malloc(b->len + 1);
        if (p)
            memcpy(p, b->data, b->len + 1);
        buf_free(b);
        return p;
    }
    if (!p && !b->failed)
        p = calloc(1, 1);
    buf_init(b);
    return p;
}

void buf_move(hw_buf *to, hw_buf *from)
{
    *to = *from;
    buf_init(from);
}
