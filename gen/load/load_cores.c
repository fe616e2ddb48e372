/* load_cores.c - the built-in table of facts about CPU cores (spec/cores.json).
 *
 * The table is a data file, not code: every fact in it names its source
 * (its "sources" member), and README.md says how to add a core. This file
 * only matches a target to its row and copies the facts in.
 */
#include "load/load_cores.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/json.h"
#include "core/names.h"
#include "core/resources.h"

cJSON *cores_table(hw_diag *d)
{
    size_t len = 0;
    const char *text = resources_builtin(CORES_TABLE, &len);
    cJSON *table = text ? json_parse(text, len, NULL) : NULL;
    if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(table, "cores"))) {
        diag_error(d, NULL, "the built-in %s is missing or not a table of cores "
                   "(rebuild hwcgen)", CORES_TABLE);
        cJSON_Delete(table);
        return NULL;
    }
    return table;
}

static const char *text_of(const cJSON *obj, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, key));
}

/* A "0x.." string of the table; -1 when it is not one. */
static long hex_of(const char *s)
{
    if (!s || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !isxdigit((unsigned char)s[2]))
        return -1;
    char *end;
    long v = strtol(s + 2, &end, 16);
    return *end ? -1 : v;
}

const cJSON *cores_find(const cJSON *table, uint32_t implementer, uint32_t part_num)
{
    const cJSON *core;
    cJSON_ArrayForEach(core, cJSON_GetObjectItemCaseSensitive(table, "cores"))
        if (hex_of(text_of(core, "implementer")) == (long)implementer &&
            hex_of(text_of(core, "part_num")) == (long)part_num)
            return core;
    return NULL;
}

/* ---- units ----------------------------------------------------------------- */

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

const char *cores_units_by_kind(const hw_event *e)
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

/* ---- identity ------------------------------------------------------------------ */

/* id, slug and name from the product name, with the revision when it is
 * not the part's reference revision. */
static void name_target(hw_target *t, const cJSON *core)
{
    const char *reference = core ? text_of(core, "reference_revision") : NULL;
    t->revision_reference = t->revision && reference && strcmp(t->revision, reference) == 0;
    if (!reference)
        reference = "r0p0";
    t->revision_named = t->revision && strcmp(t->revision, reference) != 0;
    if (t->revision_named)
        t->name = arena_printf(t->arena, "%s %s", t->part_name, t->revision);
    if (!t->name)
        return;
    char buf[256];
    name_slug(t->name, '_', buf, sizeof buf);
    t->id = arena_strdup(t->arena, buf);
    name_slug(t->name, '-', buf, sizeof buf);
    t->slug = arena_strdup(t->arena, buf);
}

/* A core gatord lacks: a category of its own (the product name) on a
 * counter set of its own, named as gatord names its Arm PMUs:
 * ARMv<8|9>_<product name>, "_cnt" for the set, "_ccnt" for the cycle
 * counter. */
static void own_streamline(hw_target *t)
{
    const char *pmu = name_gatord_pmu(t->arena, t->architecture, t->part_name);
    t->st_category = t->part_name;
    t->st_counter_set = arena_printf(t->arena, "%s_cnt", pmu);
    t->st_cycle_counter = arena_printf(t->arena, "%s_ccnt", pmu);
}

int cores_st_event(const hw_event *e)
{
    return e->has_code && e->code <= 0xFFFF && (!e->pmu || strcmp(e->pmu, "default_core") == 0) &&
           event_for_users(e);
}

/* gatord's row for each event of t, for core c: labels, and whether a
 * later built-in event of the core repeats the label (gatord's merge keeps
 * one event per label, the last, so -E can replace only that one). */
static int gatord_events(hw_target *t, hw_core *c, const cJSON *events, hw_arena *scratch)
{
    int n = cJSON_GetArraySize(events);
    const cJSON **rows = arena_alloc(scratch, ((size_t)n + 1) * sizeof *rows);
    name_index labels, codes;
    if (!rows || name_index_init(&labels, (size_t)n) != 0)
        return -1;
    if (name_index_init(&codes, (size_t)n) != 0) {
        name_index_free(&labels);
        return -1;
    }
    int i = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, events)
        rows[i++] = row;
    char *shadowed = arena_alloc(scratch, (size_t)n + 1);
    for (i = n - 1; shadowed && i >= 0; i--) {
        const char *title = cJSON_GetStringValue(cJSON_GetArrayItem(rows[i], 0));
        const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(rows[i], 1));
        const char *label = arena_printf(scratch, "%s\n%s", title ? title : "", name ? name : "");
        const char *code = arena_printf(scratch, "%lx", hex_of(rows[i]->string));
        shadowed[i] = label && name_index_put(&labels, label, i) >= 0;
        if (code)
            name_index_put(&codes, code, i);
    }
    char *replaced = arena_alloc(scratch, (size_t)n + 1);
    c->st_labels = arena_alloc(t->arena, ((size_t)t->nevents + 1) * sizeof *c->st_labels);
    for (int k = 0; shadowed && replaced && c->st_labels && k < t->nevents; k++) {
        const hw_event *e = &t->events[k];
        hw_st_label *l = &c->st_labels[k];
        char key[24];
        snprintf(key, sizeof key, "%llx", (unsigned long long)e->code);
        int r = e->has_code ? name_index_get(&codes, key) : -1;
        const char *title = r >= 0 ? cJSON_GetStringValue(cJSON_GetArrayItem(rows[r], 0)) : NULL;
        const char *name = r >= 0 ? cJSON_GetStringValue(cJSON_GetArrayItem(rows[r], 1)) : NULL;
        if (!title || !name) {
            l->units = cores_units_by_kind(e);
            continue;
        }
        replaced[r] |= !shadowed[r] && cores_st_event(e);
        l->gd_title = arena_strdup(t->arena, title);
        l->gd_name = arena_strdup(t->arena, name);
        l->gd_shadowed = shadowed[r];
        const char *units = cJSON_GetStringValue(cJSON_GetArrayItem(rows[r], 2));
        l->units = units ? arena_strdup(t->arena, units) : NULL;
    }
    c->st_taken = arena_alloc(t->arena, ((size_t)n + 1) * sizeof *c->st_taken);
    for (i = 0; shadowed && replaced && c->st_taken && i < n; i++) {
        const char *title = cJSON_GetStringValue(cJSON_GetArrayItem(rows[i], 0));
        const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(rows[i], 1));
        if (!replaced[i] && title && name)
            c->st_taken[c->nst_taken++] = arena_printf(t->arena, "%s\n%s", title, name);
    }
    int failed = !shadowed || !replaced || !c->st_labels || !c->st_taken || labels.failed ||
                 codes.failed;
    name_index_free(&labels);
    name_index_free(&codes);
    return failed ? -1 : 0;
}

