/* test_perf.c - the perf pmu-events emitter (gen/emit/perf/emit_perf.c).
 *
 * Generates into a temporary directory from the real Neoverse V1 spec and
 * from synthetic telemetry specs, then reads every file back the way perf
 * would: each JSON file parsed with cJSON, each MetricExpr parsed with our
 * own expression parser and compared with the spec's tree. Run from the
 * repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_loaded.h"
#include "test_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check/check.h"
#include "run/pipeline.h"
#include "core/diag.h"
#include "emit/emit.h"
#include "emit/perf/emit_perf.h"
#include "core/expr.h"
#include "core/ir.h"
#include "load/load.h"

#define V1 "spec/arm/neoverse-v1.json"
#define V1_DIR "perf/arch/arm64/arm/neoverse-v1"

/* Every character JSON must escape or carry through: quotes, markup,
 * a backslash, control characters and non-ASCII text. */
#define NASTY_TITLE "Say \"hi\" & <b>bye</b> 'q' back\\slash\ttab caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac"
#define NASTY_DESC "First line with \"quotes\" & <tags> & 'apos'\nsecond line \\ caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac"

/* ---- files ------------------------------------------------------------------ */

static void write_text(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(text, 1, strlen(text), fp), strlen(text));
    assert_int_equal(fclose(fp), 0);
}

static cJSON *read_json(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = read_file(path, NULL);
    if (!text)
        return NULL;
    cJSON *j = cJSON_Parse(text);
    free(text);
    return j;
}

/* ---- generating ---------------------------------------------------------------- */

typedef struct fixture {
    char dir[64];       /* temporary output directory */
    hw_run run;         /* the specs loaded, checked, rendered, written */
    hw_target **t;      /* run.targets */
    int n;
    hw_diag d;
} fixture;

/* The target at `path`, loaded and checked (its plan made for what it
 * reports, then dropped). */
static hw_target *open_spec(fixture *f, const char *path)
{
    hw_target *t = run_open(path, NULL, &f->d);
    if (!t && f->d.log.data)
        fputs(f->d.log.data, stderr);
    return t;
}

/* Load and check the specs `paths` as generate does, for perf's files
 * only; their targets in f->t. 0, or -1 (the log on stderr). */
static int load(fixture *f, char *const *paths, int n)
{
    int rc = run_load_kinds(&f->run, OUT_PERF, paths, n);
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

static fixture *fixture_new(void)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->dir, sizeof f->dir, "/tmp/hwcgen-perf-XXXXXX");
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

static int setup_v1(void **state)
{
    fixture *f = fixture_new();
    *state = f;
    return load(f, (char *[]){V1}, 1) == 0 && f->n == 1 && generate(f) == 0 ? 0 : -1;
}

/* ---- checks shared by the real and the synthetic spec ------------------------- */

static int is_hidden(const hw_event *e)
{
    return strcmp(e->name, "CHAIN") == 0 || (e->flags & EVENT_HIDDEN);
}

/* What perf keeps of a description: no trailing dots or white space. */
static void expect_desc(const cJSON *o, const char *key, const char *spec)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsString(v));
    size_t n = strlen(spec);
    while (n > 0 && (spec[n - 1] == '.' || spec[n - 1] == ' ' || spec[n - 1] == '\n'))
        n--;
    assert_int_equal(strlen(v->valuestring), n);
    assert_memory_equal(v->valuestring, spec, n);
}

static const char *get_str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsString(v)); /* perf insists on strings */
    return v->valuestring;
}

static void check_event(const hw_target *t, const cJSON *o, char *seen)
{
    const char *name = get_str(o, "EventName");
    int i = ir_find_event(t, name);
    assert_true(i >= 0);
    const hw_event *e = &t->events[i];
    assert_false(is_hidden(e));
    assert_false(seen[i]); /* no duplicate EventName */
    seen[i] = 1;
    const char *code = get_str(o, "EventCode");
    assert_true(strncmp(code, "0x", 2) == 0);
    assert_int_equal(strtoul(code + 2, NULL, 16), e->code);
    expect_desc(o, "BriefDescription", e->title);
    expect_desc(o, "PublicDescription", e->description);
}

