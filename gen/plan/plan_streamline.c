/* plan_streamline.c - gatord's categories and labels for a CPU's events
 * (plan_streamline.h), from what the table of cores says gatord has built
 * in (hw_gatord). */
#include "plan/plan_streamline.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/names.h"

int st_event_wanted(const hw_event *e)
{
    return e->has_code && e->code <= 0xFFFF && (!e->pmu || strcmp(e->pmu, "default_core") == 0) &&
           event_for_users(e);
}

static int starts_with(const char *s, const char *prefix)
{
    return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = s ? strlen(s) : 0, m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* `word` in s as a whole word, ignoring case. */
static int has_word(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = s; p && *p; p++)
        if ((p == s || !isalnum((unsigned char)p[-1])) && strncasecmp(p, word, n) == 0 &&
            !isalnum((unsigned char)p[n]))
            return 1;
    return 0;
}

/* "Instruction architecturally executed", "Operation speculatively
 * executed, load", "Exclusive operation speculatively executed", ... */
static int counts_instructions(const char *title)
{
    static const char *const things[] = {"instruction", "instructions", "operation",
                                         "operations"};
    static const char *const ways[] = {"architecturally executed", "speculatively executed"};
    int thing = 0, way = 0;
    for (size_t i = 0; i < sizeof things / sizeof things[0]; i++)
        thing |= has_word(title, things[i]);
    for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++)
        for (const char *p = title; p && *p && !way; p++)
            way = strncasecmp(p, ways[i], strlen(ways[i])) == 0;
    return thing && way;
}

const char *st_units_by_kind(const hw_event *e)
{
    const char *name = e->name ? e->name : "", *title = e->title ? e->title : "";
    if (e->has_code && e->code == GATORD_CYCLE_EVENT)
        return "cycles";
    if (starts_with(name, "STALL_SLOT"))
        return "slots";
    if (strncasecmp(title, "Exception taken", 15) == 0)
        return "exceptions";
    if (has_word(title, "cycle") || has_word(title, "cycles") || ends_with(name, "_PERCYC") ||
        starts_with(name, "STALL_FRONTEND") || starts_with(name, "STALL_BACKEND") ||
        starts_with(name, "IMP_STALL_FRONTEND") || starts_with(name, "IMP_STALL_BACKEND"))
        return "cycles";
    if (strstr(title, "icro-operation")) /* Micro-operation, micro-operation */
        return NULL;
    return counts_instructions(title) ? "instructions" : NULL;
}


/* ---- the labels the events file shows ---------------------------------------- */

/* The labels ("title\nname") a category has used, keys in `scratch`. */
typedef struct label_set {
    name_index seen;
    hw_arena *scratch;
} label_set;

/* title and name, unless the category has the label already: then name
 * with e's name appended. NULL when out of memory. */
static const char *unique_name(label_set *s, hw_arena *a, const hw_event *e, const char *title,
                               const char *name)
{
    const char *key = arena_printf(s->scratch, "%s\n%s", title, name);
    int old = key ? name_index_put(&s->seen, key, 0) : -2;
    if (old == -1 || old == -2)
        return old == -1 ? name : NULL;
    name = arena_printf(a, "%s (%s)", name, e->name);
    key = name ? arena_printf(s->scratch, "%s\n%s", title, name) : NULL;
    return key && name_index_put(&s->seen, key, 0) != -2 ? name : NULL;
}

/* A CPU category's labels in use before any of ours: those of gatord's
 * events that stay, and those ours take over. */
static int seen_gatord(label_set *s, const st_category *c, const hw_target *t)
{
    for (int i = 0; i < c->ntaken; i++)
        if (name_index_put(&s->seen, c->taken[i], 0) == -2)
            return -1;
    for (int i = 0; i < t->nevents; i++) {
        const st_label *l = &c->labels[i];
        const char *key =
            l->gd_title ? arena_printf(s->scratch, "%s\n%s", l->gd_title, l->gd_name) : NULL;
        if (l->gd_title && (!key || name_index_put(&s->seen, key, 0) == -2))
            return -1;
    }
    return 0;
}

/* The title of each event of a CPU gatord lacks: the first functional
 * group that lists it, else the product name. */
