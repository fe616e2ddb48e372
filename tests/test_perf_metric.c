/* perf's metric language (MetricExpr, MetricThreshold) in our expression
 * trees: expr_parse_perf's tokens, grammar and precedence, the printers,
 * the checker's binding of perf names (check_perf_formulas) and the
 * values the interpreter gives, computed here by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "check/check.h"
#include "check/check_perf.h"
#include "diff/diff_formula.h"
#include "emit/c/emit_c.h"
#include "emit/emit.h"
#include "core/interp.h"
#include "test_util.h"

#define EXPR_TEST_PARSE expr_parse_perf
#include "expr_test.h"

static void assert_error(const char *text, int col, const char *message)
{
    expr_error err = parse_error(text);
    if (err.col != col || !strstr(err.message, message))
        fail_msg("'%s': col %d '%s', expected col %d '%s'", text, err.col,
                 err.message, col, message);
}

/* ---- tokens ------------------------------------------------------------------ */

static void test_numbers(void **state)
{
    (void)state;
    assert_true(parse_ok("1e9")->value == 1e9);
    assert_true(parse_ok(".5")->value == 0.5);
    assert_true(parse_ok("100")->value == 100.0);
    assert_true(parse_ok("5.")->value == 5.0);
    assert_true(parse_ok("2.5e-3")->value == 2.5e-3);
    hw_expr *nan = parse_ok("NaN");
    assert_int_equal(nan->kind, EXPR_NUM);
    assert_true(isnan(nan->value));
    /* perf's lexer: a symbol longer than the number wins */
    hw_expr *hex = parse_ok("0x1F");
    assert_int_equal(hex->kind, EXPR_REF);
    assert_string_equal(hex->text, "0x1F");
    assert_shape("1e+9", "(1e + 9)");
    assert_error("1e999", 1, "out of range");
}

static void test_keywords_against_symbols(void **state)
{
    (void)state;
    /* a longer symbol is not the keyword */
    assert_string_equal(parse_ok("if_x")->text, "if_x");
    assert_string_equal(parse_ok("d_ratio2")->text, "d_ratio2");
    assert_string_equal(parse_ok("NaNs")->text, "NaNs");
    assert_error("min", 4, "expected '('");
    assert_error("ceil(a)", 5, "expected an operator"); /* perf has no ceil */
}

static void test_unknown_characters(void **state)
{
    (void)state;
    assert_error("a $ b", 3, "invalid character");
    assert_error("", 1, "empty formula");
    assert_error("(a", 3, "expected ')'");
    assert_error("a)", 2, "unbalanced ')'");
    assert_error("a b", 3, "expected an operator");
}

/* ---- grammar ----------------------------------------------------------------- */

static void test_precedence(void **state)
{
    (void)state;
    /* MetricThreshold: comparisons bind tighter than '&' */
    assert_shape("a > 0.1 & b > 0.2", "((a > 0.1) & (b > 0.2))");
    assert_shape("a | b ^ c & d", "(a | (b ^ (c & d)))");
    assert_shape("a & b | c & d", "((a & b) | (c & d))");
    assert_shape("a + b > c * d", "((a + b) > (c * d))");
    assert_shape("a < b < c", "((a < b) < c)");
    assert_shape("-a * b", "((-a) * b)");
    assert_shape("a - b - c", "((a - b) - c)");
    assert_shape("strcmp_cpuid_str(0x410fd493) | strcmp_cpuid_str(0x410fd490) ^ 1",
                 "(strcmp_cpuid_str(0x410fd493) | (strcmp_cpuid_str(0x410fd490) ^ 1))");
}

static void test_if_else(void **state)
{
    (void)state;
    assert_shape("a if b else c", "(a if b else c)");
    assert_shape("a + 1 if b > 2 else c - 1", "((a + 1) if (b > 2) else (c - 1))");
    /* right-associative, and the loosest of all */
    assert_shape("a if x else b if y else c", "(a if x else (b if y else c))");
    assert_shape("(a if x else b) * 2", "((a if x else b) * 2)");
    assert_shape("a * b if c | d else e", "((a * b) if (c | d) else e)");
    hw_expr *e = parse_ok("a if b else c");
    assert_int_equal(e->kind, EXPR_CALL);
    assert_int_equal(e->func, FUNC_IF);
    assert_string_equal(e->args[0]->text, "a"); /* then, cond, else */
    assert_string_equal(e->args[1]->text, "b");
    assert_error("a if b", 7, "expected 'else'");
    assert_error("a if b else", 12, "expected a number");
    /* perf's grammar reads call arguments as exprs, not if-else */
    assert_error("min(a if b else c, d)", 7, "expected ','");
    assert_shape("min((a if b else c), d)", "min((a if b else c), d)");
}

