/* test_model.c - the Mali-T624 execution-time model (spec/mali/
 * mali-t624-model.xml): loading, checking, the thesis's numbers through the
 * interpreter, and input validation.
 *
 * Every expected number below is the thesis's (section in the test name),
 * checked within 0.005 ms where the thesis rounds; cycle counts are exact.
 * Run from the repository root.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "check/check.h"
#include "core/diag.h"
#include "core/inputs.h"
#include "core/interp.h"
#include "core/ir.h"
#include "load/load.h"
#include "run/pipeline.h"

#define SPEC "spec/mali/mali-t624-model.xml"

enum { IN_WL, IN_GS, IN_I, IN_F, IN_STORES, IN_LOADS, NIN };

typedef struct model {
    hw_target *t;
    int in[NIN];         /* index of wl, gs, I, F, stores, loads in
                            t->inputs */
    double *out;         /* metric values of the last eval() */
} model;

static int setup(void **state)
{
    hw_diag d;
    diag_init(&d, stderr);
    model *m = calloc(1, sizeof *m);
    if (!m)
        return -1;
    m->t = run_open(SPEC, NULL, &d);
    if (!m->t || d.errors != 0) {
        diag_free(&d);
        return -1;
    }
    diag_free(&d);
    static const char *names[NIN] = {"wl", "gs", "I", "F", "stores", "loads"};
    for (int i = 0; i < NIN; i++)
        if ((m->in[i] = ir_find_input(m->t, names[i])) < 0)
            return -1;
    m->out = calloc((size_t)m->t->nmetrics, sizeof *m->out);
    *state = m;
    return m->out ? 0 : -1;
}

static int teardown(void **state)
{
    model *m = *state;
    if (m) {
        target_free(m->t);
        free(m->out);
        free(m);
    }
    return 0;
}

static void set_inputs(const model *m, double *v, const double *in)
{
    for (int i = 0; i < m->t->ninputs; i++)
        v[i] = NAN;
    for (int k = 0; k < NIN; k++)
        v[m->in[k]] = in[k];
}

static double metric(const model *m, const char *name)
{
    int i = ir_find_metric(m->t, name);
    assert_true(i >= 0);
    return m->out[i];
}

/* Evaluate every metric for the inputs in[] (wl, gs, I, F, stores,
 * loads); inputs must pass inputs_check first, as the CLI does. Returns
 * time_ms. */
static double eval_in(model *m, const double *in)
{
    double v[NIN];
    assert_int_equal(m->t->ninputs, NIN);
    set_inputs(m, v, in);
    hw_diag d;
    diag_init(&d, stderr);
    assert_int_equal(inputs_check(m->t, v, &d), 0);
    diag_free(&d);
    hw_values vals = {NULL, NULL, v};
    interp_all(m->t, &vals, m->out);
    double ms = metric(m, "time_ms");
    assert_true(fabs(ms - metric(m, "time_s") * 1000.0) <= 1e-9 * ms);
    return ms;
}

/* A kernel with no loads or stores. */
static double eval(model *m, double wl, double gs, double instr, double f)
{
    const double in[NIN] = {wl, gs, instr, f, 0, 0};
    return eval_in(m, in);
}

/* A kernel with `stores` stores and `loads` loads besides its `instr`
 * other instruction words. */
static double eval_mem(model *m, double wl, double gs, double instr, double f,
                       double stores, double loads)
{
    const double in[NIN] = {wl, gs, instr, f, stores, loads};
    return eval_in(m, in);
}

#define assert_near(actual, expected, tol)                                    \
    do {                                                                      \
        double a_ = (actual), e_ = (expected);                                \
        if (!(fabs(a_ - e_) <= (tol)))                                        \
            fail_msg("%s = %.6f, expected %.6f (+-%g)", #actual, a_, e_,      \
                     (double)(tol));                                          \
    } while (0)

/* ---- the spec as loaded ---------------------------------------------- */

