/* pages.c - big blocks of memory, on huge pages, recycled. */
/* madvise(), MADV_HUGEPAGE and mremap() are not POSIX. */
#define _GNU_SOURCE
#include "pages.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "arena.h" /* HW_ASAN */

#if defined(MADV_HUGEPAGE) && defined(MREMAP_FIXED) && !HW_ASAN
#define USE_MAPS 1
#else
#define USE_MAPS 0
#endif

void pages_setup(void)
{
#if USE_MAPS && defined(M_MMAP_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, PAGES_MIN);
#endif
}

size_t pages_round(size_t size)
{
    if (!USE_MAPS || size > SIZE_MAX - PAGES_MIN)
        return size;
    return (size + PAGES_MIN - 1) / PAGES_MIN * PAGES_MIN;
}

#if USE_MAPS

/* Freed blocks kept for reuse, per thread: at most SPARE_MAX bytes in
 * SPARE_SLOTS pieces. Any whole-huge-page part of a mapping is a block
 * in its own right: it can be cut, moved or unmapped alone. */
enum { SPARE_MAX = 32 * 1024 * 1024, SPARE_SLOTS = 32 };
static _Thread_local struct {
    char *p;
    size_t size;
} spare[SPARE_SLOTS];
static _Thread_local int nspare;
static _Thread_local size_t spare_bytes;

/* The smallest kept block of `size` bytes or more, cut to `size`; of
 * equals, the one freed last (its pages are likelier still in cache). */
static char *take_spare(size_t size)
{
    int best = -1;
    for (int i = nspare - 1; i >= 0; i--)
        if (spare[i].size >= size && (best < 0 || spare[i].size < spare[best].size))
            best = i;
    if (best < 0)
        return NULL;
    char *p = spare[best].p;
    if (spare[best].size > size) {
        spare[best].p += size;
        spare[best].size -= size;
    } else {
        spare[best] = spare[--nspare];
    }
    spare_bytes -= size;
    return p;
}

/* Fresh memory, aligned to a huge page: map one more huge page than
 * needed and unmap what sticks out on either side. */
static char *map_aligned(size_t size)
{
    size_t span = size + PAGES_MIN;
    char *p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    char *at = (char *)(((uintptr_t)p + PAGES_MIN - 1) & ~(uintptr_t)(PAGES_MIN - 1));
    if (at > p)
        munmap(p, (size_t)(at - p));
    if (at + size < p + span)
        munmap(at + size, (size_t)(p + span - (at + size)));
    madvise(at, size, MADV_HUGEPAGE); /* a hint: failing it is harmless */
    return at;
}

void *pages_alloc(size_t size)
{
    size = pages_round(size);
    if (size > SIZE_MAX - PAGES_MIN)
        return NULL;
    char *p = take_spare(size);
    return p ? p : map_aligned(size);
}

/* A kept block's pages are in place: copying into one is cheaper than
 * faulting in fresh ones. Otherwise the old pages move to the start of a
 * fresh aligned mapping (page tables move, no bytes are copied). */
void *pages_grow(void *p, size_t old, size_t size)
{
    old = pages_round(old);
    size = pages_round(size);
    if (size <= old)
        return p;
    if (size > SIZE_MAX - PAGES_MIN)
        return NULL;
    char *q = take_spare(size);
    if (q) {
        memcpy(q, p, old);
        pages_free(p, old);
        return q;
    }
    q = map_aligned(size);
    if (!q)
        return NULL;
    if (mremap(p, old, old, MREMAP_MAYMOVE | MREMAP_FIXED, q) == MAP_FAILED) {
        memcpy(q, p, old);
        pages_free(p, old);
    }
    return q;
}

void pages_free(void *p, size_t size)
{
    if (!p)
        return;
    size = pages_round(size);
    size_t keep = nspare < SPARE_SLOTS && spare_bytes < SPARE_MAX ? SPARE_MAX - spare_bytes : 0;
    keep = keep < size ? keep / PAGES_MIN * PAGES_MIN : size;
    if (keep) {
        spare[nspare].p = p;
        spare[nspare].size = keep;
        nspare++;
        spare_bytes += keep;
    }
    if (keep < size)
        munmap((char *)p + keep, size - keep);
}

/* Only the whole huge pages inside the block: its edges may be shared
 * with malloc's bookkeeping. Advising splits the block's mapping, which is
 * why a block that may be resized must not be advised (realloc could then
 * no longer move it with mremap). */
void pages_advise(void *p, size_t size)
{
    uintptr_t from = ((uintptr_t)p + PAGES_MIN - 1) & ~(uintptr_t)(PAGES_MIN - 1);
    uintptr_t to = ((uintptr_t)p + size) & ~(uintptr_t)(PAGES_MIN - 1);
    if (to > from)
        madvise((void *)from, to - from, MADV_HUGEPAGE); /* a hint */
}

void pages_release(void)
{
    while (nspare > 0) {
        nspare--;
        munmap(spare[nspare].p, spare[nspare].size);
    }
    spare_bytes = 0;
}

#else /* plain malloc */

void *pages_alloc(size_t size)
{
    return malloc(size);
}

void *pages_grow(void *p, size_t old, size_t size)
{
    (void)old;
    return realloc(p, size);
}

void pages_free(void *p, size_t size)
{
    (void)size;
    free(p);
}

void pages_advise(void *p, size_t size)
{
    (void)p, (void)size;
}

void pages_release(void)
{
}

#endif
