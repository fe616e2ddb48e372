/* ir.c - target lifetime and name lookup; expression nodes and the names
 * of the kinds in ir.h. */
#include "core/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/names.h"

static const char *display_name(const char *path)
{
    const char *p = path, *found = NULL;
    while ((p = strstr(p, "spec/")) != NULL) {
        if (p == path || p[-1] == '/')
            found = p;
        p++;
    }
    if (found)
        return found;
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

hw_target *target_create(const char *spec_path)
{
    hw_arena *a = arena_create();
    if (!a)
        return NULL;
    hw_target *t = arena_alloc(a, sizeof *t);
    if (!t) {
        arena_free(a);
        return NULL;
    }
    t->arena = a;
    t->spec_path = arena_strdup(a, spec_path);
    t->spec_name = display_name(t->spec_path);
    return t;
}

static void names_free(hw_target *t);

void target_free(hw_target *t)
{
    if (t) {
        names_free(t);
        arena_free(t->arena); /* t itself lives in the arena */
    }
}

/* ---- lookup by name ------------------------------------------------------- */

enum { IX_EVENTS, IX_CONSTANTS, IX_INPUTS, IX_METRICS, IX_BLOCKS, IX_ENUMS,
       IX_EVENT_GROUPS, IX_METRIC_GROUPS, IX_COUNT };

struct ir_names {
    name_index ix[IX_COUNT];
    int n[IX_COUNT]; /* list length when indexed */
};

static void names_free(hw_target *t)
{
    if (!t->names_index)
        return;
    for (int k = 0; k < IX_COUNT; k++)
        name_index_free(&t->names_index->ix[k]);
    free(t->names_index);
    t->names_index = NULL;
}

/* Index list `list` of target t into x->ix[k]; ok = 0 when out of memory. */
#define INDEX(k, list)                                                        \
    do {                                                                      \
        x->n[k] = t->n##list;                                                 \
        if (ok && name_index_init(&x->ix[k], (size_t)t->n##list) != 0)        \
            ok = 0;                                                           \
        for (int i = 0; ok && i < t->n##list; i++)                            \
            if (t->list[i].name &&                                            \
                name_index_put(&x->ix[k], t->list[i].name, i) == -2)          \
                ok = 0;                                                       \
    } while (0)

int ir_index(hw_target *t)
{
    names_free(t);
    struct ir_names *x = calloc(1, sizeof *x);
    if (!x)
        return -1;
    t->names_index = x;
    int ok = 1;
    INDEX(IX_EVENTS, events);
    INDEX(IX_CONSTANTS, constants);
    INDEX(IX_INPUTS, inputs);
    INDEX(IX_METRICS, metrics);
    INDEX(IX_BLOCKS, blocks);
    INDEX(IX_ENUMS, enums);
    for (int k = IX_EVENT_GROUPS; ok && k <= IX_METRIC_GROUPS; k++) {
        x->n[k] = t->ngroups;
        ok = name_index_init(&x->ix[k], (size_t)t->ngroups) == 0;
    }
    for (int i = 0; ok && i < t->ngroups; i++)
        if (t->groups[i].name &&
            name_index_put(&x->ix[t->groups[i].kind == GROUP_EVENTS ? IX_EVENT_GROUPS
                                                                     : IX_METRIC_GROUPS],
                           t->groups[i].name, i) == -2)
            ok = 0;
    if (!ok)
        names_free(t);
    return ok ? 0 : -1;
}

/* Through the index when it covers the whole list, else a linear scan in
 * spec order; both give the first item of that name. */
#define FIND(k, list, field)                                                  \
    const struct ir_names *x = t->names_index;                               \
    if (x && x->n[k] == t->n##list)                                           \
        return name_index_get(&x->ix[k], name);                               \
    for (int i = 0; i < t->n##list; i++)                                      \
        if (t->list[i].field && strcmp(t->list[i].field, name) == 0)          \
            return i;                                                         \
    return -1

int ir_find_event(const hw_target *t, const char *name) { FIND(IX_EVENTS, events, name); }
int ir_find_constant(const hw_target *t, const char *name) { FIND(IX_CONSTANTS, constants, name); }
int ir_find_input(const hw_target *t, const char *name) { FIND(IX_INPUTS, inputs, name); }
int ir_find_metric(const hw_target *t, const char *name) { FIND(IX_METRICS, metrics, name); }
int ir_find_block(const hw_target *t, const char *name) { FIND(IX_BLOCKS, blocks, name); }
int ir_find_enum(const hw_target *t, const char *name) { FIND(IX_ENUMS, enums, name); }

int ir_find_group(const hw_target *t, hw_group_kind kind, const char *name)
{
    const struct ir_names *x = t->names_index;
    if (x && x->n[IX_EVENT_GROUPS] == t->ngroups)
        return name_index_get(&x->ix[kind == GROUP_EVENTS ? IX_EVENT_GROUPS : IX_METRIC_GROUPS],
                              name);
    for (int i = 0; i < t->ngroups; i++)
        if (t->groups[i].kind == kind && t->groups[i].name &&
            strcmp(t->groups[i].name, name) == 0)
            return i;
    return -1;
}

const char *ir_ref_name(const hw_target *t, hw_ref_kind kind, int index)
{
    switch (kind) {
    case REF_EVENT:
        return t->events[index].name;
    case REF_CONSTANT:
        return t->constants[index].name;
    case REF_INPUT:
        return t->inputs[index].name;
    case REF_METRIC:
        return t->metrics[index].name;
    case REF_RUNTIME:
        return t->runtime[index].key;
    default:
        return NULL;
    }
}

hw_loc target_loc(const hw_target *t)
{
    if (t->loc.file)
        return t->loc;
    hw_loc loc = {t->spec_path, 0, 0, NULL};
    return loc;
}

int target_is_cpu_pmu(const hw_target *t)
{
    if (!t->kind || strcmp(t->kind, "cpu") != 0)
        return 0;
    for (int i = 0; i < t->nevents; i++)
        if (t->events[i].has_code)
            return 1;
    return 0;
}

const hw_kv *pobj_kv(const hw_pobj *o, const char *key)
{
    for (int i = o->nkvs - 1; i >= 0; i--)
        if (strcmp(o->kvs[i].key, key) == 0)
            return &o->kvs[i];
    return NULL;
}

int target_is_perf_tree(const hw_target *t)
{
    return t->format && strcmp(t->format, HW_FORMAT_PMU_EVENTS) == 0;
}

uint32_t target_midr(const hw_target *t)
{
    return t->implementer << 24 | 0xFu << 16 | t->part_num << 4;
}

/* rNpM as one number, r major, p minor; -1 when there is none. */
static int revision_rank(const char *rev)
{
    int r, p;
    char tail;
    return rev && sscanf(rev, "r%dp%d%c", &r, &p, &tail) == 2 ? r * 16 + p : -1;
}

int revision_order_of(const char *a_rev, int a_reference, const char *b_rev, int b_reference)
{
    if (a_reference != b_reference)
        return a_reference ? -1 : 1;
    return revision_rank(b_rev) - revision_rank(a_rev);
}

int revision_order(const hw_target *a, const hw_target *b)
{
    return revision_order_of(a->revision, a->revision_reference, b->revision,
                             b->revision_reference);
}

int event_for_users(const hw_event *e)
{
    return !(e->flags & EVENT_HIDDEN);
}

void loc_where(char *out, size_t size, const hw_loc *loc)
{
    if (loc->line > 0)
        snprintf(out, size, "%s:%d", loc->file, loc->line);
    else if (loc->path)
        snprintf(out, size, "%s", loc->path);
    else
        snprintf(out, size, "%s", loc->file ? loc->file : "?");
}

/* ---- expression nodes and the names of their kinds ---------------------- */

/* Every expression node of either syntax is made here. */
hw_expr *expr_new(hw_arena *a, hw_expr_kind kind, int col)
{
    hw_expr *e = arena_alloc(a, sizeof *e);
    if (e) {
        e->kind = kind;
        e->col = col;
        e->index = -1;
    }
    return e;
}

const char *expr_kind_name(hw_expr_kind k)
{
    static const char *const names[] = {
#define X(e, s) s,
        HW_EXPR_KINDS(X)
#undef X
    };
    return names[k];
}

static const struct {
    const char *name;
    int min_args, max_args;
    int where;    /* FUNC_OURS, FUNC_PERF */
    int name_arg; /* the argument is a name */
    int infix;    /* INFIX_*: an operator */
} funcs[FUNC_COUNT] = {
#define X(e, s, lo, hi, where, name_arg, infix) {s, lo, hi, where, name_arg, infix},
    HW_FUNCS(X)
#undef X
};

const char *func_name(hw_func f)
{
    return funcs[f].name;
}

const char *ref_kind_name(hw_ref_kind k)
{
    static const char *const names[] = {
#define X(e, s) s,
        HW_REF_KINDS(X)
#undef X
    };
    return names[k];
}

const char *runtime_kind_name(hw_runtime_kind k)
{
    static const char *const names[] = {
#define X(e, s) s,
        HW_RUNTIME_KINDS(X)
#undef X
    };
    return names[k];
}

int func_takes_name(hw_func f)
{
    return funcs[f].name_arg;
}

int func_find(const char *name, size_t len, int where)
{
    for (int f = 0; f < FUNC_COUNT; f++)
        if ((funcs[f].where & where) && strlen(funcs[f].name) == len &&
            strncmp(funcs[f].name, name, len) == 0)
            return f;
    return -1;
}

int func_arity_ok(hw_func f, int nargs, int perf)
{
    if (perf && funcs[f].max_args < 0)
        return nargs == 2; /* perf's min and max take two */
    return nargs >= funcs[f].min_args &&
           (funcs[f].max_args < 0 || nargs <= funcs[f].max_args);
}

int func_infix(hw_func f)
{
    return funcs[f].infix;
}

int func_in_perf(hw_func f)
{
    return (funcs[f].where & FUNC_PERF) || funcs[f].infix;
}
