/* test_docs.c - the reference docs (gen/emit_docs.c): pages for every spec,
 * every IR name on its page, Markdown tables that stay tables, HTML that
 * parses cleanly with one inline script and no remote resources, links
 * that resolve, how to collect each event (perf, Streamline, C names),
 * the Intel support matrices against the encoder, the T624 worked examples,
 * escaping of hostile text, and byte-identical output run to run.
 *
 * Run from the repository root; pages are written under a temp directory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "check/check.h"
#include "run/pipeline.h"
#include "core/diag.h"
#include "emit/docs/emit_docs.h"
#include "emit/emit.h"
#include "core/encode.h"
#include "core/ir.h"
#include "load/load.h"
#include "core/out_set.h"
#include "write/write_files.h"
#include "core/json.h"
#include "render/graphviz.h"
#include "render/render.h"

static const char *const specs[] = {
    "spec/arm/neoverse-v1.json",
    "spec/intel/oa-chv.xml",
    "spec/mali/mali-g720.xml",
    "spec/mali/mali-t624-model.xml",
};
enum { NSPECS = sizeof specs / sizeof specs[0] };

static hw_target *targets[NSPECS + 1]; /* + the synthetic spec */
static hw_plan plans[NSPECS + 1];             /* beside targets */
static int ntargets;
static char dir[64];   /* temp output directory */
static char nasty[96]; /* the synthetic spec */

/* ---- helpers ------------------------------------------------------------ */


static char *page(const hw_target *t, const char *ext)
{
    char path[256];
    snprintf(path, sizeof path, "%s/docs/%s.%s", dir, t->slug, ext);
    char *s = read_file(path, NULL);
    if (!s)
        fail_msg("cannot read %s", path);
    return s;
}

static hw_target *target(const char *id)
{
    for (int i = 0; i < ntargets; i++)
        if (strcmp(targets[i]->id, id) == 0)
            return targets[i];
    fail_msg("no target %s", id);
    return NULL;
}

/* Collapse runs of whitespace to one space (text as a reader sees it). */
static char *squash(const char *s)
{
    char *out = malloc(strlen(s) + 1);
    size_t j = 0;
    int space = 0;
    for (; *s; s++) {
        if (isspace((unsigned char)*s)) {
            space = j > 0;
            continue;
        }
        if (space)
            out[j++] = ' ';
        space = 0;
        out[j++] = *s;
    }
    out[j] = '\0';
    return out;
}

/* The line of `text` that contains `needle`, as a new string, or NULL. */
static char *line_with(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    if (!at)
        return NULL;
    const char *b = at;
    while (b > text && b[-1] != '\n')
        b--;
    const char *e = strchr(at, '\n');
    size_t n = e ? (size_t)(e - b) : strlen(b);
    char *l = malloc(n + 1);
    memcpy(l, b, n);
    l[n] = '\0';
    return l;
}

/* What a Markdown page says of the item with anchor `id`: its table row
 * (which carries <a id="id"></a>) and, under the table, the list item that
 * starts with a link to that row (its details: a table keeps to what fits
 * a code host's column), joined by a newline, as a new string; NULL
 * without the row. */
static char *md_entry(const char *md, const char *id)
{
    char needle[300];
    snprintf(needle, sizeof needle, "<a id=\"%s\"></a>", id);
    char *row = line_with(md, needle);
    if (!row)
        return NULL;
    snprintf(needle, sizeof needle, "](#%s)", id);
    char *item = NULL;
    for (const char *at = strstr(md, needle); at && !item; at = strstr(at + 1, needle)) {
        const char *b = at;
        while (b > md && b[-1] != '\n')
            b--;
        const char *first = strstr(b, "](#");
        if (strncmp(b, "- [", 3) == 0 && first == at)
            item = line_with(b, needle);
    }
    size_t n = strlen(row) + (item ? strlen(item) : 0) + 2;
    char *both = malloc(n);
    snprintf(both, n, "%s\n%s", row, item ? item : "");
    free(row);
    free(item);
    return both;
}

/* '|' not escaped by a backslash: the cell separators of a table row. */
static int pipes(const char *line)
{
    int n = 0;
    for (const char *p = line; *p; p++) {
        if (*p == '\\' && p[1]) {
            p++;
            continue;
        }
        n += *p == '|';
    }
    return n;
}

/* Markdown escapes undone: "\_" -> "_", "&amp;" -> "&". */
static char *md_unescape(const char *s)
{
    char *out = malloc(strlen(s) + 1);
    size_t j = 0;
    for (; *s; s++) {
        if (strncmp(s, "&amp;", 5) == 0) {
            out[j++] = '&';
            s += 4;
            continue;
        }
        if (*s == '\\' && s[1] && strchr("\\`*_|<>[]", s[1]))
            s++;
        out[j++] = *s;
    }
    out[j] = '\0';
    return out;
}

/* `s` without the line break hints (<wbr>) the HTML puts into names. */
static char *no_wbr(const char *s)
{
    char *out = malloc(strlen(s) + 1);
    size_t j = 0;
    for (const char *p = s; *p;) {
        if (strncmp(p, "<wbr>", 5) == 0) {
            p += 5;
            continue;
        }
        out[j++] = *p++;
    }
    out[j] = '\0';
    return out;
}

/* Every name of an IR item must appear on the Markdown page as a code
 * span and on the HTML page as code (html without <wbr>). */
static void assert_named(const char *md, const char *html, const char *what,
                         const char *name)
{
    char want[512];
    snprintf(want, sizeof want, "`%s`", name);
    if (!strstr(md, want))
        fail_msg("%s '%s' missing from the Markdown page", what, name);
    snprintf(want, sizeof want, "<code>%s</code>", name);
    if (!strstr(html, want))
        fail_msg("%s '%s' missing from the HTML page", what, name);
}

/* ---- HTML parsing -------------------------------------------------------- */

static int html_errors;
static char html_first_error[256];

/* HTML5 elements the pages use, which libxml2's HTML 4 parser does not
 * know (tidy and the browser check in tests/run.sh read them as HTML5). */
static int html5_tag(const xmlErrorPtr e)
{
    static const char *const tags[] = {"nav",     "section", "figure",
                                       "figcaption", "details", "summary",
                                       "wbr"};
    if (e->code != XML_HTML_UNKNOWN_TAG || !e->str1)
        return 0;
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (strcmp(e->str1, tags[i]) == 0)
            return 1;
    return 0;
}

