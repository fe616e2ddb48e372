/* test_cli.c - the command line, as a user meets it: each test runs the
 * binary named by $HWCGEN (default ./hwcgen) from the top of the tree, as
 * `make check` does, and asserts its exit status and the exact text it
 * writes to stdout and stderr. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <fcntl.h>
#include <ftw.h>
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

static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* A copy of a spec in the temporary directory, each `from` in its first
 * line that holds it replaced by `to` (pairs, NULL-terminated). */
static void copy_spec(const char *from_path, const char *to_path, const char *const *edits)
{
    size_t len = 0;
    char *text = read_file(from_path, &len);
    assert_non_null(text);
    for (const char *const *e = edits; *e; e += 2) {
        char *at = strstr(text, e[0]);
        assert_non_null(at);
        size_t n = strlen(e[0]), m = strlen(e[1]);
        char *out = malloc(len - n + m + 1);
        assert_non_null(out);
        memcpy(out, text, (size_t)(at - text));
        memcpy(out + (at - text), e[1], m);
        memcpy(out + (at - text) + m, at + n, len - (size_t)(at - text) - n + 1);
        free(text);
        text = out;
        len = len - n + m;
    }
    put_file(to_path, text);
    free(text);
}

/* ---- eval ------------------------------------------------------------------- */

/* cycles reads wl, gs, I, stores and loads through nine other metrics,
 * never F. */
static void test_eval_asks_only_what_metrics_read(void **state)
{
    (void)state;
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10",
                  "stores=0", "loads=0"),
           0, "cycles 640\n", "");
    /* two stores cost four instruction words: (10 + 4) * 64 */
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10",
                  "stores=2", "loads=0"),
           0, "cycles 896\n", "");
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2",
                  "stores=0", "loads=0"),
           1, "", "error: eval: missing value for 'I'\n");
    /* stores and loads have a neutral default, 0: as given above */
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10"), 0,
           "cycles 640\n", "");
    /* time_ms uses time_s, which divides cycles by F */
    expect(HWCGEN("eval", T624, "--metric", "time_ms", "wl=256", "gs=2", "I=10",
                  "stores=0", "loads=0"),
           1, "", "error: eval: missing value for 'F'\n");
    expect(HWCGEN("eval", V1, "--metric", "ipc", "INST_RETIRED=3"), 1, "",
           "error: eval: missing value for 'CPU_CYCLES'\n");
}

/* A perf directory's run-time literal the metric reads has no default
 * (help eval says so): missing, it is named with what it stands for. */
static void test_eval_perf_literal_needed(void **state)
{
    (void)state;
    result h = HWCGEN("help", "eval");
    assert_null(strstr(h.out, "leave them at their defaults"));
    assert_non_null(strstr(h.out, "they have no default"));
    free(h.out);
    free(h.err);
    result r = HWCGEN("eval", "tests/perf-tree-metrics/arch/x86/namelake", "--metric",
                      "tma_retiring", "CPU_CLK_UNHALTED.THREAD=10", "topdown-retiring=20");
    assert_int_equal(r.status, 1);
    const char *want = "error: eval: missing value for '#slots' (perf reads it at run time: "
                       "issue slots per cycle, as the core PMU reports them; give it as "
                       "'#slots=N')\n";
    size_t n = strlen(r.err), m = strlen(want); /* after the fixture's own warning */
    assert_true(n >= m);
    assert_string_equal(r.err + n - m, want);
    free(r.out);
    free(r.err);
    r = HWCGEN("eval", "tests/perf-tree-metrics/arch/x86/namelake", "--metric",
               "tma_retiring", "CPU_CLK_UNHALTED.THREAD=10", "topdown-retiring=20", "#slots=4");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "tma_retiring 0.5\n"); /* 20 / (4 * 10) */
    free(r.out);
    free(r.err);
}

/* The thesis's base model without loads and stores: their defaults (0,
 * shown by list inputs) give what giving 0 gives; a default outside the
 * input's range is an error of the spec. */
