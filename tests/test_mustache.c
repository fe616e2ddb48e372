/* test_mustache.c - unit tests for gen/mustache.c, plus the official
 * Mustache spec suite read from MUSTACHE_SPEC_DIR (never copied here). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/mustache.h"

/* ---- helpers ------------------------------------------------------------ */

/* A NULL-name-terminated table of partials. */
typedef struct partial {
    const char *name;
    const char *text;
} partial;

static const char *table_partial(void *ctx, const char *name)
{
    for (const partial *p = ctx; p->name != NULL; p++) {
        if (strcmp(p->name, name) == 0)
            return p->text;
    }
    return NULL;
}

static cJSON *parse_json(const char *json)
{
    cJSON *data = cJSON_Parse(json);
    assert_non_null(data);
    return data;
}

static void check_render_with(const char *tmpl, const char *json,
                              mu_escape escape, partial *partials,
                              const char *expected)
{
    cJSON *data = parse_json(json);
    hw_buf out;
    buf_init(&out);
    mu_error err;
    int rc = mu_render("t", tmpl, data, escape,
                       partials ? table_partial : NULL, partials, &out, &err);
    if (rc != 0)
        print_error("unexpected error: %s\n", err.message);
    assert_int_equal(rc, 0);
    assert_string_equal(out.data ? out.data : "", expected);
    buf_free(&out);
    cJSON_Delete(data);
}

static void check_render(const char *tmpl, const char *json,
                         const char *expected)
{
    check_render_with(tmpl, json, MU_ESCAPE_HTML, NULL, expected);
}

/* Render must fail at line:col with `fragment` in the message, and leave
 * what the buffer held before untouched. */
static void check_error(const char *tmpl, partial *partials, int line,
                        int col, const char *fragment)
{
    hw_buf out;
    buf_init(&out);
    buf_puts(&out, "kept");
    mu_error err;
    cJSON *data = parse_json("{\"a\": true}");
    int rc = mu_render("main", tmpl, data, MU_ESCAPE_HTML,
                       partials ? table_partial : NULL, partials, &out, &err);
    assert_int_equal(rc, -1);
    if (strstr(err.message, fragment) == NULL)
        print_error("message '%s' lacks '%s'\n", err.message, fragment);
    assert_non_null(strstr(err.message, fragment));
    assert_int_equal(err.line, line);
    assert_int_equal(err.col, col);
    assert_string_equal(out.data, "kept");
    buf_free(&out);
    cJSON_Delete(data);
}

static void check_escape(const char *in, mu_escape escape,
                         const char *expected)
{
    hw_buf out;
    buf_init(&out);
    mu_escape_append(&out, in, escape);
    assert_string_equal(out.data ? out.data : "", expected);
    buf_free(&out);
}

/* ---- interpolation ------------------------------------------------------ */

static void test_interpolation(void **state)
{
    (void)state;
    check_render("Hi {{name}}!", "{\"name\": \"Ann\"}", "Hi Ann!");
    check_render("{{x}}|{{{x}}}|{{&x}}", "{\"x\": \"<a & \\\"b\\\">\"}",
                 "&lt;a &amp; &quot;b&quot;&gt;|<a & \"b\">|<a & \"b\">");
    check_render("[{{ x }}][{{{ x }}}][{{& x }}]", "{\"x\": 1}", "[1][1][1]");
    check_render("[{{missing}}][{{n}}]", "{\"n\": null}", "[][]");
    check_render("{{t}} {{f}}", "{\"t\": true, \"f\": false}", "true false");
    check_render("{{l}}{{o}}", "{\"l\": [1], \"o\": {\"a\": 1}}", "");
    check_render("no tags { } }}", "{}", "no tags { } }}");
}

static void test_numbers(void **state)
{
    (void)state;
    check_render("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}}",
                 "{\"a\": 85, \"b\": 1.21, \"c\": -3, \"d\": 0, "
                 "\"e\": 4294967296, \"f\": 0.1}",
                 "85 1.21 -3 0 4294967296 0.1");
    check_render("{{a}} {{b}}", "{\"a\": 1e300, \"b\": -2.5e-7}",
                 "1e+300 -2.5e-07");
}

