/* emit_perf.c - Linux perf pmu-events JSON for CPU PMUs, and flat aliases.
 *
 * For every CPU target (kind "cpu" with coded events):
 *   perf/arch/arm64/<vendor>/<slug>/<group>.json  events of a functional
 *       group (lower snake case of its name); events in no group go to
 *       other.json, and an event listed by several groups only to the first
 *       (perf rejects a name defined twice for one CPU);
 *   perf/arch/arm64/<vendor>/<slug>/metrics.json  every metric perf can
 *       evaluate;
 *   perf/<slug>.aliases  name=pmu/event=code/ lines for `perf stat -e`;
 * and one perf/arch/arm64/mapfile.csv over all of them, sorted by MIDR. That
 * mapfile lists hwcgen's CPUs only: a kernel's lists every CPU perf knows,
 * so hwcgen's CPUs go into a kernel tree through perf-merge (merge_perf.h),
 * which writes the same JSON (emit_perf_cpu, emit_perf.h).
 *
 * JSON comes from cJSON (arrays at the top level, keys in a fixed order).
 * Hidden events (CHAIN) are left out everywhere. Descriptions lose any
 * trailing '.', as perf's jevents strips it, so a round trip is stable.
 * A metric that perf cannot express (ceil/floor/abs, a value supplied at
 * run time) is left out (the plan warned: plan_perf.h); metric references
 * are inlined, so every identifier of a MetricExpr is an event of the same
 * CPU.
 */
#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "emit/perf/emit_perf.h"
#include "core/expr.h"
#include "core/names.h"
#include "core/out_kinds.h"
#include "plan/plan_perf_expr.h"
#include "core/spdx.h"
#include "core/version.h"

typedef struct perf_gen {
    const hw_target *t;
    hw_arena *a;          /* scratch, freed when the target is done */
    hw_diag *d;
    out_set *out;
    const char *cpu_dir;  /* the CPU's JSON directory, below the output one */
    const perf_plan *plan; /* the target's MetricExpr trees */
    const perf_std_event *const *std; /* by event: the kernel tree's standard
                                         event it is (NULL: none); NULL
                                         outside a tree */
} perf_gen;

/* A JSON file being filled: its stem and its top-level array. */
typedef struct perf_file {
    const char *stem;
    cJSON *items;
} perf_file;

typedef struct perf_files {
    perf_file *f;
    int n;
    size_t cap;
    name_index stems; /* stem -> index into f; a scan is quadratic */
} perf_files;

/* ---- what perf sees -------------------------------------------------------- */

/* Text without trailing white space and dots, as perf keeps it. */
static const char *perf_desc(perf_gen *g, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '.' || isspace((unsigned char)s[n - 1])))
        n--;
    return arena_strndup(g->a, s, n);
}

/* Lower snake case: "L1D_Cache" -> "l1d_cache", "SpecOperation" ->
 * "spec_operation", "FPOperation" -> "fp_operation", "Bus & Memory" ->
 * "bus_memory"; "" when nothing is left. */
static void perf_stem(const char *name, char *out, size_t size)
{
    size_t j = 0;
    int gap = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p && j + 2 < size; p++) {
        if (*p >= 0x80 || !isalnum(*p)) {
            gap = 1;
            continue;
        }
        int hump = isupper(*p) && p > (const unsigned char *)name &&
                   (islower(p[-1]) || (isupper(p[-1]) && islower(p[1])));
        if (j > 0 && (gap || hump))
            out[j++] = '_';
        out[j++] = (char)tolower(*p);
        gap = 0;
    }
    out[j] = '\0';
}

/* ---- JSON building ------------------------------------------------------------ */

static void perf_put(perf_gen *g, cJSON *obj, const char *key, const char *value)
{
    if (value && !cJSON_AddStringToObject(obj, key, value))
        arena_fail(g->a);
}

static cJSON *perf_object(perf_gen *g, cJSON *array)
{
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(array, o)) {
        cJSON_Delete(o);
        arena_fail(g->a);
        return NULL;
    }
    return o;
}