static void count_error(void *ctx, xmlErrorPtr e)
{
    (void)ctx;
    if (e->level < XML_ERR_WARNING || html5_tag(e))
        return;
    if (!html_errors++)
        snprintf(html_first_error, sizeof html_first_error, "line %d: %s",
                 e->line, e->message ? e->message : "?");
}

static htmlDocPtr parse_html(const char *text, const char *name)
{
    html_errors = 0;
    html_first_error[0] = '\0';
    xmlSetStructuredErrorFunc(NULL, count_error);
    htmlDocPtr doc = htmlReadMemory(text, (int)strlen(text), name, "UTF-8",
                                    HTML_PARSE_NONET);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (!doc)
        fail_msg("%s: htmlReadMemory failed", name);
    if (html_errors)
        fail_msg("%s: %d HTML parse errors, first %s", name, html_errors,
                 html_first_error);
    return doc;
}

static char *html_text(htmlDocPtr doc)
{
    xmlChar *c = xmlNodeGetContent(xmlDocGetRootElement(doc));
    char *s = squash((const char *)c);
    xmlFree(c);
    return s;
}

typedef struct link_walk {
    const char *name;
    int scripts;
    char **ids;
    int nids, cap;
    char **frags;
    int nfrags, fcap;
    char **files;
    int nfiles, filecap;
} link_walk;

static void push(char ***arr, int *n, int *cap, const char *s)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        *arr = realloc(*arr, (size_t)*cap * sizeof **arr);
    }
    (*arr)[(*n)++] = strdup(s);
}

static void walk(xmlNodePtr n, link_walk *w)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        const char *tag = (const char *)n->name;
        if (!strcmp(tag, "link") || !strcmp(tag, "iframe") ||
            !strcmp(tag, "embed"))
            fail_msg("%s: <%s> element", w->name, tag);
        if (!strcmp(tag, "script")) {
            if (xmlHasProp(n, BAD_CAST "src"))
                fail_msg("%s: a script from a file", w->name);
            w->scripts++;
        }
        for (xmlAttrPtr a = n->properties; a; a = a->next) {
            xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
            const char *s = v ? (const char *)v : "";
            const char *an = (const char *)a->name;
            if (!strncmp(an, "on", 2))
                fail_msg("%s: event handler attribute %s", w->name, an);
            if (!strcmp(an, "id"))
                push(&w->ids, &w->nids, &w->cap, s);
            if (!strcmp(an, "href") || !strcmp(an, "src") ||
                !strcmp(an, "data")) {
                if (strstr(s, "://") || !strncmp(s, "//", 2) ||
                    !strncmp(s, "data:", 5) || !strncmp(s, "javascript:", 11))
                    fail_msg("%s: %s=\"%s\" is not a local reference", w->name,
                             an, s);
                if (s[0] == '#')
                    push(&w->frags, &w->nfrags, &w->fcap, s + 1);
                else
                    push(&w->files, &w->nfiles, &w->filecap, s);
            }
            xmlFree(v);
        }
        walk(n->children, w);
    }
}

