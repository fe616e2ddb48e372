/* test_streamline.c - the Streamline (gatord) events XML emitter
 * (gen/emit_streamline.c), judged by what gatord does with the files.
 *
 * gatord cannot run here, so this test judges every file by a MODEL of
 * gatord 9.7.2 loading it with -E and merging it into its built-in events
 * (tests/gatord_model.h says what it models and from which sources).
 *
 * Every file generated from spec/ and from two telemetry fixtures (a core
 * gatord lacks, a revision of a core it has) is loaded and merged, and the
 * test asserts: every event of the file arrives, once; in a CPU category,
 * each event code is there once and only one category uses the counter
 * set; no built-in event is lost (replaced only by an event of the same
 * code). The model is also shown to catch each failure it exists for.
 *
 * By hand: STREAMLINE_MODEL_DIR=DIR .build/tests/test_streamline merges
 * every events-*.xml of DIR and prints what arrives.
 *
 * Run from the repository root.
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
#include <libxml/tree.h>

#include "load/load_cores.h"
#include "core/diag.h"
#include "core/expr.h"
#include "core/ir.h"
#include "core/names.h"
#include "run/pipeline.h"
#include "test_loaded.h"
#include "test_util.h"

#define V1_XML "streamline/events-Neoverse-V1.xml"
#define G720_XML "streamline/events-Mali-G720.xml"
#define TEST_CORE_XML "streamline/events-Test-Core.xml"
#define N2_XML "streamline/events-Neoverse-N2-r0p3.xml"

#define NASTY_TITLE "Say \"hi\" & <b>bye</b> 'q' back\\slash\ttab caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac"
#define NASTY_DESC "First line with \"quotes\" & <tags> & 'apos' ]]> --\nsecond line\r\\ caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac."

static char *const all_specs[] = {
    "spec/arm/neoverse-v1.json", "spec/intel/oa-chv.xml", "spec/mali/mali-g720.xml",
    "spec/mali/mali-t624-model.xml", "tests/telemetry/unknown-core.json",
    "tests/telemetry/string-revisions.json"};
enum { NSPECS = sizeof all_specs / sizeof all_specs[0] };

/* ---- files and generating ------------------------------------------------- */

typedef struct fixture {
    char dir[64];
    hw_run run;    /* the specs loaded, checked, rendered, written */
    hw_target **t; /* run.targets */
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
    run_init(&f->run, &f->d);
    return f;
}

static int fixture_free(void **state)
{
    fixture *f = *state;
    run_free(&f->run);
    remove_tree(f->dir);
    diag_free(&f->d);
    free(f);
    return 0;
}

/* The target at `path`, loaded and checked (its plan made for what it
 * reports, then dropped). */
static hw_target *open_spec(fixture *f, const char *path)
{
    hw_target *t = run_open(path, NULL, &f->d);
    if (!t && f->d.log.data)
        fputs(f->d.log.data, stderr);
    return t;
}

/* Load and check the specs `paths` as generate does, for Streamline's files
 * only; their targets in f->t. 0, or -1 (the log on stderr). */
static int load(fixture *f, char *const *paths, int n)
{
    int rc = run_load_kinds(&f->run, OUT_STREAMLINE, paths, n);
    f->t = f->run.targets;
    f->n = f->run.ntargets;
    return rc;
}

/* Render f's targets' files and write them into f->dir, as generate
 * does. 0, or -1. */
static int generate(fixture *f)
{
    return run_generate_into(&f->run, f->dir);
}

static int setup_all(void **state)
{
    fixture *f = fixture_new();
    *state = f;
    if (load(f, all_specs, NSPECS) != 0 || f->n != NSPECS)
        return -1;
    return generate(f);
}

/* The plan of the target `slug`. */
static const hw_plan *plan_of(const fixture *f, const char *slug)
{
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->t[i]->slug, slug) == 0)
            return &f->run.plans[i];
    fail_msg("no target %s", slug);
    return NULL;
}

static const hw_target *target(const fixture *f, const char *slug)
{
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->t[i]->slug, slug) == 0)
            return f->t[i];
    fail_msg("no target %s", slug);
    return NULL;
}

static char *path_in(const fixture *f, const char *name)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s", f->dir, name);
    return path;
}

