/* fuzz_expr.c - the formula language: expr_parse on arbitrary text, then
 * every printer, and two properties:
 *  - INFIX and PERF output read back as the same tree (expr_equal);
 *  - expr_format_number gives text that reads back as the same double.
 * A property failure abort()s, so libFuzzer keeps the input. */
#include "fuzz_common.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "expr.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

static int visit_ref(void *ctx, hw_expr *e)
{
    (void)ctx;
    (void)e;
    return 0;
}

static void check_numbers(const hw_expr *e)
{
    if (e->kind == EXPR_NUM && !isnan(e->value)) {
        char text[64];
        expr_format_number(text, sizeof text, e->value);
        if (strtod(text, NULL) != e->value) {
            fprintf(stderr, "expr_format_number(%.17g) = \"%s\" reads back "
                    "as %.17g\n", e->value, text, strtod(text, NULL));
            abort();
        }
    }
    for (int i = 0; i < e->nargs; i++)
        check_numbers(e->args[i]);
}

/* Print e in `style`, parse the text again and compare. */
static void round_trip(hw_arena *a, const char *input, const hw_expr *e,
                       expr_style style, const char *label)
{
    hw_buf b;
    buf_init(&b);
    expr_print(&b, e, style, NULL, NULL);
    if (b.failed)
        abort();
    expr_error err;
    hw_expr *again = expr_parse(a, b.data ? b.data : "", &err);
    /* PERF puts every binary operation in parentheses, so a long flat sum
     * ("a+b+c+...", depth 1) prints as deeply nested text that the depth
     * guard of our own parser refuses. That is the guard, not a wrong
     * print; any other failure to read our own output is a bug. */
    int too_deep = !again && strstr(err.message, "nested too deeply");
    if (!too_deep && (!again || !expr_equal(e, again))) {
        fprintf(stderr, "%s round trip failed\n  input:   %s\n  printed: %s\n"
                "  reparse: %s (column %d near '%s')\n", label, input,
                b.data ? b.data : "", again ? "different tree" : err.message,
                err.col, err.token);
        abort();
    }
    buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    hw_arena *a = arena_create();
    if (!a)
        abort();
    expr_error err;
    hw_expr *e = expr_parse(a, text, &err);
    if (e) {
        hw_buf c;
        buf_init(&c);
        expr_print(&c, e, EXPR_STYLE_C, NULL, NULL);
        buf_free(&c);
        expr_each_ref(e, visit_ref, NULL);
        check_numbers(e);
        round_trip(a, text, e, EXPR_STYLE_INFIX, "INFIX");
        round_trip(a, text, e, EXPR_STYLE_PERF, "PERF");
    } else if (err.col < 1 || err.col > (int)size + 1 ||
               !memchr(err.message, '\0', sizeof err.message) ||
               !memchr(err.token, '\0', sizeof err.token)) {
        fprintf(stderr, "bad error: column %d of %zu\n", err.col, size);
        abort();
    }
    arena_free(a);
    free(text);
    return 0;
}
