/* gatord_model.h - a MODEL of gatord 9.7.2 loading a file given with -E
 * and merging it into its built-in events, for the tests of the Streamline
 * files (tests/test_streamline.c, tests/test_streamline_tree.c).
 *
 * gatord cannot run here, so the tests carry this model of it, written from
 * gatord 9.7.2's source (daemon/xml/EventsXML.cpp, getStaticTree(), and
 * daemon/xml/EventsXMLProcessor.cpp, mergeTrees() and what it calls) and
 * from runs of a real 9.7.2 build (shared/reference/GATORD.md). It is a
 * model, not gatord: it covers loading a file given with -E and merging it
 * into the built-in events, nothing after (processClusters(), counters at
 * capture time). What it models:
 *
 *   loading (mxml): the file must start with an <?xml ...?> declaration and
 *     have an <events> root; an entity other than the five of XML or a
 *     character reference stops gatord ("Unable to parse"). mxml knows
 *     more named entities than those five; the model refuses them all.
 *   mergeTrees: top-level counter sets first (one of a name gatord has
 *     replaces it), then categories. A category gatord lacks is moved into
 *     the built-in tree, and the loop then goes on from the moved node, so
 *     every later category of the file that gatord lacks is skipped. A
 *     category whose name gatord has merges into the LAST built-in category
 *     of that name, event by event: an event whose title and name match a
 *     built-in event replaces the last built-in event with them; others
 *     are appended. A category without a name stops the merge there.
 *
 * The built-in events the model merges into are a small set of our own in
 * gatord's shape: for each core of hwcgen's table of cores, the counter
 * set and CPU category gatord 9.7.2 has, with its events' codes, titles
 * and names (spec/cores.json records them); and GPU categories of two
 * GPUs sharing the names "Mali CSF" and "Mali Tiler", as gatord's GPUs do,
 * one of them the Mali-G720 with counter ids our G720 spec uses.
 *
 * expect_kept_whole() runs one file through it and fails the test unless
 * every event of the file arrives, once; in a CPU category each event
 * code is there once and only one category uses the counter set; and no
 * built-in event is lost (replaced only by an event of the same code).
 */
#ifndef HWCGEN_GATORD_MODEL_H
#define HWCGEN_GATORD_MODEL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "load/load_cores.h"
#include "core/diag.h"
#include "test_util.h"

/* ---- reading events back ------------------------------------------------------- */

