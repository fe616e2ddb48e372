/* test_telemetry_shapes.c - every shape of Arm's telemetry JSON loads.
 *
 * One small fixture per shape, written by us in the shape of Arm's files
 * (the .json files of tests/telemetry/): product_configuration values as strings, no
 * num_counters, events the architecture or the product defines, metrics
 * with sample events, a methodology with a decision tree, and the older
 * shape (_type, common/architectural/impdef flags, a top-level
 * topdown_methodology). Each goes through load and check, as `generate`
 * runs them, and the test asserts what the target holds. Run from the
 * repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "load/load_cores.h"
#include "core/diag.h"
#include "core/ir.h"
#include "run/pipeline.h"

#define DIR "tests/telemetry/"

static hw_diag d;
static hw_plan plan; /* the open fixture's */

static hw_target *open_fixture(const char *name)
{
    diag_init(&d, NULL);
    hw_target *t = run_open(name, &plan, &d);
    if (!t)
        fail_msg("%s does not load: %s", name, d.log.data ? d.log.data : "");
    assert_int_equal(d.warnings, 0);
    return t;
}

static void close_fixture(hw_target *t)
{
    plan_free(&plan);
    target_free(t);
    diag_free(&d);
}

static const hw_event *event(const hw_target *t, const char *name)
{
    int i = ir_find_event(t, name);
    if (i < 0)
        fail_msg("no event %s", name);
    return &t->events[i];
}

static const hw_metric *metric(const hw_target *t, const char *name)
{
    int i = ir_find_metric(t, name);
    if (i < 0)
        fail_msg("no metric %s", name);
    return &t->metrics[i];
}

/* "major_revision": "0", "minor_revision": "3", "num_slots": "5": read
 * as the numbers they spell; a revision that is not the part's reference
 * revision (Arm's topdown tool takes r0p2 for the N2 part) is part of
 * the target's id, slug and name. */
static void test_string_revisions(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "string-revisions.json");
    assert_true(t->has_revision);
    assert_int_equal(t->major_revision, 0);
    assert_int_equal(t->minor_revision, 3);
    assert_string_equal(t->revision, "r0p3");
    assert_int_equal(t->num_slots, 5);
    assert_int_equal(t->part_num, 0xd49);
    assert_int_equal(target_midr(t), 0x410FD490);
    assert_true(t->revision_named);
    assert_string_equal(t->part_name, "Neoverse N2");
    assert_string_equal(t->name, "Neoverse N2 r0p3");
    assert_string_equal(t->id, "neoverse_n2_r0p3");
    assert_string_equal(t->slug, "neoverse-n2-r0p3");
    close_fixture(t);
}

/* No num_counters, as in all of Arm's files: the table of cores gives it
 * for a core it lists (gatord's pmus.xml: 6 for Neoverse V1), and with it
 * gatord's identity of the core. r1p2 is V1's reference revision, so the
 * names are the plain product name. */
static void test_no_num_counters(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "no-num-counters.json");
    assert_int_equal(t->num_counters, 6);
    assert_non_null(t->facts);
    assert_false(t->revision_named);
    assert_string_equal(t->id, "neoverse_v1");
    assert_string_equal(t->name, "Neoverse V1");
    const st_category *c = &plan.streamline.cpu;
    assert_string_equal(c->category, "Neoverse-V1");
    assert_string_equal(c->counter_set, "ARMv8_Neoverse_V1_cnt");
    assert_string_equal(c->cycle_counter, "ARMv8_Neoverse_V1_ccnt");
    assert_string_equal(c->gatord, "gatord 9.7.2");
    const st_label *l = &c->labels[event(t, "CPU_CYCLES") - t->events];
    assert_string_equal(l->gd_title, "Cycles");
    assert_string_equal(l->gd_name, "CPU Cycles");
    assert_string_equal(l->units, "cycles");
    l = &c->labels[event(t, "INST_RETIRED") - t->events];
    assert_string_equal(l->gd_title, "Instructions (Executed)");
    assert_string_equal(l->gd_name, "All");
    assert_string_equal(l->units, "instructions");
    close_fixture(t);
}

/* A core neither the table nor the file counts for: no number of
 * counters, and a Streamline identity of its own. */
static void test_core_nobody_knows(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "architecture-defined.json");
    assert_int_equal(t->num_counters, 0);
    assert_null(t->facts);
    assert_null(plan.streamline.cpu.gatord);
    assert_string_equal(plan.streamline.cpu.category, "Shape Core");
    assert_string_equal(plan.streamline.cpu.counter_set, "ARMv9_Shape_Core_cnt");
    close_fixture(t);
}