static void test_identity_and_notes(void **state)
{
    const hw_target *t = ((model *)*state)->t;
    assert_string_equal(t->id, "mali_t624_model");
    assert_string_equal(t->slug, "mali-t624-model");
    assert_string_equal(t->vendor, "arm");
    assert_string_equal(t->kind, "model");
    assert_string_equal(t->format, "perf-model");
    assert_non_null(strstr(t->source, "Matsentidou"));
    assert_non_null(strstr(t->source, "2020"));
    assert_non_null(t->description);
    int reading = 0, limit = 0, source = 0, typo_257 = 0, stalls_26 = 0;
    int registers = 0;
    for (int i = 0; i < t->nnotes; i++) {
        const hw_note *n = &t->notes[i];
        assert_true(n->loc.line > 0);
        assert_non_null(n->text);
        reading += strcmp(n->kind, "reading") == 0;
        limit += strcmp(n->kind, "limit") == 0;
        source += strcmp(n->kind, "source") == 0;
        if (strcmp(n->kind, "reading") == 0 && strstr(n->text, "257"))
            typo_257 = 1;
        if (strcmp(n->kind, "reading") == 0 && strstr(n->text, "max(26, 0)"))
            stalls_26 = 1;
        if (strcmp(n->kind, "limit") == 0 && strstr(n->text, "16 registers"))
            registers = 1;
    }
    assert_true(reading >= 2);
    assert_true(limit >= 3);
    assert_true(source >= 1);
    assert_true(typo_257 && stalls_26 && registers);
}

static void test_constants_and_inputs(void **state)
{
    const hw_target *t = ((model *)*state)->t;
    static const struct {
        const char *name;
        double value;
    } want[] = {
        {"pipeline_depth", 38},   {"shader_cores", 4},
        {"core_chunk_groups", 64}, {"batch_groups", 256},
        {"batch_items_max", 1024}, {"arith_pipelines", 2},
        {"registers_per_item", 16}, {"core_items_max", 256},
        {"store_cycles", 2},       {"load_cycles", 1},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        int i = ir_find_constant(t, want[k].name);
        assert_true(i >= 0);
        assert_int_equal(t->constants[i].has_value, 1);
        assert_true(t->constants[i].value == want[k].value);
        assert_non_null(t->constants[i].units);
        assert_non_null(t->constants[i].description);
    }

    const hw_input *wl = &t->inputs[ir_find_input(t, "wl")];
    assert_true(wl->has_min && !wl->min_exclusive && wl->min == 1);
    assert_true(wl->integer && !wl->has_max);
    assert_string_equal(wl->multiple_of, "gs");
    const hw_input *gs = &t->inputs[ir_find_input(t, "gs")];
    assert_true(gs->has_min && gs->min == 1 && gs->integer);
    assert_true(gs->has_max && !gs->max_exclusive && gs->max == 256);
    const hw_input *in = &t->inputs[ir_find_input(t, "I")];
    assert_true(in->has_min && in->min_exclusive && in->min == 0);
    const hw_input *f = &t->inputs[ir_find_input(t, "F")];
    assert_true(f->has_min && f->min_exclusive && f->min == 0);
    assert_string_equal(f->units, "Hz");
    static const char *const mem_inputs[] = {"stores", "loads"};
    for (int k = 0; k < 2; k++) {
        const hw_input *mem = &t->inputs[ir_find_input(t, mem_inputs[k])];
        assert_true(mem->has_min && !mem->min_exclusive && mem->min == 0);
    }

    /* values are intermediate steps; outputs are not */
    int outputs = 0;
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        assert_non_null(m->expr);
        assert_non_null(m->description);
        assert_true(m->formula_loc.line > 0);
        int is_output = strcmp(m->name, "time_s") == 0 ||
                        strcmp(m->name, "time_ms") == 0;
        outputs += is_output;
        assert_int_equal(!!(m->flags & METRIC_INTERMEDIATE), !is_output);
    }
    assert_int_equal(outputs, 2);
    assert_non_null(t->metric_order);
}

/* The thesis's worked examples, as the spec gives them to the docs: each
 * sets every input once and evaluates to the result the thesis prints. */