static xmlDocPtr read_xml(const fixture *f, const char *name)
{
    xmlDocPtr doc = xmlReadFile(path_in(f, name), NULL, XML_PARSE_NONET);
    assert_non_null(doc);
    return doc;
}

/* The file byte for byte as libxml2 writes the document it holds: the
 * layout (two spaces a level, "/>" for empty elements) and the escapes
 * in attributes are libxml2's own. */
static void expect_libxml2_layout(const fixture *f, const char *name)
{
    size_t len = 0;
    char *text = read_file(path_in(f, name), &len);
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

#include "gatord_model.h"

/* ---- what gatord keeps of every file -------------------------------------------- */

static void test_every_file_kept_whole(void **state)
{
    fixture *f = *state;
    const char *const files[] = {V1_XML, G720_XML, TEST_CORE_XML, N2_XML};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        gd_run run;
        expect_kept_whole(path_in(f, files[i]), &run);
        xmlFreeDoc(run.merged);
    }
    /* and no other file: none for the OA spec or the model */
    DIR *dir = opendir(path_in(f, "streamline"));
    assert_non_null(dir);
    int n = 0;
    struct dirent *ent;
    while ((ent = readdir(dir)) != NULL)
        n += ent->d_name[0] != '.';
    closedir(dir);
    assert_int_equal(n, 4);
    /* the committed copies too (make check keeps them equal to these) */
    dir = opendir("out/streamline");
    assert_non_null(dir);
    n = 0;
    while ((ent = readdir(dir)) != NULL) {
        if (ent->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "out/streamline/%s", ent->d_name);
        gd_run run;
        expect_kept_whole(path, &run);
        xmlFreeDoc(run.merged);
        n++;
    }
    closedir(dir);
    assert_int_equal(n, 2);
}

/* V1, a core gatord has: every event but CHAIN arrives once in gatord's
 * own category, under gatord's label, replacing gatord's event of the same
 * code; the cycle counter keeps its counter. */
static void test_v1_in_gatords_category(void **state)
{
    fixture *f = *state;
    const hw_target *t = target(f, "neoverse-v1");
    const st_label *labels = plan_of(f, "neoverse-v1")->streamline.cpu.labels;
    gd_run run;
    expect_kept_whole(path_in(f, V1_XML), &run);
    xmlNodePtr cat = gd_category(&run, "Neoverse-V1");
    assert_non_null(cat);
    assert_true(attr_is(cat, "counter_set", "ARMv8_Neoverse_V1_cnt"));
    assert_int_equal(run.file_events, t->nevents - 1); /* CHAIN is never shown */
    assert_int_equal(run.arrived, t->nevents - 1);
    assert_int_equal(run.r.replaced, 131);              /* all of gatord's V1 events */
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        char code[16];
        snprintf(code, sizeof code, "0x%02x", (unsigned)e->code);
        int in = 0;
        for (xmlNodePtr n = gd_first(cat, "event"); n; n = gd_next(n, "event"))
            if (attr_is(n, "event", code)) {
                in++;
                assert_non_null(xmlHasProp(n, BAD_CAST FROM_FILE));
                assert_true(attr_is(n, "title", labels[i].gd_title));
                assert_true(attr_is(n, "name", labels[i].gd_name));
                assert_true(attr_is(n, "description", e->description));
                assert_true(attr_is(n, "counter", e->code == 0x11 ? "ARMv8_Neoverse_V1_ccnt" : NULL));
            }
        assert_int_equal(in, e->code == 0x1e ? 0 : 1);
    }
    xmlFreeDoc(run.merged);
}

/* Units as gatord 9.7.2 gives them for V1 (events-Neoverse-V1.xml). */
static void test_v1_units(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *code, *units;
    } want[] = {{"0x11", "cycles"},       {"0x08", "instructions"}, {"0x09", "exceptions"},
                {"0x3f", "slots"},        {"0x24", "cycles"},       {"0x03", NULL},
                {"0x3b", NULL},           {"0x80c0", "instructions"}};
    xmlDocPtr doc = read_xml(f, V1_XML);
    xmlNodePtr cat = gd_first(xmlDocGetRootElement(doc), "category");
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int found = 0;
        for (xmlNodePtr n = gd_first(cat, "event"); n; n = gd_next(n, "event"))
            if (attr_is(n, "event", want[i].code)) {
                assert_true(attr_is(n, "units", want[i].units));
                found = 1;
            }
        assert_true(found);
    }
    xmlFreeDoc(doc);
}

