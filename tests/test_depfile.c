/* test_depfile.c - `hwcgen generate --depfile FILE`: the dependency file a
 * build tool reads to run hwcgen again when (and only when) an input
 * changes. Each test runs the binary named by $HWCGEN (default ./hwcgen)
 * from the top of the tree, as `make check` does, and compares the file
 * with text written out here by hand. */
#define _GNU_SOURCE /* utimensat's UTIME_OMIT, realpath */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define V1 "spec/arm/neoverse-v1.json"
#define A53 "tests/perf-tree/arch/arm64/arm/cortex-a53"

static const char *hwcgen;
static char exe[PATH_MAX]; /* the binary's own file: what the run names */

/* hwcgen's exit status with args (NULL-terminated); its stderr kept in
 * root/err. */
static int run_args(const char *root, const char *const *args)
{
    const char *argv[32] = {hwcgen};
    int n = 1;
    while (args[n - 1] && n < 31) {
        argv[n] = args[n - 1];
        n++;
    }
    argv[n] = NULL;
    char err[PATH_MAX];
    snprintf(err, sizeof err, "%s/err", root);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int to = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (to >= 0)
            dup2(to, 2);
        execv(hwcgen, (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

#define HWCGEN(root, ...) run_args(root, (const char *const[]){__VA_ARGS__, NULL})

static void expect_file(const char *path, const char *want)
{
    char *got = read_file(path, NULL);
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        printf("  %s:\n%s  wanted:\n%s", path, got, want);
    assert_string_equal(got, want);
    free(got);
}

static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static long long mtime_ns(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

/* A spec's two C headers (and the manifest) depend on the program and
 * the spec; run again, the manifest it reads back from DIR is no input,
 * and the headers, unchanged, are still given the current time: a build
 * tool would otherwise run hwcgen again and again after a touch. */
static void test_depfile_of_a_spec(void **state)
{
    const char *root = ((scratch *)*state)->root;
    char out[PATH_MAX], dep[PATH_MAX], want[65536], header[PATH_MAX + 64];
    snprintf(out, sizeof out, "%s/out", root);
    snprintf(dep, sizeof dep, "%s/v1.d", root);
    snprintf(want, sizeof want,
             "%s/include/hwcgen/neoverse_v1.h \\\n"
             " %s/include/hwcgen/neoverse_v1_metrics.h \\\n"
             " %s/hwcgen-manifest.json: \\\n"
             " %s \\\n"
             " " V1 "\n"
             "\n" V1 ":\n",
             out, out, out, exe);
    assert_int_equal(HWCGEN(root, "generate", "-q", "--outputs", "c", "-o", out, "--depfile",
                            dep, V1), 0);
    expect_file(dep, want);

    snprintf(header, sizeof header, "%s/include/hwcgen/neoverse_v1.h", out);
    const struct timespec long_ago[2] = {{0, UTIME_OMIT}, {1000000000, 0}};
    assert_int_equal(utimensat(AT_FDCWD, header, long_ago, 0), 0);
    assert_int_equal(HWCGEN(root, "generate", "-q", "--outputs", "c", "-o", out, "--depfile",
                            dep, V1), 0);
    expect_file(dep, want);
    assert_true(mtime_ns(header) >= mtime_ns(V1));
    assert_true(mtime_ns(header) > 1000000000LL * 1000000000LL);

    /* "DIR/" names the same files, and reads its manifest as "DIR//..." */
    char slash[PATH_MAX + 1];
    snprintf(slash, sizeof slash, "%s/", out);
    assert_int_equal(HWCGEN(root, "generate", "-q", "--outputs", "c", "-o", slash, "--depfile",
                            dep, V1), 0);
    expect_file(dep, want);
}

/* A directory of a perf tree: its own JSON files as given, and the arch's
 * files the loader reads beside them (the standard events, the mapfile),
 * at the arch's real path. */
static void test_depfile_of_a_perf_directory(void **state)
{
    const char *root = ((scratch *)*state)->root;
    char out[PATH_MAX], dep[PATH_MAX], arch[PATH_MAX], want[65536];
    snprintf(out, sizeof out, "%s/out", root);
    snprintf(dep, sizeof dep, "%s/a53.d", root);
    assert_non_null(realpath("tests/perf-tree/arch/arm64", arch));
    snprintf(want, sizeof want,
             "%s/include/hwcgen/arm64_arm_cortex_a53.h \\\n"
             " %s/hwcgen-manifest.json: \\\n"
             " %s \\\n"
             " %s/common-and-microarch.json \\\n"
             " %s/mapfile.csv \\\n"
             " %s/recommended.json \\\n"
             " %s/sbsa.json \\\n"
             " " A53 "/cache.json \\\n"
             " " A53 "/general.json\n"
             "\n%s/common-and-microarch.json:\n"
             "\n%s/mapfile.csv:\n"
             "\n%s/recommended.json:\n"
             "\n%s/sbsa.json:\n"
             "\n" A53 "/cache.json:\n"
             "\n" A53 "/general.json:\n",
             out, out, exe, arch, arch, arch, arch, arch, arch, arch, arch);
    assert_int_equal(HWCGEN(root, "generate", "-q", "--outputs", "c", "-o", out, "--depfile",
                            dep, A53), 0);
    expect_file(dep, want);
}

/* The user's templates are inputs as much as the spec is; a spec at a
 * path with a space and a '$' is named as Make reads it. */
static void test_depfile_templates_and_escapes(void **state)
{
    const char *root = ((scratch *)*state)->root;
    char dir[PATH_MAX], tpl[PATH_MAX + 32], spec[PATH_MAX + 32], out[PATH_MAX];
    char dep[PATH_MAX], want[65536];
    snprintf(dir, sizeof dir, "%s/my specs $1", root);
    assert_int_equal(mkdir(dir, 0777), 0);
    snprintf(spec, sizeof spec, "%s/v1.json", dir);
    assert_int_equal(copy_file(V1, spec), 0);
    snprintf(tpl, sizeof tpl, "%s/c_banner.mustache", dir);
    put_file(tpl, "/* our banner */\n");
    snprintf(out, sizeof out, "%s/out", root);
    snprintf(dep, sizeof dep, "%s/v1.d", root);
    assert_int_equal(HWCGEN(root, "generate", "-q", "--outputs", "c", "--templates", dir, "-o",
                            out, "--depfile", dep, spec), 0);
    snprintf(want, sizeof want,
             "%s/include/hwcgen/neoverse_v1.h \\\n"
             " %s/include/hwcgen/neoverse_v1_metrics.h \\\n"
             " %s/hwcgen-manifest.json: \\\n"
             " %s \\\n"
             " %s/my\\ specs\\ $$1/c_banner.mustache \\\n"
             " %s/my\\ specs\\ $$1/v1.json\n"
             "\n%s/my\\ specs\\ $$1/c_banner.mustache:\n"
             "\n%s/my\\ specs\\ $$1/v1.json:\n",
             out, out, out, exe, root, root, root, root);
    expect_file(dep, want);
}

/* A run that fails writes no dependency file and leaves one there as it
 * was. */
static void test_depfile_not_written_on_failure(void **state)
{
    const char *root = ((scratch *)*state)->root;
    char bad[PATH_MAX], out[PATH_MAX], dep[PATH_MAX];
    snprintf(bad, sizeof bad, "%s/bad.json", root);
    put_file(bad, "{\"name\": ");
    snprintf(out, sizeof out, "%s/out", root);
    snprintf(dep, sizeof dep, "%s/bad.d", root);
    assert_int_equal(HWCGEN(root, "generate", "-q", "-o", out, "--depfile", dep, bad), 1);
    assert_int_equal(access(dep, F_OK), -1);
    put_file(dep, "earlier\n");
    assert_int_equal(HWCGEN(root, "generate", "-q", "-o", out, "--depfile", dep, bad), 1);
    expect_file(dep, "earlier\n");
}

static int setup(void **state)
{
    if (!(hwcgen = hwcgen_binary("test_depfile")) || !realpath(hwcgen, exe))
        return -1;
    return scratch_make(state, "hwcgen-depfile");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_depfile_of_a_spec, setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_depfile_of_a_perf_directory, setup,
                                        scratch_teardown),
        cmocka_unit_test_setup_teardown(test_depfile_templates_and_escapes, setup,
                                        scratch_teardown),
        cmocka_unit_test_setup_teardown(test_depfile_not_written_on_failure, setup,
                                        scratch_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