static void test_examples(void **state)
{
    model *m = *state;
    const hw_target *t = m->t;
    static const struct {
        const char *label; /* how the label starts */
        double in[NIN];    /* wl, gs, I, F, stores, loads */
        const char *expected;
        double ms;         /* the result in ms */
    } want[] = {
        {"Section 13.3 worked example", {256, 2, 5e6, 600e6, 0, 0}, "533.33 ms", 533.33},
        {"Section 7.2: 38 ", {38, 1, 2e6, 700e6, 0, 0}, "108.57 ms", 108.57},
        {"Section 7.2: 39 ", {39, 1, 2e6, 700e6, 0, 0}, "111.43 ms", 111.43},
        {"Section 7.2: 50 ", {50, 1, 2e6, 700e6, 0, 0}, "142.86 ms", 142.86},
        {"Sections 9.2 and 10.1", {1, 1, 3e6, 600e6, 0, 0}, "190 ms", 190},
        {"Section 12.2: load kernel", {64, 1, 5e6, 600e6, 0, 1e6}, "640 ms", 640},
        /* 192 cycles per iteration, 1e6 iterations at 600 MHz: 320 ms */
        {"Section 12.1: store kernel", {64, 1, 1e6, 600e6, 1e6, 0},
         "192 cycles per iteration", 320},
    };
    assert_int_equal(t->nexamples, sizeof want / sizeof want[0]);
    for (int k = 0; k < t->nexamples; k++) {
        const hw_example *x = &t->examples[k];
        assert_true(x->loc.line > 0);
        assert_int_equal(strncmp(x->label, want[k].label,
                                 strlen(want[k].label)), 0);
        assert_string_equal(x->expected, want[k].expected);
        assert_int_equal(x->nsets, NIN);
        double in[NIN];
        for (int j = 0; j < NIN; j++) {
            const hw_example_set *set = &x->sets[j];
            assert_true(set->loc.line > x->loc.line);
            int i = ir_find_input(t, set->input);
            assert_int_equal(i, m->in[j]); /* in the order of want[].in */
            in[j] = set->value;
            assert_true(in[j] == want[k].in[j]);
        }
        assert_near(eval_in(m, in), want[k].ms, 0.005);
    }
}

/* ---- the thesis's numbers ------------------------------------------- */

/* 7.2: 2e6 instructions (a two-instruction loop, 1e6 times) at 700 MHz,
 * work-groups of one work-item. */
static void test_section_7_2_pipeline_depth(void **state)
{
    model *m = *state;
    for (int wl = 1; wl <= 38; wl++)
        assert_near(eval(m, wl, 1, 2e6, 700e6), 108.57, 0.005);
    assert_near(eval(m, 39, 1, 2e6, 700e6), 111.43, 0.005);
    assert_near(eval(m, 50, 1, 2e6, 700e6), 142.86, 0.005);
    /* exact: (38 + stalls) cycles per instruction */
    eval(m, 50, 1, 2e6, 700e6);
    assert_true(metric(m, "cycles") == 2e6 * 50);
    assert_true(metric(m, "last_stalls") == 12);
}

/* Figure 11.2, "estimated time": one work-item at 600 MHz, n multiply-add
 * pairs scheduled into n + 1 VLIW words per iteration, 1e6 iterations. */
static void test_figure_11_2_estimates(void **state)
{
    model *m = *state;
    static const double est[] = {190.000, 253.333, 316.667, 380.000, 443.333,
                                 506.667, 570.000, 633.333, 696.667};
    for (int n = 2; n <= 10; n++)
        assert_near(eval(m, 1, 1, (n + 1) * 1e6, 600e6), est[n - 2], 0.005);
}

/* 9.1, 9.2, 10.1: single work-item kernels at 600 MHz. */
static void test_chapters_9_10_single_item(void **state)
{
    model *m = *state;
    assert_near(eval(m, 1, 1, 2e6, 600e6), 126.668, 0.005); /* 9.1 measured */
    assert_near(eval(m, 1, 1, 3e6, 600e6), 190.0, 0.005);   /* 9.2, 10.1 */
    assert_near(eval(m, 1, 1, 5e6, 600e6), 316.67, 0.005);  /* 10.1 */
}