/* Every *.json except metrics.json: arrays of events; every countable
 * event of the spec exactly once. Returns the number of files. */
static int check_event_files(const hw_target *t, const char *cpu_dir)
{
    char *seen = calloc((size_t)t->nevents + 1, 1);
    DIR *dir = opendir(cpu_dir);
    assert_non_null(seen);
    assert_non_null(dir);
    struct dirent *ent;
    int files = 0;
    while ((ent = readdir(dir)) != NULL) {
        size_t n = strlen(ent->d_name);
        if (n < 5 || strcmp(ent->d_name + n - 5, ".json") != 0)
            continue;
        cJSON *j = read_json(cpu_dir, ent->d_name);
        assert_true(cJSON_IsArray(j));
        assert_true(cJSON_GetArraySize(j) > 0);
        files++;
        const cJSON *o;
        cJSON_ArrayForEach(o, j)
        {
            assert_true(cJSON_IsObject(o));
            if (strcmp(ent->d_name, "metrics.json") != 0)
                check_event(t, o, seen);
        }
        cJSON_Delete(j);
    }
    closedir(dir);
    for (int i = 0; i < t->nevents; i++)
        assert_int_equal(seen[i], t->events[i].has_code && !is_hidden(&t->events[i]));
    free(seen);
    return files;
}

static int ref_is_event(void *ctx, hw_expr *ref)
{
    const hw_target *t = ctx;
    int i = ir_find_event(t, ref->text);
    return i < 0 || is_hidden(&t->events[i]) || ref->dollar;
}

/* perf's spelling of the groups; the topdown level 1 metrics are also in
 * perf's Default group, shown under their DefaultMetricgroupName. */
static void expect_groups(const cJSON *o, const hw_metric *m)
{
    char want[1024] = "";
    int level1 = 0;
    for (int i = 0; i < m->ngroups; i++)
        level1 |= strcmp(m->groups[i], "Topdown_L1") == 0;
    if (level1)
        strcat(want, "Default");
    for (int i = 0; i < m->ngroups; i++) {
        if (*want)
            strcat(want, ";");
        strcat(want, strcmp(m->groups[i], "Topdown_L1") == 0 ? "TopdownL1" : m->groups[i]);
    }
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "MetricGroup");
    if (m->ngroups == 0)
        assert_null(v);
    else
        assert_string_equal(get_str(o, "MetricGroup"), want);
    v = cJSON_GetObjectItemCaseSensitive(o, "DefaultMetricgroupName");
    if (level1)
        assert_string_equal(get_str(o, "DefaultMetricgroupName"), "TopdownL1");
    else
        assert_null(v);
}

/* MetricExpr parses, names only countable events of this CPU, and carries
 * the units, groups and text of the spec's metric. (Whether the tree is the
 * spec's own is checked where no metric is inlined: test_v1_metrics.) */
static void check_metric(const hw_target *t, const cJSON *o, hw_arena *a)
{
    const hw_metric *m = &t->metrics[ir_find_metric(t, get_str(o, "MetricName"))];
    expr_error err;
    hw_expr *e = expr_parse(a, get_str(o, "MetricExpr"), &err);
    assert_non_null(e);
    assert_int_equal(expr_each_ref(e, ref_is_event, (void *)t), 0);
    char unit[256];
    snprintf(unit, sizeof unit, "1%s", m->units);
    assert_string_equal(get_str(o, "ScaleUnit"), unit);
    expect_groups(o, m);
    expect_desc(o, "BriefDescription", m->title);
    expect_desc(o, "PublicDescription", m->description);
}

/* ---- Neoverse V1 ------------------------------------------------------------------ */

