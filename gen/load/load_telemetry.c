/* load_telemetry.c - Arm Telemetry Solution JSON (v1.0) into the IR.
 *
 * Nothing here is specific to one core: any file of the format loads.
 * Diagnostics carry the JSON path and, from json_lines, the line.
 */
#include "load/load.h"
#include "load/load_common.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "load/load_cores.h"
#include "core/json.h"
#include "core/json_lines.h"
#include "load/load_json_doc.h"
#include "core/names.h"
#include "core/spdx.h"

typedef struct loader {
    hw_target *t;
    hw_diag *d;
    json_lines lines;
    /* member_path: the copy number of each member of the object `kobj`,
     * and where the last member asked about was, so that asking for each
     * member in turn costs O(1), not a scan of the members before it. */
    const cJSON *kobj;
    int *kcopy;
    const cJSON *kitem;
    int kat;
} loader;

/* Where `path` is: its line, and the path as users know it (without the
 * "#k" that tells the k-th copy of a repeated key apart). */
static hw_loc at(loader *l, const char *path)
{
    hw_loc loc = loc_at(l->t->spec_path, json_lines_get(&l->lines, path), 0);
    if (!*path)
        return loc;
    /* Without repeated keys no path has copy numbers: a '#' is the key's. */
    if (l->lines.nrepeats == 0 || !strchr(path, '#')) {
        loc.path = path;
        return loc;
    }
    char *shown = arena_strdup(l->t->arena, path);
    if (shown) {
        char *w = shown;
        for (const char *r = path; *r; r++) {
            if (*r == '#')
                while (r[1] >= '0' && r[1] <= '9')
                    r++;
            else
                *w++ = *r;
        }
        *w = '\0';
    }
    loc.path = shown ? shown : path;
    return loc;
}

static const char *join(loader *l, const char *base, const char *key)
{
    return *base ? arena_printf(l->t->arena, "%s.%s", base, key)
                 : arena_strdup(l->t->arena, key);
}

/* The path of a member of an object; the k-th copy of a repeated key gets
 * "#k", as json_lines records it. Only documents with repeats pay for the
 * count. */
static int copy_numbers(loader *l, const cJSON *obj)
{
    if (obj == l->kobj)
        return 0;
    free(l->kcopy);
    l->kobj = l->kitem = NULL;
    int n = cJSON_GetArraySize(obj);
    name_index first; /* key -> position of its first member */
    int *count = calloc((size_t)n + 1, sizeof *count); /* copies so far */
    l->kcopy = malloc(((size_t)n + 1) * sizeof *l->kcopy);
    if (!count || !l->kcopy || name_index_init(&first, (size_t)n) != 0) {
        free(count);
        free(l->kcopy);
        l->kcopy = NULL;
        return -1;
    }
    int i = 0;
    for (const cJSON *p = obj->child; p; p = p->next, i++) {
        int f = p->string ? name_index_put(&first, p->string, i) : -2;
        l->kcopy[i] = f >= 0 ? ++count[f] : (count[i] = 1);
    }
    name_index_free(&first);
    free(count);
    l->kobj = obj;
    return 0;
}

static const char *member_path(loader *l, const char *base, const cJSON *obj,
                               const cJSON *item)
{
    int k = 1;
    if (l->lines.nrepeats > 0 && copy_numbers(l, obj) == 0) {
        int at = 0;
        if (l->kitem && item == l->kitem->next)
            at = l->kat + 1;
        else
            for (const cJSON *p = obj->child; p && p != item; p = p->next)
                at++;
        l->kitem = item;
        l->kat = at;
        k = l->kcopy[at];
    }
    const char *path = join(l, base, item->string);
    return k == 1 ? path : arena_printf(l->t->arena, "%s#%d", path, k);
}

static const char *type_name(const cJSON *v)
{
    if (cJSON_IsString(v))
        return "a string";
    if (cJSON_IsNumber(v))
        return "a number";
    if (cJSON_IsBool(v))
        return "a boolean";
    if (cJSON_IsNull(v))
        return "null";
    if (cJSON_IsArray(v))
        return "an array";
    return "an object";
}

typedef enum { T_STRING, T_NUMBER, T_BOOL, T_ARRAY, T_OBJECT } want;

