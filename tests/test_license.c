/* test_license.c - the SPDX line of every generated file follows the
 * licence of its input.
 *
 * Fixtures (tests/license/): a telemetry file that says "Apache-2.0" and
 * one that says nothing, each with every kind of output (headers, docs
 * with a diagram, perf, Streamline). Each file that can hold a comment
 * must carry exactly one SPDX line, in its own comment syntax, at its top:
 * the input's licence, or hwcgen's own for an input without one and for
 * the files built from every target (docs index, perf mapfile); JSON
 * cannot hold one. A licence that is not an SPDX expression (it would be
 * printed inside those comments) is refused, and nothing is written.
 * Run from the top of the tree (make check does).
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "run/pipeline.h"
#include "core/spdx.h"

#define APACHE "tests/license/apache.json"
#define NO_LICENSE "tests/license/no-license.json"
#define HOSTILE "tests/bad/json-license-comment-end.json"

/* Written here, not taken from spdx.h: the test says what the line is. */
#define OWN "(GPL-2.0-only OR MIT)"

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Where each kind of file carries its SPDX line: the line number (0: the
 * line before the one that starts "<svg ", as dot's SVG begins with
 * comments of its own) and the comment around the licence. */
static const struct place {
    const char *suffix;
    int line;
    const char *before, *after;
} places[] = {
    {".h", 1, "/* SPDX-License-Identifier: ", " */"},
    {".xml", 2, "<!-- SPDX-License-Identifier: ", " -->"}, /* after <?xml ...?> */
    {".html", 2, "<!-- SPDX-License-Identifier: ", " -->"}, /* after <!DOCTYPE html> */
    {".md", 1, "<!-- SPDX-License-Identifier: ", " -->"},
    {".dot", 1, "// SPDX-License-Identifier: ", ""},
    {".aliases", 1, "# SPDX-License-Identifier: ", ""},
    {".csv", 1, "# SPDX-License-Identifier: ", ""},
    {".svg", 0, "<!-- SPDX-License-Identifier: ", " -->"}, /* drawn with Graphviz's dot */
};

enum { NPLACES = sizeof places / sizeof places[0] };

/* Line `n` (1-based) of `text`, into buf. */
static const char *line_of(const char *text, int n, char *buf, size_t size)
{
    const char *p = text;
    for (int i = 1; i < n && p; i++)
        p = strchr(p, '\n'), p = p ? p + 1 : NULL;
    if (!p)
        return "";
    snprintf(buf, size, "%.*s", (int)strcspn(p, "\n"), p);
    return buf;
}

static int shared(const char *name)
{
    return !strcmp(name, "docs/index.md") || !strcmp(name, "docs/index.html") ||
           !strcmp(name, "perf/arch/arm64/mapfile.csv");
}

/* Every file of `spec`, rendered as generate would: JSON without an SPDX
 * line, every other file with exactly one, in its place, naming `want`
 * (OWN for the shared files); and each kind of file there at least once. */
static void check_outputs(const char *spec, const char *want)
{
    hw_diag d;
    diag_init(&d, NULL);
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {(char *)spec};
    if (run_load_check(&run, paths, 1) != 0 || run_emit(&run, NULL, NULL) != 0)
        fail_msg("%s does not generate: %s", spec, d.log.data ? d.log.data : "");
    int seen[NPLACES] = {0};
    for (int i = 0; i < run.out.nfiles; i++) {
        const out_file *f = &run.out.files[i];
        char *text = strndup(f->data, f->len), line[512], expect[512];
        assert_non_null(text);
        if (ends_with(f->name, ".json")) {
            if (strstr(text, "SPDX"))
                fail_msg("%s: JSON with an SPDX text", f->name);
            free(text);
            continue;
        }
        int k = 0;
        while (k < NPLACES && !ends_with(f->name, places[k].suffix))
            k++;
        if (k == NPLACES)
            fail_msg("%s: a kind of file this test does not know", f->name);
        seen[k]++;
        snprintf(expect, sizeof expect, "%s%s%s", places[k].before,
                 shared(f->name) ? OWN : want, places[k].after);
        int at = places[k].line, n = 1;
        for (const char *p = text; !at && p; p = strchr(p, '\n'), p = p ? p + 1 : NULL, n++)
            if (!strncmp(p, "<svg ", 5))
                at = n - 1; /* the line before <svg */
        if (strcmp(line_of(text, at, line, sizeof line), expect) != 0)
            fail_msg("%s line %d: '%s', expected '%s'", f->name, at, line, expect);
        const char *again = strstr(strstr(text, "SPDX-License-Identifier") + 1, "SPDX");
        if (again)
            fail_msg("%s: a second SPDX text", f->name);
        free(text);
    }
    for (int k = 0; k < NPLACES; k++)
        if (!seen[k] && (strcmp(places[k].suffix, ".svg") != 0 || run.dot))
            fail_msg("%s: no %s file generated", spec, places[k].suffix);
    run_free(&run);
    diag_free(&d);
}

