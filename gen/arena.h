/* arena.h - region allocator and growable byte buffer.
 *
 * Every IR object of a target lives in the target's arena and dies with it,
 * so loaders never free individual nodes and error paths cannot leak.
 */
#ifndef HWCGEN_ARENA_H
#define HWCGEN_ARENA_H

#include <stdarg.h>
#include <stddef.h>

typedef struct hw_arena hw_arena;

/* HW_ASAN is 1 under AddressSanitizer (GCC or clang): allocators that
 * recycle memory then hand out separate blocks instead, so that ASan still
 * sees bounds and use after free. */
#if defined(__SANITIZE_ADDRESS__)
#define HW_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HW_ASAN 1
#endif
#endif
#ifndef HW_ASAN
#define HW_ASAN 0
#endif

hw_arena *arena_create(void);
void arena_free(hw_arena *arena);
/* Drop everything allocated so far and clear the failure mark, keeping
 * one chunk for reuse: for scratch memory recycled item after item. */
void arena_reset(hw_arena *arena);

/* Zeroed memory; NULL only when the system is out of memory, which the
 * arena remembers: one arena_failed() check after a stage replaces a check
 * of every allocation's caller. */
void *arena_alloc(hw_arena *arena, size_t size);
/* The same, not zeroed: for memory the caller fills at once. */
void *arena_alloc_uninit(hw_arena *arena, size_t size);
int arena_failed(const hw_arena *arena);
char *arena_strdup(hw_arena *arena, const char *s);
char *arena_strndup(hw_arena *arena, const char *s, size_t n);
char *arena_printf(hw_arena *arena, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Grow an arena array to hold at least `need` items of `size` bytes:
 * twice the capacity, or exactly `need` when that is more (reserving for
 * a known count wastes nothing). Old storage is abandoned to the arena;
 * doubling keeps waste below 2x. */
int arena_grow(hw_arena *arena, void **items, size_t *cap, size_t need,
               size_t size);

/* Append one zeroed element to an arena array `(items, count, cap)` and
 * yield a pointer to it, or NULL when out of memory. */
#define ARENA_PUSH(arena, items, count, cap)                                  \
    (arena_grow((arena), (void **)&(items), &(cap), (count) + 1,              \
                sizeof *(items)) != 0                                         \
         ? NULL                                                               \
         : &(items)[(count)++])

/* A growable, NUL-terminated byte buffer owned by its user (malloc). */
typedef struct hw_buf {
    char *data;
    size_t len;
    size_t cap;
    int failed; /* set once an allocation failed; later appends do nothing */
    /* With a sink (buf_sink), what the buffer holds goes to the sink
     * whenever more would not fit, and the buffer starts over: content
     * bound for a file is never held whole. */
    void (*sink)(void *ctx, const char *p, size_t n);
    void *sink_ctx;
} hw_buf;

void buf_init(hw_buf *b);
/* Give an empty buffer `cap` bytes of room and a sink (see hw_buf). */
void buf_sink(hw_buf *b, size_t cap, void (*sink)(void *ctx, const char *p, size_t n),
              void *ctx);
/* Hand whatever is held to the sink now. */
void buf_drain(hw_buf *b);
void buf_free(hw_buf *b);
void buf_reset(hw_buf *b);
void buf_putn(hw_buf *b, const char *s, size_t n);
void buf_puts(hw_buf *b, const char *s);
void buf_putc(hw_buf *b, char c);
void buf_printf(hw_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void buf_vprintf(hw_buf *b, const char *fmt, va_list ap);
/* Take ownership of the contents, as memory to free(); the buffer is left
 * empty. A buffer of 2 MiB or more is not malloc'd (pages.h), so this
 * copies it: buf_move() hands such a buffer on without a copy. */
char *buf_steal(hw_buf *b);
/* Move the buffer, storage and all, into *to (which holds nothing); b is
 * left empty. Free *to with buf_free(). */
void buf_move(hw_buf *to, hw_buf *from);

#endif