static void test_eval_input_defaults(void **state)
{
    (void)state;
    result given = HWCGEN("eval", T624, "wl=1024", "gs=64", "I=10", "F=600e6", "--metric",
                          "time_ms", "loads=0", "stores=0");
    assert_int_equal(given.status, 0);
    expect(HWCGEN("eval", T624, "wl=1024", "gs=64", "I=10", "F=600e6", "--metric", "time_ms"),
           0, given.out, "");
    free(given.out);
    free(given.err);
    result r = HWCGEN("list", T624, "inputs");
    assert_non_null(strstr(r.out, "stores\tinstructions\t>=0 default=0 \n"));
    assert_non_null(strstr(r.out, "loads\tinstructions\t>=0 default=0 \n"));
    free(r.out);
    free(r.err);
    char copy[160], want[256];
    snprintf(copy, sizeof copy, "%s/t624-bad-default.xml", root);
    copy_spec(T624, copy, (const char *const[]){
        "units=\"instructions\" min=\"0\" default=\"0\">",
        "units=\"instructions\" min=\"0\" default=\"-1\">", NULL});
    snprintf(want, sizeof want, "%s:212: error: input 'stores': default -1 is outside its "
             "valid range\n", copy);
    expect(HWCGEN("check", copy), 1, "", want);
    assert_int_equal(unlink(copy), 0);
}

/* A value given but not used still has to be valid. */
static void test_eval_checks_ranges_of_given_inputs(void **state)
{
    (void)state;
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10", "F=-1",
                  "stores=0", "loads=0"),
           1, "", "error: input 'F' = -1 is not greater than 0\n");
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=257", "gs=2", "I=10",
                  "stores=0", "loads=0"),
           1, "", "error: input 'wl' = 257 is not a multiple of gs = 2\n");
}