static void free_list(char **a, int n)
{
    for (int i = 0; i < n; i++)
        free(a[i]);
    free(a);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Ids unique, every #fragment an id of the page, every local file there
 * (SVGs are built from the DOT files by make, so only their DOT source is
 * required). */
static void check_links(htmlDocPtr doc, const char *name)
{
    link_walk w = {name, 0, NULL, 0, 0, NULL, 0, 0, NULL, 0, 0};
    walk(xmlDocGetRootElement(doc), &w);
    if (w.scripts > 1)
        fail_msg("%s: %d scripts, not the one filter script", name, w.scripts);
    if (w.nids)
        qsort(w.ids, (size_t)w.nids, sizeof *w.ids, cmp_str);
    for (int i = 1; i < w.nids; i++)
        if (!strcmp(w.ids[i - 1], w.ids[i]))
            fail_msg("%s: duplicate id '%s'", name, w.ids[i]);
    for (int i = 0; i < w.nfrags; i++) {
        const char *key = w.frags[i];
        if (!w.nids ||
            !bsearch(&key, w.ids, (size_t)w.nids, sizeof *w.ids, cmp_str))
            fail_msg("%s: link to '#%s' but no such id", name, key);
    }
    for (int i = 0; i < w.nfiles; i++) {
        char path[512];
        const char *f = w.files[i];
        snprintf(path, sizeof path, "%s/docs/%s", dir, f);
        if (access(path, R_OK) != 0)
            fail_msg("%s: link to '%s' but %s does not exist", name, f, path);
    }
    free_list(w.ids, w.nids);
    free_list(w.frags, w.nfrags);
    free_list(w.files, w.nfiles);
}

/* ---- setup ------------------------------------------------------------------
 */

/* A spec whose text is made to break Markdown tables and HTML. */
static const char nasty_title[] =
    "Pipe | star * tick ` amp & lt < gt > [br] _u_";
static const char nasty_desc[] =
    "Line one | with a pipe\nline two <b>bold</b> & *stars* and `ticks` "
    "<script>alert(1)</script> [link](http://example.com) _under_ \\back\r\n"
    "line three &amp; &lt;entity&gt; <!-- comment --> \"quoted\" 'single'";

static int write_nasty(void)
{
    snprintf(nasty, sizeof nasty, "%s/nasty.json", dir);
    cJSON *root = cJSON_CreateObject();
    cJSON *doc = cJSON_AddObjectToObject(root, "document");
    cJSON_AddStringToObject(doc, "description", nasty_desc);
    cJSON *pc = cJSON_AddObjectToObject(root, "product_configuration");
    cJSON_AddStringToObject(pc, "product_name", "Escape Test <CPU> & co");
    cJSON_AddStringToObject(pc, "part_num", "0x123");
    cJSON_AddStringToObject(pc, "implementer", "0x41");
    cJSON *evs = cJSON_AddObjectToObject(root, "events");
    cJSON *ev = cJSON_AddObjectToObject(evs, "NASTY_EVENT");
    cJSON_AddStringToObject(ev, "code", "0x0011");
    cJSON_AddStringToObject(ev, "title", nasty_title);
    cJSON_AddStringToObject(ev, "description", nasty_desc);
    cJSON *props = cJSON_AddObjectToObject(ev, "properties");
    cJSON_AddStringToObject(props, "reconstruction", "lost row");
    cJSON_AddStringToObject(props, "provenance", nasty_desc);
    ev = cJSON_AddObjectToObject(evs, "PLAIN_EVENT");
    cJSON_AddStringToObject(ev, "code", "0x0012");
    cJSON_AddStringToObject(ev, "title", "Plain");
    cJSON_AddStringToObject(ev, "description", "Plain.");
    cJSON *ms = cJSON_AddObjectToObject(root, "metrics");
    cJSON *m = cJSON_AddObjectToObject(ms, "nasty_metric");
    cJSON_AddStringToObject(m, "title", nasty_title);
    cJSON_AddStringToObject(m, "description", nasty_desc);
    cJSON_AddStringToObject(m, "units", "a | b <c>");
    cJSON_AddStringToObject(m, "formula",
                            "NASTY_EVENT / (PLAIN_EVENT * 2) % 3");
    cJSON *groups = cJSON_AddObjectToObject(root, "groups");
    cJSON *fn = cJSON_AddObjectToObject(groups, "function");
    cJSON *g = cJSON_AddObjectToObject(fn, "Nasty_Group");
    cJSON_AddStringToObject(g, "title", nasty_title);
    cJSON_AddStringToObject(g, "description", nasty_desc);
    cJSON *list = cJSON_AddArrayToObject(g, "events");
    cJSON_AddItemToArray(list, cJSON_CreateString("NASTY_EVENT"));
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    FILE *f = fopen(nasty, "w");
    int ok = f && text && fputs(text, f) >= 0;
    if (f)
        ok &= fclose(f) == 0;
    free(text);
    return ok ? 0 : -1;
}

/* The diagrams drawn by the installed Graphviz, as generate draws them;
 * NULL where there is none (tests/test_docs_drawn.c covers both). */
static char *dot_prog;

static int emit_into(out_set *out, hw_diag *d)
{
    out_init(out);
    emit_to to = {out, NULL, d, dot_prog, NULL};
    for (int i = 0; i < ntargets; i++) {
        out->owner = targets[i]->spec_name;
        if (emit_docs(targets[i], &plans[i], &to) != 0)
            return -1;
    }
    out->owner = NULL;
    return emit_docs_index(&to);
}

static int setup(void **state)
{
    (void)state;
    json_init();
    dot_prog = graphviz_find();
    snprintf(dir, sizeof dir, "/tmp/hwcgen-docs-XXXXXX");
    if (!mkdtemp(dir) || write_nasty() != 0)
        return -1;
    hw_diag d;
    diag_init(&d, stderr);
    for (int i = 0; i <= NSPECS; i++) {
        hw_target *t = run_open(i < NSPECS ? specs[i] : nasty, &plans[ntargets], &d);
        if (!t) {
            diag_free(&d);
            return -1;
        }
        targets[ntargets++] = t;
    }
    out_set out;
    int written = 0, unchanged = 0;
    int rc = emit_into(&out, &d);
    if (rc == 0)
        rc = out_commit(&out, dir, &d, &written, &unchanged);
    out_free(&out);
    rc |= d.errors != 0;
    diag_free(&d);
    return rc ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    free(dot_prog);
    for (int i = 0; i < ntargets; i++) {
        plan_free(&plans[i]);
        target_free(targets[i]);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* ---- tests
 * ------------------------------------------------------------------- */

static void test_files(void **state)
{
    (void)state;
    char path[256];
    static const char *const index[] = {"index.md", "index.html"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/docs/%s", dir, index[i]);
        assert_int_equal(access(path, R_OK), 0);
    }
    for (int i = 0; i < ntargets; i++) {
        const hw_target *t = targets[i];
        static const char *const ext[] = {"md", "html"};
        for (int k = 0; k < 2; k++) {
            snprintf(path, sizeof path, "%s/docs/%s.%s", dir, t->slug, ext[k]);
            assert_int_equal(access(path, R_OK), 0);
        }
        /* metric graphs were unreadable at page width and are no more */
        snprintf(path, sizeof path, "%s/docs/%s-metrics.dot", dir, t->slug);
        assert_int_not_equal(access(path, R_OK), 0);
    }
    snprintf(path, sizeof path, "%s/docs/neoverse-v1-topdown.dot", dir);
    assert_int_equal(access(path, R_OK), 0);
}

/* Walk the IR: every event, counter, metric, constant, input, enum value
 * (and block, register, layout, report) appears on its page by name. */
static void test_every_name_on_its_page(void **state)
{
    (void)state;
    for (int i = 0; i < ntargets; i++) {
        const hw_target *t = targets[i];
        char *md = page(t, "md"), *raw = page(t, "html");
        char *html = no_wbr(raw);
        free(raw);
        for (int k = 0; k < t->nevents; k++) {
            assert_named(md, html, "event", t->events[k].name);
            if (t->events[k].counter_id)
                assert_named(md, html, "counter id", t->events[k].counter_id);
        }
        for (int k = 0; k < t->nmetrics; k++)
            assert_named(md, html, "metric", t->metrics[k].name);
        for (int k = 0; k < t->nconstants; k++)
            assert_named(md, html, "constant", t->constants[k].name);
        for (int k = 0; k < t->ninputs; k++)
            assert_named(md, html, "input", t->inputs[k].name);
        for (int k = 0; k < t->nenums; k++)
            for (int v = 0; v < t->enums[k].nvalues; v++)
                assert_named(md, html, "enum value",
                             t->enums[k].values[v].name);
        for (int k = 0; k < t->nblocks; k++)
            assert_named(md, html, "block", t->blocks[k].name);
        for (int k = 0; k < t->nregisters; k++)
            assert_non_null(strstr(md, t->registers[k].name));
        for (int k = 0; k < t->nreports; k++)
            assert_non_null(strstr(md, t->reports[k].name));
        for (int k = 0; k < t->nlayouts; k++)
            assert_non_null(strstr(md, t->layouts[k].name));
        free(md);
        free(html);
    }
}

static void test_index(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/docs/index.md", dir);
    char *md = read_file(path, NULL);
    snprintf(path, sizeof path, "%s/docs/index.html", dir);
    char *html = read_file(path, NULL);
    assert_non_null(md);
    assert_non_null(html);
    htmlDocPtr doc = parse_html(html, "index.html");
    char *text = html_text(doc);
    char link[256];
    const char *last = NULL;
    for (int i = 0; i < ntargets; i++) {
        const hw_target *t = targets[i];
        snprintf(link, sizeof link, "(%s.md)", t->slug);
        assert_non_null(strstr(md, link));
        snprintf(link, sizeof link, "(%s.html)", t->slug);
        assert_non_null(strstr(md, link));
        snprintf(link, sizeof link, "href=\"%s.html\"", t->slug);
        assert_non_null(strstr(html, link));
        char *name = squash(t->name), *source = squash(t->source);
        if (!strstr(text, name) || !strstr(text, source))
            fail_msg("index.html lacks the name or source of %s", t->slug);
        free(name);
        free(source);
    }
    /* sorted by slug, whatever the order of the specs given */
    int rows = 0;
    for (const char *p = strstr(md, "\n| <a id=\"t-"); p;
         p = strstr(p + 1, "\n| <a id=\"t-"), rows++) {
        const char *open = strstr(p, "](");
        assert_non_null(open);
        if (last)
            assert_true(strncmp(last, open, 24) < 0);
        last = open;
    }
    assert_int_equal(rows, ntargets);
    check_links(doc, "index.html");
    xmlFreeDoc(doc);
    free(text);
    free(md);
    free(html);
}

/* Every HTML page parses without an error or warning (but for HTML5
 * tags), has no script but its own inline one, no event handlers, remote
 * or data references, and its links resolve. */
static void test_html_pages(void **state)
{
    (void)state;
    for (int i = 0; i < ntargets; i++) {
        char *html = page(targets[i], "html");
        char name[128];
        snprintf(name, sizeof name, "%s.html", targets[i]->slug);
        char *lower = strdup(html);
        for (char *p = lower; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        if (strstr(lower, "<script src") || strstr(lower, "@import") ||
            strstr(lower, "url("))
            fail_msg("%s: script file or external stylesheet reference", name);
        free(lower);
        htmlDocPtr doc = parse_html(html, name);
        check_links(doc, name);
        xmlFreeDoc(doc);
        free(html);
    }
}

/* ---- row anchors --------------------------------------------------------- */

/* An <a class="anchor" href="#id"> somewhere under n. */
static int has_anchor_to(xmlNodePtr n, const char *id)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if (!strcmp((const char *)n->name, "a")) {
            xmlChar *cls = xmlGetProp(n, BAD_CAST "class");
            xmlChar *href = xmlGetProp(n, BAD_CAST "href");
            int ok = cls && href && !strcmp((const char *)cls, "anchor") &&
                     href[0] == '#' && !strcmp((const char *)href + 1, id);
            xmlFree(cls);
            xmlFree(href);
            if (ok)
                return 1;
        }
        if (has_anchor_to(n->children, id))
            return 1;
    }
    return 0;
}

typedef struct row_walk {
    const char *name;
    char **ids;
    int nids, cap;
    int bad; /* rows without an id or without a link to it */
} row_walk;

/* Every <tr> of every <tbody> under n: its id, and whether it links to
 * itself. The first few offenders are named. */
static void walk_rows(xmlNodePtr n, row_walk *w, int in_tbody)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        const char *tag = (const char *)n->name;
        if (in_tbody && !strcmp(tag, "tr")) {
            xmlChar *id = xmlGetProp(n, BAD_CAST "id");
            const char *why = !id || !id[0] ? "has no id"
                              : !has_anchor_to(n->children, (const char *)id)
                                  ? "has no <a class=\"anchor\"> to its id"
                                  : NULL;
            if (id && id[0])
                push(&w->ids, &w->nids, &w->cap, (const char *)id);
            if (why && w->bad++ < 5) {
                xmlChar *c = xmlNodeGetContent(n);
                char *text = squash(c ? (const char *)c : "");
                print_message("%s: table row '%.60s' %s\n", w->name, text,
                              why);
                free(text);
                xmlFree(c);
            }
            xmlFree(id);
            continue;
        }
        walk_rows(n->children, w, in_tbody || !strcmp(tag, "tbody"));
    }
}

