/* load_perf_interp.c - the kept objects of a perf pmu-events directory read
 * into IR events, metrics and metric groups, as perf's jevents.py reads
 * them (load_perf.h). The objects themselves stay as the files have them.
 *
 * Identity in perf is a PMU and a name (lower-cased by jevents.py): a
 * hybrid CPU has tma_retiring on cpu_core and on cpu_atom. One name twice
 * in one PMU is a warning, not an error: perf's own tree does it.
 */
#include "core/expr.h"
#include "load/load_perf.h"
#include "core/perf_enc.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* jevents.py's unit_to_pmu table: Unit -> PMU; any other Unit is
 * "uncore_" and the Unit lower-cased, and no Unit is the core PMU. */
static const char *const unit_pmus[][2] = {
    {"CBO", "uncore_cbox"},          {"QPI LL", "uncore_qpi"},
    {"SBO", "uncore_sbox"},          {"iMPH-U", "uncore_arb"},
    {"CPU-M-CF", "cpum_cf"},         {"CPU-M-SF", "cpum_sf"},
    {"PAI-CRYPTO", "pai_crypto"},    {"PAI-EXT", "pai_ext"},
    {"UPI LL", "uncore_upi"},        {"hisi_sicl,cpa", "hisi_sicl,cpa"},
    {"hisi_sccl,ddrc", "hisi_sccl,ddrc"}, {"hisi_sccl,hha", "hisi_sccl,hha"},
    {"hisi_sccl,l3c", "hisi_sccl,l3c"},   {"imx8_ddr", "imx8_ddr"},
    {"imx9_ddr", "imx9_ddr"},        {"L3PMC", "amd_l3"},
    {"DFPMC", "amd_df"},             {"UMCPMC", "amd_umc"},
    {"cpu_core", "cpu_core"},        {"cpu_atom", "cpu_atom"},
    {"ali_drw", "ali_drw"},          {"arm_cmn", "arm_cmn"},
};

const char *perf_unit_to_pmu(hw_arena *a, const char *unit)
{
    if (!unit || !*unit)
        return "default_core";
    for (size_t i = 0; i < sizeof unit_pmus / sizeof unit_pmus[0]; i++)
        if (strcmp(unit_pmus[i][0], unit) == 0)
            return unit_pmus[i][1];
    char *pmu = arena_printf(a, "uncore_%s", unit);
    for (char *p = pmu ? pmu + 7 : NULL; p && *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return pmu;
}

typedef struct interp {
    hw_target *t;
    const perf_archstd *std;
    hw_diag *d;
    hw_arena *scratch;   /* keys of the indexes below */
    name_index events;   /* "pmu\nname" lower-cased -> event */
    name_index metrics;  /* the same for metrics */
    name_index groups;   /* metric group -> index into t->groups */
    name_index members;  /* "group\nmetric" -> 0, each member once */
    size_t (*caps)[2];   /* each group's capacity of members, member_locs */
    /* the last Unit read and its PMU: a file's events mostly share one */
    const char *unit, *unit_pmu;
} interp;

/* The keys jevents.py reads, sorted (strcmp) for bsearch. */
enum {
    K_ARCH_STD, K_BRIEF, K_DEPRECATED, K_EVENT_CODE, K_EVENT_NAME, K_EXPERIMENTAL, K_EXT_SEL,
    K_METRIC_EXPR, K_METRIC_GROUP, K_METRIC_NAME, K_THRESHOLD, K_PUBLIC, K_SCALE_UNIT, K_UNIT,
    NKEYS
};
static const char *const key_names[NKEYS] = {
    "ArchStdEvent", "BriefDescription", "Deprecated", "EventCode", "EventName",
    "Experimental", "ExtSel", "MetricExpr", "MetricGroup", "MetricName",
    "MetricThreshold", "PublicDescription", "ScaleUnit", "Unit",
};

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* An object's keys that jevents.py reads, each the last of its name (a
 * repeated key is read as its last copy), found in one pass over the
 * object rather than one per key asked for. */
typedef struct keyed {
    const hw_kv *kv[NKEYS]; /* NULL: absent */
} keyed;

static void key_object(const hw_pobj *o, keyed *k)
{
    memset(k, 0, sizeof *k);
    for (int i = 0; o && i < o->nkvs; i++) {
        const char *key = o->kvs[i].key;
        const char *const *at = bsearch(&key, key_names, NKEYS, sizeof *key_names, by_name);
        if (at)
            k->kv[at - key_names] = &o->kvs[i];
    }
}

/* An object as jevents.py reads it: its own keys, and for a key it lacks
 * or leaves empty, the key of the standard object its ArchStdEvent names. */
