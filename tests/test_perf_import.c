/* test_perf_import.c - importing a kernel's perf pmu-events tree (format
 * "pmu-events", gen/load_perf*.c), writing it back (emit_perf_tree.c),
 * and comparing two trees (diff_tree.c, diff_specs.c).
 *
 * "fixture": tests/perf-tree-import/arch, a small tree of our own in the
 * kernel's shape: arch files and ArchStdEvent (arm64, test), a sys
 * directory, metricgroups.json, a mapfile with comments, a list EventCode,
 * a hybrid model with the same names on cpu_core and cpu_atom, a misspelled
 * key, number values, non-ASCII and escaped text, a tab-indented file.
 * Broken trees are written by the tests into temporary directories.
 *
 * "kernel": the whole tree of Debian's linux-source-6.12 ($HWCGEN_PMU_EVENTS,
 * which make check extracts as root): imported, written back, and both fed
 * to the tree's own jevents.py. Skipped, naming the package, without it.
 *
 * Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_run.h"
#include "test_loaded.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/ir.h"
#include "load/load.h"
#include "run/pipeline.h"

#define FIXTURE "tests/perf-tree-import/arch"
#define HYBRID FIXTURE "/x86/hybridlake"
#define KERNEL_PKG "linux-source-6.12"

static const char *hwcgen;

static const char *log_of(const loaded *l)
{
    return l->d.log.data ? l->d.log.data : "";
}

static const hw_target *by_id(const loaded *l, const char *id)
{
    for (int i = 0; i < l->n; i++)
        if (l->t[i] && strcmp(l->t[i]->id, id) == 0)
            return l->t[i];
    fail_msg("no target %s", id);
    return NULL;
}

/* The i-th event called `name` (0: the first), or NULL. */
static const hw_event *event_named(const hw_target *t, const char *name, int nth)
{
    for (int i = 0; i < t->nevents; i++)
        if (strcmp(t->events[i].name, name) == 0 && nth-- == 0)
            return &t->events[i];
    return NULL;
}

static const hw_metric *metric_named(const hw_target *t, const char *name, int nth)
{
    for (int i = 0; i < t->nmetrics; i++)
        if (strcmp(t->metrics[i].name, name) == 0 && nth-- == 0)
            return &t->metrics[i];
    return NULL;
}

static const hw_pfile *file_named(const hw_target *t, const char *name)
{
    for (int f = 0; f < t->npfiles; f++)
        if (strcmp(t->pfiles[f].name, name) == 0)
            return &t->pfiles[f];
    return NULL;
}

/* ---- what the IR holds ------------------------------------------------------- */

static void test_targets(void **state)
{
    (void)state;
    loaded l = load_all(FIXTURE);
    assert_int_equal(l.rc, 0);
    static const struct {
        const char *id, *slug, *spec, *kind, *vendor, *arch, *dir;
    } want[] = {
        {"arm64", "arm64", "arch/arm64", "arch", NULL, "arm64", ""},
        {"arm64_arm_cortex_x9", "arm64-arm-cortex-x9", "arch/arm64/arm/cortex-x9", "cpu", "arm",
         "arm64", "arm/cortex-x9"},
        {"arm64_freescale_imx_soc_sys", "arm64-freescale-imx-soc-sys",
         "arch/arm64/freescale/imx-soc/sys", "sys", "freescale", "arm64", "freescale/imx-soc/sys"},
        {"test", "test", "arch/test", "arch", NULL, "test", ""},
        {"test_test_soc_cpu", "test-test-soc-cpu", "arch/test/test_soc/cpu", "cpu", "test_soc",
         "test", "test_soc/cpu"},
        {"x86", "x86", "arch/x86", "arch", NULL, "x86", ""},
        {"x86_hybridlake", "x86-hybridlake", "arch/x86/hybridlake", "cpu", NULL, "x86",
         "hybridlake"},
    };
    assert_int_equal(l.n, 7);
    for (int i = 0; i < 7; i++) {
        const hw_target *t = l.t[i];
        assert_non_null(t);
        assert_string_equal(t->id, want[i].id);
        assert_string_equal(t->slug, want[i].slug);
        assert_string_equal(t->spec_name, want[i].spec);
        assert_string_equal(t->kind, want[i].kind);
        assert_string_equal(t->perf_arch, want[i].arch);
        assert_string_equal(t->perf_dir, want[i].dir);
        assert_string_equal(t->format, "pmu-events");
        assert_string_equal(t->license, "GPL-2.0-only");
        if (want[i].vendor)
            assert_string_equal(t->vendor, want[i].vendor);
        else
            assert_null(t->vendor);
    }
    assert_string_equal(l.t[1]->name, "arm64/arm/cortex-x9");
    assert_string_equal(l.t[1]->spec_path, FIXTURE "/arm64/arm/cortex-x9");
    loaded_free(&l);
}

