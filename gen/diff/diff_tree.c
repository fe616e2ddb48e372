/* diff_tree.c - two versions of one directory of a perf pmu-events tree,
 * compared by the keys their files keep (diff_sections.h).
 *
 * Events and metrics are perf's: known by their PMU and their name (the
 * k-th repeat of one with the k-th). For each pair every key of its
 * object is compared, keys jevents.py ignores included; a key the object
 * inherits through ArchStdEvent is compared by what the IR read from it.
 * Objects that are neither (counter.json's) pair by file and position.
 * Then the files themselves and the arch's mapfile lines.
 */
#include <ctype.h>
#include <string.h>

#include "diff/diff_tree.h"
#include "core/names.h"

/* The class of a change to a key. */
static diff_class key_class(const char *key)
{
    static const struct {
        const char *key;
        diff_class cls;
    } classes[] = {
        {"EventCode", DIFF_CLASS_RECODED},         {"ExtSel", DIFF_CLASS_RECODED},
        {"ScaleUnit", DIFF_CLASS_UNITS},           {"MetricExpr", DIFF_CLASS_DIFFERENT},
        {"BriefDescription", DIFF_CLASS_DESCRIBED}, {"PublicDescription", DIFF_CLASS_DESCRIBED},
    };
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        if (strcmp(classes[i].key, key) == 0)
            return classes[i].cls;
    return DIFF_CLASS_CHANGED;
}

/* The copy number of kv among its object's keys of that name (0-based). */
static int copy_of(const hw_pobj *o, int k)
{
    int n = 0;
    for (int i = 0; i < k; i++)
        n += strcmp(o->kvs[i].key, o->kvs[k].key) == 0;
    return n;
}

/* The `copy`-th key `key` of o, or NULL. */
static const hw_kv *kv_copy(const hw_pobj *o, const char *key, int copy)
{
    for (int i = 0; i < o->nkvs; i++)
        if (strcmp(o->kvs[i].key, key) == 0 && copy-- == 0)
            return &o->kvs[i];
    return NULL;
}

static int same_kv(const hw_kv *a, const hw_kv *b)
{
    return a && b && a->number == b->number && strcmp(a->value, b->value) == 0;
}

/* o does not say `key` itself (empty is not saying, to jevents.py). */
static int absent(const hw_pobj *o, const char *key)
{
    const hw_kv *kv = o ? pobj_kv(o, key) : NULL;
    return !kv || !*kv->value;
}

/* o leaves `key` to the standard event or metric its ArchStdEvent names. */
static int inherits(const hw_pobj *o, const char *key)
{
    return o && absent(o, key) && !absent(o, "ArchStdEvent");
}

/* The keys an object may take from its ArchStdEvent, compared by what the
 * IR read (diff_inherited); its name, and ArchStdEvent itself, name the
 * pair, which is paired by name already. */
static int resolved_key(const char *key)
{
    static const char *const keys[] = {"ArchStdEvent", "EventName", "MetricName",
                                       "EventCode", "ScaleUnit", "BriefDescription",
                                       "PublicDescription", "MetricExpr", "MetricThreshold",
                                       "MetricGroup", NULL};
    for (const char *const *k = keys; *k; k++)
        if (strcmp(*k, key) == 0)
            return 1;
    return 0;
}

/* Every key of a and b that one lacks or has another value for; `skip`
 * (may be NULL) is compared by the caller, and so is a key the other
 * object inherits. */
static void diff_keys(ctx *c, diff_section s, const char *name, const hw_pobj *a,
                      const hw_pobj *b, const char *skip)
{
    for (int k = 0; k < a->nkvs; k++) {
        const hw_kv *x = &a->kvs[k], *y = kv_copy(b, x->key, copy_of(a, k));
        if (!y && ((inherits(b, x->key) && resolved_key(x->key)) ||
                   strcmp(x->key, "ArchStdEvent") == 0))
            continue;
        if (!same_kv(x, y) && !(skip && y && strcmp(x->key, skip) == 0))
            dw_field(c, s, key_class(x->key), name, x->key, x->value, y ? y->value : NULL);
    }
    for (int k = 0; k < b->nkvs; k++)
        if (!kv_copy(a, b->kvs[k].key, copy_of(b, k)) &&
            !(inherits(a, b->kvs[k].key) && resolved_key(b->kvs[k].key)) &&
            strcmp(b->kvs[k].key, "ArchStdEvent") != 0)
            dw_field(c, s, key_class(b->kvs[k].key), name, b->kvs[k].key, NULL, b->kvs[k].value);
}