/* 12.1: the store kernel, 64 work-groups of one work-item; an addition
 * (1 pipeline cycle) and a store (2) per iteration: 3 * 38 + (64 - 38) * 3
 * = 192 cycles per iteration. 12.2: the load kernel, a critical path of 5
 * other words and a load (1): 6 * 38 + (64 - 38) * 6 = 384 cycles per
 * iteration, 640 ms at 600 MHz for 1e6 iterations. */
static void test_section_12_store_load(void **state)
{
    model *m = *state;
    eval_mem(m, 64, 1, 1, 1, 1, 0);
    assert_true(metric(m, "pipeline_cycles") == 3);
    assert_true(metric(m, "cycles") == 192);
    assert_true(metric(m, "last_core_items") == 64);
    assert_true(metric(m, "last_stalls") == 26);
    eval_mem(m, 64, 1, 5, 1, 0, 1);
    assert_true(metric(m, "pipeline_cycles") == 6);
    assert_true(metric(m, "cycles") == 384);
    assert_near(eval_mem(m, 64, 1, 5e6, 600e6, 0, 1e6), 640.0, 0.005);
    /* a store costs what two words do, a load what one does */
    assert_true(eval_mem(m, 64, 1, 1e6, 600e6, 1e6, 0) ==
                eval(m, 64, 1, 3e6, 600e6));
    assert_true(eval_mem(m, 64, 1, 5e6, 600e6, 0, 1e6) ==
                eval(m, 64, 1, 6e6, 600e6));
}

/* 13.3: wl = 256 (the text says 257; see the reading note), gs = 2,
 * I = 5e6, F = 600 MHz -> 533.33 ms, step by step. */
static void test_section_13_3_example(void **state)
{
    model *m = *state;
    assert_near(eval(m, 256, 2, 5e6, 600e6), 533.33, 0.005);
    assert_true(metric(m, "batch_items") == 512);
    assert_true(metric(m, "active_pipelines") == 2);
    assert_true(metric(m, "batches") == 1);
    assert_true(metric(m, "full_batches") == 0);
    assert_true(metric(m, "last_items") == 256);
    assert_true(metric(m, "last_core_items") == 128);
    assert_true(metric(m, "last_stalls") == 26);
    assert_true(metric(m, "cycles") == 5e6 * 64);
}

/* 8.1: with work-groups of one work-item a core takes 64 of them, so the
 * time stops growing after the 64th work-item (up to a full batch). */
static void test_section_8_1_core_chunks(void **state)
{
    model *m = *state;
    double t64 = eval(m, 64, 1, 2e6, 700e6);
    for (int wl = 65; wl <= 256; wl++)
        assert_true(eval(m, wl, 1, 2e6, 700e6) == t64);
    assert_true(eval(m, 257, 1, 2e6, 700e6) > t64); /* a second batch */
}

/* 8.2: with n work-groups in a batch, time(n + 1 groups) = time(n) +
 * time(1), for every power-of-two group size; and whole batches add. */
static void test_section_8_2_batches(void **state)
{
    model *m = *state;
    for (int gs = 1; gs <= 256; gs *= 2) {
        double groups = fmin(256, 1024 / gs); /* work-groups per batch */
        double n = groups * gs;               /* work-items per batch */
        double one = eval(m, gs, gs, 3e6, 600e6);
        double batch = eval(m, n, gs, 3e6, 600e6);
        assert_true(metric(m, "batches") == 1);
        assert_true(metric(m, "last_batch") == 0);
        double next = eval(m, n + gs, gs, 3e6, 600e6);
        assert_true(metric(m, "batches") == 2);
        assert_near(next, batch + one, 1e-9 * next);
        for (int k = 2; k <= 5; k++) {
            assert_near(eval(m, k * n, gs, 3e6, 600e6), k * batch,
                        1e-9 * k * batch);
            assert_near(eval(m, k * n + gs, gs, 3e6, 600e6), k * batch + one,
                        1e-9 * (k * batch + one));
        }
        /* inside a batch, one more group never costs less */
        double prev = 0;
        for (double w = gs; w <= n; w += gs) {
            double ms = eval(m, w, gs, 3e6, 600e6);
            assert_true(ms >= prev);
            prev = ms;
        }
    }
}