/* Core c as gatord knows it (the table's "gatord" member): its category,
 * counter set and cycle counter, and its labels of t's events. */
static int known_streamline(hw_target *t, hw_core *c, const cJSON *gatord, hw_arena *scratch)
{
    const char *version = text_of(gatord, "version");
    c->st_category = arena_strdup(t->arena, text_of(gatord, "category"));
    c->st_counter_set = arena_strdup(t->arena, text_of(gatord, "counter_set"));
    c->st_cycle_counter = arena_strdup(t->arena, text_of(gatord, "cycle_counter"));
    c->st_gatord = arena_printf(t->arena, "gatord %s", version ? version : "?");
    if (!c->st_category || !c->st_counter_set || !c->st_cycle_counter)
        return -1;
    return gatord_events(t, c, cJSON_GetObjectItemCaseSensitive(gatord, "events"), scratch);
}

/* A telemetry CPU is one core: its identity goes on the target, its labels
 * on the events. */
static void use_core(hw_target *t, const hw_core *c)
{
    t->st_category = c->st_category;
    t->st_counter_set = c->st_counter_set;
    t->st_cycle_counter = c->st_cycle_counter;
    t->st_gatord = c->st_gatord;
    t->st_taken = c->st_taken;
    t->nst_taken = c->nst_taken;
    for (int i = 0; i < t->nevents; i++) {
        hw_event *e = &t->events[i];
        e->gd_title = c->st_labels[i].gd_title;
        e->gd_name = c->st_labels[i].gd_name;
        e->gd_shadowed = c->st_labels[i].gd_shadowed;
        e->st_units = c->st_labels[i].units;
    }
}

int cores_apply(hw_target *t, hw_diag *d)
{
    if (!t->kind || strcmp(t->kind, "cpu") != 0 || !t->part_name)
        return 0;
    cJSON *table = cores_table(d);
    hw_arena *scratch = arena_create();
    if (!table || !scratch) {
        if (!scratch)
            diag_error(d, NULL, "out of memory");
        cJSON_Delete(table);
        arena_free(scratch);
        return -1;
    }
    const cJSON *core = cores_find(table, t->implementer, t->part_num);
    name_target(t, core);
    int rc = 0;
    if (core) {
        t->facts = "hwcgen's table of cores (" CORES_TABLE ")";
        const cJSON *count = cJSON_GetObjectItemCaseSensitive(core, "num_counters");
        if (t->num_counters == 0 && cJSON_IsNumber(count))
            t->num_counters = count->valueint;
    }
    const cJSON *gatord = core ? cJSON_GetObjectItemCaseSensitive(core, "gatord") : NULL;
    hw_core one = {0};
    if (gatord) {
        rc = known_streamline(t, &one, gatord, scratch);
        if (rc == 0)
            use_core(t, &one);
    } else {
        own_streamline(t);
        for (int i = 0; i < t->nevents; i++)
            t->events[i].st_units = cores_units_by_kind(&t->events[i]);
    }
    if (rc != 0)
        diag_error(d, NULL, "the built-in %s has a broken row for %s (rebuild hwcgen)",
                   CORES_TABLE, t->part_name);
    cJSON_Delete(table);
    arena_free(scratch);
    return rc;
}

int cores_apply_tree(hw_target *t, hw_core *c, const cJSON *table, hw_diag *d)
{
    const cJSON *core = cores_find(table, c->implementer, c->part_num);
    if (!core)
        return 0;
    c->name = arena_strdup(t->arena, text_of(core, "name"));
    const cJSON *count = cJSON_GetObjectItemCaseSensitive(core, "num_counters");
    if (cJSON_IsNumber(count))
        c->num_counters = count->valueint;
    const cJSON *gatord = cJSON_GetObjectItemCaseSensitive(core, "gatord");
    if (!gatord || c->num_counters <= 0)
        return 0;
    hw_arena *scratch = arena_create();
    int rc = scratch ? known_streamline(t, c, gatord, scratch) : -1;
    arena_free(scratch);
    if (rc != 0) {
        c->st_category = NULL;
        diag_error(d, &c->loc, "out of memory, or the built-in %s has a broken row for %s "
                   "(rebuild hwcgen)", CORES_TABLE, c->name ? c->name : "a core");
    }
    return rc;
}