/* The array of file `stem`, created on first use. */
static cJSON *perf_file_for(perf_gen *g, perf_files *fs, const char *stem)
{
    int i = name_index_get(&fs->stems, stem);
    if (i >= 0)
        return fs->f[i].items;
    perf_file *f = ARENA_PUSH(g->a, fs->f, fs->n, fs->cap);
    if (!f || !(f->items = cJSON_CreateArray()) ||
        name_index_put(&fs->stems, stem, fs->n - 1) == -2) {
        if (f) {
            cJSON_Delete(f->items);
            f->items = NULL;
            fs->n--;
        }
        arena_fail(g->a);
        return NULL;
    }
    f->stem = stem;
    return f->items;
}

static void perf_files_free(perf_files *fs)
{
    for (int i = 0; i < fs->n; i++)
        cJSON_Delete(fs->f[i].items);
    fs->n = 0;
    name_index_free(&fs->stems);
}

/* The layout of the kernel's own files: an array of flat objects, four
 * spaces a level, "Key": "value", a newline at the end. So a merged tree
 * differs from upstream's only where the content does. */
static void perf_print(hw_buf *b, const cJSON *items)
{
    buf_puts(b, "[\n");
    const cJSON *o;
    cJSON_ArrayForEach(o, items)
    {
        buf_puts(b, "    {\n");
        for (const cJSON *kv = o->child; kv; kv = kv->next) {
            char *v = cJSON_PrintUnformatted(kv);
            if (!v)
                b->failed = 1;
            else { /* no printf: values are long descriptions (make bench) */
                buf_puts(b, "        \"");
                buf_puts(b, kv->string);
                buf_puts(b, "\": ");
                buf_puts(b, v);
                buf_puts(b, kv->next ? ",\n" : "\n");
            }
            cJSON_free(v);
        }
        buf_printf(b, "    }%s\n", o->next ? "," : "");
    }
    buf_puts(b, "]\n");
}

static int perf_write_file(perf_gen *g, const perf_file *f)
{
    const char *name = arena_printf(g->a, "%s/%s.json", g->cpu_dir, f->stem);
    hw_buf b;
    buf_init(&b);
    perf_print(&b, f->items);
    int rc = name ? out_add(g->out, name, &b) : -1;
    buf_free(&b);
    if (rc != 0)
        diag_error(g->d, NULL, "out of memory adding %s/%s.json", g->cpu_dir, f->stem);
    return rc;
}

/* ---- events ----------------------------------------------------------------- */

/* The tree's standard event that e is: same name and code (perf_plan_std,
 * plan_perf.h); NULL if none. */
static const perf_std_event *perf_standard(perf_gen *g, const hw_event *e)
{
    return g->std ? g->std[e - g->t->events] : NULL;
}

/* Whether our text says more than the standard event's (compared as
 * jevents.py keeps them, trailing dots dropped). */
static int perf_says_more(perf_gen *g, const char *ours, const perf_std_event *s)
{
    if (!ours || !*ours)
        return 0;
    const char *brief = perf_desc(g, s->brief), *desc = perf_desc(g, s->desc);
    return !(brief && strcmp(ours, brief) == 0) && !(desc && strcmp(ours, desc) == 0);
}

static void perf_event(perf_gen *g, cJSON *array, const hw_event *e)
{
    cJSON *o = perf_object(g, array);
    if (!o)
        return;
    const perf_std_event *s = perf_standard(g, e);
    if (s) {
        const char *desc = perf_desc(g, e->description);
        perf_put(g, o, "ArchStdEvent", s->name);
        if (perf_says_more(g, desc, s))
            perf_put(g, o, "PublicDescription", desc);
        return;
    }
    perf_put(g, o, "EventCode", arena_printf(g->a, "0x%" PRIx64, e->code));
    perf_put(g, o, "EventName", e->name);
    perf_put(g, o, "BriefDescription", perf_desc(g, e->title));
    perf_put(g, o, "PublicDescription", perf_desc(g, e->description));
}

/* Each event into the file of the first functional group that lists it. */
static void perf_grouped_events(perf_gen *g, perf_files *fs, char *done)
{
    const hw_target *t = g->t;
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *gr = &t->groups[i];
        if (gr->kind != GROUP_EVENTS)
            continue;
        char slug[128];
        perf_stem(gr->name, slug, sizeof slug);
        const char *stem = arena_strdup(g->a, *slug ? slug : "other");
        for (int k = 0; stem && k < gr->nmembers; k++) {
            int ei = ir_find_event(t, gr->members[k]);
            if (ei < 0 || done[ei] || !perf_event_ok(&t->events[ei]))
                continue;
            done[ei] = 1;
            cJSON *arr = perf_file_for(g, fs, stem);
            if (arr)
                perf_event(g, arr, &t->events[ei]);
        }
    }
}