/* Mali-G720: every counter arrives (all 94 of the spec), in one category
 * of their own, and no built-in event of either GPU is lost. */
static void test_g720_all_arrive(void **state)
{
    fixture *f = *state;
    const hw_target *t = target(f, "mali-g720");
    int ids = 0;
    for (int i = 0; i < t->nevents; i++)
        ids += t->events[i].counter_id != NULL;
    assert_int_equal(ids, 94);
    gd_run run;
    expect_kept_whole(path_in(f, G720_XML), &run);
    assert_int_equal(run.file_events, ids);
    assert_int_equal(run.arrived, ids);
    assert_int_equal(run.r.replaced, 0);
    assert_int_equal(run.builtin_after, run.builtin_before);
    xmlNodePtr cat = gd_category(&run, "Mali-G720 (hwcgen)");
    assert_non_null(cat);
    assert_true(attr_is(cat, "per_cpu", "no"));
    assert_null(xmlHasProp(cat, BAD_CAST "counter_set"));
    int n = 0;
    for (xmlNodePtr e = gd_first(cat, "event"); e; e = gd_next(e, "event"))
        n++;
    assert_int_equal(n, ids);
    xmlFreeDoc(run.merged);
}

/* A core gatord lacks (the fixture's Test Core): one category of its own
 * on a counter set of its own, every event in it. */
static void test_core_gatord_lacks(void **state)
{
    fixture *f = *state;
    gd_run run;
    expect_kept_whole(path_in(f, TEST_CORE_XML), &run);
    xmlNodePtr cat = gd_category(&run, "Test Core");
    assert_non_null(cat);
    assert_true(attr_is(cat, "counter_set", "ARMv9_Test_Core_cnt"));
    assert_int_equal(run.arrived, 9); /* ten events, less CHAIN */
    assert_int_equal(run.r.replaced, 0);
    xmlNodePtr set = NULL;
    for (xmlNodePtr c = gd_first(xmlDocGetRootElement(run.merged), "counter_set"); c;
         c = gd_next(c, "counter_set"))
        if (attr_is(c, "name", "ARMv9_Test_Core_cnt"))
            set = c;
    assert_non_null(set);
    assert_true(attr_is(set, "count", "4"));
    /* the cycle counter first, on the set's _ccnt */
    xmlNodePtr first = gd_first(cat, "event");
    assert_true(attr_is(first, "event", "0x11"));
    assert_true(attr_is(first, "counter", "ARMv9_Test_Core_ccnt"));
    xmlFreeDoc(run.merged);
}

/* A revision of a core gatord has (N2 r0p3) updates gatord's N2 category. */
static void test_revision_in_gatords_category(void **state)
{
    fixture *f = *state;
    gd_run run;
    expect_kept_whole(path_in(f, N2_XML), &run);
    assert_non_null(gd_category(&run, "Neoverse-N2"));
    assert_int_equal(run.r.replaced, 1);
    xmlFreeDoc(run.merged);
}

/* ---- the model is no rubber stamp ------------------------------------------------ */

#define DECL "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

static void gd_string(const char *text, gd_run *run)
{
    gd_text(text, strlen(text), run);
}

/* What gatord refuses to load, or where it stops. */
static void test_model_parse_rules(void **state)
{
    (void)state;
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"<events><category name='c' per_cpu='no'/></events>", "no <?xml"},
        {DECL "<counters><category name='c'/></counters>", "no <events> node"},
        {DECL "<events><category name='c &nbsp; d'/></events>", "an entity gatord does not know"},
        {DECL "<events><category name='c'><event title='t' name='&foo;'/></category></events>",
         "an entity gatord does not know"},
        {DECL "<events><category name='c'", "Unable to parse"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gd_run run;
        gd_string(bad[i].text, &run);
        assert_non_null(run.r.failed);
        if (!strstr(run.r.failed, bad[i].why))
            fail_msg("%s: %s, not %s", bad[i].text, run.r.failed, bad[i].why);
        xmlFreeDoc(run.merged);
    }
    /* a category without a name: the merge stops there */
    gd_run run;
    gd_string(DECL "<events><category per_cpu='no'><event counter='a' title='t' name='n'/>"
                   "</category><category name='New'><event counter='b' title='t' name='m'/>"
                   "</category></events>", &run);
    assert_non_null(run.r.failed);
    assert_non_null(strstr(run.r.failed, "category without a name"));
    assert_int_equal(run.arrived, 0);
    xmlFreeDoc(run.merged);
    /* the five entities and character references load */
    gd_string(DECL "<!-- & -->\n<events><category name='a &amp; &lt;b&gt; &quot;&apos; &#233;'>"
                   "<event counter='x' title='t' name='n'/></category></events>", &run);
    assert_null(run.r.failed);
    assert_int_equal(run.arrived, 1);
    xmlFreeDoc(run.merged);
}