static void test_mapfile_kept(void **state)
{
    (void)state;
    loaded l = load_all(FIXTURE);
    const hw_target *arm = by_id(&l, "arm64"), *x86 = by_id(&l, "x86");
    assert_int_equal(arm->nmapfile_lines, 6);
    assert_string_equal(arm->mapfile_lines[0], "# Format:");
    assert_string_equal(arm->mapfile_lines[1], "#\tMIDR,Version,JSON/file/pathname,Type");
    assert_string_equal(arm->mapfile_lines[2], "#");
    assert_string_equal(arm->mapfile_lines[5], "0x00000000410fd990,v1,arm/cortex-x9,core");
    assert_int_equal(arm->mapfile_unterminated, 0);
    assert_int_equal(x86->nmapfile_lines, 2);
    assert_string_equal(x86->mapfile_lines[1], "GenuineIntel-6-(F0|F1),v1,hybridlake,core");
    assert_int_equal(by_id(&l, "test")->nmapfile_lines, 0);
    /* the arch's own files, as the arch target's */
    assert_int_equal(arm->npfiles, 2);
    assert_string_equal(arm->pfiles[0].name, "common-and-microarch.json");
    assert_string_equal(arm->pfiles[1].name, "sbsa.json");
    assert_int_equal(arm->nevents, 3);
    assert_int_equal(arm->nmetrics, 1);
    loaded_free(&l);
}

static void test_arch_std_events(void **state)
{
    (void)state;
    loaded l = load_all(FIXTURE);
    const hw_target *t = by_id(&l, "arm64_arm_cortex_x9");
    assert_int_equal(t->nevents, 3);
    const hw_event *cycles = event_named(t, "CPU_CYCLES", 0);
    assert_non_null(cycles);
    assert_true(cycles->has_code);
    assert_int_equal(cycles->code, 0x11);
    assert_string_equal(cycles->title, "Cycles");
    assert_string_equal(cycles->description, "Counts every cycle of the core clock.");
    assert_string_equal(cycles->pmu, "default_core");
    /* named in lower case; its own description wins, the rest inherited */
    const hw_event *inst = event_named(t, "INST_RETIRED", 0);
    assert_non_null(inst);
    assert_int_equal(inst->code, 0x08);
    assert_string_equal(inst->title, "Instructions retired");
    assert_string_equal(inst->description,
                        "Counts the instructions this core retires, in its own words.");
    assert_int_equal(event_named(t, "X9_IMPDEF_STALL", 0)->code, 0x1234);
    /* the object keeps only what the file says */
    const hw_pfile *pipe = file_named(t, "pipeline.json");
    assert_non_null(pipe);
    assert_int_equal(pipe->objs[0].nkvs, 1);
    assert_string_equal(pipe->objs[0].kvs[0].key, "ArchStdEvent");
    assert_string_equal(pipe->objs[0].kvs[0].value, "CPU_CYCLES");
    assert_int_equal(pipe->objs[0].kvs[0].loc.line, 3);
    assert_int_equal(pipe->objs[1].loc.line, 5);
    assert_ptr_equal(&t->events[pipe->objs[0].event], cycles);
    assert_string_equal(t->pfiles[cycles->pfile].name, "pipeline.json");
    assert_int_equal(cycles->pobj, 0);
    /* a metric through ArchStdEvent too */
    const hw_metric *ipc = metric_named(t, "ipc", 0);
    assert_non_null(ipc);
    assert_string_equal(ipc->formula, "inst_retired / cpu_cycles");
    assert_string_equal(ipc->units, "1per cycle");
    assert_int_equal(ipc->ngroups, 1);
    assert_string_equal(ipc->groups[0], "General");
    /* parsed in perf's metric language, its names bound to the events */
    assert_non_null(ipc->expr);
    assert_int_equal(ipc->expr->kind, EXPR_DIV);
    assert_int_equal(ipc->expr->args[0]->ref, REF_EVENT);
    assert_string_equal(t->events[ipc->expr->args[0]->index].name, "INST_RETIRED");
    const hw_metric *mpki = metric_named(t, "l1d_mpki", 0);
    assert_int_equal(mpki->ngroups, 2);
    assert_string_equal(mpki->groups[0], "Cache");
    assert_string_equal(mpki->groups[1], "Miss_Ratio");
    assert_int_equal(mpki->formula_loc.line, 6);
    /* the test arch's standard event, named in another case */
    const hw_target *soc = by_id(&l, "test_test_soc_cpu");
    assert_int_equal(soc->nevents, 1);
    assert_string_equal(soc->events[0].name, "L2_RQSTS.STD_HIT");
    assert_int_equal(soc->events[0].code, 0x24);
    loaded_free(&l);
}

static void test_sys_directory(void **state)
{
    (void)state;
    loaded l = load_all(FIXTURE);
    const hw_target *t = by_id(&l, "arm64_freescale_imx_soc_sys");
    assert_int_equal(t->nevents, 1);
    assert_string_equal(t->events[0].name, "imx_soc_ddr.cycles");
    assert_string_equal(t->events[0].pmu, "imx8_ddr");
    assert_true(t->events[0].has_code);
    assert_int_equal(t->events[0].code, 0);
    assert_int_equal(t->nmetrics, 1);
    assert_string_equal(t->metrics[0].formula,
                        "imx8_ddr0@axid\\-read\\,axi_mask\\=0xffff\\,axi_id\\=0x0000@ * 4");
    assert_string_equal(t->metrics[0].units, "9.765625e-4KB");
    loaded_free(&l);
}

