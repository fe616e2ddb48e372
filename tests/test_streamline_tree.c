/* test_streamline_tree.c - Streamline (gatord) events files of the arm64
 * cores of a perf pmu-events tree (gen/load_perf_cores.c, the tree's part
 * of gen/load_cores.c and gen/emit_streamline.c), judged by the model of
 * gatord 9.7.2 in tests/gatord_model.h.
 *
 * A fixture tree of our own (tests/streamline-tree: arm64 with a mapfile,
 * standard events that model files name with ArchStdEvent, a Cortex-A76,
 * a directory for two cores gatord counts apart (A57, A72) and one for
 * two that share gatord's category (A78, A78C), a core hwcgen's table
 * lacks, a sys directory): which cores each directory gets, which files
 * are written, and what gatord keeps of each, event by event.
 *
 * And the kernel's own arm64 tree (linux-source-6.12, which make check
 * extracts as root and names in $HWCGEN_PMU_EVENTS; skipped, naming the
 * package, without it): every directory with a core the table gives
 * gatord facts for has a file, gatord's model keeps it whole, and each
 * such core's category gets every event of the directory. Nothing here
 * counts what one kernel release has.
 *
 * Run from the repository root.
 */
#include "gatord_model.h"

#include <sys/stat.h>

#include "core/ir.h"
#include "run/pipeline.h"

#define FIXTURE "tests/streamline-tree/arch/arm64"
#define KERNEL_PKG "linux-source-6.12"

typedef struct tree {
    char dir[64];        /* where the files go */
    hw_run run;          /* the tree loaded, checked, rendered, written */
    hw_target **t;       /* run.targets */
    int n;
    hw_diag d;
} tree;

/* A tree whose run is ready to load. */
static tree *tree_new(void)
{
    tree *f = calloc(1, sizeof *f);
    assert_non_null(f);
    diag_init(&f->d, NULL);
    run_init(&f->run, &f->d);
    return f;
}

static int tree_free(void **state)
{
    tree *f = *state;
    if (f)
        run_free(&f->run);
    if (f && f->dir[0])
        remove_tree(f->dir);
    if (f)
        diag_free(&f->d);
    free(f);
    return 0;
}

/* Load every target of `path` and write their Streamline files to f->dir,
 * as generate does. */
static void tree_generate(tree *f, char *path)
{
    f->d.verbose = 1;
    f->run.outputs = OUT_STREAMLINE;
    int rc = run_load_check(&f->run, &path, 1);
    f->t = f->run.targets;
    f->n = f->run.ntargets;
    if (rc != 0)
        fail_msg("%s does not load: %s", path, f->d.log.data ? f->d.log.data : "");
    snprintf(f->dir, sizeof f->dir, "/tmp/hwcgen-streamline-tree-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    int written = 0, unchanged = 0, removed = 0;
    rc = run_emit(&f->run, f->dir, NULL) == 0 &&
                 run_commit(&f->run, &written, &unchanged, &removed) == 0
             ? 0
             : -1;
    assert_int_equal(rc, 0);
}

static int setup_fixture(void **state)
{
    tree *f = tree_new();
    *state = f;
    tree_generate(f, FIXTURE);
    return 0;
}

/* The Streamline categories the plan gives the cores of the directory
 * `perf_dir`, by core. */
static const st_category *dir_cores(const tree *f, const char *perf_dir)
{
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->t[i]->perf_dir, perf_dir) == 0)
            return f->run.plans[i].streamline.cores;
    fail_msg("no target for directory '%s'", perf_dir);
    return NULL;
}

static const hw_target *dir_target(const tree *f, const char *perf_dir)
{
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->t[i]->perf_dir, perf_dir) == 0)
            return f->t[i];
    fail_msg("no target for directory '%s'", perf_dir);
    return NULL;
}

static const char *file_of(const tree *f, const char *name)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/streamline/%s", f->dir, name);
    return path;
}

/* The event of `code` in merged category `cat` that came from the file
 * (there must be exactly one); NULL when it has none from the file. */
