/* test_perf_merge.c - hwcgen perf-merge (gen/merge_perf.c).
 *
 * "fixture": small trees in the kernel's shape (tests/perf-tree: a mapfile,
 * standard event lists, a CPU whose directory is not named after it, a
 * directory two CPUs share) merged with the CPUs of tests/perf-cpus; each
 * test works on its own copy.
 *
 * "kernel": the kernel's own tools/perf/pmu-events (Debian's
 * linux-source-6.12, which make check extracts as root and names in
 * $HWCGEN_PMU_EVENTS): Neoverse V1 and two fixture CPUs merged into a copy,
 * then the tree's own jevents.py run on it as the kernel's build runs it.
 * Skipped, naming the package, where that tree or python3 is missing.
 *
 * Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_run.h"
#include "test_util.h"

#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/expr.h"
#include "core/interp.h"
#include "core/ir.h"
#include "plan/plan_perf_expr.h"
#include "merge/merge_perf.h"
#include "run/pipeline.h"

#define TREE "tests/perf-tree"
#define N1 "tests/perf-cpus/neoverse-n1.json"
#define N2 "tests/perf-cpus/neoverse-n2.json"
#define FIXTURE "tests/perf-cpus/fixture-core.json"
#define V1 "spec/arm/neoverse-v1.json"
#define MAPFILE "arch/arm64/mapfile.csv"
#define KERNEL_PKG "linux-source-6.12"

static const char *hwcgen;

typedef struct fx {
    char root[64];   /* temporary directory */
    char tree[128];  /* root/tree: the tree merged into */
    hw_diag d;
    hw_buf report;
} fx;

static int fx_setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    *state = f;
    snprintf(f->root, sizeof f->root, "/tmp/hwcgen-merge-XXXXXX");
    if (!mkdtemp(f->root))
        return -1;
    snprintf(f->tree, sizeof f->tree, "%s/tree", f->root);
    diag_init(&f->d, NULL);
    buf_init(&f->report);
    return copy_tree(TREE, f->tree);
}

static int fx_teardown(void **state)
{
    fx *f = *state;
    remove_tree(f->root);
    diag_free(&f->d);
    buf_free(&f->report);
    free(f);
    return 0;
}

/* perf-merge of `specs` (NULL-terminated) into f->tree, in this process;
 * its report in f->report. perf_merge's result, or -1 if a spec fails. */
static int merge_into(fx *f, const char *tree, int dry_run, const char *const *specs)
{
    int n = 0;
    while (specs[n])
        n++;
    hw_run run;
    run_init(&run, &f->d);
    buf_reset(&f->report);
    perf_merge_opts o = {dry_run, &f->report};
    int rc = run_load_check(&run, (char *const *)specs, n);
    if (rc == 0)
        rc = perf_merge(tree, run.targets, run.plans, run.ntargets, &o, &f->d);
    run_free(&run);
    return rc;
}

#define MERGE(f, dry, ...) merge_into((f), (f)->tree, (dry), (const char *const[]){__VA_ARGS__, NULL})

static const char *report(const fx *f)
{
    return f->report.data ? f->report.data : "";
}

static char *tree_text(const char *tree, const char *rel)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", tree, rel);
    return read_file(path, NULL);
}

static cJSON *tree_json(const char *tree, const char *rel)
{
    char *text = tree_text(tree, rel);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    return j;
}

static int exists(const char *tree, const char *rel)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", tree, rel);
    return access(path, F_OK) == 0;
}

/* a/rel and b/rel are the same file, or hold the same files with the same
 * bytes. */
static int same_below(const char *a, const char *b, const char *rel)
{
    char pa[4096], pb[4096];
    snprintf(pa, sizeof pa, "%s/%s", a, rel);
    snprintf(pb, sizeof pb, "%s/%s", b, rel);
    struct stat st;
    if (stat(pa, &st) == 0 && S_ISREG(st.st_mode)) {
        size_t na = 0, nb = 0;
        char *x = read_file(pa, &na), *y = read_file(pb, &nb);
        int same_file = x && y && na == nb && memcmp(x, y, na) == 0;
        free(x);
        free(y);
        return same_file;
    }
    snapshot x = snap(pa), y = snap(pb);
    int same_files = !x.failed && !y.failed && x.n == y.n && x.ndirs == y.ndirs;
    for (size_t i = 0; same_files && i < x.n; i++)
        same_files = strcmp(x.items[i].path + strlen(pa), y.items[i].path + strlen(pb)) == 0 &&
                     x.items[i].len == y.items[i].len &&
                     memcmp(x.items[i].data, y.items[i].data, x.items[i].len) == 0;
    if (!same_files)
        printf("  %s differs from %s\n", pa, pb);
    snap_free(&x);
    snap_free(&y);
    return same_files;
}