static void test_hybrid_names(void **state)
{
    (void)state;
    loaded l = load_all(HYBRID);
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.n, 1);
    const hw_target *t = l.t[0];
    assert_string_equal(t->id, "x86_hybridlake");
    assert_int_equal(t->nevents, 4);
    const hw_event *core = event_named(t, "L1D.REPLACEMENT", 0);
    const hw_event *atom = event_named(t, "L1D.REPLACEMENT", 1);
    assert_string_equal(core->pmu, "cpu_core");
    assert_string_equal(atom->pmu, "cpu_atom");
    assert_int_equal(core->code, 0x51);
    /* the first code of a list */
    const hw_event *ocr = event_named(t, "OCR.DEMAND_DATA_RD.ANY", 0);
    assert_int_equal(ocr->code, 0xB7);
    const hw_event *uops = event_named(t, "UOPS_RETIRED.ALL", 0);
    assert_int_equal(uops->flags & (EVENT_DEPRECATED | EVENT_EXPERIMENTAL),
                     EVENT_DEPRECATED | EVENT_EXPERIMENTAL);
    assert_int_equal(core->flags & (EVENT_DEPRECATED | EVENT_EXPERIMENTAL), 0);
    assert_string_equal(uops->title, "Counts \xC2\xB5ops \xE2\x80\x93 the core's "
                                     "\"micro-operations\" \xE2\x80\x93 on a "
                                     "path\\like\\this\nover two lines.");
    const hw_metric *ret_core = metric_named(t, "tma_retiring", 0);
    const hw_metric *ret_atom = metric_named(t, "tma_retiring", 1);
    assert_string_equal(ret_core->pmu, "cpu_core");
    assert_string_equal(ret_atom->pmu, "cpu_atom");
    assert_string_equal(ret_core->threshold, "tma_retiring > 0.7");
    assert_int_equal(ret_core->threshold_loc.line, 7);
    assert_string_equal(ret_atom->formula, "UOPS_RETIRED.ALL / (5 * CPU_CLK_UNHALTED.CORE)");
    assert_string_equal(ret_core->units, "100%");
    /* groups: metricgroups.json's first, each member once */
    assert_int_equal(t->ngroups, 3);
    assert_string_equal(t->groups[0].name, "Ret");
    assert_string_equal(t->groups[0].description, "Metrics of retired work");
    assert_int_equal(t->groups[0].nmembers, 1);
    assert_string_equal(t->groups[0].members[0], "tma_info_ipc");
    assert_string_equal(t->groups[2].name, "tma_L1_group");
    assert_int_equal(t->groups[2].nmembers, 1);
    const hw_pfile *groups = file_named(t, "metricgroups.json");
    assert_true(groups->is_object);
    assert_int_equal(groups->nobjs, 1);
    assert_int_equal(groups->objs[0].nkvs, 3);
    assert_string_equal(groups->objs[0].kvs[2].key, "tma_L1_group");
    assert_int_equal(groups->objs[0].kvs[2].loc.line, 4);
    /* only the true repeat and the misspelled key are worth a word */
    assert_int_equal(l.d.warnings, 2);
    assert_int_equal(l.d.errors, 0);
    loaded_free(&l);
}

static void test_numbers_as_written(void **state)
{
    (void)state;
    loaded l = load_all(HYBRID);
    const hw_pfile *f = file_named(l.t[0], "counter.json");
    assert_non_null(f);
    const hw_pobj *o = &f->objs[0];
    assert_int_equal(o->event, -1);
    assert_int_equal(o->metric, -1);
    assert_int_equal(o->nkvs, 3);
    assert_string_equal(o->kvs[0].value, "core");
    assert_false(o->kvs[0].number);
    assert_string_equal(o->kvs[1].value, "3");
    assert_true(o->kvs[1].number);
    assert_string_equal(o->kvs[2].value, "8.0");
    assert_true(o->kvs[2].number);
    assert_int_equal(o->kvs[2].loc.line, 5);
    loaded_free(&l);
}

static void test_unknown_key(void **state)
{
    (void)state;
    loaded l = load_all(HYBRID);
    assert_non_null(strstr(log_of(&l), HYBRID "/cache.json:26: warning: [2].PublicDescrition: "
                                              "unknown key 'PublicDescrition' (did you mean "
                                              "'PublicDescription'?); kept as written\n"));
    assert_non_null(strstr(log_of(&l), HYBRID "/metrics.json:27: warning: metric "
                                              "'tma_info_ipc' of PMU cpu_core is given again "
                                              "(first at " HYBRID "/metrics.json:20)"));
    /* kept, where it was */
    const hw_pobj *o = &file_named(l.t[0], "cache.json")->objs[2];
    assert_string_equal(o->kvs[5].key, "PublicDescrition");
    assert_null(event_named(l.t[0], "OCR.DEMAND_DATA_RD.ANY", 0)->description);
    loaded_free(&l);
}

/* ---- broken trees and other paths -------------------------------------------- */

static int scratch_setup(void **state)
{
    return scratch_make(state, "hwcgen-import");
}

