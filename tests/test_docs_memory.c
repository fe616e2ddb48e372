/* test_docs_memory.c - running out of memory while the docs are built.
 *
 * The memory policy: a docs file is built in an arena whose sticky failure
 * flag is checked once before the file renders, and cJSON's failures are
 * counted by render.c and reported when the file renders. So failing any
 * one allocation of emit_docs() must end with an error, never with a file
 * that is silently shorter or a crash. Each allocation is failed in turn:
 * every one for the T624 model, a sample for the bigger specs.
 *
 * The allocator is glibc's, wrapped so the n-th allocation from now fails.
 * Sanitizer builds bring their own malloc; there the test is skipped.
 * Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "emit/docs/emit_docs.h"
#include "emit/emit.h"
#include "core/ir.h"
#include "core/out_set.h"
#include "run/pipeline.h"
#include "core/json.h"
#include "render/render.h"

#if defined(__SANITIZE_ADDRESS__)
#define OWN_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define OWN_MALLOC 0
#endif
#endif
#if !defined(OWN_MALLOC) && defined(__GLIBC__)
#define OWN_MALLOC 1
#elif !defined(OWN_MALLOC)
#define OWN_MALLOC 0
#endif

/* ---- an allocator that fails on request --------------------------------- */

static long countdown = -1; /* allocations left before one fails; -1: none */
static int failed_one;      /* the armed failure happened */

#if OWN_MALLOC
void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void __libc_free(void *p);

static int fail_now(void)
{
    if (countdown < 0 || countdown-- > 0)
        return 0;
    failed_one = 1;
    return 1;
}

void *malloc(size_t n)
{
    return fail_now() ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    return fail_now() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    return fail_now() ? NULL : __libc_realloc(p, n);
}

void free(void *p)
{
    __libc_free(p);
}
#endif

/* ---- one spec, every n-th allocation failed in turn ---------------------- */

/* A cJSON failure in data that was never rendered (its file's arena had
 * failed first) stays counted until the next render, which reports it.
 * Rendering no template collects it, so it does not answer for the next
 * trial. */
static void collect_counted_failures(void)
{
    hw_diag d;
    diag_init(&d, NULL);
    hw_buf b;
    buf_init(&b);
    render_template(NULL, "no-such-template", NULL, MU_ESCAPE_NONE, &b, &d);
    buf_free(&b);
    diag_free(&d);
}

/* emit_docs with allocation n failing; 1 when that allocation was made. */
static int trial(hw_target *t, const hw_plan *p, long n, const char *spec)
{
    collect_counted_failures();
    out_set out;
    out_init(&out);
    hw_diag d;
    diag_init(&d, NULL);
    emit_to to = {&out, NULL, &d, NULL, NULL};
    failed_one = 0;
    countdown = n;
    int rc = emit_docs(t, p, &to) || emit_docs_index(&to) ? -1 : 0;
    countdown = -1;
    if (!failed_one && rc != 0)
        fail_msg("%s: emit_docs failed with no allocation failed:\n%s", spec,
                 d.log.data ? d.log.data : "");
    /* out_add() keeps its failure for out_commit() to report */
    if (failed_one && (rc == 0 || (d.errors == 0 && !out.failed)))
        fail_msg("%s: allocation %ld failed, yet emit_docs returned %d with "
                 "%d errors", spec, n, rc, d.errors);
    diag_free(&d);
    out_free(&out);
    return failed_one;
}

static void sweep(const char *spec, long stride)
{
    hw_diag d;
    diag_init(&d, stderr);
    hw_plan p;
    hw_target *t = run_open(spec, &p, &d);
    diag_free(&d);
    assert_non_null(t);
    long n = 0;
    while (trial(t, &p, n, spec))
        n += stride;
    print_message("%s: %ld allocations, one in %ld failed in turn\n", spec,
                  n, stride);
    assert_true(n > 0);
    plan_free(&p);
    target_free(t);
}

static void test_model_every_allocation(void **state)
{
    (void)state;
    if (!OWN_MALLOC)
        skip();
    sweep("spec/mali/mali-t624-model.xml", 1);
}

static void test_other_specs_sampled(void **state)
{
    (void)state;
    if (!OWN_MALLOC)
        skip();
    sweep("spec/arm/neoverse-v1.json", 97);
    sweep("spec/intel/oa-chv.xml", 53);
    sweep("spec/mali/mali-g720.xml", 211);
}

int main(void)
{
    json_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_model_every_allocation),
        cmocka_unit_test(test_other_specs_sampled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
