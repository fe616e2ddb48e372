/* test_c_names.c - the names c_header_names() lists for the checker are
 * exactly the names the freestanding header defines.
 *
 * The checker finds clashing macros from that list before anything is
 * emitted; a name the list missed could clash unseen, one it made up could
 * reject a good spec. So for every spec under spec/, the hostile ones and
 * tests/c_names/oa-every-macro.xml (every kind of macro of an OA unit), the
 * header is rendered in memory and its `#define`d names compared with the
 * list, both ways. And a name is refused as a C or C++ keyword exactly
 * when it is one (name_is_keyword()).
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
    "tests/mali-db", /* a database: every GPU in it */
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

/* The names listed for target t of a run, against its header's. */
static void compare_target(const hw_run *run, const hw_target *t, const char *spec)
{
    names list = {.a = arena_create()}, defs = {.a = list.a};
    assert_non_null(list.a);
    assert_int_equal(name_index_init(&list.ix, 64), 0);
    assert_int_equal(name_index_init(&defs.ix, 64), 0);
    assert_int_equal(c_header_names(t, list.a, listed, &list), 0);
    if (t->nevents > 0) {
        const out_file *h = header_of(run, t);
        assert_non_null(h);
        defined(&defs, h->data);
    }
    printf("%s (%s): %d names listed, %d defined\n", spec, t->name, list.n, defs.n);
    int wrong = missing(&defs, &list, "defined, not listed") +
                missing(&list, &defs, "listed, not defined");
    assert_int_equal(list.unspelled, 0);
    assert_int_equal(list.repeated + defs.repeated, 0);
    assert_int_equal(wrong, 0);
    name_index_free(&list.ix);
    name_index_free(&defs.ix);
    arena_free(list.a);
}

/* Every target of the spec (a database has several). */
static void compare(const char *spec)
{
    hw_diag d;
    diag_init(&d, stderr);
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {(char *)spec};
    assert_int_equal(run_load_check(&run, paths, 1), 0);
    assert_int_equal(run_emit(&run, NULL, NULL), 0);
    assert_true(run.ntargets > 0);
    for (int i = 0; i < run.ntargets; i++)
        compare_target(&run, run.targets[i], spec);
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

/* Every keyword of C (C89 to C23) and C++ (to C++20), grouped as the
 * standards list them, is found; names that only look like one are not. */
static void test_keywords(void **state)
{
    (void)state;
    static const char *const c[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
        "else", "enum", "extern", "float", "for", "goto", "if", "int", "long", "register",
        "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
        "union", "unsigned", "void", "volatile", "while", "inline", "restrict", "_Bool",
        "_Complex", "_Imaginary", "_Alignas", "_Alignof", "_Atomic", "_Generic",
        "_Noreturn", "_Static_assert", "_Thread_local", "alignas", "alignof", "bool",
        "false", "nullptr", "static_assert", "thread_local", "true", "typeof",
        "typeof_unqual",
    };
    static const char *const cxx[] = {
        "and", "and_eq", "asm", "bitand", "bitor", "catch", "char8_t", "char16_t",
        "char32_t", "class", "compl", "concept", "consteval", "constexpr", "constinit",
        "const_cast", "co_await", "co_return", "co_yield", "decltype", "delete",
        "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new",
        "noexcept", "not", "not_eq", "operator", "or", "or_eq", "private", "protected",
        "public", "reinterpret_cast", "requires", "template", "this", "throw", "try",
        "typeid", "typename", "using", "virtual", "wchar_t", "xor", "xor_eq",
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++)
        assert_true(name_is_keyword(c[i]));
    for (size_t i = 0; i < sizeof cxx / sizeof *cxx; i++)
        assert_true(name_is_keyword(cxx[i]));
    static const char *const not_keywords[] = {
        "", "Int", "int_", "_", "_Alignas2", "a", "const_", "co_", "xor_eq_", "zz", "~",
        "INT", "Auto", "_bool", "char64_t", "typeof_", "wchar",
    };
    for (size_t i = 0; i < sizeof not_keywords / sizeof *not_keywords; i++)
        assert_false(name_is_keyword(not_keywords[i]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listed_is_defined),
        cmocka_unit_test(test_keywords),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