/* root/rel with `text`, directories made on the way. */
static void put_file(const scratch *s, const char *rel, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", s->root, rel);
    for (char *p = path + strlen(s->root) + 1; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        mkdir(path, 0755);
        *p = '/';
    }
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static const char STD[] = "[\n    {\n        \"EventCode\": \"0x11\",\n"
                          "        \"EventName\": \"CPU_CYCLES\"\n    }\n]\n";

static void test_unknown_arch_std_event(void **state)
{
    scratch *s = *state;
    put_file(s, "arch/arm64/mapfile.csv", "x,v1,arm/x,core\n");
    put_file(s, "arch/arm64/std.json", STD);
    put_file(s, "arch/arm64/arm/x/a.json", "[\n    {\n        \"ArchStdEvent\": \"CPU_CYCELS\"\n"
                                          "    }\n]\n");
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/arch", s->root);
    loaded l = load_all(path);
    assert_int_equal(l.rc, -1);
    snprintf(want, sizeof want, "%s/arch/arm64/arm/x/a.json:3: error: ArchStdEvent "
             "'CPU_CYCELS': arch arm64 has no standard event or metric of that name (did you "
             "mean 'CPU_CYCLES'?)", s->root);
    assert_non_null(strstr(log_of(&l), want));
    loaded_free(&l);
}

static void test_shapes_refused(void **state)
{
    scratch *s = *state;
    put_file(s, "arch/x86/mapfile.csv", "h\n");
    put_file(s, "arch/x86/m/a.json", "[\n    {\n        \"EventCode\": [\"0x1\"]\n    }\n]\n");
    put_file(s, "arch/x86/m/metricgroups.json", "[]\n");
    put_file(s, "arch/x86/m/b.json", "[\n    {\n        \"EventName\": \"A\",\n"
                                     "        \"Deprecated\": true\n    }\n]\n");
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/arch/x86", s->root);
    loaded l = load_all(path);
    assert_int_equal(l.rc, -1);
    snprintf(want, sizeof want, "%s/arch/x86/m/a.json:3: error: [0].EventCode: key 'EventCode': "
             "expected a string or a number, found an array", s->root);
    assert_non_null(strstr(log_of(&l), want));
    snprintf(want, sizeof want, "%s/arch/x86/m/b.json:4: error: [0].Deprecated: key "
             "'Deprecated': expected a string or a number, found a boolean", s->root);
    assert_non_null(strstr(log_of(&l), want));
    snprintf(want, sizeof want, "%s/arch/x86/m/metricgroups.json:1:1: error: expected a JSON "
             "object (group name -> description) at the top level", s->root);
    assert_non_null(strstr(log_of(&l), want));
    /* the arch itself still loads; the broken directory gives no target */
    assert_int_equal(l.n, 1);
    assert_string_equal(l.t[0]->id, "x86");
    loaded_free(&l);
}

/* Lines come from where each value is, however the file spells it: after
 * a byte order mark, for a key written with escapes, for a key that
 * happens to read like the name of a repeated key's copy. */
static void test_lines_as_written(void **state)
{
    scratch *s = *state;
    put_file(s, "arch/x86/mapfile.csv", "h\n");
    put_file(s, "arch/x86/m/a.json", "\xEF\xBB\xBF[\n    {\n        \"EventName\": \"A\",\n"
                                     "        \"Sample\\u0041fterValue\": 12\n    }\n]\n");
    put_file(s, "arch/x86/m/b.json", "[\n    {\n        \"EventName\": \"B\",\n"
                                     "        \"EventName\": \"C\",\n"
                                     "        \"EventName#2\": \"D\"\n    }\n]\n");
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/arch/x86/m", s->root);
    loaded l = load_all(path);
    assert_int_equal(l.rc, 0);
    const hw_pobj *a = &file_named(l.t[0], "a.json")->objs[0];
    assert_int_equal(a->loc.line, 2);
    assert_int_equal(a->kvs[0].loc.line, 3);
    assert_string_equal(a->kvs[1].key, "SampleAfterValue");
    assert_int_equal(a->kvs[1].loc.line, 4);
    assert_string_equal(a->kvs[1].value, "12");
    assert_true(a->kvs[1].number);
    const hw_pobj *b = &file_named(l.t[0], "b.json")->objs[0];
    assert_int_equal(b->kvs[1].loc.line, 4);
    assert_int_equal(b->kvs[2].loc.line, 5);
    snprintf(want, sizeof want, "%s/arch/x86/m/b.json:4: warning: [0].EventName#2: key "
             "'EventName' given 2 times in one object", s->root);
    assert_non_null(strstr(log_of(&l), want));
    snprintf(want, sizeof want, "%s/arch/x86/m/b.json:5: warning: [0].EventName#2: unknown "
             "key 'EventName#2'", s->root);
    assert_non_null(strstr(log_of(&l), want));
    loaded_free(&l);
}

static void test_paths(void **state)
{
    scratch *s = *state;
    /* the pmu-events directory above arch/ */
    loaded l = load_all("tests/perf-tree-import");
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.n, 7);
    loaded_free(&l);
    /* one arch: its own target and its models */
    l = load_all(FIXTURE "/arm64");
    assert_int_equal(l.n, 3);
    loaded_free(&l);
    /* a vendor's directory: its models, standard events from the arch */
    l = load_all(FIXTURE "/arm64/arm");
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.n, 1);
    assert_string_equal(l.t[0]->id, "arm64_arm_cortex_x9");
    assert_int_equal(l.t[0]->events[0].code, 0x11);
    loaded_free(&l);
    /* not in a tree at all */
    l = load_all("tests/perf-cpus");
    assert_int_equal(l.rc, -1);
    assert_non_null(strstr(log_of(&l), "tests/perf-cpus: error: not a perf pmu-events tree: no "
                                       "mapfile.csv here or in a directory above, and no arch "
                                       "directory below"));
    loaded_free(&l);
    /* a mapfile without a final newline stays so */
    put_file(s, "arch/x86/mapfile.csv", "h\nGenuineIntel-6-F0,v1,m,core");
    put_file(s, "arch/x86/m/a.json", "[]");
    char path[128];
    snprintf(path, sizeof path, "%s/arch", s->root);
    l = load_all(path);
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.t[0]->nmapfile_lines, 2);
    assert_true(l.t[0]->mapfile_unterminated);
    loaded_free(&l);
}