static void test_eval_name_given_twice(void **state)
{
    (void)state;
    expect(HWCGEN("eval", V1, "--metric", "ipc", "INST_RETIRED=3", "CPU_CYCLES=6",
                  "INST_RETIRED=4"),
           1, "", "error: eval: a value for 'INST_RETIRED' is given twice\n");
    /* $NAME is NAME */
    expect(HWCGEN("eval", T624, "--metric", "cycles", "wl=256", "gs=2", "I=10", "$gs=4",
                  "stores=0", "loads=0"),
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

/* ---- options ------------------------------------------------------------------ */

/* A value-taking option at the end of the line, or followed by a word
 * that starts with '-', is missing its value: it takes neither an operand
 * nor another option. */
static void test_option_missing_value(void **state)
{
    (void)state;
    char *spec = read_file(V1, NULL);
    assert_non_null(spec);
    expect(HWCGEN("eval", V1, "INST_RETIRED=1", "--metric"), 2, "",
           "hwcgen: option '--metric' needs a value\n" TRY);
    expect(HWCGEN("generate", V1, "-o"), 2, "", "hwcgen: option '-o' needs a value\n" TRY);
    expect(HWCGEN("generate", V1, "-q", "-o"), 2, "", "hwcgen: option '-o' needs a value\n" TRY);
    expect(HWCGEN("generate", V1, "--output"), 2, "",
           "hwcgen: option '--output' needs a value\n" TRY);
    /* -o into the temporary directory: a regression must not touch out/ */
    char dir[128];
    snprintf(dir, sizeof dir, "%s/gen", root);
    expect(HWCGEN("generate", "-o", dir, V1, "--templates"), 2, "",
           "hwcgen: option '--templates' needs a value\n" TRY);
    expect(HWCGEN("generate", "-o", dir, "--templates", "-q", V1), 2, "",
           "hwcgen: option '--templates' needs a value, not '-q' (attach a value "
           "that starts with '-': --templates=VALUE)\n" TRY);
    expect(HWCGEN("eval", V1, "--metric", "--metric", "ipc", "CPU_CYCLES=1"), 2, "",
           "hwcgen: option '--metric' needs a value, not '--metric' (attach a "
           "value that starts with '-': --metric=VALUE)\n" TRY);
    expect(HWCGEN("eval", V1, "--metric=", "CPU_CYCLES=1"), 2, "",
           "hwcgen: option '--metric' needs a value\n" TRY);
    /* `generate SPEC -o` once took the spec as the output directory */
    char *after = read_file(V1, NULL);
    assert_non_null(after);
    assert_string_equal(spec, after);
    free(spec);
    free(after);
}

static void test_option_values_attached(void **state)
{
    (void)state;
    expect(HWCGEN("eval", V1, "--metric=ipc", "INST_RETIRED=3", "CPU_CYCLES=6"), 0,
           "ipc 0.5\n", "");
    expect(HWCGEN("check", "-qodir", V1), 2, "",
           "hwcgen: option '-o' is for generate, not check\n" TRY);
    expect(HWCGEN("check", "--verbose=yes", V1), 2, "",
           "hwcgen: option '--verbose' takes no value\n" TRY);
}

static void test_option_unknown(void **state)
{
    (void)state;
    expect(HWCGEN("check", "--verbos", V1), 2, "",
           "hwcgen: unknown option '--verbos' (did you mean '--verbose'?)\n" TRY);
    expect(HWCGEN("check", "-x", V1), 2, "", "hwcgen: unknown option '-x'\n" TRY);
    expect(HWCGEN("eval", V1, "-o", "dir", "CPU_CYCLES=1"), 2, "",
           "hwcgen: option '-o' is for generate, not eval\n" TRY);
    expect(HWCGEN("generate", "--metric", "ipc", V1), 2, "",
           "hwcgen: option '--metric' is for eval, not generate\n" TRY);
    /* an option of two commands: either, and no other */
    expect(HWCGEN("eval", V1, "--outputs", "c", "CPU_CYCLES=1"), 2, "",
           "hwcgen: option '--outputs' is for generate or check, not eval\n" TRY);
    expect(HWCGEN("diff", "--outputs=docs", V1, V1), 2, "",
           "hwcgen: option '--outputs' is for generate or check, not diff\n" TRY);
    expect(HWCGEN("check", "-q", "--outputs=c,streamline", V1), 0, "", "");
    expect(HWCGEN("generate", "--outputs", "-q", V1), 2, "",
           "hwcgen: option '--outputs' needs a value, not '-q' (attach a value "
           "that starts with '-': --outputs=VALUE)\n" TRY);
}

static void test_templates_must_be_a_directory(void **state)
{
    (void)state;
    char dir[128], err[512];
    snprintf(dir, sizeof dir, "%s/no-such-dir", root);
    snprintf(err, sizeof err, "hwcgen: option '--templates': '%s': No such file or "
             "directory\n" TRY, dir);
    expect(HWCGEN("generate", "--templates", dir, "-o", dir, V1), 2, "", err);
    expect(HWCGEN("check", "--templates", V1, V1), 2, "",
           "hwcgen: option '--templates': '" V1 "' is not a directory\n" TRY);
    expect(HWCGEN("check", "-q", "--templates=templates", V1), 0, "", "");
}

/* A broken copy of a template: check finds it as generate does, once
 * however many targets render it, at the user's file. A *.mustache file
 * that replaces no template, and a folder inside DIR, are warnings. */
static void test_user_templates_checked_once(void **state)
{
    (void)state;
    char dir[128], file[192], stray[192], folder[192], want[2048];
    snprintf(dir, sizeof dir, "%s/tpl", root);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(file, sizeof file, "%s/c_header.h.mustache", dir);
    put_file(file, "{{#events}}\n{{name}\n");
    snprintf(want, sizeof want, "%s:2:1: error: template: c_header.h:2:1: unclosed tag: "
             "no '}}' after '{{'\n", file);
    expect(HWCGEN("--templates", dir, "check", V1), 1, "", want);
    expect(HWCGEN("--templates", dir, "check", V1, G720), 1, "", want);
    char out[160];
    snprintf(out, sizeof out, "%s/generated", root);
    char said[2400];
    snprintf(said, sizeof said, "%shwcgen: nothing written to %s/ (1 error)\n", want, out);
    expect(HWCGEN("--templates", dir, "generate", "-o", out, V1, G720), 1, "", said);
    assert_int_equal(access(out, F_OK), -1);
    assert_int_equal(unlink(file), 0);

    snprintf(stray, sizeof stray, "%s/c_headr.h.mustache", dir);
    put_file(stray, "{{name}}\n");
    snprintf(folder, sizeof folder, "%s/templates", dir);
    assert_int_equal(mkdir(folder, 0755), 0);
    snprintf(want, sizeof want,
             "%s: warning: matches no template of hwcgen, so it is not used (did you mean "
             "'c_header.h.mustache'?)\n"
             "%s: warning: a folder inside the template directory is not read: templates "
             "are taken from %s itself (did you mean --templates to name this folder?)\n",
             stray, folder, dir);
    expect(HWCGEN("--templates", dir, "check", "-q", V1), 0, "", want);
    assert_int_equal(rmdir(folder), 0);
    assert_int_equal(unlink(stray), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* A number of threads out of range is a usage error, before anything
 * is read: it is not silently one thread per processor. */
static void test_threads_out_of_range(void **state)
{
    (void)state;
    const char *bad[] = {"0", "65", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char want[160];
        snprintf(want, sizeof want, "hwcgen: HWCGEN_THREADS='%s': not a number of threads "
                 "from 1 to 64\n" TRY, bad[i]);
        setenv("HWCGEN_THREADS", bad[i], 1);
        result r = HWCGEN("check", "-q", V1);
        unsetenv("HWCGEN_THREADS");
        expect(r, 2, "", want);
    }
    setenv("HWCGEN_THREADS", "64", 1);
    result r = HWCGEN("check", "-q", V1);
    unsetenv("HWCGEN_THREADS");
    expect(r, 0, "", "");
}

/* Two targets whose names differ only in case would write files whose
 * names differ only in case (events-MALI-G720.xml, events-Mali-G720.xml):
 * one file where case is ignored, so a clash, and nothing is written. */
static void test_names_differ_only_in_case(void **state)
{
    (void)state;
    char copy[160], out[160], want[1024];
    snprintf(copy, sizeof copy, "%s/mali-g720-copy.xml", root);
    copy_spec(G720, copy, (const char *const[]){
        "id=\"mali_g720\" slug=\"mali-g720\" vendor=\"arm\" name=\"Mali-G720\"",
        "id=\"mali_g720b\" slug=\"mali-g720b\" vendor=\"arm\" name=\"MALI-G720\"", NULL});
    snprintf(want, sizeof want, "%s:7: error: target 'MALI-G720': "
             "streamline/events-MALI-G720.xml differs only in case from "
             "streamline/events-Mali-G720.xml (written for the target at " G720 ":7): on a "
             "file system that ignores case (macOS, Windows) one would overwrite the other; "
             "give the targets names that differ in more than case\n", copy);
    expect(HWCGEN("check", G720, copy), 1, "", want);
    snprintf(out, sizeof out, "%s/generated", root);
    result r = HWCGEN("generate", "-o", out, G720, copy);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, want));
    free(r.out);
    free(r.err);
    assert_int_equal(access(out, F_OK), -1);
    assert_int_equal(unlink(copy), 0);
}

/* 2^70 as a counter's width: one error, saying it is too big (not "not a
 * whole number"), with no knock-on errors about the width it could not
 * take, at the line its tag starts on (the tag spans two lines). */
static void test_number_too_big_said_once(void **state)
{
    (void)state;
    char copy[160], want[512];
    snprintf(copy, sizeof copy, "%s/oa-wide.xml", root);
    copy_spec("spec/intel/oa-chv.xml", copy, (const char *const[]){
        "<counter name=\"A0\" index=\"0\" width=\"40\"",
        "<counter name=\"A0\" index=\"0\" width=\"1180591620717411303424\"", NULL});
    snprintf(want, sizeof want, "%s:151: error: <counter width=\"1180591620717411303424\">: "
             "above the limit 65535\n", copy);
    expect(HWCGEN("check", copy), 1, "", want);
    assert_int_equal(unlink(copy), 0);
}

/* The summary counts targets: a spec given twice, or by a link, is one. */
static void test_summary_counts_targets(void **state)
{
    (void)state;
    char out[160], cwd[4096], target[4096 + 64], link[128];
    snprintf(out, sizeof out, "%s/generated", root);
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(target, sizeof target, "%s/" V1, cwd);
    snprintf(link, sizeof link, "%s/v1-summary-link.json", root);
    assert_int_equal(symlink(target, link), 0);
    const char *const twice[][5] = {{"generate", "-o", out, V1, V1},
                                    {"generate", "-o", out, V1, link}};
    for (int k = 0; k < 2; k++) {
        result r = HWCGEN(twice[k][0], twice[k][1], twice[k][2], twice[k][3], twice[k][4]);
        assert_int_equal(r.status, 0);
        if (strncmp(r.err, "hwcgen: 1 target, ", 18) != 0)
            fail_msg("expected the summary to count 1 target, got: %s", r.err);
        free(r.out);
        free(r.err);
    }
    result r = HWCGEN("generate", "-o", out, V1, G720);
    assert_int_equal(strncmp(r.err, "hwcgen: 2 targets, ", 19), 0);
    free(r.out);
    free(r.err);
    assert_int_equal(unlink(link), 0);
}

/* list, eval and encode take one target: a path naming several is a
 * usage error said alone, not after the warnings of loading them; one
 * target's warnings are shown whole. */
static void test_one_target_usage_error_alone(void **state)
{
    (void)state;
    expect(HWCGEN("list", "tests/perf-tree-metrics/arch/x86"), 2, "",
           "hwcgen: list: tests/perf-tree-metrics/arch/x86 names 2 targets (the directories "
           "of a perf tree); give one of them, e.g. tests/perf-tree-metrics/arch/x86/namelake\n"
           TRY);
    expect(HWCGEN("list", "tests/perf-tree-metrics/arch/x86/namelake", "groups"), 0, NULL,
           "tests/perf-tree-metrics/arch/x86/namelake/metrics.json:71: warning: metric "
           "'m_loop_a': cycle through metrics: m_loop_a -> m_loop_b -> m_loop_a; it gets no "
           "evaluator (perf refuses it when asked for it)\n");
}

/* README's example error is what check says of V1 with INST_RETIRED
 * misspelt in the ipc formula (a stale line number there misleads). */
static void test_readme_example_error(void **state)
{
    (void)state;
    char *readme = read_file("README.md", NULL);
    assert_non_null(readme);
    const char *at = strstr(readme, "`" V1 ":");
    assert_non_null(at);
    const char *end = strchr(at + 1, '`');
    assert_non_null(end);
    char dir[160], copy[200], want[1024];
    snprintf(dir, sizeof dir, "%s/readme", root);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(copy, sizeof copy, "%s/neoverse-v1.json", dir);
    copy_spec(V1, copy, (const char *const[]){"\"formula\": \"INST_RETIRED / CPU_CYCLES\"",
                                              "\"formula\": \"INST_RETIRD / CPU_CYCLES\"", NULL});
    snprintf(want, sizeof want, "%s%.*s\n", copy, (int)(end - at - 1 - strlen(V1)),
             at + 1 + strlen(V1));
    free(readme);
    expect(HWCGEN("check", copy), 1, "", want);
    assert_int_equal(unlink(copy), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* -v, -q, --werror, --templates: before the command name or after it. */
static void test_global_options_anywhere(void **state)
{
    (void)state;
    const char *ok = V1 ": ok: Neoverse V1, 132 events, 36 metrics, 30 groups\n";
    expect(HWCGEN("check", V1), 0, ok, "");
    expect(HWCGEN("-q", "check", V1), 0, "", "");
    expect(HWCGEN("check", "-q", V1), 0, "", "");
    expect(HWCGEN("check", V1, "--quiet"), 0, "", "");
    expect(HWCGEN("--templates", "templates", "-q", "check", V1), 0, "", "");
    expect(HWCGEN("--metric", "ipc", "eval", V1, "INST_RETIRED=3", "CPU_CYCLES=6"), 0,
           "ipc 0.5\n", "");
    /* after "--" a word that starts with '-' is an operand */
    expect(HWCGEN("check", "--", "-q.json"), 1, "",
           "-q.json: error: cannot open: No such file or directory\n");
}

/* ---- --werror --------------------------------------------------------------- */

#define DIV0 "tests/bad/json-divide-by-zero.json"
#define DIV0_MSG DIV0 ":48: %s: metrics.branch_mpki.formula: metric 'branch_mpki': " \
    "division by the constant 0 at formula column 59 is always NaN%s\n"

static void test_werror(void **state)
{
    (void)state;
    char warning[512], error[512];
    snprintf(warning, sizeof warning, DIV0_MSG, "warning", "");
    snprintf(error, sizeof error, DIV0_MSG, "error", " [-Werror]");
    expect(HWCGEN("check", DIV0), 0, DIV0 ": ok: Bad Core, 3 events, 2 metrics, 2 groups\n",
           warning);
    expect(HWCGEN("--werror", "check", DIV0), 1, "", error);
    expect(HWCGEN("check", DIV0, "--werror"), 1, "", error);
    /* every command: the spec does not load */
    expect(HWCGEN("list", "--werror", DIV0), 1, "", error);
    char dir[128], failed[1024];
    snprintf(dir, sizeof dir, "%s/gen", root);
    snprintf(failed, sizeof failed, "%shwcgen: nothing written to %s/ (1 error)\n", error, dir);
    expect(HWCGEN("generate", "--werror", "-o", dir, DIV0), 1, "", failed);
    assert_int_equal(access(dir, F_OK), -1);
}

/* A plan is made for the outputs asked for: group names that cannot be C
 * macros stop C and the docs (which show the C names), not perf nor
 * Streamline. */
static void test_outputs_plan_only_theirs(void **state)
{
    (void)state;
#define MACRO_NAMES "tests/bad/json-group-macro-names.json"
    expect(HWCGEN("check", "--outputs", "perf,streamline", MACRO_NAMES), 0,
           MACRO_NAMES ": ok: Bad Core, 3 events, 2 metrics, 4 groups\n", "");
    const char *err =
        MACRO_NAMES ":66: error: groups.function.Cycle: group 'Cycle': the generated C name "
        "BAD_CORE_GROUP_CYCLE_COUNT is also made for group 'cycle' (at " MACRO_NAMES ":59)\n"
        MACRO_NAMES ":73: error: groups.function.Cycle count: group 'Cycle count': its name "
        "cannot be part of a C macro (ASCII letters, digits, '_', '-' and '.' can)\n";
    expect(HWCGEN("check", "--outputs", "c", MACRO_NAMES), 1, "", err);
    expect(HWCGEN("check", "--outputs", "docs", MACRO_NAMES), 1, "", err);
#undef MACRO_NAMES
}

/* The loader's warnings obey it as well as the checker's. */
static void test_werror_in_loader(void **state)
{
    (void)state;
    char spec[128], err[512];
    snprintf(spec, sizeof spec, "%s/schema.json", root);
    FILE *f = fopen(spec, "w");
    assert_non_null(f);
    fputs("{\"$schema\": \"v1.1.schema.json\", \"product_configuration\": {\n"
          "\"product_name\": \"Schema Core\", \"part_num\": \"0xd41\",\n"
          "\"implementer\": \"0x41\", \"num_slots\": 8}, \"events\": {\"CPU_CYCLES\":\n"
          "{\"code\": \"0x0011\", \"title\": \"Cycles\", \"description\": \"Cycles.\"}},\n"
          "\"metrics\": {}, \"groups\": {}}\n", f);
    assert_int_equal(fclose(f), 0);
    snprintf(err, sizeof err, "%s:1: error: $schema: schema 'v1.1.schema.json' is not "
             "v1.0.schema.json; reading it as v1.0 [-Werror]\n", spec);
    expect(HWCGEN("check", "--werror", spec), 1, "", err);
}

/* ---- help and commands -------------------------------------------------------- */

static void test_help(void **state)
{
    (void)state;
    expect(HWCGEN("help", "nope"), 2, "", "hwcgen: unknown command 'nope'\n" TRY);
    expect(HWCGEN("--help", "nope"), 2, "", "hwcgen: unknown command 'nope'\n" TRY);
    expect(HWCGEN("help", "check", "eval"), 2, "",
           "hwcgen: help: expected at most one COMMAND, got 'eval' after 'check'\n" TRY);
    result r = HWCGEN("help", "check");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    const char *usage = "usage: hwcgen check [--outputs LIST] SPEC...\n\n";
    assert_true(strncmp(r.out, usage, strlen(usage)) == 0);
    /* the same text however help is asked for */
    expect(HWCGEN("--help", "check"), 0, r.out, "");
    expect(HWCGEN("check", "--help"), 0, r.out, "");
    expect(HWCGEN("check", V1, "-h"), 0, r.out, "");
    free(r.out);
    free(r.err);
    r = HWCGEN("help");
    assert_int_equal(r.status, 0);
    assert_true(strncmp(r.out, "usage: hwcgen [OPTIONS] COMMAND [OPTIONS] [ARGS]\n", 49) == 0);
    expect(HWCGEN("--help"), 0, r.out, "");
    free(r.out);
    free(r.err);
}

static void test_unknown_or_no_command(void **state)
{
    (void)state;
    expect(HWCGEN("chek", V1), 2, "",
           "hwcgen: unknown command 'chek' (did you mean 'check'?)\n" TRY);
    expect(HWCGEN("-q"), 2, "", "hwcgen: no command given\n" TRY);
    expect(HWCGEN("check"), 2, "", "hwcgen: check: no SPEC given\n" TRY);
}

/* check A B: one line per good spec, every error, exit 1 if any. */
static void test_check_several(void **state)
{
    (void)state;
    expect(HWCGEN("check", V1, G720), 0,
           V1 ": ok: Neoverse V1, 132 events, 36 metrics, 30 groups\n" G720
              ": ok: Mali-G720, 94 events, 114 metrics, 32 groups\n",
           "");
    expect(HWCGEN("check", V1, "tests/bad/json-metric-cycle.json"), 1,
           V1 ": ok: Neoverse V1, 132 events, 36 metrics, 30 groups\n",
           "tests/bad/json-metric-cycle.json:36: error: metrics.ipc: metric 'ipc': "
           "cycle through metrics: ipc -> slots_per_ipc -> ipc\n");
    expect(HWCGEN("check", "tests/bad/gpu-unknown-variable.xml", "nope.json"), 1, "",
           "tests/bad/gpu-unknown-variable.xml:27: error: metric 'prims_per_core': "
           "unknown name 'MaliTilerPrimitivez' at formula column 1 (did you mean "
           "'MaliTilerPrimitives'?)\nnope.json: error: cannot open: No such file or "
           "directory\n");
}

/* A file given by two names (here a symbolic link, as in Arm's telemetry
 * tree) loads once, by the name that is not a link, whatever the order. */
static void test_same_file_once(void **state)
{
    (void)state;
    char cwd[4096], target[4096 + 64], link[128];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(target, sizeof target, "%s/" V1, cwd);
    snprintf(link, sizeof link, "%s/v1-link.json", root);
    assert_int_equal(symlink(target, link), 0);
    expect(HWCGEN("check", link, V1), 0,
           V1 ": ok: Neoverse V1, 132 events, 36 metrics, 30 groups\n", "");
    expect(HWCGEN("check", V1, link, V1), 0,
           V1 ": ok: Neoverse V1, 132 events, 36 metrics, 30 groups\n", "");
    assert_int_equal(unlink(link), 0);
}

/* ---- fixture ---------------------------------------------------------------- */

static int setup(void **state)
{
    (void)state;
    if (!(hwcgen = hwcgen_binary("test_cli")))
        return -1;
    snprintf(root, sizeof root, "/tmp/hwcgen-cli-XXXXXX");
    return mkdtemp(root) ? 0 : -1;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* Everything under root: captures, and whatever a failing test wrote. */
static int teardown(void **state)
{
    (void)state;
    return nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval_asks_only_what_metrics_read),
        cmocka_unit_test(test_eval_checks_ranges_of_given_inputs),
        cmocka_unit_test(test_eval_perf_literal_needed),
        cmocka_unit_test(test_eval_input_defaults),
        cmocka_unit_test(test_eval_name_given_twice),
        cmocka_unit_test(test_eval_negative_counter),
        cmocka_unit_test(test_eval_suggests_names),
        cmocka_unit_test(test_option_missing_value),
        cmocka_unit_test(test_option_values_attached),
        cmocka_unit_test(test_option_unknown),
        cmocka_unit_test(test_templates_must_be_a_directory),
        cmocka_unit_test(test_user_templates_checked_once),
        cmocka_unit_test(test_threads_out_of_range),
        cmocka_unit_test(test_names_differ_only_in_case),
        cmocka_unit_test(test_number_too_big_said_once),
        cmocka_unit_test(test_summary_counts_targets),
        cmocka_unit_test(test_one_target_usage_error_alone),
        cmocka_unit_test(test_readme_example_error),
        cmocka_unit_test(test_global_options_anywhere),
        cmocka_unit_test(test_werror),
        cmocka_unit_test(test_outputs_plan_only_theirs),
        cmocka_unit_test(test_werror_in_loader),
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_unknown_or_no_command),
        cmocka_unit_test(test_check_several),
        cmocka_unit_test(test_same_file_once),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