/* Whether `key` is compared by the IR's values: one object or both take
 * it from ArchStdEvent (the other, if not, says it), or neither says it. */
static int through_std(const hw_pobj *a, const hw_pobj *b, const char *key)
{
    if (!a && !b)
        return 0;
    if (absent(a, key) && absent(b, key))
        return 1;
    return (inherits(a, key) && (inherits(b, key) || !absent(b, key))) ||
           (inherits(b, key) && !absent(a, key));
}

/* `key` as each object reads it, x and y, when through_std(). */
static void diff_inherited(ctx *c, diff_section s, const char *name, const hw_pobj *a,
                           const hw_pobj *b, const char *key, const char *x, const char *y)
{
    if (through_std(a, b, key))
        dw_field(c, s, key_class(key), name, dw_fmt(c, "%s (ArchStdEvent)", key), x, y);
}

/* ---- pairing by PMU and name ---------------------------------------------- */

static const hw_pobj *pobj_of(const hw_target *t, int f, int o)
{
    return f >= 0 && f < t->npfiles && o >= 0 && o < t->pfiles[f].nobjs ? &t->pfiles[f].objs[o]
                                                                         : NULL;
}

/* "name", or "pmu/name" off the core PMU: what a change is about. */
static const char *item_name(ctx *c, const char *pmu, const char *name)
{
    if (!pmu || strcmp(pmu, "default_core") == 0)
        return name;
    return dw_fmt(c, "%s/%s", pmu, name);
}

/* Identity keys: "pmu\nname#k", lower-cased, k the repeat. */
typedef struct identities {
    const char **key;
    name_index index;
} identities;

static int identities_of(ctx *c, identities *ids, int n, const char *(*pmu)(const hw_target *, int),
                         const char *(*name)(const hw_target *, int), const hw_target *t)
{
    ids->key = arena_alloc(c->df->arena, ((size_t)n + 1) * sizeof *ids->key);
    if (!ids->key || name_index_init(&ids->index, (size_t)n) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        for (int k = 0;; k++) {
            char *key = arena_printf(c->df->arena, "%s\n%s#%d", pmu(t, i), name(t, i), k);
            for (char *p = key; p && *p; p++)
                *p = (char)tolower((unsigned char)*p);
            int had = key ? name_index_put(&ids->index, key, i) : -2;
            if (had == -2)
                return -1;
            if (had < 0) {
                ids->key[i] = key;
                break;
            }
        }
    }
    return 0;
}

static const char *event_pmu(const hw_target *t, int i) { return t->events[i].pmu; }
static const char *event_name(const hw_target *t, int i) { return t->events[i].name; }
static const char *metric_pmu(const hw_target *t, int i) { return t->metrics[i].pmu; }
static const char *metric_name(const hw_target *t, int i) { return t->metrics[i].name; }

typedef struct perf_kind {
    diff_section section;
    int (*count)(const hw_target *t);
    const char *(*pmu)(const hw_target *, int);
    const char *(*name)(const hw_target *, int);
    const char *(*text)(ctx *c, const hw_target *t, int i); /* one line; NULL: none */
    void (*compare)(ctx *c, const char *name, int i, int j);
} perf_kind;

/* Pair the items of a kind by identity; compare pairs, list the others. */
static void diff_kind(ctx *c, const perf_kind *k)
{
    identities a = {0}, b = {0};
    int na = k->count(c->o), nb = k->count(c->n);
    if (identities_of(c, &a, na, k->pmu, k->name, c->o) ||
        identities_of(c, &b, nb, k->pmu, k->name, c->n)) {
        c->failed = 1;
        name_index_free(&a.index);
        name_index_free(&b.index);
        return;
    }
    for (int i = 0; i < na; i++) {
        int j = name_index_get(&b.index, a.key[i]);
        const char *name = item_name(c, k->pmu(c->o, i), k->name(c->o, i));
        if (j >= 0)
            k->compare(c, name, i, j);
        else
            dw_one_side(c, k->section, DIFF_CLASS_REMOVED, name, NULL, 1, k->text(c, c->o, i));
    }
    for (int j = 0; j < nb; j++)
        if (name_index_get(&a.index, b.key[j]) < 0)
            dw_one_side(c, k->section, DIFF_CLASS_ADDED,
                        item_name(c, k->pmu(c->n, j), k->name(c->n, j)), NULL, 0,
                        k->text(c, c->n, j));
    name_index_free(&a.index);
    name_index_free(&b.index);
}

/* ---- events and metrics ------------------------------------------------------ */