/* ---- the round trip ------------------------------------------------------------ */

/* `generate -o dir path` in this process. */
static void generate(const char *path, const char *dir)
{
    hw_diag d;
    diag_init(&d, NULL);
    hw_run run;
    run_init(&run, &d);
    char *paths[] = {(char *)path};
    int ok = run_load_check(&run, paths, 1) == 0 && run_emit(&run, dir, NULL) == 0 &&
             run_commit(&run, NULL, NULL, NULL) == 0;
    if (!ok)
        printf("%s", d.log.data ? d.log.data : "");
    assert_true(ok);
    run_free(&run);
    diag_free(&d);
}

static int same_kvs(const hw_pobj *a, const hw_pobj *b, const char *where)
{
    if (a->nkvs != b->nkvs) {
        printf("  %s: %d keys, then %d\n", where, a->nkvs, b->nkvs);
        return 0;
    }
    for (int k = 0; k < a->nkvs; k++)
        if (strcmp(a->kvs[k].key, b->kvs[k].key) || strcmp(a->kvs[k].value, b->kvs[k].value) ||
            a->kvs[k].number != b->kvs[k].number) {
            printf("  %s: key %d: %s=%s, then %s=%s\n", where, k, a->kvs[k].key,
                   a->kvs[k].value, b->kvs[k].key, b->kvs[k].value);
            return 0;
        }
    return 1;
}

/* Every target, file, object and key of a also in b, in order, and the
 * mapfiles' lines; what was read from them too (counts). */
static void expect_same_trees(const loaded *a, const loaded *b)
{
    assert_int_equal(a->n, b->n);
    for (int i = 0; i < a->n; i++) {
        const hw_target *x = a->t[i], *y = b->t[i];
        assert_string_equal(x->id, y->id);
        assert_int_equal(x->npfiles, y->npfiles);
        assert_int_equal(x->nevents, y->nevents);
        assert_int_equal(x->nmetrics, y->nmetrics);
        assert_int_equal(x->ngroups, y->ngroups);
        assert_int_equal(x->nmapfile_lines, y->nmapfile_lines);
        assert_int_equal(x->mapfile_unterminated, y->mapfile_unterminated);
        for (int k = 0; k < x->nmapfile_lines; k++)
            assert_string_equal(x->mapfile_lines[k], y->mapfile_lines[k]);
        for (int f = 0; f < x->npfiles; f++) {
            const hw_pfile *p = &x->pfiles[f], *q = &y->pfiles[f];
            assert_string_equal(p->name, q->name);
            assert_int_equal(p->is_object, q->is_object);
            assert_int_equal(p->nobjs, q->nobjs);
            for (int o = 0; o < p->nobjs; o++) {
                char where[512];
                snprintf(where, sizeof where, "%s/%s[%d]", x->spec_name, p->name, o);
                assert_true(same_kvs(&p->objs[o], &q->objs[o], where));
            }
        }
    }
}

/* The file `rel` of both trees, byte for byte. */
static void expect_same_file(const char *a, const char *b, const char *rel)
{
    char pa[512], pb[512];
    snprintf(pa, sizeof pa, "%s/%s", a, rel);
    snprintf(pb, sizeof pb, "%s/%s", b, rel);
    size_t na = 0, nb = 0;
    char *x = read_file(pa, &na), *y = read_file(pb, &nb);
    assert_non_null(x);
    assert_non_null(y);
    if (na != nb || memcmp(x, y, na) != 0)
        fail_msg("%s differs from %s", pb, pa);
    free(x);
    free(y);
}