static inline int is_element(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

/* An attribute as a malloc'd string (xmlFree it), or NULL. */
static inline char *attr(const xmlNode *n, const char *name)
{
    return (char *)xmlGetProp(n, BAD_CAST name);
}

static inline int attr_is(const xmlNode *n, const char *name, const char *value)
{
    char *v = attr(n, name);
    int same = v ? value && strcmp(v, value) == 0 : !value;
    xmlFree(v);
    return same;
}

typedef int (*event_fn)(void *ctx, const xmlNode *cat, const xmlNode *ev);

/* Call fn for each <event> of each <category>; sum of the results. */
static inline int each_event(xmlDocPtr doc, event_fn fn, void *ctx)
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

static inline int count_one(void *ctx, const xmlNode *cat, const xmlNode *ev)
{
    (void)ctx;
    (void)cat;
    (void)ev;
    return 1;
}

/* ---- the model of gatord 9.7.2 --------------------------------------------------- */

/* A private mark on the file's events, to find them after the merge; the
 * model's merge never reads it, as gatord reads no such attribute. */
#define FROM_FILE "hwcgen-test-from-file"

typedef struct gd_result {
    const char *failed;  /* why gatord refuses the file or stops merging */
    int visited;         /* categories of the file the merge reached */
    int categories;      /* categories in the file */
    int replaced;        /* built-in events replaced by the file's event of
                            the same code and counter */
    int lost;            /* built-in events replaced by another event */
} gd_result;

static inline xmlNodePtr gd_first(xmlNodePtr parent, const char *name)
{
    xmlNodePtr n = parent ? parent->children : NULL;
    while (n && !is_element(n, name))
        n = n->next;
    return n;
}

static inline xmlNodePtr gd_next(xmlNodePtr n, const char *name)
{
    for (n = n ? n->next : NULL; n && !is_element(n, name); n = n->next)
        ;
    return n;
}

/* The entities of XML and character references; gatord (mxml) stops at an
 * entity it does not know. Comments are skipped: mxml keeps them raw. */
static inline const char *gd_entities(const char *text)
{
    static const char *const known[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#"};
    for (const char *p = text; *p; p++) {
        if (strncmp(p, "<!--", 4) == 0) {
            const char *end = strstr(p + 4, "-->");
            if (!end)
                return "Unable to parse: a comment never ends";
            p = end + 2;
            continue;
        }
        if (*p != '&')
            continue;
        int ok = 0;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            ok |= strncmp(p, known[i], strlen(known[i])) == 0;
        if (!ok)
            return "Unable to parse: an entity gatord does not know";
    }
    return NULL;
}

/* The file as gatord loads -E FILE; NULL, with *why, when gatord stops. */
static inline xmlDocPtr gd_load(const char *text, size_t len, const char **why)
{
    *why = NULL;
    if (strncmp(text, "<?xml", 5) != 0) {
        *why = "no <?xml ...?> declaration: gatord finds no <events> node";
        return NULL;
    }
    if ((*why = gd_entities(text)))
        return NULL;
    xmlDocPtr doc = xmlReadMemory(text, (int)len, "append.xml", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_NODICT | XML_PARSE_NOERROR |
                                      XML_PARSE_NOWARNING);
    if (!doc) {
        *why = "Unable to parse";
        return NULL;
    }
    if (!is_element(xmlDocGetRootElement(doc), "events")) {
        *why = "no <events> node";
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

static inline void gd_move(xmlNodePtr parent, xmlNodePtr n)
{
    xmlUnlinkNode(n);
    xmlAddChild(parent, n);
}

/* The last of `nodes` whose attribute `key` (and `key2`) match n's. */
static inline int gd_find(xmlNodePtr *nodes, int count, xmlNodePtr n, const char *key, const char *key2)
{
    char *v = attr(n, key), *v2 = key2 ? attr(n, key2) : NULL;
    int found = -1;
    for (int i = 0; i < count; i++)
        if (nodes[i] && attr_is(nodes[i], key, v) && (!key2 || attr_is(nodes[i], key2, v2)))
            found = i;
    xmlFree(v);
    xmlFree(v2);
    return found;
}

static inline int gd_children(xmlNodePtr parent, const char *name, xmlNodePtr *out, int max)
{
    int k = 0;
    for (xmlNodePtr n = gd_first(parent, name); n; n = gd_next(n, name)) {
        assert_true(k < max);
        out[k++] = n;
    }
    return k;
}

enum { GD_MAX = 8192 };
static xmlNodePtr gd_existing[GD_MAX];

/* mergeCounterSets(): a counter set of a name gatord has replaces it. */
static inline int gd_merge_counter_sets(xmlNodePtr main, xmlNodePtr append, gd_result *r)
{
    int k = gd_children(main, "counter_set", gd_existing, GD_MAX);
    for (int i = 0; i < k; i++)
        if (!xmlHasProp(gd_existing[i], BAD_CAST "name")) {
            r->failed = "a built-in counter_set without a name";
            return -1;
        }
    for (xmlNodePtr n = gd_first(append, "counter_set"), next; n; n = next) {
        next = gd_next(n, "counter_set"); /* before the move, as gatord does */
        if (!xmlHasProp(n, BAD_CAST "name")) {
            r->failed = "a counter_set without a name";
            return -1;
        }
        int old = gd_find(gd_existing, k, n, "name", NULL);
        if (old >= 0) {
            xmlUnlinkNode(gd_existing[old]);
            xmlFreeNode(gd_existing[old]);
            gd_existing[old] = NULL;
        }
        gd_move(main, n);
    }
    return 0;
}

/* mergeEvents(): an event whose title and name match the last built-in
 * event with them replaces it; other events are appended. */
static inline int gd_merge_events(xmlNodePtr main, xmlNodePtr append, gd_result *r)
{
    int k = gd_children(main, "event", gd_existing, GD_MAX);
    for (int i = 0; i < k; i++)
        if (!xmlHasProp(gd_existing[i], BAD_CAST "title") ||
            !xmlHasProp(gd_existing[i], BAD_CAST "name")) {
            r->failed = "a built-in event without title or name";
            return -1;
        }
    for (xmlNodePtr n = gd_first(append, "event"), next; n; n = next) {
        next = gd_next(n, "event");
        if (!xmlHasProp(n, BAD_CAST "title") || !xmlHasProp(n, BAD_CAST "name")) {
            r->failed = "an event without title or name: the merge stops";
            return -1;
        }
        int old = gd_find(gd_existing, k, n, "title", "name");
        if (old >= 0) {
            xmlNodePtr o = gd_existing[old];
            char *code = attr(o, "event"), *counter = attr(o, "counter");
            int same = attr_is(n, "event", code) && attr_is(n, "counter", counter);
            xmlFree(code);
            xmlFree(counter);
            r->replaced += same;
            r->lost += !same;
            xmlUnlinkNode(o);
            xmlFreeNode(o);
            gd_existing[old] = NULL;
        }
        gd_move(main, n);
    }
    return 0;
}

/* mergeCategories(): the loop goes on from each node after its body, and a
 * node gatord lacked has moved into the built-in tree by then. */
static inline int gd_merge_categories(xmlNodePtr main, xmlNodePtr append, gd_result *r)
{
    static xmlNodePtr cats[GD_MAX];
    int k = gd_children(main, "category", cats, GD_MAX);
    for (int i = 0; i < k; i++)
        if (!xmlHasProp(cats[i], BAD_CAST "name")) {
            r->failed = "a built-in category without a name";
            return -1;
        }
    for (xmlNodePtr n = gd_first(append, "category"); n; n = gd_next(n, "category")) {
        r->visited++;
        if (!xmlHasProp(n, BAD_CAST "name")) {
            r->failed = "a category without a name: logged, and the merge stops";
            return -1;
        }
        int old = gd_find(cats, k, n, "name", NULL);
        if (old >= 0) {
            if (gd_merge_events(cats[old], n, r) != 0 || gd_merge_counter_sets(cats[old], n, r) != 0)
                return -1;
        } else {
            gd_move(main, n);
        }
    }
    return 0;
}

/* mergeTrees(): counter sets, then categories (then <spe>s, which no file
 * of ours has). */
static inline void gd_merge(xmlDocPtr builtin, xmlDocPtr file, gd_result *r)
{
    xmlNodePtr main = xmlDocGetRootElement(builtin), append = xmlDocGetRootElement(file);
    for (xmlNodePtr c = gd_first(append, "category"); c; c = gd_next(c, "category")) {
        r->categories++;
        for (xmlNodePtr e = gd_first(c, "event"); e; e = gd_next(e, "event"))
            xmlNewProp(e, BAD_CAST FROM_FILE, BAD_CAST "1");
    }
    if (gd_merge_counter_sets(main, append, r) == 0)
        gd_merge_categories(main, append, r);
}

/* ---- the built-in events the model merges into ------------------------------- */

/* GPU categories of our own in gatord's shape: two GPUs, each with its
 * own "Mali CSF" and "Mali Tiler" category, one with the G720's ids. */
static const struct {
    const char *gpu, *category, *counter, *title, *name;
} gd_gpu_events[] = {
    {"GX1", "Mali CSF", "ARM_Mali-GX1_GPU_ACTIVE", "Mali Cycles", "GPU active"},
    {"GX1", "Mali CSF", "ARM_Mali-GX1_ITER_COMP_ACTIVE", "Mali Cycles", "Compute queued"},
    {"GX1", "Mali Tiler", "ARM_Mali-GX1_PRIM_VISIBLE", "Mali Primitives", "Visible"},
    {"G720", "Mali CSF", "ARM_Mali-G720_GPU_ACTIVE", "Mali Cycles", "GPU active"},
    {"G720", "Mali CSF", "ARM_Mali-G720_MCU_ACTIVE", "Mali Cycles", "MCU active"},
    {"G720", "Mali Tiler", "ARM_Mali-G720_PRIM_VISIBLE", "Mali Primitives", "Visible"},
};

static inline xmlNodePtr gd_node(xmlNodePtr parent, const char *name)
{
    xmlNodePtr n = xmlNewChild(parent, NULL, BAD_CAST name, NULL);
    assert_non_null(n);
    return n;
}

static inline void gd_prop(xmlNodePtr n, const char *name, const char *value)
{
    if (value)
        assert_non_null(xmlNewProp(n, BAD_CAST name, BAD_CAST value));
}

/* One core's counter set and category as gatord 9.7.2 has them built in,
 * from the table of cores. */
static inline void gd_builtin_cpu(xmlNodePtr root, const cJSON *gatord)
{
    const char *set = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(gatord, "counter_set"));
    const char *ccnt = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(gatord, "cycle_counter"));
    xmlNodePtr cs = gd_node(root, "counter_set");
    gd_prop(cs, "name", set);
    gd_prop(cs, "count", "6");
    xmlNodePtr cat = gd_node(root, "category");
    gd_prop(cat, "name", cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(gatord, "category")));
    gd_prop(cat, "counter_set", set);
    gd_prop(cat, "per_cpu", "yes");
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(gatord, "events")) {
        xmlNodePtr n = gd_node(cat, "event");
        if (strtoul(e->string, NULL, 16) == 0x11)
            gd_prop(n, "counter", ccnt);
        gd_prop(n, "event", e->string);
        gd_prop(n, "title", cJSON_GetStringValue(cJSON_GetArrayItem(e, 0)));
        gd_prop(n, "name", cJSON_GetStringValue(cJSON_GetArrayItem(e, 1)));
        gd_prop(n, "description", "built in");
        gd_prop(n, "units", cJSON_GetStringValue(cJSON_GetArrayItem(e, 2)));
    }
}