static void test_dotted_names(void **state)
{
    (void)state;
    const char *json = "{\"a\": {\"b\": {\"c\": \"deep\"}}, \"x\": \"top\","
                       " \"a.b\": \"never\"}";
    check_render("{{a.b.c}}", json, "deep");
    check_render("[{{a.b.zz}}][{{a.q.c}}][{{zz.b}}]", json, "[][][]");
    check_render("{{#a}}{{x}} {{b.c}}{{/a}}", json, "top deep");
    /* once "b" is found, the rest of the path is not looked up higher */
    check_render("{{#a}}[{{b.x}}]{{/a}}", json, "[]");
}

static void test_implicit_iterator(void **state)
{
    (void)state;
    check_render("{{#l}}({{.}}){{/l}}", "{\"l\": [1, \"a\", 2.5, true]}",
                 "(1)(a)(2.5)(true)");
    check_render("{{.}}", "\"<root>\"", "&lt;root&gt;");
    check_render("{{#.}}[{{#.}}{{.}}{{/.}}]{{/.}}", "[[1, 2], [3]]",
                 "[12][3]");
}

/* ---- sections ----------------------------------------------------------- */

static void test_sections(void **state)
{
    (void)state;
    check_render("{{#l}}{{n}},{{/l}}", "{\"l\": [{\"n\": 1}, {\"n\": 2}]}",
                 "1,2,");
    check_render("{{#o}}{{n}}{{/o}}", "{\"o\": {\"n\": \"x\"}}", "x");
    check_render("{{#o}}{{n}}/{{top}}{{/o}}",
                 "{\"o\": {\"n\": 1}, \"top\": \"T\"}", "1/T");
    check_render("{{#s}}{{.}} is {{s}}{{/s}}", "{\"s\": \"v\"}", "v is v");
}

static void test_truthiness(void **state)
{
    (void)state;
    const char *json = "{\"f\": false, \"n\": null, \"e\": [], \"t\": true,"
                       " \"s\": \"\", \"z\": 0, \"o\": {}}";
    check_render("{{#f}}F{{/f}}{{#n}}N{{/n}}{{#e}}E{{/e}}{{#m}}M{{/m}}",
                 json, "");
    check_render("{{#t}}T{{/t}}{{#s}}S{{/s}}{{#z}}Z{{/z}}{{#o}}O{{/o}}",
                 json, "TSZO");
    check_render("{{^f}}F{{/f}}{{^n}}N{{/n}}{{^e}}E{{/e}}{{^m}}M{{/m}}",
                 json, "FNEM");
    check_render("{{^t}}T{{/t}}{{^s}}S{{/s}}{{^z}}Z{{/z}}{{^o}}O{{/o}}",
                 json, "");
}

static void test_nested_sections(void **state)
{
    (void)state;
    check_render("{{#a}}{{#b}}{{x}}{{/b}}{{^c}}!{{/c}}{{/a}}",
                 "{\"a\": [{\"b\": {\"x\": 1}}, {\"b\": false, \"c\": 1}],"
                 " \"x\": 0}",
                 "1!");
}

/* ---- whitespace --------------------------------------------------------- */

static void test_standalone_lines(void **state)
{
    (void)state;
    const char *json = "{\"t\": true, \"f\": false}";
    check_render("a\n  {{#t}}  \nb\n  {{/t}}\nc\n", json, "a\nb\nc\n");
    check_render("a\r\n{{^f}}\r\nb\r\n{{/f}}\r\n", json, "a\r\nb\r\n");
    check_render("a\n\t{{! gone }}\nb", json, "a\nb");
    check_render("  {{#t}}\nx{{/t}}", json, "x");
    check_render("x\n  {{#t}}\ny\n  {{/t}}", json, "x\ny\n");
}

