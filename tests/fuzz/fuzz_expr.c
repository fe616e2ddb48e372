/* fuzz_expr.c - the formula language: expr_parse on arbitrary text, then
 * every printer, and two properties:
 *  - INFIX and PERF output read back as the same tree (expr_equal);
 *  - expr_format_number gives text that reads back as the same double.
 * A property failure abort()s, so libFuzzer keeps the input. */
#include "fuzz_common.h"

#include <math.h>
#include <stdio.h>

#include "fuzz_expr.h"

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

/* fuzz_expr_input's checks of a tree, ours */
static void check_tree(hw_expr *e)
{
    expr_each_ref(e, visit_ref, NULL);
    check_numbers(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_expr_input(expr_parse, data, size, check_tree);
    return 0;
}
