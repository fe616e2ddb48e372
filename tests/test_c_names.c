/* test_c_names.c - the names c_header_names() lists for the checker are
 * exactly the names the freestanding header defines.
 *
 * The checker finds clashing macros from that list before anything is
 * emitted; a name the list missed could clash unseen, one it made up could
 * reject a good spec. So for every spec under spec/, the hostile ones and
 * tests/c_names/oa-every-macro.xml (every kind of macro of an OA unit), the
 * header is rendered in memory and its `#define`d names compared with the
 * list, both ways.
 *
 * Run from the top of the tree (make check does). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan_c_names.h"
#include "core/diag.h"
#include "core/names.h"
#include "run/pipeline.h"

static const char *const patterns[] = {
    "spec/*/*.json",
    "spec/*/*.xml",
    "tests/hostile/*.json",
    "tests/hostile/*.xml",
    "tests/c_names/*.xml",
};

/* A set of names that remembers their order, for messages. */
typedef struct names {
    name_index ix;
    const char **v;
    int n;
    size_t cap;
    int repeated;  /* names added more than once */
    int unspelled; /* NULL names: a spec name that cannot be mangled */
    hw_arena *a;
} names;

static void names_add(names *s, const char *name)
{
    if (!name) {
        s->unspelled++;
        return;
    }
    const char **slot = ARENA_PUSH(s->a, s->v, s->n, s->cap);
    assert_non_null(slot);
    *slot = name;
    int old = name_index_put(&s->ix, name, s->n - 1);
    assert_true(old != -2);
    if (old >= 0) {
        printf("  listed twice: %s\n", name);
        s->repeated++;
    }
}

static void listed(void *ctx, const char *name, const c_owner *owner)
{
    (void)owner;
    names_add(ctx, name);
}

/* Every `#define NAME` of a header, NAME up to '(' or a blank. */
static void defined(names *s, const char *text)
{
    static const char tag[] = "#define ";
    for (const char *p = text; (p = strstr(p, tag)) != NULL; p++) {
        if (p != text && p[-1] != '\n')
            continue;
        const char *at = p + sizeof tag - 1;
        size_t n =
            strspn(at, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                       "0123456789_");
        names_add(s, arena_strndup(s->a, at, n));
    }
}

/* The names of `of` missing from `in`, printed; their number. */
static int missing(const names *of, const names *in, const char *what)
{
    int n = 0;
    for (int i = 0; i < of->n; i++)
        if (name_index_get(&in->ix, of->v[i]) < 0) {
            printf("  %s: %s\n", what, of->v[i]);
            n++;
        }
    return n;
}

static const out_file *header_of(const hw_run *run, const hw_target *t)
{
    char name[256];
    snprintf(name, sizeof name, "include/hwcgen/%s.h", t->id);
    int i = out_find(&run->out, name, 0);
    return i < 0 ? NULL : &run->out.files[i];
}

static void compare(const char *spec)
{
    hw_diag d;
    diag_init(&d, stderr);
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {(char *)spec};
    assert_int_equal(run_load_check(&run, paths, 1), 0);
    assert_int_equal(run_emit(&run, NULL, NULL), 0);
    const hw_target *t = run.targets[0];
    names list = {.a = arena_create()}, defs = {.a = list.a};
    assert_non_null(list.a);
    assert_int_equal(name_index_init(&list.ix, 64), 0);
    assert_int_equal(name_index_init(&defs.ix, 64), 0);
    assert_int_equal(c_header_names(t, list.a, listed, &list), 0);
    if (t->nevents > 0) {
        const out_file *h = header_of(&run, t);
        assert_non_null(h);
        defined(&defs, h->data);
    }
    printf("%s: %d names listed, %d defined\n", spec, list.n, defs.n);
    int wrong = missing(&defs, &list, "defined, not listed") +
                missing(&list, &defs, "listed, not defined");
    assert_int_equal(list.unspelled, 0);
    assert_int_equal(list.repeated + defs.repeated, 0);
    assert_int_equal(wrong, 0);
    name_index_free(&list.ix);
    name_index_free(&defs.ix);
    arena_free(list.a);
    run_free(&run);
    diag_free(&d);
}

static void test_listed_is_defined(void **state)
{
    (void)state;
    size_t n = 0;
    for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
        glob_t g;
        assert_int_equal(glob(patterns[p], 0, NULL, &g), 0);
        for (size_t i = 0; i < g.gl_pathc; i++)
            compare(g.gl_pathv[i]);
        n += g.gl_pathc;
        globfree(&g);
    }
    assert_true(n >= 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listed_is_defined),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