static void test_not_standalone(void **state)
{
    (void)state;
    const char *json = "{\"t\": true, \"v\": \"V\"}";
    /* interpolations and tags sharing a line keep their whitespace */
    check_render("  {{v}}\n", json, "  V\n");
    check_render(" {{#t}}x{{/t}}\n", json, " x\n");
    check_render("a {{! c }} b\n", json, "a  b\n");
    check_render("{{#t}}{{/t}}\n", json, "\n");
}

static void test_comments(void **state)
{
    (void)state;
    check_render("1{{! x }}2{{!\nmulti {{ line\n}}3", "{}", "123");
}

/* ---- partials ----------------------------------------------------------- */

static void test_partials(void **state)
{
    (void)state;
    partial parts[] = {{"p", "<{{x}}>"},
                       {"outer", "[{{>p}}]"},
                       {"list", "- {{.}}\n"},
                       {NULL, NULL}};
    check_render_with("{{>p}}", "{\"x\": 1}", MU_ESCAPE_HTML, parts, "<1>");
    check_render_with("{{#o}}{{> outer }}{{/o}}", "{\"o\": {\"x\": 2}}",
                      MU_ESCAPE_HTML, parts, "[<2>]");
    check_render_with("{{>nope}}|", "{}", MU_ESCAPE_HTML, parts, "|");
    check_render_with("{{>p}}|", "{}", MU_ESCAPE_HTML, NULL, "|");
    check_render_with("{{#l}}\n  {{>list}}\n{{/l}}", "{\"l\": [1, 2]}",
                      MU_ESCAPE_HTML, parts, "  - 1\n  - 2\n");
}

static void test_partial_indentation(void **state)
{
    (void)state;
    partial parts[] = {{"two", "a\n{{v}}\n  {{#t}}\nb\n  {{/t}}\nend"},
                       {"in", "<{{>two}}>"},
                       {NULL, NULL}};
    /* lines of the partial are indented, lines of values are not */
    check_render_with("x\n  {{>two}}\ny", "{\"v\": \"1\\n2\", \"t\": true}",
                      MU_ESCAPE_NONE, parts, "x\n  a\n  1\n2\n  b\n  endy");
    /* an inline partial gets no indentation */
    check_render_with("  {{>in}}.\n", "{\"v\": \"v\", \"t\": false}",
                      MU_ESCAPE_NONE, parts, "  <a\nv\nend>.\n");
}

/* "n" nests `levels` deep; the partial recurses once per level, so it is
 * rendered levels + 1 times, nested that deep. */
static void check_recursion_depth(int levels, int expect_rc)
{
    partial parts[] = {{"p", "x{{#n}}{{>p}}{{/n}}"}, {NULL, NULL}};
    cJSON *root = cJSON_CreateObject();
    cJSON *node = root;
    for (int i = 0; i < levels; i++) {
        cJSON *child = cJSON_CreateObject();
        cJSON_AddItemToObject(node, "n", child);
        node = child;
    }
    /* without it "n" would resolve in an outer context and never end */
    cJSON_AddFalseToObject(node, "n");
    hw_buf out;
    buf_init(&out);
    mu_error err;
    int rc = mu_render("main", "{{>p}}", root, MU_ESCAPE_NONE, table_partial,
                       parts, &out, &err);
    assert_int_equal(rc, expect_rc);
    if (rc == 0)
        assert_int_equal(out.len, (size_t)levels + 1);
    else
        assert_non_null(strstr(err.message, "deeper than 64"));
    buf_free(&out);
    cJSON_Delete(root);
}

static void test_partial_depth_limit(void **state)
{
    (void)state;
    check_recursion_depth(MU_MAX_PARTIAL_DEPTH - 1, 0);
    check_recursion_depth(MU_MAX_PARTIAL_DEPTH, -1);
}

/* ---- set delimiters ----------------------------------------------------- */

