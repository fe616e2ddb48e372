/* arena.c - region allocator and growable byte buffer. */
/* madvise(), MADV_HUGEPAGE and mremap() are not POSIX. */
#define _GNU_SOURCE
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* Chunks double from CHUNK_MIN up to CHUNK_MAX: a big arena takes few
 * mallocs, and its chunks are big enough for huge pages. */
enum { CHUNK_MIN = 64 * 1024, CHUNK_MAX = 16 * 1024 * 1024 };

/* A 1000x spec has the generator touch some 400 MiB. In 4 KiB pages that
 * is 100,000 page faults, and TLB misses all over the hash tables: a
 * quarter of the run. So blocks of a huge page or more are aligned to
 * one, whole huge pages long, and advised as such (the kernel grants them
 * only when asked, in its default "madvise" mode). Under AddressSanitizer
 * plain malloc keeps the bounds checks exact. */
enum { HUGE_PAGE = 2 * 1024 * 1024 };
#if defined(MADV_HUGEPAGE) && !HW_ASAN
#define USE_HUGE_PAGES 1
#else
#define USE_HUGE_PAGES 0
#endif
/* A growing buffer of that size is a mapping of its own: mremap() moves
 * its pages instead of copying them, and the advice covers the whole
 * mapping, so nothing splits it. */
#if USE_HUGE_PAGES && defined(MREMAP_MAYMOVE)
#define MAPPED_BUFS 1
#else
#define MAPPED_BUFS 0
#endif

void mem_setup(void)
{
#if USE_HUGE_PAGES && defined(M_MMAP_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, HUGE_PAGE);
#endif
}

void *big_alloc(size_t size)
{
#if USE_HUGE_PAGES
    if (size >= HUGE_PAGE && size <= SIZE_MAX - HUGE_PAGE) {
        size_t whole = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = aligned_alloc(HUGE_PAGE, whole);
        if (p)
            madvise(p, whole, MADV_HUGEPAGE); /* a hint: failure is harmless */
        return p;
    }
#endif
    return malloc(size);
}

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

/* Under AddressSanitizer nothing is kept, so a pointer that outlives a
 * reset reads freed memory, which ASan reports. */
void arena_reset(hw_arena *arena)
{
    chunk *keep = HW_ASAN ? NULL : arena->head;
    for (chunk *c = keep ? keep->next : arena->head; c;) {
        chunk *next = c->next;
        free(c);
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
 * header if that is more. */
static chunk *chunk_new(size_t need, size_t block)
{
    size_t size = need > block - sizeof(chunk) ? need : block - sizeof(chunk);
    chunk *c = big_alloc(sizeof(chunk) + size);
    if (!c)
        return NULL;
    c->next = NULL;
    c->size = size;
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
}

static int buf_mapped(const hw_buf *b)
{
    return MAPPED_BUFS && b->cap >= HUGE_PAGE;
}

void buf_free(hw_buf *b)
{
#if MAPPED_BUFS
    if (buf_mapped(b))
        munmap(b->data, b->cap);
    else
#endif
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
 * old storage is then still the buffer's). Caps are powers of two, so a
 * mapped buffer is whole huge pages long. */
static char *grow_storage(hw_buf *b, size_t ncap)
{
#if MAPPED_BUFS
    if (ncap >= HUGE_PAGE) {
        void *p = buf_mapped(b) ? mremap(b->data, b->cap, ncap, MREMAP_MAYMOVE)
                                : mmap(NULL, ncap, PROT_READ | PROT_WRITE,
                                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        if (!buf_mapped(b)) {
            madvise(p, ncap, MADV_HUGEPAGE); /* mremap keeps it */
            if (b->data)
                memcpy(p, b->data, b->len + 1);
            free(b->data);
        }
        return p;
    }
#endif
    return realloc(b->data, ncap);
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
    char *p = grow_storage(b, ncap);
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
    if (buf_mapped(b)) { /* the caller frees with free() */
        p = big_alloc(b->len + 1);
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
