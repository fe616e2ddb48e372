/* test_load_gpu_template.c - the <gpu-template> loader on the real Mali-G720
 * spec (spec/mali/mali-g720.xml) and on small bad documents written to a
 * temporary directory. Run from the repository root.
 */
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
#include "core/expr.h"
#include "core/ir.h"
#include "load/load.h"
#include "load/load_common.h"

#define SPEC "spec/mali/mali-g720.xml"

/* ---- the real spec ------------------------------------------------------ */

static int setup_spec(void **state)
{
    hw_diag d;
    diag_init(&d, stderr);
    hw_target *t = load_spec(SPEC, &d);
    int errors = d.errors;
    diag_free(&d);
    if (!t || errors != 0) {
        target_free(t);
        return -1;
    }
    *state = t;
    return 0;
}

static int teardown_spec(void **state)
{
    target_free(*state);
    return 0;
}

static const hw_metric *metric(const hw_target *t, const char *name)
{
    int i = ir_find_metric(t, name);
    assert_true(i >= 0);
    return &t->metrics[i];
}

static int count_flag(const hw_target *t, unsigned flag)
{
    int n = 0;
    for (int i = 0; i < t->nmetrics; i++)
        n += (t->metrics[i].flags & flag) != 0;
    return n;
}

static void test_identity(void **state)
{
    const hw_target *t = *state;
    assert_string_equal(t->format, "gpu-template");
    assert_string_equal(t->id, "mali_g720");
    assert_string_equal(t->slug, "mali-g720");
    assert_string_equal(t->vendor, "arm");
    assert_string_equal(t->name, "Mali-G720");
    assert_string_equal(t->kind, "gpu");
    assert_non_null(strstr(t->source, "108081_0100_en"));
    assert_non_null(t->description);
    assert_true(t->nnotes >= 1);
}

static void test_counts(void **state)
{
    const hw_target *t = *state;
    assert_int_equal(t->nblocks, 4);
    assert_int_equal(t->nevents, 94); /* 91 the guide uses, 3 the database's series */
    assert_int_equal(t->nconstants, 3);
    assert_int_equal(t->nsections, 11); /* guide sections 2 to 12 */
    assert_int_equal(t->ngroups, 32);
    assert_int_equal(t->nmetrics, 114);
    int with_expr = 0;
    for (int i = 0; i < t->nmetrics; i++)
        with_expr += t->metrics[i].expr != NULL;
    assert_int_equal(with_expr, 112);
    assert_int_equal(count_flag(t, METRIC_DERIVED), 2);
    assert_int_equal(count_flag(t, METRIC_EXTERNAL), 2);
    assert_int_equal(count_flag(t, METRIC_CORRECTED), 1);
    assert_int_equal(count_flag(t, METRIC_DATABASE), 7);
    for (int i = 0; i < t->nconstants; i++)
        assert_int_equal(t->constants[i].has_value, 0);
}

static void test_gpu_active(void **state)
{
    const hw_target *t = *state;
    int i = ir_find_event(t, "MaliGPUCyclesGPUActive");
    assert_true(i >= 0);
    const hw_event *e = &t->events[i];
    assert_string_equal(e->counter_id, "ARM_Mali-G720_GPU_ACTIVE");
    assert_string_equal(e->st_title, "Mali GPU Cycles");
    assert_string_equal(e->st_name, "GPU active");
    assert_string_equal(e->units, "cycles");
    assert_true(e->block >= 0);
    assert_string_equal(t->blocks[e->block].name, "GPU_FRONTEND");
    assert_int_equal(t->blocks[e->block].id, 0);
    assert_int_equal(t->blocks[e->block].size, 128);
    assert_int_equal(e->index, 4);
    assert_string_equal(e->loc.file, SPEC);
    assert_true(e->loc.line > 0);

    i = ir_find_event(t, "MaliCoreThreadsFragmentThreads");
    assert_true(i >= 0);
    assert_string_equal(t->blocks[t->events[i].block].name, "SHADER_CORE");
    assert_int_equal(t->events[i].index, 69);
    assert_true(t->events[i].multiplier == 4.0);
}

/* The names libGPUCounters' database gives the counters (MachineName of
 * the Mali-G720 entry whose SourceName or SourceAlias is the hardware
 * name), a few written out: one per block, and two through an alias. */
