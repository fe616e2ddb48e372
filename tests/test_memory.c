/* test_memory.c - arenas, buffers and big blocks across the sizes where
 * their storage changes: arena chunks grow up to 16 MiB, buffers of 2 MiB
 * or more live in mappings of their own, and a spec read from a pipe is
 * collected in such a buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "arena.h"
#include "diag.h"
#include "ir.h"
#include "load.h"
#include "pages.h"
#include "test_util.h"

enum { MIB = 1024 * 1024 };

static char pattern(size_t i)
{
    return (char)('a' + (i * 7 + i / 4099) % 26);
}

/* Appends of every shape, past 2 MiB and on to 9 MiB: the contents must
 * survive each move of the storage, and buf_steal()/buf_move() must hand
 * over the same bytes. */
static void test_buffer_past_huge_pages(void **state)
{
    (void)state;
    hw_buf b;
    buf_init(&b);
    size_t want = 9 * (size_t)MIB + 123, n = 0;
    char piece[5000];
    while (n < want) {
        size_t k = 1 + (n * 31) % sizeof piece;
        if (k > want - n)
            k = want - n;
        for (size_t i = 0; i < k; i++)
            piece[i] = pattern(n + i);
        if (n % 3 == 0 && k > 1) {
            buf_printf(&b, "%.*s", (int)k, piece);
        } else if (k == 1) {
            buf_putc(&b, piece[0]);
        } else {
            buf_putn(&b, piece, k);
        }
        n += k;
    }
    assert_false(b.failed);
    assert_int_equal(b.len, want);
    assert_int_equal(b.data[want], '\0');
    for (size_t i = 0; i < want; i++)
        if (b.data[i] != pattern(i))
            fail_msg("byte %zu is '%c', want '%c'", i, b.data[i], pattern(i));

    hw_buf moved;
    const char *storage = b.data;
    buf_move(&moved, &b);
    assert_ptr_equal(moved.data, storage);
    assert_null(b.data);
    assert_int_equal(b.len, 0);

    char *stolen = buf_steal(&moved); /* memory for free() */
    assert_non_null(stolen);
    assert_null(moved.data);
    for (size_t i = 0; i < want; i++)
        if (stolen[i] != pattern(i))
            fail_msg("stolen byte %zu differs", i);
    assert_int_equal(stolen[want], '\0');
    free(stolen);
    buf_free(&moved);

    buf_putn(&b, "again", 5); /* an emptied buffer is usable */
    assert_string_equal(b.data, "again");
    buf_free(&b);
}

/* Allocations from a few bytes to more than a chunk, 48 MiB in all: each
 * aligned, zeroed, and intact after all the others are made. */
static void test_arena_chunk_sizes(void **state)
{
    (void)state;
    hw_arena *a = arena_create();
    assert_non_null(a);
    enum { N = 4000 };
    static unsigned char *blocks[N];
    static size_t sizes[N];
    size_t total = 0;
    for (int i = 0; i < N; i++) {
        sizes[i] = i == N / 2 ? 20 * (size_t)MIB : (size_t)(i * 2654435761u % 12000) + 1;
        blocks[i] = arena_alloc(a, sizes[i]);
        assert_non_null(blocks[i]);
        assert_int_equal((uintptr_t)blocks[i] % _Alignof(max_align_t), 0);
        for (size_t k = 0; k < sizes[i]; k++)
            if (blocks[i][k] != 0)
                fail_msg("block %d byte %zu not zeroed", i, k);
        memset(blocks[i], i & 0xff, sizes[i]);
        total += sizes[i];
    }
    assert_true(total > 40 * (size_t)MIB);
    for (int i = 0; i < N; i++)
        for (size_t k = 0; k < sizes[i]; k++)
            if (blocks[i][k] != (i & 0xff))
                fail_msg("block %d byte %zu overwritten", i, k);
    assert_false(arena_failed(a));

    arena_reset(a); /* the kept chunk is reused, zeroing still holds */
    for (int i = 0; i < 100; i++) {
        unsigned char *p = arena_alloc(a, 1000);
        assert_non_null(p);
        for (int k = 0; k < 1000; k++)
            assert_int_equal(p[k], 0);
        memset(p, 0xee, 1000);
    }
    arena_free(a);
}

/* Big blocks: usable to their rounded size, aligned to a huge page where
 * they are mapped (not under AddressSanitizer), grown with their contents
 * kept, and a freed block is what the next request of its size gets. */
static void test_pages(void **state)
{
    (void)state;
    int mapped = pages_round(PAGES_MIN + 1) > PAGES_MIN + 1;
#if defined(__linux__) && !HW_ASAN
    assert_true(mapped);
#endif
    size_t sizes[] = {PAGES_MIN, PAGES_MIN + 1, 5 * (size_t)MIB + 17};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t usable = pages_round(sizes[i]);
        assert_true(usable >= sizes[i]);
        unsigned char *p = pages_alloc(sizes[i]);
        assert_non_null(p);
        memset(p, 0x5a, usable);
        if (mapped)
            assert_int_equal((uintptr_t)p % PAGES_MIN, 0);
        pages_free(p, sizes[i]);
        unsigned char *again = pages_alloc(sizes[i]);
        if (mapped)
            assert_ptr_equal(again, p);
        pages_free(again, sizes[i]);
    }

    size_t old = 3 * (size_t)MIB, grown = 9 * (size_t)MIB;
    char *p = pages_alloc(old);
    assert_non_null(p);
    for (size_t i = 0; i < old; i++)
        p[i] = pattern(i);
    /* Both ways of growing: into a kept block (one of the size is freed
     * first), then into fresh memory (no block that big is kept). */
    for (int round = 0; round < 2; round++) {
        if (round == 0)
            pages_free(pages_alloc(grown), grown);
        char *q = pages_grow(p, old, grown);
        assert_non_null(q);
        for (size_t i = 0; i < old; i++)
            if (q[i] != pattern(i))
                fail_msg("round %d: byte %zu lost in growing", round, i);
        for (size_t i = old; i < grown; i++)
            q[i] = pattern(i);
        p = q;
        old = grown;
        grown *= 2;
    }
    pages_free(p, old);
}

