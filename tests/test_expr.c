/* Expression language: parser (precedence, associativity, errors),
 * printers (round trip), numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define EXPR_TEST_PARSE expr_parse
#include "expr_test.h"

static void test_precedence(void **state)
{
    (void)state;
    assert_shape("a + b * c", "(a + (b * c))");
    assert_shape("a * b + c", "((a * b) + c)");
    assert_shape("(a + b) * c", "((a + b) * c)");
    assert_shape("a - b % c", "(a - (b % c))");
    assert_shape("-a * b", "((-a) * b)");
    assert_shape("-(a + b)", "(-(a + b))");
    assert_shape("a / -b", "(a / (-b))");
}

static void test_associativity(void **state)
{
    (void)state;
    assert_shape("a - b - c", "((a - b) - c)");
    assert_shape("a / b / c", "((a / b) / c)");
    assert_shape("a - (b - c)", "(a - (b - c))");
    assert_shape("a * b / c % d", "(((a * b) / c) % d)");
}

static void test_calls_and_names(void **state)
{
    (void)state;
    assert_shape("max(min($MaliA / $MaliB * 100, 100), 0)",
                 "max(min(((MaliA / MaliB) * 100), 100), 0)");
    assert_shape("min(a, b, c)", "min(a, b, c)");
    assert_shape("ceil(x) + floor(y) - abs(z)", "((ceil(x) + floor(y)) - abs(z))");
    hw_expr *e = parse_ok("$MaliGPUCyclesGPUActive");
    assert_int_equal(e->kind, EXPR_REF);
    assert_string_equal(e->text, "MaliGPUCyclesGPUActive");
    assert_true(e->dollar);
    e = parse_ok("CPU_CYCLES");
    assert_false(e->dollar);
}

static void test_numbers(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        double value;
    } cases[] = {{"12", 12}, {"1.5", 1.5}, {".5", 0.5}, {"6e-3", 6e-3},
                 {"1E6", 1e6}, {"0x1F", 31}, {"0X10", 16}, {"2.5e+2", 250}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hw_expr *e = parse_ok(cases[i].text);
        assert_int_equal(e->kind, EXPR_NUM);
        assert_true(e->value == cases[i].value);
        assert_string_equal(e->text, cases[i].text);
    }
}

static void assert_error(const char *text, int col, const char *token,
                         const char *message)
{
    expr_error err = parse_error(text);
    assert_int_equal(err.col, col);
    assert_string_equal(err.token, token);
    if (!strstr(err.message, message))
        fail_msg("'%s': message '%s' lacks '%s'", text, err.message, message);
}

static void test_errors(void **state)
{
    (void)state;
    assert_error("", 1, "end of formula", "empty");
    assert_error("a +", 4, "end of formula", "expected a number");
    assert_error("(a + b", 7, "end of formula", "expected ')'");
    assert_error("a + b)", 6, ")", "unbalanced");
    assert_error("a b", 3, "b", "expected an operator");
    assert_error("a # b", 3, "#", "invalid token");
    assert_error("sqrt(a)", 1, "sqrt", "unknown function");
    assert_error("min(a)", 1, "min", "at least two");
    assert_error("ceil(a, b)", 1, "ceil", "exactly one");
    assert_error("1.2.3", 1, "1.2.3", "invalid token");
    assert_error("12abc", 1, "12abc", "invalid token");
    assert_error("a + \xc3\xa9", 5, "\xc3\xa9", "invalid token");
    assert_error("$ + 1", 1, "$", "invalid token");
}

/* A flat sum is not nesting, but each of its operators is one level of
 * the tree: 256 terms (255 operators, one level more for the formula
 * itself) pass the limit; the message says it is the chain, the limit,
 * and what to do, and a sum of 255 terms is taken. */