/* The ids of the table body rows of Markdown page `md`: the <a id="X"></a>
 * each row carries. A row without one counts in *bad. */
static void md_rows(const char *md, const char *name, row_walk *w)
{
    int body = 0, line = 0;
    for (const char *l = md; l && *l; line++) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) : strlen(l);
        if (l[0] != '|') {
            body = 0;
        } else if (!body) {
            body = !strncmp(l, "|---", 4) || !strncmp(l, "|:-", 3) ||
                   !strncmp(l, "|--", 3);
        } else {
            const char *a = strstr(l, "<a id=\"");
            const char *cell2 = l + 1;
            while (cell2 < l + len && *cell2 != '|')
                cell2 += *cell2 == '\\' ? 2 : 1;
            const char *end = a ? strchr(a + 7, '"') : NULL;
            if (!a || a > cell2 || !end) {
                if (w->bad++ < 5)
                    print_message("%s:%d: table row without <a id> in its "
                                  "first cell: %.*s\n",
                                  name, line + 1, (int)(len < 60 ? len : 60),
                                  l);
            } else {
                char id[256];
                snprintf(id, sizeof id, "%.*s", (int)(end - a - 7), a + 7);
                push(&w->ids, &w->nids, &w->cap, id);
            }
        }
        l = nl ? nl + 1 : NULL;
    }
}

/* Every table body row of every page, HTML and Markdown, has an id of its
 * own, unique on the page and stable (the same in both formats), and the
 * HTML row a visible link to it. */
static void test_row_anchors(void **state)
{
    (void)state;
    int bad = 0;
    for (int i = 0; i <= ntargets; i++) {
        const char *slug = i < ntargets ? targets[i]->slug : "index";
        char path[256], name[128];
        snprintf(path, sizeof path, "%s/docs/%s.html", dir, slug);
        char *html = read_file(path, NULL);
        snprintf(path, sizeof path, "%s/docs/%s.md", dir, slug);
        char *md = read_file(path, NULL);
        assert_non_null(html);
        assert_non_null(md);
        snprintf(name, sizeof name, "%s.html", slug);
        htmlDocPtr doc = parse_html(html, name);
        row_walk h = {name, NULL, 0, 0, 0};
        walk_rows(xmlDocGetRootElement(doc), &h, 0);
        assert_true(h.nids + h.bad > 0);
        snprintf(name, sizeof name, "%s.md", slug);
        row_walk m = {name, NULL, 0, 0, 0};
        md_rows(md, name, &m);
        if (h.nids)
            qsort(h.ids, (size_t)h.nids, sizeof *h.ids, cmp_str);
        if (m.nids)
            qsort(m.ids, (size_t)m.nids, sizeof *m.ids, cmp_str);
        for (int k = 1; k < h.nids; k++)
            if (!strcmp(h.ids[k - 1], h.ids[k]) && bad++ < 20)
                print_message("%s.html: two table rows with id '%s'\n", slug,
                              h.ids[k]);
        for (int k = 1; k < m.nids; k++)
            if (!strcmp(m.ids[k - 1], m.ids[k]) && bad++ < 20)
                print_message("%s.md: two table rows with id '%s'\n", slug,
                              m.ids[k]);
        for (int k = 0; k < m.nids; k++) {
            const char *key = m.ids[k];
            if ((!h.nids || !bsearch(&key, h.ids, (size_t)h.nids,
                                     sizeof *h.ids, cmp_str)) &&
                bad++ < 20)
                print_message("%s.md: row id '%s' is no row of the HTML "
                              "page\n",
                              slug, key);
        }
        if (h.bad || m.bad)
            print_message("%s: %d HTML and %d Markdown table rows without "
                          "an anchor\n",
                          slug, h.bad, m.bad);
        bad += h.bad + m.bad;
        free_list(h.ids, h.nids);
        free_list(m.ids, m.nids);
        xmlFreeDoc(doc);
        free(html);
        free(md);
    }
    if (bad)
        fail_msg("%d table rows without an anchor of their own", bad);
}