static int is_type(const cJSON *v, want w)
{
    switch (w) {
    case T_STRING:
        return cJSON_IsString(v);
    case T_NUMBER:
        return cJSON_IsNumber(v);
    case T_BOOL:
        return cJSON_IsBool(v);
    case T_ARRAY:
        return cJSON_IsArray(v);
    default:
        return cJSON_IsObject(v);
    }
}

/* A required key is missing from obj. A key beside it that is one or two
 * typing slips away is most likely it misspelled: blame the closest such
 * key, by its line, and say what it should be. */
static void missing_key(loader *l, const cJSON *obj, const char *path,
                        const char *key)
{
    name_hint h = name_hint_for(key);
    const cJSON *item;
    cJSON_ArrayForEach(item, obj)
        if (item->string)
            name_hint_offer(&h, item->string);
    if (h.best) {
        hw_loc loc = at(l, join(l, path, h.best));
        diag_error(l->d, &loc, "missing required key '%s' (found '%s': did you "
                   "mean '%s'?)", key, h.best, key);
        return;
    }
    hw_loc loc = at(l, path);
    diag_error(l->d, &loc, "missing required key '%s'", key);
}

/* obj[key] of the wanted type; NULL (and an error when required or of the
 * wrong type) otherwise. */
static const cJSON *get(loader *l, const cJSON *obj, const char *path,
                        const char *key, want w, int required)
{
    static const char *const wanted[] = {"a string", "a number", "a boolean",
                                         "an array", "an object"};
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) {
        if (required)
            missing_key(l, obj, path, key);
        return NULL;
    }
    if (!is_type(v, w)) {
        hw_loc loc = at(l, join(l, path, key));
        diag_error(l->d, &loc, "expected %s, found %s", wanted[w], type_name(v));
        return NULL;
    }
    return v;
}

static const char *get_string(loader *l, const cJSON *obj, const char *path,
                              const char *key, int required)
{
    const cJSON *v = get(l, obj, path, key, T_STRING, required);
    return v ? arena_strdup(l->t->arena, v->valuestring) : NULL;
}

/* A list of strings; *n = -1 when the key is absent. */
static const char **get_strings(loader *l, const cJSON *obj, const char *path,
                                const char *key, int required, int *n,
                                hw_loc **locs)
{
    *n = 0;
    const cJSON *arr = get(l, obj, path, key, T_ARRAY, required);
    if (!arr)
        return NULL;
    int count = cJSON_GetArraySize(arr);
    const char **out = arena_alloc(l->t->arena, (size_t)(count + 1) * sizeof *out);
    hw_loc *where = locs ? arena_alloc(l->t->arena, (size_t)(count + 1) * sizeof *where) : NULL;
    if (!out || (locs && !where))
        return NULL;
    const char *apath = join(l, path, key);
    int i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        /* an element's path only when it is told: most lists are long
         * and right */
        if (!cJSON_IsString(item)) {
            hw_loc loc = at(l, arena_printf(l->t->arena, "%s[%d]", apath, i));
            diag_error(l->d, &loc, "expected a string, found %s", type_name(item));
            continue;
        }
        if (where)
            where[i] = at(l, arena_printf(l->t->arena, "%s[%d]", apath, i));
        out[i++] = arena_strdup(l->t->arena, item->valuestring);
    }
    *n = i;
    if (locs)
        *locs = where;
    return out;
}

/* A key of a `known` list; "!name" is a required one, whose absence get()
 * reports, naming a key a slip away from it. */
static const char *key_name(const char *k) { return k + (*k == '!'); }

/* Unknown keys are allowed (the format grows); said only when asked, but
 * one a slip away from an optional key the object lacks ("sample_event")
 * would lose what the author meant: a warning naming the key. */
static void note_unknown(loader *l, const cJSON *obj, const char *path,
                         const char *const *known)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, obj)
    {
        int ok = 0;
        for (const char *const *k = known; *k && !ok; k++)
            ok = strcmp(key_name(*k), item->string) == 0;
        if (ok)
            continue;
        name_hint h = name_hint_for(item->string);
        for (const char *const *k = known; *k; k++)
            if (!cJSON_GetObjectItemCaseSensitive(obj, key_name(*k)))
                name_hint_offer(&h, *k); /* "!x" is never close: said by get() */
        hw_loc loc = at(l, join(l, path, item->string));
        if (h.best && *h.best != '!')
            diag_warning(l->d, &loc, "ignoring unknown key '%s' (did you mean '%s'?)",
                         item->string, h.best);
        else if (l->d->verbose)
            diag_note(l->d, &loc, "ignoring unknown key '%s'", item->string);
    }
}

