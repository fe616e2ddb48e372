/* test_json_lines.c - where json_lines says JSON values are (gen/json_lines.c).
 *
 * json_spots() lists every value in the order a depth-first walk of
 * cJSON's tree meets them, each with its line, depth and offset; the perf
 * tree loader relies on that order. The expected lines and offsets are
 * counted by hand from the small texts below. The same texts through
 * json_lines_build() give the same lines by path.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_lines.h"

typedef struct want {
    int line, depth;
    size_t at;
} want;

static void expect_spots(const char *text, size_t len, const want *w, size_t n)
{
    json_spot *s = NULL;
    size_t got = 0, raw = 0;
    assert_int_equal(json_spots(text, len, &s, &got, &raw), 0);
    assert_int_equal(raw, len);
    assert_int_equal(got, n);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(s[i].line, w[i].line);
        assert_int_equal(s[i].depth, w[i].depth);
        assert_int_equal(s[i].at, w[i].at);
    }
    free(s);
}

/* An array of objects, as a perf events file: a member's line is its
 * key's, even when its value is on a later line. */
static void test_order_and_lines(void **state)
{
    (void)state;
    static const char text[] = "[\n"
                               "  {\n"
                               "    \"A\": \"x\",\n"
                               "    \"B\":\n"
                               "      12\n"
                               "  },\n"
                               "  [1, {\"C\": null}]\n"
                               "]\n";
    static const want w[] = {
        {1, 0, 0},  /* the array */
        {2, 1, 4},  /* its first object */
        {3, 2, 15}, /* "x" */
        {4, 2, 35}, /* 12, on line 5 but keyed on line 4 */
        {7, 1, 45}, /* the inner array */
        {7, 2, 46}, /* 1 */
        {7, 2, 49}, /* {"C": null} */
        {7, 3, 55}, /* null */
    };
    expect_spots(text, sizeof text - 1, w, sizeof w / sizeof w[0]);
}

/* cJSON skips a byte order mark and takes any byte up to a space (form
 * feed, vertical tab, NUL) as white space: the scan reads them alike. */
static void test_read_as_cjson_reads(void **state)
{
    (void)state;
    static const char bom[] = "\xEF\xBB\xBF[\n{\"A\": 1}]";
    static const want wb[] = {{1, 0, 3}, {2, 1, 5}, {2, 2, 11}};
    expect_spots(bom, sizeof bom - 1, wb, 3);
    static const char odd[] = "[\f{\v\"A\"\f:\0 2},\n 3]";
    cJSON *root = cJSON_ParseWithLength(odd, sizeof odd - 1);
    assert_non_null(root); /* what makes it JSON worth reading */
    cJSON_Delete(root);
    static const want wo[] = {{1, 0, 0}, {1, 1, 2}, {1, 2, 11}, {2, 1, 16}};
    expect_spots(odd, sizeof odd - 1, wo, 4);
}

/* A key repeated in one object, and a key spelled with escapes: each copy
 * has its own spot, as cJSON keeps each as its own member. */
static void test_repeats_and_escapes(void **state)
{
    (void)state;
    static const char text[] = "{\"A\": 1,\n\"A\": 2,\n\"\\u0041\": 3}";
    static const want w[] = {{1, 0, 0}, {1, 1, 6}, {2, 1, 14}, {3, 1, 27}};
    expect_spots(text, sizeof text - 1, w, sizeof w / sizeof w[0]);
    cJSON *root = cJSON_ParseWithLength(text, sizeof text - 1);
    assert_non_null(root);
    assert_int_equal(cJSON_GetArraySize(root), 3);
    assert_string_equal(root->child->next->next->string, "A");
    cJSON_Delete(root);
}

/* A raw control character in a string (JSON forbids it, cJSON lets it
 * through) is found where json_raw_control() finds it, in a key, in a
 * value, or in a string after the document, which cJSON ignores; one
 * outside strings is only white space. */
static void test_raw_control(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        size_t raw;
    } cases[] = {
        {"[\"a\\\"\tb\"]", 5},  /* after an escaped quote */
        {"{\"k\x01\": 1}", 3},     /* in a key */
        {"[1,\t2]\n", 7},           /* none: a tab between values */
        {"[1] \"x\ny\"", 6},       /* after the document */
        {"[1] x\"\x1f\"", 6},      /* after it, a quote in junk */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *t = cases[i].text;
        size_t len = strlen(t), raw = 0, n = 0;
        json_spot *s = NULL;
        assert_int_equal(json_spots(t, len, &s, &n, &raw), 0);
        assert_int_equal(raw, cases[i].raw);
        assert_int_equal(json_raw_control(t, len), cases[i].raw);
        free(s);
    }
}

/* The path index over the same texts: lines by path, the k-th copy of a
 * repeated key as "#k". */
