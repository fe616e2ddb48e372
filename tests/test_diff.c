/* test_diff.c - `hwcgen diff OLD NEW` on the spec pairs of tests/diff/:
 * each directory holds an old and a new version of one small spec, and the
 * reports expected for them, written by hand from the change made between
 * the two: expect.txt (text), expect-all.txt (--all), expect*.md
 * (--format markdown), expect.json (--format json, compared as JSON).
 * Each test runs the binary named by $HWCGEN (default ./hwcgen) from the
 * top of the tree and checks its exit status, stdout and stderr. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_shell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cjson/cJSON.h>

#define DIR "tests/diff/"
#define TRY "Try 'hwcgen --help'.\n"



/* Exactly this status, stdout (the file `expect`; NULL: not compared) and
 * stderr. */
static void expect_file(const char *args, int status, const char *expect, const char *err)
{
    run_result r = run(args);
    char *want = expect ? read_file(expect, NULL) : NULL;
    if (expect)
        assert_non_null(want);
    if (r.status != status || (want && strcmp(r.out, want) != 0) || strcmp(r.err, err) != 0)
        show(&r);
    assert_int_equal(r.status, status);
    if (want)
        assert_string_equal(r.out, want);
    assert_string_equal(r.err, err);
    free(want);
    done(&r);
}

/* stdout is the JSON document in `expect` (same values, same order of
 * array elements; whitespace and key order free). */
static void expect_json(const char *args, int status, const char *expect)
{
    run_result r = run(args);
    char *want = read_file(expect, NULL);
    assert_non_null(want);
    cJSON *a = cJSON_Parse(want), *b = cJSON_Parse(r.out);
    assert_non_null(a);
    if (!b || !cJSON_Compare(a, b, 1) || r.status != status)
        show(&r);
    assert_non_null(b);
    assert_true(cJSON_Compare(a, b, 1));
    assert_int_equal(r.status, status);
    assert_string_equal(r.err, "");
    cJSON_Delete(a);
    cJSON_Delete(b);
    free(want);
    done(&r);
}

#define PAIR(d, ext) DIR d "/old." ext " " DIR d "/new." ext

/* ---- each kind of change ------------------------------------------------------ */

/* Events added, removed, renamed (same code), recoded (same name); group
 * members read through the rename; descriptions and the formula that only
 * follows the rename are listed with --all. */
static void test_events(void **state)
{
    (void)state;
    expect_file("diff " PAIR("events", "json"), 1, DIR "events/expect.txt", "");
    expect_file("diff --all " PAIR("events", "json"), 1, DIR "events/expect-all.txt", "");
}

/* Formulas: equivalent (same tree, and by value), scaled, different with
 * an input that shows it, different through a metric it uses; renamed,
 * added and removed metrics; units; group members; the methodology. */
static void test_metrics(void **state)
{
    (void)state;
    expect_file("diff " PAIR("metrics", "json"), 1, DIR "metrics/expect.txt", "");
    expect_file("diff --format markdown " PAIR("metrics", "json"), 1,
                DIR "metrics/expect.md", "");
    expect_json("diff --format json " PAIR("metrics", "json"), 1, DIR "metrics/expect.json");
}

/* A GPU template: a counter moved, one renamed (same block and index), a
 * block resized, a series changed through a run-time constant. */
static void test_gpu(void **state)
{
    (void)state;
    expect_file("diff " PAIR("gpu", "xml"), 1, DIR "gpu/expect.txt", "");
}

/* OA: enum values renamed, re-coded, added; support rules added, removed,
 * changed; a register moved and a layout field removed; report fields. */
static void test_oa(void **state)
{
    (void)state;
    expect_file("diff " PAIR("oa", "xml"), 1, DIR "oa/expect.txt", "");
}

/* Two versions of an Intel OA metric file (tests/diff/oa-sets, every kind
 * of change, new.xml's comment lists them): sets and counters added and
 * removed; equations and max equations by value (a rewrite to the same
 * value only with --all, one that reads a changed counter listed); offsets,
 * units, data and semantic types, availability by value, names; a set's
 * GUID and OA format; register lists added and removed, and their writes
 * changed, added and removed (counts and the first, both files' lines).
 * Trial 0's inputs are the witnesses (A 0 READ is 300, $EuCoresTotalCount
 * 2). A format changed alike in every set is one line. */
