/* fuzz_perf_expr.c - perf's metric language: expr_parse_perf on arbitrary
 * text, then every printer, the checker's binding and the interpreter, and
 * one property: PERF and INFIX output read back as the same tree
 * (expr_equal). A property failure abort()s, so libFuzzer keeps the
 * input. */
#include "fuzz_common.h"

#include <math.h>

#include "fuzz_expr.h"
#include "core/interp.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

/* The formula as the metric of a small perf model: bound, then evaluated
 * with every value 1. */
static void bind_and_run(hw_expr *e)
{
    hw_target *t = target_create("fuzz");
    if (!t)
        abort();
    t->format = "pmu-events";
    hw_event *ev = IR_PUSH(t, events);
    hw_metric *m = IR_PUSH(t, metrics);
    if (!ev || !m)
        abort();
    ev->name = "INST_RETIRED.ANY";
    m->name = "m";
    m->expr = e;
    hw_diag d;
    diag_init(&d, NULL);
    if (check_perf_formulas(t, &d) == 0) {
        double one = 1, out = 0, *rt = calloc((size_t)t->nruntime + 1, sizeof *rt);
        if (!rt)
            abort();
        for (int i = 0; i < t->nruntime; i++)
            rt[i] = 1;
        hw_values v = {&one, NULL, NULL};
        double metrics[1] = {NAN}; /* the metric may name itself */
        out = interp_expr_rt(e, t, &v, rt, metrics);
        (void)out;
        free(rt);
    }
    diag_free(&d);
    target_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_expr_input(expr_parse_perf, data, size, bind_and_run);
    return 0;
}
