/* ir.c - target lifetime and name lookup. */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

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

void target_free(hw_target *t)
{
    if (t)
        arena_free(t->arena); /* t itself lives in the arena */
}

/* Lists are small (hundreds) and looked up while checking only; the
 * checker builds its own sorted indexes where it matters. */
#define FIND(list, field)                                                     \
    for (int i = 0; i < t->n##list; i++)                                      \
        if (t->list[i].field && strcmp(t->list[i].field, name) == 0)          \
            return i;                                                         \
    return -1

int ir_find_event(const hw_target *t, const char *name) { FIND(events, name); }
int ir_find_constant(const hw_target *t, const char *name) { FIND(constants, name); }
int ir_find_input(const hw_target *t, const char *name) { FIND(inputs, name); }
int ir_find_metric(const hw_target *t, const char *name) { FIND(metrics, name); }
int ir_find_block(const hw_target *t, const char *name) { FIND(blocks, name); }
int ir_find_enum(const hw_target *t, const char *name) { FIND(enums, name); }

int ir_find_group(const hw_target *t, hw_group_kind kind, const char *name)
{
    for (int i = 0; i < t->ngroups; i++)
        if (t->groups[i].kind == kind && t->groups[i].name &&
            strcmp(t->groups[i].name, name) == 0)
            return i;
    return -1;
}