/* Every Markdown table row has as many unescaped '|' as its header. */
static void test_markdown_tables(void **state)
{
    (void)state;
    for (int i = 0; i < ntargets; i++) {
        char *md = page(targets[i], "md");
        int want = -1, line = 0, tables = 0;
        for (char *l = md; l && *l; line++) {
            char *nl = strchr(l, '\n');
            if (nl)
                *nl = '\0';
            if (l[0] == '|') {
                if (want < 0) {
                    want = pipes(l);
                    tables++;
                } else if (pipes(l) != want) {
                    fail_msg(
                        "%s.md:%d: %d cell separators, the table has %d: %s",
                        targets[i]->slug, line + 1, pipes(l), want, l);
                }
            } else {
                want = -1;
            }
            l = nl ? nl + 1 : NULL;
        }
        assert_true(tables > 0);
        free(md);
    }
}

/* Hostile text stays text: Markdown rows keep their cells and read back
 * as the original words; HTML parses and its text is the original. */
static void test_escaping(void **state)
{
    (void)state;
    const hw_target *t = target("escape_test_cpu_co");
    char *md = page(t, "md"), *html = page(t, "html");

    char *row = line_with(md, "<a id=\"ev-NASTY_EVENT\"></a>");
    assert_non_null(row);
    char *head = line_with(md, "| Name | Code | Title |");
    assert_non_null(head);
    assert_int_equal(pipes(row), pipes(head));
    free(row);
    row = md_entry(md, "ev-NASTY_EVENT"); /* the description is under the table */
    char *plain = md_unescape(row);
    char *want = squash(nasty_desc);
    char *got = squash(plain);
    if (!strstr(got, want))
        fail_msg("Markdown row does not read back as the description:\n%s",
                 row);
    assert_null(strstr(row, "<b>"));
    assert_null(strstr(row, "<script>"));
    free(row), free(head), free(plain), free(got);

    row = line_with(md, "<a id=\"m-nasty_metric\"></a>");
    assert_non_null(row);
    assert_int_equal(pipes(row), 4); /* Metric | Title | Units */
    free(row);

    htmlDocPtr doc = parse_html(html, "escape-test-cpu-co.html");
    char *text = html_text(doc);
    if (!strstr(text, want))
        fail_msg("HTML text does not contain the description");
    char *title = squash(nasty_title);
    assert_non_null(strstr(text, title));
    assert_non_null(strstr(text, "Escape Test <CPU> & co"));
    free(title);
    /* no element came from the text */
    xmlNodePtr stack[256];
    int n = 0;
    stack[n++] = xmlDocGetRootElement(doc);
    while (n) {
        xmlNodePtr e = stack[--n];
        for (; e; e = e->next) {
            if (e->type != XML_ELEMENT_NODE)
                continue;
            assert_string_not_equal((const char *)e->name, "b");
            if (!strcmp((const char *)e->name, "script")) { /* the page's own */
                xmlChar *c = xmlNodeGetContent(e);
                assert_non_null(strstr((const char *)c, "'filter-box'"));
                xmlFree(c);
            }
            if (e->children && n < 256)
                stack[n++] = e->children;
        }
    }
    check_links(doc, "escape-test-cpu-co.html");
    xmlFreeDoc(doc);
    free(text), free(want), free(md), free(html);
}

/* CPU: MIDR, reconstructed events with their note, formulas readable, the
 * topdown stages and decision tree (page and DOT). */