static void test_v1_event_files(void **state)
{
    fixture *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/" V1_DIR, f->dir);
    /* 16 functional groups with a user-visible event, and metrics.json;
     * the Chain group holds only CHAIN, so no chain.json. */
    assert_int_equal(check_event_files(f->t[0], dir), 17);
    char path[4096];
    snprintf(path, sizeof path, "%s/chain.json", dir);
    assert_int_not_equal(access(path, F_OK), 0);
}

static void test_v1_metrics(void **state)
{
    fixture *f = *state;
    const hw_target *t = f->t[0];
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/" V1_DIR, f->dir);
    cJSON *j = read_json(dir, "metrics.json");
    assert_true(cJSON_IsArray(j));
    hw_arena *a = arena_create();
    int count = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, j)
    {
        check_metric(t, o, a);
        const hw_metric *m = &t->metrics[ir_find_metric(t, get_str(o, "MetricName"))];
        expr_error err;
        hw_expr *e = expr_parse(a, get_str(o, "MetricExpr"), &err);
        assert_true(expr_equal(e, m->expr));
        count++;
    }
    int want = 0;
    for (int i = 0; i < t->nmetrics; i++)
        want += t->metrics[i].expr != NULL;
    assert_int_equal(count, want);
    arena_free(a);
    cJSON_Delete(j);
}

static void test_v1_metric_text(void **state)
{
    fixture *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/" V1_DIR, f->dir);
    cJSON *j = read_json(dir, "metrics.json");
    const cJSON *o;
    int found = 0;
    cJSON_ArrayForEach(o, j)
    {
        if (strcmp(get_str(o, "MetricName"), "backend_stalled_cycles") != 0)
            continue;
        found = 1;
        assert_string_equal(get_str(o, "MetricExpr"), "((STALL_BACKEND / CPU_CYCLES) * 100)");
        assert_string_equal(get_str(o, "ScaleUnit"), "1percent of cycles");
    }
    assert_true(found);
    cJSON_Delete(j);
}

static void test_v1_topdown_group(void **state)
{
    fixture *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/" V1_DIR, f->dir);
    cJSON *j = read_json(dir, "metrics.json");
    const cJSON *o;
    int topdown = 0;
    cJSON_ArrayForEach(o, j)
    {
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, "MetricGroup");
        assert_true(cJSON_IsString(g));
        assert_null(strstr(g->valuestring, "Topdown_L1"));
        if (strstr(g->valuestring, "TopdownL1")) {
            /* what plain `perf stat` shows */
            assert_string_equal(g->valuestring, "Default;TopdownL1");
            assert_string_equal(get_str(o, "DefaultMetricgroupName"), "TopdownL1");
            topdown++;
        }
    }
    assert_int_equal(topdown, 4); /* frontend, backend, retiring, bad spec */
    cJSON_Delete(j);
}

/* The kernel's own layout: four spaces a level, no tabs, a final newline,
 * so a merged tree differs from upstream's only where the content does. */
static void test_v1_layout(void **state)
{
    fixture *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/" V1_DIR, f->dir);
    const char *names[] = {"metrics.json", "general.json", "l1d_cache.json"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len = 0;
        char *text = read_file(path, &len);
        assert_non_null(text);
        assert_int_equal(strncmp(text, "[\n    {\n        \"", 15), 0);
        assert_true(len > 10);
        assert_string_equal(text + len - 8, "    }\n]\n");
        assert_null(strchr(text, '\t'));
        assert_non_null(strstr(text, "\",\n        \"")); /* "Key": "value", */
        free(text);
    }
}

/* The data lines of a perf file: lines not starting with '#'. */
static int data_lines(const char *text, char lines[][256], int max)
{
    int n = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (*p != '#' && len > 0 && n < max && len < 256) {
            memcpy(lines[n], p, len);
            lines[n++][len] = '\0';
        }
        p += len + (nl != NULL);
    }
    return n;
}