/* The tree holds what `before` recorded, and no temporary; frees before. */
static void expect_unchanged(const char *tree, snapshot *before)
{
    snapshot after = snap(tree);
    int unchanged = same(before, &after);
    int tmp = after.tmp_files;
    snap_free(before);
    snap_free(&after);
    assert_true(unchanged);
    assert_int_equal(tmp, 0);
}

/* The lines of `text`, each NUL-terminated in a copy. */
typedef struct lines {
    char *copy;
    char *line[512];
    int n;
} lines;

static lines split_lines(const char *text)
{
    lines l = {strdup(text ? text : ""), {0}, 0};
    assert_non_null(l.copy);
    for (char *p = l.copy, *nl; *p && l.n < 512; p = nl + 1) {
        l.line[l.n++] = p;
        if (!(nl = strchr(p, '\n')))
            break;
        *nl = '\0';
    }
    return l;
}

static const cJSON *find(const cJSON *arr, const char *key, const char *value)
{
    const cJSON *o;
    cJSON_ArrayForEach(o, arr)
    {
        const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
        if (v && strcmp(v, value) == 0)
            return o;
    }
    return NULL;
}

static const char *get(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* ---- the fixture tree --------------------------------------------------------- */

/* N1's MIDR row gives arm/cortex-a76-n1, its directory alone: the JSON
 * goes there, not to arm/neoverse-n1; a file N1 no longer has goes; the
 * mapfile and every other CPU's files stay. */
static void test_own_directory_whatever_its_name(void **state)
{
    fx *f = *state;
    assert_int_equal(MERGE(f, 0, N1), 0);
    const char *dir = "arch/arm64/arm/cortex-a76-n1";
    const char *const want[] = {"general.json", "stall.json", "l1d_cache.json", "metrics.json"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "%s/%s", dir, want[i]);
        assert_true(exists(f->tree, rel));
    }
    assert_false(exists(f->tree, "arch/arm64/arm/cortex-a76-n1/trace.json"));
    assert_false(exists(f->tree, "arch/arm64/arm/neoverse-n1"));
    assert_non_null(strstr(report(f), "remove arch/arm64/arm/cortex-a76-n1/trace.json\n"));
    assert_non_null(strstr(report(f), "add arch/arm64/arm/cortex-a76-n1/stall.json\n"));
    assert_non_null(strstr(report(f), "replace arch/arm64/arm/cortex-a76-n1/general.json\n"));
    assert_null(strstr(report(f), "mapfile"));
    assert_true(same_below(TREE, f->tree, MAPFILE));
    assert_true(same_below(TREE, f->tree, "arch/arm64/arm/cortex-a53"));
    assert_true(same_below(TREE, f->tree, "arch/arm64/arm/neoverse-n2-v2"));
    assert_true(same_below(TREE, f->tree, "arch/arm64/fujitsu"));
    assert_true(same_below(TREE, f->tree, "arch/arm64/common-and-microarch.json"));
}

/* Events the tree's standard lists define, with the same code, are
 * references, as upstream writes them; a PublicDescription only where ours
 * says more than the tree's. */
static void test_standard_events(void **state)
{
    fx *f = *state;
    assert_int_equal(MERGE(f, 0, N1), 0);
    cJSON *general = tree_json(f->tree, "arch/arm64/arm/cortex-a76-n1/general.json");
    assert_int_equal(cJSON_GetArraySize(general), 2);
    const cJSON *cycles = find(general, "ArchStdEvent", "CPU_CYCLES");
    assert_non_null(cycles);
    assert_string_equal(get(cycles, "PublicDescription"), "Counts every cycle of the core clock");
    assert_null(cJSON_GetObjectItemCaseSensitive(cycles, "EventCode"));
    /* its description is the tree's own: nothing more to say */
    const cJSON *inst = find(general, "ArchStdEvent", "INST_RETIRED");
    assert_non_null(inst);
    assert_int_equal(cJSON_GetArraySize(inst), 1);
    cJSON_Delete(general);

    cJSON *l1d = tree_json(f->tree, "arch/arm64/arm/cortex-a76-n1/l1d_cache.json");
    assert_non_null(find(l1d, "ArchStdEvent", "L1D_CACHE_RD")); /* recommended.json */
    /* L1D_CACHE_WR is 0x41 in the tree but 0x141 in the spec: its own code */
    const cJSON *wr = find(l1d, "EventName", "L1D_CACHE_WR");
    assert_non_null(wr);
    assert_string_equal(get(wr, "EventCode"), "0x141");
    assert_null(find(l1d, "ArchStdEvent", "L1D_CACHE_WR"));
    assert_non_null(strstr(f->d.log.data, "warning: events.L1D_CACHE_WR: event 'L1D_CACHE_WR' "
                                          "has code 0x141 but the perf tree's standard event "
                                          "L1D_CACHE_WR is 0x41"));
    const cJSON *fill = find(l1d, "EventName", "L1D_PREFETCH_FILL");
    assert_string_equal(get(fill, "EventCode"), "0xc2");
    assert_string_equal(get(fill, "BriefDescription"), "L1D prefetch line fill");
    cJSON_Delete(l1d);
}