static void test_cpu(void **state)
{
    (void)state;
    const hw_target *t = target("neoverse_v1");
    char *md = page(t, "md");
    assert_non_null(strstr(md, "`0x410FD400`"));
    int reconstructed = 0;
    for (int i = 0; i < t->nevents; i++) {
        if (!(t->events[i].flags & EVENT_RECONSTRUCTED))
            continue;
        char needle[128];
        snprintf(needle, sizeof needle, "ev-%s", t->events[i].name);
        char *row = md_entry(md, needle);
        assert_non_null(row);
        assert_non_null(strstr(row, "*Reconstructed:*"));
        free(row);
        reconstructed++;
    }
    assert_int_equal(reconstructed, 7);
    char *row = md_entry(md, "m-ipc");
    assert_non_null(row);
    assert_non_null(strstr(row, "`INST_RETIRED / CPU_CYCLES`"));
    assert_non_null(strstr(row, "[`CPU_CYCLES`](#ev-CPU_CYCLES)"));
    /* how to collect it: perf by name and in a group, the C names */
    assert_non_null(strstr(row, "*perf:* `perf stat -M ipc`; its groups: `General`"));
    assert_non_null(strstr(row, "*C:* `neoverse_v1_ipc`, `NEOVERSE_V1_METRIC_IPC`"));
    free(row);
    row = md_entry(md, "ev-CPU_CYCLES");
    assert_non_null(row);
    assert_non_null(strstr(
        row, "*perf:* `cpu_cycles`, `armv8_pmuv3_0/event=0x11/`, `r11`"));
    /* the label Streamline's counter picker shows (gatord's), then the counter */
    assert_non_null(strstr(row, "*Streamline:* Cycles: CPU Cycles, `ARMv8_Neoverse_V1_ccnt` "
                                "(the cycle counter)"));
    assert_non_null(strstr(row, "*C:* `NEOVERSE_V1_EVENT_CPU_CYCLES`"));
    assert_non_null(strstr(row, "*Used by:* [`backend_bound`](#m-backend_bound)"));
    free(row);
    row = md_entry(md, "ev-INST_RETIRED");
    /* gatord 9.7.2's events-Neoverse-V1.xml: title "Instructions (Executed)",
     * name "All" for event 0x08 */
    assert_non_null(strstr(row, "*Streamline:* Instructions (Executed): All, "
                                "`ARMv8_Neoverse_V1_cnt` set to event `0x8`"));
    free(row);
    /* metric groups as perf users type them, each metric's formula once */
    assert_non_null(strstr(md, "Stage 1 | [`TopdownL1`](#mg-TopdownL1) |"));
    assert_non_null(strstr(md, "Collect the group with perf: `perf stat -M TopdownL1`"));
    assert_null(strstr(md, "Topdown_L1"));
    for (int i = 0; i < t->nmetrics; i++) {
        char needle[128];
        snprintf(needle, sizeof needle, "<a id=\"m-%s\"></a>", t->metrics[i].name);
        const char *at = strstr(md, needle);
        assert_non_null(at);
        assert_null(strstr(at + 1, needle));
    }
    if (dot_prog)
        assert_non_null(strstr(
            md,
            "![Decision tree of Topdown Methodology](neoverse-v1-topdown.svg)"));
    else
        assert_non_null(strstr(md, "The diagram of this decision tree was not drawn"));
    free(md);

    char path[256];
    snprintf(path, sizeof path, "%s/docs/neoverse-v1-topdown.dot", dir);
    char *dot = read_file(path, NULL);
    assert_non_null(dot);
    assert_non_null(strstr(dot, "subgraph \"cluster_stage_1\""));
    assert_non_null(
        strstr(dot, "\"m:frontend_bound\" -> \"g:Branch_Effectiveness\";"));
    assert_non_null(strstr(dot, "\"m:retiring\" -> \"g:Operation_Mix\";"));
    /* nodes link to their rows; stage 2 groups no metric leads to come
     * after stage 1 as a whole; a legend */
    assert_non_null(strstr(dot, "URL=\"neoverse-v1.html#m-frontend_bound\""));
    assert_non_null(strstr(dot, "URL=\"neoverse-v1.html#mg-TopdownL1\""));
    assert_non_null(strstr(dot, "label=\"TopdownL1\\nTopdown Level 1\""));
    assert_non_null(strstr(dot, "-> \"g:Cycle_Accounting\" [ltail=\"cluster_stage_1\", style=dashed"));
    assert_non_null(strstr(dot, "subgraph \"cluster_legend\""));
    int depth = 0;
    for (const char *p = dot; *p; p++) {
        depth += (*p == '{') - (*p == '}');
        assert_true(depth >= 0);
    }
    assert_int_equal(depth, 0);
    free(dot);
}

/* GPU template: guide order, series that need care with their notes and
 * printed expressions, the counters each series reads. */
static void test_gpu_template(void **state)
{
    (void)state;
    const hw_target *t = target("mali_g720");
    char *md = page(t, "md");
    const char *prev = md;
    for (int s = 0; s < t->nsections; s++) {
        char needle[128];
        snprintf(needle, sizeof needle, "### <a id=\"sec-%s\"></a>%s ",
                 t->sections[s].number, t->sections[s].number);
        const char *at = strstr(md, needle);
        if (!at || at < prev)
            fail_msg("section %s missing or out of order",
                     t->sections[s].number);
        prev = at;
    }
    const char *care = strstr(md, "<a id=\"attention\"></a>");
    assert_non_null(care);
    int flagged = 0;
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        if (!(m->flags & (METRIC_DERIVED | METRIC_CORRECTED |
                          METRIC_EXTERNAL | METRIC_DATABASE)) &&
            m->expr)
            continue;
        char needle[160];
        snprintf(needle, sizeof needle, "care-%s", m->name);
        char *row = md_entry(care, needle);
        if (!row)
            fail_msg(
                "series %s is not in the table of series to read with care",
                m->name);
        if (m->source_formula) {
            snprintf(needle, sizeof needle, "`%.40s", m->source_formula);
            assert_non_null(strstr(row, needle));
        }
        free(row);
        flagged++;
    }
    assert_int_equal(flagged, 12); /* 7 of them from the database */
    char *row = md_entry(md, "m-gpu_active_cycles");
    assert_non_null(row);
    assert_non_null(strstr(row, "`$MaliGPUCyclesGPUActive`"));
    assert_non_null(
        strstr(row, "(`ARM_Mali-G720_GPU_ACTIVE`, GPU\\_FRONTEND #4)"));
    free(row);
    /* a counter: gatord's id and Streamline's variable, the hardware name,
     * the header's names */
    row = md_entry(md, "ev-MaliGPUCyclesGPUActive");
    assert_non_null(row);
    assert_non_null(strstr(row, "*Streamline:* `ARM_Mali-G720_GPU_ACTIVE`, "
                                "`$MaliGPUCyclesGPUActive`"));
    assert_non_null(strstr(row, "*Hardware:* `GPU_ACTIVE`"));
    assert_non_null(strstr(
        row, "*C:* `MALI_G720_GPU_ACTIVE_BLOCK`, `MALI_G720_GPU_ACTIVE_INDEX`"));
    assert_non_null(strstr(row, "[`gpu_active_cycles`](#m-gpu_active_cycles)"));
    free(row);
    free(md);
}

/* What the spec says for its own readers stays out of the reader's way:
 * code spans are code, names of the spec's own fields are what the page
 * shows, a list of how the spec was made is folded; vendors are spelled
 * as they spell themselves. */
static void test_text(void **state)
{
    (void)state;
    const hw_target *t = target("neoverse_v1");
    char *html = page(t, "html"), *md = page(t, "md");
    assert_null(strstr(html, "`"));
    assert_null(strstr(html, "properties."));
    assert_null(strstr(md, "properties."));
    assert_non_null(strstr(html, "<details class=\"prov\"><summary>Provenance of "
                                 "repaired content:</summary>"));
    assert_non_null(strstr(html, "CPU by Arm"));
    assert_non_null(strstr(md, "Vendor | Arm |"));
    free(html), free(md);
}

static int row_value(const char *line)
{
    const char *b = strstr(line, "`0b");
    return b ? (int)strtol(b + 3, NULL, 2) : -1;
}

static int value_index(const hw_enum *e, long v)
{
    for (int i = 0; i < e->nvalues; i++)
        if ((long)e->values[i].value == v)
            return i;
    return -1;
}

/* The columns of a matrix table from its header line: the index in `ce`
 * of the value each header cell starts with. Returns how many. */