/* The counter set of a core of the table, "" when gatord lacks it. */
static inline const char *gd_counter_set(const cJSON *core)
{
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(core, "gatord");
    const char *set = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(g, "counter_set"));
    return set ? set : "";
}

static inline xmlDocPtr gd_builtin(void)
{
    xmlDocPtr doc = xmlNewDoc(BAD_CAST "1.0");
    xmlNodePtr root = xmlNewNode(NULL, BAD_CAST "events");
    assert_non_null(root);
    xmlDocSetRootElement(doc, root);
    hw_diag d;
    diag_init(&d, NULL);
    cJSON *table = cores_table(&d);
    assert_non_null(table);
    diag_free(&d);
    /* one category per counter set, as gatord has one events file for
     * it, whichever cores count on it (Cortex-A78 and A78C) */
    const cJSON *cores = cJSON_GetObjectItemCaseSensitive(table, "cores"), *core;
    cJSON_ArrayForEach(core, cores) {
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(core, "gatord");
        int first = g != NULL;
        for (const cJSON *o = cores->child; first && o != core; o = o->next)
            first = strcmp(gd_counter_set(o), gd_counter_set(core)) != 0;
        if (first)
            gd_builtin_cpu(root, g);
    }
    cJSON_Delete(table);
    xmlNodePtr cat = NULL;
    for (size_t i = 0; i < sizeof gd_gpu_events / sizeof gd_gpu_events[0]; i++) {
        if (i == 0 || strcmp(gd_gpu_events[i].category, gd_gpu_events[i - 1].category) != 0 ||
            strcmp(gd_gpu_events[i].gpu, gd_gpu_events[i - 1].gpu) != 0) {
            cat = gd_node(root, "category");
            gd_prop(cat, "name", gd_gpu_events[i].category);
            gd_prop(cat, "per_cpu", "no");
        }
        xmlNodePtr n = gd_node(cat, "event");
        gd_prop(n, "counter", gd_gpu_events[i].counter);
        gd_prop(n, "title", gd_gpu_events[i].title);
        gd_prop(n, "name", gd_gpu_events[i].name);
    }
    return doc;
}

