/* test_stream.c - files written while they are rendered (out_begin and
 * out_end): compared with the disk as the bytes come, written from the
 * first difference on, and all-or-nothing like every other file. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "diag.h"
#include "output.h"
#include "test_util.h"

static char dir[64];
static char path[128];

static char byte_at(size_t i, unsigned seed)
{
    return (char)('A' + (i * 13 + i / 777 + seed) % 26);
}

static char *content(size_t n, unsigned seed)
{
    char *p = malloc(n + 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        p[i] = byte_at(i, seed);
    p[n] = '\0';
    return p;
}

static void put_file(const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Nothing but the file itself in the directory: no temporary left. */
static void expect_alone(void)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, "f.txt"))
            fail_msg("left behind: %s", e->d_name);
    closedir(d);
}

/* A set as hwcgen generate has it, f.txt begun in it. */
static void begin(out_set *s, hw_diag *d, hw_buf *b)
{
    diag_init(d, NULL);
    out_init(s);
    out_stage_early(s, d);
    assert_int_equal(out_begin(s, dir, "f.txt", b), 0);
}

/* Stream `text` (n bytes) in pieces of odd sizes as dir/f.txt, commit, and
 * return whether the file was left unchanged. */
static int stream(const char *text, size_t n)
{
    out_set s;
    hw_diag d;
    hw_buf b;
    begin(&s, &d, &b);
    for (size_t at = 0, k = 1; at < n; k = k * 7 % 100003 + 1) {
        size_t piece = k < n - at ? k : n - at;
        buf_putn(&b, text + at, piece);
        at += piece;
    }
    assert_int_equal(out_end(&s, &b, 0), 0);
    int written = -1, unchanged = -1;
    assert_int_equal(out_commit(&s, &d, &written, &unchanged), 0);
    assert_int_equal(written + unchanged, 1);
    assert_int_equal(d.errors, 0);
    out_free(&s);
    diag_free(&d);
    size_t len = 0;
    char *disk = read_file(path, &len);
    assert_non_null(disk);
    assert_int_equal(len, n);
    assert_memory_equal(disk, text, n);
    free(disk);
    expect_alone();
    return unchanged;
}

static void test_new_file(void **state)
{
    (void)state;
    unlink(path);
    char *text = content(1000000, 1);
    assert_int_equal(stream(text, 1000000), 0);
    assert_int_equal(stream(text, 1000000), 1); /* the same again */
    free(text);
}

/* A difference anywhere (first byte, past the first chunk handed over,
 * the last byte) and a content that is a prefix of the old file, or has
 * it as a prefix: written whole and exact. */
static void test_differences(void **state)
{
    (void)state;
    size_t n = 700000;
    char *text = content(n, 2);
    size_t at[] = {0, 1, 262143, 262144, 300001, n - 1};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        put_file(text, n);
        text[at[i]] ^= 0x20;
        assert_int_equal(stream(text, n), 0);
        text[at[i]] ^= 0x20;
    }
    put_file(text, n); /* the old file is longer */
    assert_int_equal(stream(text, n - 5), 0);
    put_file(text, n - 300000); /* the old file is shorter */
    assert_int_equal(stream(text, n), 0);
    put_file(text, n);
    assert_int_equal(stream("", 0), 0); /* emptied */
    assert_int_equal(stream("", 0), 1);
    free(text);
}

/* A render that fails after part of a changed content was written leaves
 * the old file as it was and no temporary behind. */
static void test_failed_render(void **state)
{
    (void)state;
    char *old = content(500000, 3), *text = content(500000, 4);
    put_file(old, 500000);
    out_set s;
    hw_diag d;
    hw_buf b;
    begin(&s, &d, &b);
    buf_putn(&b, text, 500000); /* past the buffer: part is on disk */
    assert_int_not_equal(out_end(&s, &b, -1), 0);
    assert_int_not_equal(out_commit(&s, &d, NULL, NULL), 0);
    out_free(&s);
    diag_free(&d);
    size_t len = 0;
    char *disk = read_file(path, &len);
    assert_int_equal(len, 500000);
    assert_memory_equal(disk, old, len);
    expect_alone();
    free(disk);
    free(old);
    free(text);
}

/* A set that is not staged early keeps the content in memory. */
static void test_in_memory(void **state)
{
    (void)state;
    out_set s;
    out_init(&s);
    hw_buf b;
    assert_int_equal(out_begin(&s, dir, "g.txt", &b), 0);
    buf_puts(&b, "held");
    assert_int_equal(out_end(&s, &b, 0), 0);
    assert_int_equal(s.nfiles, 1);
    assert_string_equal(s.files[0].content.data, "held");
    out_free(&s);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/hwcgen-stream-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/f.txt", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_file),
        cmocka_unit_test(test_differences),
        cmocka_unit_test(test_failed_render),
        cmocka_unit_test(test_in_memory),
    };
    return cmocka_run_group_tests_name("stream", tests, setup, teardown);
}
