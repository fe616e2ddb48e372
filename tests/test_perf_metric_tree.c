/* perf's metric language on the real consumer's data: every MetricExpr and
 * MetricThreshold of the kernel's pmu-events tree (Debian's
 * linux-source-6.12, which make check extracts and names in
 * $HWCGEN_PMU_EVENTS) parses with expr_parse_perf, and printed in PERF and
 * in INFIX style reads back as the same tree. Then each directory's
 * formulas, with its events and metrics (ArchStdEvent filled in from the
 * arch's own files, as jevents.py does), are bound by the checker's rules
 * and evaluated with every value 1. Counts are printed, never asserted:
 * they change with each kernel. Skipped, naming the package, when the
 * tree is absent. */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "check.h"
#include "expr.h"
#include "interp.h"
#include "test_util.h"

#define KERNEL_PKG "linux-source-6.12"

typedef struct counts {
    int files, exprs, thresholds;
    int bad_parse, bad_trip;   /* formulas that fail; printed, then asserted 0 */
    int models, metrics, runtime, unbound, finite;
    int cycles, test_cycles; /* cycles of metrics; of them, in arch/test */
} counts;

/* The arch's own files (standard events and metrics), for ArchStdEvent. */
typedef struct stdset {
    cJSON *docs[32];
    int n;
} stdset;

static cJSON *read_json(const char *path)
{
    char *text = read_file(path, NULL);
    cJSON *doc = text ? cJSON_Parse(text) : NULL;
    free(text);
    return doc;
}

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = o ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The standard object named `name` (event or metric, case ignored). */
static const cJSON *find_std(const stdset *std, const char *name)
{
    for (int k = 0; std && k < std->n; k++) {
        const cJSON *o;
        cJSON_ArrayForEach(o, std->docs[k]) {
            const char *n = str_of(o, "EventName") ? str_of(o, "EventName") : str_of(o, "MetricName");
            if (n && strcasecmp(n, name) == 0)
                return o;
        }
    }
    return NULL;
}

/* A key of the object, else of the standard object it names. */
static const char *key_of(const cJSON *o, const cJSON *base, const char *key)
{
    const char *v = str_of(o, key);
    return v ? v : str_of(base, key);
}

/* jevents.py's unit_to_pmu, for the PMUs that matter to binding. */
static const char *pmu_of(hw_target *t, const char *unit)
{
    static const char *const table[][2] = {
        {"CBO", "uncore_cbox"}, {"QPI LL", "uncore_qpi"}, {"SBO", "uncore_sbox"},
        {"iMPH-U", "uncore_arb"}, {"CPU-M-CF", "cpum_cf"}, {"CPU-M-SF", "cpum_sf"},
        {"UPI LL", "uncore_upi"}, {"cpu_core", "cpu_core"}, {"cpu_atom", "cpu_atom"},
        {"imx8_ddr", "imx8_ddr"}, {"imx9_ddr", "imx9_ddr"}, {"L3PMC", "amd_l3"},
        {"DFPMC", "amd_df"}, {"UMCPMC", "amd_umc"}};
    if (!unit)
        return NULL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i][0], unit) == 0)
            return table[i][1];
    char *p = arena_printf(t->arena, "uncore_%s", unit);
    for (char *s = p; s && *s; s++)
        *s = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
    return p;
}

/* Parse one formula; when the file itself holds it, also print it in PERF
 * and INFIX style and read it back. NULL when it does not parse. */
static hw_expr *formula(hw_arena *a, const char *where, const char *text, int own, counts *c)
{
    expr_error err;
    hw_expr *e = expr_parse_perf(a, text, &err);
    if (!e) {
        if (c->bad_parse++ < 10)
            printf("  %s: '%s' does not parse: column %d: %s near '%s'\n", where, text,
                   err.col, err.message, err.token);
        return NULL;
    }
    for (int s = EXPR_STYLE_PERF; own && s <= EXPR_STYLE_INFIX; s++) {
        hw_buf b;
        buf_init(&b);
        expr_print(&b, e, (expr_style)s, NULL, NULL);
        hw_expr *again = b.data ? expr_parse_perf(a, b.data, &err) : NULL;
        if ((!again || !expr_equal(e, again)) && c->bad_trip++ < 10)
            printf("  %s: '%s' printed as '%s' reads back %s\n", where, text,
                   b.data ? b.data : "", again ? "as another tree" : "with an error");
        buf_free(&b);
    }
    return e;
}

