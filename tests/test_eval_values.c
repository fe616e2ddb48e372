/* test_eval_values.c - the values `hwcgen eval` evaluates with
 * (gen/cmd/cmd_eval_values.h), called directly: the forms a NAME=VALUE
 * word may take, the words it refuses and what it says of them, the
 * run-time values' defaults, which values the chosen metrics need, and how
 * a value is printed. Expected values are worked out by hand from the
 * specs' formulas (hwcgen list SPEC shows them). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd_eval_values.h"
#include "cmd/cmd_options.h"
#include "run/pipeline.h"

#define V1 "spec/arm/neoverse-v1.json"
#define T624 "spec/mali/mali-t624-model.xml"
#define G720 "spec/mali/mali-g720.xml"
#define TREE "tests/perf-tree-metrics/arch/x86/namelake"

/* One loaded, checked target, and a diag of its own for what eval says. */
typedef struct fixture {
    hw_target *t;
    hw_plan p;
    hw_diag d;
    eval_values v;
} fixture;

static fixture *open_fixture(const char *path)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    hw_diag load;
    diag_init(&load, NULL); /* the tree's fixture warns of a metric cycle */
    hw_target **all;
    hw_plan *plans;
    int n;
    if (run_open_all(path, &all, &plans, &n, &load) != 0 || n != 1)
        fail_msg("%s did not load: %s", path, load.log.data ? load.log.data : "");
    f->t = all[0];
    f->p = plans[0];
    free(all);
    free(plans);
    diag_free(&load);
    diag_init(&f->d, NULL);
    assert_int_equal(eval_values_init(&f->v, f->t, &f->p, &f->d), 0);
    return f;
}

static void close_fixture(fixture *f)
{
    eval_values_free(&f->v);
    diag_free(&f->d);
    plan_free(&f->p);
    target_free(f->t);
    free(f);
}

/* Everything eval reported so far, then forgotten. */
static void expect_log(fixture *f, const char *text)
{
    const char *log = f->d.log.data ? f->d.log.data : "";
    if (strcmp(log, text) != 0)
        fail_msg("reported:\n%sexpected:\n%s", log, text);
    buf_reset(&f->d.log);
}

static int event(const fixture *f, const char *name)
{
    int i = ir_find_event(f->t, name);
    assert_true(i >= 0);
    return i;
}

static int input(const fixture *f, const char *name)
{
    int i = ir_find_input(f->t, name);
    assert_true(i >= 0);
    return i;
}

static int runtime(const fixture *f, const char *name)
{
    int i = interp_runtime_find(f->t, f->p.c_members.runtime, name);
    assert_true(i >= 0);
    return i;
}

/* Every metric's value; fails when computing does. */
static double metric(fixture *f, const char *name)
{
    double *out = calloc((size_t)f->t->nmetrics + 1, sizeof *out);
    assert_non_null(out);
    assert_int_equal(eval_values_compute(&f->v, out), 0);
    int m = ir_find_metric(f->t, name);
    assert_true(m >= 0);
    double value = out[m];
    free(out);
    return value;
}

/* eval_values_set(word), with what it writes to stderr (a usage error
 * goes there, not to the diag) into err. */
static int set_capturing(fixture *f, const char *word, char *err, size_t size)
{
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    fflush(stderr);
    int saved = dup(2);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(tmp), 2) >= 0);
    int rc = eval_values_set(&f->v, word);
    fflush(stderr);
    assert_true(dup2(saved, 2) >= 0);
    close(saved);
    rewind(tmp);
    size_t n = fread(err, 1, size - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
    return rc;
}

/* ---- the forms of a value -------------------------------------------------- */

/* Whatever strtod reads in full: decimal, exponent, hexadecimal integer
 * and hexadecimal floating point. */
static void test_value_forms(void **state)
{
    (void)state;
    fixture *f = open_fixture(V1);
    assert_int_equal(eval_values_set(&f->v, "BR_MIS_PRED_RETIRED=0x10"), 0);
    assert_int_equal(eval_values_set(&f->v, "BR_RETIRED=1.25e2"), 0);
    assert_int_equal(eval_values_set(&f->v, "INST_RETIRED=0x1p3"), 0);
    assert_int_equal(eval_values_set(&f->v, "CPU_CYCLES=2E+1"), 0);
    expect_log(f, "");
    assert_true(f->v.events[event(f, "BR_MIS_PRED_RETIRED")] == 16.0);
    assert_true(f->v.events[event(f, "BR_RETIRED")] == 125.0);
    assert_true(f->v.events[event(f, "INST_RETIRED")] == 8.0);
    assert_true(f->v.events[event(f, "CPU_CYCLES")] == 20.0);
    assert_int_equal(f->v.given.events[event(f, "CPU_CYCLES")], 1);
    /* BR_MIS_PRED_RETIRED / BR_RETIRED = 16 / 125; INST_RETIRED /
     * CPU_CYCLES = 8 / 20 */
    assert_true(metric(f, "branch_misprediction_ratio") == 0.128);
    assert_true(metric(f, "ipc") == 0.4);
    close_fixture(f);
}