static const char **group_titles(const hw_target *t, const char *product, hw_arena *a)
{
    const char **titles = arena_alloc(a, ((size_t)t->nevents + 1) * sizeof *titles);
    for (int i = 0; titles && i < t->ngroups; i++) {
        const hw_group *gr = &t->groups[i];
        if (gr->kind != GROUP_EVENTS)
            continue;
        for (int k = 0; k < gr->nmembers; k++) {
            int ei = ir_find_event(t, gr->members[k]);
            if (ei >= 0 && !titles[ei])
                titles[ei] = gr->title ? gr->title : gr->name;
        }
    }
    for (int i = 0; titles && i < t->nevents; i++)
        if (!titles[i])
            titles[i] = product;
    return titles;
}

/* Whether the CPU category carries event i: an event of the core's PMU
 * shown to users, not one of gatord's that its merge cannot replace, and
 * the first of its code (a category counts a code once; a perf tree may
 * give two names one code). `codes` marks the codes taken. */
static int cpu_carries(const st_category *c, const hw_target *t, int i, unsigned char *codes)
{
    const hw_event *e = &t->events[i];
    if (!st_event_wanted(e) || c->labels[i].gd_shadowed ||
        (codes[e->code / 8] & 1u << e->code % 8))
        return 0;
    codes[e->code / 8] |= (unsigned char)(1u << e->code % 8);
    return 1;
}

/* Event i carried by the CPU category: gatord's label, or one of ours
 * titled `title` and named by the event's title (a perf tree's, a
 * sentence: its EventName). */
static int cpu_file_label(st_label *l, const hw_target *t, const hw_event *e, const char *title,
                          label_set *s, hw_arena *a)
{
    l->in_file = 1;
    if (l->gd_title) {
        l->title = l->gd_title;
        l->name = l->gd_name;
        return 0;
    }
    const char *own = target_is_perf_tree(t) || !e->title ? e->name : e->title;
    l->title = title;
    l->name = unique_name(s, a, e, title, own);
    return l->name ? 0 : -1;
}

/* Which events the CPU category of the file carries and their labels, in
 * the file's order (the cycle counter first, then the rest in spec
 * order); the label of a gatord event the file leaves alone. */
static int cpu_labels(st_category *c, const hw_target *t, hw_arena *a, hw_arena *scratch)
{
    label_set s = {{0}, scratch};
    const char **titles = group_titles(t, c->name, scratch);
    unsigned char *codes = arena_alloc(scratch, 0x10000 / 8);
    int rc = titles && codes &&
                     name_index_init(&s.seen, 2 * (size_t)t->nevents + (size_t)c->ntaken) == 0
                 ? seen_gatord(&s, c, t)
                 : -1;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; rc == 0 && i < t->nevents; i++)
            if ((t->events[i].code == GATORD_CYCLE_EVENT) == (pass == 0) &&
                cpu_carries(c, t, i, codes))
                rc = cpu_file_label(&c->labels[i], t, &t->events[i], titles[i], &s, a);
    for (int i = 0; rc == 0 && i < t->nevents; i++) {
        st_label *l = &c->labels[i];
        if (!l->in_file && l->gd_title && !l->gd_shadowed)
            l->title = l->gd_title, l->name = l->gd_name;
    }
    name_index_free(&s.seen);
    return rc;
}

/* ---- a core gatord has ------------------------------------------------------- */

/* Which of gatord's events `g` a later one shadows (repeats its label),
 * into shadowed[]; the index of gatord's codes into `codes`. */
static int gatord_index(const hw_gatord *g, hw_arena *scratch, char *shadowed, name_index *codes)
{
    name_index labels;
    if (name_index_init(&labels, (size_t)g->nevents) != 0)
        return -1;
    for (int i = g->nevents - 1; i >= 0; i--) {
        const hw_gatord_event *r = &g->events[i];
        const char *label = arena_printf(scratch, "%s\n%s", r->title ? r->title : "",
                                         r->name ? r->name : "");
        const char *code = arena_printf(scratch, "%lx", r->code);
        shadowed[i] = label && name_index_put(&labels, label, i) >= 0;
        if (code)
            name_index_put(codes, code, i);
    }
    int failed = labels.failed;
    name_index_free(&labels);
    return failed ? -1 : 0;
}

/* Event e's label in a category of gatord's, whose event r (-1: none) has
 * e's code; marks gatord's event replaced. */