static void test_oa_sets(void **state)
{
    (void)state;
    expect_file("diff " PAIR("oa-sets", "xml"), 1, DIR "oa-sets/expect.txt", "");
    expect_file("diff --all " PAIR("oa-sets", "xml"), 1, DIR "oa-sets/expect-all.txt", "");
    expect_file("diff " DIR "oa-sets/old.xml " DIR "oa-sets/format.xml", 1,
                DIR "oa-sets/expect-format.txt", "");
    expect_file("diff " DIR "oa-sets/old.xml " DIR "oa-sets/old.xml", 0,
                DIR "oa-sets/no-change.txt", "");
}

/* A model: a constant's value, an input's range and units, and what they
 * do to the outputs (constant multiples). */
static void test_model(void **state)
{
    (void)state;
    expect_file("diff " PAIR("model", "xml"), 1, DIR "model/expect.txt", "");
}

/* A description of two paragraphs: still one line per item, its line
 * breaks written as \n. */
static void test_multiline_description(void **state)
{
    (void)state;
    expect_file("diff --all " PAIR("multiline", "json"), 0, DIR "multiline/expect-all.txt", "");
}

/* ---- across formats: only what both can say -------------------------------------- */

/* Arm's telemetry JSON for a core (tests/diff/cross/demo.json) against the
 * perf tree directory its MIDR's mapfile row names (tests/diff/tree-std/
 * old, every object through ArchStdEvent). The fixture has each kind of
 * noise a format alone makes; what remains is the one real difference put
 * in on purpose (STALL_SLOT_BACKEND at 0x3B, the tree's at 0x3C). The
 * report was checked line by line against the two fixtures. */
#define CROSS DIR "cross/demo.json " DIR "tree-std/old/arch/arm64/arm/demo"

static run_result cross_all(void)
{
    run_result r = run("diff --all " CROSS);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "");
    return r;
}

/* Text of the report that must not be there. */
static void absent_from(const run_result *r, const char *text)
{
    if (strstr(r->out, text))
        show(r);
    assert_null(strstr(r->out, text));
}

static void test_cross_formats(void **state)
{
    (void)state;
    expect_file("diff " CROSS, 1, DIR "cross/expect.txt", "");
}

/* The directory's MIDR is its mapfile row's: no identity line, but one
 * when the core is another part. */
static void test_cross_identity(void **state)
{
    (void)state;
    run_result r = cross_all();
    absent_from(&r, "identity");
    done(&r);
    r = run("diff " DIR "cross/other-part.json " DIR "tree-std/old/arch/arm64/arm/demo");
    assert_non_null(strstr(r.out, "identity    demo_core_r1p2: MIDR 0x410FD410 -> 0x410FD400\n"));
    done(&r);
}

/* perf has no architecture-defined flag, sample events, event groups,
 * revision, architecture or counter count: none is a change. */
static void test_cross_facts_one_side_lacks(void **state)
{
    (void)state;
    run_result r = cross_all();
    absent_from(&r, "architecture defined");
    absent_from(&r, "sample events");
    absent_from(&r, "(events)");
    absent_from(&r, "revision");
    absent_from(&r, "num_counters");
    done(&r);
}

/* #slots is held at the core's slot count (said in the head): the topdown
 * formulas with 4 written out are equivalent, not different. */
static void test_cross_slots_bound(void **state)
{
    (void)state;
    run_result r = cross_all();
    assert_non_null(strstr(r.out, "held: #slots = 4 (the slot count OLD states)\n"));
    absent_from(&r, "different");
    assert_non_null(strstr(r.out, "equivalent  frontend_bound: formula"));
    done(&r);
}

/* ScaleUnit "1percent of slots" is the scale 1 and the unit "percent of
 * slots": no units line. */
static void test_cross_scale_unit(void **state)
{
    (void)state;
    run_result r = cross_all();
    absent_from(&r, "  units  ");
    done(&r);
}

/* perf's names are case-insensitive: Backend_Bound is backend_bound, in
 * the metrics and in the group's members; Topdown_L1 is TopdownL1 and
 * perf's own Default group is not compared. */
static void test_cross_names(void **state)
{
    (void)state;
    run_result r = cross_all();
    absent_from(&r, "renamed");
    absent_from(&r, "members");
    absent_from(&r, "added");
    absent_from(&r, "removed");
    absent_from(&r, "Default");
    assert_non_null(strstr(r.out, "equivalent  Backend_Bound: formula"));
    done(&r);
}

/* Descriptions that differ in white space only, and texts one file leaves
 * out, are not listed even with --all; generated files are not compared. */
static void test_cross_text(void **state)
{
    (void)state;
    run_result r = cross_all();
    absent_from(&r, "described   CPU_CYCLES");
    absent_from(&r, "-> none");
    absent_from(&r, "generated files");
    done(&r);
}

