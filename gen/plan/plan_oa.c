/* plan_oa.c - the C names of an Intel OA platform's headers (plan_oa.h),
 * one function per kind of name, for the emitters and the docs alike. */
#include "plan/plan_oa.h"

#include <string.h>

#include "core/names.h"

const char *oa_name_driver_header(hw_arena *a, const char *id)
{
    return arena_printf(a, "include/hwcgen/%s.h", id);
}

const char *oa_name_metrics_header(hw_arena *a, const char *id)
{
    return arena_printf(a, "include/hwcgen/%s_metrics.h", id);
}

const char *oa_name_sysvars(hw_arena *a, const char *id)
{
    return arena_printf(a, "%s_sysvars", id);
}

const char *oa_name_accumulator(hw_arena *a, const char *id)
{
    return arena_printf(a, "%s_accumulator", id);
}

const char *oa_name_sets_fn(hw_arena *a, const char *id)
{
    return arena_printf(a, "%s_sets", id);
}

const char *oa_name_set(hw_arena *a, const hw_oa_set *s)
{
    return name_c(a, s->underscore_name, CASE_UPPER);
}

/* <ID>_<SET>_ and the rest. */
static const char *set_macro(hw_arena *a, const char *ID, const hw_oa_set *s, const char *rest)
{
    const char *SET = oa_name_set(a, s);
    return SET ? arena_printf(a, "%s_%s_%s", ID, SET, rest) : NULL;
}

const char *oa_name_guid(hw_arena *a, const char *ID, const hw_oa_set *s)
{
    return set_macro(a, ID, s, "GUID");
}

const char *oa_name_oa_format(hw_arena *a, const char *ID, const hw_oa_set *s)
{
    return s->oa_format ? set_macro(a, ID, s, "OA_FORMAT") : NULL;
}

const char *oa_name_regs(hw_arena *a, const char *ID, const hw_oa_set *s, int i)
{
    const char *rest = arena_printf(a, "REGS_%d", i);
    return rest ? set_macro(a, ID, s, rest) : NULL;
}

const char *oa_name_reg_configs(hw_arena *a, const char *ID, const hw_oa_set *s)
{
    return set_macro(a, ID, s, "REG_CONFIGS");
}

const char *oa_name_reg_config_count(hw_arena *a, const char *ID, const hw_oa_set *s)
{
    return set_macro(a, ID, s, "REG_CONFIG_COUNT");
}

const char *oa_name_read_fn(hw_arena *a, const char *id, const hw_oa_set *s,
                            const hw_oa_counter *c)
{
    return arena_printf(a, "%s_%s__%s__read", id, s->underscore_name, c->underscore_name);
}

const char *oa_name_max_fn(hw_arena *a, const char *id, const hw_oa_set *s,
                           const hw_oa_counter *c)
{
    if (!c->max_equation)
        return NULL;
    return arena_printf(a, "%s_%s__%s__max", id, s->underscore_name, c->underscore_name);
}

int oa_avail_index(const oa_avail *av, const char *text)
{
    for (int i = 0; text && i < av->n; i++)
        if (strcmp(av->text[i], text) == 0)
            return i;
    return -1;
}

static int avail_add(oa_avail *av, hw_arena *a, const char *text)
{
    if (!text || oa_avail_index(av, text) >= 0)
        return 0;
    const char **slot = ARENA_PUSH(a, av->text, av->n, av->cap);
    if (!slot)
        return -1;
    *slot = text;
    return 0;
}

int oa_avail_collect(oa_avail *av, const hw_oa_metrics *m, hw_arena *a)
{
    int rc = 0;
    *av = (oa_avail){NULL, 0, 0};
    for (int s = 0; s < m->nsets; s++) {
        const hw_oa_set *set = &m->sets[s];
        for (int i = 0; i < set->ncounters; i++)
            rc |= avail_add(av, a, set->counters[i].availability);
        for (int i = 0; i < set->nconfigs; i++)
            rc |= avail_add(av, a, set->configs[i].availability);
    }
    return rc;
}

const char *oa_name_avail_macro(hw_arena *a, const char *ID, int k)
{
    if (k < 0)
        return arena_printf(a, "%s_AVAIL_ALWAYS", ID);
    return arena_printf(a, "%s_AVAIL_%d", ID, k);
}

const char *oa_name_avail_fn(hw_arena *a, const char *id, int k)
{
    return arena_printf(a, "%s_avail_%d", id, k);
}