static int parse_hex(const char *s, uint32_t max, uint32_t *out)
{
    if (!s || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !isxdigit((unsigned char)s[2]))
        return -1;
    if (strspn(s + 2, "0123456789abcdefABCDEF") != strlen(s + 2))
        return -1; /* strtoul would take "0x0x11" */
    errno = 0;
    char *end;
    unsigned long v = strtoul(s + 2, &end, 16);
    if (*end || errno || v > max)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* A required hex string; *has (when given) says it was read. */
static void get_hex(loader *l, const cJSON *obj, const char *path,
                    const char *key, uint32_t max, uint32_t *out, int *has)
{
    const char *s = get_string(l, obj, path, key, 1);
    if (!s)
        return;
    if (parse_hex(s, max, out) != 0) {
        hw_loc loc = at(l, join(l, path, key));
        diag_error(l->d, &loc, "'%s' is not a hex number of at most 0x%X",
                   s, (unsigned)max);
        return;
    }
    if (has)
        *has = 1;
}

/* ---- sections of the document -------------------------------------------- */

/* The format leaves product_configuration's values untyped, and Arm writes
 * numbers both ways ("major_revision": "1", "num_slots": 8): a whole
 * number is read from a JSON number or from a string of decimal digits
 * (a hex string where `hex` is set, as part numbers are written). *has
 * (when given) says the key was there and read. */
static int config_number(loader *l, const cJSON *pc, const char *key, int hex,
                         uint32_t max, int required, uint32_t *out, int *has)
{
    const char *path = "product_configuration";
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(pc, key);
    if (!v) {
        if (required)
            missing_key(l, pc, path, key);
        return -1;
    }
    hw_loc loc = at(l, join(l, path, key));
    if (cJSON_IsNumber(v)) {
        if (!(v->valuedouble >= 0 && v->valuedouble <= max) ||
            v->valuedouble != (double)(uint32_t)v->valuedouble) {
            diag_error(l->d, &loc, "expected a whole number of at most %u, found %g",
                       (unsigned)max, v->valuedouble);
            return -1;
        }
        *out = (uint32_t)v->valuedouble;
    } else if (cJSON_IsString(v)) {
        const char *s = v->valuestring;
        int ok = hex ? parse_hex(s, max, out) == 0 : 0;
        if (!hex && *s && strlen(s) <= 10 && strspn(s, "0123456789") == strlen(s)) {
            unsigned long n = strtoul(s, NULL, 10);
            ok = n <= max;
            *out = (uint32_t)n;
        }
        if (!ok) {
            diag_error(l->d, &loc, hex ? "'%s' is not a hex number of at most 0x%X"
                                       : "'%s' is not a whole number of at most %u",
                       s, (unsigned)max);
            return -1;
        }
    } else {
        diag_error(l->d, &loc, "expected %s, as a number or a string, found %s",
                   hex ? "a hex number" : "a whole number", type_name(v));
        return -1;
    }
    if (has)
        *has = 1;
    return 0;
}

static int config_int(loader *l, const cJSON *pc, const char *key, int *out, int *has)
{
    uint32_t v = 0;
    if (config_number(l, pc, key, 0, INT_MAX, 0, &v, has) != 0)
        return -1;
    *out = (int)v;
    return 0;
}

/* A text value: a string, or a number as JSON spells it (untyped too). */
static const char *config_text(loader *l, const cJSON *pc, const char *key, int required)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(pc, key);
    if (v && cJSON_IsNumber(v)) {
        char num[40];
        snprintf(num, sizeof num, "%.17g", v->valuedouble);
        return arena_strdup(l->t->arena, num);
    }
    return get_string(l, pc, "product_configuration", key, required);
}