static xmlNodePtr from_file(xmlNodePtr cat, const char *code)
{
    xmlNodePtr found = NULL;
    int n = 0, all = 0;
    for (xmlNodePtr e = gd_first(cat, "event"); e; e = gd_next(e, "event")) {
        if (!attr_is(e, "event", code))
            continue;
        all++;
        if (xmlHasProp(e, BAD_CAST FROM_FILE)) {
            found = e;
            n++;
        }
    }
    if (all > 1 || n > 1)
        fail_msg("event %s is in the category %d times", code, all);
    return found;
}

static void expect_event(xmlNodePtr e, const char *title, const char *name,
                         const char *description, const char *units)
{
    assert_non_null(e);
    assert_true(attr_is(e, "title", title));
    assert_true(attr_is(e, "name", name));
    assert_true(attr_is(e, "description", description));
    assert_true(attr_is(e, "units", units));
}

/* ---- the fixture: cores ------------------------------------------------------ */

/* Each row naming a directory is a core of it, in the mapfile's order, at
 * its line; a commented row is none, a repeated row one. */
static void test_cores_from_mapfile(void **state)
{
    tree *f = *state;
    const hw_target *t = dir_target(f, "arm/cortex-a57-a72");
    assert_int_equal(t->ncores, 2);
    assert_int_equal(t->cores[0].implementer, 0x41);
    assert_int_equal(t->cores[0].part_num, 0xd07);
    assert_int_equal(t->cores[1].part_num, 0xd08);
    assert_string_equal(t->cores[0].name, "Cortex-A57");
    assert_string_equal(t->cores[1].name, "Cortex-A72");
    assert_int_equal(t->cores[0].num_counters, 6);
    assert_string_equal(dir_cores(f, "arm/cortex-a57-a72")[0].category, "Cortex-A57");
    assert_string_equal(dir_cores(f, "arm/cortex-a57-a72")[1].counter_set, "ARMv8_Cortex_A72_cnt");
    assert_non_null(strstr(t->cores[0].loc.file, "mapfile.csv"));
    assert_int_equal(t->cores[0].loc.line, 4);
    assert_int_equal(t->cores[1].loc.line, 5);

    t = dir_target(f, "arm/cortex-a76");
    assert_int_equal(t->ncores, 1);
    assert_int_equal(t->cores[0].part_num, 0xd0b);
    assert_int_equal(t->cores[0].loc.line, 7);
    /* CHAIN, through ArchStdEvent, is hidden as in a telemetry file */
    int chain = ir_find_event(t, "CHAIN");
    assert_true(chain >= 0);
    assert_true(t->events[chain].flags & EVENT_HIDDEN);

    t = dir_target(f, "arm/cortex-a78");
    assert_int_equal(t->ncores, 2);
    assert_string_equal(t->cores[1].name, "Cortex-A78C");
    assert_string_equal(dir_cores(f, "arm/cortex-a78")[1].category, "Cortex-A78");

    /* a core the table lacks: no name, no category, and a note why */
    t = dir_target(f, "fujitsu/a64fx");
    assert_int_equal(t->ncores, 1);
    assert_int_equal(t->cores[0].implementer, 0x46);
    assert_null(t->cores[0].name);
    assert_null(dir_cores(f, "fujitsu/a64fx")[0].category);
    assert_non_null(strstr(f->d.log.data, "mapfile.csv:12: note: arch/arm64/fujitsu/a64fx: no "
                                          "Streamline category for the core with implementer "
                                          "0x46, part number 0x001: hwcgen's table of cores"));

    /* no core for a sys directory or the arch's own files */
    assert_int_equal(dir_target(f, "arm/cmn/sys")->ncores, 0);
    assert_int_equal(dir_target(f, "")->ncores, 0);
}

/* One file per directory with a core gatord has; none for a64fx, the sys
 * directory or the arch's own files. */
static void test_files_written(void **state)
{
    tree *f = *state;
    static const char *const want[] = {"events-arm64-arm-cortex-a57-a72.xml",
                                       "events-arm64-arm-cortex-a76.xml",
                                       "events-arm64-arm-cortex-a78.xml"};
    size_t n = sizeof want / sizeof want[0];
    for (size_t i = 0; i < n; i++)
        assert_int_equal(access(file_of(f, want[i]), F_OK), 0);
    DIR *dir = opendir(file_of(f, ""));
    assert_non_null(dir);
    size_t files = 0;
    for (struct dirent *ent; (ent = readdir(dir)) != NULL;)
        files += ent->d_name[0] != '.';
    closedir(dir);
    assert_int_equal(files, n);
}

