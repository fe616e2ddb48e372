/* test_mali_db_gatord.c - the Streamline files of Arm's Mali counter
 * database against gatord 9.7.2 itself:
 *
 *   daemon/mali_userspace/MaliHwCntrNamesGenerated.h  the counters gatord
 *                  counts, per name table, block by block (a counter's id
 *                  is "ARM_Mali-" and its entry)
 *   daemon/mali_userspace/MaliDevice.cpp  which table each product id uses
 *   daemon/events-Mali-*.xml  gatord's built-in Mali events
 *
 * from $HWCGEN_GATOR (a gator checkout, or those files under the same
 * paths), and the database of the libGPUCounters checkout
 * $HWCGEN_LIBGPUCOUNTERS; without them the test is skipped, naming what is
 * missing. Nothing of gatord's is copied here.
 *
 * Checked, for every GPU of the database: gatord knows each of its product
 * ids, all by one table; each hardware counter's gatord id (counter_id) is
 * the entry of that table at the counter's block and index; every counter
 * of its Streamline file is in the table under that name; merged into
 * gatord's real built-in events by the model of gatord's merge
 * (gatord_model.h) the file arrives whole, no built-in event is lost or
 * replaced and no counter of the table is shown twice; and the file holds
 * exactly the counters of the GPU that gatord counts and does not show.
 * Run from the top of the tree.
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "gatord_model.h"

#include <ctype.h>
#include <glob.h>

#include "test_loaded.h"
#include "test_run.h"

#include "core/ir.h"
#include "run/pipeline.h"

#define ENV_GATOR "HWCGEN_GATOR"
#define ENV_DB "HWCGEN_LIBGPUCOUNTERS"
#define NAMES "daemon/mali_userspace/MaliHwCntrNamesGenerated.h"
#define DEVICE "daemon/mali_userspace/MaliDevice.cpp"
#define DATABASE "specification/database/Mali-ProductInfo.xml"

enum { MAX_TABLES = 64, MAX_ENTRIES = 1024, MAX_IDS = 64 };

/* One name table of gatord: "g720" and its entries, block after block. */
typedef struct gd_table {
    char name[32];
    char *entries[MAX_ENTRIES];
    int nentries;
    int block_size;
} gd_table;

typedef struct ctx {
    scratch dir;             /* first: scratch_new() makes the fixture */
    char gator[512], db[512];
    gd_table tables[MAX_TABLES];
    int ntables;
    struct {
        uint32_t id;
        int table;
    } ids[MAX_IDS];
    int nids;
    hw_target **t;
    int nt;
} ctx;

static char *gator_file(const ctx *c, const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", c->gator, rel);
    return read_file(path, NULL);
}

/* ---- gatord's tables ------------------------------------------------------------ */

/* Every "hardware_counters_mali_X[] = { "..", .. };" of the names header. */
static void parse_tables(ctx *c)
{
    char *text = gator_file(c, NAMES);
    assert_non_null(text);
    static const char tag[] = "hardware_counters_mali_";
    for (char *p = strstr(text, tag); p; p = strstr(p, tag)) {
        p += sizeof tag - 1;
        char *end = strstr(p, "};");
        if (!strstr(p, "[] = {") || !end)
            continue;
        assert_true(c->ntables < MAX_TABLES);
        gd_table *tb = &c->tables[c->ntables++];
        snprintf(tb->name, sizeof tb->name, "%.*s", (int)strcspn(p, "["), p);
        for (char *q = strchr(p, '{'); q && (q = strchr(q, '"')) && q < end;) {
            char *close = strchr(q + 1, '"');
            assert_non_null(close);
            assert_true(tb->nentries < MAX_ENTRIES);
            tb->entries[tb->nentries++] = strndup(q + 1, (size_t)(close - q - 1));
            q = close + 1;
        }
        tb->block_size = tb->nentries / 4; /* four blocks, as its comments say */
        p = end;
    }
    free(text);
    assert_true(c->ntables > 0);
}

