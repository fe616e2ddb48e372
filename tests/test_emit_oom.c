/* test_emit_oom.c - an allocation that fails anywhere while an emitter
 * builds or renders its template data fails the run with "out of memory",
 * never a file with a hole in it.
 *
 * Over the four specs in spec/, for the C headers (whose long lists are
 * built while rendering) and the perf JSON: the failure is injected at
 * cJSON allocation 1, 2, 3, 4, 6, ... (about 15% apart) until a run no
 * longer reaches it. The docs have their own sweep (test_docs.c); the
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

typedef int (*emitter)(out_set *out, hw_diag *d);

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

/* Returns how many runs hit their injected failure. */
static int sweep(const char *what, emitter emit)
{
    int runs = 0;
    for (long n = 1;; n = n + n / 7 + 1, runs++) {
        out_set out;
        hw_diag d;
        FILE *f = tmpfile();
        assert_non_null(f);
        diag_init(&d, f);
        out_init(&out);
        cjson_alloc_fail_nth(n);
        int rc = emit(&out, &d);
        int injected = cjson_alloc_fail_nth(0);
        cjson_alloc_failures(); /* reset for the next run */
        rewind(f);
        char line[512] = "";
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
        out_free(&out);
        int errors = d.errors;
        diag_free(&d);
        if (!injected) {
            assert_int_equal(rc, 0);
            break;
        }
        if (rc == 0 || errors == 0 || !strstr(line, "out of memory"))
            fail_msg("%s: allocation %ld failed, yet the emitter returned %d with "
                     "%d errors (\"%s\")", what, n, rc, errors, line);
    }
    return runs;
}

static void test_c_headers(void **state)
{
    (void)state;
    assert_true(sweep("C headers", c_headers) > 20);
}

static void test_perf(void **state)
{
    (void)state;
    assert_true(sweep("perf", perf) > 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_c_headers),
        cmocka_unit_test(test_perf),
    };
    return cmocka_run_group_tests_name("emit_oom", tests, setup, teardown);
}