/* ---- one file through the model ----------------------------------------------- */

typedef struct gd_run {
    gd_result r;
    xmlDocPtr merged;     /* the built-in tree after the merge */
    int file_events;      /* events in the file */
    int arrived;          /* of them, in the merged tree */
    int builtin_before;   /* built-in events before the merge */
    int builtin_after;    /* and after it */
} gd_run;

/* Events under n and its siblings: the file's (from_file 1), built-in
 * ones (0) or all (-1). */
static inline int gd_count(xmlNodePtr n, int from_file)
{
    int k = 0;
    for (; n; n = n->next) {
        int marked = is_element(n, "event") && xmlHasProp(n, BAD_CAST FROM_FILE) != NULL;
        if (is_element(n, "event") && (from_file < 0 || marked == from_file))
            k++;
        k += gd_count(n->children, from_file);
    }
    return k;
}

/* Load `text` as gatord would and merge it; run->r.failed says why not. */
static inline void gd_text(const char *text, size_t len, gd_run *run)
{
    memset(run, 0, sizeof *run);
    run->merged = gd_builtin();
    xmlNodePtr root = xmlDocGetRootElement(run->merged);
    run->builtin_before = gd_count(root->children, 0);
    xmlDocPtr file = gd_load(text, len, &run->r.failed);
    if (!file)
        return;
    run->file_events = gd_count(xmlDocGetRootElement(file)->children, -1);
    gd_merge(run->merged, file, &run->r);
    xmlFreeDoc(file);
    run->arrived = gd_count(root->children, 1);
    run->builtin_after = gd_count(root->children, 0);
}