static void test_database_names(void **state)
{
    const hw_target *t = *state;
    static const struct {
        const char *var, *hw, *db;
    } names[] = {
        {"MaliGPUCyclesGPUActive", "GPU_ACTIVE", "MaliGPUActiveCy"},
        {"MaliGPUCyclesGPUInterruptActive", "GPU_IRQ_ACTIVE",
         "MaliGPUIRQActiveCy"}, /* alias of IRQ_ACTIVE */
        {"MaliPrimitiveCullingSampleTestCulledPrimitives", "PRIM_SAMPLE_CULLED",
         "MaliGeomSampleCullPrim"}, /* alias of PRIM_SAT_CULLED */
        {"MaliExternalBusBeatsReadBeats", "L2_EXT_READ_BEATS",
         "MaliExtBusRdBt"},
        {"MaliCoreCyclesFragmentActive", "FRAG_ACTIVE", "MaliMainActiveCy"},
        {"MaliCoreThreadsFragmentThreads", "FRAG_SHADER_THREADS",
         "MaliFragThread"},
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        int i = ir_find_event(t, names[k].var);
        assert_true(i >= 0);
        assert_string_equal(t->events[i].hw_name, names[k].hw);
        assert_string_equal(t->events[i].db_name, names[k].db);
    }
    /* every counter has one, and no two share it */
    for (int i = 0; i < t->nevents; i++) {
        assert_non_null(t->events[i].db_name);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(t->events[i].db_name, t->events[j].db_name);
    }
}

static void test_microcontroller_utilization(void **state)
{
    const hw_target *t = *state;
    const hw_metric *m = metric(t, "microcontroller_utilization");
    assert_string_equal(m->formula, "max(min(($MaliGPUCyclesMCUActive / "
                                    "$MaliGPUCyclesGPUActive) * 100, 100), 0)");
    assert_non_null(m->expr);
    assert_string_equal(m->title, "Microcontroller utilization");
    assert_string_equal(m->number, "3.2.1");
    assert_string_equal(m->units, "percent");
    assert_int_equal(m->flags, 0);
    assert_int_equal(m->ngroups, 1);
    assert_string_equal(m->groups[0], "gpu_utilization");
    assert_true(m->loc.line > 0 && m->formula_loc.line >= m->loc.line);

    int g = ir_find_group(t, GROUP_METRICS, "gpu_utilization");
    assert_true(g >= 0);
    assert_string_equal(t->groups[g].number, "3.2");
    assert_string_equal(t->groups[g].title, "GPU utilization");
    assert_int_equal(t->groups[g].nmembers, 5);
    assert_string_equal(t->groups[g].members[0], "microcontroller_utilization");
    assert_string_equal(t->sections[t->groups[g].section].number, "3");
    assert_string_equal(t->sections[t->groups[g].section].title, "GPU activity");
}

static void test_repeated_title(void **state)
{
    const hw_target *t = *state;
    const hw_metric *a = metric(t, "fragment_shading_rate");
    const hw_metric *b = metric(t, "fragment_shading_rate_6_3_4");
    assert_string_equal(a->number, "4.6.1");
    assert_string_equal(b->number, "6.3.4");
    assert_true(expr_equal(a->expr, b->expr));
}

/* 6.1.3 is misprinted in the guide: the printed text must be rejected with
 * the column of the fault, and the spec's corrected expression must parse. */
static void test_misprint(void **state)
{
    hw_target *t = *state;
    const hw_metric *m = metric(t, "texture_unit_utilization");
    assert_true(m->flags & METRIC_CORRECTED);
    assert_non_null(m->expr);
    assert_non_null(m->source_formula);
    assert_non_null(m->note);

    expr_error err;
    assert_null(expr_parse(t->arena, m->source_formula, &err));
    assert_int_equal(err.col, 5); /* "min(" closed after one argument */
    assert_string_equal(err.token, "min");

    /* What a user sees if the printed text were put in <expr>. The surplus
     * ')' (column 387) closes min() after one argument, so the parser
     * blames that call. */
    hw_metric probe = {.name = "texture_unit_utilization"};
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(load_formula(t, &probe, "series", m->source_formula,
                                  m->loc, &d), -1);
    assert_int_equal(d.errors, 1);
    char want[200];
    snprintf(want, sizeof want, "%s:%d: error: series 'texture_unit_utilization'"
             ": formula column 5: takes at least two arguments near 'min'",
             SPEC, m->loc.line);
    if (!strstr(d.log.data, want))
        fail_msg("want '%s' in:\n%s", want, d.log.data);
    diag_free(&d);
}

