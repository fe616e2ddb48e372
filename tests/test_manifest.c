/* test_manifest.c - generate owns the files it writes, and only those.
 *
 * Each test builds a small project in a temporary directory (spec/ with
 * copies of our specs, out/ for the outputs) and runs the hwcgen binary
 * there as a user would: a spec copied and not renamed must be refused
 * before anything is written; generating one spec keeps the other targets
 * in the shared files; a full run drops a renamed spec's old outputs and
 * leaves files hwcgen did not write alone.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char bin[PATH_MAX];  /* hwcgen, absolute: the runs change directory */
static char top[PATH_MAX];  /* the tree the tests run from */
static char proj[64];       /* the temporary project */

static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Run a shell command; fail the test when it fails. */
static void sh(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    if (system(cmd) != 0)
        fail_msg("command failed: %s", cmd);
}

/* `hwcgen ARGS` inside the project; its exit status, its output in *log. */
static int hwcgen(char **log, const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cd %s && %s %s > log.txt 2>&1", proj, bin, args);
    int st = system(cmd);
    char path[256];
    snprintf(path, sizeof path, "%s/log.txt", proj);
    *log = read_file(path, NULL);
    assert_non_null(*log);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *project_file(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", proj, name);
    return read_file(path, NULL);
}

static int exists(const char *name)
{
    char path[512];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", proj, name);
    return stat(path, &st) == 0;
}

/* Every file below out/ with its bytes, as one text: equal texts, equal
 * trees. */
static char *tree(void)
{
    sh("cd %s && find out -type f | LC_ALL=C sort | while read f; do "
       "echo \"== $f\"; cat \"$f\"; done > tree.txt", proj);
    return project_file("tree.txt");
}

/* A fresh project for each test, holding the V1 and G720 specs. */
static int setup(void **state)
{
    (void)state;
    const char *b = hwcgen_binary("test_manifest");
    if (!b || !realpath(b, bin) || !getcwd(top, sizeof top))
        return -1;
    snprintf(proj, sizeof proj, "/tmp/hwcgen-manifest-XXXXXX");
    if (!mkdtemp(proj))
        return -1;
    char cmd[3 * PATH_MAX];
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/spec/arm %s/spec/mali && cp %s/spec/arm/neoverse-v1.json %s/spec/arm/ "
             "&& cp %s/spec/mali/mali-g720.xml %s/spec/mali/",
             proj, proj, top, proj, top, proj);
    return system(cmd) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", proj);
    return system(cmd) == 0 ? 0 : -1;
}

static void generate_all(void)
{
    char *log;
    sh("rm -rf %s/out", proj);
    assert_int_equal(hwcgen(&log, "generate -q -o out"), 0);
    free(log);
}

/* A spec copied to add a device, its id left as it was: refused, naming
 * both spec files, before anything is written (into an empty directory
 * too). */
static void test_copy_not_renamed(void **state)
{
    (void)state;
    generate_all();
    sh("cp %s/spec/arm/neoverse-v1.json %s/spec/arm/neoverse-v2.json", proj, proj);
    char *before = tree(), *log;
    assert_int_equal(hwcgen(&log, "generate -o out"), 1);
    if (!strstr(log, "spec/arm/neoverse-v2.json:") ||
        !strstr(log, "id 'neoverse_v1' is also the id of the target at spec/arm/neoverse-v1.json:"))
        fail_msg("no collision naming both specs:\n%s", log);
    char *after = tree();
    assert_string_equal(after, before);
    free(log);
    free(after);
    /* the copy alone, beside the original's outputs from the full run */
    assert_int_equal(hwcgen(&log, "generate -o out spec/arm/neoverse-v2.json"), 1);
    if (!strstr(log, "spec/arm/neoverse-v2.json:") ||
        !strstr(log, "that spec/arm/neoverse-v1.json wrote into out in an earlier run"))
        fail_msg("no collision with the earlier run's target:\n%s", log);
    after = tree();
    assert_string_equal(after, before);
    free(log);
    free(after);
    /* into an empty directory: nothing at all */
    sh("rm -rf %s/empty", proj);
    assert_int_equal(hwcgen(&log, "generate -o empty spec/arm/neoverse-v1.json "
                                  "spec/arm/neoverse-v2.json"), 1);
    assert_false(exists("empty"));
    free(log);
    free(before);
}

