/* test_streamline.c - the Streamline (gatord) events XML emitter
 * (gen/emit_streamline.c) and the Streamline naming rule.
 *
 * Generates from every spec in spec/ into a temporary directory, validates
 * each file against tests/streamline-events.rng with libxml2, and reads the
 * events back: unique ids and labels, the V1 cycle counter, every $-name of
 * the Mali-G720 formulas resolving to exactly one event, and nasty text
 * surviving intact. Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>

#include "check.h"
#include "pipeline.h"
#include "diag.h"
#include "emit.h"
#include "expr.h"
#include "ir.h"
#include "load.h"
#include "names.h"
#include "output.h"
#include "test_util.h"

#define SCHEMA "tests/streamline-events.rng"
#define V1_XML "streamline/events-Neoverse-V1.xml"
#define G720_XML "streamline/events-Mali-G720.xml"

#define NASTY_TITLE "Say \"hi\" & <b>bye</b> 'q' back\\slash\ttab caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac"
#define NASTY_DESC "First line with \"quotes\" & <tags> & 'apos' ]]> --\nsecond line\r\\ caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac."

static const char *const all_specs[] = {
    "spec/arm/neoverse-v1.json", "spec/intel/oa-chv.xml",
    "spec/mali/mali-g720.xml", "spec/mali/mali-t624-model.xml"};
enum { NSPECS = sizeof all_specs / sizeof all_specs[0] };

/* ---- files and generating ------------------------------------------------- */

typedef struct fixture {
    char dir[64];
    hw_target *t[NSPECS];
    int n;
    hw_diag d;
} fixture;

static fixture *fixture_new(void)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->dir, sizeof f->dir, "/tmp/hwcgen-streamline-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    diag_init(&f->d, NULL);
    return f;
}

static int fixture_free(void **state)
{
    fixture *f = *state;
    for (int i = 0; i < f->n; i++)
        target_free(f->t[i]);
    remove_tree(f->dir);
    diag_free(&f->d);
    free(f);
    return 0;
}

static hw_target *open_spec(fixture *f, const char *path)
{
    hw_target *t = run_open(path, &f->d);
    if (!t && f->d.log.data)
        fputs(f->d.log.data, stderr);
    return t;
}

static int generate(fixture *f)
{
    out_set out;
    out_init(&out);
    int rc = 0;
    for (int i = 0; rc == 0 && i < f->n; i++)
        rc = emit_streamline(f->t[i], &(emit_to){&out, f->dir, NULL, &f->d});
    int written = 0, unchanged = 0;
    if (rc == 0)
        rc = out_commit(&out, &f->d, &written, &unchanged);
    out_free(&out);
    return rc;
}

static int setup_all(void **state)
{
    fixture *f = fixture_new();
    *state = f;
    for (int i = 0; i < NSPECS; i++) {
        f->t[i] = open_spec(f, all_specs[i]);
        if (!f->t[i])
            return -1;
        f->n++;
    }
    return generate(f);
}

static const hw_target *target(const fixture *f, const char *slug)
{
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->t[i]->slug, slug) == 0)
            return f->t[i];
    fail_msg("no target %s", slug);
    return NULL;
}

static xmlDocPtr read_xml(const fixture *f, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", f->dir, name);
    xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
    assert_non_null(doc);
    return doc;
}

/* The file byte for byte as libxml2 writes the document it holds: the
 * layout (two spaces a level, "/>" for empty elements) and the escapes
 * in attributes are libxml2's own. */