/* A full batch keeps every core busy: 256 work-items each, so stalls are
 * 256 / ap - 38 (gs >= 4). */
static void test_full_batch_stalls(void **state)
{
    model *m = *state;
    eval(m, 1024, 1, 1, 1); /* four full batches of 256, 64 per core */
    assert_true(metric(m, "full_batches") == 4);
    assert_true(metric(m, "full_core_items") == 64);
    assert_true(metric(m, "full_stalls") == 26);
    assert_true(metric(m, "cycles") == 4 * 64);
    eval(m, 2048, 4, 1, 1); /* two batches of 1024 */
    assert_true(metric(m, "batch_items") == 1024);
    assert_true(metric(m, "full_core_items") == 256);
    assert_true(metric(m, "full_stalls") == 90);
    assert_true(metric(m, "cycles") == 2 * 128);
}

/* ---- input validation --------------------------------------------------- */

/* Run inputs_check; return its count and leave the log in *log. */
static int check_values(const model *m, double wl, double gs, double instr,
                        double f, char *log, size_t size)
{
    double v[NIN];
    const double in[NIN] = {wl, gs, instr, f, 0, 0};
    set_inputs(m, v, in);
    hw_diag d;
    diag_init(&d, NULL);
    int n = inputs_check(m->t, v, &d);
    snprintf(log, size, "%s", d.log.data ? d.log.data : "");
    assert_int_equal(d.errors, n);
    diag_free(&d);
    return n;
}

static void expect_one(const model *m, double wl, double gs, double instr,
                       double f, const char *message)
{
    char log[1024];
    int n = check_values(m, wl, gs, instr, f, log, sizeof log);
    if (n != 1 || !strstr(log, message))
        fail_msg("expected one error \"%s\", got %d:\n%s", message, n, log);
}

static void test_inputs_valid(void **state)
{
    const model *m = *state;
    char log[1024];
    assert_int_equal(check_values(m, 256, 2, 5e6, 600e6, log, sizeof log), 0);
    assert_int_equal(check_values(m, 1, 1, 1, 1, log, sizeof log), 0);
    assert_int_equal(check_values(m, 256, 256, 0.5, 1e9, log, sizeof log), 0);
    assert_string_equal(log, "");
}

static void test_inputs_errors(void **state)
{
    const model *m = *state;
    expect_one(m, 257, 2, 5e6, 600e6,
               "error: input 'wl' = 257 is not a multiple of gs = 2");
    expect_one(m, 0, 1, 5e6, 600e6,
               "error: input 'wl' = 0 is less than the minimum 1");
    expect_one(m, 4, 0, 5e6, 600e6,
               "error: input 'gs' = 0 is less than the minimum 1");
    expect_one(m, 256, 2, 5e6, 0,
               "error: input 'F' = 0 is not greater than 0");
    expect_one(m, 256, 2, -1, 600e6,
               "error: input 'I' = -1 is not greater than 0");
    expect_one(m, 512, 512, 5e6, 600e6,
               "error: input 'gs' = 512 is greater than the maximum 256");
    expect_one(m, 2.5, 1, 5e6, 600e6,
               "error: input 'wl' = 2.5 is not a whole number");
    expect_one(m, 4, 1.5, 5e6, 600e6,
               "error: input 'gs' = 1.5 is not a whole number");
    expect_one(m, 256, 2, NAN, 600e6, "error: input 'I' is not a number");
    expect_one(m, 256, 2, 5e6, INFINITY,
               "error: input 'F' = inf is not a finite number");
    /* loads and stores may be 0, not negative */
    const double neg[2][NIN] = {{64, 1, 1e6, 600e6, -1, 0},
                                {64, 1, 1e6, 600e6, 0, -2}};
    const char *want[2] = {"error: input 'stores' = -1 is less than the minimum 0",
                           "error: input 'loads' = -2 is less than the minimum 0"};
    for (int k = 0; k < 2; k++) {
        double v[NIN];
        set_inputs(m, v, neg[k]);
        hw_diag d;
        diag_init(&d, NULL);
        assert_int_equal(inputs_check(m->t, v, &d), 1);
        if (!strstr(d.log.data, want[k]))
            fail_msg("expected \"%s\" in:\n%s", want[k], d.log.data);
        diag_free(&d);
    }
}