/* Two versions of a tree directory, one writing out what the other takes
 * through ArchStdEvent: only the code and formula that changed, each by
 * the inherited value (no "none -> ..."); the rewrite perf reads the same
 * is equivalent. Checked by hand against tests/diff/tree-std. */
static void test_tree_archstd(void **state)
{
    (void)state;
    const char *pair = DIR "tree-std/old/arch/arm64/arm/demo " DIR "tree-std/new/arch/arm64/arm/demo";
    char args[512];
    snprintf(args, sizeof args, "diff %s", pair);
    expect_file(args, 1, DIR "tree-std/expect.txt", "");
    snprintf(args, sizeof args, "diff --all %s", pair);
    run_result r = run(args);
    absent_from(&r, "none ->");
    absent_from(&r, "-> none");
    absent_from(&r, "ArchStdEvent ");
    assert_non_null(strstr(r.out, "equivalent  frontend_bound: MetricExpr (ArchStdEvent)"));
    done(&r);
}

/* ---- what matters: the exit status ---------------------------------------------- */

/* An equivalent rewrite and a new description matter to no one by
 * default; --all lists them; --fail-on makes them matter. */
static void test_only_quiet_changes(void **state)
{
    (void)state;
    expect_file("diff " PAIR("same-value", "json"), 0, DIR "same-value/expect.txt", "");
    expect_file("diff --all --format markdown " PAIR("same-value", "json"), 0,
                DIR "same-value/expect-all.md", "");
    expect_file("diff --fail-on equivalent " PAIR("same-value", "json"), 1, NULL, "");
    expect_file("diff --fail-on all " PAIR("same-value", "json"), 1, NULL, "");
}

static void test_fail_on(void **state)
{
    (void)state;
    /* the events pair changes no formula and lists the same */
    expect_file("diff --fail-on different,scaled " PAIR("events", "json"), 0,
                DIR "events/expect.txt", "");
    expect_file("diff --fail-on different,recoded " PAIR("events", "json"), 1,
                DIR "events/expect.txt", "");
    expect_file("diff --fail-on members " PAIR("metrics", "json"), 1, DIR "metrics/expect.txt",
                "");
}

static void test_no_change(void **state)
{
    (void)state;
    expect_file("diff " DIR "oa/old.xml " DIR "oa/old.xml", 0, DIR "no-change.txt", "");
}

/* ---- errors: exit status 2 ------------------------------------------------------ */

static void test_errors(void **state)
{
    (void)state;
    expect_file("diff " DIR "oa/old.xml", 2, NULL,
                "hwcgen: diff: expected OLD and NEW, got 1 spec\n" TRY);
    expect_file("diff --format yaml " PAIR("oa", "xml"), 2, NULL,
                "hwcgen: diff: unknown format 'yaml' (text, markdown, json)\n" TRY);
    expect_file("diff --fail-on different,renamd " PAIR("oa", "xml"), 2, NULL,
                "hwcgen: diff: unknown class 'renamd' in --fail-on (did you mean "
                "'renamed'?)\n" TRY);
    expect_file("diff --fail-on= " PAIR("oa", "xml"), 2, NULL,
                "hwcgen: option '--fail-on' needs a value\n" TRY);
    expect_file("check --all " DIR "oa/old.xml", 2, NULL,
                "hwcgen: option '--all' is for diff or audit, not check\n" TRY);
    /* a spec that does not load: its loader's message, no report */
    expect_unloaded("diff " DIR "oa/old.xml tests/bad/json-empty.json",
                    "tests/bad/json-empty.json:1:1: error: ");
}

static int setup(void **state)
{
    (void)state;
    return shell_setup("test_diff");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_metrics),
        cmocka_unit_test(test_gpu),
        cmocka_unit_test(test_oa),
        cmocka_unit_test(test_oa_sets),
        cmocka_unit_test(test_model),
        cmocka_unit_test(test_multiline_description),
        cmocka_unit_test(test_cross_formats),
        cmocka_unit_test(test_cross_identity),
        cmocka_unit_test(test_cross_facts_one_side_lacks),
        cmocka_unit_test(test_cross_slots_bound),
        cmocka_unit_test(test_cross_scale_unit),
        cmocka_unit_test(test_cross_names),
        cmocka_unit_test(test_cross_text),
        cmocka_unit_test(test_tree_archstd),
        cmocka_unit_test(test_only_quiet_changes),
        cmocka_unit_test(test_fail_on),
        cmocka_unit_test(test_no_change),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, setup, shell_teardown);
}