static void test_v1_mapfile(void **state)
{
    fixture *f = *state;
    char path[4096], lines[8][256];
    snprintf(path, sizeof path, "%s/perf/arch/arm64/mapfile.csv", f->dir);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    assert_int_equal(text[0], '#'); /* perf skips the first row: a header */
    assert_int_equal(data_lines(text, lines, 8), 1);
    assert_string_equal(lines[0], "0x00000000410fd400,v1,arm/neoverse-v1,core");
    free(text);
}

static void test_v1_aliases(void **state)
{
    fixture *f = *state;
    const hw_target *t = f->t[0];
    char path[4096];
    snprintf(path, sizeof path, "%s/perf/neoverse-v1.aliases", f->dir);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    /* the licence (of the spec), then where it came from */
    assert_true(strncmp(text, "# SPDX-License-Identifier: MIT\n#", 32) == 0);
    char *second = strchr(text, '\n') + 1, *nl = strchr(second, '\n');
    assert_non_null(nl);
    *nl = '\0';
    assert_non_null(strstr(second, V1));
    *nl = '\n';
    static char lines[256][256];
    int n = data_lines(text, lines, 256), want = 0;
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!e->has_code || is_hidden(e))
            continue;
        char line[256], lower[128];
        size_t k = 0;
        for (; e->name[k] && k + 1 < sizeof lower; k++)
            lower[k] = (char)(e->name[k] >= 'A' && e->name[k] <= 'Z' ? e->name[k] + 32 : e->name[k]);
        lower[k] = '\0';
        snprintf(line, sizeof line, "%s=armv8_pmuv3_0/event=0x%x/", lower, (unsigned)e->code);
        assert_true(want < n);
        assert_string_equal(lines[want], line);
        want++;
    }
    assert_int_equal(n, want);
    assert_non_null(strstr(text, "\ncpu_cycles=armv8_pmuv3_0/event=0x11/\n"));
    free(text);
}

/* ---- synthetic specs ---------------------------------------------------------------- */

static void add_event(cJSON *events, const char *name, const char *code,
                      const char *title, const char *desc)
{
    cJSON *e = cJSON_AddObjectToObject(events, name);
    cJSON_AddStringToObject(e, "code", code);
    cJSON_AddStringToObject(e, "title", title);
    cJSON_AddStringToObject(e, "description", desc);
}

static void add_metric(cJSON *metrics, const char *name, const char *formula)
{
    cJSON *m = cJSON_AddObjectToObject(metrics, name);
    cJSON_AddStringToObject(m, "title", NASTY_TITLE);
    cJSON_AddStringToObject(m, "formula", formula);
    cJSON_AddStringToObject(m, "description", NASTY_DESC ".");
    cJSON_AddStringToObject(m, "units", "per cycle");
}

static void add_group(cJSON *parent, const char *name, const char *key,
                      const char *const *members)
{
    cJSON *g = cJSON_AddObjectToObject(parent, name);
    cJSON_AddStringToObject(g, "title", name);
    cJSON *arr = cJSON_AddArrayToObject(g, key);
    for (; *members; members++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(*members));
}

/* A small CPU whose text is all nasty; part number `part`. Events: one in
 * no group (LONELY), one in two groups (CPU_CYCLES), one in a CamelCase
 * group (INST_RETIRED in FPOperation), CHAIN. Metrics: plain,
 * using another metric, min/max of three, and ceil (which perf lacks). */