/* The failures the files are shaped against, each caught. */
static void test_model_catches_failures(void **state)
{
    (void)state;
    gd_run run;
    /* two new categories in one file (the G720 file before): the second
     * is never reached */
    gd_string(DECL "<events><category name='New A'><event counter='a' title='t' name='1'/>"
                   "<event counter='b' title='t' name='2'/></category><category name='New B'>"
                   "<event counter='c' title='t' name='3'/></category></events>", &run);
    assert_null(run.r.failed);
    assert_int_equal(run.file_events, 3);
    assert_int_equal(run.arrived, 2);
    assert_int_equal(run.r.visited, 1);
    xmlFreeDoc(run.merged);
    /* a CPU category of its own name on gatord's counter set (the V1 file
     * before): a second group of the same counters */
    gd_string(DECL "<events><counter_set name='ARMv8_Neoverse_V1_cnt' count='6'/>"
                   "<category name='Neoverse V1' counter_set='ARMv8_Neoverse_V1_cnt' per_cpu='yes'>"
                   "<event counter='ARMv8_Neoverse_V1_ccnt' event='0x11' title='Neoverse V1' "
                   "name='Cycle'/></category></events>", &run);
    assert_null(run.r.failed);
    assert_int_equal(run.arrived, 1);
    assert_non_null(gd_cpu_whole(&run));
    assert_non_null(strstr(gd_cpu_whole(&run), "2 categories on counter set ARMv8_Neoverse_V1_cnt"));
    xmlFreeDoc(run.merged);
    /* in gatord's category, an event under a label of its own: its code twice */
    gd_string(DECL "<events><category name='Neoverse-V1' counter_set='ARMv8_Neoverse_V1_cnt'>"
                   "<event event='0x08' title='Instructions' name='Retired'/></category></events>",
              &run);
    assert_non_null(strstr(gd_cpu_whole(&run), "event 0x08 twice"));
    xmlFreeDoc(run.merged);
    /* in gatord's category, an event under the label of another code: lost */
    gd_string(DECL "<events><category name='Neoverse-V1' counter_set='ARMv8_Neoverse_V1_cnt'>"
                   "<event event='0x1234' title='Cycles' name='CPU Cycles'/></category></events>",
              &run);
    assert_int_equal(run.r.lost, 1);
    xmlFreeDoc(run.merged);
    /* a GPU category of a name gatord shares among GPUs: merged into the
     * last one (the G720's), where a label match takes another counter */
    gd_string(DECL "<events><category name='Mali CSF' per_cpu='no'>"
                   "<event counter='ARM_Mali-GX1_GPU_ACTIVE' title='Mali Cycles' name='GPU active'/>"
                   "</category></events>", &run);
    assert_int_equal(run.r.lost, 1);
    xmlFreeDoc(run.merged);
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
    const char *const files[] = {V1_XML, G720_XML, TEST_CORE_XML, N2_XML};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
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

/* ---- nasty text ------------------------------------------------------------------------ */

static char *nasty_spec(const char *desc)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *pc = cJSON_AddObjectToObject(root, "product_configuration");
    cJSON_AddStringToObject(pc, "product_name", "Test Core");
    cJSON_AddStringToObject(pc, "part_num", "0xfe1"); /* a core gatord lacks */
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
    return load(f, (char *[]){path}, 1) == 0 && f->n == 1 ? 0 : -1;
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
    hw_target *t = open_spec(f, path);
    target_free(t);
    assert_null(t);
    assert_int_equal(f->d.errors, 1);
    assert_non_null(strstr(f->d.log.data, "error: counter 'MaliGPUCyclesGPUActive': "
                                          "Streamline title 'Mali GPU Cycles' and name "
                                          "'GPU busy!!' make $MaliGPUCyclesGPUBusy"));
}