static void test_round_trip(void **state)
{
    scratch *s = *state;
    char out[128], tree[160];
    snprintf(out, sizeof out, "%s/out", s->root);
    snprintf(tree, sizeof tree, "%s/perf/arch", out);
    generate(FIXTURE, out);
    loaded a = load_all(FIXTURE), b = load_all(tree);
    assert_int_equal(b.rc, 0);
    expect_same_trees(&a, &b);
    loaded_free(&a);
    loaded_free(&b);
    /* files laid out as the kernel's are come back byte for byte, UTF-8,
     * escapes, list codes and numbers as written included */
    static const char *const as_written[] = {
        "arm64/mapfile.csv", "arm64/common-and-microarch.json", "arm64/sbsa.json",
        "arm64/arm/cortex-x9/pipeline.json", "arm64/freescale/imx-soc/sys/metrics.json",
        "x86/mapfile.csv", "x86/hybridlake/cache.json", "x86/hybridlake/counter.json",
        "x86/hybridlake/metricgroups.json", "x86/hybridlake/metrics.json",
        "test/arch-std-events.json"};
    for (size_t i = 0; i < sizeof as_written / sizeof as_written[0]; i++)
        expect_same_file(FIXTURE, tree, as_written[i]);
    /* the tab-indented file in the kernel's four spaces */
    char path[256];
    snprintf(path, sizeof path, "%s/test/test_soc/cpu/other.json", tree);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    assert_string_equal(text, "[\n"
                              "    {\n"
                              "        \"ArchStdEvent\": \"l2_rqsts.std_hit\",\n"
                              "        \"UMask\": \"0x41\"\n"
                              "    }\n"
                              "]\n");
    free(text);
    /* besides perf's files, a driver header and docs per directory with
     * events (tests/test_perf_tree_outputs.c checks what they hold); a
     * metrics header for a directory with metrics only
     * (tests/test_perf_tree_metrics.c checks what they hold); and a
     * Streamline file only for a core gatord has (cortex-x9 is none) */
    snprintf(path, sizeof path, "%s/docs/x86-hybridlake.md", out);
    assert_int_equal(access(path, F_OK), 0);
    snprintf(path, sizeof path, "%s/include/hwcgen/x86_hybridlake.h", out);
    assert_int_equal(access(path, F_OK), 0);
    static const char *const headers[] = {
        "arm64_arm_cortex_x9_metrics.h", "arm64_freescale_imx_soc_sys_metrics.h",
        "arm64_metrics.h", "x86_hybridlake_metrics.h"};
    int nheaders = 0;
    snprintf(path, sizeof path, "%s/include/hwcgen", out);
    DIR *dir = opendir(path);
    assert_non_null(dir);
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 10 || strcmp(e->d_name + len - 10, "_metrics.h") != 0)
            continue; /* not a metrics header */
        int known = 0;
        for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++)
            known |= strcmp(e->d_name, headers[i]) == 0;
        if (!known)
            fail_msg("include/hwcgen/%s: a metrics header of no directory with metrics",
                     e->d_name);
        nheaders++;
    }
    closedir(dir);
    assert_int_equal(nheaders, 4);
    snprintf(path, sizeof path, "%s/streamline", out);
    assert_int_not_equal(access(path, F_OK), 0);
}

/* ---- the command line ---------------------------------------------------------- */

static void test_cli(void **state)
{
    scratch *s = *state;
    result r = RUN(s->root, hwcgen, "list", HYBRID, "events");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "L1D.REPLACEMENT\t0x0051\tCounts L1D lines replaced.\n"
                               "L1D.REPLACEMENT\t0x0051\tCounts L1D lines replaced.\n"
                               "OCR.DEMAND_DATA_RD.ANY\t0x00B7\tCounts offcore responses, in "
                               "either of two encodings.\n"
                               "UOPS_RETIRED.ALL\t0x00C2\tCounts \xC2\xB5ops \xE2\x80\x93 the "
                               "core's \"micro-operations\" \xE2\x80\x93 on a path\\like\\this\n"
                               "over two lines.\n");
    result_free(&r);
    r = RUN(s->root, hwcgen, "list", FIXTURE "/arm64/arm/cortex-x9");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "ipc\t1per cycle\tinst_retired / cpu_cycles\n"
                               "l1d_mpki\t1MPKI\tL1D_CACHE_REFILL / INST_RETIRED * 1000\n");
    result_free(&r);
    /* one target wanted, several named */
    r = RUN(s->root, hwcgen, "list", FIXTURE "/arm64");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "list: " FIXTURE "/arm64 names 3 targets (the directories of "
                                  "a perf tree); give one of them, e.g. " FIXTURE
                                  "/arm64/arm/cortex-x9\n"));
    result_free(&r);
    r = RUN(s->root, hwcgen, "eval", HYBRID, "--metric", "tma_info_ipc", "INST_RETIRED.ANY=300",
            "CPU_CLK_UNHALTED.THREAD=200");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "tma_info_ipc 1.5\n");
    result_free(&r);
    r = RUN(s->root, hwcgen, "eval", HYBRID, "--metric", "tma_info_ipc", "INST_RETIRED.ANY=300");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "error: eval: missing value for 'CPU_CLK_UNHALTED.THREAD'"));
    result_free(&r);
    r = RUN(s->root, hwcgen, "check", FIXTURE);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, FIXTURE "/x86/hybridlake: ok: x86/hybridlake, 4 events, "
                                  "4 metrics, 3 groups\n"));
    result_free(&r);
    r = RUN(s->root, hwcgen, "--werror", "check", FIXTURE);
    assert_int_equal(r.status, 1);
    result_free(&r);
}