/* Metrics carry their own MetricExpr and ScaleUnit, never a reference to
 * sbsa.json's (#slots); topdown level 1 is in perf's Default group. */
static void test_metrics_are_our_own(void **state)
{
    fx *f = *state;
    assert_int_equal(MERGE(f, 0, N1), 0);
    char *text = tree_text(f->tree, "arch/arm64/arm/cortex-a76-n1/metrics.json");
    assert_non_null(text);
    assert_null(strstr(text, "ArchStdEvent"));
    assert_null(strstr(text, "#slots"));
    cJSON *m = cJSON_Parse(text);
    free(text);
    assert_int_equal(cJSON_GetArraySize(m), 2);
    const cJSON *fb = find(m, "MetricName", "frontend_bound");
    assert_string_equal(get(fb, "MetricExpr"), "((STALL_FRONTEND / CPU_CYCLES) * 100)");
    assert_string_equal(get(fb, "MetricGroup"), "Default;TopdownL1");
    assert_string_equal(get(fb, "DefaultMetricgroupName"), "TopdownL1");
    assert_string_equal(get(fb, "ScaleUnit"), "1percent of cycles");
    const cJSON *ipc = find(m, "MetricName", "ipc");
    assert_string_equal(get(ipc, "MetricExpr"), "(INST_RETIRED / CPU_CYCLES)");
    assert_string_equal(get(ipc, "MetricGroup"), "General");
    assert_null(cJSON_GetObjectItemCaseSensitive(ipc, "DefaultMetricgroupName"));
    cJSON_Delete(m);
}

/* N2 and V2 share arm/neoverse-n2-v2: N2 gets arm/neoverse-n2, only its
 * row moves, and the shared directory stays as V2 has it. */
static void test_shared_directory(void **state)
{
    fx *f = *state;
    assert_int_equal(MERGE(f, 0, N2), 0);
    char *before = tree_text(TREE, MAPFILE), *after = tree_text(f->tree, MAPFILE);
    lines a = split_lines(before), b = split_lines(after);
    assert_int_equal(a.n, b.n);
    int moved = 0;
    for (int i = 0; i < a.n; i++) {
        if (strcmp(a.line[i], "0x00000000410fd490,v1,arm/neoverse-n2-v2,core") == 0) {
            assert_string_equal(b.line[i], "0x00000000410fd490,v1,arm/neoverse-n2,core");
            moved++;
        } else {
            assert_string_equal(b.line[i], a.line[i]);
        }
    }
    assert_int_equal(moved, 1);
    assert_true(same_below(TREE, f->tree, "arch/arm64/arm/neoverse-n2-v2"));
    assert_true(exists(f->tree, "arch/arm64/arm/neoverse-n2/general.json"));
    assert_true(exists(f->tree, "arch/arm64/arm/neoverse-n2/metrics.json"));
    assert_non_null(strstr(report(f), "mapfile: - 0x00000000410fd490,v1,arm/neoverse-n2-v2,core\n"
                                      "mapfile: + 0x00000000410fd490,v1,arm/neoverse-n2,core\n"));
    free(a.copy), free(b.copy), free(before), free(after);
}

/* A CPU the tree lacks: one new row, among its implementer's rows in MIDR
 * order; every other line as it was. */
static void test_new_cpu(void **state)
{
    fx *f = *state;
    assert_int_equal(MERGE(f, 0, FIXTURE), 0);
    char *before = tree_text(TREE, MAPFILE), *after = tree_text(f->tree, MAPFILE);
    lines a = split_lines(before), b = split_lines(after);
    assert_int_equal(b.n, a.n + 1);
    int k = 0;
    for (int i = 0; i < b.n; i++) {
        if (strcmp(b.line[i], "0x00000000410ffee0,v1,arm/fixture-core,core") == 0) {
            assert_string_equal(b.line[i - 1], "0x00000000410fd4f0,v1,arm/neoverse-n2-v2,core");
            continue;
        }
        assert_true(k < a.n);
        assert_string_equal(b.line[i], a.line[k++]);
    }
    assert_int_equal(k, a.n);
    const char *const want[] = {"general.json", "stall.json", "branch.json", "metrics.json"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "arch/arm64/arm/fixture-core/%s", want[i]);
        assert_true(exists(f->tree, rel));
    }
    free(a.copy), free(b.copy), free(before), free(after);
}

/* A second run leaves the tree as the first left it, and says so. */
static void test_idempotent(void **state)
{
    fx *f = *state;
    assert_int_equal(MERGE(f, 0, N1, N2, FIXTURE), 0);
    snapshot first = snap(f->tree);
    assert_int_equal(MERGE(f, 0, N1, N2, FIXTURE), 0);
    assert_string_equal(report(f), "nothing to change\n");
    assert_int_equal(MERGE(f, 0, FIXTURE, N2, N1), 0); /* in any order */
    assert_string_equal(report(f), "nothing to change\n");
    expect_unchanged(f->tree, &first);
}

