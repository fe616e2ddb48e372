/* The arena's byte buffer (gen/arena.c): appends across its growth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "core/arena.h"

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
        cmocka_unit_test(test_appends_across_growth),
    };
    return cmocka_run_group_tests_name("arena", tests, NULL, NULL);
}