static void expect_libxml2_layout(const fixture *f, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", f->dir, name);
    size_t len = 0;
    char *text = read_file(path, &len);
    assert_non_null(text);
    xmlDocPtr doc = xmlReadMemory(text, (int)len, name, NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
    assert_non_null(doc);
    xmlChar *mem = NULL;
    int size = 0;
    xmlDocDumpFormatMemoryEnc(doc, &mem, &size, "UTF-8", 1);
    assert_non_null(mem);
    if ((size_t)size != len || memcmp(mem, text, len) != 0)
        fail_msg("%s is not laid out as libxml2 writes it:\n%s", name, (const char *)mem);
    xmlFree(mem);
    xmlFreeDoc(doc);
    free(text);
}

/* ---- reading events back ------------------------------------------------------- */

static int is_element(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

/* An attribute as a malloc'd string (xmlFree it), or NULL. */
static char *attr(const xmlNode *n, const char *name)
{
    return (char *)xmlGetProp(n, BAD_CAST name);
}

static int attr_is(const xmlNode *n, const char *name, const char *value)
{
    char *v = attr(n, name);
    int same = v && strcmp(v, value) == 0;
    xmlFree(v);
    return same;
}

typedef int (*event_fn)(void *ctx, const xmlNode *cat, const xmlNode *ev);

/* Call fn for each <event> of each <category>; sum of the results. */
static int each_event(xmlDocPtr doc, event_fn fn, void *ctx)
{
    int sum = 0;
    for (xmlNode *c = xmlDocGetRootElement(doc)->children; c; c = c->next) {
        if (!is_element(c, "category"))
            continue;
        for (xmlNode *e = c->children; e; e = e->next)
            if (is_element(e, "event"))
                sum += fn(ctx, c, e);
    }
    return sum;
}

static int count_one(void *ctx, const xmlNode *cat, const xmlNode *ev)
{
    (void)ctx;
    (void)cat;
    (void)ev;
    return 1;
}

/* ---- the naming rule ----------------------------------------------------------- */

static void expect_var(const char *title, const char *name, const char *want)
{
    char var[256];
    assert_int_equal(name_streamline_var(title, name, var, sizeof var), 0);
    assert_string_equal(var, want);
}

static void test_naming_rule(void **state)
{
    (void)state;
    expect_var("Mali GPU Cycles", "GPU active", "$MaliGPUCyclesGPUActive");
    expect_var("Mali External Bus Read Latency", "0-127 cycles",
               "$MaliExternalBusReadLatency0127Cycles");
    expect_var("Mali Core L2 Reads", "Load/store L2 read beats",
               "$MaliCoreL2ReadsLoadStoreL2ReadBeats");
    expect_var("Mali Core Varying Issues", "32-bit interpolation slots",
               "$MaliCoreVaryingIssues32BitInterpolationSlots");
    expect_var("  odd (title) ", "caf\xc3\xa9 x_y", "$OddTitleCafXY");
    expect_var("", "", "$");
    char small[6];
    assert_int_equal(name_streamline_var("Mali GPU", "x", small, sizeof small), -1);
    assert_string_equal(small, "$Mali");
}

/* The rule, applied to the spec's own titles and names, gives back every
 * counter's variable: the spec and the rule agree. */
static void test_rule_matches_spec(void **state)
{
    const hw_target *t = target(*state, "mali-g720");
    int n = 0;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        char var[512];
        assert_int_equal(name_streamline_var(e->st_title, e->st_name, var, sizeof var), 0);
        assert_string_equal(var + 1, e->name);
        n++;
    }
    assert_int_equal(n, 94);
}

/* ---- every file ------------------------------------------------------------------ */

static void validate(const fixture *f, const char *name, xmlRelaxNGPtr schema)
{
    xmlDocPtr doc = read_xml(f, name);
    xmlRelaxNGValidCtxtPtr v = xmlRelaxNGNewValidCtxt(schema);
    assert_non_null(v);
    assert_int_equal(xmlRelaxNGValidateDoc(v, doc), 0);
    xmlRelaxNGFreeValidCtxt(v);
    xmlFreeDoc(doc);
}

static xmlRelaxNGPtr load_schema(void)
{
    xmlRelaxNGParserCtxtPtr p = xmlRelaxNGNewParserCtxt(SCHEMA);
    assert_non_null(p);
    xmlRelaxNGPtr schema = xmlRelaxNGParse(p);
    xmlRelaxNGFreeParserCtxt(p);
    assert_non_null(schema);
    return schema;
}

/* Exactly the V1 and G720 files: no file for the OA spec or the model. */
static void test_files_validate(void **state)
{
    fixture *f = *state;
    char path[4096];
    snprintf(path, sizeof path, "%s/streamline", f->dir);
    DIR *dir = opendir(path);
    assert_non_null(dir);
    xmlRelaxNGPtr schema = load_schema();
    int files = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) != NULL) {
        if (ent->d_name[0] == '.')
            continue;
        char name[512];
        snprintf(name, sizeof name, "streamline/%s", ent->d_name);
        assert_true(strcmp(name, V1_XML) == 0 || strcmp(name, G720_XML) == 0);
        validate(f, name, schema);
        files++;
    }
    closedir(dir);
    xmlRelaxNGFree(schema);
    assert_int_equal(files, 2);
}