/* --dry-run writes nothing and reports what the real run then does. */
static void test_dry_run(void **state)
{
    fx *f = *state;
    snapshot before = snap(f->tree);
    assert_int_equal(MERGE(f, 1, N1, N2, FIXTURE), 0);
    expect_unchanged(f->tree, &before);
    char *planned = strdup(report(f));
    assert_non_null(strstr(planned, "mapfile: + 0x00000000410ffee0,v1,arm/fixture-core,core\n"));
    assert_non_null(strstr(planned, "add arch/arm64/arm/fixture-core/metrics.json\n"));
    assert_non_null(strstr(planned, "replace arch/arm64/mapfile.csv\n"));
    assert_non_null(strstr(planned, "remove arch/arm64/arm/cortex-a76-n1/trace.json\n"));
    assert_int_equal(MERGE(f, 0, N1, N2, FIXTURE), 0);
    assert_string_equal(report(f), planned);
    assert_int_equal(MERGE(f, 1, N1, N2, FIXTURE), 0);
    assert_string_equal(report(f), "nothing to change\n");
    free(planned);
}

/* A spec whose directory another CPU has (its slug is cortex-a53's) fails
 * the whole run, after the CPUs before it were merged in memory. */
static void test_failure_before_writing(void **state)
{
    fx *f = *state;
    char path[256];
    snprintf(path, sizeof path, "%s/a53-like.json", f->root);
    char *text = read_file(FIXTURE, NULL);
    assert_non_null(text);
    char *name = strstr(text, "\"Fixture Core\""), *part = strstr(text, "\"0xfee\"");
    assert_non_null(name);
    assert_non_null(part);
    memcpy(part, "\"0xd99\"", 7);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    fprintf(out, "%.*s\"Cortex A53\"%s", (int)(name - text), text, name + strlen("\"Fixture Core\""));
    fclose(out);
    free(text);
    snapshot before = snap(f->tree);
    assert_int_equal(MERGE(f, 0, FIXTURE, N2, path), -1);
    assert_non_null(strstr(f->d.log.data, "Cortex A53: its perf directory arch/arm64/arm/cortex-a53 "
                                          "is that of the CPU at line 15 of "
                                          "arch/arm64/mapfile.csv too"));
    expect_unchanged(f->tree, &before);
}

/* A file that cannot be written, the last one staged (the mapfile, after
 * every JSON file and two new directories): nothing is renamed, the
 * temporaries go, and so do the directories made for them. */
static void test_failure_while_writing(void **state)
{
    fx *f = *state;
    snapshot before = snap(f->tree);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* where the mapfile's temporary would go (write_files.c names it
         * PATH.tmp.PID), a directory */
        char blocker[512];
        snprintf(blocker, sizeof blocker, "%s/%s.tmp.%ld", f->tree, MAPFILE, (long)getpid());
        if (mkdir(blocker, 0755) != 0)
            _exit(3);
        int rc = MERGE(f, 0, FIXTURE, N1, N2);
        rmdir(blocker);
        _exit(rc == -1 && strstr(f->d.log.data, "cannot write") ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    expect_unchanged(f->tree, &before);
    assert_false(exists(f->tree, "arch/arm64/arm/fixture-core"));
    assert_false(exists(f->tree, "arch/arm64/arm/neoverse-n2"));
}

/* A line end of the file's own (CRLF) for the new row. */
static void test_crlf_mapfile(void **state)
{
    fx *f = *state;
    char *text = tree_text(f->tree, MAPFILE);
    assert_non_null(text);
    char path[256];
    snprintf(path, sizeof path, "%s/%s", f->tree, MAPFILE);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    for (const char *p = text; *p; p++)
        fputs(*p == '\n' ? "\r\n" : (char[]){*p, 0}, out);
    fclose(out);
    free(text);
    assert_int_equal(MERGE(f, 0, FIXTURE), 0);
    text = tree_text(f->tree, MAPFILE);
    assert_non_null(strstr(text, "\r\n0x00000000410ffee0,v1,arm/fixture-core,core\r\n0x"));
    for (const char *p = strchr(text, '\n'); p; p = strchr(p + 1, '\n'))
        assert_int_equal(p[-1], '\r');
    free(text);
}

static void test_not_a_tree_or_not_a_cpu(void **state)
{
    fx *f = *state;
    assert_int_equal(merge_into(f, f->root, 0, (const char *const[]){FIXTURE, NULL}), -1);
    assert_non_null(strstr(f->d.log.data, "has no arch/arm64/mapfile.csv: it is not a kernel's "
                                          "tools/perf/pmu-events directory"));
    snapshot before = snap(f->tree);
    assert_int_equal(MERGE(f, 0, FIXTURE, "spec/mali/mali-g720.xml"), -1);
    assert_non_null(strstr(f->d.log.data, "spec/mali/mali-g720.xml:7: error: not a CPU perf "
                                          "can count"));
    expect_unchanged(f->tree, &before);
}

