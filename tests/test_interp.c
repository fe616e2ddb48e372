/* The interpreter's semantics (the ones generated C and docs share) and
 * the checker's binding and ordering of metrics. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "check/check.h"
#include "core/expr.h"
#include "core/interp.h"
#include "load/load.h"

/* A telemetry document with events A, B and the given metrics body. */
static hw_target *target_with(const char *metrics, hw_diag *d)
{
    char text[4096];
    snprintf(text, sizeof text,
             "{\"product_configuration\": {\"product_name\": \"Test Core\","
             " \"part_num\": \"0xabc\", \"implementer\": \"0x41\"},"
             " \"events\": {"
             "  \"A\": {\"code\": \"0x1\", \"title\": \"a\", \"description\": \"a\"},"
             "  \"B\": {\"code\": \"0x2\", \"title\": \"b\", \"description\": \"b\"}},"
             " \"metrics\": {%s}, \"groups\": {}}", metrics);
    hw_target *t = target_create("test.json");
    diag_init(d, NULL);
    if (load_telemetry(t, text, strlen(text), d) != 0 || check_target(t, d) != 0) {
        target_free(t);
        return NULL;
    }
    return t;
}

#define METRIC(name, formula)                                                 \
    "\"" name "\": {\"title\": \"t\", \"description\": \"d\", \"units\": \"u\"," \
    " \"formula\": \"" formula "\"}"

static double eval_one(const char *formula, double a, double b)
{
    char body[512];
    snprintf(body, sizeof body, METRIC("m", "%s"), formula);
    hw_diag d;
    hw_target *t = target_with(body, &d);
    if (!t)
        fail_msg("'%s' did not load: %s", formula, d.log.data ? d.log.data : "");
    double ev[2] = {a, b}, out[1];
    hw_values v = {ev, NULL, NULL};
    interp_all(t, &v, out);
    target_free(t);
    diag_free(&d);
    return out[0];
}

static void test_arithmetic(void **state)
{
    (void)state;
    assert_true(eval_one("A + B * 2", 1, 3) == 7);
    assert_true(eval_one("A - B - 1", 10, 3) == 6);
    assert_true(eval_one("-A / B", 3, 4) == -0.75);
    assert_true(eval_one("A % B", 7, 4) == 3);
    assert_true(eval_one("min(A, B, 2)", 5, 3) == 2);
    assert_true(eval_one("max(A, B)", -5, -3) == -3);
    assert_true(eval_one("ceil(A / B) + floor(A / B) + abs(-A)", 7, 2) == 4 + 3 + 7);
}

static void test_nan_rules(void **state)
{
    (void)state;
    assert_true(isnan(eval_one("A / B", 1, 0)));
    assert_true(isnan(eval_one("A / B", 0, 0)));
    assert_true(isnan(eval_one("A % B", 1, 0)));
    /* NaN goes through min and max, unlike C's fmin/fmax */
    assert_true(isnan(eval_one("min(A / B, 5)", 1, 0)));
    assert_true(isnan(eval_one("max(A / B, 5)", 1, 0)));
    assert_true(isnan(eval_one("max(min(A / B * 100, 100), 0)", 1, 0)));
    assert_true(isnan(eval_one("abs(A / B) + 1", 1, 0)));
    assert_true(eval_one("max(min(A / B * 100, 100), 0)", 3, 2) == 100);
    assert_true(eval_one("max(min(A / B * 100, 100), 0)", -3, 2) == 0);
}

static void test_metric_uses_metric(void **state)
{
    (void)state;
    hw_diag d;
    /* "c" is listed before the metrics it uses: order comes from the graph */
    hw_target *t = target_with(METRIC("c", "a2 * 2 + b2") "," METRIC("a2", "A / B")
                               "," METRIC("b2", "a2 + 1"), &d);
    assert_non_null(t);
    double ev[2] = {6, 3}, out[3];
    hw_values v = {ev, NULL, NULL};
    interp_all(t, &v, out);
    assert_true(out[1] == 2);     /* a2 = 6 / 3 */
    assert_true(out[2] == 3);     /* b2 = a2 + 1 */
    assert_true(out[0] == 7);     /* c = a2 * 2 + b2 */
    int pos[3];
    for (int k = 0; k < 3; k++)
        pos[t->metric_order[k]] = k;
    assert_true(pos[1] < pos[2] && pos[2] < pos[0]);
    target_free(t);
    diag_free(&d);
}

static void test_cycle_is_named(void **state)
{
    (void)state;
    hw_diag d;
    hw_target *t = target_with(METRIC("x", "y + 1") "," METRIC("y", "z * 2") ","
                               METRIC("z", "x - A") "," METRIC("w", "A"), &d);
    assert_null(t);
    assert_non_null(strstr(d.log.data, "cycle through metrics"));
    assert_non_null(strstr(d.log.data, "x -> y -> z -> x"));
    diag_free(&d);
    t = target_with(METRIC("s", "s + 1"), &d);
    assert_null(t);
    assert_non_null(strstr(d.log.data, "s -> s"));
    diag_free(&d);
}

static void test_unknown_name_suggests(void **state)
{
    (void)state;
    hw_diag d;
    hw_target *t = target_with(METRIC("ipc", "A / BB"), &d);
    assert_null(t);
    assert_non_null(strstr(d.log.data, "metrics.ipc.formula: metric 'ipc': unknown "
                                       "name 'BB' at formula column 5 (did you mean 'B'?)"));
    diag_free(&d);
}

static void test_zero_division_warns(void **state)
{
    (void)state;
    hw_diag d;
    hw_target *t = target_with(METRIC("z", "A / 0"), &d);
    assert_non_null(t);
    assert_int_equal(d.warnings, 1);
    assert_non_null(strstr(d.log.data, "division by the constant 0"));
    target_free(t);
    diag_free(&d);
}

/* JSON leaves repeated keys undefined; a spec must not depend on which
 * copy a parser keeps, so the second copy is an error at its own line. */
static void test_repeated_key(void **state)
{
    (void)state;
    const char *text =
        "{\"product_configuration\": {\"product_name\": \"X\", \"part_num\": \"0x1\",\n"
        " \"implementer\": \"0x41\", \"num_slots\": 4,\n"
        " \"num_slots\": 8}, \"events\": {}, \"metrics\": {}, \"groups\": {}}\n";
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *t = target_create("r.json");
    assert_int_equal(load_telemetry(t, text, strlen(text), &d), -1);
    assert_non_null(strstr(d.log.data, "r.json:3: error: product_configuration.num_slots: "
                                       "duplicate key 'num_slots'"));
    target_free(t);
    diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arithmetic),         cmocka_unit_test(test_nan_rules),
        cmocka_unit_test(test_metric_uses_metric), cmocka_unit_test(test_cycle_is_named),
        cmocka_unit_test(test_unknown_name_suggests), cmocka_unit_test(test_zero_division_warns),
        cmocka_unit_test(test_repeated_key),
    };
    return cmocka_run_group_tests_name("interp", tests, NULL, NULL);
}