static void perf_events(perf_gen *g, perf_files *fs)
{
    const hw_target *t = g->t;
    char *done = arena_alloc(g->a, (size_t)t->nevents + 1);
    if (!done)
        return;
    perf_grouped_events(g, fs, done);
    for (int i = 0; i < t->nevents; i++) {
        if (done[i] || !perf_event_ok(&t->events[i]))
            continue;
        cJSON *arr = perf_file_for(g, fs, "other");
        if (arr)
            perf_event(g, arr, &t->events[i]);
    }
}

/* ---- metrics ------------------------------------------------------------------ */


static const char *perf_metric_groups(perf_gen *g, const hw_metric *m)
{
    if (m->ngroups == 0)
        return NULL;
    hw_buf b;
    buf_init(&b);
    for (int i = 0; i < m->ngroups; i++) {
        if (i)
            buf_putc(&b, ';');
        const char *name = perf_group_name(g->a, m->groups[i]);
        buf_puts(&b, name ? name : "");
    }
    if (b.failed)
        arena_fail(g->a);
    const char *s = arena_strdup(g->a, b.data ? b.data : "");
    buf_free(&b);
    return s;
}

/* Whether ';'-separated `groups` holds `name`. */
static int perf_in_group(const char *groups, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = groups;; p++) {
        if (strncmp(p, name, n) == 0 && (p[n] == ';' || p[n] == '\0'))
            return 1;
        if (!(p = strchr(p, ';')))
            return 0;
    }
}

/* Into metrics.json, created by the first metric perf can evaluate. */
static void perf_metric(perf_gen *g, perf_files *fs, const hw_metric *m)
{
    const hw_expr *e = g->plan->exprs[m - g->t->metrics];
    if (!e) /* the plan said why */
        return;
    hw_buf expr;
    buf_init(&expr);
    expr_print(&expr, e, EXPR_STYLE_PERF, NULL, NULL);
    cJSON *array = perf_file_for(g, fs, "metrics");
    cJSON *o = array ? perf_object(g, array) : NULL;
    if (o && !expr.failed) {
        perf_put(g, o, "MetricName", m->name);
        perf_put(g, o, "MetricExpr", expr.data);
        perf_put(g, o, "BriefDescription", perf_desc(g, m->title));
        perf_put(g, o, "PublicDescription", perf_desc(g, m->description));
        const char *groups = perf_metric_groups(g, m);
        /* perf stat with no metrics named shows perf's Default group, each
         * under its DefaultMetricgroupName, as upstream's sbsa.json puts
         * the topdown level 1 metrics */
        int level1 = groups && perf_in_group(groups, "TopdownL1");
        perf_put(g, o, "MetricGroup", level1 ? arena_printf(g->a, "Default;%s", groups) : groups);
        if (level1)
            perf_put(g, o, "DefaultMetricgroupName", "TopdownL1");
        if (m->units)
            perf_put(g, o, "ScaleUnit", arena_printf(g->a, "1%s", m->units));
    }
    if (expr.failed)
        arena_fail(g->a);
    buf_free(&expr);
}

static void perf_metrics(perf_gen *g, perf_files *fs)
{
    const hw_target *t = g->t;
    for (int i = 0; i < t->nmetrics; i++) {
        const hw_metric *m = &t->metrics[i];
        if (perf_metric_wanted(t, m))
            perf_metric(g, fs, m);
    }
}

/* ---- aliases ----------------------------------------------------------------- */

static int perf_aliases(perf_gen *g)
{
    const hw_target *t = g->t;
    hw_buf b;
    buf_init(&b);
    buf_printf(&b, "# SPDX-License-Identifier: %s\n", spdx_of(t));
    buf_printf(&b, "# perf event aliases of %s, generated by hwcgen %s from %s; do not edit.\n",
               t->name, HWCGEN_VERSION, t->spec_name);
    buf_printf(&b, "# name=pmu/event=code/ per event; e.g. perf stat -e %s/event=0x11,name=cpu_cycles/\n"
               "# (the PMU is %s on ACPI systems; see /sys/bus/event_source/devices)\n",
               PERF_PMU, PERF_PMU);
    for (int i = 0; i < t->nevents; i++) {
        const hw_event *e = &t->events[i];
        const char *name = perf_event_ok(e) ? perf_event_name(g->a, e) : NULL;
        if (!name)
            continue;
        buf_printf(&b, "%s=%s/event=0x%" PRIx64 "/\n", name, PERF_PMU, e->code);
    }
    const char *file = arena_printf(g->a, "perf/%s.aliases", t->slug);
    int rc = arena_failed(g->a) || !file ? -1 : out_add(g->out, file, &b);
    buf_free(&b);
    if (rc != 0)
        diag_error(g->d, NULL, "out of memory adding perf/%s.aliases", t->slug);
    return rc;
}