/* ---- the command line ---------------------------------------------------------- */

static void test_cli(void **state)
{
    fx *f = *state;
    snapshot before = snap(f->tree);
    result r = RUN(f->root, hwcgen, "perf-merge", "--dry-run", f->tree, FIXTURE);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    char tail[256];
    snprintf(tail, sizeof tail, "(dry run: nothing written to %s)\n", f->tree);
    assert_true(strlen(r.out) > strlen(tail));
    assert_string_equal(r.out + strlen(r.out) - strlen(tail), tail);
    assert_non_null(strstr(r.out, "mapfile: + 0x00000000410ffee0,v1,arm/fixture-core,core\n"));
    result_free(&r);
    expect_unchanged(f->tree, &before);

    /* a warning made an error: nothing written */
    before = snap(f->tree);
    r = RUN(f->root, hwcgen, "--werror", "perf-merge", f->tree, N1);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "[-Werror]"));
    result_free(&r);
    expect_unchanged(f->tree, &before);

    r = RUN(f->root, hwcgen, "-q", "perf-merge", f->tree, FIXTURE);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    result_free(&r);
    r = RUN(f->root, hwcgen, "perf-merge", f->tree);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "perf-merge: no SPEC given"));
    result_free(&r);
    r = RUN(f->root, hwcgen, "generate", "--dry-run", "-o", f->root, FIXTURE);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "option '--dry-run' is for perf-merge, not generate"));
    result_free(&r);
}

/* ---- the kernel's tree and jevents.py ------------------------------------------------- */

typedef struct kx {
    fx f;
    const char *src;   /* the extracted tools/perf/pmu-events */
    hw_target *t[3];
    char c_file[160];  /* what jevents.py wrote */
    char *c_text;
    char *map_before;
} kx;

static const char *const kernel_specs[] = {V1, FIXTURE, N2};

/* The tree's part jevents.py reads for arm64: arch/arm64, arch/test (it
 * wants one beside the architecture), jevents.py and metric.py. */
static void copy_kernel_tree(const char *src, const char *dst)
{
    char a[4096], b[4096];
    assert_int_equal(mkdir(dst, 0755), 0);
    snprintf(b, sizeof b, "%s/arch", dst);
    assert_int_equal(mkdir(b, 0755), 0);
    const char *const parts[] = {"arch/arm64", "arch/test", "jevents.py", "metric.py"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        snprintf(a, sizeof a, "%s/%s", src, parts[i]);
        snprintf(b, sizeof b, "%s/%s", dst, parts[i]);
        struct stat st;
        assert_int_equal(stat(a, &st), 0);
        assert_int_equal(S_ISDIR(st.st_mode) ? copy_tree(a, b) : copy_file(a, b), 0);
    }
}

static int kx_setup(void **state)
{
    kx *k = calloc(1, sizeof *k);
    if (!k)
        return -1;
    *state = k;
    k->src = getenv("HWCGEN_PMU_EVENTS");
    return 0;
}

static int kx_teardown(void **state)
{
    kx *k = *state;
    if (k->f.root[0])
        remove_tree(k->f.root);
    for (int i = 0; i < 3; i++)
        target_free(k->t[i]);
    diag_free(&k->f.d);
    free(k->c_text);
    free(k->map_before);
    free(k);
    return 0;
}

static void skip_unless_kernel(kx *k)
{
    struct stat st;
    if (!k->src || !*k->src || stat(k->src, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: the kernel's perf pmu-events tree is missing: %s is not installed "
               "(make check installs it as root: apt-get install %s)\n", KERNEL_PKG, KERNEL_PKG);
        skip();
    }
    if (!in_path("python3")) {
        printf("SKIP: jevents.py needs python3, which is not installed "
               "(apt-get install python3)\n");
        skip();
    }
}

/* The rows of a mapfile whose MIDR is not one of k's targets, in order. */
static int other_rows(const kx *k, const char *text, lines *l, char *rows[], int max)
{
    *l = split_lines(text);
    int n = 0;
    for (int i = 1; i < l->n; i++) {
        const char *line = l->line[i];
        if (!*line || *line == '#')
            continue;
        int ours = 0;
        for (int t = 0; t < 3; t++) {
            char midr[32];
            snprintf(midr, sizeof midr, "0x%016" PRIx64 ",", (uint64_t)target_midr(k->t[t]));
            ours |= strncmp(line, midr, strlen(midr)) == 0;
        }
        if (!ours && n < max)
            rows[n++] = l->line[i];
    }
    return n;
}

