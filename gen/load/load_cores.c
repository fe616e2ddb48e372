/* load_cores.c - the built-in table of facts about CPU cores (spec/cores.json).
 *
 * The table is data, not code: every fact in it names its source (its
 * "sources" member), and README.md says how to add a core. This file only
 * matches a target to its row (read as load_cores_table.h says) and copies the
 * facts in; what an output makes of gatord's (labels, units) is
 * plan_streamline.h's.
 */
#include "load/load_cores.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/json.h"
#include "core/names.h"


static const char *text_of(const cJSON *obj, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, key));
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

/* What the table says gatord has built in for `core` (its "gatord"
 * member), copied into t's arena; NULL when gatord lacks it. *broken is set
 * when the row is not what the table's schema says (or out of memory). */
static const hw_gatord *gatord_facts(hw_target *t, const cJSON *core, int *broken)
{
    const cJSON *gatord = cJSON_GetObjectItemCaseSensitive(core, "gatord");
    if (!gatord)
        return NULL;
    const cJSON *events = cJSON_GetObjectItemCaseSensitive(gatord, "events");
    hw_gatord *g = arena_alloc(t->arena, sizeof *g);
    int n = cJSON_GetArraySize(events);
    hw_gatord_event *rows = arena_alloc(t->arena, ((size_t)n + 1) * sizeof *rows);
    if (!g || !rows) {
        *broken = 1;
        return NULL;
    }
    const char *version = text_of(gatord, "version");
    g->version = version ? arena_strdup(t->arena, version) : NULL;
    g->category = arena_strdup(t->arena, text_of(gatord, "category"));
    g->counter_set = arena_strdup(t->arena, text_of(gatord, "counter_set"));
    g->cycle_counter = arena_strdup(t->arena, text_of(gatord, "cycle_counter"));
    const cJSON *row;
    cJSON_ArrayForEach(row, events) {
        hw_gatord_event *e = &rows[g->nevents++];
        const char *title = cJSON_GetStringValue(cJSON_GetArrayItem(row, 0));
        const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(row, 1));
        const char *units = cJSON_GetStringValue(cJSON_GetArrayItem(row, 2));
        e->code = cores_hex(row->string);
        e->title = title ? arena_strdup(t->arena, title) : NULL;
        e->name = name ? arena_strdup(t->arena, name) : NULL;
        e->units = units ? arena_strdup(t->arena, units) : NULL;
    }
    g->events = rows;
    if (!g->category || !g->counter_set || !g->cycle_counter || arena_failed(t->arena))
        *broken = 1;
    return *broken ? NULL : g;
}

int cores_apply(hw_target *t, hw_diag *d)
{
    if (!t->kind || strcmp(t->kind, "cpu") != 0 || !t->part_name)
        return 0;
    cJSON *core = NULL;
    if (cores_row(t->implementer, t->part_num, &core, d) != 0)
        return -1;
    name_target(t, core);
    if (core) {
        t->facts = "hwcgen's table of cores (" CORES_TABLE ")";
        const cJSON *count = cJSON_GetObjectItemCaseSensitive(core, "num_counters");
        if (t->num_counters == 0 && cJSON_IsNumber(count))
            t->num_counters = count->valueint;
    }
    int broken = 0;
    t->gatord = core ? gatord_facts(t, core, &broken) : NULL;
    if (broken)
        diag_error(d, NULL, "the built-in %s has a broken row for %s (rebuild hwcgen)",
                   CORES_TABLE, t->part_name);
    cJSON_Delete(core);
    return broken ? -1 : 0;
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
    int broken = 0;
    c->gatord = gatord_facts(t, core, &broken);
    if (broken) {
        diag_error(d, &c->loc, "out of memory, or the built-in %s has a broken row for %s "
                   "(rebuild hwcgen)", CORES_TABLE, c->name ? c->name : "a core");
        return -1;
    }
    return 0;
}