/* A Streamline variable may be named with its '$'; a run-time constant
 * has no range, so a negative one is the user's call. */
static void test_dollar_and_runtime_constant(void **state)
{
    (void)state;
    fixture *f = open_fixture(G720);
    assert_int_equal(eval_values_set(&f->v, "$MaliConstantsShaderCoreCount=-1"), 0);
    int c = ir_find_constant(f->t, "MaliConstantsShaderCoreCount");
    assert_true(c >= 0);
    assert_true(f->v.constants[c] == -1.0);
    assert_int_equal(f->v.given.constants[c], 1);
    assert_true(metric(f, "shader_core_count") == -1.0);
    expect_log(f, "");
    close_fixture(f);
}

/* ---- words refused ------------------------------------------------------------ */

/* No '=', or nothing before it: not a NAME=VALUE word at all, a usage
 * error. '=' with nothing or a non-number after it: a value that is
 * not a number. Nothing is set either way. */
static void test_missing_or_bad_value(void **state)
{
    (void)state;
    fixture *f = open_fixture(V1);
    char err[512];
    assert_int_equal(set_capturing(f, "CPU_CYCLES", err, sizeof err), EXIT_USAGE);
    assert_string_equal(err, "hwcgen: eval: expected NAME=VALUE, got 'CPU_CYCLES'\n"
                             "Try 'hwcgen --help'.\n");
    assert_int_equal(set_capturing(f, "=5", err, sizeof err), EXIT_USAGE);
    assert_string_equal(err, "hwcgen: eval: expected NAME=VALUE, got '=5'\n"
                             "Try 'hwcgen --help'.\n");
    assert_int_equal(eval_values_set(&f->v, "CPU_CYCLES="), -1);
    assert_int_equal(eval_values_set(&f->v, "CPU_CYCLES=12abc"), -1);
    assert_int_equal(eval_values_set(&f->v, "CPU_CYCLES= 1"), 0);
    expect_log(f, "error: eval: '' is not a number for 'CPU_CYCLES'\n"
                  "error: eval: '12abc' is not a number for 'CPU_CYCLES'\n");
    /* strtod skips leading blanks: " 1" is 1, and the only value set */
    assert_true(f->v.events[event(f, "CPU_CYCLES")] == 1.0);
    assert_int_equal(f->d.errors, 2);
    close_fixture(f);
}

static void test_unknown_names(void **state)
{
    (void)state;
    fixture *f = open_fixture(V1);
    assert_int_equal(eval_values_set(&f->v, "INST_RETIRD=3"), -1);
    assert_int_equal(eval_values_set(&f->v, "nothing_like_it=3"), -1);
    assert_int_equal(eval_values_choose(&f->v, "IPC"), -1);
    expect_log(f, "error: eval: 'INST_RETIRD' is not a counter, input or run-time "
                  "constant of Neoverse V1 (did you mean 'INST_RETIRED'?)\n"
                  "error: eval: 'nothing_like_it' is not a counter, input or run-time "
                  "constant of Neoverse V1\n"
                  "error: eval: unknown metric 'IPC' (did you mean 'ipc'?)\n");
    assert_int_equal(eval_values_choose(&f->v, "ipc"), 0);
    assert_int_equal(f->v.needs.metrics[ir_find_metric(f->t, "ipc")], 1);
    close_fixture(f);

    /* a constant the spec fixes is no value to give */
    f = open_fixture(T624);
    assert_int_equal(eval_values_set(&f->v, "pipeline_depth=3"), -1);
    expect_log(f, "error: eval: 'pipeline_depth' is a constant the spec fixes at 38\n");
    close_fixture(f);
}