/* The directory of `t`'s row in the merged mapfile (malloc'd). */
static char *row_dir(const kx *k, const hw_target *t)
{
    char *text = tree_text(k->f.tree, MAPFILE);
    char midr[32];
    snprintf(midr, sizeof midr, "0x%016" PRIx64 ",", (uint64_t)target_midr(t));
    char *row = text ? strstr(text, midr) : NULL;
    assert_non_null(row);
    assert_null(strstr(row + 1, midr)); /* one row */
    char *c1 = strchr(row, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
    char *c3 = c2 ? strchr(c2 + 1, ',') : NULL;
    assert_non_null(c3);
    char *dir = strndup(c2 + 1, (size_t)(c3 - c2 - 1));
    free(text);
    return dir;
}

/* Every event of t in its merged JSON with its code (an ArchStdEvent
 * through the tree's standard list), every metric with the MetricExpr
 * perf_expr gives it. */
static void check_merged_json(const kx *k, const hw_target *t, const perf_std *std)
{
    char *dir = row_dir(k, t), rel[512];
    struct dirent **names;
    snprintf(rel, sizeof rel, "%s/arch/arm64/%s", k->f.tree, dir);
    int n = scandir(rel, &names, NULL, alphasort);
    assert_true(n > 2);
    cJSON *all = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        snprintf(rel, sizeof rel, "arch/arm64/%s/%s", dir, names[i]->d_name);
        cJSON *j = strstr(names[i]->d_name, ".json") ? tree_json(k->f.tree, rel) : NULL;
        cJSON *o;
        while (j && (o = cJSON_DetachItemFromArray(j, 0)))
            cJSON_AddItemToArray(all, o);
        cJSON_Delete(j);
        free(names[i]);
    }
    free(names);
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!perf_event_ok(e))
            continue;
        const cJSON *o = find(all, "EventName", e->name);
        unsigned long code;
        if (o) {
            code = strtoul(get(o, "EventCode"), NULL, 0);
        } else {
            assert_non_null(o = find(all, "ArchStdEvent", e->name));
            assert_non_null(perf_std_find(std, e->name));
            code = perf_std_find(std, e->name)->code;
        }
        if (code != e->code)
            printf("  %s: event %s is 0x%lx, not 0x%" PRIx64 "\n", t->name, e->name, code, e->code);
        assert_int_equal(code, e->code);
    }
    hw_arena *a = arena_create();
    hw_buf b;
    buf_init(&b);
    for (int i = 0; i < t->nmetrics; i++) {
        const char *why;
        hw_expr *e = t->metrics[i].expr ? perf_expr(a, t, &t->metrics[i], &why) : NULL;
        if (!e)
            continue;
        buf_reset(&b);
        expr_print(&b, e, EXPR_STYLE_PERF, NULL, NULL);
        const cJSON *o = find(all, "MetricName", t->metrics[i].name);
        assert_non_null(o);
        assert_string_equal(get(o, "MetricExpr"), b.data);
    }
    buf_free(&b);
    arena_free(a);
    cJSON_Delete(all);
    free(dir);
}

/* ---- reading pmu-events.c back ---- */

/* The strings of a table entry's comment, split at "\000". */
typedef struct entry_fields {
    char *copy;
    char *f[16];
    int n;
} entry_fields;

static entry_fields fields_of(const char *line)
{
    entry_fields e = {0};
    const char *open = strstr(line, "/* "), *close = open ? strstr(open, " */") : NULL;
    if (!close)
        return e;
    e.copy = strndup(open + 3, (size_t)(close - open - 3));
    assert_non_null(e.copy);
    for (char *p = e.copy; p && e.n < 16;) {
        e.f[e.n++] = p;
        char *sep = strstr(p, "\\000");
        if (sep) {
            *sep = '\0';
            sep += 4;
        }
        p = sep;
    }
    return e;
}

/* The entry lines of the compact_pmu_event arrays that the
 * pmu_table_entry array `table` lists, one string each (malloc'd). */
static int table_lines(const char *c, const char *table, char *out[], int max)
{
    char head[256];
    snprintf(head, sizeof head, "const struct pmu_table_entry %s[] = {", table);
    const char *p = strstr(c, head), *end = p ? strstr(p, "\n};") : NULL;
    assert_non_null(end);
    int n = 0;
    for (const char *e = strstr(p, ".entries = "); e && e < end; e = strstr(e + 1, ".entries = ")) {
        char name[256], arr[300];
        assert_int_equal(sscanf(e, ".entries = %255[A-Za-z0-9_]", name), 1);
        snprintf(arr, sizeof arr, " %s[] = {\n", name);
        const char *q = strstr(c, arr), *qend = q ? strstr(q, "\n};") : NULL;
        assert_non_null(qend);
        for (q = strchr(q, '\n') + 1; q < qend && n < max;) {
            const char *nl = strchr(q, '\n');
            out[n++] = strndup(q, (size_t)(nl - q));
            q = nl + 1;
        }
    }
    return n;
}

/* The event and metric tables pmu-events.c maps cpuid `midr` to (each
 * buffer 256 bytes). */
