/* perf's metric language on the real consumer's data: the kernel's whole
 * pmu-events tree (Debian's linux-source-6.12, which make check extracts
 * and names in $HWCGEN_PMU_EVENTS) loads and checks with no error, so
 * every MetricExpr and MetricThreshold parses and every name in them is
 * bound; each of them, printed in PERF and in INFIX style, reads back as
 * the same tree; and the only metrics left in a cycle are those perf's
 * own test tree (arch/test) puts in one on purpose. Counts are printed,
 * never compared with numbers: they change with each kernel. Skipped,
 * naming the package, when the tree is absent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/expr.h"
#include "run/pipeline.h"
#include "test_util.h"

typedef struct counts {
    int targets, exprs, thresholds, bad, cycles;
} counts;

/* `text` parses, and printed in PERF and INFIX style reads back as the
 * same tree; 0, or -1 after saying what failed. */
static int reads_back(hw_arena *a, const char *where, const char *text)
{
    expr_error err;
    hw_expr *e = expr_parse_perf(a, text, &err);
    if (!e) {
        printf("  %s: '%s' does not parse: column %d: %s\n", where, text, err.col, err.message);
        return -1;
    }
    int rc = 0;
    for (int s = EXPR_STYLE_PERF; s <= EXPR_STYLE_INFIX && rc == 0; s++) {
        hw_buf b;
        buf_init(&b);
        expr_print(&b, e, (expr_style)s, NULL, NULL);
        hw_expr *again = b.data ? expr_parse_perf(a, b.data, &err) : NULL;
        if (!again || !expr_equal(e, again)) {
            printf("  %s: '%s' printed as '%s' reads back %s\n", where, text,
                   b.data ? b.data : "", again ? "as another tree" : "with an error");
            rc = -1;
        }
        buf_free(&b);
    }
    return rc;
}

static void formulas_of(const hw_target *t, hw_arena *a, counts *c)
{
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        char where[512];
        snprintf(where, sizeof where, "%s: %s", t->spec_name, m->name);
        if (m->formula) {
            c->exprs++;
            c->bad += reads_back(a, where, m->formula) != 0;
        }
        if (m->threshold) {
            c->thresholds++;
            c->bad += reads_back(a, where, m->threshold) != 0;
        }
        if (m->flags & METRIC_IN_CYCLE) {
            c->cycles++;
            if (strcmp(t->perf_arch, "test") != 0)
                printf("  %s: in a cycle outside arch/test\n", where);
            c->bad += strcmp(t->perf_arch, "test") != 0;
        }
    }
}

static void test_every_formula_of_the_tree(void **state)
{
    (void)state;
    char arch[4096];
    if (!kernel_arch(arch, sizeof arch))
        skip();
    hw_diag d;
    diag_init(&d, NULL);
    hw_target **targets = NULL;
    int n = 0;
    assert_int_equal(run_open_all(arch, &targets, NULL, &n, &d), 0);
    assert_int_equal(d.errors, 0);
    hw_arena *a = arena_create();
    assert_non_null(a);
    counts c = {0};
    for (int i = 0; i < n; i++) {
        assert_non_null(targets[i]);
        formulas_of(targets[i], a, &c);
        c.targets++;
        target_free(targets[i]);
    }
    free(targets);
    arena_free(a);
    diag_free(&d);
    printf("  perf tree: %d directories, %d MetricExpr and %d MetricThreshold parsed, bound "
           "and read back from PERF and INFIX style; %d metrics in arch/test's cycles\n",
           c.targets, c.exprs, c.thresholds, c.cycles);
    assert_true(c.exprs > 0 && c.thresholds > 0); /* else no tree was read */
    assert_true(c.cycles > 0); /* arch/test's, on purpose */
    assert_int_equal(c.bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_formula_of_the_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
