/* test_oom.h - the out-of-memory sweep the emitter tests share.
 * Include it after <cmocka.h>. */
#ifndef HWCGEN_TEST_OOM_H
#define HWCGEN_TEST_OOM_H

#include <stdio.h>
#include <string.h>

#include "cjson_alloc.h"
#include "diag.h"
#include "output.h"

/* Emit into `out` (initialised, empty); 0 or -1 like the emitters. */
typedef int (*oom_emit_fn)(out_set *out, hw_diag *d);

/* An allocation that fails anywhere while an emitter builds or renders
 * its data, lists built during rendering included, must fail the run with
 * "out of memory" (its first diagnostic), never leave a file with a hole
 * in it. The n-th cJSON allocation fails for n = 1, 2, 3, 4, 6, ... (about
 * 15% apart) until a run no longer reaches it; that run must succeed.
 * Returns how many runs had a failure injected. */
static inline int oom_sweep(const char *what, oom_emit_fn emit)
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
            return runs;
        }
        if (rc == 0 || errors == 0 || !strstr(line, "out of memory"))
            fail_msg("%s: allocation %ld failed, yet the emitter returned %d with "
                     "%d errors (\"%s\")", what, n, rc, errors, line);
    }
}

#endif