/* ---- the fixture under gatord's model ----------------------------------------- */

/* Cortex-A76: each event of the core's PMU arrives once, in gatord's
 * category, under gatord's label where gatord has its code, with the
 * tree's description (the model file's, else the standard event's); an
 * event gatord lacks is titled by the core and named by perf; CHAIN, the
 * second name of 0x08 and the other PMU's event stay out; nothing of
 * gatord's is lost (its 0x05 stays its own). */
static void test_a76_kept_whole(void **state)
{
    tree *f = *state;
    gd_run run;
    expect_kept_whole(file_of(f, "events-arm64-arm-cortex-a76.xml"), &run);
    assert_int_equal(run.file_events, 5);
    assert_int_equal(run.r.replaced, 4);
    xmlNodePtr cat = gd_category(&run, "Cortex-A76");
    assert_non_null(cat);
    xmlNodePtr cycles = from_file(cat, "0x11");
    expect_event(cycles, "Cycles", "CPU Cycles", "Fixture: one processor clock cycle.", "cycles");
    assert_true(attr_is(cycles, "counter", "ARMv8_Cortex_A76_ccnt"));
    expect_event(from_file(cat, "0x08"), "Instructions (Executed)", "All",
                 "Fixture A76: every instruction the core retired.", "instructions");
    expect_event(from_file(cat, "0x04"), "L1 Data Cache", "Access",
                 "Fixture: a read or write that looked up the level 1 data cache.", NULL);
    expect_event(from_file(cat, "0x03"), "L1 Data Cache", "Refill",
                 "Fixture: a level 1 data cache access that had to fetch its line from "
                 "further out.", NULL);
    expect_event(from_file(cat, "0x3c"), "Cortex-A76", "FIXTURE_NO_ISSUE",
                 "Fixture A76: cycles with no operation issued", "cycles");
    assert_null(from_file(cat, "0x1e"));
    assert_null(from_file(cat, "0x05"));
    xmlNodePtr gatords = NULL;
    for (xmlNodePtr e = gd_first(cat, "event"); e; e = gd_next(e, "event"))
        if (attr_is(e, "event", "0x05"))
            gatords = e;
    assert_non_null(gatords);
    assert_true(attr_is(gatords, "title", "L1 Data TLB"));
    xmlFreeDoc(run.merged);
}

/* A directory for two cores gatord counts apart: both categories get
 * every event of the directory, under each core's labels. */
static void test_two_cores_one_file(void **state)
{
    tree *f = *state;
    gd_run run;
    expect_kept_whole(file_of(f, "events-arm64-arm-cortex-a57-a72.xml"), &run);
    assert_int_equal(run.r.categories, 2);
    assert_int_equal(run.file_events, 6);
    static const char *const cats[] = {"Cortex-A57", "Cortex-A72"};
    for (int i = 0; i < 2; i++) {
        xmlNodePtr cat = gd_category(&run, cats[i]);
        assert_non_null(cat);
        assert_non_null(from_file(cat, "0x11"));
        expect_event(from_file(cat, "0x10"), "Branch Predictor", "Mispredictions",
                     "Fixture: a branch whose predicted outcome was wrong, or that had no "
                     "prediction.", NULL);
        expect_event(from_file(cat, "0x60"), "Bus", "Access (due to read)",
                     "Fixture A57/A72: bus access, read", NULL);
    }
    xmlFreeDoc(run.merged);
}

/* Two cores on one counter set (A78, A78C): their category once. */
static void test_shared_category_once(void **state)
{
    tree *f = *state;
    gd_run run;
    expect_kept_whole(file_of(f, "events-arm64-arm-cortex-a78.xml"), &run);
    assert_int_equal(run.r.categories, 1);
    assert_int_equal(run.file_events, 2);
    xmlNodePtr cat = gd_category(&run, "Cortex-A78");
    assert_non_null(from_file(cat, "0x11"));
    assert_non_null(from_file(cat, "0x08"));
    xmlFreeDoc(run.merged);
}