/* ---- one CPU ----------------------------------------------------------------- */

static int perf_json_files(perf_gen *g)
{
    perf_files fs = {0};
    int before = g->d->errors;
    perf_events(g, &fs);
    perf_metrics(g, &fs);
    int rc = arena_failed(g->a) || g->d->errors != before ? -1 : 0;
    if (arena_failed(g->a))
        diag_error(g->d, NULL, "out of memory building perf JSON of %s", g->t->spec_name);
    for (int i = 0; rc == 0 && i < fs.n; i++)
        rc = perf_write_file(g, &fs.f[i]);
    perf_files_free(&fs);
    return rc;
}

/* g for t, its scratch arena created; NULL cpu_dir after reporting. */
static perf_gen perf_gen_for(const hw_target *t, const hw_plan *p,
                             const perf_std_event *const *std, const emit_to *to,
                             const char *cpu_dir)
{
    perf_gen g = {t, arena_create(), to->d, to->out, NULL, &p->perf, std};
    if (g.a && cpu_dir)
        g.cpu_dir = arena_strdup(g.a, cpu_dir);
    else if (g.a)
        g.cpu_dir = arena_printf(g.a, "perf/arch/arm64/%s/%s", t->vendor, t->slug);
    if (!g.cpu_dir)
        diag_error(to->d, NULL, "out of memory");
    return g;
}

int emit_perf_cpu(const hw_target *t, const hw_plan *p, const perf_std_event *const *std,
                  const emit_to *to, const char *cpu_dir)
{
    perf_gen g = perf_gen_for(t, p, std, to, cpu_dir);
    int rc = g.cpu_dir ? perf_json_files(&g) : -1;
    arena_free(g.a);
    return rc;
}

/* out/perf/: the JSON and the aliases. */
static int perf_cpu(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    perf_gen g = perf_gen_for(t, p, NULL, to, NULL);
    int rc = g.cpu_dir && perf_json_files(&g) == 0 ? perf_aliases(&g) : -1;
    arena_free(g.a);
    return rc;
}

/* ---- mapfile.csv ------------------------------------------------------------- */


/* t's row of the mapfile: its MIDR (fixed width, so rows sort by text as by
 * number), its directory and its spec. */
static cJSON *perf_map_row(const hw_target *t)
{
    char midr[24], path[512];
    snprintf(midr, sizeof midr, "0x%016" PRIx64, (uint64_t)target_midr(t));
    snprintf(path, sizeof path, "%s/%s", t->vendor, t->slug);
    cJSON *row = cJSON_CreateObject();
    if (row && (!cJSON_AddStringToObject(row, "midr", midr) ||
                !cJSON_AddStringToObject(row, "path", path) ||
                !cJSON_AddStringToObject(row, "spec", t->spec_name) ||
                (t->revision && !cJSON_AddStringToObject(row, "revision", t->revision)) ||
                !cJSON_AddBoolToObject(row, "reference", t->revision_reference))) {
        cJSON_Delete(row);
        return NULL;
    }
    return row;
}

static const char *row_text(const cJSON *row, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(row, key));
    return s ? s : "";
}

static int by_midr(const void *pa, const void *pb)
{
    const cJSON *a = *(const cJSON *const *)pa, *b = *(const cJSON *const *)pb;
    int c = strcmp(row_text(a, "midr"), row_text(b, "midr"));
    return c ? c : strcmp(row_text(a, "path"), row_text(b, "path"));
}

/* perf finds one directory per MIDR (variant and revision masked off):
 * of rows for revisions of one part (sorted together) keep the one
 * revision_order() puts first, and say which were left out. Returns the
 * rows kept, in order; `dropped` gets the others. */
