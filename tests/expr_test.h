/* expr_test.h - what the tests of both formula parsers share: a scratch
 * arena for the whole run, parsing that must succeed or must fail, and
 * printing. Define EXPR_TEST_PARSE as the parser under test (expr_parse or
 * expr_parse_perf), then include after <cmocka.h>. */
#ifndef HWCGEN_EXPR_TEST_H
#define HWCGEN_EXPR_TEST_H

#include <stdlib.h>
#include <string.h>

#include "core/expr.h"

static hw_arena *arena;

static int setup(void **state)
{
    (void)state;
    arena = arena_create();
    return arena ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    arena_free(arena);
    return 0;
}

static inline hw_expr *parse_ok(const char *text)
{
    expr_error err;
    hw_expr *e = EXPR_TEST_PARSE(arena, text, &err);
    if (!e)
        fail_msg("'%s' did not parse: col %d: %s near '%s'", text, err.col,
                 err.message, err.token);
    return e;
}

/* The error of a formula that must not parse. */
static inline expr_error parse_error(const char *text)
{
    expr_error err;
    if (EXPR_TEST_PARSE(arena, text, &err))
        fail_msg("'%s' parsed, but should not", text);
    return err;
}

static inline char *print(const hw_expr *e, expr_style style)
{
    hw_buf b;
    buf_init(&b);
    expr_print(&b, e, style, NULL, NULL);
    return buf_steal(&b);
}

/* `text` parsed, then printed in `style`, is `want`. */
static inline void assert_prints(const char *text, expr_style style, const char *want)
{
    char *got = print(parse_ok(text), style);
    assert_string_equal(got, want);
    free(got);
}

/* The tree shape as PERF prints it: every operation in parentheses. */
static inline void assert_shape(const char *text, const char *want)
{
    assert_prints(text, EXPR_STYLE_PERF, want);
}

/* Printed in INFIX and in PERF style, `text` reads back as the same tree. */
static inline void round_trip(const char *text)
{
    hw_expr *e = parse_ok(text);
    const expr_style styles[] = {EXPR_STYLE_INFIX, EXPR_STYLE_PERF};
    for (size_t s = 0; s < sizeof styles / sizeof styles[0]; s++) {
        char *printed = print(e, styles[s]);
        hw_expr *back = parse_ok(printed);
        if (!expr_equal(e, back))
            fail_msg("'%s' printed as '%s' reads back differently", text, printed);
        free(printed);
    }
}

#endif
