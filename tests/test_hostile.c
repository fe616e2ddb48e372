/* test_hostile.c - text that breaks naive generators comes out exact in
 * every output.
 *
 * tests/hostile/ holds a telemetry spec and a GPU template whose titles and
 * descriptions carry a comment terminator, quotes, backslashes, markup,
 * entities, printf conversions, escape-like text ("\0", "\x00",
 * "\u0000"), trigraphs and a line break. `hwcgen generate` (the binary in
 * $HWCGEN, default ./hwcgen) writes them into a temporary directory, then
 * each consumer reads its file back:
 *   C headers    compile with gcc and clang, C and C++, trigraphs on
 *   perf JSON    cJSON reads back the exact title and description
 *   Streamline   libxml2 reads back the exact attributes
 *   HTML         libxml2's HTML parser finds the words, and no <b> or <i>
 *   Markdown     no raw tag survives
 *   Graphviz     every label unescapes to the exact name and title
 * Run from the top of the tree (make check does). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>

/* The text in tests/hostile/, as the specs spell it once parsed. */
#define HOSTILE_DESC                                                         \
    "ends */ here /* and \"quotes\" \\ backslash <b>tag</b> & amp &amp; "   \
    "%s %n %d%% \\0 \\x00 \\u0000 ?\?/ ?\?= line one\nline two"
#define HOSTILE_DESC_FOLDED                                                  \
    "ends */ here /* and \"quotes\" \\ backslash <b>tag</b> & amp &amp; "   \
    "%s %n %d%% \\0 \\x00 \\u0000 ?\?/ ?\?= line one line two"
#define HOSTILE_TITLE "Title */ \"q\" \\ <i> & %s ?\?/"

static char dir[64];


static int sh(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return system(cmd);
}

static int setup(void **state)
{
    (void)state;
    const char *hwcgen = getenv("HWCGEN") ? getenv("HWCGEN") : "./hwcgen";
    snprintf(dir, sizeof dir, "/tmp/hwcgen-hostile-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    return sh("%s generate -q -o %s/out tests/hostile/hostile-cpu.json "
              "tests/hostile/hostile-gpu.xml",
              hwcgen, dir) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return sh("rm -rf %s", dir) == 0 ? 0 : -1;
}

static size_t files(const char *pattern, glob_t *g)
{
    char p[256];
    snprintf(p, sizeof p, "%s/out/%s", dir, pattern);
    assert_int_equal(glob(p, 0, NULL, g), 0);
    return g->gl_pathc;
}

/* ---- C ------------------------------------------------------------------- */

static int compiles(const char *cc, const char *flags, const char *header,
                    const char *ext)
{
    const char *base = strrchr(header, '/') + 1;
    char src[128];
    snprintf(src, sizeof src, "%s/use.%s", dir, ext);
    FILE *f = fopen(src, "w");
    assert_non_null(f);
    fprintf(f, "#include \"%s\"\ntypedef int translation_unit_not_empty;\n", base);
    fclose(f);
    char inc[128];
    snprintf(inc, sizeof inc, "%s/out/include/hwcgen", dir);
    int rc = sh("%s %s -Wall -Wextra -Werror -pedantic -fsyntax-only -I%s %s",
                cc, flags, inc, src);
    if (rc != 0)
        printf("  %s %s %s: does not compile\n", cc, flags, base);
    return rc == 0;
}

static void test_headers_compile(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(files("include/hwcgen/*.h", &g), 4);
    const char *c_modes[] = {"-std=c99 -trigraphs", "-std=c11 -trigraphs"};
    int failed = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        const char *h = g.gl_pathv[i];
        char *text = read_file(h, NULL);
        assert_non_null(text);
        /* The words arrive, with the comment terminator defused. */
        assert_non_null(strstr(text, "Title * / \"q\" \\ <i> & %s ?\?/"));
        int freestanding = strstr(text, "Freestanding") != NULL;
        free(text);
        for (int c = 0; c < 2; c++) {
            const char *cc = c ? "clang" : "gcc", *cxx = c ? "clang++" : "g++";
            for (size_t m = 0; m < 2; m++)
                failed += !compiles(cc, c_modes[m], h, "c");
            failed += !compiles(cxx, "-std=c++17 -trigraphs", h, "cpp");
            if (freestanding)
                failed += !compiles(cc, "-std=c89 -trigraphs -ffreestanding "
                                        "-nostdlib -Wno-long-long", h, "c");
        }
    }
    globfree(&g);
    assert_int_equal(failed, 0);
}

/* ---- perf ---------------------------------------------------------------- */

static void test_perf_json(void **state)
{
    (void)state;
    glob_t g;
    assert_true(files("perf/arch/arm64/arm/hostile-core/*.json", &g) >= 2);
    int events = 0, metrics = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *text = read_file(g.gl_pathv[i], NULL);
        assert_non_null(text);
        cJSON *root = cJSON_Parse(text);
        free(text);
        assert_non_null(root);
        const cJSON *e;
        cJSON_ArrayForEach(e, root) {
            const char *brief = cJSON_GetStringValue(cJSON_GetObjectItem(e, "BriefDescription"));
            const char *pub = cJSON_GetStringValue(cJSON_GetObjectItem(e, "PublicDescription"));
            assert_non_null(brief);
            assert_string_equal(brief, HOSTILE_TITLE);
            assert_non_null(pub);
            assert_string_equal(pub, HOSTILE_DESC);
            if (cJSON_GetObjectItem(e, "MetricExpr"))
                metrics++;
            else
                events++;
        }
        cJSON_Delete(root);
    }
    globfree(&g);
    assert_int_equal(events, 2);
    assert_int_equal(metrics, 1);
}