/* ---- the kernel's tree ------------------------------------------------------------ */

/* The codes a core's category must carry: every coded event of the core's
 * own PMU that users see. */
static int expect_codes(const hw_target *t, xmlNodePtr cat)
{
    int n = 0;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!e->has_code || (e->pmu && strcmp(e->pmu, "default_core") != 0) ||
            (e->flags & EVENT_HIDDEN))
            continue;
        char code[16];
        snprintf(code, sizeof code, "0x%02x", (unsigned)e->code);
        if (!from_file(cat, code))
            fail_msg("%s: event %s (%s) did not arrive", t->spec_name, e->name, code);
        n++;
    }
    return n;
}

/* The directory's file through the model, and each core the table gives
 * gatord facts for: its category holds every event. The cores checked. */
static int expect_directory(const tree *f, const hw_target *t, const cJSON *table)
{
    char name[512];
    snprintf(name, sizeof name, "events-%s-%s.xml", t->perf_arch, t->perf_dir);
    for (char *p = name; *p; p++)
        *p = *p == '/' ? '-' : *p;
    int checked = 0;
    gd_run run = {0};
    for (int i = 0; i < t->ncores; i++) {
        const cJSON *row = cores_find(table, t->cores[i].implementer, t->cores[i].part_num);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(row, "gatord");
        if (!g)
            continue;
        if (!run.merged)
            expect_kept_whole(file_of(f, name), &run);
        const char *category = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(g, "category"));
        xmlNodePtr cat = gd_category(&run, category);
        if (!cat)
            fail_msg("%s: no category %s", name, category);
        assert_true(expect_codes(t, cat) > 0);
        checked++;
    }
    if (!checked && access(file_of(f, name), F_OK) == 0)
        fail_msg("%s written for a directory of no core gatord has", name);
    xmlFreeDoc(run.merged);
    return checked;
}

static void test_kernel_tree(void **state)
{
    (void)state;
    const char *src = getenv("HWCGEN_PMU_EVENTS");
    char path[4096];
    snprintf(path, sizeof path, "%s/arch/arm64", src ? src : "");
    struct stat st;
    if (!src || !*src || stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: the kernel's perf pmu-events tree is missing: %s is not installed "
               "(make check installs it as root: apt-get install %s)\n", KERNEL_PKG, KERNEL_PKG);
        skip();
    }
    tree *f = tree_new();
    *state = f;
    tree_generate(f, path);
    hw_diag d;
    diag_init(&d, NULL);
    cJSON *table = cores_table(&d);
    assert_non_null(table);
    diag_free(&d);
    int cores = 0, dirs = 0;
    for (int i = 0; i < f->n; i++) {
        int k = f->t[i]->ncores ? expect_directory(f, f->t[i], table) : 0;
        cores += k;
        dirs += k > 0;
    }
    cJSON_Delete(table);
    /* every file written is one of those directories' */
    DIR *dir = opendir(file_of(f, ""));
    assert_non_null(dir);
    int files = 0;
    for (struct dirent *ent; (ent = readdir(dir)) != NULL;)
        files += ent->d_name[0] != '.';
    closedir(dir);
    assert_int_equal(files, dirs);
    assert_true(cores > 0);
    printf("kernel tree: %d arm64 cores gatord has, in %d files, kept whole\n", cores, dirs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_cores_from_mapfile, setup_fixture, tree_free),
        cmocka_unit_test_setup_teardown(test_files_written, setup_fixture, tree_free),
        cmocka_unit_test_setup_teardown(test_a76_kept_whole, setup_fixture, tree_free),
        cmocka_unit_test_setup_teardown(test_two_cores_one_file, setup_fixture, tree_free),
        cmocka_unit_test_setup_teardown(test_shared_category_once, setup_fixture, tree_free),
        cmocka_unit_test_teardown(test_kernel_tree, tree_free),
    };
    return cmocka_run_group_tests_name("streamline_tree", tests, NULL, NULL);
}