static void map_tables(const char *c, const char *midr, char *events, char *metrics)
{
    char key[64];
    snprintf(key, sizeof key, ".cpuid = \"%s\",", midr);
    const char *p = strstr(c, key);
    assert_non_null(p);
    const char *ev = strstr(p, ".event_table = {"), *me = strstr(p, ".metric_table = {");
    assert_non_null(ev);
    assert_non_null(me);
    assert_int_equal(sscanf(strstr(ev, ".pmus"), ".pmus = %255[A-Za-z0-9_]", events), 1);
    assert_int_equal(sscanf(strstr(me, ".pmus"), ".pmus = %255[A-Za-z0-9_]", metrics), 1);
}

/* A metric of the table read back: its formula as jevents.py rewrote it,
 * evaluated over sample counts; a name that is no event of t is another
 * metric of the table (jevents.py writes metrics in terms of others). */
typedef struct evalx {
    const hw_target *t;
    const double *counts;
    entry_fields *metrics;
    int nmetrics;
    hw_arena *a;
    int depth;
} evalx;

static double eval_text(evalx *x, const char *text);

static double eval_node(evalx *x, const hw_expr *e)
{
    double l = e->nargs > 0 ? eval_node(x, e->args[0]) : 0;
    double r = e->nargs > 1 ? eval_node(x, e->args[1]) : 0;
    switch (e->kind) {
    case EXPR_NUM: return e->value;
    case EXPR_NEG: return -l;
    case EXPR_ADD: return l + r;
    case EXPR_SUB: return l - r;
    case EXPR_MUL: return l * r;
    case EXPR_DIV: return l / r;
    case EXPR_MOD: return fmod(l, r);
    case EXPR_CALL:
        assert_int_equal(e->nargs, 2);
        assert_true(e->func == FUNC_MIN || e->func == FUNC_MAX);
        return e->func == FUNC_MIN ? fmin(l, r) : fmax(l, r);
    case EXPR_REF:
        break;
    }
    int i = ir_find_event(x->t, e->text);
    if (i >= 0)
        return x->counts[i];
    for (int m = 0; m < x->nmetrics; m++)
        if (strcmp(x->metrics[m].f[0], e->text) == 0)
            return eval_text(x, x->metrics[m].f[2]);
    printf("  unknown name '%s' in a formula of pmu-events.c\n", e->text);
    fail();
    return 0;
}

static double eval_text(evalx *x, const char *text)
{
    expr_error err;
    hw_expr *e = expr_parse(x->a, text, &err);
    if (!e)
        printf("  pmu-events.c formula '%s' does not parse\n", text);
    assert_non_null(e);
    assert_true(++x->depth < 32);
    double v = eval_node(x, e);
    x->depth--;
    return v;
}

/* pmu-events.c maps t's MIDR to tables holding every event of t with its
 * code and every metric with a formula of the same value; the topdown
 * level 1 ones in perf's Default group. */
static void check_pmu_events_c(const kx *k, const hw_target *t)
{
    char midr[32], events[256], metrics[256];
    snprintf(midr, sizeof midr, "0x%016" PRIx64, (uint64_t)target_midr(t));
    map_tables(k->c_text, midr, events, metrics);
    static char *lines_ev[2048], *lines_me[512];
    int ne = table_lines(k->c_text, events, lines_ev, 2048);
    int nm = table_lines(k->c_text, metrics, lines_me, 512);
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        if (!perf_event_ok(e))
            continue;
        char lower[128];
        size_t j = 0;
        for (; e->name[j] && j + 1 < sizeof lower; j++)
            lower[j] = (char)(e->name[j] >= 'A' && e->name[j] <= 'Z' ? e->name[j] + 32 : e->name[j]);
        lower[j] = '\0';
        int found = 0;
        for (int l = 0; l < ne && !found; l++) {
            entry_fields f = fields_of(lines_ev[l]);
            found = f.n > 3 && strcmp(f.f[0], lower) == 0 && strncmp(f.f[3], "event=", 6) == 0 &&
                    strtoul(f.f[3] + 6, NULL, 0) == e->code;
            free(f.copy);
        }
        if (!found)
            printf("  %s: no %s with event=0x%" PRIx64 " in pmu-events.c\n", t->name, lower, e->code);
        assert_true(found);
    }
    entry_fields *mf = calloc((size_t)nm + 1, sizeof *mf);
    for (int l = 0; l < nm; l++)
        mf[l] = fields_of(lines_me[l]);
    double *counts = calloc((size_t)t->nevents + 1, sizeof *counts);
    double *want = calloc((size_t)t->nmetrics + 1, sizeof *want);
    srand(1);
    for (int i = 0; i < t->nevents; i++)
        counts[i] = 1000 + rand() % 1000000;
    hw_values v = {counts, NULL, NULL};
    interp_all(t, &v, want);
    evalx x = {t, counts, mf, nm, arena_create(), 0};
    hw_arena *a = arena_create();
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        const char *why;
        if (!m->expr || !perf_expr(a, t, m, &why))
            continue;
        int at = -1;
        for (int l = 0; l < nm; l++)
            if (mf[l].n > 9 && strcmp(mf[l].f[0], m->name) == 0)
                at = l;
        if (at < 0)
            printf("  %s: no metric %s in pmu-events.c\n", t->name, m->name);
        assert_true(at >= 0);
        double got = eval_text(&x, mf[at].f[2]);
        if (!(fabs(got - want[i]) <= 1e-9 * fmax(1, fabs(want[i]))))
            printf("  %s: %s = %.17g from pmu-events.c ('%s'), %.17g from the spec\n", t->name,
                   m->name, got, mf[at].f[2], want[i]);
        assert_true(fabs(got - want[i]) <= 1e-9 * fmax(1, fabs(want[i])));
        int level1 = 0;
        for (int g = 0; g < m->ngroups; g++)
            level1 |= strcmp(m->groups[g], "Topdown_L1") == 0;
        if (level1) {
            assert_non_null(strstr(mf[at].f[1], "Default"));
            assert_string_equal(mf[at].f[9], "TopdownL1");
        }
    }
    arena_free(a);
    arena_free(x.a);
    for (int l = 0; l < nm; l++)
        free(mf[l].copy), free(lines_me[l]);
    for (int l = 0; l < ne; l++)
        free(lines_ev[l]);
    free(mf), free(counts), free(want);
}