static void label_event(st_label *l, const hw_event *e, const hw_gatord *g, int r,
                        const char *shadowed, char *replaced)
{
    const hw_gatord_event *row = r >= 0 ? &g->events[r] : NULL;
    if (!row || !row->title || !row->name) {
        l->units = st_units_by_kind(e);
        return;
    }
    replaced[r] |= !shadowed[r] && st_event_wanted(e);
    l->gd_title = row->title;
    l->gd_name = row->name;
    l->gd_shadowed = shadowed[r];
    l->units = row->units;
}

/* gatord's label of each event of t, and the labels of gatord's events
 * that none of t's replaces (gatord's merge keeps one event per label, the
 * last, so -E can replace only that one). */
static int gatord_labels(st_category *c, const hw_target *t, const hw_gatord *g, hw_arena *a,
                         hw_arena *scratch)
{
    int n = g->nevents;
    char *shadowed = arena_alloc(scratch, (size_t)n + 1);
    char *replaced = arena_alloc(scratch, (size_t)n + 1);
    name_index codes;
    if (!shadowed || !replaced || name_index_init(&codes, (size_t)n) != 0)
        return -1;
    int rc = gatord_index(g, scratch, shadowed, &codes);
    c->labels = arena_alloc(a, ((size_t)t->nevents + 1) * sizeof *c->labels);
    for (int k = 0; rc == 0 && c->labels && k < t->nevents; k++) {
        const hw_event *e = &t->events[k];
        char key[24];
        snprintf(key, sizeof key, "%llx", (unsigned long long)e->code);
        int r = e->has_code ? name_index_get(&codes, key) : -1;
        label_event(&c->labels[k], e, g, r, shadowed, replaced);
    }
    c->taken = arena_alloc(a, ((size_t)n + 1) * sizeof *c->taken);
    for (int i = 0; rc == 0 && c->taken && i < n; i++) {
        const hw_gatord_event *r = &g->events[i];
        if (!replaced[i] && r->title && r->name)
            c->taken[c->ntaken++] = arena_printf(a, "%s\n%s", r->title, r->name);
    }
    if (!c->labels || !c->taken || codes.failed)
        rc = -1;
    name_index_free(&codes);
    return rc;
}

/* A core as gatord knows it: its category, counter set and cycle counter,
 * and its labels of t's events. */
static int known_category(st_category *c, const hw_target *t, const hw_gatord *g, hw_arena *a)
{
    c->category = g->category;
    c->counter_set = g->counter_set;
    c->cycle_counter = g->cycle_counter;
    c->gatord = arena_printf(a, "gatord %s", g->version ? g->version : "?");
    hw_arena *scratch = arena_create();
    int rc = scratch && c->gatord ? gatord_labels(c, t, g, a, scratch) : -1;
    if (rc == 0)
        rc = cpu_labels(c, t, a, scratch);
    arena_free(scratch);
    return rc;
}

/* A telemetry CPU gatord lacks: a category of its own (the product name)
 * on a counter set of its own, named as gatord names its Arm PMUs:
 * ARMv<8|9>_<product name>, "_cnt" for the set, "_ccnt" for the cycle
 * counter; units by kind. */
static int own_category(st_category *c, const hw_target *t, hw_arena *a)
{
    const char *pmu = name_gatord_pmu(a, t->architecture, t->part_name);
    c->category = t->part_name;
    c->counter_set = arena_printf(a, "%s_cnt", pmu);
    c->cycle_counter = arena_printf(a, "%s_ccnt", pmu);
    c->labels = arena_alloc(a, ((size_t)t->nevents + 1) * sizeof *c->labels);
    for (int i = 0; c->labels && i < t->nevents; i++)
        c->labels[i].units = st_units_by_kind(&t->events[i]);
    hw_arena *scratch = arena_create();
    int rc = scratch && c->labels && !arena_failed(a) ? cpu_labels(c, t, a, scratch) : -1;
    arena_free(scratch);
    return rc;
}

/* ---- a GPU's counters ----------------------------------------------------------- */

/* A counter the GPU's file carries: one with a gatord id that gatord
 * does not already show. */
static int gpu_carries(const hw_event *e)
{
    return e->counter_id && !(e->flags & EVENT_GATORD_BUILTIN);
}