static int table_named(const ctx *c, const char *name)
{
    for (int i = 0; i < c->ntables; i++)
        if (strcmp(c->tables[i].name, name) == 0)
            return i;
    return -1;
}

/* The value of "NAME = 0x...," in the device source. */
static uint32_t enum_value(const char *text, const char *name)
{
    char want[96];
    snprintf(want, sizeof want, "%s = ", name);
    const char *p = strstr(text, want);
    assert_non_null(p);
    return (uint32_t)strtoul(p + strlen(want), NULL, 0);
}

/* PRODUCT_VERSIONS: each MALI_PRODUCT_VERSION(PRODUCT_ID_X, ..., table, ...). */
static void parse_products(ctx *c)
{
    char *text = gator_file(c, DEVICE);
    assert_non_null(text);
    static const char tag[] = "MALI_PRODUCT_VERSION(PRODUCT_ID_";
    for (char *p = strstr(text, tag); p; p = strstr(p + 1, tag)) {
        char name[64], *t = strstr(p, "hardware_counters_mali_"), *close = strchr(p, ')');
        snprintf(name, sizeof name, "PRODUCT_ID_%.*s", (int)strcspn(p + sizeof tag - 1, ","),
                 p + sizeof tag - 1);
        assert_true(t && close && t < close);
        t += strlen("hardware_counters_mali_");
        char table[32];
        snprintf(table, sizeof table, "%.*s", (int)strcspn(t, ","), t);
        assert_true(c->nids < MAX_IDS);
        c->ids[c->nids].id = enum_value(text, name);
        c->ids[c->nids].table = table_named(c, table);
        assert_true(c->ids[c->nids++].table >= 0);
    }
    free(text);
    assert_true(c->nids > 0);
}

/* gatord's table for a product id, or -1 when gatord does not know it. */
static int table_of(const ctx *c, uint32_t id)
{
    for (int i = 0; i < c->nids; i++)
        if (c->ids[i].id == id)
            return c->ids[i].table;
    return -1;
}

/* ---- gatord's built-in Mali events ------------------------------------------------ */

/* Every events-Mali-*.xml of gatord as one <events> document, as its build
 * joins its events files into the built-in events. */
static xmlDocPtr builtin_mali(const ctx *c)
{
    char pattern[1024];
    snprintf(pattern, sizeof pattern, "%s/daemon/events-Mali-*.xml", c->gator);
    glob_t g;
    assert_int_equal(glob(pattern, 0, NULL, &g), 0);
    hw_buf b;
    buf_init(&b);
    buf_puts(&b, "<?xml version=\"1.0\"?>\n<events>\n");
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *text = read_file(g.gl_pathv[i], NULL);
        assert_non_null(text);
        buf_puts(&b, text);
        free(text);
    }
    buf_puts(&b, "</events>\n");
    globfree(&g);
    xmlDocPtr doc = xmlReadMemory(b.data, (int)b.len, "builtin.xml", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOBLANKS);
    buf_free(&b);
    assert_non_null(doc);
    return doc;
}

/* Events under n (and its siblings) whose counter is `counter`; with
 * counter NULL, every event. */
static int count_counter(xmlNodePtr n, const char *counter)
{
    int k = 0;
    for (; n; n = n->next) {
        if (is_element(n, "event") && (!counter || attr_is(n, "counter", counter)))
            k++;
        k += count_counter(n->children, counter);
    }
    return k;
}

/* ---- one GPU ---------------------------------------------------------------------- */

/* gatord's block of ours: its tables go front-end, tiler, shader core,
 * memory system; our block ids are kbase's (front-end 0, tiler 1, memory
 * system 2, shader core 3). */
static int table_block(int block_id)
{
    static const int order[] = {0, 1, 3, 2};
    return block_id >= 0 && block_id < 4 ? order[block_id] : -1;
}

/* The GPU's counters by gatord's names: each counter_id is the table's
 * entry at its block and index. Returns the table. */