static int perf_map_pick(const cJSON **rows, int n, const cJSON **dropped, int *ndropped)
{
    int k = 0;
    *ndropped = 0;
    for (int i = 0; i < n; i++) {
        if (k > 0 && strcmp(row_text(rows[k - 1], "midr"), row_text(rows[i], "midr")) == 0) {
            const cJSON *kept = rows[k - 1], *r = rows[i];
            int ref_k = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(kept, "reference"));
            int ref_r = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "reference"));
            if (revision_order_of(row_text(r, "revision"), ref_r, row_text(kept, "revision"),
                                  ref_k) < 0) {
                dropped[(*ndropped)++] = kept;
                rows[k - 1] = r;
            } else {
                dropped[(*ndropped)++] = r;
            }
            continue;
        }
        rows[k++] = rows[i];
    }
    return k;
}

static void perf_map_text(hw_buf *b, const cJSON **rows, int n, const cJSON **dropped,
                          int ndropped)
{
    /* built from every CPU's row: hwcgen's own licence, whatever theirs */
    buf_printf(b, "# SPDX-License-Identifier: %s\n", SPDX_OWN);
    buf_printf(b, "# perf pmu-events map, generated by hwcgen %s; do not edit.\n", HWCGEN_VERSION);
    buf_puts(b, "# It lists hwcgen's CPUs only, not every CPU perf knows: do not copy it\n"
                "# over a kernel's tools/perf/pmu-events/arch/arm64/mapfile.csv. Merge\n"
                "# them into the kernel's tree with: hwcgen perf-merge TREE SPEC...\n");
    for (int i = 0; i < n; i++)
        buf_printf(b, "# from %s\n", row_text(rows[i], "spec"));
    buf_puts(b, "# MIDR (variant and revision zero),Version,Path under arch/arm64/,Type\n"
                "#Family-model,Version,Filename,EventType\n");
    for (int i = 0; i < ndropped; i++)
        buf_printf(b, "# not listed: %s (%s), another revision of a part listed below\n",
                   row_text(dropped[i], "path"), row_text(dropped[i], "revision"));
    for (int i = 0; i < n; i++)
        buf_printf(b, "%s,v1,%s,core\n", row_text(rows[i], "midr"), row_text(rows[i], "path"));
}

int emit_perf_mapfile(const emit_to *to)
{
    int n = cJSON_GetArraySize(to->out->rows), k = 0, ndropped = 0;
    const cJSON **rows = calloc((size_t)n + 1, sizeof *rows);
    const cJSON **dropped = calloc((size_t)n + 1, sizeof *dropped);
    if (!rows || !dropped) {
        free(rows);
        free(dropped);
        diag_error(to->d, NULL, "out of memory");
        return -1;
    }
    const cJSON *r;
    cJSON_ArrayForEach(r, to->out->rows)
        if (strcmp(row_text(r, "file"), OUT_PERF_ARM64_MAPFILE) == 0)
            rows[k++] = cJSON_GetObjectItemCaseSensitive(r, "row");
    int rc = 0;
    /* a perf tree's arch/arm64 writes the kernel's whole mapfile; rows of
     * ours beside it were refused (check_shared_files) */
    assert(k == 0 || out_find(to->out, OUT_PERF_ARM64_MAPFILE, 0) < 0);
    if (k > 0) {
        qsort(rows, (size_t)k, sizeof *rows, by_midr);
        k = perf_map_pick(rows, k, dropped, &ndropped);
        hw_buf b;
        buf_init(&b);
        perf_map_text(&b, rows, k, dropped, ndropped);
        rc = out_add(to->out, OUT_PERF_ARM64_MAPFILE, &b);
        buf_free(&b);
        if (rc != 0)
            diag_error(to->d, NULL, "out of memory adding %s", OUT_PERF_ARM64_MAPFILE);
    }
    free(rows);
    free(dropped);
    return rc;
}

int emit_perf(const hw_target *t, const hw_plan *p, const emit_to *to)
{
    if (!target_is_cpu_pmu(t))
        return 0;
    if (perf_cpu(t, p, to) != 0)
        return -1;
    if (out_row(to->out, OUT_PERF_ARM64_MAPFILE, perf_map_row(t)) != 0) {
        diag_error(to->d, NULL, "out of memory adding the mapfile row of %s", t->spec_name);
        return -1;
    }
    return 0;
}
