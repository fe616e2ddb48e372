/* test_xml_pattern.c - hwcgen's pattern matcher against libxml2's
 * (gen/load/load_xml_pattern.c).
 *
 * A spec is valid only if each value matches its schema's pattern as
 * libxml2 decides it, so libxml2's xmlRegexpExec is the judge here: every
 * pattern of the schemas in spec/schema, read from the files, and patterns for each
 * construct the matcher takes, against every text of up to three
 * characters over an alphabet of the characters those patterns name (and
 * two non-ASCII ones), and against random longer texts. Patterns the
 * matcher does not take must be refused, never guessed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlregexp.h>

#include "load/load_xml_pattern.h"

/* Characters the patterns name, blanks, and two non-ASCII characters. */
static const char *const alphabet[] = {
    "a", "z", "A", "Z", "_", "0", "1", "9", "x", "X", "b", "B", "e", "E", "-", "+",
    ".", " ", "\t", "\n", "\r", "/", "^", "$", "|", "(", "\\", "\xc3\xa9", "\xe2\x82\xac",
};
enum { NALPHA = sizeof alphabet / sizeof alphabet[0] };

/* Patterns for each construct, beside those of the schemas. */
static const char *const constructs[] = {
    "a", "ab|c", "(ab)*", "(a|)", "a?b+", "[a-z]*", "[^a]", "[^\\n]*", ".", ".*",
    "\\s*\\S[\\s\\S]*", "[-a]", "[a-]", "[\\-+]?", "\\.", "\\|\\(", "^a$", "[^\\s]",
    "(a(b(c)?)*)+", "[0-9]+|0[xX][0-9A-Fa-f]+|0[bB][01]+", "x*x*x*",
};

/* Patterns it must refuse. */
static const char *const refused[] = {
    "a{2}", "\\d", "\\w", "\\p{L}", "[a-z-[aeiou]]", "\xc3\xa9", "(a", "a)", "[z-a]", "*a",
};

static int same(xmlRegexpPtr lib, const xsd_pattern *ours, const char *text)
{
    int want = xmlRegexpExec(lib, (const xmlChar *)text) == 1;
    int got = xsd_pattern_match(ours, text);
    if (want != got)
        fprintf(stderr, "text \"%s\": libxml2 says %d, hwcgen %d\n", text, want, got);
    return want == got;
}

/* Every text of up to three letters of the alphabet, then random ones. */
static void agree(const char *re)
{
    xmlRegexpPtr lib = xmlRegexpCompile((const xmlChar *)re);
    xsd_pattern *ours = xsd_pattern_compile(re);
    assert_non_null(lib);
    if (!ours)
        fail_msg("pattern %s not compiled", re);
    char text[128];
    int bad = !same(lib, ours, "");
    for (int i = 0; i < NALPHA; i++)
        for (int j = -1; j < NALPHA; j++)
            for (int k = -1; k < NALPHA; k++) {
                snprintf(text, sizeof text, "%s%s%s", alphabet[i], j < 0 ? "" : alphabet[j],
                         k < 0 || j < 0 ? "" : alphabet[k]);
                bad += !same(lib, ours, text);
            }
    srand(7);
    for (int r = 0; r < 20000; r++) {
        size_t n = 0, len = (size_t)(rand() % 12);
        text[0] = '\0';
        for (size_t c = 0; c < len; c++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s", alphabet[rand() % NALPHA]);
        bad += !same(lib, ours, text);
    }
    if (bad)
        fail_msg("pattern %s: %d texts judged otherwise than libxml2 does", re, bad);
    xsd_pattern_free(ours);
    xmlRegFreeRegexp(lib);
}

/* The text of every <param name="pattern"> of one schema file. */
static int schema_patterns(const char *file)
{
    FILE *f = fopen(file, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    static const char open[] = "<param name=\"pattern\">";
    int found = 0;
    for (char *p = strstr(buf, open); p; p = strstr(p, open)) {
        p += sizeof open - 1;
        char *end = strstr(p, "</param>");
        assert_non_null(end);
        char re[512];
        snprintf(re, sizeof re, "%.*s", (int)(end - p), p);
        agree(re);
        found++;
    }
    return found;
}

static void test_schema_patterns(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(glob("spec/schema/*.rng", 0, NULL, &g), 0);
    int found = 0;
    for (size_t i = 0; i < g.gl_pathc; i++)
        found += schema_patterns(g.gl_pathv[i]);
    globfree(&g);
    assert_true(found >= 15); /* the three schemas' patterns */
}

static void test_constructs(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof constructs / sizeof constructs[0]; i++)
        agree(constructs[i]);
}

static void test_refused(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        xsd_pattern *p = xsd_pattern_compile(refused[i]);
        if (p)
            fail_msg("pattern %s compiled", refused[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schema_patterns),
        cmocka_unit_test(test_constructs),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