static void test_unprinted_expressions(void **state)
{
    const hw_target *t = *state;
    const hw_metric *m = metric(t, "facing_plane_test_cull_rate");
    assert_int_equal(m->flags, METRIC_DERIVED);
    assert_non_null(m->expr);
    assert_non_null(m->note);
    assert_int_equal(metric(t, "sample_test_cull_rate")->flags, METRIC_DERIVED);

    /* the guide prints none for 5.3.4 and 8.1.2: the database's formulas,
     * marked, with a note naming the database entry */
    static const char *const database[] = {"fragment_fpk_buffer_utilization",
                                           "texture_filtering_cycles_per_instruction"};
    for (size_t i = 0; i < sizeof database / sizeof database[0]; i++) {
        m = metric(t, database[i]);
        assert_non_null(m->expr);
        assert_non_null(m->number);
        assert_int_equal(m->flags, METRIC_DATABASE);
        assert_non_null(m->note);
        assert_non_null(strstr(m->note, "database's"));
    }
    assert_string_equal(metric(t, "fragment_fpk_buffer_utilization")->formula,
                        "($MaliCoreCyclesFragmentFPKBActive / "
                        "$MaliCoreCyclesFragmentActive) * 100");
    assert_string_equal(
        metric(t, "texture_filtering_cycles_per_instruction")->formula,
        "texture_unit_issue_cycles / texture_samples");
    /* the database's steps have no number in the guide */
    assert_null(metric(t, "texture_samples")->number);
    assert_string_equal(metric(t, "arithmetic_unit_utilization_database")->number,
                        "6.1.1");

    m = metric(t, "cpu_activity");
    assert_int_equal(m->flags, METRIC_EXTERNAL);
    assert_null(m->expr);
    assert_string_equal(m->source_formula, "$CPUActivityUser.Cluster[0..N]");
    assert_string_equal(metric(t, "cpu_cycles")->source_formula,
                        "$CyclesCPUCycles.Cluster[0..N]");
}

/* Every $variable of every expression is a counter or a constant; a name
 * without '$' is another series (the database's steps). */
static int known_ref(void *ctx, hw_expr *ref)
{
    const hw_target *t = ctx;
    int found = ref->dollar ? ir_find_event(t, ref->text) >= 0 ||
                                  ir_find_constant(t, ref->text) >= 0
                            : ir_find_metric(t, ref->text) >= 0;
    if (!found) {
        fprintf(stderr, "unknown variable %s\n", ref->text);
        return 1;
    }
    return 0;
}

static void test_variables(void **state)
{
    hw_target *t = *state;
    for (int i = 0; i < t->nmetrics; i++)
        if (t->metrics[i].expr)
            assert_int_equal(expr_each_ref(t->metrics[i].expr, known_ref, t), 0);
}

static void test_checker_accepts(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, stderr);
    hw_target *t = load_spec(SPEC, &d);
    assert_non_null(t);
    assert_int_equal(check_target(t, &d), 0);
    assert_int_equal(d.errors, 0);
    target_free(t);
    diag_free(&d);
}

/* ---- bad documents -------------------------------------------------------- */

typedef struct scratch {
    char dir[64];
    char path[96];
} scratch;

static int setup_scratch(void **state)
{
    scratch *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    snprintf(s->dir, sizeof s->dir, "/tmp/hwcgen-gt-XXXXXX");
    if (!mkdtemp(s->dir)) {
        free(s);
        return -1;
    }
    snprintf(s->path, sizeof s->path, "%s/bad.xml", s->dir);
    *state = s;
    return 0;
}

static int teardown_scratch(void **state)
{
    scratch *s = *state;
    unlink(s->path);
    rmdir(s->dir);
    free(s);
    return 0;
}

/* A small valid document; the pieces that tests vary sit on known lines:
 * the counter on line 7, the series on line 12. */