/* The first value stays; '$gs' names gs. */
static void test_duplicate_name(void **state)
{
    (void)state;
    fixture *f = open_fixture(V1);
    assert_int_equal(eval_values_set(&f->v, "INST_RETIRED=3"), 0);
    assert_int_equal(eval_values_set(&f->v, "INST_RETIRED=4"), -1);
    expect_log(f, "error: eval: a value for 'INST_RETIRED' is given twice\n");
    assert_true(f->v.events[event(f, "INST_RETIRED")] == 3.0);
    close_fixture(f);

    f = open_fixture(T624);
    assert_int_equal(eval_values_set(&f->v, "gs=2"), 0);
    assert_int_equal(eval_values_set(&f->v, "$gs=4"), -1);
    expect_log(f, "error: eval: a value for 'gs' is given twice\n");
    assert_true(f->v.inputs[input(f, "gs")] == 2.0);
    close_fixture(f);
}

static void test_counter_values(void **state)
{
    (void)state;
    fixture *f = open_fixture(V1);
    assert_int_equal(eval_values_set(&f->v, "CPU_CYCLES=-2"), -1);
    assert_int_equal(eval_values_set(&f->v, "INST_RETIRED=inf"), -1);
    assert_int_equal(eval_values_set(&f->v, "INST_RETIRED=nan"), -1);
    expect_log(f, "error: eval: counter 'CPU_CYCLES' = -2 is negative\n"
                  "error: eval: counter 'INST_RETIRED' = inf is not a finite number\n"
                  "error: eval: counter 'INST_RETIRED' = nan is not a finite number\n");
    assert_int_equal(f->v.given.events[event(f, "CPU_CYCLES")], 0);
    /* zero counts are counts */
    assert_int_equal(eval_values_set(&f->v, "CPU_CYCLES=0"), 0);
    close_fixture(f);
}

/* ---- what the metrics need ------------------------------------------------------ */

/* T624's cycles, for wl=256 gs=2 I=10 stores=0 loads=0:
 *   batch_items = min(1024, 256 * 2) = 512, full_batches = floor(256/512) = 0,
 *   last_items = 256, last_batch = min(256, 1) = 1,
 *   pipeline_cycles = 10 + 2 * 0 + 1 * 0 = 10,
 *   active_pipelines = min(2, 2) = 2,
 *   last_core_items = min(256, 64 * 2, 256) = 128,
 *   last_stalls = max(128 / 2 - 38, 0) = 26,
 *   cycles = 10 * (0 + 1 * (38 + 26)) = 640.
 * cycles never reads F; time_s = cycles / F does. */
static void test_needs_of_metrics(void **state)
{
    (void)state;
    fixture *f = open_fixture(T624);
    assert_int_equal(eval_values_choose(&f->v, "cycles"), 0);
    const char *words[] = {"wl=256", "gs=2", "I=10"};
    for (int i = 0; i < 3; i++)
        assert_int_equal(eval_values_set(&f->v, words[i]), 0);
    /* stores and loads are not given: their neutral default, 0, is used */
    assert_int_equal(eval_values_missing(&f->v), 0);
    assert_true(f->v.inputs[input(f, "stores")] == 0.0);
    assert_true(f->v.inputs[input(f, "loads")] == 0.0);
    assert_int_equal(f->v.needs.inputs[input(f, "stores")], 1);
    assert_int_equal(f->v.needs.inputs[input(f, "F")], 0);
    /* a metric cycles uses, and a fixed constant: needed, never missing */
    assert_int_equal(f->v.needs.metrics[ir_find_metric(f->t, "last_stalls")], 1);
    assert_int_equal(f->v.needs.constants[ir_find_constant(f->t, "pipeline_depth")], 1);
    assert_int_equal(f->v.needs.metrics[ir_find_metric(f->t, "time_s")], 0);
    assert_int_equal(eval_values_set(&f->v, "stores=0"), 0);
    assert_int_equal(eval_values_set(&f->v, "loads=0"), 0);
    assert_int_equal(eval_values_missing(&f->v), 0);
    assert_true(metric(f, "cycles") == 640.0);
    close_fixture(f);

    f = open_fixture(T624);
    assert_int_equal(eval_values_choose(&f->v, "time_ms"), 0);
    /* every input it reads but stores and loads, which have a default */
    assert_int_equal(eval_values_missing(&f->v), 4);
    expect_log(f, "error: eval: missing value for 'wl'\n"
                  "error: eval: missing value for 'gs'\n"
                  "error: eval: missing value for 'I'\n"
                  "error: eval: missing value for 'F'\n");
    close_fixture(f);
}

/* Every metric of V1 reads counters; choosing all needs at least ipc's. */
static void test_choose_all(void **state)
{
    (void)state;
    fixture *f = open_fixture(V1);
    eval_values_choose_all(&f->v);
    for (int i = 0; i < f->t->nmetrics; i++)
        assert_int_equal(f->v.needs.metrics[i], 1);
    assert_true(eval_values_missing(&f->v) > 0);
    assert_int_equal(f->v.needs.events[event(f, "INST_RETIRED")], 1);
    assert_int_equal(f->v.needs.events[event(f, "CPU_CYCLES")], 1);
    close_fixture(f);
}