static void load_product(loader *l, const cJSON *root)
{
    static const char *const known[] = {
        "!product_name", "!part_num", "!implementer", "major_revision",
        "minor_revision", "architecture", "pmu_architecture", "num_slots",
        "num_bus_slots", "num_counters", NULL};
    hw_target *t = l->t;
    const char *path = "product_configuration";
    const cJSON *pc = get(l, root, "", path, T_OBJECT, 1);
    if (!pc)
        return;
    note_unknown(l, pc, path, known);
    t->name = config_text(l, pc, "product_name", 1);
    t->part_name = t->name;
    t->loc = at(l, "product_configuration.product_name");
    config_number(l, pc, "part_num", 1, 0xFFF, 1, &t->part_num, NULL);
    config_number(l, pc, "implementer", 1, 0xFF, 1, &t->implementer, NULL);
    /* A MIDR holds the variant (major) and revision (minor) in 4 bits each. */
    uint32_t major = 0, minor = 0;
    int has_major = 0, has_minor = 0;
    config_number(l, pc, "major_revision", 0, 15, 0, &major, &has_major);
    config_number(l, pc, "minor_revision", 0, 15, 0, &minor, &has_minor);
    t->major_revision = (int)major;
    t->minor_revision = (int)minor;
    t->has_revision = has_major || has_minor;
    if (t->has_revision)
        t->revision = arena_printf(t->arena, "r%dp%d", t->major_revision, t->minor_revision);
    t->architecture = config_text(l, pc, "architecture", 0);
    t->pmu_architecture = config_text(l, pc, "pmu_architecture", 0);
    config_int(l, pc, "num_slots", &t->num_slots, NULL);
    config_int(l, pc, "num_bus_slots", &t->num_bus_slots, NULL);
    config_int(l, pc, "num_counters", &t->num_counters, NULL);
    t->vendor = t->implementer == 0x41 ? "arm" : arena_printf(t->arena, "implementer-0x%02x", (unsigned)t->implementer);
    t->kind = "cpu";
}

/* What every keyed member (an event, a metric, a methodology) starts
 * with: its location and name. 0 when it is an object whose keys can be
 * read; otherwise reported. */
static int member_begin(loader *l, const cJSON *v, const char *path, hw_loc *loc,
                        const char **name)
{
    *loc = at(l, path);
    *name = arena_strdup(l->t->arena, v->string);
    if (cJSON_IsObject(v))
        return 0;
    diag_error(l->d, loc, "expected an object, found %s", type_name(v));
    return -1;
}

static void load_event(loader *l, const cJSON *ev, const char *path)
{
    static const char *const known[] = {
        "!code", "!title", "!description", "accesses", "architecture_defined",
        "product_defined", "product_defined_attributes", "properties",
        "system", "common", "architectural", "impdef", NULL};
    hw_event *e = IR_PUSH(l->t, events);
    if (!e)
        return;
    e->block = e->index = -1;
    if (member_begin(l, ev, path, &e->loc, &e->name) != 0)
        return;
    note_unknown(l, ev, path, known);
    /* An event without a code cannot be counted: no output could carry it. */
    uint32_t code = 0;
    get_hex(l, ev, path, "code", 0xFFFFFFFF, &code, &e->has_code);
    e->code = code;
    e->title = get_string(l, ev, path, "title", 1);
    e->description = get_string(l, ev, path, "description", 1);
    const cJSON *arch = get(l, ev, path, "architecture_defined", T_BOOL, 0);
    const cJSON *product = get(l, ev, path, "product_defined", T_BOOL, 0);
    if (cJSON_IsTrue(arch))
        e->flags |= EVENT_ARCH_DEFINED;
    if (cJSON_IsTrue(product))
        e->flags |= EVENT_PRODUCT_DEFINED;
    /* The older shape says "common" (an event of the architecture's common
     * event numbering) where the newer says architecture_defined; Arm's
     * files of both shapes agree event by event. */
    const cJSON *common = get(l, ev, path, "common", T_BOOL, 0);
    if (common && !arch && !product)
        e->flags |= cJSON_IsTrue(common) ? EVENT_ARCH_DEFINED : EVENT_PRODUCT_DEFINED;
    if (cJSON_IsTrue(get(l, ev, path, "architectural", T_BOOL, 0)))
        e->flags |= EVENT_ARCHITECTURAL;
    if (cJSON_IsTrue(get(l, ev, path, "impdef", T_BOOL, 0)))
        e->flags |= EVENT_IMPDEF;
    /* The Arm architecture reserves 0x1E for CHAIN, which joins an odd
     * counter to the even one below it to count 64 bits. A driver programs
     * it; it counts nothing by itself, so no profiler offers it. */
    if (e->has_code && e->code == ARM_CHAIN_EVENT)
        e->flags |= EVENT_HIDDEN;
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(ev, "properties");
    if (cJSON_IsObject(props)) {
        const char *ppath = join(l, path, "properties");
        e->note = get_string(l, props, ppath, "provenance", 0);
        if (cJSON_GetObjectItemCaseSensitive(props, "reconstruction"))
            e->flags |= EVENT_RECONSTRUCTED;
    }
}