static void test_inputs_several(void **state)
{
    const model *m = *state;
    char log[2048];
    /* each bad input is reported once; a bad gs hides the multiple-of rule */
    int n = check_values(m, 0, 0, -1, 0, log, sizeof log);
    assert_int_equal(n, 4);
    assert_non_null(strstr(log, "'wl'"));
    assert_non_null(strstr(log, "'gs'"));
    assert_non_null(strstr(log, "'I'"));
    assert_non_null(strstr(log, "'F'"));
    assert_null(strstr(log, "multiple"));
    n = check_values(m, 7, 0, 1, 1, log, sizeof log);
    assert_int_equal(n, 1);
    assert_null(strstr(log, "multiple"));
}

/* ---- loader errors --------------------------------------------------- */

/* Write `body` into a model document and load it; return the log. */
static char *load_text(const char *body, int *ok)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/hwcgen_test_model_%ld.xml",
             (long)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f,
            "<?xml version=\"1.0\"?>\n"
            "<perf-model id=\"m\" slug=\"m\" vendor=\"arm\" name=\"M\"\n"
            "            kind=\"model\" source=\"test\">\n"
            "  <description>test</description>\n"
            "%s"
            "</perf-model>\n",
            body);
    fclose(f);
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *t = run_open(path, NULL, &d);
    *ok = t != NULL;
    target_free(t);
    remove(path);
    char *log = strdup(d.log.data ? d.log.data : "");
    diag_free(&d);
    return log;
}

static void expect_load_error(const char *body, const char *message)
{
    int ok;
    char *log = load_text(body, &ok);
    if (ok || !strstr(log, message))
        fail_msg("expected \"%s\", got:\n%s", message, log);
    free(log);
}

#define MINIMAL_INPUTS                                                        \
    "  <inputs><input name=\"x\" title=\"X\">x</input></inputs>\n"
#define MINIMAL_OUTPUTS                                                       \
    "  <outputs><output name=\"y\" title=\"Y\"><expr>x</expr>"                \
    "<description>y</description></output></outputs>\n"

static void test_load_errors(void **state)
{
    (void)state;
    int ok;
    char *log = load_text("  <constants/>\n" MINIMAL_INPUTS
                          "  <values/>\n" MINIMAL_OUTPUTS, &ok);
    if (!ok)
        fail_msg("minimal model rejected:\n%s", log);
    free(log);

    /* line 8 holds the <value>; its formula text starts on line 9 */
    expect_load_error("  <constants/>\n" MINIMAL_INPUTS
                      "  <values>\n"
                      "    <value name=\"v\" title=\"V\"><expr>\n"
                      "      x * (2 +</expr><description>d</description>"
                      "</value>\n"
                      "  </values>\n" MINIMAL_OUTPUTS,
                      ".xml:9: error: value 'v': formula column 9");
    expect_load_error("  <constants>\n"
                      "    <constant name=\"big\" value=\"1e999\" "
                      "title=\"B\">b</constant>\n"
                      "  </constants>\n" MINIMAL_INPUTS
                      "  <values/>\n" MINIMAL_OUTPUTS,
                      ".xml:6: error: constant 'big': value=\"1e999\" is not "
                      "a finite number");
    expect_load_error("  <constants/>\n"
                      "  <inputs>\n"
                      "    <input name=\"x\" title=\"X\" min=\"2\" max=\"2\" "
                      "max-exclusive=\"yes\">x</input>\n"
                      "  </inputs>\n"
                      "  <values/>\n" MINIMAL_OUTPUTS,
                      ".xml:7: error: input 'x': no value lies between min "
                      "and max");
    /* what the schema rejects */
    expect_load_error("  <constants>\n"
                      "    <constant name=\"c\" value=\"nan\" "
                      "title=\"C\">c</constant>\n"
                      "  </constants>\n" MINIMAL_INPUTS
                      "  <values/>\n" MINIMAL_OUTPUTS,
                      ".xml:6: error:");
    expect_load_error("  <constants/>\n" MINIMAL_INPUTS "  <values/>\n"
                      "  <outputs/>\n",
                      "error:");
    /* names are bound by the checker */
    expect_load_error("  <constants/>\n" MINIMAL_INPUTS
                      "  <values/>\n"
                      "  <outputs><output name=\"y\" title=\"Y\">"
                      "<expr>x + nope</expr><description>y</description>"
                      "</output></outputs>\n",
                      "nope");
}