static void test_kernel_tree(void **state)
{
    kx *k = *state;
    skip_unless_kernel(k);
    snprintf(k->f.root, sizeof k->f.root, "/tmp/hwcgen-kernel-XXXXXX");
    assert_non_null(mkdtemp(k->f.root));
    snprintf(k->f.tree, sizeof k->f.tree, "%s/pmu-events", k->f.root);
    diag_init(&k->f.d, NULL);
    copy_kernel_tree(k->src, k->f.tree);
    for (int i = 0; i < 3; i++) {
        k->t[i] = run_open(kernel_specs[i], NULL, &k->f.d);
        assert_non_null(k->t[i]);
    }
    k->map_before = tree_text(k->f.tree, MAPFILE);
    assert_non_null(k->map_before);

    /* as a user would, every warning an error */
    result r = RUN(k->f.root, hwcgen, "--werror", "perf-merge", k->f.tree, V1, FIXTURE, N2);
    if (r.status != 0)
        printf("%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    result_free(&r);

    /* as tools/perf/pmu-events/Build runs it */
    snprintf(k->c_file, sizeof k->c_file, "%s/pmu-events.c", k->f.root);
    char jevents[256], arch[256];
    snprintf(jevents, sizeof jevents, "%s/jevents.py", k->f.tree);
    snprintf(arch, sizeof arch, "%s/arch", k->f.tree);
    r = RUN(k->f.root, "python3", jevents, "arm64", "all", arch, k->c_file);
    printf("  jevents.py arm64 all: exit %d%s%s", r.status, *r.out || *r.err ? "\n" : ", silent\n",
           r.err);
    assert_int_equal(r.status, 0);
    result_free(&r);
    k->c_text = read_file(k->c_file, NULL);
    assert_non_null(k->c_text);

    /* every other CPU's row as it was, in order */
    static char *rows_a[1024], *rows_b[1024];
    lines la, lb;
    char *map_after = tree_text(k->f.tree, MAPFILE);
    int na = other_rows(k, k->map_before, &la, rows_a, 1024);
    int nb = other_rows(k, map_after, &lb, rows_b, 1024);
    assert_true(na > 10);
    assert_int_equal(na, nb);
    for (int i = 0; i < na; i++)
        assert_string_equal(rows_a[i], rows_b[i]);
    free(la.copy), free(lb.copy), free(map_after);

    perf_std std;
    char arm64[300];
    snprintf(arm64, sizeof arm64, "%s/arch/arm64", k->f.tree);
    assert_int_equal(perf_std_read(&std, arm64, &k->f.d), 0);
    for (int i = 0; i < 3; i++) {
        check_merged_json(k, k->t[i], &std);
        check_pmu_events_c(k, k->t[i]);
    }
    perf_std_free(&std);
}

int main(void)
{
    if (!(hwcgen = hwcgen_binary("test_perf_merge")))
        return 1;
#define T(fn) cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)
    const struct CMUnitTest fixture[] = {
        T(test_own_directory_whatever_its_name),
        T(test_standard_events),
        T(test_metrics_are_our_own),
        T(test_shared_directory),
        T(test_new_cpu),
        T(test_idempotent),
        T(test_dry_run),
        T(test_failure_before_writing),
        T(test_failure_while_writing),
        T(test_crlf_mapfile),
        T(test_not_a_tree_or_not_a_cpu),
        T(test_cli),
    };
    const struct CMUnitTest kernel[] = {
        cmocka_unit_test_setup_teardown(test_kernel_tree, kx_setup, kx_teardown),
    };
    int failed = cmocka_run_group_tests_name("perf_merge fixture", fixture, NULL, NULL);
    failed += cmocka_run_group_tests_name("perf_merge kernel", kernel, NULL, NULL);
    return failed ? 1 : 0;
}