static void load_events(loader *l, const cJSON *root)
{
    const cJSON *events = get(l, root, "", "events", T_OBJECT, 1);
    const cJSON *ev;
    cJSON_ArrayForEach(ev, events)
        load_event(l, ev, member_path(l, "events", events, ev));
}

static void load_metric(loader *l, const cJSON *mj, const char *path)
{
    static const char *const known[] = {"!title", "!formula", "!description",
                                        "!units", "events", "sample_events",
                                        NULL};
    hw_metric *m = IR_PUSH(l->t, metrics);
    if (!m)
        return;
    if (member_begin(l, mj, path, &m->loc, &m->name) != 0)
        return;
    note_unknown(l, mj, path, known);
    m->title = get_string(l, mj, path, "title", 1);
    m->description = get_string(l, mj, path, "description", 1);
    m->units = get_string(l, mj, path, "units", 1);
    m->events = get_strings(l, mj, path, "events", 0, &m->nevents, NULL);
    m->sample_events = get_strings(l, mj, path, "sample_events", 0,
                                   &m->nsample_events, NULL);
    const char *formula = get_string(l, mj, path, "formula", 1);
    if (formula) {
        const char *fpath = join(l, path, "formula");
        load_formula(l->t, m, "metric", formula, at(l, fpath), l->d);
    }
}

static void load_metrics(loader *l, const cJSON *root)
{
    const cJSON *metrics = get(l, root, "", "metrics", T_OBJECT, 1);
    const cJSON *mj;
    cJSON_ArrayForEach(mj, metrics)
        load_metric(l, mj, member_path(l, "metrics", metrics, mj));
}

static void load_group(loader *l, const cJSON *gj, const char *path,
                       hw_group_kind kind)
{
    static const char *const known[] = {"title", "description", "metrics",
                                        "events", NULL};
    hw_group *g = IR_PUSH(l->t, groups);
    if (!g)
        return;
    g->loc = at(l, path);
    g->kind = kind;
    g->section = -1;
    g->name = arena_strdup(l->t->arena, gj->string);
    if (!cJSON_IsObject(gj)) {
        diag_error(l->d, &g->loc, "expected an object, found %s", type_name(gj));
        return;
    }
    note_unknown(l, gj, path, known);
    g->title = get_string(l, gj, path, "title", 0);
    g->description = get_string(l, gj, path, "description", 0);
    g->members = get_strings(l, gj, path, kind == GROUP_EVENTS ? "events" : "metrics",
                             1, &g->nmembers, &g->member_locs);
}

/* The format lists metrics per group; the IR also keeps groups per metric. */
static void link_metric_groups(loader *l)
{
    hw_target *t = l->t;
    ir_index(t); /* metrics and groups are complete: hash ir_find_metric */
    for (int i = 0; i < t->ngroups; i++) {
        const hw_group *g = &t->groups[i];
        if (g->kind != GROUP_METRICS)
            continue;
        for (int k = 0; k < g->nmembers; k++) {
            int m = ir_find_metric(t, g->members[k]);
            if (m < 0)
                continue; /* the checker reports it */
            hw_metric *mm = &t->metrics[m];
            const char **groups = arena_alloc(t->arena, (size_t)(mm->ngroups + 1) * sizeof *groups);
            if (!groups)
                return;
            if (mm->ngroups)
                memcpy(groups, mm->groups, (size_t)mm->ngroups * sizeof *groups);
            groups[mm->ngroups++] = g->name;
            mm->groups = groups;
        }
    }
}

static void load_groups(loader *l, const cJSON *root)
{
    const cJSON *groups = get(l, root, "", "groups", T_OBJECT, 1);
    if (!groups)
        return;
    static const char *const known[] = {"function", "metrics", NULL};
    note_unknown(l, groups, "groups", known);
    const cJSON *fn = get(l, groups, "groups", "function", T_OBJECT, 0);
    const cJSON *g;
    cJSON_ArrayForEach(g, fn)
        load_group(l, g, member_path(l, "groups.function", fn, g), GROUP_EVENTS);
    const cJSON *mg = get(l, groups, "groups", "metrics", T_OBJECT, 0);
    cJSON_ArrayForEach(g, mg)
        load_group(l, g, member_path(l, "groups.metrics", mg, g), GROUP_METRICS);
    link_metric_groups(l);
}