static void test_calls(void **state)
{
    (void)state;
    assert_shape("d_ratio(a, b + 1)", "d_ratio(a, (b + 1))");
    assert_shape("max(a, min(b, c))", "max(a, min(b, c))");
    assert_error("min(a, b, c)", 9, "exactly two");
    assert_error("min(a)", 6, "expected ','");
    assert_error("d_ratio(a)", 10, "expected ','");
    hw_expr *e = parse_ok("has_event(cycles\\-t)");
    assert_int_equal(e->func, FUNC_HAS_EVENT);
    assert_int_equal(e->args[0]->kind, EXPR_REF);
    assert_string_equal(e->args[0]->text, "cycles\\-t");
    assert_string_equal(e->args[0]->term->event, "cycles-t");
    assert_int_equal(parse_ok("source_count(X)")->func, FUNC_SOURCE_COUNT);
    assert_error("has_event(1)", 11, "expected a name");
    assert_error("source_count(a + b)", 16, "expected ')'");
    assert_error("strcmp_cpuid_str()", 18, "expected a name");
}

static void test_literals(void **state)
{
    (void)state;
    hw_expr *a = parse_ok("#SMT_on"), *b = parse_ok("#smt_on");
    assert_int_equal(a->kind, EXPR_REF);
    assert_true(a->literal);
    assert_true(expr_equal(a, b));
    assert_false(expr_equal(a, parse_ok("#slots")));
    /* the spelling as written, for perf */
    assert_shape("#SMT_on * 2", "(#SMT_on * 2)");
    assert_shape("#SYSTEM_TSC_FREQ", "#SYSTEM_TSC_FREQ");
    assert_error("#NUM_CPUS", 1, "only in lower case");
    assert_error("#foo", 1, "unknown literal");
    assert_true(parse_ok("#has_pmem")->literal);
}

/* Symbols as perf's lexer reads them stay exactly as written, and name
 * their event, PMU, terms and modifiers. */
