/* test_par.c - par_each: every item runs once, failures are counted, and
 * what the items report reads as if they had run one after another, in
 * order, with the error cap and --werror applied as for one stage;
 * par_run, whose items report into diags their caller shows; and items
 * started largest first, their messages still in item order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/diag.h"
#include "run/par.h"

enum { N = 40 };

typedef struct items {
    atomic_int runs[N];
    atomic_int last_done; /* item N-1 has finished */
} items;

/* Item i: reports "item i" as a warning; items divisible by 7 fail with an
 * error. Item 0 waits (up to a second) for the last item, so with several
 * threads the items finish out of order. */
static int item(void *ctx, int i, hw_diag *d)
{
    items *it = ctx;
    atomic_fetch_add(&it->runs[i], 1);
    if (i == 0)
        for (int k = 0; k < 1000 && !atomic_load(&it->last_done); k++)
            nanosleep(&(struct timespec){0, 1000000}, NULL);
    hw_loc loc = loc_at("f.json", i + 1, 0);
    diag_warning(d, &loc, "item %d", i);
    diag_note(d, &loc, "detail of item %d", i);
    if (i == N - 1)
        atomic_store(&it->last_done, 1);
    if (i % 7 != 0)
        return 0;
    diag_error(d, &loc, "item %d failed", i);
    return -1;
}

/* The text every item reports, in item order, as one stage would. */
static char *expected(int verbose)
{
    hw_diag d;
    diag_init(&d, NULL);
    d.verbose = verbose;
    for (int i = 0; i < N; i++) {
        hw_loc loc = loc_at("f.json", i + 1, 0);
        diag_warning(&d, &loc, "item %d", i);
        diag_note(&d, &loc, "detail of item %d", i);
        if (i % 7 == 0)
            diag_error(&d, &loc, "item %d failed", i);
    }
    return buf_steal(&d.log);
}

static void run_with(const char *threads, int verbose)
{
    setenv("HWCGEN_THREADS", threads, 1);
    items it = {0};
    hw_diag d;
    diag_init(&d, NULL);
    d.verbose = verbose;
    assert_int_equal(par_each(N, item, &it, &d), 6); /* 0, 7, ..., 35 */
    for (int i = 0; i < N; i++)
        assert_int_equal(atomic_load(&it.runs[i]), 1);
    assert_int_equal(d.errors, 6);
    assert_int_equal(d.warnings, N);
    char *want = expected(verbose);
    assert_string_equal(d.log.data, want);
    free(want);
    diag_free(&d);
}

static void test_in_order_one_thread(void **state)
{
    (void)state;
    run_with("1", 0);
}

static void test_in_order_many_threads(void **state)
{
    (void)state;
    run_with("4", 0);
    run_with("3", 1);
}

/* The cap counts every item's errors together; the notice comes once. */
static void test_error_cap_spans_items(void **state)
{
    (void)state;
    setenv("HWCGEN_THREADS", "4", 1);
    items it = {0};
    char *text = NULL;
    size_t len = 0;
    FILE *stream = open_memstream(&text, &len);
    assert_non_null(stream);
    hw_diag d;
    diag_init(&d, stream);
    d.max_errors = 3;
    assert_int_equal(par_each(N, item, &it, &d), 6);
    fclose(stream);
    assert_int_equal(d.errors, 6);
    int shown = 0;
    for (const char *p = text; (p = strstr(p, ": error: ")) != NULL; p++)
        shown++;
    assert_int_equal(shown, 3);
    assert_non_null(strstr(text, "item 14 failed"));
    assert_null(strstr(text, "item 21 failed"));
    const char *cap = strstr(text, "too many errors");
    assert_non_null(cap);
    assert_null(strstr(cap + 1, "too many errors"));
    assert_true(cap > strstr(text, "item 14 failed"));
    free(text);
    diag_free(&d);
}

/* --werror applies inside the items: their warnings come back as errors. */
static void test_werror_reaches_items(void **state)
{
    (void)state;
    setenv("HWCGEN_THREADS", "2", 1);
    items it = {0};
    hw_diag d;
    diag_init(&d, NULL);
    d.werror = 1;
    par_each(N, item, &it, &d);
    assert_int_equal(d.warnings, 0);
    assert_int_equal(d.errors, N + 6);
    assert_non_null(strstr(d.log.data, "f.json:2: error: item 1 [-Werror]\n"));
    diag_free(&d);
}

static void test_no_items(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(par_each(0, item, NULL, &d), 0);
    assert_int_equal(d.errors + d.warnings, 0);
    diag_free(&d);
}

/* par_run: each item reports into the diag the caller gave it, and
 * nothing is shown until the caller replays them, in its own order. */
