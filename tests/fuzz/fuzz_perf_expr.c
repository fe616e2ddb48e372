/* fuzz_perf_expr.c - perf's metric language: expr_parse_perf on arbitrary
 * text, then every printer, the checker's binding and the interpreter, and
 * one property: PERF and INFIX output read back as the same tree
 * (expr_equal). A property failure abort()s, so libFuzzer keeps the
 * input. */
#include "fuzz_common.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "expr.h"
#include "interp.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

/* Print e in `style`, parse the text again and compare. */
static void round_trip(hw_arena *a, const char *input, const hw_expr *e,
                       expr_style style, const char *label)
{
    hw_buf b;
    buf_init(&b);
    expr_print(&b, e, style, NULL, NULL);
    if (b.failed)
        abort();
    expr_error err;
    hw_expr *again = expr_parse_perf(a, b.data ? b.data : "", &err);
    /* PERF parenthesises every operation: a long flat chain prints deeper
     * than the parser's depth guard takes; that is the guard at work. */
    int too_deep = !again && strstr(err.message, "nested too deeply");
    if (!too_deep && (!again || !expr_equal(e, again))) {
        fprintf(stderr, "%s round trip failed\n  input:   %s\n  printed: %s\n"
                "  reparse: %s (column %d near '%s')\n", label, input,
                b.data ? b.data : "", again ? "different tree" : err.message,
                err.col, err.token);
        abort();
    }
    buf_free(&b);
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
    char *text = fuzz_strndup(data, size);
    hw_arena *a = arena_create();
    if (!a)
        abort();
    expr_error err;
    hw_expr *e = expr_parse_perf(a, text, &err);
    if (e) {
        hw_buf c;
        buf_init(&c);
        expr_print(&c, e, EXPR_STYLE_C, NULL, NULL);
        buf_free(&c);
        round_trip(a, text, e, EXPR_STYLE_INFIX, "INFIX");
        round_trip(a, text, e, EXPR_STYLE_PERF, "PERF");
        bind_and_run(e);
    } else if (err.col < 1 || err.col > (int)size + 1 ||
               !memchr(err.message, '\0', sizeof err.message) ||
               !memchr(err.token, '\0', sizeof err.token)) {
        fprintf(stderr, "bad error: column %d of %zu\n", err.col, size);
        abort();
    }
    arena_free(a);
    free(text);
    return 0;
}
