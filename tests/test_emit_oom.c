/* test_emit_oom.c - the out-of-memory sweep (test_oom.h) over the C
 * headers, whose long lists are built while rendering, and the perf JSON,
 * for the four specs in spec/. The docs are swept in test_docs.c; the
 * Streamline XML is written without cJSON. Run from the top of the tree
 * (make check does).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "check.h"
#include "cjson_alloc.h"
#include "emit.h"
#include "load.h"
#include "output.h"
#include "render.h"
#include "test_oom.h"

static const char *const specs[] = {
    "spec/arm/neoverse-v1.json", "spec/mali/mali-g720.xml",
    "spec/intel/oa-chv.xml", "spec/mali/mali-t624-model.xml"};
enum { NSPECS = sizeof specs / sizeof specs[0] };
static hw_target *targets[NSPECS];

static int setup(void **state)
{
    (void)state;
    render_init();
    hw_diag d;
    diag_init(&d, stderr);
    int rc = 0;
    for (int i = 0; i < NSPECS && rc == 0; i++) {
        targets[i] = load_spec(specs[i], &d);
        rc = !targets[i] || check_target(targets[i], &d) != 0;
    }
    diag_free(&d);
    return rc ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < NSPECS; i++)
        target_free(targets[i]);
    return 0;
}

static int c_headers(out_set *out, hw_diag *d)
{
    for (int i = 0; i < NSPECS; i++)
        if (emit_c_headers(targets[i], out, "out", d) != 0)
            return -1;
    return 0;
}

static int perf(out_set *out, hw_diag *d)
{
    return emit_perf(targets, NSPECS, out, "out", d);
}

static void test_c_headers(void **state)
{
    (void)state;
    assert_true(oom_sweep("C headers", c_headers) > 20);
}

static void test_perf(void **state)
{
    (void)state;
    assert_true(oom_sweep("perf", perf) > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_c_headers),
        cmocka_unit_test(test_perf),
    };
    return cmocka_run_group_tests_name("emit_oom", tests, setup, teardown);
}
