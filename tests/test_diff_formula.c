/* test_diff_formula.c - formulas compared by canonical tree and by value
 * (gen/diff_formula.h), on the pairs of tests/diff/formulas.json: metric
 * X_old against X_new of the same spec. Run from the top of the tree. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "diff/diff_formula.h"
#include "run/pipeline.h"

#define PAIRS "tests/diff/formulas.json"

typedef struct fixture {
    hw_target *t;
    hw_arena *a;
} fixture;

static int setup(void **state)
{
    static fixture f;
    hw_diag d;
    diag_init(&d, stderr);
    f.t = run_open(PAIRS, NULL, &d);
    diag_free(&d);
    f.a = arena_create();
    *state = &f;
    return f.t && f.a ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    target_free(f->t);
    arena_free(f->a);
    return 0;
}

/* X_old against X_new. */
static formula_cmp compare(void **state, const char *x)
{
    fixture *f = *state;
    char old_name[64], new_name[64];
    snprintf(old_name, sizeof old_name, "%s_old", x);
    snprintf(new_name, sizeof new_name, "%s_new", x);
    int mo = ir_find_metric(f->t, old_name), mn = ir_find_metric(f->t, new_name);
    assert_true(mo >= 0 && mn >= 0);
    formula_cmp cmp;
    assert_int_equal(formula_compare(f->a, f->t, mo, f->t, mn, NULL, &cmp), 0);
    return cmp;
}

static void expect_same_tree(void **state, const char *x)
{
    formula_cmp c = compare(state, x);
    assert_int_equal(c.verdict, FORMULA_EQUIVALENT);
    assert_true(c.same_tree);
    assert_null(c.witness.names);
}

/* Reordered operands of + * min max, a metric used in place: one tree. */
static void test_same_tree(void **state)
{
    expect_same_tree(state, "tree");
    expect_same_tree(state, "sum");
    expect_same_tree(state, "max");
    expect_same_tree(state, "uses");
}

/* (A - B) / A and 1 - B / A: other trees, the same value (NaN for A = 0
 * on both sides). */
static void test_equivalent_by_value(void **state)
{
    formula_cmp c = compare(state, "value");
    assert_int_equal(c.verdict, FORMULA_EQUIVALENT);
    assert_false(c.same_tree);
}

static void test_scaled(void **state)
{
    formula_cmp c = compare(state, "percent");
    assert_int_equal(c.verdict, FORMULA_SCALED);
    assert_true(c.factor == 100.0);
    assert_null(c.witness.names);
    c = compare(state, "sign");
    assert_int_equal(c.verdict, FORMULA_SCALED);
    assert_true(c.factor == -1.0);
}

static void expect_witness(formula_cmp c, int n, const char *const *names,
                           const double *values, double old_value, double new_value)
{
    assert_int_equal(c.verdict, FORMULA_DIFFERENT);
    assert_int_equal(c.witness.n, n);
    for (int i = 0; i < n; i++) {
        assert_string_equal(c.witness.names[i], names[i]);
        assert_true(c.witness.values[i] == values[i]);
    }
    assert_true(isnan(old_value) ? isnan(c.witness.old_value) : c.witness.old_value == old_value);
    assert_true(isnan(new_value) ? isnan(c.witness.new_value) : c.witness.new_value == new_value);
}

/* The first input tried that parts them: all 1, then each name 0 in turn. */
static void test_different(void **state)
{
    static const char *const a[] = {"A"}, *const ab[] = {"A", "B"};
    /* A + 1 is never a multiple of A: A = 0 gives 0 and 1 */
    expect_witness(compare(state, "shift"), 1, a, (double[]){1}, 1, 2);
    /* NaN where the other is not: B = 0 */
    expect_witness(compare(state, "nan"), 2, ab, (double[]){1, 0}, NAN, 1);
    /* twice at A = B = 1, but 0 against 1 at A = 0 */
    expect_witness(compare(state, "offset"), 2, ab, (double[]){1, 1}, 1, 2);
}

/* The seed is fixed: the same witness every time. */
static void test_deterministic(void **state)
{
    formula_cmp x = compare(state, "offset"), y = compare(state, "offset");
    assert_int_equal(x.witness.n, y.witness.n);
    assert_memory_equal(x.witness.values, y.witness.values, sizeof(double) * 2);
}

static void test_close(void **state)
{
    (void)state;
    assert_true(formula_close(1.0, 1.0 + 1e-13));
    assert_false(formula_close(1.0, 1.0 + 1e-11));
    assert_true(formula_close(NAN, NAN));
    assert_false(formula_close(NAN, 0.0));
    assert_true(formula_close(0.0, -0.0));
    assert_false(formula_close(0.0, 1e-300));
    assert_true(formula_close(INFINITY, INFINITY));
    assert_false(formula_close(INFINITY, 1e308));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_tree),
        cmocka_unit_test(test_equivalent_by_value),
        cmocka_unit_test(test_scaled),
        cmocka_unit_test(test_different),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_close),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