static void test_architecture_defined(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "architecture-defined.json");
    const hw_event *e = event(t, "CPU_CYCLES");
    assert_true(e->flags & EVENT_ARCH_DEFINED);
    assert_false(e->flags & EVENT_PRODUCT_DEFINED);
    e = event(t, "IMP_DEBUG_THING");
    assert_false(e->flags & EVENT_ARCH_DEFINED);
    assert_true(e->flags & EVENT_PRODUCT_DEFINED);
    assert_int_equal(e->code, 0x140);
    close_fixture(t);
}

static void test_sample_events(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "sample-events.json");
    const hw_metric *m = metric(t, "backend_bound");
    assert_int_equal(m->nsample_events, 1);
    assert_string_equal(m->sample_events[0], "STALL_SLOT_BACKEND");
    assert_int_equal(m->nevents, 2);
    assert_int_equal(m->ngroups, 1);
    assert_string_equal(m->groups[0], "Topdown_L1");
    m = metric(t, "cycles");
    assert_int_equal(m->nsample_events, 0);
    close_fixture(t);
}

static void test_methodologies(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "methodologies.json");
    assert_int_equal(t->nmethodologies, 1);
    const hw_methodology *m = &t->methodologies[0];
    assert_string_equal(m->name, "topdown_methodology");
    assert_int_equal(m->nstages, 2);
    assert_string_equal(m->stages[0].name, "stage_1");
    assert_string_equal(m->stages[1].groups[0], "Branch_Effectiveness");
    assert_int_equal(m->nroots, 1);
    assert_string_equal(m->roots[0], "backend_bound");
    assert_int_equal(m->nnodes, 2);
    assert_string_equal(m->nodes[1].name, "Branch_Effectiveness");
    assert_string_equal(m->nodes[1].group, "Branch_Effectiveness");
    assert_int_equal(m->nodes[1].nsample_events, 1);
    assert_string_equal(m->nodes[1].sample_events[0], "BR_MIS_PRED");
    assert_int_equal(m->nodes[0].nnext, 1);
    close_fixture(t);
}

/* The older shape: "common" for architecture_defined, "architectural" and
 * "impdef" kept as flags, revisions as numbers, and the methodology at the
 * top level. r1p0 of a core the table lacks is not r0p0: named. */
static void test_older_shape(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "older-shape.json");
    const hw_event *e = event(t, "INST_RETIRED");
    assert_int_equal(e->flags & (EVENT_ARCH_DEFINED | EVENT_PRODUCT_DEFINED | EVENT_ARCHITECTURAL |
                                 EVENT_IMPDEF),
                     EVENT_ARCH_DEFINED | EVENT_ARCHITECTURAL);
    e = event(t, "L1D_CACHE_RD");
    assert_int_equal(e->flags & (EVENT_ARCH_DEFINED | EVENT_PRODUCT_DEFINED | EVENT_ARCHITECTURAL |
                                 EVENT_IMPDEF),
                     EVENT_ARCH_DEFINED | EVENT_IMPDEF);
    e = event(t, "IMP_THING");
    assert_true(e->flags & EVENT_PRODUCT_DEFINED);
    assert_false(e->flags & EVENT_ARCH_DEFINED);
    assert_int_equal(t->nmethodologies, 1);
    assert_string_equal(t->methodologies[0].name, "topdown_methodology");
    assert_int_equal(t->methodologies[0].nnodes, 1);
    assert_string_equal(t->revision, "r1p0");
    assert_string_equal(t->id, "older_core_r1p0");
    close_fixture(t);
}

/* Streamline units of events gatord does not have, by their kind. */
static void test_units_by_kind(void **state)
{
    (void)state;
    hw_target *t = open_fixture(DIR "unknown-core.json");
    static const struct {
        const char *event, *units;
    } want[] = {
        {"SW_INCR", "instructions"},   {"INST_RETIRED", "instructions"},
        {"EXC_TAKEN", "exceptions"},   {"CPU_CYCLES", "cycles"},
        {"STALL_BACKEND", "cycles"},   {"OP_SPEC", NULL},
        {"STALL_SLOT", "slots"},       {"L1D_CACHE", NULL},
        {"IMP_WIDGET", NULL},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const st_label *l = &plan.streamline.cpu.labels[event(t, want[i].event) - t->events];
        if (!want[i].units)
            assert_null(l->units);
        else
            assert_string_equal(l->units, want[i].units);
        assert_null(l->gd_title);
    }
    assert_int_equal(t->num_counters, 4);
    close_fixture(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_string_revisions),
        cmocka_unit_test(test_no_num_counters),
        cmocka_unit_test(test_core_nobody_knows),
        cmocka_unit_test(test_architecture_defined),
        cmocka_unit_test(test_sample_events),
        cmocka_unit_test(test_methodologies),
        cmocka_unit_test(test_older_shape),
        cmocka_unit_test(test_units_by_kind),
    };
    return cmocka_run_group_tests_name("telemetry shapes", tests, NULL, NULL);
}