static void test_long_sum_says_chain(void **state)
{
    (void)state;
    hw_buf sum;
    buf_init(&sum);
    for (int i = 0; i < 256; i++)
        buf_printf(&sum, "%sa", i ? "+" : "");
    expr_error err;
    assert_null(expr_parse(arena, sum.data, &err));
    assert_string_equal(err.message,
                        "formula too deep for hwcgen (hwcgen's limit is 256 levels, and each "
                        "operator of a chain such as a+b+c is one, as is each parenthesis, "
                        "call and unary minus: split the chain, e.g. into metrics of its "
                        "parts)");
    assert_null(expr_parse_perf(arena, sum.data, &err));
    assert_non_null(strstr(err.message, "formula too deep for hwcgen"));
    sum.len -= 2; /* 255 terms */
    sum.data[sum.len] = '\0';
    assert_non_null(expr_parse(arena, sum.data, &err));
    buf_free(&sum);
    /* parentheses alone: nesting, said so, with the limit */
    char deep[602];
    memset(deep, '(', 300);
    deep[300] = 'a';
    memset(deep + 301, ')', 300);
    deep[601] = '\0';
    assert_null(expr_parse(arena, deep, &err));
    assert_string_equal(err.message,
                        "formula nested too deeply (hwcgen's limit is 256 levels; each "
                        "parenthesis, call, unary minus and operator of a chain such as "
                        "a+b+c is one)");
}

static void test_depth_limit(void **state)
{
    (void)state;
    size_t n = 100000;
    char *deep = malloc(2 * n + 2);
    memset(deep, '(', n);
    deep[n] = 'x';
    memset(deep + n + 1, ')', n);
    deep[2 * n + 1] = '\0';
    expr_error err;
    assert_null(expr_parse(arena, deep, &err));
    assert_non_null(strstr(err.message, "nested too deeply"));
    memset(deep, '-', n); /* a million unary minuses is no better */
    deep[n] = 'x';
    deep[n + 1] = '\0';
    assert_null(expr_parse(arena, deep, &err));
    free(deep);
}

static void test_round_trip(void **state)
{
    (void)state;
    const char *cases[] = {
        "a - (b - c)", "a - b - c", "a / (b * c)", "a / b * c", "-(a + b) * c",
        "--a", "a % (b % c)", "(a + b) + (c + d)", "a + (b + c)",
        "max(min(($MaliA / $MaliB) * 100, 100), 0)",
        "(1 - STALL_SLOT / (CPU_CYCLES * 8)) * (OP_RETIRED / OP_SPEC) * 100",
        "0x10 * 1e6 + .25", "min(a, b, c, d) - -3",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        round_trip(cases[i]);
}

static void test_infix_is_minimal(void **state)
{
    (void)state;
    assert_prints("((a / b) * 100)", EXPR_STYLE_INFIX, "a / b * 100");
    assert_prints("$A - ($B - $C)", EXPR_STYLE_INFIX, "$A - ($B - $C)");
}

static void test_c_style(void **state)
{
    (void)state;
    assert_prints("1 / 2 + a % b - min(x, y, z) + abs(-q)", EXPR_STYLE_C,
                  "(((hwcgen_div(1.0, 2.0) + hwcgen_mod(a, b)) - "
                  "hwcgen_min(hwcgen_min(x, y), z)) + fabs((-q)))");
    assert_prints("0.1 + 1e300 + 0x20", EXPR_STYLE_C, "((0.1 + 1e+300) + 32.0)");
}

static void test_format_number(void **state)
{
    (void)state;
    char buf[40];
    expr_format_number(buf, sizeof buf, 100);
    assert_string_equal(buf, "100");
    expr_format_number(buf, sizeof buf, 0.1);
    assert_string_equal(buf, "0.1");
    expr_format_number(buf, sizeof buf, 1.0 / 3.0);
    assert_true(strtod(buf, NULL) == 1.0 / 3.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_precedence),    cmocka_unit_test(test_associativity),
        cmocka_unit_test(test_calls_and_names), cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_errors),        cmocka_unit_test(test_depth_limit),
        cmocka_unit_test(test_long_sum_says_chain),
        cmocka_unit_test(test_round_trip),    cmocka_unit_test(test_infix_is_minimal),
        cmocka_unit_test(test_c_style),       cmocka_unit_test(test_format_number),
    };
    return cmocka_run_group_tests_name("expr", tests, setup, teardown);
}