static char *synthetic_spec(const char *name, const char *part)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "$schema", "v1.0.schema.json");
    cJSON *pc = cJSON_AddObjectToObject(root, "product_configuration");
    cJSON_AddStringToObject(pc, "product_name", name);
    cJSON_AddStringToObject(pc, "part_num", part);
    cJSON_AddStringToObject(pc, "implementer", "0x41");
    cJSON_AddNumberToObject(pc, "num_counters", 4);
    cJSON *ev = cJSON_AddObjectToObject(root, "events");
    add_event(ev, "INST_RETIRED", "0x0008", "Instructions", "Plain text.");
    add_event(ev, "CPU_CYCLES", "0x0011", NASTY_TITLE, NASTY_DESC ".");
    add_event(ev, "CHAIN", "0x001E", "Chain", "Odd counter of a pair.");
    add_event(ev, "LONELY", "0x4004", "Lonely", NASTY_DESC);
    cJSON *me = cJSON_AddObjectToObject(root, "metrics");
    add_metric(me, "ipc", "INST_RETIRED / CPU_CYCLES");
    add_metric(me, "double_ipc", "ipc * 2 + 0.5");
    add_metric(me, "peak", "max(INST_RETIRED, CPU_CYCLES, 3) - min(1, 2, 3)");
    add_metric(me, "rounded", "ceil(INST_RETIRED / CPU_CYCLES)");
    cJSON *groups = cJSON_AddObjectToObject(root, "groups");
    cJSON *fn = cJSON_AddObjectToObject(groups, "function");
    add_group(fn, "General", "events", (const char *const[]){"CPU_CYCLES", NULL});
    add_group(fn, "FPOperation", "events", (const char *const[]){"INST_RETIRED", NULL});
    add_group(fn, "Cycle-Like", "events", (const char *const[]){"CPU_CYCLES", NULL});
    add_group(fn, "Chain", "events", (const char *const[]){"CHAIN", NULL});
    cJSON *mg = cJSON_AddObjectToObject(groups, "metrics");
    add_group(mg, "Topdown_L1", "metrics", (const char *const[]){"ipc", NULL});
    add_group(mg, "Extra", "metrics", (const char *const[]){"ipc", "peak", NULL});
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    assert_non_null(text);
    return text;
}

/* The synthetic spec of `name` and `part` written into f->dir; its path
 * (static storage: one at a time). */
static char *write_synthetic(fixture *f, const char *name, const char *part)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s.json", f->dir, part);
    char *text = synthetic_spec(name, part);
    write_text(path, text);
    cJSON_free(text);
    return path;
}

static int setup_synthetic(void **state)
{
    fixture *f = fixture_new();
    *state = f;
    char *path = write_synthetic(f, "Test Core", "0xd0c");
    return load(f, &path, 1) == 0 && f->n == 1 && generate(f) == 0 ? 0 : -1;
}

static const cJSON *find(const cJSON *arr, const char *key, const char *value)
{
    const cJSON *o;
    cJSON_ArrayForEach(o, arr)
    {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
        if (cJSON_IsString(v) && strcmp(v->valuestring, value) == 0)
            return o;
    }
    return NULL;
}

static void test_synthetic_events(void **state)
{
    fixture *f = *state;
    const hw_target *t = f->t[0];
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/perf/arch/arm64/arm/test-core", f->dir);
    /* general.json, fp_operation.json, other.json (LONELY), metrics.json;
     * CPU_CYCLES only in general.json although Cycle-Like lists it too. */
    assert_int_equal(check_event_files(t, dir), 4);
    cJSON *general = read_json(dir, "general.json");
    cJSON *other = read_json(dir, "other.json");
    cJSON *fp = read_json(dir, "fp_operation.json");
    assert_int_equal(cJSON_GetArraySize(general), 1);
    assert_int_equal(cJSON_GetArraySize(other), 1);
    assert_non_null(find(fp, "EventName", "INST_RETIRED"));
    cJSON_Delete(fp);
    const cJSON *cycles = find(general, "EventName", "CPU_CYCLES");
    assert_non_null(cycles);
    assert_string_equal(get_str(cycles, "BriefDescription"), NASTY_TITLE);
    assert_string_equal(get_str(cycles, "PublicDescription"), NASTY_DESC);
    const cJSON *lonely = find(other, "EventName", "LONELY");
    assert_non_null(lonely);
    assert_string_equal(get_str(lonely, "EventCode"), "0x4004");
    assert_string_equal(get_str(lonely, "PublicDescription"), NASTY_DESC);
    cJSON_Delete(general);
    cJSON_Delete(other);
}