/* A given input is checked against its range even when no chosen metric
 * reads it: F > 0. */
static void test_input_range(void **state)
{
    (void)state;
    fixture *f = open_fixture(T624);
    const char *words[] = {"wl=256", "gs=2", "I=10", "stores=0", "loads=0", "F=-1"};
    for (int i = 0; i < 6; i++)
        assert_int_equal(eval_values_set(&f->v, words[i]), 0);
    assert_int_equal(eval_values_choose(&f->v, "cycles"), 0);
    assert_int_equal(eval_values_missing(&f->v), 0);
    double out[64];
    assert_true(f->t->nmetrics < 64);
    assert_int_equal(eval_values_compute(&f->v, out), -1);
    expect_log(f, "error: input 'F' = -1 is not greater than 0\n");
    close_fixture(f);
}

/* ---- run-time defaults ------------------------------------------------------------ */

/* x_threshold = UNC_M_CAS_COUNT.RD * 64 / 1e9 / duration_time /
 * source_count(UNC_M_CAS_COUNT.RD). source_count defaults to 1 (one
 * PMU counts the event); duration_time has no default and must be given:
 * 1e9 * 64 / 1e9 / 2 / 1 = 32, and with four sources 32 / 4 = 8. */
static void test_runtime_defaults(void **state)
{
    (void)state;
    fixture *f = open_fixture(TREE);
    int sources = runtime(f, "source_count(UNC_M_CAS_COUNT.RD)");
    int duration = runtime(f, "duration_time");
    assert_true(f->v.runtime[sources] == 1.0);
    assert_true(isnan(f->v.runtime[duration]));
    assert_int_equal(f->v.given.runtime[sources], 0);
    /* the '#' literals are named in any case */
    assert_int_equal(runtime(f, "#SMT_on"), runtime(f, "#smt_on"));
    assert_true(isnan(f->v.runtime[runtime(f, "#smt_on")]));

    assert_int_equal(eval_values_choose(&f->v, "x_threshold"), 0);
    assert_int_equal(eval_values_missing(&f->v), 2);
    expect_log(f, "error: eval: missing value for 'UNC_M_CAS_COUNT.RD'\n"
                  "error: eval: missing value for 'duration_time'\n");
    assert_int_equal(f->v.needs.runtime[sources], 1);
    assert_int_equal(eval_values_set(&f->v, "UNC_M_CAS_COUNT.RD=1e9"), 0);
    assert_int_equal(eval_values_set(&f->v, "duration_time=2"), 0);
    assert_int_equal(eval_values_missing(&f->v), 0);
    assert_true(metric(f, "x_threshold") == 32.0);
    /* by the member name of the evaluators' struct, too */
    assert_int_equal(eval_values_set(&f->v, "sources_UNC_M_CAS_COUNT_RD=4"), 0);
    assert_true(f->v.runtime[sources] == 4.0);
    assert_true(metric(f, "x_threshold") == 8.0);
    expect_log(f, "");
    close_fixture(f);
}

/* ---- printing ---------------------------------------------------------------------- */

static void test_print_value(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    eval_print_value(out, "half", 0.5);
    eval_print_value(out, "undefined", NAN);
    eval_print_value(out, "minus_zero", -0.0);
    eval_print_value(out, "third", 1.0 / 3.0);        /* ten significant digits */
    eval_print_value(out, "big", 123456789012.0);     /* 1.234567890e+11, zero dropped */
    eval_print_value(out, "whole", 640.0);
    eval_print_value(out, "negative", -2.5e-7);
    assert_int_equal(fclose(out), 0);
    assert_string_equal(text, "half 0.5\n"
                              "undefined nan\n"
                              "minus_zero 0\n"
                              "third 0.3333333333\n"
                              "big 1.23456789e+11\n"
                              "whole 640\n"
                              "negative -2.5e-07\n");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_value_forms),
        cmocka_unit_test(test_dollar_and_runtime_constant),
        cmocka_unit_test(test_missing_or_bad_value),
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_duplicate_name),
        cmocka_unit_test(test_counter_values),
        cmocka_unit_test(test_needs_of_metrics),
        cmocka_unit_test(test_choose_all),
        cmocka_unit_test(test_input_range),
        cmocka_unit_test(test_runtime_defaults),
        cmocka_unit_test(test_print_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