typedef struct view {
    const hw_pobj *own;
    const hw_pobj *std_obj; /* the standard object ArchStdEvent names, or NULL */
    keyed mine, std; /* std: all NULL without a standard object */
} view;

/* The key as read, and whether it is the standard object's. */
static const hw_kv *view_kv(const view *v, int key, int *from_std)
{
    const hw_kv *kv = v->mine.kv[key], *s = v->std.kv[key];
    *from_std = (!kv || !*kv->value) && s && *s->value;
    return *from_std ? s : kv;
}

/* The key's text in t's arena (a standard object's is copied), or NULL
 * when absent or empty, which jevents.py reads as absent. */
static const char *view_text(interp *in, const view *v, int key)
{
    int from_std;
    const hw_kv *kv = view_kv(v, key, &from_std);
    if (!kv || !*kv->value)
        return NULL;
    return from_std ? arena_strdup(in->t->arena, kv->value) : kv->value;
}

/* Where a key is, for what is said about it: its own line, else the
 * object's (a key from the standard object). */
static hw_loc view_loc(const view *v, int key)
{
    const hw_kv *kv = v->mine.kv[key];
    return kv ? kv->loc : v->own->loc;
}

static int flagged(interp *in, const view *v, int key)
{
    const char *s = view_text(in, v, key);
    return s && strcmp(s, "0") != 0;
}

/* ---- identity: a name once per PMU ------------------------------------------ */

/* "a\nb" in the scratch arena, lower-cased if asked: a key of the
 * indexes. NULL when out of memory. */