static void quiet(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* The schema is not a rubber stamp: it rejects what gatord would. */
static void test_schema_rejects(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "<events><category name='c' per_cpu='no'><event title='t' name='n'/></category></events>",
        "<events><category name='c' per_cpu='maybe'><event counter='x' title='t' name='n'/></category></events>",
        "<events><counter_set name='x' count='6'/><category name='c' per_cpu='yes'><event event='0x11' title='t' name='n'/></category></events>",
        "<events><category name='c' per_cpu='no'><event event='17' title='t' name='n'/></category></events>",
        "<events><category name='c' per_cpu='no'><event counter='x' title='t' name='n' class='often'/></category></events>",
    };
    xmlRelaxNGPtr schema = load_schema();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        xmlDocPtr doc = xmlReadMemory(bad[i], (int)strlen(bad[i]), "bad.xml", NULL, XML_PARSE_NONET);
        assert_non_null(doc);
        xmlRelaxNGValidCtxtPtr v = xmlRelaxNGNewValidCtxt(schema);
        xmlRelaxNGSetValidErrors(v, quiet, quiet, NULL);
        assert_int_not_equal(xmlRelaxNGValidateDoc(v, doc), 0);
        xmlRelaxNGFreeValidCtxt(v);
        xmlFreeDoc(doc);
    }
    xmlRelaxNGFree(schema);
}

typedef struct uniq {
    const char *keys[1024];
    int n;
    int dups;
} uniq;

static void uniq_add(uniq *u, char *key)
{
    for (int i = 0; i < u->n; i++)
        if (strcmp(u->keys[i], key) == 0) {
            u->dups++;
            free(key);
            return;
        }
    assert_true(u->n < 1024);
    u->keys[u->n++] = key;
}

static void uniq_free(uniq *u)
{
    for (int i = 0; i < u->n; i++)
        free((char *)u->keys[i]);
}

typedef struct seen {
    uniq counters;   /* counter ids of the file */
    uniq labels;     /* category \n title \n name */
} seen;

static int note_event(void *ctx, const xmlNode *cat, const xmlNode *ev)
{
    seen *s = ctx;
    char *counter = attr(ev, "counter"), *code = attr(ev, "event");
    char *cname = attr(cat, "name"), *title = attr(ev, "title"), *name = attr(ev, "name");
    char buf[2048];
    snprintf(buf, sizeof buf, "%s/%s", counter ? counter : "", code ? code : "");
    uniq_add(&s->counters, strdup(buf));
    snprintf(buf, sizeof buf, "%s\n%s\n%s", cname, title, name);
    uniq_add(&s->labels, strdup(buf));
    xmlFree(counter);
    xmlFree(code);
    xmlFree(cname);
    xmlFree(title);
    xmlFree(name);
    return 1;
}

static void test_unique(void **state)
{
    fixture *f = *state;
    const char *const files[] = {V1_XML, G720_XML};
    for (int i = 0; i < 2; i++) {
        xmlDocPtr doc = read_xml(f, files[i]);
        seen s = {0};
        assert_true(each_event(doc, note_event, &s) > 0);
        assert_int_equal(s.counters.dups, 0);
        assert_int_equal(s.labels.dups, 0);
        uniq_free(&s.counters);
        uniq_free(&s.labels);
        xmlFreeDoc(doc);
    }
}

/* ---- Neoverse V1 --------------------------------------------------------------------- */

static int v1_event(void *ctx, const xmlNode *cat, const xmlNode *ev)
{
    const hw_target *t = ctx;
    (void)cat;
    char *code = attr(ev, "event"), *name = attr(ev, "name");
    assert_non_null(code);
    unsigned long c = strtoul(code, NULL, 16);
    int found = 0;
    for (int i = 0; i < t->nevents; i++)
        if (t->events[i].has_code && t->events[i].code == c) {
            assert_string_equal(name, t->events[i].title);
            assert_true(attr_is(ev, "description", t->events[i].description));
            found = 1;
        }
    assert_true(found);
    assert_int_not_equal(c, 0x1e); /* CHAIN, never shown */
    xmlFree(code);
    xmlFree(name);
    return 1;
}

