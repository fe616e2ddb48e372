/* pages.h - big blocks of memory, on huge pages, recycled.
 *
 * A 1000x spec has the generator touch some 600 MiB over a run, in arenas
 * and buffers that come and go. Fresh memory costs a page fault per page
 * and the zeroing of it; in 4 KiB pages that was 100,000 faults, and TLB
 * misses all over the hash tables: a quarter of the run. So blocks of
 * PAGES_MIN or more are whole huge pages, aligned, advised MADV_HUGEPAGE
 * (the kernel's default mode grants huge pages only when asked), and a
 * freed block is kept, up to a budget, for the next one asked for.
 *
 * Under AddressSanitizer, and where the system lacks the calls, blocks
 * come from malloc, so ASan keeps exact bounds and sees use after free.
 * Each thread keeps its own freed blocks.
 */
#ifndef HWCGEN_PAGES_H
#define HWCGEN_PAGES_H

#include <stddef.h>

enum { PAGES_MIN = 2 * 1024 * 1024 };

/* Once, at the start of a program: malloc then maps each block of
 * PAGES_MIN or more on its own and unmaps it when freed. (glibc would
 * otherwise raise that bound as blocks are freed and carve big blocks out
 * of its heap, where they keep memory after being freed.) */
void pages_setup(void);

/* How big a block for `size` bytes really is: usable to the end. */
size_t pages_round(size_t size);

/* A block of at least `size` (>= PAGES_MIN) bytes, contents undefined;
 * NULL when out of memory. */
void *pages_alloc(size_t size);

/* The block grown to `size` bytes, contents kept; NULL (the old block
 * still valid) when out of memory. `old` and `size` as given to
 * pages_alloc() or pages_grow(). */
void *pages_grow(void *p, size_t old, size_t size);

/* Give back a block of `size` bytes (as asked for). NULL is ignored. */
void pages_free(void *p, size_t size);

/* Ask for huge pages under a block from malloc() that is written at
 * once and never resized (a file read whole): its 4 KiB pages would each
 * cost a fault. Only where it has whole huge pages inside. */
void pages_advise(void *p, size_t size);

/* Return the calling thread's kept blocks to the system: a thread that
 * ends calls it, or they would stay mapped. */
void pages_release(void);

#endif
