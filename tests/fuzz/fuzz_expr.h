/* fuzz_expr.h - what the fuzz targets of both formula syntaxes share
 * (fuzz_expr.c, fuzz_perf_expr.c): a formula parsed, printed in every
 * style, read back from INFIX and PERF output as the same tree; or, when
 * it does not parse, an error that stays within the input. A property
 * failure abort()s, so libFuzzer keeps the input. */
#ifndef HWCGEN_FUZZ_EXPR_H
#define HWCGEN_FUZZ_EXPR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/expr.h"
#include "fuzz_common.h"

/* expr_parse or expr_parse_perf */
typedef hw_expr *(*fuzz_parse_fn)(hw_arena *a, const char *text, expr_error *err);

/* Print e in `style`, parse the text again and compare. */
static inline void fuzz_round_trip(fuzz_parse_fn parse, hw_arena *a, const char *input,
                                   const hw_expr *e, expr_style style, const char *label)
{
    hw_buf b;
    buf_init(&b);
    expr_print(&b, e, style, NULL, NULL);
    if (b.failed)
        abort();
    expr_error err;
    hw_expr *again = parse(a, b.data ? b.data : "", &err);
    /* PERF puts every binary operation in parentheses, so a long flat sum
     * ("a+b+c+...", depth 1) prints as deeply nested text that the depth
     * guard of the parser refuses. That is the guard, not a wrong print;
     * any other failure to read our own output is a bug. */
    int too_deep = !again && (strstr(err.message, "nested too deeply") ||
                              strstr(err.message, "formula too deep for hwcgen"));
    if (!too_deep && (!again || !expr_equal(e, again))) {
        fprintf(stderr, "%s round trip failed\n  input:   %s\n  printed: %s\n"
                "  reparse: %s (column %d near '%s')\n", label, input,
                b.data ? b.data : "", again ? "different tree" : err.message,
                err.col, err.token);
        abort();
    }
    buf_free(&b);
}

/* The input through `parse` and every printer; a tree that parses then
 * goes to `also`, the target's own checks. */
static inline void fuzz_expr_input(fuzz_parse_fn parse, const uint8_t *data, size_t size,
                                   void (*also)(hw_expr *e))
{
    char *text = fuzz_strndup(data, size);
    hw_arena *a = arena_create();
    if (!a)
        abort();
    expr_error err;
    hw_expr *e = parse(a, text, &err);
    if (e) {
        hw_buf c;
        buf_init(&c);
        expr_print(&c, e, EXPR_STYLE_C, NULL, NULL);
        buf_free(&c);
        fuzz_round_trip(parse, a, text, e, EXPR_STYLE_INFIX, "INFIX");
        fuzz_round_trip(parse, a, text, e, EXPR_STYLE_PERF, "PERF");
        also(e);
    } else if (err.col < 1 || err.col > (int)size + 1 ||
               !memchr(err.message, '\0', sizeof err.message) ||
               !memchr(err.token, '\0', sizeof err.token)) {
        fprintf(stderr, "bad error: column %d of %zu\n", err.col, size);
        abort();
    }
    arena_free(a);
    free(text);
}

#endif