static void test_synthetic_metrics(void **state)
{
    fixture *f = *state;
    const hw_target *t = f->t[0];
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/perf/arch/arm64/arm/test-core", f->dir);
    cJSON *j = read_json(dir, "metrics.json");
    hw_arena *a = arena_create();
    const cJSON *o;
    cJSON_ArrayForEach(o, j) check_metric(t, o, a);
    arena_free(a);
    assert_int_equal(cJSON_GetArraySize(j), 3); /* "rounded" left out */
    assert_null(find(j, "MetricName", "rounded"));
    assert_true(f->d.warnings >= 1);
    assert_non_null(strstr(f->d.log.data, "rounded"));
    const cJSON *ipc = find(j, "MetricName", "ipc");
    assert_string_equal(get_str(ipc, "MetricGroup"), "Default;TopdownL1;Extra");
    assert_string_equal(get_str(ipc, "DefaultMetricgroupName"), "TopdownL1");
    assert_string_equal(get_str(ipc, "BriefDescription"), NASTY_TITLE);
    assert_string_equal(get_str(ipc, "PublicDescription"), NASTY_DESC);
    /* a metric used by another is inlined: perf sees only events */
    assert_string_equal(get_str(find(j, "MetricName", "double_ipc"), "MetricExpr"),
                        "(((INST_RETIRED / CPU_CYCLES) * 2) + 0.5)");
    /* perf's min and max take two arguments */
    assert_string_equal(get_str(find(j, "MetricName", "peak"), "MetricExpr"),
                        "(max(max(INST_RETIRED, CPU_CYCLES), 3) - min(min(1, 2), 3))");
    cJSON_Delete(j);
}

/* Two CPUs: sorted by MIDR whatever the order given. */
static void test_mapfile_sorted(void **state)
{
    fixture *f = *state;
    assert_int_equal(load(f, (char *[]){V1, write_synthetic(f, "Test Core", "0xd0c")}, 2), 0);
    assert_int_equal(f->n, 2);
    assert_non_null(f->t[0]);
    assert_non_null(f->t[1]);
    assert_int_equal(generate(f), 0);
    char path[4096], lines[8][256];
    snprintf(path, sizeof path, "%s/perf/arch/arm64/mapfile.csv", f->dir);
    char *text = read_file(path, NULL);
    assert_int_equal(data_lines(text, lines, 8), 2);
    assert_string_equal(lines[0], "0x00000000410fd0c0,v1,arm/test-core,core");
    assert_string_equal(lines[1], "0x00000000410fd400,v1,arm/neoverse-v1,core");
    free(text);
}

/* Two CPUs with one MIDR: perf could never select the second: the
 * checker refuses the pair, before any emitter runs. */
static void test_mapfile_duplicate_midr(void **state)
{
    fixture *f = *state;
    hw_target *pair[2] = {open_spec(f, V1), open_spec(f, write_synthetic(f, "Other Core", "0xd40"))};
    assert_non_null(pair[1]);
    int refused = check_targets(pair, 2, &f->d) != 0;
    target_free(pair[0]);
    target_free(pair[1]);
    assert_true(refused);
    assert_true(f->d.errors > 0);
    assert_non_null(strstr(f->d.log.data, "MIDR 0x410FD400 is also the MIDR of the target "
                                          "at spec/arm/neoverse-v1.json:"));
}

/* What generate says when a perf tree's arch/arm64 and V1's row would
 * both write perf's arm64 mapfile. */
static void expect_mapfile_refused(const fixture *f)
{
    assert_non_null(strstr(f->d.log.data, "error: perf/arch/arm64/mapfile.csv: written for "
                                          "arch/arm64 and for hwcgen's own CPUs "
                                          "(spec/arm/neoverse-v1.json...)"));
}

/* A perf tree's arch/arm64 writes the kernel's whole mapfile, and a CPU
 * of ours would need a row in it: refused, the file named below the output
 * directory, and nothing written. */
static void test_mapfile_tree_and_cpu(void **state)
{
    fixture *f = *state;
    assert_int_equal(load(f, (char *[]){"tests/streamline-tree/arch/arm64", V1}, 2), 0);
    assert_int_not_equal(generate(f), 0);
    expect_mapfile_refused(f);
    char path[4096];
    snprintf(path, sizeof path, "%s/perf", f->dir);
    assert_int_not_equal(access(path, F_OK), 0);
}