static const gd_table *check_ids(const ctx *c, const hw_target *t)
{
    int tb = table_of(c, t->product_ids[0]);
    if (tb < 0)
        fail_msg("%s: gatord does not know product id 0x%04x", t->name, t->product_ids[0]);
    for (int i = 1; i < t->nproduct_ids; i++)
        assert_int_equal(table_of(c, t->product_ids[i]), tb);
    const gd_table *g = &c->tables[tb];
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        int at = table_block(t->blocks[e->block].id) * g->block_size + e->index;
        assert_true(at >= 0 && at < g->nentries);
        char want[160];
        snprintf(want, sizeof want, "ARM_Mali-%s", g->entries[at]);
        if (!e->counter_id || strcmp(e->counter_id, want) != 0)
            fail_msg("%s: counter %s: gatord's table %s has %s at its place, hwcgen says %s",
                     t->name, e->hw_name, g->name, want, e->counter_id ? e->counter_id : "none");
    }
    return g;
}

static int in_table(const gd_table *g, const char *counter)
{
    if (strncmp(counter, "ARM_Mali-", 9) != 0)
        return 0;
    for (int i = 0; i < g->nentries; i++)
        if (g->entries[i][0] && strcmp(g->entries[i], counter + 9) == 0)
            return 1;
    return 0;
}

/* The counters the file should hold: the GPU's that gatord counts and does
 * not show among its built-in events. */
static int expected(const hw_target *t, xmlDocPtr builtin, const char **out)
{
    int n = 0;
    for (int i = 0; i < t->nevents; i++)
        if (count_counter(xmlDocGetRootElement(builtin)->children, t->events[i].counter_id) == 0)
            out[n++] = t->events[i].counter_id;
    return n;
}

typedef struct gpu_counts {
    int counters, in_file, shown;
} gpu_counts;

/* The GPU's file through the model of gatord's merge into its real
 * built-in events: it arrives whole; nothing built in is lost or
 * replaced; no counter of the GPU's table is shown twice. */
static void merge_file(const gd_table *g, const char *path, xmlDocPtr builtin)
{
    size_t len = 0;
    char *text = read_file(path, &len);
    assert_non_null(text);
    const char *why = NULL;
    xmlDocPtr file = gd_load(text, len, &why);
    free(text);
    if (!file)
        fail_msg("%s: %s", path, why);
    xmlDocPtr merged = xmlCopyDoc(builtin, 1);
    xmlNodePtr root = xmlDocGetRootElement(merged);
    int before = count_counter(root->children, NULL);
    int events = count_counter(xmlDocGetRootElement(file)->children, NULL);
    gd_result r = {0};
    gd_merge(merged, file, &r);
    xmlFreeDoc(file);
    if (r.failed || r.lost || r.replaced || r.visited != r.categories ||
        count_counter(root->children, NULL) != before + events)
        fail_msg("%s: gatord's merge: %s; %d lost, %d replaced, %d of %d categories reached",
                 path, r.failed ? r.failed : "loaded", r.lost, r.replaced, r.visited,
                 r.categories);
    for (int i = 0; i < g->nentries; i++) {
        char counter[160];
        snprintf(counter, sizeof counter, "ARM_Mali-%s", g->entries[i]);
        if (g->entries[i][0] && count_counter(root->children, counter) > 1)
            fail_msg("%s: after gatord's merge, %s shows %d times", path, counter,
                     count_counter(root->children, counter));
    }
    xmlFreeDoc(merged);
}