/* An event gatord lacks, in a core gatord has, whose own label would be
 * the label of a gatord event the file carries after it (V1's 0x08,
 * "Instructions (Executed): All"): it gets a label of its own, or -E would
 * replace gatord's 0x08 with it and then add 0x08 a second time. */
static void test_own_label_never_gatords(void **state)
{
    fixture *f = *state;
    const char *spec =
        "{\"product_configuration\": {\"product_name\": \"Neoverse V1\", \"part_num\": \"0xd40\","
        " \"implementer\": \"0x41\", \"major_revision\": \"1\", \"minor_revision\": \"2\"},"
        " \"events\": {"
        "\"IMP_ALL\": {\"code\": \"0x0123\", \"title\": \"All\", \"description\": \"d\"},"
        "\"INST_RETIRED\": {\"code\": \"0x0008\", \"title\": \"Instruction\", \"description\": \"d\"}},"
        " \"metrics\": {}, \"groups\": {\"function\": {\"Executed\": {\"title\": "
        "\"Instructions (Executed)\", \"events\": [\"IMP_ALL\", \"INST_RETIRED\"]}}}}";
    char *path = path_in(f, "clash.json");
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    fputs(spec, fp);
    fclose(fp);
    assert_int_equal(load(f, &path, 1), 0);
    assert_non_null(f->t[0]);
    assert_int_equal(f->n, 1);
    assert_int_equal(generate(f), 0);
    gd_run run;
    expect_kept_whole(path_in(f, V1_XML), &run);
    assert_int_equal(run.arrived, 2);
    assert_int_equal(run.r.replaced, 1);
    xmlNodePtr cat = gd_category(&run, "Neoverse-V1");
    int own = 0;
    for (xmlNodePtr n = gd_first(cat, "event"); n; n = gd_next(n, "event"))
        own += attr_is(n, "event", "0x123") && attr_is(n, "title", "Instructions (Executed)") &&
               attr_is(n, "name", "All (IMP_ALL)");
    assert_int_equal(own, 1);
    xmlFreeDoc(run.merged);
}

/* The plan's category `c` of target `slug` is what the file `name` holds:
 * each event the plan puts in it is there once, under the plan's title
 * and name, and the file has no other event. */
static void expect_plan_is_file(const fixture *f, const char *slug, const st_category *c,
                                const char *name)
{
    const hw_target *t = target(f, slug);
    xmlDocPtr doc = read_xml(f, name);
    xmlNodePtr cat = NULL;
    for (xmlNodePtr n = gd_first(xmlDocGetRootElement(doc), "category"); n && !cat;
         n = gd_next(n, "category"))
        cat = attr_is(n, "name", c->category) ? n : NULL;
    assert_non_null(cat);
    int planned = 0, in_file = 0;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        const st_label *l = &c->labels[i];
        char code[16];
        snprintf(code, sizeof code, "0x%02x", (unsigned)e->code);
        int found = 0;
        for (xmlNodePtr n = gd_first(cat, "event"); n; n = gd_next(n, "event"))
            found += (e->counter_id ? attr_is(n, "counter", e->counter_id)
                                    : attr_is(n, "event", code)) &&
                     attr_is(n, "title", l->title) && attr_is(n, "name", l->name);
        if (found != (l->in_file ? 1 : 0))
            fail_msg("%s: %s is %d times in %s under the plan's label, in_file %d", slug,
                     e->name, found, name, l->in_file);
        planned += l->in_file;
    }
    for (xmlNodePtr n = gd_first(cat, "event"); n; n = gd_next(n, "event"))
        in_file++;
    assert_int_equal(in_file, planned);
    xmlFreeDoc(doc);
}

static const st_label *label_of(const fixture *f, const char *slug, const char *event)
{
    const hw_target *t = target(f, slug);
    int i = ir_find_event(t, event);
    assert_true(i >= 0);
    return &plan_of(f, slug)->streamline.cpu.labels[i];
}