static int event_count(const hw_target *t) { return t->nevents; }
static int metric_count(const hw_target *t) { return t->nmetrics; }

static const char *event_text(ctx *c, const hw_target *t, int i)
{
    const hw_event *e = &t->events[i];
    return e->has_code ? dw_fmt(c, "code %s", dw_text_hex(c, e->code)) : "no code";
}

static const char *metric_text(ctx *c, const hw_target *t, int i)
{
    (void)c;
    return t->metrics[i].formula;
}

static const char *file_of(const hw_target *t, int f)
{
    return f >= 0 && f < t->npfiles ? t->pfiles[f].name : NULL;
}

static void compare_event(ctx *c, const char *name, int i, int j)
{
    const hw_event *a = &c->o->events[i], *b = &c->n->events[j];
    const hw_pobj *x = pobj_of(c->o, a->pfile, a->pobj), *y = pobj_of(c->n, b->pfile, b->pobj);
    static const diff_section S = DIFF_EVENT;
    dw_field(c, S, DIFF_CLASS_CHANGED, name, "file", file_of(c->o, a->pfile),
             file_of(c->n, b->pfile));
    if (x && y)
        diff_keys(c, S, name, x, y, NULL);
    diff_inherited(c, S, name, x, y, "EventCode", a->has_code ? dw_text_hex(c, a->code) : NULL,
                   b->has_code ? dw_text_hex(c, b->code) : NULL);
    diff_inherited(c, S, name, x, y, "ScaleUnit", a->units, b->units);
    diff_inherited(c, S, name, x, y, "BriefDescription", a->title, b->title);
    diff_inherited(c, S, name, x, y, "PublicDescription", a->description, b->description);
}

/* Metric i's MetricExpr against metric j's, x and y as each reads it
 * (written, or through ArchStdEvent): by value, as diff.c compares
 * formulas, so a rewrite perf reads the same is `equivalent` and one by a
 * constant factor `scaled`. */
static void diff_metric_expr(ctx *c, const char *name, int i, int j, const char *field,
                             const char *x, const char *y)
{
    if (dw_same(x, y))
        return;
    const hw_metric *a = &c->o->metrics[i], *b = &c->n->metrics[j];
    static const diff_renames same_names = {NULL, 0, 0}; /* a tree's events keep theirs */
    formula_cmp cmp = {FORMULA_DIFFERENT, 0, 0, {0}};
    if (a->expr && b->expr &&
        formula_compare(c->df->arena, c->o, i, c->n, j, &same_names, &cmp) != 0) {
        c->failed = 1;
        return;
    }
    static const diff_class verdicts[] = {DIFF_CLASS_EQUIVALENT, DIFF_CLASS_SCALED,
                                          DIFF_CLASS_DIFFERENT};
    diff_change *ch = dw_field(c, DIFF_METRIC, verdicts[cmp.verdict], name, field, x, y);
    if (ch) {
        ch->factor = cmp.factor;
        ch->witness = cmp.witness;
    }
}

/* Its groups as MetricGroup writes them, or NULL. */
static const char *metric_groups(ctx *c, const hw_metric *m)
{
    if (!m->ngroups)
        return NULL;
    hw_buf b;
    buf_init(&b);
    for (int g = 0; g < m->ngroups; g++)
        buf_printf(&b, "%s%s", g ? ";" : "", m->groups[g]);
    return arena_take(c->df->arena, &b);
}

static void compare_metric(ctx *c, const char *name, int i, int j)
{
    const hw_metric *a = &c->o->metrics[i], *b = &c->n->metrics[j];
    const hw_pobj *x = pobj_of(c->o, a->pfile, a->pobj), *y = pobj_of(c->n, b->pfile, b->pobj);
    static const diff_section S = DIFF_METRIC;
    dw_field(c, S, DIFF_CLASS_CHANGED, name, "file", file_of(c->o, a->pfile),
             file_of(c->n, b->pfile));
    if (x && y) {
        diff_keys(c, S, name, x, y, "MetricExpr");
        const hw_kv *ex = pobj_kv(x, "MetricExpr"), *ey = pobj_kv(y, "MetricExpr");
        if (ex && ey && !same_kv(ex, ey))
            diff_metric_expr(c, name, i, j, "MetricExpr", ex->value, ey->value);
    }
    if (through_std(x, y, "MetricExpr"))
        diff_metric_expr(c, name, i, j, "MetricExpr (ArchStdEvent)", a->formula, b->formula);
    diff_inherited(c, S, name, x, y, "MetricThreshold", a->threshold, b->threshold);
    diff_inherited(c, S, name, x, y, "MetricGroup", metric_groups(c, a), metric_groups(c, b));
    diff_inherited(c, S, name, x, y, "ScaleUnit", a->units, b->units);
    diff_inherited(c, S, name, x, y, "BriefDescription", a->title, b->title);
    diff_inherited(c, S, name, x, y, "PublicDescription", a->description, b->description);
}

