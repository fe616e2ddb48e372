/* test_write_files.c - the rendered files' set is written into the
 * directory given at commit, and only there (write/write_files.h).
 *
 * The set names its files below the output directory; out_commit puts
 * them under the directory it is given, all or nothing, and a set the
 * pipeline rendered in memory only (hwcgen check) is never written at all.
 *
 * Run from the top of the tree (make check does). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include "core/out_set.h"
#include "run/pipeline.h"
#include "write/write_files.h"

static void add_text(out_set *s, const char *name, const char *text)
{
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, text);
    assert_int_equal(out_add(s, name, &b), 0);
    buf_free(&b);
}

/* The file dir/name holds exactly `text`. */
static void expect_file(const char *dir, const char *name, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *got = read_file(path, NULL);
    if (!got)
        fail_msg("%s was not written", path);
    assert_string_equal(got, text);
    free(got);
}

/* Entries in dir, "." and ".." left out. */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* One set, two directories: the names stay relative and each commit
 * writes below its own directory; a second commit finds them unchanged. */
static void test_written_below_the_directory_given(void **state)
{
    scratch *s = *state;
    char one[128], two[128];
    snprintf(one, sizeof one, "%s/one", s->root);
    snprintf(two, sizeof two, "%s/two/deeper", s->root);
    out_set set;
    out_init(&set);
    add_text(&set, "top.txt", "top\n");
    add_text(&set, "a/b/leaf.txt", "leaf\n");
    assert_string_equal(set.files[1].name, "a/b/leaf.txt");
    hw_diag d;
    diag_init(&d, NULL);
    int written = -1, unchanged = -1;
    assert_int_equal(out_commit(&set, one, &d, &written, &unchanged), 0);
    assert_int_equal(written, 2);
    assert_int_equal(unchanged, 0);
    assert_int_equal(out_commit(&set, two, &d, &written, &unchanged), 0);
    assert_int_equal(written, 2);
    assert_int_equal(out_commit(&set, one, &d, &written, &unchanged), 0);
    assert_int_equal(written, 0);
    assert_int_equal(unchanged, 2);
    for (int i = 0; i < 2; i++) {
        const char *dir = i ? two : one;
        expect_file(dir, "top.txt", "top\n");
        expect_file(dir, "a/b/leaf.txt", "leaf\n");
        assert_int_equal(entries(dir), 2); /* top.txt and a/: no temporary */
    }
    assert_int_equal(d.errors, 0);
    assert_string_equal(set.files[1].name, "a/b/leaf.txt");
    out_free(&set);
    diag_free(&d);
}

/* A file that cannot be written (its directory is a file) fails the whole
 * commit, naming the path below the directory given; nothing is renamed
 * into place and no temporary stays. */
static void test_all_or_nothing(void **state)
{
    scratch *s = *state;
    char blocker[128];
    snprintf(blocker, sizeof blocker, "%s/blocked", s->root);
    FILE *fp = fopen(blocker, "w");
    assert_non_null(fp);
    fclose(fp);
    out_set set;
    out_init(&set);
    add_text(&set, "first.txt", "first\n");
    add_text(&set, "blocked/second.txt", "second\n");
    hw_diag d;
    diag_init(&d, NULL);
    int written = -1;
    assert_int_equal(out_commit(&set, s->root, &d, &written, NULL), -1);
    assert_int_equal(written, 0);
    char want[256];
    snprintf(want, sizeof want, "%s/blocked/second.txt: error: cannot", s->root);
    if (!d.log.data || !strstr(d.log.data, want))
        fail_msg("no '%s' in:\n%s", want, d.log.data ? d.log.data : "");
    assert_int_equal(entries(s->root), 1); /* the blocker alone */
    out_free(&set);
    diag_free(&d);
}

/* What the pipeline renders in memory only (hwcgen check) is named below
 * no directory and cannot be committed: nothing is written anywhere. */
static void test_in_memory_never_written(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, NULL);
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {"spec/arm/neoverse-v1.json"};
    assert_int_equal(run_load_check(&run, paths, 1), 0);
    assert_int_equal(run_emit(&run, NULL, NULL), 0);
    assert_true(run.out.nfiles > 0);
    for (int i = 0; i < run.out.nfiles; i++)
        if (run.out.files[i].name[0] == '/' || strchr(run.out.files[i].name, '('))
            fail_msg("%s: not a name below the output directory", run.out.files[i].name);
    assert_int_equal(run_commit(&run, NULL, NULL, NULL), -1);
    assert_non_null(strstr(d.log.data, "files rendered in memory only are never written"));
    assert_int_not_equal(access("(in memory)", F_OK), 0);
    run_free(&run);
    diag_free(&d);
}

static int setup(void **state)
{
    return scratch_make(state, "hwcgen-write-files");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_written_below_the_directory_given, setup,
                                        scratch_teardown),
        cmocka_unit_test_setup_teardown(test_all_or_nothing, setup, scratch_teardown),
        cmocka_unit_test(test_in_memory_never_written),
    };
    return cmocka_run_group_tests_name("write_files", tests, NULL, NULL);
}
