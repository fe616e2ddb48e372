/* Whole numbers: the prefixes specs use, and what must not slip through. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/number.h"

static void test_accepted(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        uint64_t value;
    } cases[] = {{"0", 0},       {"42", 42},       {"0x1F", 31},  {"0XfF", 255},
                 {"0b1010", 10}, {"0B0", 0},       {"007", 7},
                 {"18446744073709551615", UINT64_MAX}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t v = 1234;
        assert_int_equal(number_parse_uint(cases[i].text, UINT64_MAX, &v), 0);
        assert_true(v == cases[i].value);
    }
}

static void test_rejected(void **state)
{
    (void)state;
    const char *bad[] = {"", "0x", "0b", "0x0x11", "0b102", "12a", "-1", "+1",
                         " 1", "1 ", "0xg", "18446744073709551616", "1e3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t v = 1234;
        if (number_parse_uint(bad[i], UINT64_MAX, &v) == 0)
            fail_msg("'%s' was accepted as %llu", bad[i], (unsigned long long)v);
        assert_true(v == 1234); /* untouched on failure */
    }
}

static void test_limit(void **state)
{
    (void)state;
    uint64_t v;
    assert_int_equal(number_parse_uint("0xFFFF", 0xFFFF, &v), 0);
    assert_int_equal(number_parse_uint("0x10000", 0xFFFF, &v), -1);
    assert_int_equal(number_parse_uint("65536", 0xFFFF, &v), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_accepted),
                                       cmocka_unit_test(test_rejected),
                                       cmocka_unit_test(test_limit)};
    return cmocka_run_group_tests_name("number", tests, NULL, NULL);
}