static void load_tree_node(loader *l, hw_methodology *m, const cJSON *nj,
                           const char *path)
{
    hw_tree_node *n = ARENA_PUSH(l->t->arena, m->nodes, m->nnodes, m->cap_nodes);
    if (!n)
        return;
    n->loc = at(l, path);
    if (!cJSON_IsObject(nj)) {
        diag_error(l->d, &n->loc, "expected an object, found %s", type_name(nj));
        n->name = "";
        return;
    }
    static const char *const known[] = {"!name", "group", "next_items", "sample_events",
                                        NULL};
    note_unknown(l, nj, path, known);
    n->name = get_string(l, nj, path, "name", 1);
    if (!n->name)
        n->name = "";
    n->group = get_string(l, nj, path, "group", 0);
    n->next = get_strings(l, nj, path, "next_items", 0, &n->nnext, NULL);
    n->sample_events = get_strings(l, nj, path, "sample_events", 0,
                                   &n->nsample_events, NULL);
}

static void load_stages(loader *l, hw_methodology *m, const cJSON *grouping,
                        const char *path)
{
    int count = cJSON_GetArraySize(grouping);
    m->stages = arena_alloc(l->t->arena, (size_t)(count + 1) * sizeof *m->stages);
    if (!m->stages)
        return;
    const cJSON *s;
    cJSON_ArrayForEach(s, grouping)
    {
        hw_stage *st = &m->stages[m->nstages++];
        st->name = arena_strdup(l->t->arena, s->string);
        st->groups = get_strings(l, grouping, path, s->string, 1, &st->ngroups, NULL);
    }
}

static void load_methodology(loader *l, const cJSON *mj, const char *path)
{
    hw_methodology *m = IR_PUSH(l->t, methodologies);
    if (!m)
        return;
    if (member_begin(l, mj, path, &m->loc, &m->name) != 0)
        return;
    m->title = get_string(l, mj, path, "title", 0);
    m->description = get_string(l, mj, path, "description", 0);
    const char *gpath = join(l, path, "metric_grouping");
    const cJSON *grouping = get(l, mj, path, "metric_grouping", T_OBJECT, 1);
    if (grouping)
        load_stages(l, m, grouping, gpath);
    const char *tpath = join(l, path, "decision_tree");
    const cJSON *tree = get(l, mj, path, "decision_tree", T_OBJECT, 1);
    if (!tree)
        return;
    m->roots = get_strings(l, tree, tpath, "root_nodes", 1, &m->nroots, NULL);
    const cJSON *nodes = get(l, tree, tpath, "metrics", T_ARRAY, 1);
    int i = 0;
    const cJSON *nj;
    cJSON_ArrayForEach(nj, nodes)
        load_tree_node(l, m, nj, arena_printf(l->t->arena, "%s.metrics[%d]", tpath, i++));
}

/* The older shape has one methodology, at the top level:
 * "topdown_methodology" beside "events"; the newer keeps methodologies
 * under "methodologies". Either loads; both at once name it twice. */
static void load_methodologies(loader *l, const cJSON *root)
{
    static const char older[] = "topdown_methodology";
    const cJSON *ms = get(l, root, "", "methodologies", T_OBJECT, 0);
    const cJSON *mj;
    cJSON_ArrayForEach(mj, ms)
        load_methodology(l, mj, member_path(l, "methodologies", ms, mj));
    const cJSON *top = cJSON_GetObjectItemCaseSensitive(root, older);
    if (!top)
        return;
    if (cJSON_GetObjectItemCaseSensitive(ms, older)) {
        hw_loc loc = at(l, older);
        diag_error(l->d, &loc, "'%s' is given at the top level and under "
                   "'methodologies': keep one", older);
        return;
    }
    load_methodology(l, top, older);
}

/* Repeated keys inside an item are errors here; repeated item names
 * (two events "X") are left to the checker, which names both places. */
