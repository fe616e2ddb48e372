/* test_revisions.c - revisions of one part load, check and generate side
 * by side (gen/check_revisions.c, gen/load_cores.c, the perf mapfile).
 *
 * Fixtures of ours in the shape of Arm's files (tests/telemetry/): N2
 * r0p3 and r0p2 (the part's reference revision, per the table of cores),
 * and r0p0 and r1p1 of a part the table does not list. Each pair goes
 * through run_load_check() and run_emit() as `generate` runs them; the
 * test asserts no clash, the notes that explain the pair, and the row
 * perf's mapfile keeps: perf finds one directory per MIDR, variant and
 * revision masked off. Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "core/diag.h"
#include "core/out_set.h"
#include "run/pipeline.h"

#define DIR "tests/telemetry/"
#define MAPFILE "perf/arch/arm64/mapfile.csv"

typedef struct pair {
    hw_diag d;
    hw_run run;
} pair;

static pair *load_pair(const char *a, const char *b)
{
    static pair p;
    diag_init(&p.d, NULL);
    p.d.verbose = 1;
    run_init(&p.run, &p.d);
    char *paths[] = {(char *)a, (char *)b};
    if (run_load_check(&p.run, paths, 2) != 0 || run_emit(&p.run, NULL, NULL) != 0)
        fail_msg("%s and %s: %s", a, b, p.d.log.data ? p.d.log.data : "");
    assert_int_equal(p.d.errors, 0);
    return &p;
}

static void free_pair(pair *p)
{
    run_free(&p->run);
    diag_free(&p->d);
}

static const char *mapfile(const pair *p)
{
    int i = out_find(&p->run.out, MAPFILE, 0);
    assert_true(i >= 0);
    return p->run.out.files[i].data;
}

static void expect_log(const pair *p, const char *text)
{
    if (!p->d.log.data || !strstr(p->d.log.data, text))
        fail_msg("expected in the diagnostics: %s\ndiagnostics were:\n%s", text,
                 p->d.log.data ? p->d.log.data : "");
}

static int has_file(const pair *p, const char *name)
{
    return out_find(&p->run.out, name, 0) >= 0;
}

/* N2 r0p3 and r0p2: both generate, under their own names; the mapfile
 * lists r0p2, the reference revision, and says r0p3 is left out. */
static void test_reference_revision(void **state)
{
    (void)state;
    pair *p = load_pair(DIR "string-revisions.json", DIR "revision-reference.json");
    assert_true(has_file(p, "include/hwcgen/neoverse_n2_r0p3.h"));
    assert_true(has_file(p, "include/hwcgen/neoverse_n2.h"));
    assert_true(has_file(p, "perf/arch/arm64/arm/neoverse-n2-r0p3/other.json"));
    assert_true(has_file(p, "perf/arch/arm64/arm/neoverse-n2/other.json"));
    const char *map = mapfile(p);
    assert_non_null(strstr(map, "\n0x00000000410fd490,v1,arm/neoverse-n2,core\n"));
    assert_null(strstr(map, "neoverse-n2-r0p3,core"));
    assert_non_null(strstr(map, "# not listed: arm/neoverse-n2-r0p3 (r0p3)"));
    expect_log(p, "target 'Neoverse N2' (r0p2) and 'Neoverse N2 r0p3' (r0p3, at "
                  DIR "string-revisions.json:13) are revisions of one part, told apart "
                  "by their names: neoverse-n2 here, neoverse-n2-r0p3 there; 1 events "
                  "only in r0p2 (INST_RETIRED); 1 metrics only in r0p2 (ipc)");
    expect_log(p, "MIDR 0x410FD490 (Neoverse N2, 2 revisions): perf's mapfile lists one "
                  "directory per part: arm/neoverse-n2, r0p2 (the part's reference revision)");
    free_pair(p);
}

/* A part the table does not list: r0p0 keeps the plain names, and perf
 * gets the latest revision given. */
static void test_latest_revision(void **state)
{
    (void)state;
    pair *p = load_pair(DIR "revision-later.json", DIR "architecture-defined.json");
    assert_true(has_file(p, "include/hwcgen/shape_core.h"));
    assert_true(has_file(p, "include/hwcgen/shape_core_r1p1.h"));
    const char *map = mapfile(p);
    assert_non_null(strstr(map, "\n0x00000000410ffe20,v1,arm/shape-core-r1p1,core\n"));
    assert_non_null(strstr(map, "# not listed: arm/shape-core (r0p0)"));
    expect_log(p, "are revisions of one part, told apart by their names: shape-core here, "
                  "shape-core-r1p1 there; the same events, codes and formulas");
    expect_log(p, "perf's mapfile lists one directory per part: arm/shape-core-r1p1, r1p1 "
                  "(the latest revision given)");
    free_pair(p);
}

/* One part, one revision, two files: nothing tells them apart. */
static void test_same_revision_clashes(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, NULL);
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {DIR "no-num-counters.json", "spec/arm/neoverse-v1.json"};
    assert_int_not_equal(run_load_check(&run, paths, 2), 0);
    assert_true(run.clash);
    assert_non_null(strstr(d.log.data, "id 'neoverse_v1' is also the id of the target at "
                                       DIR "no-num-counters.json"));
    run_free(&run);
    diag_free(&d);
}

/* A spec copied for another part with its product name left as it was:
 * both generate (the copy is named by its revision), with a warning at
 * the copy naming both files; an error with --werror. */
static void test_other_part_same_name(void **state)
{
    (void)state;
    pair *p = load_pair(DIR "revision-reference.json", DIR "other-part-same-name.json");
    expect_log(p, DIR "other-part-same-name.json:13: warning: "
                  "product_configuration.product_name: target 'Neoverse N2 r0p3' (MIDR "
                  "0x410FD980): product name 'Neoverse N2' is also that of the target at "
                  DIR "revision-reference.json:12, another part (MIDR 0x410FD490); give "
                  "each part its own product_name\n");
    assert_int_equal(p->d.warnings, 1);
    free_pair(p);

    hw_diag d;
    diag_init(&d, NULL);
    d.werror = 1;
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {DIR "revision-reference.json", DIR "other-part-same-name.json"};
    assert_int_not_equal(run_load_check(&run, paths, 2), 0);
    assert_int_equal(d.errors, 1);
    run_free(&run);
    diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_revision),
        cmocka_unit_test(test_latest_revision),
        cmocka_unit_test(test_same_revision_clashes),
        cmocka_unit_test(test_other_part_same_name),
    };
    return cmocka_run_group_tests_name("revisions", tests, NULL, NULL);
}