static inline void gd_file(const char *path, gd_run *run)
{
    size_t len = 0;
    char *text = read_file(path, &len);
    assert_non_null(text);
    gd_text(text, len, run);
    free(text);
}

/* The merged category of that name, when there is exactly one. */
static inline xmlNodePtr gd_category(const gd_run *run, const char *name)
{
    xmlNodePtr found = NULL;
    int n = 0;
    for (xmlNodePtr c = gd_first(xmlDocGetRootElement(run->merged), "category"); c;
         c = gd_next(c, "category"))
        if (attr_is(c, "name", name)) {
            found = c;
            n++;
        }
    return n == 1 ? found : NULL;
}

/* In every CPU category: each event code once; on every counter set: one
 * category. Returns what breaks, or NULL. */
static inline const char *gd_cpu_whole(const gd_run *run)
{
    static char why[512];
    xmlNodePtr root = xmlDocGetRootElement(run->merged);
    for (xmlNodePtr c = gd_first(root, "category"); c; c = gd_next(c, "category")) {
        char *set = attr(c, "counter_set");
        if (!set)
            continue;
        int same = 0;
        for (xmlNodePtr o = gd_first(root, "category"); o; o = gd_next(o, "category"))
            same += attr_is(o, "counter_set", set);
        for (xmlNodePtr e = gd_first(c, "event"); e && same == 1; e = gd_next(e, "event")) {
            char *code = attr(e, "event");
            int twice = 0;
            for (xmlNodePtr o = gd_next(e, "event"); o && code; o = gd_next(o, "event"))
                twice |= attr_is(o, "event", code);
            if (twice)
                snprintf(why, sizeof why, "event %s twice in category of %s", code, set);
            xmlFree(code);
            if (twice) {
                xmlFree(set);
                return why;
            }
        }
        if (same != 1) {
            snprintf(why, sizeof why, "%d categories on counter set %s", same, set);
            xmlFree(set);
            return why;
        }
        xmlFree(set);
    }
    return NULL;
}

/* What gatord keeps of the file, by the rules the files are shaped for:
 * loaded, every event arrived, none built in lost, CPUs whole. */
static inline void expect_kept_whole(const char *path, gd_run *run)
{
    gd_file(path, run);
    if (run->r.failed)
        fail_msg("%s: %s", path, run->r.failed);
    const char *broken = gd_cpu_whole(run);
    if (run->arrived != run->file_events || run->r.lost || broken ||
        run->builtin_after + run->r.replaced != run->builtin_before)
        fail_msg("%s: %d of %d events arrive, %d built-in events lost, %d built in before, "
                 "%d after, %d replaced; %s", path, run->arrived, run->file_events, run->r.lost,
                 run->builtin_before, run->builtin_after, run->r.replaced, broken ? broken : "");
    assert_int_equal(run->r.visited, run->r.categories);
}

#endif