/* Examples whose inputs do not fit the model are the checker's to report,
 * at the example or at the <set>. */
static void test_example_errors(void **state)
{
    (void)state;
    /* lines 5 to 8; the examples start on line 9 */
#define EXAMPLE_MODEL                                                         \
    "  <constants/>\n"                                                        \
    "  <inputs><input name=\"x\" title=\"X\" min=\"0\">x</input></inputs>\n" \
    "  <values/>\n" MINIMAL_OUTPUTS "  <examples>\n"
    expect_load_error(EXAMPLE_MODEL
                      "    <example label=\"E\" expected=\"1\">\n"
                      "      <set input=\"x\" value=\"1\"/>\n"
                      "      <set input=\"x\" value=\"2\"/>\n"
                      "    </example>\n  </examples>\n",
                      ".xml:12: error: example 'E': sets input 'x' twice");
    expect_load_error(EXAMPLE_MODEL
                      "    <example label=\"E\" expected=\"1\">\n"
                      "      <set input=\"y\" value=\"1\"/>\n"
                      "    </example>\n  </examples>\n",
                      ".xml:11: error: example 'E': sets unknown input 'y'");
    expect_load_error(EXAMPLE_MODEL
                      "    <example label=\"E\" expected=\"1\">\n"
                      "      <set input=\"y\" value=\"1\"/>\n"
                      "    </example>\n  </examples>\n",
                      ".xml:10: error: example 'E': sets no value for input "
                      "'x'");
    expect_load_error(EXAMPLE_MODEL
                      "    <example label=\"E\" expected=\"1\">\n"
                      "      <set input=\"x\" value=\"-1\"/>\n"
                      "    </example>\n  </examples>\n",
                      ".xml:10: error: example 'E': input 'x' = -1 is less "
                      "than the minimum 0");
    expect_load_error(EXAMPLE_MODEL
                      "    <example label=\"E\" expected=\"1\">\n"
                      "      <set input=\"x\" value=\"1e999\"/>\n"
                      "    </example>\n  </examples>\n",
                      ".xml:11: error: example 'E': value=\"1e999\" is not a "
                      "finite number");
#undef EXAMPLE_MODEL
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identity_and_notes),
        cmocka_unit_test(test_constants_and_inputs),
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_section_7_2_pipeline_depth),
        cmocka_unit_test(test_figure_11_2_estimates),
        cmocka_unit_test(test_chapters_9_10_single_item),
        cmocka_unit_test(test_section_12_store_load),
        cmocka_unit_test(test_section_13_3_example),
        cmocka_unit_test(test_section_8_1_core_chunks),
        cmocka_unit_test(test_section_8_2_batches),
        cmocka_unit_test(test_full_batch_stalls),
        cmocka_unit_test(test_inputs_valid),
        cmocka_unit_test(test_inputs_errors),
        cmocka_unit_test(test_inputs_several),
        cmocka_unit_test(test_load_errors),
        cmocka_unit_test(test_example_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