typedef struct doc_parts {
    const char *block;
    const char *index;
    const char *series;
} doc_parts;

static const char default_series[] =
    "<series id=\"s\" number=\"3.1.1\" title=\"S\" units=\"cycles\">"
    "<description>S.</description><expr>$MaliA * 2</expr></series>";

static void write_doc(const scratch *s, doc_parts p)
{
    FILE *f = fopen(s->path, "w");
    assert_non_null(f);
    fprintf(f,
            "<?xml version=\"1.0\"?>\n"
            "<!-- test document -->\n"
            "<gpu-template id=\"t\" slug=\"t\" vendor=\"arm\" name=\"T\" "
            "kind=\"gpu\" source=\"test\">\n"
            "<description>Test.</description>\n"
            "<blocks><block name=\"CORE\" id=\"0\" size=\"128\" "
            "title=\"Core\"/></blocks>\n"
            "<counters>\n"
            "<counter var=\"MaliA\" id=\"A\" block=\"%s\" index=\"%s\" "
            "title=\"Mali A\" name=\"A\" units=\"cycles\">A.</counter>\n"
            "</counters>\n"
            "<constants/>\n"
            "<template><section number=\"3\" title=\"S\">\n"
            "<group number=\"3.1\" title=\"G\">\n"
            "%s\n"
            "</group></section></template>\n"
            "</gpu-template>\n",
            p.block ? p.block : "CORE",
            p.index ? p.index : "3", p.series ? p.series : default_series);
    assert_int_equal(fclose(f), 0);
}

/* Load the document; it must fail with a message holding "path:line:"
 * and every one of the `want` strings. */
static void expect_error(const scratch *s, doc_parts p, int line,
                         const char *want1, const char *want2)
{
    write_doc(s, p);
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *t = load_spec(s->path, &d);
    assert_null(t);
    assert_true(d.errors > 0);
    char at[128];
    snprintf(at, sizeof at, "%s:%d:", s->path, line);
    if (!strstr(d.log.data, at) || !strstr(d.log.data, want1) ||
        (want2 && !strstr(d.log.data, want2)))
        fail_msg("want '%s' '%s' '%s' in:\n%s", at, want1, want2 ? want2 : "",
                 d.log.data);
    diag_free(&d);
}

static void test_small_valid(void **state)
{
    const scratch *s = *state;
    write_doc(s, (doc_parts){0});
    hw_diag d;
    diag_init(&d, stderr);
    hw_target *t = load_spec(s->path, &d);
    assert_non_null(t);
    assert_int_equal(d.errors, 0);
    assert_int_equal(t->nmetrics, 1);
    assert_int_equal(t->metrics[0].loc.line, 12);
    assert_int_equal(t->events[0].loc.line, 7);
    assert_string_equal(t->events[0].title, "Mali A: A");
    assert_string_equal(t->groups[0].name, "g");
    target_free(t);
    diag_free(&d);
}

static void test_unknown_block(void **state)
{
    expect_error(*state, (doc_parts){.block = "NOPE"}, 7, "counter 'MaliA'",
                 "unknown block 'NOPE'");
}

static void test_bad_index(void **state)
{
    expect_error(*state, (doc_parts){.index = "128"}, 7, "counter 'MaliA'",
                 "index 128 is outside block 'CORE' (size 128)");
}

static void test_missing_title(void **state)
{
    expect_error(*state,
                 (doc_parts){.series = "<series id=\"s\" number=\"3.1.1\" "
                                       "units=\"cycles\"><description>S."
                                       "</description><expr>1</expr></series>"},
                 12, "series", NULL);
}

/* xmlu_read blames the DOCTYPE at line 1 (libxml2 keeps no line for a
 * DTD), so the document starts with it: no XML declaration. */
static void test_doctype_entity(void **state)
{
    const scratch *s = *state;
    FILE *f = fopen(s->path, "w");
    assert_non_null(f);
    fputs("<!DOCTYPE gpu-template [<!ENTITY boom \"boom\">]>\n"
          "<gpu-template id=\"t\" slug=\"t\" vendor=\"arm\" name=\"&boom;\" "
          "kind=\"gpu\" source=\"test\"/>\n",
          f);
    assert_int_equal(fclose(f), 0);
    hw_diag d;
    diag_init(&d, NULL);
    assert_null(load_spec(s->path, &d));
    char want[160];
    snprintf(want, sizeof want, "%s:1: error: DOCTYPE with entity", s->path);
    if (!strstr(d.log.data, want))
        fail_msg("want '%s' in:\n%s", want, d.log.data);
    diag_free(&d);
}