/* The same when the CPU's row was written by an earlier run into the same
 * directory: the tree's run keeps that row (the manifest), and is refused
 * before anything is written. */
static void test_mapfile_tree_and_kept_cpu(void **state)
{
    fixture *f = *state;
    assert_int_equal(load(f, (char *[]){V1}, 1), 0);
    assert_int_equal(generate(f), 0);
    run_free(&f->run);
    run_init(&f->run, &f->d);
    assert_int_equal(load(f, (char *[]){"tests/streamline-tree/arch/arm64"}, 1), 0);
    assert_int_not_equal(generate(f), 0);
    expect_mapfile_refused(f);
    char path[4096];
    snprintf(path, sizeof path, "%s/perf/arch/arm64/mapfile.csv", f->dir);
    char *text = read_file(path, NULL);
    assert_non_null(text); /* the earlier run's file, untouched */
    assert_non_null(strstr(text, ",arm/neoverse-v1,core"));
    free(text);
}

/* Text that is not UTF-8 cannot be JSON: the checker refuses the spec
 * before any emitter runs, naming the event. */
static void test_bad_utf8(void **state)
{
    fixture *f = *state;
    char path[4096];
    snprintf(path, sizeof path, "%s/bad.json", f->dir);
    char *text = synthetic_spec("Bad Core", "0xd0d");
    char *at = strstr(text, "Plain text.");
    assert_non_null(at);
    at[0] = (char)0xff; /* "Plain text." of INST_RETIRED */
    write_text(path, text);
    cJSON_free(text);
    hw_target *t = open_spec(f, path);
    target_free(t);
    assert_null(t);
    assert_non_null(strstr(f->d.log.data, "event 'INST_RETIRED': description is not "
                                          "valid UTF-8 (byte 0xFF at offset 0)"));
}

/* Same IR, same bytes. */
static void test_deterministic(void **state)
{
    fixture *f = *state;
    out_set a, b;
    out_init(&a);
    out_init(&b);
    for (int i = 0; i < f->n; i++) {
        const hw_plan *p = &f->run.plans[i];
        assert_int_equal(emit_perf(f->t[i], p, &(emit_to){&a, NULL, &f->d, NULL, NULL}), 0);
        assert_int_equal(emit_perf(f->t[i], p, &(emit_to){&b, NULL, &f->d, NULL, NULL}), 0);
    }
    assert_int_equal(a.nfiles, b.nfiles);
    for (int i = 0; i < a.nfiles; i++) {
        assert_string_equal(a.files[i].name, b.files[i].name);
        assert_int_equal(a.files[i].len, b.files[i].len);
        assert_memory_equal(a.files[i].data, b.files[i].data, a.files[i].len);
    }
    out_free(&a);
    out_free(&b);
}

#define V1_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup_v1, fixture_free)
#define SYNTHETIC_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup_synthetic, fixture_free)

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
        V1_TEST(test_v1_event_files),
        V1_TEST(test_v1_metrics),
        V1_TEST(test_v1_metric_text),
        V1_TEST(test_v1_topdown_group),
        V1_TEST(test_v1_layout),
        V1_TEST(test_v1_mapfile),
        V1_TEST(test_v1_aliases),
        V1_TEST(test_deterministic),
        SYNTHETIC_TEST(test_synthetic_events),
        SYNTHETIC_TEST(test_synthetic_metrics),
        EMPTY_TEST(test_mapfile_sorted),
        EMPTY_TEST(test_mapfile_duplicate_midr),
        EMPTY_TEST(test_mapfile_tree_and_cpu),
        EMPTY_TEST(test_mapfile_tree_and_kept_cpu),
        EMPTY_TEST(test_bad_utf8),
    };
    return cmocka_run_group_tests_name("perf", tests, NULL, NULL);
}