static void test_v1(void **state)
{
    fixture *f = *state;
    const hw_target *t = target(f, "neoverse-v1");
    xmlDocPtr doc = read_xml(f, V1_XML);
    xmlNode *root = xmlDocGetRootElement(doc);
    xmlNode *set = root->children;
    while (set && !is_element(set, "counter_set"))
        set = set->next;
    assert_non_null(set);
    assert_true(attr_is(set, "name", "ARMv8_Neoverse_V1_cnt"));
    assert_true(attr_is(set, "count", "6"));
    int ccnt = 0;
    for (xmlNode *c = root->children; c; c = c->next) {
        if (!is_element(c, "category"))
            continue;
        assert_true(attr_is(c, "counter_set", "ARMv8_Neoverse_V1_cnt"));
        assert_true(attr_is(c, "per_cpu", "yes"));
        for (xmlNode *e = c->children; e; e = e->next)
            if (is_element(e, "event") && attr_is(e, "counter", "ARMv8_Neoverse_V1_ccnt")) {
                assert_true(attr_is(e, "event", "0x11"));
                assert_true(attr_is(e, "units", "cycles"));
                ccnt++;
            }
    }
    assert_int_equal(ccnt, 1);
    /* every event but CHAIN, CPU_CYCLES once (on the cycle counter) */
    assert_int_equal(each_event(doc, v1_event, (void *)t), t->nevents - 1);
    xmlFreeDoc(doc);
}

/* ---- Mali-G720: every $-name resolves --------------------------------------------- */

typedef struct resolve {
    char var[512];
    int matches;
} resolve;

static int match_var(void *ctx, const xmlNode *cat, const xmlNode *ev)
{
    resolve *r = ctx;
    (void)cat;
    char *title = attr(ev, "title"), *name = attr(ev, "name");
    char var[512];
    assert_int_equal(name_streamline_var(title, name, var, sizeof var), 0);
    r->matches += strcmp(var, r->var) == 0;
    xmlFree(title);
    xmlFree(name);
    return 0;
}

typedef struct refs {
    xmlDocPtr doc;
    int counters;   /* $-references to counters */
    int constants;  /* $-references to run-time constants */
} refs;

static int check_ref(void *ctx, hw_expr *ref)
{
    refs *r = ctx;
    if (!ref->dollar)
        return 0;
    resolve res = {{0}, 0};
    snprintf(res.var, sizeof res.var, "$%s", ref->text);
    each_event(r->doc, match_var, &res);
    if (ref->ref == REF_CONSTANT) {
        assert_int_equal(res.matches, 0); /* supplied at run time */
        r->constants++;
    } else {
        if (res.matches != 1)
            fail_msg("%s names %d events", res.var, res.matches);
        r->counters++;
    }
    return 0;
}

static void test_g720_variables(void **state)
{
    fixture *f = *state;
    const hw_target *t = target(f, "mali-g720");
    refs r = {read_xml(f, G720_XML), 0, 0};
    for (int i = 0; i < t->nmetrics; i++)
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, check_ref, &r);
    assert_true(r.counters > 100);
    assert_true(r.constants > 0);
    assert_int_equal(each_event(r.doc, count_one, NULL), 94);
    xmlFreeDoc(r.doc);
}

static void test_g720_categories(void **state)
{
    fixture *f = *state;
    const hw_target *t = target(f, "mali-g720");
    xmlDocPtr doc = read_xml(f, G720_XML);
    int b = 0;
    for (xmlNode *c = xmlDocGetRootElement(doc)->children; c; c = c->next) {
        if (is_element(c, "counter_set"))
            fail_msg("a GPU has no counter set");
        if (!is_element(c, "category"))
            continue;
        assert_true(b < t->nblocks);
        assert_true(attr_is(c, "name", t->blocks[b].title));
        assert_true(attr_is(c, "per_cpu", "no"));
        b++;
    }
    assert_int_equal(b, t->nblocks);
    xmlFreeDoc(doc);
}

/* ---- nasty text ------------------------------------------------------------------------ */

static char *nasty_spec(const char *desc)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *pc = cJSON_AddObjectToObject(root, "product_configuration");
    cJSON_AddStringToObject(pc, "product_name", "Test Core");
    cJSON_AddStringToObject(pc, "part_num", "0xd0c");
    cJSON_AddStringToObject(pc, "implementer", "0x41");
    cJSON_AddNumberToObject(pc, "num_counters", 4);
    cJSON *ev = cJSON_AddObjectToObject(root, "events");
    const char *names[] = {"CPU_CYCLES", "INST_RETIRED"}, *codes[] = {"0x0011", "0x0008"};
    for (int i = 0; i < 2; i++) {
        cJSON *e = cJSON_AddObjectToObject(ev, names[i]);
        cJSON_AddStringToObject(e, "code", codes[i]);
        cJSON_AddStringToObject(e, "title", NASTY_TITLE);
        cJSON_AddStringToObject(e, "description", desc);
    }
    cJSON_AddObjectToObject(root, "metrics");
    cJSON_AddObjectToObject(root, "groups");
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    assert_non_null(text);
    return text;
}