static void test_bad_formula(void **state)
{
    expect_error(*state,
                 (doc_parts){.series = "<series id=\"s\" number=\"3.1.1\" "
                                       "title=\"S\" units=\"cycles\">"
                                       "<description>S.</description>"
                                       "<expr>max($MaliA, 1))</expr></series>"},
                 12, "series 's': formula column 15", "near ')'");
}

static void test_series_outside_group(void **state)
{
    expect_error(*state,
                 (doc_parts){.series = "<series id=\"s\" number=\"4.2.1\" "
                                       "title=\"S\" units=\"cycles\">"
                                       "<description>S.</description>"
                                       "<expr>1</expr></series>"},
                 12, "series 's': number 4.2.1 is not inside group 3.1", NULL);
}

/* A series of the guide needs its number; one from the database may go
 * without, and may use another series by its id. */
static void test_series_number(void **state)
{
    expect_error(*state,
                 (doc_parts){.series = "<series id=\"s\" title=\"S\" "
                                       "units=\"cycles\"><description>S."
                                       "</description><expr>1</expr></series>"},
                 12, "series", NULL);
    const scratch *s = *state;
    write_doc(s, (doc_parts){.series =
                                 "<series id=\"s\" number=\"3.1.1\" "
                                 "title=\"S\" units=\"cycles\" database=\"yes\">"
                                 "<description>S.</description><expr>d * 2"
                                 "</expr><note>From the database.</note>"
                                 "</series><series id=\"d\" title=\"D\" "
                                 "units=\"cycles\" database=\"yes\">"
                                 "<description>D.</description><expr>$MaliA"
                                 "</expr><note>A database step.</note>"
                                 "</series>"});
    hw_diag d;
    diag_init(&d, stderr);
    hw_target *t = load_spec(s->path, &d);
    assert_non_null(t);
    assert_int_equal(t->nmetrics, 2);
    assert_int_equal(t->metrics[0].flags, METRIC_DATABASE);
    assert_string_equal(t->metrics[0].number, "3.1.1");
    assert_null(t->metrics[1].number);
    assert_int_equal(t->metrics[1].flags, METRIC_DATABASE);
    target_free(t);
    diag_free(&d);
    /* a database series states where its formula comes from */
    expect_error(*state,
                 (doc_parts){.series = "<series id=\"s\" title=\"S\" "
                                       "units=\"cycles\" database=\"yes\">"
                                       "<description>S.</description><expr>1"
                                       "</expr></series>"},
                 12, "series", NULL);
}

#define SPEC_TEST(f) cmocka_unit_test_setup_teardown(f, setup_spec, teardown_spec)
#define BAD_TEST(f) cmocka_unit_test_setup_teardown(f, setup_scratch, teardown_scratch)

int main(void)
{
    /* One group, so the runner's PASSED/FAILED totals cover every test. */
    const struct CMUnitTest tests[] = {
        SPEC_TEST(test_identity),
        SPEC_TEST(test_counts),
        SPEC_TEST(test_gpu_active),
        SPEC_TEST(test_database_names),
        SPEC_TEST(test_microcontroller_utilization),
        SPEC_TEST(test_repeated_title),
        SPEC_TEST(test_misprint),
        SPEC_TEST(test_unprinted_expressions),
        SPEC_TEST(test_variables),
        cmocka_unit_test(test_checker_accepts),
        BAD_TEST(test_small_valid),
        BAD_TEST(test_unknown_block),
        BAD_TEST(test_bad_index),
        BAD_TEST(test_missing_title),
        BAD_TEST(test_doctype_entity),
        BAD_TEST(test_bad_formula),
        BAD_TEST(test_series_outside_group),
        BAD_TEST(test_series_number),
    };
    return cmocka_run_group_tests_name("gpu-template loader", tests, NULL, NULL);
}