/* ---- Streamline ---------------------------------------------------------- */

static void test_streamline_xml(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(files("streamline/*.xml", &g), 2);
    int descs = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        xmlDocPtr doc = xmlReadFile(g.gl_pathv[i], NULL, XML_PARSE_NONET);
        assert_non_null(doc);
        xmlXPathContextPtr x = xmlXPathNewContext(doc);
        xmlXPathObjectPtr r = xmlXPathEvalExpression(BAD_CAST "//event", x);
        assert_non_null(r);
        int n = r->nodesetval ? r->nodesetval->nodeNr : 0;
        assert_true(n >= 2);
        for (int k = 0; k < n; k++) {
            xmlChar *d = xmlGetProp(r->nodesetval->nodeTab[k], BAD_CAST "description");
            /* XML specs' element text is laid out over lines, so the
             * GPU loader folds white space; JSON strings keep theirs. */
            if (d) {
                assert_string_equal((const char *)d,
                                    strstr(g.gl_pathv[i], "Mali") ? HOSTILE_DESC_FOLDED
                                                                  : HOSTILE_DESC);
                descs++;
            }
            xmlFree(d);
        }
        xmlXPathFreeObject(r);
        xmlXPathFreeContext(x);
        xmlFreeDoc(doc);
    }
    globfree(&g);
    assert_true(descs >= 4);
}

/* ---- docs ---------------------------------------------------------------- */

/* Text content with runs of white space made one space. */
static char *squashed_text(xmlNodePtr n)
{
    xmlChar *raw = xmlNodeGetContent(n);
    assert_non_null(raw);
    char *s = strdup((const char *)raw), *w = s;
    xmlFree(raw);
    for (const char *r = s; *r; r++) {
        int space = *r == ' ' || *r == '\n' || *r == '\t' || *r == '\r';
        if (space && (w == s || w[-1] == ' '))
            continue;
        *w++ = space ? ' ' : *r;
    }
    *w = '\0';
    return s;
}

static void test_html(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(files("docs/*.html", &g), 3);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        if (strstr(g.gl_pathv[i], "index.html"))
            continue;
        htmlDocPtr doc = htmlReadFile(g.gl_pathv[i], "UTF-8",
                                      HTML_PARSE_NONET | HTML_PARSE_NOERROR |
                                      HTML_PARSE_NOWARNING);
        assert_non_null(doc);
        xmlXPathContextPtr x = xmlXPathNewContext(doc);
        /* no element from the text; the one script is the page's own */
        xmlXPathObjectPtr tags = xmlXPathEvalExpression(
            BAD_CAST "//b | //i | //script[not(contains(., 'filter-box'))]", x);
        assert_true(!tags->nodesetval || tags->nodesetval->nodeNr == 0);
        xmlXPathFreeObject(tags);
        xmlXPathFreeContext(x);
        char *text = squashed_text(xmlDocGetRootElement(doc));
        assert_non_null(strstr(text, "ends */ here /* and \"quotes\" \\ backslash "
                                     "<b>tag</b> & amp &amp; %s %n %d%% \\0 \\x00 "
                                     "\\u0000 ?\?/ ?\?= line one line two"));
        assert_non_null(strstr(text, HOSTILE_TITLE));
        free(text);
        xmlFreeDoc(doc);
    }
    globfree(&g);
}

static void test_markdown(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(files("docs/*.md", &g), 3);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *md = read_file(g.gl_pathv[i], NULL);
        assert_non_null(md);
        assert_null(strstr(md, "<b>tag"));
        assert_null(strstr(md, "<i>"));
        if (!strstr(g.gl_pathv[i], "index.md"))
            assert_non_null(strstr(md, "%s %n %d%%"));
        free(md);
    }
    globfree(&g);
}

/* The value of a DOT quoted string starting after its opening quote;
 * *end is set past the closing quote. */
static char *dot_unquote(const char *s, const char **end)
{
    char *out = malloc(strlen(s) + 1), *w = out;
    for (; *s && *s != '"'; s++) {
        if (*s == '\\' && s[1]) {
            s++;
            *w++ = *s == 'n' ? '\n' : *s;
        } else {
            *w++ = *s;
        }
    }
    *w = '\0';
    *end = *s ? s + 1 : s;
    return out;
}

static void test_graphviz(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(files("docs/*.dot", &g), 1); /* the CPU's methodology */
    int labels = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *dot = read_file(g.gl_pathv[i], NULL);
        assert_non_null(dot);
        for (const char *p = strstr(dot, "label=\""); p; p = strstr(p, "label=\"")) {
            const char *end;
            char *label = dot_unquote(p + 7, &end);
            const char *nl = strchr(label, '\n');
            if (nl && strcmp(nl + 1, HOSTILE_TITLE) == 0)
                labels++;
            free(label);
            p = end;
        }
        free(dot);
    }
    globfree(&g);
    assert_int_equal(labels, 2); /* the group General and the metric ipc */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_headers_compile),
        cmocka_unit_test(test_perf_json),
        cmocka_unit_test(test_streamline_xml),
        cmocka_unit_test(test_html),
        cmocka_unit_test(test_markdown),
        cmocka_unit_test(test_graphviz),
    };
    return cmocka_run_group_tests_name("hostile text", tests, setup, teardown);
}
