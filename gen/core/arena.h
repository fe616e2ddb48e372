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

hw_arena *arena_create(void);
void arena_free(hw_arena *arena);

/* Zeroed memory; NULL only when the system is out of memory, which the
 * arena remembers: one arena_failed() check after a stage replaces a check
 * of every allocation's caller. */
void *arena_alloc(hw_arena *arena, size_t size);
int arena_failed(const hw_arena *arena);
/* Record a failure of memory that is not the arena's (a buffer, a cJSON
 * node, a table) made during the same stage, so that the one check covers
 * it too. */
void arena_fail(hw_arena *arena);
char *arena_strdup(hw_arena *arena, const char *s);
char *arena_strndup(hw_arena *arena, const char *s, size_t n);
char *arena_printf(hw_arena *arena, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char *arena_vprintf(hw_arena *arena, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Grow an arena array to hold at least `need` items of `size` bytes.
 * Old storage is abandoned to the arena; doubling keeps waste below 2x. */
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
} hw_buf;

void buf_init(hw_buf *b);
void buf_free(hw_buf *b);
void buf_reset(hw_buf *b);
void buf_putn(hw_buf *b, const char *s, size_t n);
void buf_puts(hw_buf *b, const char *s);
/* Inline: escaping appends a character at a time, tens of millions for
 * the docs of a big tree. */
static inline void buf_putc(hw_buf *b, char c)
{
    if (b->len + 2 <= b->cap && !b->failed) {
        b->data[b->len++] = c;
        b->data[b->len] = '\0';
        return;
    }
    buf_putn(b, &c, 1);
}
/* Room for up to n more bytes at the end, for a writer that knows its
 * largest size but not its exact one: write there, then buf_wrote() what
 * was written. NULL when out of memory (the buffer is then failed). */
char *buf_room(hw_buf *b, size_t n);
void buf_wrote(hw_buf *b, size_t n);
void buf_printf(hw_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void buf_vprintf(hw_buf *b, const char *fmt, va_list ap);
/* Append the whole file `path`, at most `max` bytes. 0, or -1 with errno
 * set: the open's, EIO, ENOMEM, or EFBIG when the file is larger. */
int buf_read_file(hw_buf *b, const char *path, size_t max);
/* Take ownership of the contents; the buffer is left empty. */
char *buf_steal(hw_buf *b);

/* The buffer's text as an arena string; the buffer is freed. NULL when
 * either allocator failed, and the arena then remembers it: text built in a
 * buffer is covered by the one arena_failed() check like any other. */
char *arena_take(hw_arena *arena, hw_buf *b);

#endif