/* Counter i in the GPU's category, listed block by block in block order,
 * then the counters in no block: its own Streamline title (else the
 * device's name) and name. */
static int gpu_label(st_category *c, const hw_target *t, int i, label_set *s, hw_arena *a)
{
    const hw_event *e = &t->events[i];
    st_label *l = &c->labels[i];
    l->in_file = 1;
    l->title = e->st_title ? e->st_title : t->name;
    l->name = unique_name(s, a, e, l->title, e->st_name ? e->st_name : e->name);
    return l->name ? 0 : -1;
}

/* A target whose counters have gatord ids: one category for the whole
 * device, named after the device and hwcgen, a name no built-in category
 * has (gatord keeps only the first new category of a file, and a shared
 * name would merge into another GPU's category). None when gatord shows
 * every counter itself. */
static int gpu_category(st_category *c, const hw_target *t, hw_arena *a)
{
    int any = 0;
    for (int i = 0; i < t->nevents; i++)
        any |= gpu_carries(&t->events[i]);
    if (!any)
        return 0;
    c->name = t->name;
    c->category = arena_printf(a, "%s (hwcgen)", t->name);
    c->labels = arena_alloc(a, ((size_t)t->nevents + 1) * sizeof *c->labels);
    label_set s = {{0}, arena_create()};
    int rc = c->category && c->labels && s.scratch &&
                     name_index_init(&s.seen, 2 * (size_t)t->nevents) == 0
                 ? 0
                 : -1;
    for (int b = 0; b <= t->nblocks; b++)
        for (int i = 0; rc == 0 && i < t->nevents; i++) {
            const hw_event *e = &t->events[i];
            int in = b == t->nblocks ? e->block < 0 || e->block >= t->nblocks : e->block == b;
            if (gpu_carries(e) && in)
                rc = gpu_label(c, t, i, &s, a);
        }
    name_index_free(&s.seen);
    arena_free(s.scratch);
    return rc;
}

/* A core of a perf tree's directory that gets no Streamline category:
 * why, at its mapfile row. */
static void note_no_category(const hw_target *t, const hw_core *k, hw_diag *d)
{
    const char *why = !k->name ? "hwcgen's table of cores (spec/cores.json) does not know it"
                      : !k->num_counters ? "the table of cores does not give its number of "
                                           "programmable counters"
                                         : "gatord does not have it built in";
    diag_note(d, &k->loc, "%s: no Streamline category for the core with implementer "
              "0x%02X, part number 0x%03X: %s", t->spec_name, (unsigned)k->implementer,
              (unsigned)k->part_num, why);
}

static int tree_categories(st_plan *p, const hw_target *t, hw_arena *a, hw_diag *d)
{
    p->cores = arena_alloc(a, ((size_t)t->ncores + 1) * sizeof *p->cores);
    if (!p->cores)
        return -1;
    p->ncores = t->ncores;
    for (int i = 0; i < t->ncores; i++) {
        const hw_core *k = &t->cores[i];
        st_category *c = &p->cores[i];
        c->name = k->name;
        c->num_counters = k->num_counters;
        if (k->gatord && k->num_counters > 0) {
            if (known_category(c, t, k->gatord, a) != 0)
                return -1;
        } else if (target_is_cpu_pmu(t)) {
            note_no_category(t, k, d);
        }
    }
    return 0;
}

int st_plan_make(st_plan *p, const hw_target *t, hw_arena *a, hw_diag *d)
{
    *p = (st_plan){{0}, NULL, 0, {0}};
    st_category *c = &p->cpu;
    c->name = t->part_name ? t->part_name : t->name;
    c->num_counters = t->num_counters;
    int rc = 0;
    if (target_is_perf_tree(t))
        rc = tree_categories(p, t, a, d);
    else if (t->kind && strcmp(t->kind, "cpu") == 0 && t->part_name) /* telemetry */
        rc = t->gatord ? known_category(c, t, t->gatord, a) : own_category(c, t, a);
    if (rc == 0 && !target_is_cpu_pmu(t) && t->kind && strcmp(t->kind, "model") != 0)
        rc = gpu_category(&p->gpu, t, a);
    if (rc != 0)
        diag_error(d, NULL, "out of memory planning the Streamline events of %s", t->spec_path);
    return rc;
}