static void test_terms(void **state)
{
    (void)state;
    static const struct {
        const char *text, *event, *pmu, *config, *mods;
    } cases[] = {
        {"INST_RETIRED.ANY", "INST_RETIRED.ANY", NULL, NULL, NULL},
        {"cpu_core@INST_RETIRED.ANY@", "INST_RETIRED.ANY", "cpu_core", NULL, NULL},
        {"cpu_atom@TOPDOWN_RETIRING.ALL@", "TOPDOWN_RETIRING.ALL", "cpu_atom", NULL, NULL},
        {"msr@tsc@", "tsc", "msr", NULL, NULL},
        {"cpu@cycles\\,cmask\\=1@", "cycles", "cpu", "cmask=1", NULL},
        {"EVENT:k", "EVENT", NULL, NULL, "k"},
        {"cpu@CPU_CLK_UNHALTED.CORE_P@k", "CPU_CLK_UNHALTED.CORE_P", "cpu", NULL, "k"},
        {"UNC_CHA_TOR_INSERTS.IA_MISS_DRD\\,config1\\=0x4043300000000",
         "UNC_CHA_TOR_INSERTS.IA_MISS_DRD", NULL, "config1=0x4043300000000", NULL},
        {"armv8_pmuv3_0@event\\=0x201d@", NULL, "armv8_pmuv3_0", "event=0x201d", NULL},
        {"UNC_ARB_DAT_OCCUPANCY.RD@cmask\\=1@", "UNC_ARB_DAT_OCCUPANCY.RD", NULL, "cmask=1", NULL},
        {"hv_24x7@PM_PB_VG_PUMP01\\,chip\\=?@", "PM_PB_VG_PUMP01", "hv_24x7", "chip=?", NULL},
        {"l1d\\-loads\\-misses", "l1d-loads-misses", NULL, NULL, NULL},
        {"tsc", "tsc", NULL, NULL, NULL},
        {"cycles", "cycles", NULL, NULL, NULL},
        {"instructions", "instructions", NULL, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[200];
        snprintf(text, sizeof text, "100 * %s / 2", cases[i].text);
        hw_expr *e = parse_ok(text);
        const hw_expr *ref = e->args[0]->args[1];
        assert_string_equal(ref->text, cases[i].text);
        const hw_term *t = ref->term;
        assert_non_null(t);
#define SAME(field)                                                           \
    if (cases[i].field ? !t->field || strcmp(t->field, cases[i].field) : t->field != NULL) \
        fail_msg("%s: " #field " '%s', expected '%s'", cases[i].text,        \
                 t->field ? t->field : "(null)", cases[i].field ? cases[i].field : "(null)");
        SAME(event) SAME(pmu) SAME(config) SAME(mods)
#undef SAME
        for (int s = EXPR_STYLE_PERF; s <= EXPR_STYLE_INFIX; s++) {
            char *out = print(e, (expr_style)s);
            char want[240];
            snprintf(want, sizeof want, s == EXPR_STYLE_PERF ? "((100 * %s) / 2)" : "100 * %s / 2",
                     cases[i].text);
            assert_string_equal(out, want);
            free(out);
        }
    }
}

/* Printed in PERF or INFIX style, a formula reads back as the same tree. */
static void test_round_trip(void **state)
{
    (void)state;
    static const char *const formulas[] = {
        "a > 0.1 & b > 0.2 | c < 3 ^ d",
        "(a if #SMT_on else b) / 2 if c > 0 else d if e else NaN",
        "d_ratio(x, y) * 100 - -z",
        "max(a - (b - c), min(a, (b if c else d)))",
        "1e9 * (cha@UNC_CHA_TOR_OCCUPANCY.IA_MISS\\,config1\\=0x40431@ / "
        "cha@UNC_CHA_TOR_INSERTS.IA_MISS\\,config1\\=0x40431@) / (UNC_CHA_CLOCKTICKS / "
        "(source_count(UNC_CHA_CLOCKTICKS) * #num_packages)) * duration_time",
        "a - (b < c) & (d | e) ^ (f & g)",
        "(a ^ b) & c",
        "-(a if b else c)",
    };
    for (size_t i = 0; i < sizeof formulas / sizeof formulas[0]; i++)
        round_trip(formulas[i]);
    /* INFIX keeps only the parentheses perf needs */
    assert_prints("((a > 0.1) & (b > 0.2))", EXPR_STYLE_INFIX, "a > 0.1 & b > 0.2");
    assert_prints("(a if b else c) * 2", EXPR_STYLE_INFIX, "(a if b else c) * 2");
}

/* Our own formats keep their rules: perf's functions and operators are
 * not ours, and '$' and 0x numbers still are. */
static void test_our_syntax_unchanged(void **state)
{
    (void)state;
    expr_error err;
    assert_null(expr_parse(arena, "d_ratio(a, b)", &err));
    assert_string_equal(err.message, "unknown function");
    assert_null(expr_parse(arena, "a > b", &err));
    assert_null(expr_parse(arena, "#slots", &err));
    hw_expr *e = expr_parse(arena, "$MaliA + 0x1F", &err);
    assert_non_null(e);
    assert_true(e->args[0]->dollar);
    assert_true(e->args[1]->value == 31.0);
    assert_null(expr_parse_perf(arena, "$MaliA", &err));
}

/* ---- binding and values ------------------------------------------------------ */

typedef struct spec_event {
    const char *name, *pmu;
} spec_event;

typedef struct spec_metric {
    const char *name, *pmu, *formula, *threshold;
} spec_metric;

/* A target of format "pmu-events" holding these events and metrics. */
static hw_target *perf_target(const spec_event *ev, int nev, const spec_metric *me, int nme)
{
    hw_target *t = target_create("test-model");
    assert_non_null(t);
    t->format = "pmu-events";
    t->id = "test_model";
    t->slug = "test-model";
    t->name = "Test Model";
    t->kind = "cpu";
    for (int i = 0; i < nev; i++) {
        hw_event *e = IR_PUSH(t, events);
        assert_non_null(e);
        e->name = ev[i].name;
        e->pmu = ev[i].pmu;
        e->title = e->description = "an event";
        e->block = e->index = e->pfile = e->pobj = -1;
    }
    for (int i = 0; i < nme; i++) {
        hw_metric *m = IR_PUSH(t, metrics);
        assert_non_null(m);
        m->name = me[i].name;
        m->pmu = me[i].pmu;
        m->title = m->description = "a metric";
        m->formula = me[i].formula;
        m->pfile = m->pobj = -1;
        expr_error err;
        m->expr = expr_parse_perf(t->arena, me[i].formula, &err);
        if (!m->expr)
            fail_msg("%s: %s at %d", me[i].formula, err.message, err.col);
        m->threshold = me[i].threshold;
        if (me[i].threshold)
            assert_non_null(m->threshold_expr = expr_parse_perf(t->arena, me[i].threshold, &err));
    }
    return t;
}

/* perf_target, then checked as hwcgen check would. */
static hw_target *checked_target(const spec_event *ev, int nev, const spec_metric *me, int nme)
{
    hw_target *t = perf_target(ev, nev, me, nme);
    hw_diag d;
    diag_init(&d, NULL);
    if (check_target(t, &d) != 0)
        fail_msg("check failed:\n%s", d.log.data ? d.log.data : "");
    diag_free(&d);
    return t;
}

/* checked_target's target planned, as hwcgen generate would. */
static hw_target *planned_target(const spec_event *ev, int nev, const spec_metric *me, int nme,
                                 hw_plan *p)
{
    hw_target *t = checked_target(ev, nev, me, nme);
    hw_diag d;
    diag_init(&d, NULL);
    if (plan_target(t, OUT_ALL, p, &d) != 0)
        fail_msg("plan failed:\n%s", d.log.data ? d.log.data : "");
    diag_free(&d);
    return t;
}

static int runtime_of(const hw_target *t, const char *key)
{
    int i = interp_runtime_find(t, NULL, key);
    if (i < 0)
        fail_msg("no run-time value '%s'", key);
    return i;
}

static const spec_event core_events[] = {
    {"INST_RETIRED.ANY", NULL},
    {"CPU_CLK_UNHALTED.THREAD", NULL},
    {"CPU_CLK_UNHALTED.THREAD_ANY", NULL},
    {"UOPS_RETIRED.SLOTS", NULL},
    {"UNC_CHA_CLOCKTICKS", "uncore_cha"},
};
enum { INST, CYCLES, CYCLES_ANY, SLOTS_RETIRED, CHA_TICKS, NEVENTS };

static const spec_metric core_metrics[] = {
    {"IPC", NULL, "INST_RETIRED.ANY / CPU_CLK_UNHALTED.THREAD", "IPC < 1"},
    {"ipc_lower", NULL, "inst_retired.any / cpu_clk_unhalted.thread", NULL},
    {"CORE_CLKS", NULL,
     "CPU_CLK_UNHALTED.THREAD_ANY / 2 if #SMT_on else CPU_CLK_UNHALTED.THREAD", NULL},
    {"tma_retiring", NULL, "UOPS_RETIRED.SLOTS / (#slots * CORE_CLKS)",
     "tma_retiring > 0.7 & tma_other > 0.1"},
    {"tma_other", NULL, "1 - tma_retiring", NULL},
    {"ratio", NULL, "d_ratio(INST_RETIRED.ANY, CPU_CLK_UNHALTED.THREAD)", NULL},
    {"per_second", NULL, "INST_RETIRED.ANY / duration_time / 1e9", NULL},
    {"smt_both", NULL, "#smt_on + #SMT_on", NULL},
    {"cha_rate", NULL, "cha@UNC_CHA_CLOCKTICKS@ / source_count(UNC_CHA_CLOCKTICKS)", NULL},
    {"guarded", NULL, "cycles / tsc if has_event(cycles\\-t) else 0", NULL},
    {"by_cpu", NULL, "100 if strcmp_cpuid_str(0x410fd493) else msr@tsc@", NULL},
    {"kernel_part", NULL, "INST_RETIRED.ANY:k / INST_RETIRED.ANY", NULL},
};
enum { M_IPC, M_IPC_LOWER, M_CORE_CLKS, M_RETIRING, M_OTHER, M_RATIO, M_PER_SECOND,
       M_SMT_BOTH, M_CHA_RATE, M_GUARDED, M_BY_CPU, M_KERNEL, NMETRICS };

typedef struct sample {
    const hw_target *t;
    double events[NEVENTS];
    double *runtime;
    double out[NMETRICS], thresholds[NMETRICS];
} sample;

static void set_rt(sample *s, const char *key, double v)
{
    s->runtime[runtime_of(s->t, key)] = v;
}

static void run(sample *s)
{
    hw_values v = {s->events, NULL, NULL};
    interp_all_rt(s->t, &v, s->runtime, s->out);
    interp_thresholds(s->t, &v, s->runtime, s->out, s->thresholds);
}

/* One sample, every value by hand: 300 instructions in 200 cycles. */
static sample *core_sample(const hw_target *t)
{
    sample *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->t = t;
    s->runtime = calloc((size_t)t->nruntime + 1, sizeof *s->runtime);
    assert_non_null(s->runtime);
    interp_runtime_defaults(t, s->runtime);
    double ev[NEVENTS] = {300, 200, 500, 600, 1000};
    memcpy(s->events, ev, sizeof ev);
    set_rt(s, "#smt_on", 1);
    set_rt(s, "#slots", 4);
    set_rt(s, "duration_time", 2);
    set_rt(s, "cycles", 50);
    set_rt(s, "tsc", 100);
    set_rt(s, "has_event(cycles\\-t)", 1);
    set_rt(s, "strcmp_cpuid_str(0x410fd493)", 0);
    set_rt(s, "msr@tsc@", 7);
    set_rt(s, "INST_RETIRED.ANY:k", 60);
    return s;
}

static void sample_free(sample *s)
{
    free(s->runtime);
    free(s);
}

static void test_hand_computed_values(void **state)
{
    (void)state;
    hw_target *t = checked_target(core_events, NEVENTS, core_metrics, NMETRICS);
    sample *s = core_sample(t);
    run(s);
    assert_true(s->out[M_IPC] == 1.5);        /* 300 / 200 */
    assert_true(s->out[M_IPC_LOWER] == 1.5);  /* perf ignores case */
    assert_true(s->out[M_CORE_CLKS] == 250);  /* SMT on: 500 / 2 */
    assert_true(s->out[M_RETIRING] == 0.6);   /* 600 / (4 * 250) */
    assert_true(fabs(s->out[M_OTHER] - 0.4) < 1e-15);
    assert_true(s->out[M_RATIO] == 1.5);
    assert_true(s->out[M_PER_SECOND] == 150e-9); /* 300 / 2 / 1e9 */
    assert_true(s->out[M_SMT_BOTH] == 2);    /* one value, two spellings */
    assert_true(s->out[M_CHA_RATE] == 1000); /* source_count defaults to 1 */
    assert_true(s->out[M_GUARDED] == 0.5);   /* 50 / 100 */
    assert_true(s->out[M_BY_CPU] == 7);      /* another CPU: msr@tsc@ */
    assert_true(s->out[M_KERNEL] == 0.2);    /* 60 / 300 */
    assert_true(s->thresholds[M_IPC] == 0);  /* 1.5 < 1 */
    assert_true(s->thresholds[M_RETIRING] == 0); /* 0.6 > 0.7 is 0 */
    assert_true(isnan(s->thresholds[M_OTHER]));  /* none */

    /* SMT off: the other branch; the metrics using it follow */
    set_rt(s, "#SMT_on", 0);
    set_rt(s, "source_count(UNC_CHA_CLOCKTICKS)", 4);
    set_rt(s, "has_event(cycles\\-t)", 0);
    set_rt(s, "strcmp_cpuid_str(0x410fd493)", 1);
    s->events[SLOTS_RETIRED] = 640;
    run(s);
    assert_true(s->out[M_CORE_CLKS] == 200);
    assert_true(s->out[M_RETIRING] == 0.8); /* 640 / (4 * 200) */
    assert_true(s->out[M_CHA_RATE] == 250);
    assert_true(s->out[M_GUARDED] == 0);
    assert_true(s->out[M_BY_CPU] == 100);
    assert_true(s->thresholds[M_RETIRING] == 1); /* 0.8 > 0.7 & 0.2 > 0.1 */

    /* no cycles: '/' is NaN, d_ratio is 0 */
    s->events[CYCLES] = 0;
    run(s);
    assert_true(isnan(s->out[M_IPC]));
    assert_true(s->out[M_RATIO] == 0);
    assert_true(isnan(s->thresholds[M_IPC]));
    sample_free(s);
    target_free(t);
}

/* What each name was bound to. */
static void test_binding(void **state)
{
    (void)state;
    hw_plan p;
    hw_target *t = planned_target(core_events, NEVENTS, core_metrics, NMETRICS, &p);
    const char *const *members = p.c_members.runtime;
    const hw_expr *e = t->metrics[M_IPC_LOWER].expr;
    assert_int_equal(e->args[0]->ref, REF_EVENT);
    assert_int_equal(e->args[0]->index, INST);
    e = t->metrics[M_RETIRING].expr->args[1]->args[1]; /* CORE_CLKS */
    assert_int_equal(e->ref, REF_METRIC);
    assert_int_equal(e->index, M_CORE_CLKS);
    e = t->metrics[M_CHA_RATE].expr->args[0]; /* cha@...@: the uncore_cha event */
    assert_int_equal(e->ref, REF_EVENT);
    assert_int_equal(e->index, CHA_TICKS);
    const hw_runtime *r = &t->runtime[runtime_of(t, "#SMT_on")];
    assert_int_equal(r->kind, RUNTIME_LITERAL);
    assert_string_equal(r->key, "#smt_on");
    assert_string_equal(r->text, "#SMT_on"); /* as first written */
    assert_string_equal(members[r - t->runtime], "smt_on");
    r = &t->runtime[runtime_of(t, "INST_RETIRED.ANY:k")];
    assert_int_equal(r->kind, RUNTIME_COUNTER); /* not the plain count */
    assert_int_equal(r->event, INST);
    assert_string_equal(r->term->mods, "k");
    assert_string_equal(members[r - t->runtime], "INST_RETIRED_ANY_k");
    r = &t->runtime[runtime_of(t, "msr@tsc@")];
    assert_int_equal(r->kind, RUNTIME_COUNTER);
    assert_string_equal(r->term->pmu, "msr");
    assert_int_equal(r->event, -1);
    assert_int_equal(t->runtime[runtime_of(t, "duration_time")].kind, RUNTIME_TOOL);
    r = &t->runtime[runtime_of(t, "has_event(cycles\\-t)")];
    assert_int_equal(r->kind, RUNTIME_HAS_EVENT);
    assert_string_equal(members[r - t->runtime], "has_cycles_t");
    r = &t->runtime[runtime_of(t, "source_count(UNC_CHA_CLOCKTICKS)")];
    assert_int_equal(r->kind, RUNTIME_SOURCE_COUNT);
    assert_int_equal(r->event, CHA_TICKS);
    assert_true(interp_runtime_default(r) == 1);
    assert_true(isnan(interp_runtime_default(&t->runtime[runtime_of(t, "duration_time")])));
    assert_int_equal(t->runtime[runtime_of(t, "strcmp_cpuid_str(0x410fd493)")].kind,
                     RUNTIME_CPUID);
    /* by C member too, and a literal in any case */
    assert_int_equal(interp_runtime_find(t, members, "smt_on"),
                     interp_runtime_find(t, members, "#SMT_ON"));
    assert_int_equal(interp_runtime_find(t, members, "INST_RETIRED.ANY"), -1);
    plan_free(&p);
    target_free(t);
}

/* A hybrid model names events and metrics once per PMU: a name binds on
 * the PMU the symbol names, else on the formula's own PMU. */
static void test_binding_by_pmu(void **state)
{
    (void)state;
    static const spec_event ev[] = {
        {"BACLEARS.ANY", "cpu_core"}, {"BACLEARS.ANY", "cpu_atom"},
        {"eddr_rd", "imx9_ddr"}};
    static const spec_metric me[] = {
        {"tma_x", "cpu_core", "BACLEARS.ANY", NULL},
        {"tma_x", "cpu_atom", "BACLEARS.ANY", NULL},
        {"uses_x", "cpu_atom", "tma_x * 2", NULL},
        {"other_pmu", "cpu_core", "cpu_atom@BACLEARS.ANY@", NULL},
        {"no_such_pmu", "cpu_core", "cpu_foo@BACLEARS.ANY@", NULL},
        {"instance", NULL, "imx9_ddr0@eddr_rd@", NULL},
        {"twice", NULL, "eddr_rd + EDDR_RD", NULL},
    };
    hw_target *t = perf_target(ev, 3, me, 7);
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(check_perf_formulas(t, &d), 0);
    assert_int_equal(d.errors, 0);
    assert_int_equal(t->metrics[0].expr->index, 0);
    assert_int_equal(t->metrics[1].expr->index, 1);
    assert_int_equal(t->metrics[2].expr->args[0]->ref, REF_METRIC);
    assert_int_equal(t->metrics[2].expr->args[0]->index, 1);
    assert_int_equal(t->metrics[3].expr->ref, REF_EVENT);
    assert_int_equal(t->metrics[3].expr->index, 1);
    assert_int_equal(t->metrics[4].expr->ref, REF_RUNTIME); /* outside: never an error */
    assert_int_equal(t->metrics[5].expr->ref, REF_EVENT);
    assert_int_equal(t->metrics[5].expr->index, 2);
    assert_int_equal(t->metrics[6].expr->args[1]->index, 2);
    /* binding again gives the same run-time values */
    int n = t->nruntime;
    assert_int_equal(check_perf_formulas(t, &d), 0);
    assert_int_equal(t->nruntime, n);
    assert_int_equal(t->metrics[4].expr->index, n - 1);
    diag_free(&d);
    target_free(t);
}

/* A tree that perf's grammar could not have made (built by hand, or read
 * in our syntax) is an error naming the metric, the call and its column. */
static void test_type_check(void **state)
{
    (void)state;
    static const spec_metric me[] = {
        {"name_arg", NULL, "has_event(X)", NULL},
        {"three", NULL, "a", NULL},
        {"ours", NULL, "a", NULL},
        {"literal_arg", NULL, "source_count(X)", NULL},
    };
    hw_target *t = perf_target(core_events, NEVENTS, me, 4);
    expr_error err;
    hw_expr *one = expr_parse_perf(t->arena, "1", &err);
    t->metrics[0].expr->args[0] = one;
    t->metrics[1].expr = expr_parse(t->arena, "min(a, b, c)", &err);
    t->metrics[2].expr = expr_parse(t->arena, "2 * ceil(a)", &err);
    t->metrics[3].expr->args[0] = expr_parse_perf(t->arena, "#slots", &err);
    for (int i = 0; i < 4; i++)
        t->metrics[i].formula_loc = loc_at("model/metrics.json", 10 + i, 0);
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(check_perf_formulas(t, &d), -1);
    assert_int_equal(d.errors, 4);
    const char *log = d.log.data;
    assert_non_null(strstr(log, "model/metrics.json:10: error: metric 'name_arg': 'has_event' "
                                "at formula column 1 takes a name, not a value"));
    assert_non_null(strstr(log, "model/metrics.json:11: error: metric 'three': 'min' at "
                                "formula column 1 has the wrong number of arguments for perf"));
    assert_non_null(strstr(log, "model/metrics.json:12: error: metric 'ours': 'ceil' at "
                                "formula column 5 is not in perf's language"));
    assert_non_null(strstr(log, "metric 'literal_arg': 'source_count'"));
    diag_free(&d);
    target_free(t);
}

/* hwcgen diff compares perf formulas by value too. */
static void test_diff_formula(void **state)
{
    (void)state;
    static const spec_metric before[] = {
        {"m", NULL, "INST_RETIRED.ANY > CPU_CLK_UNHALTED.THREAD & #SMT_on", NULL}};
    static const spec_metric after[] = {
        {"m", NULL, "#smt_on & cpu_clk_unhalted.thread < inst_retired.any", NULL}};
    static const spec_metric other[] = {
        {"m", NULL, "INST_RETIRED.ANY > CPU_CLK_UNHALTED.THREAD | #SMT_on", NULL}};
    hw_target *a = checked_target(core_events, NEVENTS, before, 1);
    hw_target *b = checked_target(core_events, NEVENTS, after, 1);
    hw_target *c = checked_target(core_events, NEVENTS, other, 1);
    assert_false(expr_equal(a->metrics[0].expr, b->metrics[0].expr));
    formula_cmp cmp;
    /* '&' commutes, a > b is b < a, case and literal spelling do not count */
    assert_int_equal(formula_compare(arena, a, 0, b, 0, NULL, &cmp), 0);
    assert_int_equal(cmp.verdict, FORMULA_EQUIVALENT);
    assert_true(cmp.same_tree);
    assert_int_equal(formula_compare(arena, a, 0, c, 0, NULL, &cmp), 0);
    assert_int_equal(cmp.verdict, FORMULA_DIFFERENT);
    /* the witness names the values by perf's spelling */
    int literal = 0;
    for (int i = 0; i < cmp.witness.n; i++)
        literal |= strcmp(cmp.witness.names[i], "#smt_on") == 0;
    assert_true(literal);
    target_free(a);
    target_free(b);
    target_free(c);
}

/* ---- generated C ------------------------------------------------------------ */

static const char *file_data(const out_set *out, const char *name)
{
    int i = out_find(out, name, 0);
    if (i < 0)
        fail_msg("no %s rendered", name);
    return out->files[i].data;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

/* A program that fills the evaluators' struct with s's values, by member
 * name, and prints every metric of eval_all as %a (or "nan"). */
static char *sample_program(const hw_target *t, const hw_plan *p, const sample *s)
{
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n"
                 "#include \"hwcgen/test_model_metrics.h\"\nint main(void)\n{\n"
                 "    struct test_model_counters c;\n    double out[TEST_MODEL_METRIC_COUNT];\n"
                 "    int i;\n    memset(&c, 0, sizeof c);\n");
    static const char *const members[NEVENTS] = {
        "INST_RETIRED_ANY", "CPU_CLK_UNHALTED_THREAD", "CPU_CLK_UNHALTED_THREAD_ANY",
        "UOPS_RETIRED_SLOTS", "UNC_CHA_CLOCKTICKS"};
    for (int i = 0; i < NEVENTS; i++)
        buf_printf(&b, "    c.%s = %.17g;\n", members[i], s->events[i]);
    for (int i = 0; i < t->nruntime; i++)
        buf_printf(&b, "    c.%s = %.17g;\n", p->c_members.runtime[i], s->runtime[i]);
    buf_puts(&b, "    test_model_eval_all(&c, out);\n"
                 "    for (i = 0; i < TEST_MODEL_METRIC_COUNT; i++)\n"
                 "        if (isnan(out[i]))\n            printf(\"nan\\n\");\n"
                 "        else\n            printf(\"%a\\n\", out[i]);\n"
                 "    return 0;\n}\n");
    return buf_steal(&b);
}

static char *expected_output(const sample *s)
{
    hw_buf b;
    buf_init(&b);
    for (int i = 0; i < NMETRICS; i++)
        if (isnan(s->out[i]))
            buf_puts(&b, "nan\n");
        else
            buf_printf(&b, "%a\n", s->out[i]);
    return buf_steal(&b);
}

/* The evaluators of a perf model compile with gcc and clang as C99, C11
 * and C++17 with every warning an error, and give the interpreter's values
 * bit for bit. */
static void test_generated_c(void **state)
{
    (void)state;
    hw_plan p;
    hw_target *t = planned_target(core_events, NEVENTS, core_metrics, NMETRICS, &p);
    sample *s = core_sample(t);
    s->events[CYCLES] = 0; /* a zero divisor too */
    run(s);
    out_set out;
    out_init(&out);
    hw_diag d;
    diag_init(&d, NULL);
    char dir[] = "/tmp/hwcgen-perf-metric-XXXXXX", path[256], cmd[1024];
    assert_non_null(mkdtemp(dir));
    emit_to to = {&out, NULL, &d, NULL, NULL};
    assert_int_equal(emit_c_headers(t, &p, &to), 0);
    snprintf(path, sizeof path, "%s/hwcgen", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/hwcgen/test_model_metrics.h", dir);
    const char *header = file_data(&out, "include/hwcgen/test_model_metrics.h");
    assert_non_null(strstr(header, "hwcgen_if(")); /* perf's helpers came along */
    write_text(path, header);
    char *program = sample_program(t, &p, s), *want = expected_output(s);
    snprintf(path, sizeof path, "%s/main.c", dir);
    write_text(path, program);
    static const char *const builds[] = {
        "gcc -std=c99", "gcc -std=c11", "g++ -x c++ -std=c++17",
        "clang -std=c99", "clang -std=c11", "clang++ -x c++ -std=c++17"};
    for (size_t i = 0; i < sizeof builds / sizeof builds[0]; i++) {
        snprintf(cmd, sizeof cmd, "%s -Wall -Wextra -Werror -pedantic -I%s %s/main.c -o %s/run -lm "
                 ">%s/cc.log 2>&1 && %s/run >%s/out.txt", builds[i], dir, dir, dir, dir, dir, dir);
        if (system(cmd) != 0) {
            snprintf(path, sizeof path, "%s/cc.log", dir);
            char *log = read_file(path, NULL);
            fail_msg("%s failed:\n%s", builds[i], log ? log : "");
        }
        snprintf(path, sizeof path, "%s/out.txt", dir);
        char *got = read_file(path, NULL);
        assert_non_null(got);
        if (strcmp(got, want) != 0)
            fail_msg("%s: generated C gives\n%s\nthe interpreter\n%s", builds[i], got, want);
        free(got);
    }
    free(program);
    free(want);
    remove_tree(dir);
    out_free(&out);
    diag_free(&d);
    sample_free(s);
    plan_free(&p);
    target_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_keywords_against_symbols),
        cmocka_unit_test(test_unknown_characters),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_if_else),
        cmocka_unit_test(test_calls),
        cmocka_unit_test(test_literals),
        cmocka_unit_test(test_terms),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_our_syntax_unchanged),
        cmocka_unit_test(test_hand_computed_values),
        cmocka_unit_test(test_binding),
        cmocka_unit_test(test_binding_by_pmu),
        cmocka_unit_test(test_type_check),
        cmocka_unit_test(test_diff_formula),
        cmocka_unit_test(test_generated_c),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