static void test_diff(void **state)
{
    scratch *s = *state;
    char out[128], tree[160], file[256];
    snprintf(out, sizeof out, "%s/out", s->root);
    snprintf(tree, sizeof tree, "%s/perf/arch", out);
    generate(FIXTURE, out);
    result r = RUN(s->root, hwcgen, "diff", FIXTURE, tree);
    assert_int_equal(r.status, 0);
    char want[512];
    snprintf(want, sizeof want, "summary: 7 targets of %s and %s compared by id: 0 changed, "
             "7 unchanged; 0 added, 0 removed\n", FIXTURE, tree);
    assert_string_equal(r.out, want);
    result_free(&r);
    /* a key jevents.py ignores, a code, a file gone */
    snprintf(file, sizeof file, "%s/x86/hybridlake/cache.json", tree);
    char *text = read_file(file, NULL);
    char *code = strstr(text, "\"0xB7,0xBB\"");
    memcpy(code, "\"0xB8,0xBB\"", 11);
    char *counter = strstr(text, "\"0,1\"");
    memcpy(counter, "\"0,2\"", 5);
    put_file(s, "out/perf/arch/x86/hybridlake/cache.json", text);
    free(text);
    snprintf(file, sizeof file, "%s/test/test_soc/cpu/other.json", tree);
    assert_int_equal(unlink(file), 0);
    r = RUN(s->root, hwcgen, "diff", FIXTURE, tree);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.out, "  recoded     cpu_core/OCR.DEMAND_DATA_RD.ANY: EventCode "
                                  "0xB7,0xBB -> 0xB8,0xBB\n"));
    assert_non_null(strstr(r.out, "  changed     cpu_atom/L1D.REPLACEMENT: Counter 0,1 -> 0,2\n"));
    assert_non_null(strstr(r.out, "targets:\n  removed     test_test_soc_cpu "
                                  "(arch/test/test_soc/cpu)\n"));
    assert_non_null(strstr(r.out, "compared by id: 1 changed, 5 unchanged; 0 added, 1 removed\n"));
    result_free(&r);
    /* MetricExpr by value: reordered it is equivalent (exit 0), a tenth of
     * the old value is scaled by 0.1 (exit 1) */
    static const char *const rewrites[][2] = {
        {"1000 * L1D_CACHE_REFILL / INST_RETIRED", "equivalent"},
        {"100 * L1D_CACHE_REFILL / INST_RETIRED", "scaled    "},
    };
    char x9_old[160], x9_new[192];
    snprintf(x9_old, sizeof x9_old, "%s/arm64/arm/cortex-x9", FIXTURE);
    snprintf(x9_new, sizeof x9_new, "%s/arm64/arm/cortex-x9", tree);
    snprintf(file, sizeof file, "%s/metrics.json", x9_old);
    char *metrics = read_file(file, NULL);
    for (int k = 0; k < 2; k++) {
        char *edited = replace_once(metrics, "L1D_CACHE_REFILL / INST_RETIRED * 1000",
                                    rewrites[k][0]);
        assert_non_null(edited);
        put_file(s, "out/perf/arch/arm64/arm/cortex-x9/metrics.json", edited);
        free(edited);
        r = RUN(s->root, hwcgen, "diff", "--all", x9_old, x9_new);
        assert_int_equal(r.status, k);
        snprintf(want, sizeof want, "  %s  l1d_mpki: MetricExpr L1D_CACHE_REFILL / INST_RETIRED "
                 "* 1000 -> %s%s\n", rewrites[k][1], rewrites[k][0],
                 k ? " (new = old x 0.1)" : "");
        if (!strstr(r.out, want))
            fail_msg("wanted '%s' in:\n%s", want, r.out);
        result_free(&r);
    }
    free(metrics);
}

/* Metrics that use each other in a circle (arch/test has two on purpose):
 * a warning naming them; no evaluator for the one whose formula is
 * dropped, and header and docs say it is in a cycle, not an external
 * series. */
static void test_metric_cycle(void **state)
{
    scratch *s = *state;
    put_file(s, "tree/arch/x86/mapfile.csv", "Family-model,Version,Filename,EventType\n"
                                             "GenuineIntel-6-F2,v1,cyclelake,core\n");
    put_file(s, "tree/arch/x86/cyclelake/metrics.json",
             "[\n"
             "    {\"MetricName\": \"a_m\", \"MetricExpr\": \"b_m + 1\"},\n"
             "    {\"MetricName\": \"b_m\", \"MetricExpr\": \"a_m * 2\"},\n"
             "    {\"MetricName\": \"c_m\", \"MetricExpr\": \"3 * 4\"}\n"
             "]\n");
    char tree[160], out[160];
    snprintf(tree, sizeof tree, "%s/tree/arch", s->root);
    snprintf(out, sizeof out, "%s/out", s->root);
    result r = RUN(s->root, hwcgen, "generate", "-q", "-o", out, tree);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "cycle"));
    assert_non_null(strstr(r.err, "a_m"));
    result_free(&r);
    char path[512];
    snprintf(path, sizeof path, "%s/out/include/hwcgen/x86_cyclelake_metrics.h", s->root);
    char *header = read_file(path, NULL);
    assert_non_null(header);
    assert_non_null(strstr(header, "in a cycle of metrics, which perf refuses"));
    assert_null(strstr(header, "external series"));
    free(header);
    snprintf(path, sizeof path, "%s/out/docs/x86-cyclelake.md", s->root);
    char *page = read_file(path, NULL);
    assert_non_null(page);
    assert_non_null(strstr(page, "In a cycle:"));
    assert_null(strstr(page, "External:"));
    free(page);
}

/* ---- the kernel's whole tree and jevents.py ------------------------------------- */

#define KERNEL_OUT ".build/tests/perf-import"