static int open_nasty(fixture *f, const char *desc)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/nasty.json", f->dir);
    char *text = nasty_spec(desc);
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
    cJSON_free(text);
    f->t[0] = open_spec(f, path);
    f->n = f->t[0] != NULL;
    return f->n == 1 ? 0 : -1;
}

static int nasty_event(void *ctx, const xmlNode *cat, const xmlNode *ev)
{
    (void)ctx;
    assert_true(attr_is(cat, "name", "Test Core"));
    assert_true(attr_is(ev, "description", NASTY_DESC));
    char *name = attr(ev, "name");
    /* the second event with the same title gets its own name appended */
    if (!attr_is(ev, "event", "0x11"))
        assert_string_equal(name, NASTY_TITLE " (INST_RETIRED)");
    else
        assert_string_equal(name, NASTY_TITLE);
    xmlFree(name);
    return 1;
}

static void test_nasty_text(void **state)
{
    fixture *f = *state;
    assert_int_equal(open_nasty(f, NASTY_DESC), 0);
    assert_int_equal(generate(f), 0);
    xmlDocPtr doc = read_xml(f, "streamline/events-Test-Core.xml");
    assert_int_equal(each_event(doc, nasty_event, NULL), 2);
    xmlFreeDoc(doc);
    expect_libxml2_layout(f, "streamline/events-Test-Core.xml");
}

static void test_libxml2_layout(void **state)
{
    fixture *f = *state;
    expect_libxml2_layout(f, "streamline/events-Neoverse-V1.xml");
    expect_libxml2_layout(f, "streamline/events-Mali-G720.xml");
}

/* A control character cannot be carried by XML 1.0: the checker refuses
 * the spec, by name, and nothing is written. */
static void test_control_character(void **state)
{
    fixture *f = *state;
    assert_int_not_equal(open_nasty(f, "bell \a here"), 0);
    assert_non_null(strstr(f->d.log.data, "event 'CPU_CYCLES': description contains "
                                          "control character 0x07"));
    char path[4096];
    snprintf(path, sizeof path, "%s/streamline", f->dir);
    assert_int_not_equal(access(path, F_OK), 0);
}

/* A counter whose title and name no longer give the variable the formulas
 * use: a warning naming the counter (the checker accepts the spec). */
static void test_g720_mismatch(void **state)
{
    fixture *f = *state;
    FILE *fp = fopen("spec/mali/mali-g720.xml", "rb");
    assert_non_null(fp);
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, fp);
    fclose(fp);
    text[n] = '\0';
    char *at = strstr(text, "name=\"GPU active\"");
    assert_non_null(at);
    memcpy(at, "name=\"GPU busy!!\"", 17);
    char path[4096];
    snprintf(path, sizeof path, "%s/mali-g720.xml", f->dir);
    fp = fopen(path, "wb");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
    f->t[0] = open_spec(f, path);
    f->n = 0;
    assert_null(f->t[0]);
    assert_int_equal(f->d.errors, 1);
    assert_non_null(strstr(f->d.log.data, "error: counter 'MaliGPUCyclesGPUActive': "
                                          "Streamline title 'Mali GPU Cycles' and name "
                                          "'GPU busy!!' make $MaliGPUCyclesGPUBusy"));
}

#define ALL_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup_all, fixture_free)

static int setup_empty(void **state)
{
    *state = fixture_new();
    return 0;
}

#define EMPTY_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup_empty, fixture_free)

/* One group, so tests/run.sh (which reads the last summary) counts all. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_naming_rule),
        ALL_TEST(test_rule_matches_spec),
        ALL_TEST(test_files_validate),
        cmocka_unit_test(test_schema_rejects),
        ALL_TEST(test_unique),
        ALL_TEST(test_v1),
        ALL_TEST(test_g720_variables),
        ALL_TEST(test_g720_categories),
        ALL_TEST(test_libxml2_layout),
        EMPTY_TEST(test_g720_mismatch),
        EMPTY_TEST(test_nasty_text),
        EMPTY_TEST(test_control_character),
    };
    return cmocka_run_group_tests_name("streamline", tests, NULL, NULL);
}