#if defined(__linux__) && !HW_ASAN
/* The VmFlags line of the mapping that holds `at`, from /proc/self/smaps;
 * "" when it cannot be read. */
static void vm_flags(const void *at, char *flags, size_t size)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    char line[512];
    int inside = 0;
    flags[0] = '\0';
    while (f && fgets(line, sizeof line, f)) {
        unsigned long from, to;
        if (sscanf(line, "%lx-%lx ", &from, &to) == 2)
            inside = (uintptr_t)at >= from && (uintptr_t)at < to;
        else if (inside && strncmp(line, "VmFlags:", 8) == 0)
            snprintf(flags, size, "%.*s", (int)(size - 1), line + 8);
    }
    if (f)
        fclose(f);
}
#endif

/* A block from malloc, advised: its whole huge pages inside are marked for
 * huge pages (flag "hg"); one with none inside (malloc's header comes
 * first) is left alone; either keeps its bytes and is freed as usual. */
static void test_pages_advise(void **state)
{
    (void)state;
#if defined(__linux__) && !HW_ASAN
    /* pages_alloc() advises its own mappings: where that leaves no flag
     * (a kernel without huge pages, no /proc), nothing here can be seen. */
    char flags[256];
    void *probe = pages_alloc(PAGES_MIN);
    assert_non_null(probe);
    vm_flags(probe, flags, sizeof flags);
    pages_free(probe, PAGES_MIN);
    if (!strstr(flags, " hg")) {
        printf("  SKIP: no huge page flag to be seen in /proc/self/smaps\n");
        skip();
    }
#endif
    size_t sizes[] = {9 * (size_t)MIB + 5, PAGES_MIN + 7};
    for (size_t k = 0; k < 2; k++) {
        size_t size = sizes[k];
        char *p = malloc(size);
        assert_non_null(p);
        pages_advise(p, size);
        for (size_t i = 0; i < size; i++)
            p[i] = pattern(i);
#if defined(__linux__) && !HW_ASAN
        char *inner = (char *)(((uintptr_t)p + PAGES_MIN - 1) & ~(uintptr_t)(PAGES_MIN - 1));
        vm_flags(inner, flags, sizeof flags);
        if (k == 0)
            assert_non_null(strstr(flags, " hg"));
        else
            assert_null(strstr(flags, " hg"));
        vm_flags(p, flags, sizeof flags);
        assert_null(strstr(flags, " hg"));
#endif
        for (size_t i = 0; i < size; i++)
            if (p[i] != pattern(i))
                fail_msg("byte %zu of %zu lost", i, size);
        free(p);
    }
}

/* A spec that comes through a pipe has no size to read it by: it is
 * collected piece by piece (here past 2 MiB, so from a mapped buffer) and
 * must load as the file itself does. */
static void test_spec_from_pipe(void **state)
{
    (void)state;
    const char *spec = "spec/arm/neoverse-v1.json";
    size_t len = 0;
    char *text = read_file(spec, &len);
    assert_non_null(text);
    char dir[] = "/tmp/hwcgen-memory-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/v1.json", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);

    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) { /* the spec, then 3 MiB of trailing blanks */
        FILE *f = fopen(fifo, "wb");
        int ok = f && fwrite(text, 1, len, f) == len;
        for (int i = 0; ok && i < 3 * 1024; i++)
            ok = fprintf(f, "%1023s\n", "") == 1024;
        _exit(f && fclose(f) == 0 && ok ? 0 : 1);
    }
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *piped = load_spec(fifo, &d);
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    hw_target *direct = load_spec(spec, &d);
    assert_int_equal(d.errors, 0);
    assert_non_null(piped);
    assert_non_null(direct);
    assert_int_equal(piped->nevents, direct->nevents);
    assert_int_equal(piped->nmetrics, direct->nmetrics);
    assert_int_equal(piped->ngroups, direct->ngroups);
    for (int i = 0; i < direct->nevents; i++)
        assert_string_equal(piped->events[i].name, direct->events[i].name);
    for (int i = 0; i < direct->nmetrics; i++)
        assert_string_equal(piped->metrics[i].formula, direct->metrics[i].formula);
    target_free(piped);
    target_free(direct);
    diag_free(&d);
    free(text);
    unlink(fifo);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pages), /* first: it expects few kept blocks */
        cmocka_unit_test(test_pages_advise),
        cmocka_unit_test(test_buffer_past_huge_pages),
        cmocka_unit_test(test_arena_chunk_sizes),
        cmocka_unit_test(test_spec_from_pipe),
    };
    return cmocka_run_group_tests_name("memory", tests, NULL, NULL);
}
