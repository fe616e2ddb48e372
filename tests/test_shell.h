/* test_shell.h - hwcgen run through the shell from a cmocka test, what it
 * printed read back; include after <cmocka.h>. A test names its group's
 * setup and teardown shell_setup_for("test_x") and shell_teardown. */
#ifndef HWCGEN_TEST_SHELL_H
#define HWCGEN_TEST_SHELL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"

static const char *hwcgen;
/* this run's temporary directory, and where a run's output goes */
static char tmp_dir[64], out_path[80], err_path[80];

typedef struct run_result {
    int status;
    char *out, *err;
} run_result;

/* hwcgen with `args` (a shell word list of plain paths and options). */
static inline run_result run(const char *args)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s >%s 2>%s", hwcgen, args, out_path, err_path);
    int status = system(cmd);
    run_result r = {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out_path, NULL),
                    read_file(err_path, NULL)};
    assert_non_null(r.out);
    assert_non_null(r.err);
    return r;
}

static inline void show(const run_result *r)
{
    printf("  exit %d\n  stdout:\n%s  stderr:\n%s", r->status, r->out, r->err);
}

static inline void done(run_result *r)
{
    free(r->out);
    free(r->err);
}

/* A run with a source that does not load: exit 2, no report, and the
 * loader's own message, which starts with `err_start`. */
static inline void expect_unloaded(const char *args, const char *err_start)
{
    run_result r = run(args);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_true(strncmp(r.err, err_start, strlen(err_start)) == 0);
    done(&r);
}

/* The binary under test (HWCGEN) and a fresh temporary directory. */
static inline int shell_setup(const char *test)
{
    hwcgen = hwcgen_binary(test);
    if (!hwcgen)
        return -1;
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/hwcgen-%s-XXXXXX", test);
    if (!mkdtemp(dir))
        return -1;
    snprintf(tmp_dir, sizeof tmp_dir, "%s", dir);
    snprintf(out_path, sizeof out_path, "%s/out", dir);
    snprintf(err_path, sizeof err_path, "%s/err", dir);
    return 0;
}

/* The temporary directory goes, with the two files run() leaves; a test
 * that writes more there removes it itself. */
static inline int shell_teardown(void **state)
{
    (void)state;
    remove(out_path);
    remove(err_path);
    rmdir(tmp_dir);
    return 0;
}

#endif