static void test_lines_by_path(void **state)
{
    (void)state;
    static const char text[] = "\xEF\xBB\xBF{\"A\": 1,\n\"A\": 2,\n\"B\": [\n 7, {\"C\": 8}]}";
    json_lines jl;
    hw_arena *a = arena_create();
    assert_non_null(a);
    assert_int_equal(json_lines_build(&jl, a, text, sizeof text - 1), 0);
    assert_int_equal(json_lines_get(&jl, ""), 1);
    assert_int_equal(json_lines_get(&jl, "A"), 1);
    assert_int_equal(json_lines_get(&jl, "A#2"), 2);
    assert_int_equal(json_lines_get(&jl, "B"), 3);
    assert_int_equal(json_lines_get(&jl, "B[0]"), 4);
    assert_int_equal(json_lines_get(&jl, "B[1].C"), 4);
    assert_int_equal(json_lines_get(&jl, "B[1].D"), 4); /* its parent's */
    assert_int_equal(jl.nrepeats, 1);
    assert_string_equal(jl.repeats[0].path, "A#2");
    json_lines_free(&jl);
    arena_free(a);
}

/* Bytes a string holds as they are, among them the neighbours of the
 * quote (0x22), the backslash (0x5C) and the control characters (below
 * 0x20), and bytes that end a value outside a string. */
static const char plain[] = " !#[]{},:\x7f\x80\xff\x5b\x5d\x60" "a";

/* text = before, n bytes of `plain` with `mid` (mlen bytes) after the
 * first j of them, then after: built in a buffer of exactly its length,
 * no NUL after it, so that a read past the end is a read past the
 * buffer. */
static char *build(const char *before, size_t n, size_t j, const char *mid, size_t mlen,
                   const char *after, size_t *len)
{
    size_t nb = strlen(before), na = strlen(after);
    *len = nb + n + mlen + na;
    char *t = malloc(*len);
    assert_non_null(t);
    char *w = t;
    memcpy(w, before, nb);
    w += nb;
    for (size_t i = 0; i < n; i++) {
        if (i == j) {
            memcpy(w, mid, mlen);
            w += mlen;
        }
        *w++ = plain[i % (sizeof plain - 1)];
    }
    if (j >= n) {
        memcpy(w, mid, mlen);
        w += mlen;
    }
    memcpy(w, after, na);
    return t;
}

/* Strings of every length up to three words long, and what ends or
 * breaks a run inside them at every place: the closing quote, an escaped
 * quote, a raw line break (which counts as a line), a raw control
 * character. Where the value after the string is, its line and the raw
 * character's offset follow from how the text was built. */
static void test_string_runs(void **state)
{
    (void)state;
    for (size_t n = 0; n <= 24; n++) {
        for (size_t j = 0; j <= n; j++) {
            static const struct {
                const char *mid;
                size_t mlen;
                int lines; /* line breaks it adds */
                int raw;   /* json_raw_control() finds it */
            } mids[] = {
                {"", 0, 0, 0}, {"\\\"", 2, 0, 0}, {"\\\\", 2, 0, 0},
                {"\n", 1, 1, 1}, {"\x1f", 1, 0, 1}, {"\x01", 1, 0, 1},
            };
            for (size_t m = 0; m < sizeof mids / sizeof mids[0]; m++) {
                size_t len, k = mids[m].mlen, raw = 0, got = 0;
                json_spot *s = NULL;
                /* an element: the 7 after it is 5 bytes past the text's
                 * n + k bytes ('[', '"', then '"', ',', ' ') */
                char *t = build("[\"", n, j, mids[m].mid, k, "\", 7]", &len);
                assert_int_equal(json_spots(t, len, &s, &got, &raw), 0);
                assert_int_equal(got, 3);
                assert_int_equal(s[1].at, 1);
                assert_int_equal(s[2].at, n + k + 5);
                assert_int_equal(s[2].line, 1 + mids[m].lines);
                assert_int_equal(raw, mids[m].raw ? 2 + j : len);
                free(s);
                free(t);
                /* a key: its value is after '{', '"', the key, '"', ':', ' ' */
                t = build("{\"", n, j, mids[m].mid, k, "\": 7}", &len);
                assert_int_equal(json_spots(t, len, &s, &got, &raw), 0);
                assert_int_equal(got, 2);
                assert_int_equal(s[1].at, n + k + 5);
                assert_int_equal(s[1].line, 1);
                free(s);
                free(t);
                /* the whole document, its closing quote its last byte */
                t = build("\"", n, j, mids[m].mid, k, "\"", &len);
                assert_int_equal(json_spots(t, len, &s, &got, &raw), 0);
                assert_int_equal(got, 1);
                assert_int_equal(raw, mids[m].raw ? 1 + j : len);
                free(s);
                free(t);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_and_lines),
        cmocka_unit_test(test_read_as_cjson_reads),
        cmocka_unit_test(test_repeats_and_escapes),
        cmocka_unit_test(test_raw_control),
        cmocka_unit_test(test_lines_by_path),
        cmocka_unit_test(test_string_runs),
    };
    return cmocka_run_group_tests_name("json_lines", tests, NULL, NULL);
}