static void check_gpu(const ctx *c, const hw_target *t, xmlDocPtr builtin, gpu_counts *n)
{
    const gd_table *g = check_ids(c, t);
    const char **want = calloc((size_t)t->nevents + 1, sizeof *want);
    assert_non_null(want);
    int nwant = expected(t, builtin, want);
    char path[1024];
    snprintf(path, sizeof path, "%s/out/streamline/events-%s.xml", c->dir.root, t->slug);
    size_t len = 0;
    char *text = read_file(path, &len);
    int in_file = 0;
    if (text) {
        const char *why = NULL;
        xmlDocPtr doc = gd_load(text, len, &why);
        assert_non_null(doc);
        for (xmlNodePtr cat = gd_first(xmlDocGetRootElement(doc), "category"); cat;
             cat = gd_next(cat, "category"))
            for (xmlNodePtr e = gd_first(cat, "event"); e; e = gd_next(e, "event"), in_file++) {
                char *counter = attr(e, "counter");
                int wanted = 0;
                for (int k = 0; k < nwant; k++)
                    wanted |= counter && strcmp(want[k], counter) == 0;
                if (!counter || !in_table(g, counter) || !wanted)
                    fail_msg("%s: counter %s: %s", path, counter ? counter : "(none)",
                             counter && in_table(g, counter)
                                 ? "gatord shows it already"
                                 : "not in gatord's table for the GPU");
                xmlFree(counter);
            }
        xmlFreeDoc(doc);
        merge_file(g, path, builtin);
        free(text);
    }
    if (in_file != nwant)
        fail_msg("%s: its Streamline file holds %d counters; gatord counts and does not "
                 "show %d of its counters", t->name, in_file, nwant);
    n->counters += t->nevents;
    n->in_file += in_file;
    n->shown += t->nevents - nwant;
    free(want);
}

/* ---- the test ------------------------------------------------------------------------ */

static const char *missing(ctx *c)
{
    static char what[1200];
    const char *gator = getenv(ENV_GATOR), *db = getenv(ENV_DB);
    if (!gator || !*gator)
        return ENV_GATOR " is not set (the path of a gator 9.7.2 checkout)";
    if (!db || !*db)
        return ENV_DB " is not set (the path of a libGPUCounters checkout)";
    snprintf(c->gator, sizeof c->gator, "%s", gator);
    snprintf(c->db, sizeof c->db, "%s", db);
    const char *need[][2] = {{gator, NAMES}, {gator, DEVICE}, {db, DATABASE}};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", need[i][0], need[i][1]);
        if (access(path, R_OK) != 0) {
            snprintf(what, sizeof what, "%s has no %s", need[i][0], need[i][1]);
            return what;
        }
    }
    return NULL;
}

static void generate(const ctx *c)
{
    const char *bin = hwcgen_binary("test_mali_db_gatord");
    assert_non_null(bin);
    char out[128];
    snprintf(out, sizeof out, "%s/out", c->dir.root);
    result r = RUN(c->dir.root, bin, "generate", "-q", "--outputs", "streamline", "-o", out, c->db);
    if (r.status != 0)
        fprintf(stderr, "%s", r.err);
    assert_int_equal(r.status, 0);
    result_free(&r);
    hw_diag d;
    diag_init(&d, stderr);
    ctx *w = (ctx *)c;
    assert_int_equal(run_open_all(c->db, &w->t, NULL, &w->nt, &d), 0);
    diag_free(&d);
}

static void test_against_gatord(void **state)
{
    ctx *c = *state;
    const char *why = missing(c);
    if (why) {
        printf("SKIP: test_mali_db_gatord: %s\n", why);
        skip();
    }
    parse_tables(c);
    parse_products(c);
    generate(c);
    xmlDocPtr builtin = builtin_mali(c);
    gpu_counts n = {0};
    int files = 0;
    for (int i = 0; i < c->nt; i++) {
        int before = n.in_file;
        check_gpu(c, c->t[i], builtin, &n);
        files += n.in_file > before;
    }
    xmlFreeDoc(builtin);
    printf("mali-db vs gatord 9.7.2: %d GPUs, all known to gatord by every product id; %d "
           "hardware counters, each under gatord's name for its block and index; %d shown by "
           "gatord's built-in events; %d in hwcgen's Streamline files (%d files), none shown "
           "twice after gatord's merge, none of gatord's lost\n",
           c->nt, n.counters, n.shown, n.in_file, files);
    assert_true(c->nt > 0);
}

static int setup(void **state)
{
    *state = scratch_new(sizeof(ctx), "hwcgen-mali-gatord");
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    ctx *c = *state;
    for (int i = 0; i < c->ntables; i++)
        for (int k = 0; k < c->tables[i].nentries; k++)
            free(c->tables[i].entries[k]);
    targets_free(c->t, c->nt);
    scratch_free(c);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_against_gatord, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