static void test_run_into_callers_diags(void **state)
{
    (void)state;
    setenv("HWCGEN_THREADS", "4", 1);
    items it = {0};
    hw_diag d, sub[N], *each[N];
    diag_init(&d, NULL);
    for (int i = 0; i < N; i++) {
        diag_defer(&sub[i], &d);
        each[i] = &sub[i];
    }
    assert_int_equal(par_run(N, item, &it, each), 6);
    assert_int_equal(d.errors + d.warnings, 0);
    assert_int_equal(d.log.len, 0);
    for (int i = N - 1; i >= 0; i--)
        diag_replay(&d, &sub[i]);
    assert_int_equal(d.errors, 6);
    assert_int_equal(d.warnings, N);
    const char *last = strstr(d.log.data, "f.json:40: warning: item 39\n");
    const char *first = strstr(d.log.data, "f.json:1: warning: item 0\n");
    assert_non_null(last);
    assert_non_null(first);
    assert_true(last < first);
    diag_free(&d);
}

/* Largest cost first; equal costs keep their item order. */
static void test_order_by_cost(void **state)
{
    (void)state;
    const long long cost[] = {5, 92, 0, 83, 92, 37};
    int *order = par_order_by_cost(cost, 6);
    assert_non_null(order);
    const int want[] = {1, 4, 3, 5, 0, 2};
    for (int k = 0; k < 6; k++)
        assert_int_equal(order[k], want[k]);
    free(order);
}

/* The order in which one thread started the items. */
typedef struct started {
    int seq[N];
    int n;
} started;

static int note_start(void *ctx, int i, hw_diag *d)
{
    started *s = ctx;
    s->seq[s->n++] = i;
    hw_loc loc = loc_at("f.json", i + 1, 0);
    diag_warning(d, &loc, "item %d", i);
    return 0;
}

/* par_each_ordered starts the items in the order given (seen on one
 * thread, where start order is run order) and still shows what they said
 * in item order. */
static void test_ordered_start_item_order_messages(void **state)
{
    (void)state;
    setenv("HWCGEN_THREADS", "1", 1);
    int order[N];
    for (int k = 0; k < N; k++)
        order[k] = N - 1 - k;
    started s = {{0}, 0};
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(par_each_ordered(N, order, note_start, &s, &d), 0);
    assert_int_equal(s.n, N);
    for (int k = 0; k < N; k++)
        assert_int_equal(s.seq[k], N - 1 - k);
    const char *first = strstr(d.log.data, "f.json:1: warning: item 0\n");
    const char *last = strstr(d.log.data, "f.json:40: warning: item 39\n");
    assert_non_null(first);
    assert_non_null(last);
    assert_true(first < last);
    diag_free(&d);
    unsetenv("HWCGEN_THREADS");
}

static void test_thread_count_setting(void **state)
{
    (void)state;
    setenv("HWCGEN_THREADS", "3", 1);
    assert_int_equal(par_threads(), 3);
    unsetenv("HWCGEN_THREADS");
    int online = par_threads();
    assert_true(online >= 1);
    const char *bad[] = {"0", "-2", "65", "two", "2x", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        setenv("HWCGEN_THREADS", bad[i], 1);
        assert_int_equal(par_threads(), online);
    }
    unsetenv("HWCGEN_THREADS");
}

/* What the command line refuses before it runs: every value par_threads
 * would not take, named, with the range. */
static void test_thread_setting_refused(void **state)
{
    (void)state;
    char why[160];
    unsetenv("HWCGEN_THREADS");
    assert_int_equal(par_threads_setting(why, sizeof why), 0);
    const char *good[] = {"1", "4", "64"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        setenv("HWCGEN_THREADS", good[i], 1);
        assert_int_equal(par_threads_setting(why, sizeof why), 0);
    }
    const char *bad[] = {"0", "-2", "65", "abc", "2x", "", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        setenv("HWCGEN_THREADS", bad[i], 1);
        assert_int_equal(par_threads_setting(why, sizeof why), -1);
        char want[160];
        snprintf(want, sizeof want,
                 "HWCGEN_THREADS='%s': not a number of threads from 1 to 64", bad[i]);
        assert_string_equal(why, want);
    }
    unsetenv("HWCGEN_THREADS");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_order_one_thread),
        cmocka_unit_test(test_in_order_many_threads),
        cmocka_unit_test(test_error_cap_spans_items),
        cmocka_unit_test(test_werror_reaches_items),
        cmocka_unit_test(test_no_items),
        cmocka_unit_test(test_run_into_callers_diags),
        cmocka_unit_test(test_order_by_cost),
        cmocka_unit_test(test_ordered_start_item_order_messages),
        cmocka_unit_test(test_thread_count_setting),
        cmocka_unit_test(test_thread_setting_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