static void test_set_delimiters(void **state)
{
    (void)state;
    partial parts[] = {{"p", "{{x}}"}, {NULL, NULL}};
    check_render_with("{{=<% %>=}}int a[] = {{<%x%>}};", "{\"x\": 7}",
                      MU_ESCAPE_NONE, parts, "int a[] = {{7}};");
    check_render_with("a\n{{= | | =}}\n|x||={{ }}=|{{x}}", "{\"x\": 7}",
                      MU_ESCAPE_NONE, parts, "a\n77");
    /* partials always start with the default delimiters */
    check_render_with("{{=[ ]=}}[>p]", "{\"x\": 7}", MU_ESCAPE_NONE, parts,
                      "7");
}

/* ---- errors ------------------------------------------------------------- */

static void test_errors(void **state)
{
    (void)state;
    check_error("ab\n  {{#a}}x", NULL, 2, 3, "unclosed section 'a'");
    check_error("{{#a}}\n{{#b}}{{/a}}", NULL, 2, 7,
                "close tag 'a' does not match section 'b' opened at 2:1");
    check_error("x{{/a}}", NULL, 1, 2, "without an open section");
    check_error("line\n\tx {{a", NULL, 2, 4, "unclosed tag");
    check_error("{{{a}}", NULL, 1, 1, "unclosed tag");
    check_error("{{ }}", NULL, 1, 1, "empty tag name");
    check_error("{{#}}{{/}}", NULL, 1, 1, "empty tag name");
    check_error("{{a b}}", NULL, 1, 1, "malformed tag name");
    check_error("{{=<%=}}", NULL, 1, 1, "malformed set-delimiters");
    check_error("{{=a b c=}}", NULL, 1, 1, "malformed set-delimiters");
}

static void test_partial_errors(void **state)
{
    (void)state;
    partial parts[] = {{"bad", "ok\n{{#x}}"},
                       {"self", "{{>self}}"},
                       {"ind", "\n {{/y}}"},
                       {NULL, NULL}};
    check_error("1\n  {{>bad}}", parts, 2, 1,
                "bad:2:1: unclosed section 'x' (included from main:2:3)");
    check_error("{{>self}}", parts, 1, 1, "deeper than 64");
    /* the column ignores the indentation added to a standalone partial */
    check_error("   {{>ind}}", parts, 2, 2, "ind:2:2:");
}

static void test_out_of_memory(void **state)
{
    (void)state;
    hw_buf out;
    buf_init(&out);
    out.failed = 1; /* as if an earlier append had run out of memory */
    mu_error err;
    assert_int_equal(mu_render("m", "x", NULL, MU_ESCAPE_NONE, NULL, NULL,
                               &out, &err),
                     -1);
    assert_non_null(strstr(err.message, "out of memory"));
    buf_free(&out);
}

static void test_appends_and_null_args(void **state)
{
    (void)state;
    hw_buf out;
    buf_init(&out);
    buf_puts(&out, "head:");
    assert_int_equal(mu_render(NULL, "{{.}}", NULL, MU_ESCAPE_HTML, NULL,
                               NULL, &out, NULL),
                     0);
    assert_int_equal(mu_render("t", "tail", NULL, MU_ESCAPE_HTML, NULL, NULL,
                               &out, NULL),
                     0);
    assert_string_equal(out.data, "head:tail");
    mu_error err;
    assert_int_equal(mu_render(NULL, NULL, NULL, MU_ESCAPE_HTML, NULL, NULL,
                               &out, &err),
                     -1);
    assert_non_null(strstr(err.message, "<template>"));
    buf_free(&out);
}

/* ---- escaping ----------------------------------------------------------- */

static void test_escape_html(void **state)
{
    (void)state;
    check_escape("a & b < c > d \"e\" 'f'", MU_ESCAPE_HTML,
                 "a &amp; b &lt; c &gt; d &quot;e&quot; 'f'");
    check_escape("", MU_ESCAPE_HTML, "");
    check_escape(NULL, MU_ESCAPE_HTML, "");
}

static void test_escape_none(void **state)
{
    (void)state;
    check_escape("<*/ \\ \"x\"\n", MU_ESCAPE_NONE, "<*/ \\ \"x\"\n");
}