static const char *pair_key(interp *in, const char *a, const char *b, int lower)
{
    size_t na = strlen(a), nb = strlen(b);
    char *key = arena_alloc(in->scratch, na + nb + 2); /* zeroed: terminated */
    if (!key)
        return NULL;
    memcpy(key, a, na);
    key[na] = '\n';
    memcpy(key + na + 1, b, nb);
    for (char *p = key; lower && *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return key;
}

static const char *identity(interp *in, const char *pmu, const char *name)
{
    return pair_key(in, pmu ? pmu : "", name, 1);
}

/* perf_unit_to_pmu(), once for a run of events with the same Unit. */
static const char *pmu_of(interp *in, const char *unit)
{
    if (!unit || !in->unit || strcmp(unit, in->unit) != 0) {
        in->unit = unit;
        in->unit_pmu = perf_unit_to_pmu(in->t->arena, unit);
    }
    return in->unit_pmu;
}

/* Warn when (pmu, name) came before; `what` is "event" or "metric". */
static void note_identity(interp *in, name_index *seen, const char *what, const char *pmu,
                          const char *name, int index, const hw_loc *loc,
                          const hw_loc *(*loc_of)(const hw_target *, int))
{
    const char *key = identity(in, pmu, name);
    int first = key ? name_index_put(seen, key, index) : -2;
    if (first == -2) {
        arena_fail(in->t->arena);
    } else if (first >= 0) {
        char where[512];
        loc_where(where, sizeof where, loc_of(in->t, first));
        diag_warning(in->d, loc, "%s '%s' of PMU %s is given again (first at %s); perf "
                     "lists both", what, name, pmu, where);
    }
}

static const hw_loc *event_loc(const hw_target *t, int i) { return &t->events[i].loc; }
static const hw_loc *metric_loc(const hw_target *t, int i) { return &t->metrics[i].loc; }

/* ---- events ------------------------------------------------------------------- */

/* jevents.py's event code: the first of a list ("0xB7,0xBB"), in C's
 * number syntax, with ExtSel above its low byte. */
static void event_code(interp *in, hw_event *e, const view *v)
{
    const char *code = view_text(in, v, K_EVENT_CODE);
    if (!code)
        return;
    char *end;
    errno = 0;
    unsigned long long c = strtoull(code, &end, 0);
    const char *ext = view_text(in, v, K_EXT_SEL);
    unsigned long long x = ext ? strtoull(ext, NULL, 10) : 0;
    if (end == code || (*end && *end != ',') || errno || x > 0xFFFFFF) {
        hw_loc loc = view_loc(v, K_EVENT_CODE);
        diag_warning(in->d, &loc, "event '%s': EventCode '%s' is not a number; no code "
                     "taken", e->name, code);
        return;
    }
    e->has_code = 1;
    e->code = c | x << 8;
}

/* A key of the encoding that perf could not read: the header writes 0
 * for it, perf's own build would fail or write it as text. */
static void check_enc(interp *in, const hw_event *e, perf_enc_id k, const hw_kv *kv)
{
    int arity = perf_enc_arity(k);
    uint64_t v;
    /* the first EventCode is event_code()'s to report */
    for (int i = k == PERF_ENC_EVENT_CODE; i < arity; i++) {
        int got = perf_enc_item(kv->value, i, &v, NULL);
        if (got == 0 && i > 0)
            return;
        if (got == 1 && (arity > 1 || !strchr(kv->value, ',')))
            continue;
        diag_warning(in->d, &kv->loc, "event '%s': %s '%s' is not %s; the C header "
                     "writes 0 for it", e->name, kv->key, kv->value,
                     arity > 1 ? "a list of numbers" : "a number");
        return;
    }
    if (k == PERF_ENC_MSR_INDEX && perf_enc_item(kv->value, 0, &v, NULL) == 1 &&
        !perf_enc_msr_term(v))
        diag_warning(in->d, &kv->loc, "event '%s': perf knows no MSR %s (only 0x1a6, "
                     "0x1a7, 0x3f6 and 0x3f7); jevents.py would stop here", e->name,
                     kv->value);
}

/* The keys of object o in perf_enc.h's table into by[], the last of a
 * repeated key winning (as pobj_kv()); empty values, which jevents.py
 * reads as absent, left out. One pass over o: a lookup per key of the
 * table was a fifth of loading a tree. */
static void enc_keys(const hw_pobj *o, const hw_kv *by[PERF_ENC_COUNT])
{
    for (int i = 0; o && i < o->nkvs; i++) {
        const hw_kv *kv = &o->kvs[i];
        int k = perf_enc_find(kv->key);
        if (k >= 0 && *kv->value)
            by[k] = kv;
    }
}

/* e->enc: its keys of perf_enc.h's table, a standard event's copied into
 * t's arena (the arch's target may be gone before this one is used). */
static void event_enc(interp *in, hw_event *e, const view *v)
{
    const hw_kv *own[PERF_ENC_COUNT] = {0}, *std[PERF_ENC_COUNT] = {0};
    const hw_kv *found[PERF_ENC_COUNT];
    enc_keys(v->own, own);
    enc_keys(v->std_obj, std);
    int n = 0;
    for (int k = 0; k < PERF_ENC_COUNT; k++) {
        const hw_kv *kv = own[k];
        if (!kv && std[k]) {
            hw_kv *copy = arena_alloc(in->t->arena, sizeof *copy);
            if (!copy)
                return;
            *copy = (hw_kv){v->own->loc, perf_enc_key((perf_enc_id)k),
                            arena_strdup(in->t->arena, std[k]->value), std[k]->number};
            kv = copy;
        }
        if (!kv)
            continue;
        check_enc(in, e, (perf_enc_id)k, kv);
        found[n++] = kv;
    }
    if (own[PERF_ENC_MSR_INDEX] && !own[PERF_ENC_MSR_VALUE] && !std[PERF_ENC_MSR_VALUE])
        diag_warning(in->d, &own[PERF_ENC_MSR_INDEX]->loc, "event '%s': MSRIndex without "
                     "MSRValue; perf's jevents.py writes the value as None", e->name);
    e->enc = n ? arena_alloc(in->t->arena, (size_t)n * sizeof *e->enc) : NULL;
    if (e->enc)
        memcpy(e->enc, found, (size_t)n * sizeof *found);
    e->nenc = e->enc ? n : 0;
}

static void add_event(interp *in, const view *v, int f, int o)
{
    hw_target *t = in->t;
    hw_event *e = IR_PUSH(t, events);
    if (!e)
        return;
    e->loc = v->own->loc;
    e->name = view_text(in, v, K_EVENT_NAME);
    e->title = view_text(in, v, K_BRIEF);
    e->description = view_text(in, v, K_PUBLIC);
    e->units = view_text(in, v, K_SCALE_UNIT);
    e->block = e->index = -1;
    e->pmu = pmu_of(in, view_text(in, v, K_UNIT));
    e->pfile = f, e->pobj = o;
    if (flagged(in, v, K_DEPRECATED))
        e->flags |= EVENT_DEPRECATED;
    if (flagged(in, v, K_EXPERIMENTAL))
        e->flags |= EVENT_EXPERIMENTAL;
    event_code(in, e, v);
    event_enc(in, e, v);
    t->pfiles[f].objs[o].event = t->nevents - 1;
    note_identity(in, &in->events, "event", e->pmu, e->name, t->nevents - 1, &e->loc,
                  event_loc);
}

/* ---- metrics ------------------------------------------------------------------ */

/* One perf formula text into an expression; NULL after reporting a syntax
 * error at `loc`, naming the metric and the column in the text. */
static hw_expr *perf_formula(hw_target *t, const hw_metric *m, const char *key,
                             const char *text, hw_loc loc, hw_diag *d)
{
    expr_error err;
    hw_expr *e = expr_parse_perf(t->arena, text, &err);
    if (!e)
        diag_error(d, &loc, "metric '%s': %s column %d: %s near '%s'", m->name, key, err.col,
                   err.message, err.token);
    return e;
}

/* The metric's MetricExpr and MetricThreshold, in perf's metric language
 * (expr.h); the checker binds their names by perf's rules. */
static int perf_metric_parse(hw_target *t, hw_metric *m, hw_diag *d)
{
    if (m->formula && !(m->expr = perf_formula(t, m, "MetricExpr", m->formula,
                                               m->formula_loc, d)))
        return -1;
    if (m->threshold && !(m->threshold_expr = perf_formula(t, m, "MetricThreshold",
                                                           m->threshold, m->threshold_loc, d)))
        return -1;
    return 0;
}

/* Group g gets member `name`, once. */
static void add_member(interp *in, int g, const char *name, const hw_loc *loc)
{
    hw_group *gr = &in->t->groups[g];
    const char *key = pair_key(in, gr->name, name, 0);
    int had = key ? name_index_put(&in->members, key, 0) : -2;
    if (had >= 0)
        return;
    size_t n = (size_t)gr->nmembers;
    if (had == -2 ||
        arena_grow(in->t->arena, (void **)&gr->members, &in->caps[g][0], n + 1,
                   sizeof *gr->members) ||
        arena_grow(in->t->arena, (void **)&gr->member_locs, &in->caps[g][1], n + 1,
                   sizeof *gr->member_locs)) {
        arena_fail(in->t->arena);
        return;
    }
    gr->members[n] = name;
    gr->member_locs[n] = *loc;
    gr->nmembers++;
}

/* The metric group called `name`, made on first sight. */
static int group_of(interp *in, const char *name, const hw_loc *loc)
{
    int g = name_index_get(&in->groups, name);
    if (g >= 0)
        return g;
    hw_target *t = in->t;
    size_t(*caps)[2] = realloc(in->caps, ((size_t)t->ngroups + 1) * sizeof *caps);
    hw_group *gr = caps ? IR_PUSH(t, groups) : NULL;
    if (caps)
        in->caps = caps;
    if (!gr || name_index_put(&in->groups, name, t->ngroups - 1) == -2) {
        arena_fail(t->arena);
        return -1;
    }
    caps[t->ngroups - 1][0] = caps[t->ngroups - 1][1] = 0;
    gr->loc = *loc;
    gr->kind = GROUP_METRICS;
    gr->name = name;
    gr->section = -1;
    return t->ngroups - 1;
}

/* MetricGroup "Default;TopdownL1": metric i's groups (empty parts
 * skipped, as perf does), and the metric a member of each. */
static void metric_groups(interp *in, int i, const char *list)
{
    hw_metric *m = &in->t->metrics[i];
    int most = 1;
    for (const char *p = list; *p; p++)
        most += *p == ';';
    m->groups = arena_alloc(in->t->arena, (size_t)most * sizeof *m->groups);
    for (const char *p = list; m->groups && *p;) {
        size_t n = strcspn(p, ";");
        if (n)
            m->groups[m->ngroups++] = arena_strndup(in->t->arena, p, n);
        p += n + (p[n] == ';');
    }
    for (int k = 0; k < m->ngroups; k++) {
        int g = m->groups[k] ? group_of(in, m->groups[k], &m->loc) : -1;
        if (g >= 0)
            add_member(in, g, m->name, &m->loc);
    }
}

static void add_metric(interp *in, const view *v, int f, int o)
{
    hw_target *t = in->t;
    hw_metric *m = IR_PUSH(t, metrics);
    if (!m)
        return;
    m->loc = v->own->loc;
    m->name = view_text(in, v, K_METRIC_NAME);
    m->title = view_text(in, v, K_BRIEF);
    m->description = view_text(in, v, K_PUBLIC);
    m->units = view_text(in, v, K_SCALE_UNIT);
    m->formula = view_text(in, v, K_METRIC_EXPR);
    m->formula_loc = view_loc(v, K_METRIC_EXPR);
    m->threshold = view_text(in, v, K_THRESHOLD);
    m->threshold_loc = view_loc(v, K_THRESHOLD);
    m->pmu = pmu_of(in, view_text(in, v, K_UNIT));
    m->pfile = f, m->pobj = o;
    if (flagged(in, v, K_DEPRECATED))
        m->flags |= METRIC_DEPRECATED;
    if (flagged(in, v, K_EXPERIMENTAL))
        m->flags |= METRIC_EXPERIMENTAL;
    t->pfiles[f].objs[o].metric = t->nmetrics - 1;
    note_identity(in, &in->metrics, "metric", m->pmu, m->name, t->nmetrics - 1, &m->loc,
                  metric_loc);
    const char *groups = view_text(in, v, K_METRIC_GROUP);
    if (groups)
        metric_groups(in, t->nmetrics - 1, groups);
    perf_metric_parse(t, &t->metrics[t->nmetrics - 1], in->d);
}

/* metricgroups.json: a description for each group, made when no metric
 * names it (perf lists it all the same). */
static void group_descriptions(interp *in, const hw_pobj *o)
{
    for (int k = 0; k < o->nkvs; k++) {
        int g = group_of(in, o->kvs[k].key, &o->kvs[k].loc);
        if (g >= 0)
            in->t->groups[g].description = o->kvs[k].value;
    }
}

/* ---- objects ---------------------------------------------------------------- */

/* o's view: with the standard object its ArchStdEvent names, if any. */
static int view_of(interp *in, const hw_pobj *o, view *v)
{
    v->own = o;
    v->std_obj = NULL;
    key_object(o, &v->mine);
    key_object(NULL, &v->std);
    const hw_kv *a = v->mine.kv[K_ARCH_STD];
    if (!a)
        return 0;
    const hw_pobj *std = perf_archstd_lookup(in->std, a->value);
    if (std) {
        v->std_obj = std;
        key_object(std, &v->std);
        return 0;
    }
    const char *hint = perf_archstd_hint(in->std, a->value);
    diag_error(in->d, &a->loc, "ArchStdEvent '%s': arch %s has no standard event or metric "
               "of that name%s%s%s", a->value, in->t->perf_arch ? in->t->perf_arch : "",
               hint ? " (did you mean '" : "",
               hint ? hint : "", hint ? "'?)" : "");
    return -1;
}

static void read_file_objects(interp *in, int f)
{
    const hw_pfile *pf = &in->t->pfiles[f];
    for (int o = 0; o < pf->nobjs; o++) {
        if (pf->is_object) {
            group_descriptions(in, &pf->objs[o]);
            continue;
        }
        view v;
        if (view_of(in, &in->t->pfiles[f].objs[o], &v) != 0)
            continue;
        /* one object may be both (skylakex's uncore power events) */
        int from_std;
        const hw_kv *kv = view_kv(&v, K_EVENT_NAME, &from_std);
        if (kv && *kv->value)
            add_event(in, &v, f, o);
        kv = view_kv(&v, K_METRIC_NAME, &from_std);
        if (kv && *kv->value)
            add_metric(in, &v, f, o);
    }
}

/* The objects of the target's arrays: as many events at most. */
static size_t array_objects(const hw_target *t)
{
    size_t n = 0;
    for (int f = 0; f < t->npfiles; f++)
        n += t->pfiles[f].is_object ? 0 : (size_t)t->pfiles[f].nobjs;
    return n;
}

int perf_interpret(hw_target *t, const perf_archstd *std, hw_diag *d)
{
    int before = d->errors;
    interp in = {t, std, d, arena_create(), {0}, {0}, {0}, {0}, NULL, NULL, NULL};
    /* the events' array made once, for nearly all of the objects are
     * events, rather than doubled and copied along the way */
    size_t most = array_objects(t);
    if (!in.scratch || name_index_init(&in.events, most) || name_index_init(&in.metrics, 64) ||
        name_index_init(&in.groups, 16) || name_index_init(&in.members, 64) ||
        arena_grow(t->arena, (void **)&t->events, &t->cap_events, most, sizeof *t->events)) {
        diag_error(d, NULL, "out of memory");
    } else {
        /* the descriptions of groups first: a group then keeps the place
         * metricgroups.json gives it, not its first member's */
        for (int f = 0; f < t->npfiles; f++)
            if (t->pfiles[f].is_object)
                read_file_objects(&in, f);
        for (int f = 0; f < t->npfiles; f++)
            if (!t->pfiles[f].is_object)
                read_file_objects(&in, f);
    }
    name_index_free(&in.events);
    name_index_free(&in.metrics);
    name_index_free(&in.groups);
    name_index_free(&in.members);
    free(in.caps);
    arena_free(in.scratch);
    if (arena_failed(t->arena))
        diag_error(d, NULL, "out of memory reading %s", t->spec_path);
    return d->errors == before ? 0 : -1;
}
