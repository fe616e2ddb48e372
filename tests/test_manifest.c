/* test_manifest.c - generate owns the files it writes, and only those.
 *
 * Each test builds a small project in a temporary directory (spec/ with
 * copies of our specs, out/ for the outputs) and runs the hwcgen binary
 * there as a user would: a spec copied and not renamed must be refused
 * before anything is written; generating one spec keeps the other targets
 * in the shared files; a full run drops a renamed spec's old outputs and
 * leaves files hwcgen did not write alone. With --outputs, a run writes
 * (and removes) files of the chosen kinds only; the others stay as they
 * are and stay recorded, so runs of some kinds add up to one run of all.
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

/* Every file below `dir` of the project with its bytes, as one text
 * (paths from dir): equal texts, equal trees. */
static char *tree_of(const char *dir)
{
    sh("cd %s/%s && find . -type f | LC_ALL=C sort | while read f; do "
       "echo \"== $f\"; cat \"$f\"; done > %s/tree.txt", proj, dir, proj);
    return project_file("tree.txt");
}

static char *tree(void)
{
    return tree_of("out");
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

/* ---- --outputs ------------------------------------------------------------- */

/* Every path below out/ outside the directories `dirs` (each "docs/"...)
 * and other than the manifest: NULL when there is none. */
static char *strays(const char *dirs)
{
    char pattern[256] = "-e '^out/hwcgen-manifest.json$'";
    for (const char *d = dirs; *d; d += strcspn(d, " "), d += *d == ' ') {
        size_t used = strlen(pattern);
        snprintf(pattern + used, sizeof pattern - used, " -e '^out/%.*s'",
                 (int)strcspn(d, " "), d);
    }
    sh("cd %s && find out -type f | LC_ALL=C sort | { grep -v %s || true; } > strays.txt",
       proj, pattern);
    char *s = project_file("strays.txt");
    if (s && !*s) {
        free(s);
        return NULL;
    }
    return s;
}

/* In a fresh directory, one kind at a time: c writes the headers and the
 * manifest only; docs adds the docs (index too) and leaves the headers;
 * perf and streamline the rest; then a run of every kind changes nothing,
 * and the tree is the one a single full run makes. */
static void test_outputs_add_up(void **state)
{
    (void)state;
    char *log, *s;
    assert_int_equal(hwcgen(&log, "generate -q -o out --outputs c"), 0);
    free(log);
    if ((s = strays("include/hwcgen/")))
        fail_msg("--outputs c wrote more than headers:\n%s", s);
    assert_true(exists("out/include/hwcgen/neoverse_v1.h"));
    assert_true(exists("out/include/hwcgen/mali_g720.h"));
    char *headers = tree_of("out/include");
    assert_int_equal(hwcgen(&log, "generate -q -o out --outputs docs"), 0);
    free(log);
    if ((s = strays("include/hwcgen/ docs/")))
        fail_msg("--outputs docs wrote more than docs:\n%s", s);
    assert_true(exists("out/docs/neoverse-v1.md"));
    assert_true(exists("out/docs/index.html"));
    char *headers2 = tree_of("out/include"), *manifest = project_file("out/hwcgen-manifest.json");
    assert_string_equal(headers2, headers);
    assert_non_null(strstr(manifest, "\"include/hwcgen/neoverse_v1.h\""));
    assert_non_null(strstr(manifest, "\"docs/neoverse-v1.md\""));
    assert_int_equal(hwcgen(&log, "generate -q -o out --outputs perf,streamline"), 0);
    free(log);
    assert_true(exists("out/perf/arch/arm64/mapfile.csv"));
    assert_true(exists("out/streamline/events-Mali-G720.xml"));
    char *before = tree();
    assert_int_equal(hwcgen(&log, "generate -o out"), 0);
    if (!strstr(log, "(0 written, ") || !strstr(log, " 0 removed)"))
        fail_msg("the run of every kind changed something:\n%s", log);
    char *after = tree();
    assert_string_equal(after, before);
    free(log);
    assert_int_equal(hwcgen(&log, "generate -q -o full"), 0);
    char *full = tree_of("full");
    assert_string_equal(full, after);
    free(log), free(headers), free(headers2), free(manifest), free(before), free(after);
    free(full);
}

/* The brief case of a spec with headers and docs only (a model): c, then
 * docs, then every kind writes nothing. */
static void test_outputs_c_then_docs(void **state)
{
    (void)state;
    sh("mkdir -p %s/spec/model && cp %s/spec/mali/mali-t624-model.xml %s/spec/model/", proj,
       top, proj);
    char *log, *s;
    const char *spec = "spec/model/mali-t624-model.xml";
    char args[256];
    snprintf(args, sizeof args, "generate -q -o out --outputs c %s", spec);
    assert_int_equal(hwcgen(&log, args), 0);
    free(log);
    if ((s = strays("include/hwcgen/")))
        fail_msg("--outputs c wrote more than headers:\n%s", s);
    char *headers = tree_of("out/include");
    snprintf(args, sizeof args, "generate -q -o out --outputs docs %s", spec);
    assert_int_equal(hwcgen(&log, args), 0);
    free(log);
    assert_true(exists("out/docs/mali-t624-model.md"));
    char *headers2 = tree_of("out/include");
    assert_string_equal(headers2, headers);
    char *before = tree();
    snprintf(args, sizeof args, "generate -o out %s", spec);
    assert_int_equal(hwcgen(&log, args), 0);
    if (!strstr(log, "(0 written, "))
        fail_msg("the run of every kind wrote something:\n%s", log);
    char *after = tree();
    assert_string_equal(after, before);
    free(log), free(headers), free(headers2), free(before), free(after);
}

/* A spec changed, then only its headers generated: the docs stay as they
 * were, the manifest too (the same files, the same rows); the next run
 * of every kind brings the docs up to date. */
static void test_outputs_leave_the_others(void **state)
{
    (void)state;
    generate_all();
    sh("sed -i 's/\"Instructions Per Cycle\"/\"Instructions In Each Cycle\"/' "
       "%s/spec/arm/neoverse-v1.json", proj);
    char *docs = tree_of("out/docs"), *headers = tree_of("out/include");
    char *manifest = project_file("out/hwcgen-manifest.json"), *log;
    assert_int_equal(hwcgen(&log, "generate -q -o out --outputs c"), 0);
    free(log);
    char *docs2 = tree_of("out/docs"), *headers2 = tree_of("out/include");
    char *manifest2 = project_file("out/hwcgen-manifest.json");
    assert_string_equal(docs2, docs);
    assert_string_equal(manifest2, manifest);
    if (strcmp(headers2, headers) == 0)
        fail_msg("the headers did not change: the test's edit missed the spec");
    assert_int_equal(hwcgen(&log, "generate -q -o out"), 0);
    char *docs3 = tree_of("out/docs");
    if (strcmp(docs3, docs) == 0)
        fail_msg("the full run left the docs stale");
    free(docs), free(docs2), free(docs3), free(headers), free(headers2);
    free(manifest), free(manifest2), free(log);
}

/* A spec renamed, then a full run of the headers only: the old name's
 * headers go, its docs, perf and Streamline files stay, recorded; the
 * next full run of every kind removes them. */
static void test_outputs_full_run_prunes_its_kinds(void **state)
{
    (void)state;
    generate_all();
    sh("sed 's/\"Neoverse V1\"/\"Neoverse V1 AE\"/' %s/spec/arm/neoverse-v1.json > "
       "%s/spec/arm/neoverse-v1-ae.json && rm %s/spec/arm/neoverse-v1.json", proj, proj, proj);
    char *log;
    assert_int_equal(hwcgen(&log, "generate -q -o out --outputs c"), 0);
    free(log);
    assert_false(exists("out/include/hwcgen/neoverse_v1.h"));
    assert_true(exists("out/include/hwcgen/neoverse_v1_ae.h"));
    assert_true(exists("out/docs/neoverse-v1.md"));
    assert_true(exists("out/streamline/events-Neoverse-V1.xml"));
    assert_false(exists("out/docs/neoverse-v1-ae.md"));
    char *manifest = project_file("out/hwcgen-manifest.json");
    assert_non_null(strstr(manifest, "\"docs/neoverse-v1.md\""));
    assert_null(strstr(manifest, "\"include/hwcgen/neoverse_v1.h\""));
    assert_int_equal(hwcgen(&log, "generate -q -o out"), 0);
    assert_false(exists("out/docs/neoverse-v1.md"));
    assert_false(exists("out/streamline/events-Neoverse-V1.xml"));
    assert_false(exists("out/perf/arch/arm64/arm/neoverse-v1"));
    assert_true(exists("out/docs/neoverse-v1-ae.md"));
    char *after = tree();
    free(log);
    assert_int_equal(hwcgen(&log, "generate -q -o full"), 0);
    char *full = tree_of("full");
    assert_string_equal(full, after);
    free(manifest), free(after), free(full), free(log);
}

/* A word that names no kind, or none at all: a usage error naming it and
 * the kinds, and the directory is as it was. */
static void test_outputs_bad_word(void **state)
{
    (void)state;
    generate_all();
    char *before = tree(), *log;
    static const struct {
        const char *args, *says;
    } cases[] = {
        {"generate -o out --outputs c,htlm", "unknown output 'htlm'"},
        {"generate -o out --outputs ''", "an empty list"},
        {"generate -o out --outputs c,", "an empty word"},
        {"generate -o out --outputs C", "unknown output 'C' (did you mean 'c'?"},
        {"check --outputs dcos spec/arm/neoverse-v1.json", "(did you mean 'docs'?"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(hwcgen(&log, cases[i].args), 2);
        if (!strstr(log, cases[i].says) || !strstr(log, "c, docs, perf, streamline"))
            fail_msg("%s: no usage error naming the word and the kinds:\n%s", cases[i].args,
                     log);
        free(log);
    }
    char *after = tree();
    assert_string_equal(after, before);
    free(before), free(after);
}

/* check renders only the kinds chosen: two specs whose Streamline files
 * share a name pass with c and docs, and fail with streamline. */
static void test_check_outputs(void **state)
{
    (void)state;
    sh("sed 's/id=\"mali_g720\"/id=\"mali_g720b\"/; s/slug=\"mali-g720\"/slug=\"mali-g720b\"/' "
       "%s/spec/mali/mali-g720.xml > %s/spec/mali/mali-g720b.xml", proj, proj);
    char *log;
    assert_int_equal(hwcgen(&log, "check --outputs c,docs spec/mali/mali-g720.xml "
                                  "spec/mali/mali-g720b.xml"), 0);
    free(log);
    assert_int_equal(hwcgen(&log, "check --outputs streamline spec/mali/mali-g720.xml "
                                  "spec/mali/mali-g720b.xml"), 1);
    assert_non_null(strstr(log, "streamline/events-Mali-G720.xml among them"));
    free(log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_copy_not_renamed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_same_file_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_spec_keeps_the_others, setup, teardown),
        cmocka_unit_test_setup_teardown(test_renamed_spec, setup, teardown),
        cmocka_unit_test_setup_teardown(test_broken_manifest, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outputs_add_up, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outputs_c_then_docs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outputs_leave_the_others, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outputs_full_run_prunes_its_kinds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outputs_bad_word, setup, teardown),
        cmocka_unit_test_setup_teardown(test_check_outputs, setup, teardown),
    };
    return cmocka_run_group_tests_name("manifest", tests, NULL, NULL);
}