static void test_escape_c_string(void **state)
{
    (void)state;
    check_escape("say \"hi\\\"\n\tx\r", MU_ESCAPE_C_STRING,
                 "say \\\"hi\\\\\\\"\\n\\tx\\r");
    check_escape("a\x01" "1\x7f" "z", MU_ESCAPE_C_STRING, "a\\0011\\177z");
    check_escape("caf\xc3\xa9", MU_ESCAPE_C_STRING, "caf\\303\\251");
    /* "?\?" in the input: a literal "??!" here would itself be a trigraph */
    check_escape("what?\?! ?\?\?=", MU_ESCAPE_C_STRING,
                 "what\\?\\?! \\?\\?\\?=");
    /* A lone '?' too: the template text next to it may hold another. */
    check_escape("one? ok", MU_ESCAPE_C_STRING, "one\\? ok");
}

static void test_escape_c_comment(void **state)
{
    (void)state;
    check_escape("counts cycles */ then /* more", MU_ESCAPE_C_COMMENT,
                 "counts cycles * / then / * more");
    check_escape("*/*/", MU_ESCAPE_C_COMMENT, "* / * /");
    check_escape("a * b / c // d", MU_ESCAPE_C_COMMENT, "a * b / c // d");
    check_escape("x**/", MU_ESCAPE_C_COMMENT, "x** /");
}

static void test_escape_markdown(void **state)
{
    (void)state;
    check_escape("a|b *c* _d_ `e` [f](g) <h> \\", MU_ESCAPE_MARKDOWN,
                 "a\\|b \\*c\\* \\_d\\_ \\`e\\` \\[f\\](g) \\<h\\> \\\\");
    check_escape("l1\nl2\r\nl3\rl4", MU_ESCAPE_MARKDOWN, "l1 l2 l3 l4");
    check_escape("&lt; & x", MU_ESCAPE_MARKDOWN, "&amp;lt; &amp; x");
}

static void test_escape_modes_in_render(void **state)
{
    (void)state;
    const char *json = "{\"d\": \"uses */ and \\\"q\\\"\"}";
    check_render_with("/* {{d}} */", json, MU_ESCAPE_C_COMMENT, NULL,
                      "/* uses * / and \"q\" */");
    check_render_with("\"{{d}}\"", json, MU_ESCAPE_C_STRING, NULL,
                      "\"uses */ and \\\"q\\\"\"");
    check_render_with("|{{d}}|{{{d}}}", json, MU_ESCAPE_MARKDOWN, NULL,
                      "|uses \\*/ and \"q\"|uses */ and \"q\"");
}

/* ---- the official spec suite -------------------------------------------- */

static const char *spec_dir(void)
{
    const char *dir = getenv("MUSTACHE_SPEC_DIR");
    return dir != NULL && *dir != '\0' ? dir
                                       : "../shared/reference/mustache-spec";
}


/* Lambdas are objects tagged {"__tag__": "code"} in the spec files. */
static int uses_lambda(const cJSON *node)
{
    const cJSON *tag = cJSON_GetObjectItemCaseSensitive(node, "__tag__");
    if (cJSON_IsString(tag) && strcmp(tag->valuestring, "code") == 0)
        return 1;
    for (const cJSON *c = node ? node->child : NULL; c != NULL; c = c->next) {
        if (uses_lambda(c))
            return 1;
    }
    return 0;
}

static const char *json_partial(void *ctx, const char *name)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ctx, name));
}

/* One line per failure: values are C-escaped so they stay on it. */
static void report_failure(const char *file, const char *name,
                           const char *expected, const char *got)
{
    hw_buf line;
    buf_init(&line);
    buf_printf(&line, "FAIL %s: %s: expected \"", file, name);
    mu_escape_append(&line, expected, MU_ESCAPE_C_STRING);
    buf_puts(&line, "\" got \"");
    mu_escape_append(&line, got, MU_ESCAPE_C_STRING);
    buf_puts(&line, "\"");
    printf("%s\n", line.data);
    buf_free(&line);
}