/* The labels are the plan's, and the file writes them as they are: for a
 * core gatord lacks, an event is titled by the first functional group
 * that lists it, else by the product name, and named by its title; a
 * hidden event (CHAIN) is in no category and has no label. */
static void test_labels_are_the_plans(void **state)
{
    fixture *f = *state;
    expect_plan_is_file(f, "neoverse-v1", &plan_of(f, "neoverse-v1")->streamline.cpu, V1_XML);
    expect_plan_is_file(f, "test-core", &plan_of(f, "test-core")->streamline.cpu, TEST_CORE_XML);
    expect_plan_is_file(f, "neoverse-n2-r0p3", &plan_of(f, "neoverse-n2-r0p3")->streamline.cpu,
                        N2_XML);
    expect_plan_is_file(f, "mali-g720", &plan_of(f, "mali-g720")->streamline.gpu, G720_XML);
    const st_label *l = label_of(f, "test-core", "INST_RETIRED");
    assert_string_equal(l->title, "GENERAL"); /* its group's title */
    assert_string_equal(l->name, "Instruction architecturally executed");
    l = label_of(f, "test-core", "IMP_WIDGET"); /* in no group */
    assert_string_equal(l->title, "Test Core");
    assert_string_equal(l->name, "Widget busy");
    l = label_of(f, "test-core", "CHAIN");
    assert_false(l->in_file);
    assert_null(l->title);
    /* and a core gatord has: gatord's own label */
    l = label_of(f, "neoverse-v1", "BUS_ACCESS");
    assert_string_equal(l->title, "Bus");
    assert_string_equal(l->name, "Access");
    /* the GPU's one category, named after the device and hwcgen */
    assert_string_equal(plan_of(f, "mali-g720")->streamline.gpu.category, "Mali-G720 (hwcgen)");
    assert_null(plan_of(f, "neoverse-v1")->streamline.gpu.category);
}

#define ALL_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup_all, fixture_free)

static int setup_empty(void **state)
{
    *state = fixture_new();
    return 0;
}

#define EMPTY_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup_empty, fixture_free)

/* By hand: every events-*.xml of `dir` through the model. */
static int model_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 2;
    }
    int bad = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t n = strlen(ent->d_name);
        if (strncmp(ent->d_name, "events-", 7) != 0 || n < 4 || strcmp(ent->d_name + n - 4, ".xml"))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        gd_run run;
        gd_file(path, &run);
        const char *whole = run.r.failed ? NULL : gd_cpu_whole(&run);
        int ok = !run.r.failed && !whole && run.arrived == run.file_events && !run.r.lost &&
                 run.builtin_after + run.r.replaced == run.builtin_before;
        printf("%s: %s: %d of %d events arrive, %d replace built-in events of their code, "
               "%d built-in events lost%s%s%s\n", ent->d_name, ok ? "ok" : "BROKEN", run.arrived,
               run.file_events, run.r.replaced, run.r.lost, run.r.failed ? "; " : "",
               run.r.failed ? run.r.failed : "", whole ? whole : "");
        bad += !ok;
        xmlFreeDoc(run.merged);
    }
    closedir(d);
    return bad ? 1 : 0;
}

/* One group, so tests/run.sh (which reads the last summary) counts all. */
int main(void)
{
    const char *dir = getenv("STREAMLINE_MODEL_DIR");
    if (dir)
        return model_dir(dir);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_naming_rule),
        ALL_TEST(test_rule_matches_spec),
        ALL_TEST(test_every_file_kept_whole),
        ALL_TEST(test_v1_in_gatords_category),
        ALL_TEST(test_labels_are_the_plans),
        ALL_TEST(test_v1_units),
        ALL_TEST(test_g720_all_arrive),
        ALL_TEST(test_core_gatord_lacks),
        ALL_TEST(test_revision_in_gatords_category),
        cmocka_unit_test(test_model_parse_rules),
        cmocka_unit_test(test_model_catches_failures),
        ALL_TEST(test_unique),
        ALL_TEST(test_g720_variables),
        ALL_TEST(test_libxml2_layout),
        EMPTY_TEST(test_g720_mismatch),
        EMPTY_TEST(test_nasty_text),
        EMPTY_TEST(test_control_character),
        EMPTY_TEST(test_own_label_never_gatords),
    };
    return cmocka_run_group_tests_name("streamline", tests, NULL, NULL);
}