static void add_metric(hw_target *t, const char *where, const cJSON *o, const cJSON *base,
                       counts *c)
{
    hw_metric *m = IR_PUSH(t, metrics);
    assert_non_null(m);
    m->name = arena_strdup(t->arena, key_of(o, base, "MetricName"));
    m->pmu = pmu_of(t, key_of(o, base, "Unit"));
    m->pfile = m->pobj = -1;
    const char *expr = key_of(o, base, "MetricExpr");
    const char *threshold = key_of(o, base, "MetricThreshold");
    /* what an object inherits is counted in the file that says it */
    if (str_of(o, "MetricExpr"))
        c->exprs++;
    if (str_of(o, "MetricThreshold"))
        c->thresholds++;
    if (expr)
        m->expr = formula(t->arena, where, expr, str_of(o, "MetricExpr") != NULL, c);
    if (threshold)
        m->threshold_expr = formula(t->arena, where, threshold,
                                    str_of(o, "MetricThreshold") != NULL, c);
}

static void add_objects(hw_target *t, const char *path, const cJSON *doc, const stdset *std,
                        counts *c)
{
    const cJSON *o;
    cJSON_ArrayForEach(o, doc) {
        const char *inherit = str_of(o, "ArchStdEvent");
        const cJSON *base = inherit ? find_std(std, inherit) : NULL;
        if (key_of(o, base, "MetricName")) {
            add_metric(t, path, o, base, c);
        } else if (key_of(o, base, "EventName") || inherit) {
            hw_event *e = IR_PUSH(t, events);
            assert_non_null(e);
            const char *name = key_of(o, base, "EventName");
            e->name = arena_strdup(t->arena, name ? name : inherit);
            e->pmu = pmu_of(t, key_of(o, base, "Unit"));
            e->block = e->index = e->pfile = e->pobj = -1;
        }
    }
}

/* ---- evaluation ------------------------------------------------------------ */

typedef struct orderer {
    hw_target *t;
    char *state; /* 0 new, 1 on the path, 2 placed */
    int *order;
    int n;
    int cycle;
} orderer;

static void place(orderer *o, int i);

static int visit_ref(void *ctx, hw_expr *ref)
{
    orderer *o = ctx;
    if (ref->ref == REF_UNRESOLVED)
        return 0;
    if (ref->ref == REF_METRIC)
        place(o, ref->index);
    return o->cycle;
}

/* Metrics after those they use; a cycle is counted (perf refuses it). */
static void place(orderer *o, int i)
{
    if (o->state[i] == 2)
        return;
    if (o->state[i] == 1) {
        o->cycle = 1;
        return;
    }
    o->state[i] = 1;
    if (o->t->metrics[i].expr)
        expr_each_ref(o->t->metrics[i].expr, visit_ref, o);
    o->state[i] = 2;
    o->order[o->n++] = i;
}

static int count_unbound(void *ctx, hw_expr *ref)
{
    if (ref->ref == REF_UNRESOLVED)
        ++*(int *)ctx;
    return 0;
}

static void evaluate(hw_target *t, const char *dir, counts *c)
{
    int n = t->nmetrics;
    orderer o = {t, calloc((size_t)n + 1, 1), arena_alloc(t->arena, ((size_t)n + 1) * sizeof(int)),
                 0, 0};
    assert_non_null(o.state);
    assert_non_null(o.order);
    for (int i = 0; i < n; i++) {
        o.cycle = 0;
        place(&o, i);
        if (!o.cycle)
            continue;
        /* arch/test holds perf's own test of metrics that use each other
         * in a circle, which perf refuses */
        c->test_cycles += strstr(dir, "/arch/test/") != NULL;
        if (c->cycles++ < 10)
            printf("  %s: metric '%s' reaches a cycle of metrics\n", dir, t->metrics[i].name);
    }
    free(o.state);
    t->metric_order = o.order;
    double *ev = calloc((size_t)t->nevents + 1, sizeof *ev);
    double *rt = calloc((size_t)t->nruntime + 1, sizeof *rt);
    double *out = calloc((size_t)n + 1, sizeof *out), *th = calloc((size_t)n + 1, sizeof *th);
    assert_true(ev && rt && out && th);
    for (int i = 0; i < t->nevents; i++)
        ev[i] = 1;
    interp_runtime_defaults(t, rt);
    for (int i = 0; i < t->nruntime; i++)
        rt[i] = isnan(rt[i]) ? 1 : rt[i];
    hw_values v = {ev, NULL, NULL};
    interp_all_rt(t, &v, rt, out);
    interp_thresholds(t, &v, rt, out, th);
    for (int i = 0; i < n; i++)
        c->finite += isfinite(out[i]);
    free(ev), free(rt), free(out), free(th);
}