static int matrix_columns(const hw_enum *ce, const char *head, size_t len,
                          int *cols)
{
    int n = 0;
    char *line = strndup(head, len);
    for (const char *b = strstr(line, "`0b"); b; b = strstr(b + 1, "`0b")) {
        int c = value_index(ce, strtol(b + 3, NULL, 2));
        assert_true(c >= 0 && n < ce->nvalues);
        cols[n++] = c;
    }
    free(line);
    return n;
}

/* One row of a matrix table against the encoder; *seen counts each
 * (row value, column value) pair shown. */
static void check_matrix_row(const hw_target *t, const char *id, int fine,
                             const char *line, const int *cols, int ncols,
                             int *seen)
{
    const hw_enum *ce =
        &t->enums[ir_find_enum(t, fine ? "EU_FINE_FILTER" : "EU_COARSE_FILTER")];
    const hw_enum *re = &t->enums[ir_find_enum(t, "EU_INCREMENT")];
    int inc = row_value(line), r = value_index(re, inc);
    assert_true(inc >= 0 && r >= 0);
    int col = 0;
    for (const char *c = strchr(line + 1, '|'); c && c[1];
         c = strchr(c + 1, '|')) {
        int yes = strncmp(c + 2, "✓", strlen("✓")) == 0;
        assert_true(col < ncols);
        unsigned v = ce->values[cols[col]].value;
        int want = fine ? flex_eu_supported(t, (unsigned)inc, 0, v)
                        : flex_eu_supported(t, (unsigned)inc, v, 0);
        if (yes != want)
            fail_msg("%s: increment %d, value %u: page says %d, encoder %d",
                     id, inc, v, yes, want);
        seen[r * ce->nvalues + cols[col]]++;
        col++;
    }
    assert_int_equal(col, ncols);
}

/* The matrix on the page against the encoder's own verdict: the tables
 * under its heading (a wide matrix is shared out over several), each
 * column named by its value, together show every pair of values once. */
static void check_matrix(const hw_target *t, const char *md, const char *id,
                         int fine)
{
    char needle[128];
    snprintf(needle, sizeof needle, "<a id=\"%s\"></a>", id);
    const char *at = strstr(md, needle);
    assert_non_null(at);
    const char *end = strstr(at, "\n#");
    end = end ? end : at + strlen(at);
    int cols_enum =
        ir_find_enum(t, fine ? "EU_FINE_FILTER" : "EU_COARSE_FILTER");
    int rows_enum = ir_find_enum(t, "EU_INCREMENT");
    assert_true(cols_enum >= 0 && rows_enum >= 0);
    const hw_enum *ce = &t->enums[cols_enum], *re = &t->enums[rows_enum];
    int *seen = calloc((size_t)(re->nvalues * ce->nvalues), sizeof *seen);
    int cols[32], tables = 0;
    assert_non_null(seen);
    for (const char *p = strstr(at, "\n| |"); p && p < end;
         p = strstr(p, "\n| |")) {
        const char *e = strchr(p + 1, '\n');
        assert_non_null(e);
        int ncols = matrix_columns(ce, p + 1, (size_t)(e - p - 1), cols);
        tables++;
        p = strchr(e + 1, '\n'); /* past the separator row */
        while (p && p < end && p[1] == '|') {
            e = strchr(p + 1, '\n');
            size_t n = e ? (size_t)(e - p - 1) : strlen(p + 1);
            char *line = strndup(p + 1, n);
            check_matrix_row(t, id, fine, line, cols, ncols, seen);
            free(line);
            p = e;
        }
    }
    assert_true(tables > 0);
    for (int k = 0; k < re->nvalues * ce->nvalues; k++)
        if (seen[k] != 1)
            fail_msg("%s: %s with %s shown %d times", id,
                     re->values[k / ce->nvalues].name,
                     ce->values[k % ce->nvalues].name, seen[k]);
    free(seen);
}

/* Intel OA: registers, report offsets, and the support matrices. */
static void test_oa(void **state)
{
    (void)state;
    const hw_target *t = target("intel_oa_chv");
    char *md = page(t, "md");
    check_matrix(t, md, "mx-EU_INCREMENT-EU_COARSE_FILTER", 0);
    check_matrix(t, md, "mx-EU_INCREMENT-EU_FINE_FILTER", 1);
    /* coarse before fine: matrices follow enum order */
    assert_true(strstr(md, "mx-EU_INCREMENT-EU_COARSE_FILTER") <
                strstr(md, "mx-EU_INCREMENT-EU_FINE_FILTER"));
    assert_non_null(strstr(md, "16–143 | 32 × 4 | `A_LOW` | A0..A31 |"));
    assert_non_null(strstr(md, " [`A5`](#ev-A5) | 40 | 36–39 | 165 |"));
    assert_non_null(strstr(md, " [`A33`](#ev-A33) | 32 | 148–151 |  |"));
    assert_non_null(strstr(md, "Address `0xE458`, 32 bits."));
    char *row = md_entry(md, "ev-A7");
    assert_non_null(row);
    assert_non_null(
        strstr(row, "[`EU_PERF_CNTL0`](#reg-EU_PERF_CNTL0) field `A7`"));
    free(row);
    for (int i = 0; i < t->nnotes; i++) {
        char needle[64];
        snprintf(needle, sizeof needle, "<a id=\"notes-%s\"></a>",
                 t->notes[i].kind);
        assert_non_null(strstr(md, needle));
    }
    free(md);
}

/* Every note's text is on the HTML page, under a heading of its kind. */
static void test_notes(void **state)
{
    (void)state;
    for (int i = 0; i < ntargets; i++) {
        const hw_target *t = targets[i];
        if (!t->nnotes)
            continue;
        char *html = page(t, "html");
        htmlDocPtr doc = parse_html(html, t->slug);
        char *text = html_text(doc);
        for (int k = 0; k < t->nnotes; k++) {
            char *want = squash(t->notes[k].text);
            if (!strstr(text, want))
                fail_msg("%s: note %d (%s) not on the page", t->slug, k,
                         t->notes[k].kind);
            free(want);
            char id[64];
            snprintf(id, sizeof id, "id=\"notes-%s\"", t->notes[k].kind);
            assert_non_null(strstr(html, id));
        }
        xmlFreeDoc(doc);
        free(text);
        free(html);
    }
}

/* G720: every series note is on the HTML page; the series from Arm's
 * counter database carry its badge; each counter's row names it by its
 * hardware and database names as well. */