static void report_repeats(loader *l)
{
    static const char *const named[] = {"events", "metrics", "groups.function",
                                        "groups.metrics", "methodologies"};
    for (int i = 0; i < l->lines.nrepeats; i++) {
        const char *p = l->lines.repeats[i].path;
        const char *dot = strrchr(p, '.');
        size_t plen = dot ? (size_t)(dot - p) : 0;
        int item = 0;
        for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
            item |= strlen(named[k]) == plen && strncmp(p, named[k], plen) == 0;
        if (item)
            continue;
        hw_loc loc = at(l, p);
        const char *key = dot ? dot + 1 : p;
        diag_error(l->d, &loc, "duplicate key '%.*s' (JSON keys must be unique "
                   "in an object)", (int)strcspn(key, "#"), key);
    }
}

/* `s` fit for one line of a diagnostic: control characters, quotes and
 * backslashes escaped, cut after `max` bytes with "...". */
static const char *shown(loader *l, const char *s, size_t max)
{
    hw_buf b;
    buf_init(&b);
    size_t i = 0;
    for (; s[i] && i < max; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            buf_puts(&b, "\\n");
        else if (c == '\'' || c == '\\')
            buf_printf(&b, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            buf_printf(&b, "\\x%02X", c);
        else
            buf_putc(&b, (char)c);
    }
    if (s[i])
        buf_puts(&b, "...");
    const char *text = arena_strdup(l->t->arena, b.data ? b.data : "");
    buf_free(&b);
    return text ? text : "";
}

/* The file's licence (document.license, where Arm's files give it): the
 * outputs made from it carry it in their SPDX lines, inside comments, so
 * only an SPDX expression is taken. Without one, hwcgen's own applies. */
static void load_license(loader *l, const cJSON *doc)
{
    const char *s = get_string(l, doc, "document", "license", 0);
    if (!s)
        return;
    if (!spdx_valid(s)) {
        hw_loc loc = at(l, "document.license");
        diag_error(l->d, &loc, "'%s' is not an SPDX licence expression (licence ids "
                   "of letters, digits, '.', '-' and '+', joined by AND, OR and WITH, "
                   "in parentheses if need be; at most %d characters)",
                   shown(l, s, 80), SPDX_MAX);
        return;
    }
    l->t->license = s;
}

static void load_document(loader *l, const cJSON *root)
{
    static const char *const known[] = {
        "$schema", "_type", "document", "!product_configuration", "!events",
        "!metrics", "!groups", "methodologies", "instances",
        "topdown_methodology", NULL};
    note_unknown(l, root, "", known);
    const cJSON *doc = get(l, root, "", "document", T_OBJECT, 0);
    if (doc) {
        l->t->description = get_string(l, doc, "document", "description", 0);
        load_license(l, doc);
    }
    l->t->source = "Arm Telemetry Solution specification (JSON, v1.0)";
    const cJSON *schema = cJSON_GetObjectItemCaseSensitive(root, "$schema");
    if (cJSON_IsString(schema) && strcmp(schema->valuestring, "v1.0.schema.json") != 0) {
        hw_loc loc = at(l, "$schema");
        diag_warning(l->d, &loc, "schema '%s' is not v1.0.schema.json; "
                     "reading it as v1.0", schema->valuestring);
    }
}

int load_telemetry(hw_target *t, const char *text, size_t len, hw_diag *d)
{
    /* What loading needs only while it runs: cJSON's tree and the paths
     * of every value. */
    hw_arena *scratch = arena_create();
    loader l = {t, d, {{0}, NULL, 0, 0, 0}, NULL, NULL, NULL, 0};
    cJSON *root = scratch ? json_document(t->spec_path, text, len, scratch, &l.lines, d) : NULL;
    if (!root) {
        if (!scratch)
            diag_error(d, NULL, "out of memory");
        json_lines_free(&l.lines);
        arena_free(scratch);
        return -1;
    }
    int before = d->errors;
    t->format = "telemetry";
    if (!cJSON_IsObject(root)) {
        hw_loc loc = loc_at(t->spec_path, 1, 1);
        diag_error(d, &loc, "expected a JSON object at the top level");
    } else {
        report_repeats(&l);
        load_document(&l, root);
        load_product(&l, root);
        load_events(&l, root);
        load_metrics(&l, root);
        load_groups(&l, root);
        load_methodologies(&l, root);
        /* what the file does not say: from the built-in table of cores */
        if (d->errors == before)
            cores_apply(t, d);
    }
    json_lines_free(&l.lines);
    free(l.kcopy);
    arena_free(scratch);
    return d->errors == before ? 0 : -1;
}