static void test_input_licence(void **state)
{
    (void)state;
    check_outputs(APACHE, "Apache-2.0");
}

static void test_no_licence_is_ours(void **state)
{
    (void)state;
    check_outputs(NO_LICENSE, OWN);
}

static void test_target_licence(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, NULL);
    hw_target *a = run_open(APACHE, NULL, &d), *n = run_open(NO_LICENSE, NULL, &d);
    assert_non_null(a);
    assert_non_null(n);
    assert_string_equal(a->license, "Apache-2.0");
    assert_null(n->license);
    assert_string_equal(spdx_of(n), OWN);
    assert_string_equal(spdx_of(a), "Apache-2.0");
    target_free(a);
    target_free(n);
    diag_free(&d);
}

static void test_valid_expressions(void **state)
{
    (void)state;
    static const char *const good[] = {
        "MIT", "Apache-2.0", "(GPL-2.0-only OR MIT)", "GPL-2.0+", "BSD-3-Clause",
        "GPL-2.0-only WITH Linux-syscall-note", "LicenseRef-Vendor-1.0",
        "MIT AND (BSD-2-Clause OR Apache-2.0)", "((MIT))", "(MIT)AND(BSD-2-Clause)",
        "MIT  OR  Apache-2.0", "(GPL-2.0-only WITH Linux-syscall-note OR MIT) AND CC0-1.0",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (!spdx_valid(good[i]))
            fail_msg("refused: '%s'", good[i]);
}

static void test_invalid_expressions(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", " ", "MIT */", "MIT\n", "MIT\nint x;", "MIT\t", "MIT -->", "MIT--x",
        "MIT AND", "AND", "OR MIT", "(MIT", "MIT)", "()", "MIT OR OR BSD-2-Clause",
        "MIT BSD-2-Clause", "+MIT", "MI+T", "MIT WITH", "MIT WITH (X)",
        "MIT WITH exception+", "MIT;", "MIT/BSD", "MIT*", "<MIT>", "MIT, BSD",
        "M\xc3\x8dT", "WITH", "MIT WITH X WITH Y",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (spdx_valid(bad[i]))
            fail_msg("accepted: '%s'", bad[i]);
    char longest[SPDX_MAX + 2];
    memset(longest, 'A', sizeof longest - 1);
    longest[sizeof longest - 1] = '\0';
    assert_false(spdx_valid(longest)); /* SPDX_MAX + 1 letters */
    longest[SPDX_MAX] = '\0';
    assert_true(spdx_valid(longest));
}

/* A hostile licence stops generate before anything is written: the
 * directory stays byte for byte as it was. */
static void test_hostile_writes_nothing(void **state)
{
    (void)state;
    const char *bin = hwcgen_binary("test_license");
    assert_non_null(bin);
    char dir[] = "/tmp/hwcgen-license-XXXXXX", cmd[1024];
    assert_non_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "%s generate -q -o %s/out %s", bin, dir, APACHE);
    assert_int_equal(system(cmd), 0);
    char out[256];
    snprintf(out, sizeof out, "%s/out", dir);
    snapshot before = snap(out);
    snprintf(cmd, sizeof cmd, "%s generate -q -o %s/out %s %s 2>%s/log", bin, dir, APACHE,
             HOSTILE, dir);
    int st = system(cmd);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 1);
    snprintf(cmd, sizeof cmd, "%s/log", dir);
    char *log = read_file(cmd, NULL);
    assert_non_null(log);
    if (!strstr(log, HOSTILE ":8: error: document.license: 'MIT */ int evil; /*'"))
        fail_msg("no error naming the licence:\n%s", log);
    snapshot after = snap(out);
    assert_true(same(&before, &after));
    free(log);
    snap_free(&before);
    snap_free(&after);
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_input_licence),
        cmocka_unit_test(test_no_licence_is_ours),
        cmocka_unit_test(test_target_licence),
        cmocka_unit_test(test_valid_expressions),
        cmocka_unit_test(test_invalid_expressions),
        cmocka_unit_test(test_hostile_writes_nothing),
    };
    return cmocka_run_group_tests_name("license", tests, NULL, NULL);
}