static const perf_kind events_kind = {DIFF_EVENT, event_count, event_pmu, event_name,
                                      event_text, compare_event};
static const perf_kind metrics_kind = {DIFF_METRIC, metric_count, metric_pmu, metric_name,
                                       metric_text, compare_metric};

/* ---- the files ----------------------------------------------------------------- */

/* Objects that are neither event nor metric (counter.json's), the k-th of
 * a file with the k-th of the file of that name; the file's objects of
 * metricgroups.json are the groups' descriptions, compared with them. */
static const hw_pobj *other_object(const hw_pfile *f, int k)
{
    for (int i = 0; !f->is_object && i < f->nobjs; i++)
        if (f->objs[i].event < 0 && f->objs[i].metric < 0 && k-- == 0)
            return &f->objs[i];
    return NULL;
}

static int find_file(const hw_target *t, const char *name)
{
    for (int f = 0; f < t->npfiles; f++)
        if (strcmp(t->pfiles[f].name, name) == 0)
            return f;
    return -1;
}

static void diff_others(ctx *c, const hw_pfile *a, const hw_pfile *b)
{
    for (int k = 0;; k++) {
        const hw_pobj *x = other_object(a, k), *y = other_object(b, k);
        if (!x && !y)
            return;
        const char *name = dw_fmt(c, "%s[%d]", a->name, k);
        if (x && y)
            diff_keys(c, DIFF_FILE, name, x, y, NULL);
        else
            dw_one_side(c, DIFF_FILE, x ? DIFF_CLASS_REMOVED : DIFF_CLASS_ADDED, name, NULL,
                        x != NULL, "an object that is neither event nor metric");
    }
}

static void diff_files_kept(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    for (int f = 0; f < o->npfiles; f++) {
        int g = find_file(n, o->pfiles[f].name);
        if (g < 0)
            dw_one_side(c, DIFF_FILE, DIFF_CLASS_REMOVED, o->pfiles[f].name, NULL, 1,
                        dw_fmt(c, "%d objects", o->pfiles[f].nobjs));
        else
            diff_others(c, &o->pfiles[f], &n->pfiles[g]);
    }
    for (int g = 0; g < n->npfiles; g++)
        if (find_file(o, n->pfiles[g].name) < 0)
            dw_one_side(c, DIFF_FILE, DIFF_CLASS_ADDED, n->pfiles[g].name, NULL, 0,
                        dw_fmt(c, "%d objects", n->pfiles[g].nobjs));
}

static int same_lines(const hw_target *o, const hw_target *n)
{
    if (o->nmapfile_lines != n->nmapfile_lines)
        return 0;
    for (int i = 0; i < o->nmapfile_lines; i++)
        if (strcmp(o->mapfile_lines[i], n->mapfile_lines[i]) != 0)
            return 0;
    return 1;
}

/* Lines removed and added; lines only moved or repeated, as that. */
static void diff_mapfile(ctx *c)
{
    const hw_target *o = c->o, *n = c->n;
    if (!same_lines(o, n)) {
        diff_renames none = {0};
        int before = c->df->nchanges;
        dw_list_change(c, DIFF_FILE, DIFF_CLASS_CHANGED, "mapfile.csv", "lines",
                       o->mapfile_lines, o->nmapfile_lines, n->mapfile_lines,
                       n->nmapfile_lines, &none);
        if (c->df->nchanges == before)
            dw_field(c, DIFF_FILE, DIFF_CLASS_CHANGED, "mapfile.csv", "lines",
                     dw_fmt(c, "%d lines", o->nmapfile_lines),
                     dw_fmt(c, "%d lines, in another order or repeated", n->nmapfile_lines));
    }
    dw_field(c, DIFF_FILE, DIFF_CLASS_CHANGED, "mapfile.csv", "final newline",
             dw_yes_no(!o->mapfile_unterminated), dw_yes_no(!n->mapfile_unterminated));
}

void diff_tree(ctx *c)
{
    diff_kind(c, &events_kind);
    diff_kind(c, &metrics_kind);
    diff_files_kept(c);
    diff_mapfile(c);
}