static void test_g720_database(void **state)
{
    (void)state;
    const hw_target *t = target("mali_g720");
    char *html = page(t, "html");
    htmlDocPtr doc = parse_html(html, t->slug);
    char *text = html_text(doc);
    int badges = 0;
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        if (m->note) {
            char *want = squash(m->note);
            if (!strstr(text, want))
                fail_msg("note of series %s not on the page", m->name);
            free(want);
        }
        badges += (m->flags & METRIC_DATABASE) != 0;
    }
    int shown = 0;
    for (const char *p = html; (p = strstr(p, "badge database")) != NULL; p++)
        shown++;
    assert_int_equal(shown, badges);
    assert_int_equal(badges, 7);
    char *md = page(t, "md");
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        char needle[160];
        snprintf(needle, sizeof needle, "ev-%s", e->name);
        char *row = md_entry(md, needle);
        assert_non_null(row);
        snprintf(needle, sizeof needle, "*Hardware:* `%s`<br>*Database:* `%s`",
                 e->hw_name, e->db_name);
        if (!strstr(row, needle))
            fail_msg("row of %s lacks '%s'", e->name, needle);
        free(row);
    }
    free(md);
    xmlFreeDoc(doc);
    free(text);
    free(html);
}

/* The T624 model: formula, ranges, and the thesis's examples computed. */
static void test_model(void **state)
{
    (void)state;
    const hw_target *t = target("mali_t624_model");
    char *md = page(t, "md");
    static const struct {
        const char *label;
        const char *ms;
    } rows[] = {
        {"Section 13.3",
         "| 256 | 2 | 5e6 | 600e6 | 0 | 0 | 0.533333 | 533.333 | 533.33 ms |"},
        {"Section 7.2: 38 work-groups",
         "| 38 | 1 | 2e6 | 700e6 | 0 | 0 | 0.108571 | 108.571 | 108.57 ms |"},
        {"Section 7.2: 39 work-groups",
         "| 39 | 1 | 2e6 | 700e6 | 0 | 0 | 0.111429 | 111.429 | 111.43 ms |"},
        {"Section 7.2: 50 work-groups",
         "| 50 | 1 | 2e6 | 700e6 | 0 | 0 | 0.142857 | 142.857 | 142.86 ms |"},
        {"Sections 9.2 and 10.1",
         "| 1 | 1 | 3e6 | 600e6 | 0 | 0 | 0.19 | 190 | 190 ms |"},
        /* chapter 12: loads and stores at their pipeline cost */
        {"Section 12.2: load kernel",
         "| 64 | 1 | 5e6 | 600e6 | 0 | 1e6 | 0.64 | 640 | 640 ms |"},
        {"Section 12.1: store kernel",
         "| 64 | 1 | 1e6 | 600e6 | 1e6 | 0 | 0.32 | 320 | 192 cycles per "
         "iteration |"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *row = line_with(md, rows[i].label);
        assert_non_null(row);
        if (!strstr(row, rows[i].ms))
            fail_msg("example row %s: %s", rows[i].label, row);
        free(row);
    }
    assert_non_null(strstr(md, "1 ≤ `gs` ≤ 256; a whole number"));
    assert_non_null(strstr(
        md, "`wl` ≥ 1; a whole number; a whole multiple of [`gs`](#in-gs)"));
    char *row = md_entry(md, "m-time_s");
    assert_non_null(strstr(row, "`cycles / F`"));
    free(row);
    assert_non_null(
        strstr(md, "<a id=\"notes-reading\"></a>How we read the source"));
    assert_non_null(strstr(md, "<a id=\"notes-limit\"></a>Limits"));
    /* outputs first, then the steps in evaluation order */
    assert_true(strstr(md, "m-time_ms") < strstr(md, "m-batch_items"));
    assert_true(strstr(md, "<a id=\"m-batch_items\">") <
                strstr(md, "<a id=\"m-cycles\">"));
    free(md);
}

/* A core gatord lacks: each event's Streamline line starts with the label
 * hwcgen's events file gives it (the plan's: its functional group's title,
 * else the product name, and its own title); a hidden event has none. */
static void test_streamline_own_labels(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, stderr);
    hw_plan plan;
    hw_target *t = run_open("tests/telemetry/unknown-core.json", &plan, &d);
    assert_non_null(t);
    out_set out;
    out_init(&out);
    emit_to to = {&out, NULL, &d, dot_prog, NULL};
    assert_int_equal(emit_docs(t, &plan, &to), 0);
    int k = out_find(&out, "docs/test-core.md", 0);
    assert_true(k >= 0);
    char *md = strndup(out.files[k].data, out.files[k].len);
    char *row = md_entry(md, "ev-INST_RETIRED");
    assert_non_null(strstr(row, "*Streamline:* GENERAL: Instruction architecturally executed, "
                                "`ARMv9_Test_Core_cnt` set to event `0x8`"));
    free(row);
    row = md_entry(md, "ev-IMP_WIDGET");
    assert_non_null(strstr(row, "*Streamline:* Test Core: Widget busy, "));
    free(row);
    row = md_entry(md, "ev-CHAIN");
    assert_null(strstr(row, "*Streamline:*"));
    free(row);
    free(md);
    out_free(&out);
    plan_free(&plan);
    target_free(t);
    diag_free(&d);
}

/* Same IR, same bytes: render again and compare with what is on disk. */
static void test_deterministic(void **state)
{
    (void)state;
    hw_diag d;
    diag_init(&d, NULL);
    out_set out;
    assert_int_equal(emit_into(&out, &d), 0);
    assert_true(out.nfiles >= 2 * ntargets + 2);
    for (int i = 0; i < out.nfiles; i++) {
        size_t len = 0;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, out.files[i].name);
        char *disk = read_file(path, &len);
        assert_non_null(disk);
        if (len != out.files[i].len ||
            memcmp(disk, out.files[i].data, len) != 0)
            fail_msg("%s differs between two runs", path);
        assert_null(strstr(disk, dir)); /* no absolute paths */
        free(disk);
    }
    out_free(&out);
    diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_every_name_on_its_page),
        cmocka_unit_test(test_index),
        cmocka_unit_test(test_html_pages),
        cmocka_unit_test(test_markdown_tables),
        cmocka_unit_test(test_row_anchors),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_cpu),
        cmocka_unit_test(test_gpu_template),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_oa),
        cmocka_unit_test(test_notes),
        cmocka_unit_test(test_g720_database),
        cmocka_unit_test(test_model),
        cmocka_unit_test(test_streamline_own_labels),
        cmocka_unit_test(test_deterministic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