static const char *kernel_tree(void)
{
    const char *src = getenv("HWCGEN_PMU_EVENTS");
    struct stat st;
    if (!src || !*src || stat(src, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: the kernel's perf pmu-events tree is missing: %s is not installed "
               "(make check installs it as root: apt-get install %s)\n", KERNEL_PKG, KERNEL_PKG);
        return NULL;
    }
    if (!in_path("python3")) {
        printf("SKIP: jevents.py needs python3, which is not installed "
               "(apt-get install python3)\n");
        return NULL;
    }
    return src;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int count_lines(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p++)
        n++;
    return n;
}

/* Every arch imports alone with no error; its warnings are counted. The
 * arches are the tree's, whatever they are in this release. */
static void check_each_arch(const char *arch)
{
    struct dirent **names;
    int n = scandir(arch, &names, NULL, alphasort), arches = 0;
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        char dir[1400];
        struct stat st;
        snprintf(dir, sizeof dir, "%s/%s", arch, names[i]->d_name);
        if (names[i]->d_name[0] != '.' && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
            result r = RUN(KERNEL_OUT, hwcgen, "-q", "check", dir);
            printf("  check arch/%s: exit %d, %d warnings\n", names[i]->d_name, r.status,
                   count_lines(r.err, ": warning: "));
            assert_int_equal(r.status, 0);
            assert_int_equal(count_lines(r.err, ": error: "), 0);
            result_free(&r);
            arches++;
        }
        free(names[i]);
    }
    free(names);
    assert_true(arches > 1);
}

/* jevents.py all all on `arch`, into `c_file`. */
static void jevents(const char *src, const char *arch, const char *c_file)
{
    char script[512];
    snprintf(script, sizeof script, "%s/jevents.py", src);
    result r = RUN(KERNEL_OUT, "python3", script, "all", "all", arch, c_file);
    if (r.status != 0)
        printf("%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    result_free(&r);
}

static void test_kernel_tree(void **state)
{
    (void)state;
    const char *src = kernel_tree();
    if (!src)
        skip();
    char arch[1024], out[256], written[512], a_c[256], b_c[256];
    snprintf(arch, sizeof arch, "%s/arch", src);
    snprintf(out, sizeof out, "%s/out", KERNEL_OUT);
    snprintf(written, sizeof written, "%s/perf/arch", out);
    snprintf(a_c, sizeof a_c, "%s/pmu-events-kernel.c", KERNEL_OUT);
    snprintf(b_c, sizeof b_c, "%s/pmu-events-written.c", KERNEL_OUT);
    remove_tree(KERNEL_OUT);
    mkdir(".build/tests", 0755);
    assert_int_equal(mkdir(KERNEL_OUT, 0755), 0);

    /* the whole tree, as a user would: timed, every warning counted */
    double t0 = seconds();
    result r = RUN(KERNEL_OUT, hwcgen, "generate", "-o", out, arch);
    double took = seconds() - t0;
    printf("  hwcgen generate, whole tree, every output: %.3f s, "
           "%d warnings\n", took, count_lines(r.err, ": warning: "));
    if (r.status != 0)
        printf("%s", r.err);
    assert_int_equal(r.status, 0);
    assert_int_equal(count_lines(r.err, ": error: "), 0);
    result_free(&r);
    check_each_arch(arch);

    /* perf's own reader takes both alike: the same pmu-events.c, byte for
     * byte, with nothing normalised (jevents.py prints no path) */
    jevents(src, arch, a_c);
    jevents(src, written, b_c);
    size_t na = 0, nb = 0;
    char *a = read_file(a_c, &na), *b = read_file(b_c, &nb);
    assert_non_null(a);
    assert_non_null(b);
    assert_true(na > 0);
    if (na != nb || memcmp(a, b, na) != 0)
        fail_msg("%s and %s differ", a_c, b_c);
    free(a);
    free(b);

    /* read back, the same keys; and diff says so */
    loaded x = load_all(arch), y = load_all(written);
    assert_int_equal(x.rc, 0);
    assert_int_equal(y.rc, 0);
    expect_same_trees(&x, &y);
    loaded_free(&x);
    loaded_free(&y);
    r = RUN(KERNEL_OUT, hwcgen, "-q", "diff", arch, written);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, " 0 changed, "));
    result_free(&r);
}

int main(void)
{
    if (!(hwcgen = hwcgen_binary("test_perf_import")))
        return 1;
    const struct CMUnitTest fixture[] = {
        cmocka_unit_test(test_targets),
        cmocka_unit_test(test_mapfile_kept),
        cmocka_unit_test(test_arch_std_events),
        cmocka_unit_test(test_sys_directory),
        cmocka_unit_test(test_hybrid_names),
        cmocka_unit_test(test_numbers_as_written),
        cmocka_unit_test(test_unknown_key),
        cmocka_unit_test_setup_teardown(test_unknown_arch_std_event, scratch_setup,
                                        scratch_teardown),
        cmocka_unit_test_setup_teardown(test_shapes_refused, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_lines_as_written, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_paths, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_round_trip, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_cli, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_diff, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_metric_cycle, scratch_setup, scratch_teardown),
    };
    const struct CMUnitTest kernel[] = {
        cmocka_unit_test(test_kernel_tree),
    };
    int failed = cmocka_run_group_tests_name("perf_import fixture", fixture, NULL, NULL);
    failed += cmocka_run_group_tests_name("perf_import kernel", kernel, NULL, NULL);
    return failed ? 1 : 0;
}
