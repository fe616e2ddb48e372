/* The Mali-T624 model as generated C reproduces the thesis's own numbers
 * (expected values are the thesis's, not hwcgen's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../out/include/hwcgen/mali_t624_model_metrics.h"

static double time_ms(double wl, double gs, double instr, double hz)
{
    struct mali_t624_model_inputs in = {wl, gs, instr, hz, 0, 0}; /* no loads, stores */
    assert_null(mali_t624_model_check_inputs(&in));
    return mali_t624_model_time_ms(&in);
}

/* Section 7.2: 2e6 instructions at 700 MHz with work-groups of one. The
 * pipeline hides up to 38 threads, so wl 1..38 cost 38 cycles each. */
static void test_section_7_2(void **state)
{
    (void)state;
    for (int wl = 1; wl <= 38; wl++)
        assert_float_equal(time_ms(wl, 1, 2e6, 700e6), 108.57, 0.005);
    assert_float_equal(time_ms(39, 1, 2e6, 700e6), 111.43, 0.005);
    assert_float_equal(time_ms(50, 1, 2e6, 700e6), 142.86, 0.005);
}

/* Figure 11.2, estimated column: one work-item, (n+1)e6 instructions at
 * 600 MHz for n = 2..10. */
static void test_figure_11_2(void **state)
{
    (void)state;
    static const double expected[] = {190.000, 253.333, 316.667, 380.000, 443.333,
                                      506.667, 570.000, 633.333, 696.667};
    for (int n = 2; n <= 10; n++)
        assert_float_equal(time_ms(1, 1, (n + 1) * 1e6, 600e6), expected[n - 2], 0.0005);
}

/* Section 12.1: the store kernel, 64 work-groups of one, an addition and a
 * store (2 pipeline cycles) per iteration -> 192 cycles per iteration (at
 * F = 1 Hz, seconds = cycles). Section 12.2: the load kernel, 5 words and a
 * load (1) per iteration -> 384 cycles, 640 ms for 1e6 iterations at
 * 600 MHz. */
static void test_store_kernel_12_1(void **state)
{
    (void)state;
    struct mali_t624_model_inputs in = {64, 1, 1, 1, 1, 0};
    assert_null(mali_t624_model_check_inputs(&in));
    assert_float_equal(mali_t624_model_pipeline_cycles(&in), 3.0, 0.0);
    assert_float_equal(mali_t624_model_cycles(&in), 192.0, 0.0);
    assert_float_equal(mali_t624_model_time_s(&in), 192.0, 0.0);
    struct mali_t624_model_inputs load = {64, 1, 5e6, 600e6, 0, 1e6};
    assert_null(mali_t624_model_check_inputs(&load));
    assert_float_equal(mali_t624_model_cycles(&load), 384e6, 0.0);
    assert_float_equal(mali_t624_model_time_ms(&load), 640.0, 1e-9);
}

/* Section 13.3: wl 256, gs 2, 5e6 instructions, 600 MHz -> 533.33 ms, via
 * batch 512, two pipelines, 128 items on the busiest core, 26 stalls. */
static void test_section_13_3(void **state)
{
    (void)state;
    struct mali_t624_model_inputs in = {256, 2, 5e6, 600e6, 0, 0};
    assert_float_equal(mali_t624_model_batch_items(&in), 512.0, 0.0);
    assert_float_equal(mali_t624_model_active_pipelines(&in), 2.0, 0.0);
    assert_float_equal(mali_t624_model_last_core_items(&in), 128.0, 0.0);
    assert_float_equal(mali_t624_model_last_stalls(&in), 26.0, 0.0);
    assert_float_equal(mali_t624_model_time_ms(&in), 533.33, 0.005);
}

/* Section 8.2: past a batch boundary, n + 1 work-groups cost the batch plus
 * one group: time(n + 1) = time(n) + time(1) with n = one full batch. */
static void test_batch_boundary_8_2(void **state)
{
    (void)state;
    for (int gs = 1; gs <= 256; gs *= 2) {
        double groups = gs >= 4 ? 1024 / gs : 256; /* work-groups per batch */
        double one = time_ms(gs, gs, 1e6, 600e6);
        double full = time_ms(groups * gs, gs, 1e6, 600e6);
        double next = time_ms((groups + 1) * gs, gs, 1e6, 600e6);
        assert_float_equal(next, full + one, 1e-9);
    }
}

static void test_eval_all_and_inputs(void **state)
{
    (void)state;
    struct mali_t624_model_inputs in = {256, 2, 5e6, 600e6, 0, 0};
    double out[MALI_T624_MODEL_METRIC_COUNT];
    mali_t624_model_eval_all(&in, out);
    assert_float_equal(out[MALI_T624_MODEL_METRIC_TIME_MS], 533.33, 0.005);
    assert_float_equal(out[MALI_T624_MODEL_METRIC_TIME_S], 0.53333, 0.000005);
    struct mali_t624_model_inputs bad[] = {
        {257, 2, 5e6, 600e6, 0, 0}, {0, 1, 1, 1, 0, 0}, {4, 0, 1, 1, 0, 0},
        {4, 1, 1, 0, 0, 0},         {4, 1, -1, 1, 0, 0}, {4, 1, 1, 1, -1, 0},
        {4, 1, 1, 1, 0, -1}};
    const char *want[] = {"'wl' must be a multiple of gs", "'wl' must be >= 1",
                          "'gs' must be >= 1", "'F' must be > 0", "'I' must be > 0",
                          "'stores' must be >= 0", "'loads' must be >= 0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *msg = mali_t624_model_check_inputs(&bad[i]);
        assert_non_null(msg);
        assert_non_null(strstr(msg, want[i]));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_section_7_2),       cmocka_unit_test(test_figure_11_2),
        cmocka_unit_test(test_store_kernel_12_1), cmocka_unit_test(test_section_13_3),
        cmocka_unit_test(test_batch_boundary_8_2), cmocka_unit_test(test_eval_all_and_inputs),
    };
    return cmocka_run_group_tests_name("t624 generated", tests, NULL, NULL);
}