/* Two specs whose ids and slugs differ, but whose names make one file
 * name (events-Mali-G720.xml): check finds it, as generate would, and
 * generate writes nothing. */
static void test_same_file_name(void **state)
{
    (void)state;
    generate_all();
    sh("sed 's/id=\"mali_g720\"/id=\"mali_g720b\"/; s/slug=\"mali-g720\"/slug=\"mali-g720b\"/' "
       "%s/spec/mali/mali-g720.xml > %s/spec/mali/mali-g720b.xml", proj, proj);
    char *before = tree(), *log;
    assert_int_equal(hwcgen(&log, "check spec/mali/mali-g720.xml spec/mali/mali-g720b.xml"), 1);
    if (!strstr(log, "spec/mali/mali-g720b.xml:") ||
        !strstr(log, "that spec/mali/mali-g720.xml also writes, "
                     "streamline/events-Mali-G720.xml among them") ||
        strstr(log, ": ok: "))
        fail_msg("check did not find the shared file name:\n%s", log);
    free(log);
    assert_int_equal(hwcgen(&log, "generate -o out"), 1);
    char *after = tree();
    assert_string_equal(after, before);
    free(before), free(after), free(log);
}

/* One spec generated alone keeps the other targets in the shared files. */
static void test_one_spec_keeps_the_others(void **state)
{
    (void)state;
    generate_all();
    char *index = project_file("out/docs/index.md"), *log;
    char *map = project_file("out/perf/arch/arm64/mapfile.csv");
    assert_non_null(strstr(index, "(mali-g720.md)"));
    assert_int_equal(hwcgen(&log, "generate -q -o out spec/arm/neoverse-v1.json"), 0);
    char *index2 = project_file("out/docs/index.md");
    char *map2 = project_file("out/perf/arch/arm64/mapfile.csv");
    assert_string_equal(index2, index);
    assert_string_equal(map2, map);
    assert_true(exists("out/docs/mali-g720.html"));
    free(index), free(index2), free(map), free(map2), free(log);
}

/* A renamed spec: the next full run removes the old name's outputs and
 * only those; a file hwcgen did not write stays. */
static void test_renamed_spec(void **state)
{
    (void)state;
    generate_all();
    sh("echo mine > %s/out/docs/notes.txt", proj);
    sh("sed 's/\"Neoverse V1\"/\"Neoverse V1 AE\"/' %s/spec/arm/neoverse-v1.json > "
       "%s/spec/arm/neoverse-v1-ae.json && rm %s/spec/arm/neoverse-v1.json", proj, proj, proj);
    char *log;
    assert_int_equal(hwcgen(&log, "generate -o out"), 0);
    if (!strstr(log, "removed)") || strstr(log, " 0 removed)"))
        fail_msg("nothing removed:\n%s", log);
    assert_false(exists("out/include/hwcgen/neoverse_v1.h"));
    assert_false(exists("out/perf/arch/arm64/arm/neoverse-v1"));
    assert_false(exists("out/docs/neoverse-v1.md"));
    assert_true(exists("out/include/hwcgen/neoverse_v1_ae.h"));
    assert_true(exists("out/docs/notes.txt"));
    char *index = project_file("out/docs/index.md");
    assert_null(strstr(index, "(neoverse-v1.md)"));
    assert_non_null(strstr(index, "(neoverse-v1-ae.md)"));
    free(index);
    free(log);
}

/* A manifest that is not one is an error at its line, and nothing is
 * written. */
static void test_broken_manifest(void **state)
{
    (void)state;
    generate_all();
    sh("printf '{\\n  \"targets\": [\\n    oops\\n' > %s/out/hwcgen-manifest.json", proj);
    char *before = tree(), *log;
    assert_int_equal(hwcgen(&log, "generate -o out"), 1);
    if (!strstr(log, "out/hwcgen-manifest.json:3:"))
        fail_msg("no line for the broken manifest:\n%s", log);
    char *after = tree();
    assert_string_equal(after, before);
    free(before), free(after), free(log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_copy_not_renamed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_same_file_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_spec_keeps_the_others, setup, teardown),
        cmocka_unit_test_setup_teardown(test_renamed_spec, setup, teardown),
        cmocka_unit_test_setup_teardown(test_broken_manifest, setup, teardown),
    };
    return cmocka_run_group_tests_name("manifest", tests, NULL, NULL);
}
