/* The arena's byte buffer (gen/arena.c): appends, and numbers written
 * without printf. Expected numbers are written out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "arena.h"

/* Decimal as PRIu64 writes it, hex as PRIX64: upper case, no prefix, no
 * leading zeros, and "0" for zero in both. */
static void test_put_u64(void **state)
{
    (void)state;
    static const struct {
        uint64_t v;
        int hex;
        const char *text;
    } cases[] = {
        {0, 0, "0"},
        {0, 1, "0"},
        {7, 0, "7"},
        {10, 0, "10"},
        {10, 1, "A"},
        {255, 1, "FF"},
        {256, 1, "100"},
        {1000000, 0, "1000000"},
        {0xDEADBEEF, 1, "DEADBEEF"},
        {0x100000000u, 0, "4294967296"},
        {UINT64_MAX, 0, "18446744073709551615"},
        {UINT64_MAX, 1, "FFFFFFFFFFFFFFFF"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hw_buf b;
        buf_init(&b);
        buf_put_u64(&b, cases[i].v, cases[i].hex);
        assert_non_null(b.data);
        assert_string_equal(b.data, cases[i].text);
        assert_int_equal(b.len, strlen(cases[i].text));
        buf_free(&b);
    }
}

/* Appended after what the buffer holds, across its growth. */
static void test_put_u64_appends(void **state)
{
    (void)state;
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "x=");
    buf_put_u64(&b, 42, 0);
    buf_puts(&b, ", 0x");
    buf_put_u64(&b, 0x2a, 1);
    assert_string_equal(b.data, "x=42, 0x2A");
    for (int i = 0; i < 100; i++)
        buf_put_u64(&b, 12345678901234567890u, 0);
    assert_int_equal(b.len, 10 + 100 * 20);
    assert_memory_equal(b.data + b.len - 20, "12345678901234567890", 20);
    buf_free(&b);
}

/* Pieces of every length from 0 to 40, appended across the buffer's
 * growth (256 bytes, then doubling): the text is their concatenation,
 * NUL-terminated, and an empty piece still leaves a string to read. */
static void test_appends_across_growth(void **state)
{
    (void)state;
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "");
    assert_non_null(b.data);
    assert_string_equal(b.data, "");
    char want[2 * 41 * 40 / 2];
    size_t n = 0;
    for (int round = 0; round < 2; round++) {
        for (size_t k = 0; k <= 40; k++) {
            char piece[41];
            for (size_t i = 0; i < k; i++)
                piece[i] = (char)('a' + (k + i) % 26);
            piece[k] = '\0';
            if (k % 2)
                buf_puts(&b, piece);
            else
                buf_putn(&b, piece, k);
            memcpy(want + n, piece, k);
            n += k;
            assert_int_equal(b.len, n);
            assert_int_equal(b.data[n], '\0');
        }
    }
    assert_memory_equal(b.data, want, n);
    assert_true(b.cap > n);
    buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_u64),
        cmocka_unit_test(test_put_u64_appends),
        cmocka_unit_test(test_appends_across_growth),
    };
    return cmocka_run_group_tests_name("arena", tests, NULL, NULL);
}
