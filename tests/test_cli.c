/* test_cli.c - the command line, as a user meets it: each test runs the
 * binary named by $HWCGEN (default ./hwcgen) from the top of the tree, as
 * `make check` does, and asserts its exit status and the exact text it
 * writes to stdout and stderr. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define T624 "spec/mali/mali-t624-model.xml"
#define V1 "spec/arm/neoverse-v1.json"
#define G720 "spec/mali/mali-g720.xml"
#define TRY "Try 'hwcgen --help'.\n"

static const char *hwcgen;
static char root[64]; /* this run's temporary directory */

typedef struct result {
    int status; /* exit status; -1 when killed by a signal */
    char *out, *err;
} result;

static char *capture_path(const char *name)
{
    static char path[2][128];
    char *p = path[name[0] == 'e'];
    snprintf(p, sizeof path[0], "%s/%s", root, name);
    return p;
}

static void redirect(int fd, const char *path)
{
    int to = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (to >= 0) {
        dup2(to, fd);
        close(to);
    }
}

/* hwcgen with the arguments in args (NULL-terminated). */
static result run_args(const char *const *args)
{
    const char *argv[64] = {hwcgen};
    int n = 1;
    while (args[n - 1] && n < 63) {
        argv[n] = args[n - 1];
        n++;
    }
    argv[n] = NULL;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        redirect(1, capture_path("out"));
        redirect(2, capture_path("err"));
        execv(hwcgen, (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    result r = {WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                read_file(capture_path("out"), NULL),
                read_file(capture_path("err"), NULL)};
    assert_non_null(r.out);
    assert_non_null(r.err);
    return r;
}

#define HWCGEN(...) run_args((const char *const[]){__VA_ARGS__, NULL})

/* Exactly this status, stdout and stderr (NULL: stdout not compared). */
static void expect(result r, int status, const char *out, const char *err)
{
    if (r.status != status || (out && strcmp(r.out, out) != 0) ||
        strcmp(r.err, err) != 0)
        printf("  exit %d\n  stdout:\n%s  stderr:\n%s", r.status, r.out, r.err);
    assert_int_equal(r.status, status);
    if (out)
        assert_string_equal(r.out, out);
    assert_string_equal(r.err, err);
    free(r.out);
    free(r.err);
}

/* ---- eval ------------------------------------------------------------------- */

/* cycles reads wl, gs and I through eight other metrics, never F. */
static void test_eval_asks_only_what_metrics_read(void **state)
{
    (void)state;
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10"), 0,
           "cycles 640\n", "");
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2"), 1, "",
           "error: eval: missing value for 'I'\n");
    /* time_ms uses time_s, which divides cycles by F */
    expect(HWCGEN("eval", T624, "--metric", "time_ms", "wl=256", "gs=2", "I=10"), 1,
           "", "error: eval: missing value for 'F'\n");
    expect(HWCGEN("eval", V1, "--metric", "ipc", "INST_RETIRED=3"), 1, "",
           "error: eval: missing value for 'CPU_CYCLES'\n");
}

/* A value given but not used still has to be valid. */
static void test_eval_checks_ranges_of_given_inputs(void **state)
{
    (void)state;
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10", "F=-1"),
           1, "", "error: input 'F' = -1 is not greater than 0\n");
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=257", "gs=2", "I=10"), 1, "",
           "error: input 'wl' = 257 is not a multiple of gs = 2\n");
}

static void test_eval_name_given_twice(void **state)
{
    (void)state;
    expect(HWCGEN("eval", V1, "--metric", "ipc", "INST_RETIRED=3", "CPU_CYCLES=6",
                  "INST_RETIRED=4"),
           1, "", "error: eval: a value for 'INST_RETIRED' is given twice\n");
    /* $NAME is NAME */
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10", "$gs=4"),
           1, "", "error: eval: a value for 'gs' is given twice\n");
}

static void test_eval_negative_counter(void **state)
{
    (void)state;
    expect(HWCGEN("eval", V1, "--metric", "ipc", "INST_RETIRED=3", "CPU_CYCLES=-2"), 1,
           "", "error: eval: counter 'CPU_CYCLES' = -2 is negative\n");
    expect(HWCGEN("eval", V1, "--metric", "ipc", "INST_RETIRED=inf", "CPU_CYCLES=2"), 1,
           "", "error: eval: counter 'INST_RETIRED' = inf is not a finite number\n");
    /* run-time constants have no range: a negative one is the user's call */
    expect(HWCGEN("eval", G720, "--metric", "shader_core_count",
                  "$MaliConstantsShaderCoreCount=-1"),
           0, "shader_core_count -1\n", "");
}

static void test_eval_suggests_names(void **state)
{
    (void)state;
    expect(HWCGEN("eval", V1, "--metric", "IPC", "INST_RETIRED=3", "CPU_CYCLES=6"), 1, "",
           "error: eval: unknown metric 'IPC' (did you mean 'ipc'?)\n");
    expect(HWCGEN("eval", V1, "--metric", "ipc", "inst_retird=3", "CPU_CYCLES=6"), 1, "",
           "error: eval: 'inst_retird' is not a counter, input or run-time constant of "
           "Neoverse V1 (did you mean 'INST_RETIRED'?)\n");
    expect(HWCGEN("eval", V1, "--metric", "nothing_like_it", "CPU_CYCLES=6"), 1, "",
           "error: eval: unknown metric 'nothing_like_it'\n");
    expect(HWCGEN("eval", T624, "--metric", "cycles", "pipeline_depth=3"), 1, "",
           "error: eval: 'pipeline_depth' is a constant the spec fixes at 38\n");
}

/* ---- fixture ---------------------------------------------------------------- */

static int setup(void **state)
{
    (void)state;
    hwcgen = getenv("HWCGEN");
    if (!hwcgen || !*hwcgen)
        hwcgen = "./hwcgen";
    if (access(hwcgen, X_OK) != 0) {
        fprintf(stderr, "test_cli: no hwcgen binary at %s (set HWCGEN)\n", hwcgen);
        return -1;
    }
    snprintf(root, sizeof root, "/tmp/hwcgen-cli-XXXXXX");
    return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    unlink(capture_path("out"));
    unlink(capture_path("err"));
    return rmdir(root);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval_asks_only_what_metrics_read),
        cmocka_unit_test(test_eval_checks_ranges_of_given_inputs),
        cmocka_unit_test(test_eval_name_given_twice),
        cmocka_unit_test(test_eval_negative_counter),
        cmocka_unit_test(test_eval_suggests_names),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