/* One directory's JSON files as one target, bound and evaluated. */
static void model(const char *dir, char **files, int nfiles, const stdset *std, counts *c)
{
    hw_target *t = target_create(dir);
    assert_non_null(t);
    t->format = "pmu-events";
    for (int i = 0; i < nfiles; i++) {
        char path[4096];
        assert_int_equal(path_join(path, sizeof path, dir, files[i]), 0);
        cJSON *doc = read_json(path);
        if (!doc)
            fail_msg("%s is not JSON", path);
        c->files++;
        if (cJSON_IsArray(doc)) /* metricgroups.json is an object */
            add_objects(t, path, doc, std, c);
        cJSON_Delete(doc);
    }
    hw_diag d;
    diag_init(&d, NULL);
    assert_int_equal(check_perf_formulas(t, &d), 0);
    assert_int_equal(d.errors, 0);
    diag_free(&d);
    for (int i = 0; i < t->nmetrics; i++) {
        if (t->metrics[i].expr)
            expr_each_ref(t->metrics[i].expr, count_unbound, &c->unbound);
        if (t->metrics[i].threshold_expr)
            expr_each_ref(t->metrics[i].threshold_expr, count_unbound, &c->unbound);
    }
    c->models++;
    c->metrics += t->nmetrics;
    c->runtime += t->nruntime;
    evaluate(t, dir, c);
    target_free(t);
}

/* ---- the walk --------------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(const char *dir, int depth, const stdset *inherited, counts *c)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *names[512];
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && n < 512;)
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    char *files[512], path[4096];
    int nfiles = 0;
    stdset own = {{NULL}, 0};
    for (int i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        if (len > 5 && strcmp(names[i] + len - 5, ".json") == 0)
            files[nfiles++] = names[i];
    }
    /* an arch's own files are what its models inherit from */
    for (int i = 0; depth == 1 && i < nfiles && own.n < 32; i++) {
        assert_int_equal(path_join(path, sizeof path, dir, files[i]), 0);
        cJSON *doc = read_json(path);
        if (cJSON_IsArray(doc))
            own.docs[own.n++] = doc;
        else
            cJSON_Delete(doc);
    }
    const stdset *std = depth == 1 ? &own : inherited;
    if (nfiles)
        model(dir, files, nfiles, std, c);
    for (int i = 0; i < n; i++) {
        struct stat st;
        assert_int_equal(path_join(path, sizeof path, dir, names[i]), 0);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            walk(path, depth + 1, std, c);
    }
    for (int i = 0; i < own.n; i++)
        cJSON_Delete(own.docs[i]);
    for (int i = 0; i < n; i++)
        free(names[i]);
}

static void test_every_formula_of_the_tree(void **state)
{
    (void)state;
    const char *root = getenv("HWCGEN_PMU_EVENTS");
    char arch[4096];
    struct stat st;
    if (!root || !*root || path_join(arch, sizeof arch, root, "arch") != 0 ||
        stat(arch, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIP: the kernel's perf pmu-events tree is missing: %s is not installed "
               "(make check installs it as root: apt-get install %s)\n", KERNEL_PKG, KERNEL_PKG);
        skip();
    }
    counts c = {0};
    walk(arch, 0, NULL, &c);
    printf("  perf tree: %d files, %d MetricExpr and %d MetricThreshold parsed and read "
           "back from PERF and INFIX style\n", c.files, c.exprs, c.thresholds);
    printf("  perf tree: %d directories bound: %d metrics, %d run-time values, "
           "%d metrics finite with every value 1, %d cycles of metrics (in perf's own "
           "test of them: %d)\n", c.models, c.metrics, c.runtime, c.finite, c.cycles, c.test_cycles);
    assert_true(c.exprs > 0 && c.thresholds > 0); /* else the walk found no tree */
    assert_int_equal(c.bad_parse, 0);
    assert_int_equal(c.bad_trip, 0);
    assert_int_equal(c.unbound, 0);
    assert_int_equal(c.cycles, c.test_cycles); /* binding makes no cycle of its own */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_formula_of_the_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