/* 1 when the case passes, 0 when it fails. */
static int run_case(const char *file, const cJSON *tc)
{
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(tc, "name"));
    const char *tmpl =
        cJSON_GetStringValue(cJSON_GetObjectItem(tc, "template"));
    const char *expected =
        cJSON_GetStringValue(cJSON_GetObjectItem(tc, "expected"));
    cJSON *partials = cJSON_GetObjectItem(tc, "partials");
    if (name == NULL || tmpl == NULL || expected == NULL) {
        printf("FAIL %s: malformed case\n", file);
        return 0;
    }
    hw_buf out;
    buf_init(&out);
    mu_error err;
    int rc = mu_render(name, tmpl, cJSON_GetObjectItem(tc, "data"),
                       MU_ESCAPE_HTML, json_partial, partials, &out, &err);
    const char *got = out.data ? out.data : "";
    int ok = rc == 0 && strcmp(got, expected) == 0;
    if (rc != 0)
        printf("FAIL %s: %s: %s\n", file, name, err.message);
    else if (!ok)
        report_failure(file, name, expected, got);
    buf_free(&out);
    return ok;
}

typedef struct tally {
    int passed;
    int total;
    int skipped;
} tally;

static void run_spec_file(const char *dir, const char *file, tally *t)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *text = read_file(path, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    free(text);
    const cJSON *tests = cJSON_GetObjectItem(doc, "tests");
    if (!cJSON_IsArray(tests)) {
        printf("FAIL %s: cannot read or parse its tests\n", path);
        t->total++;
    }
    for (const cJSON *tc = tests ? tests->child : NULL; tc; tc = tc->next) {
        if (uses_lambda(cJSON_GetObjectItem(tc, "data"))) {
            t->skipped++;
            continue;
        }
        t->total++;
        t->passed += run_case(file, tc);
    }
    cJSON_Delete(doc);
}

static void run_spec(const char *label, const char *const *files)
{
    const char *dir = spec_dir();
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("%s: skipped, %s not found\n", label, dir);
        skip();
    }
    tally t = {0, 0, 0};
    for (const char *const *f = files; *f != NULL; f++)
        run_spec_file(dir, *f, &t);
    if (t.skipped > 0)
        printf("%s: %d lambda cases skipped\n", label, t.skipped);
    printf("%s: %d/%d cases passed\n", label, t.passed, t.total);
    assert_int_equal(t.passed, t.total);
}

static void test_spec_suite(void **state)
{
    (void)state;
    static const char *const files[] = {
        "interpolation.json", "sections.json", "inverted.json",
        "comments.json",      "partials.json", NULL};
    run_spec("mustache spec", files);
}

/* Set delimiters are an extra, so their spec file is reported apart. */
static void test_spec_delimiters(void **state)
{
    (void)state;
    static const char *const files[] = {"delimiters.json", NULL};
    run_spec("mustache spec (delimiters)", files);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interpolation),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_dotted_names),
        cmocka_unit_test(test_implicit_iterator),
        cmocka_unit_test(test_sections),
        cmocka_unit_test(test_truthiness),
        cmocka_unit_test(test_nested_sections),
        cmocka_unit_test(test_standalone_lines),
        cmocka_unit_test(test_not_standalone),
        cmocka_unit_test(test_comments),
        cmocka_unit_test(test_partials),
        cmocka_unit_test(test_partial_indentation),
        cmocka_unit_test(test_partial_depth_limit),
        cmocka_unit_test(test_set_delimiters),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_partial_errors),
        cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_appends_and_null_args),
        cmocka_unit_test(test_escape_html),
        cmocka_unit_test(test_escape_none),
        cmocka_unit_test(test_escape_c_string),
        cmocka_unit_test(test_escape_c_comment),
        cmocka_unit_test(test_escape_markdown),
        cmocka_unit_test(test_escape_modes_in_render),
        cmocka_unit_test(test_spec_suite),
        cmocka_unit_test(test_spec_delimiters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
