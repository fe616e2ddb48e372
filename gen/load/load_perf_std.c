/* load_perf_std.c - an arch's standard events and metrics: the objects of
 * the JSON files directly in arch/<arch>/ (arm64's common-and-microarch,
 * recommended and sbsa; riscv's firmware events; test's), which a model's
 * object names with ArchStdEvent (load_perf.h).
 *
 * jevents.py keys them by EventName and by MetricName, lower-cased, and a
 * later file's object of a name replaces an earlier one's; it reads the
 * files in directory order, which no tree relies on (the 6.12 tree has no
 * name twice), so the files are taken in name order here.
 */
#include "load/load_perf.h"

#include <string.h>

#include "load/load_perf_files.h"

static int add(perf_archstd *s, const hw_pobj *o, const char *name)
{
    const char *key = perf_name_key(s->a, name);
    if (!key)
        return -1;
    int at = name_index_get(&s->names, key);
    if (at >= 0) {
        s->objs[at] = o; /* the later one, as jevents.py's dict */
        return 0;
    }
    const hw_pobj **slot = ARENA_PUSH(s->a, s->objs, s->n, s->cap);
    if (!slot || name_index_put(&s->names, key, s->n - 1) == -2)
        return -1;
    *slot = o;
    return 0;
}

int perf_archstd_build(perf_archstd *s, const hw_target *arch)
{
    memset(s, 0, sizeof *s);
    if (!(s->a = arena_create()) || name_index_init(&s->names, 256) != 0)
        return -1;
    int rc = 0;
    for (int f = 0; arch && f < arch->npfiles && rc == 0; f++) {
        const hw_pfile *pf = &arch->pfiles[f];
        for (int i = 0; !pf->is_object && i < pf->nobjs && rc == 0; i++) {
            const hw_kv *e = pobj_kv(&pf->objs[i], "EventName");
            const hw_kv *m = pobj_kv(&pf->objs[i], "MetricName");
            if (e && *e->value)
                rc = add(s, &pf->objs[i], e->value);
            if (m && *m->value && rc == 0)
                rc = add(s, &pf->objs[i], m->value);
        }
    }
    return rc == 0 && !arena_failed(s->a) ? 0 : -1;
}

void perf_archstd_free(perf_archstd *s)
{
    name_index_free(&s->names);
    arena_free(s->a);
    memset(s, 0, sizeof *s);
}

const hw_pobj *perf_archstd_lookup(const perf_archstd *s, const char *name)
{
    if (!s || !s->a)
        return NULL;
    int at = perf_name_find(&s->names, name);
    return at >= 0 ? s->objs[at] : NULL;
}

const char *perf_archstd_hint(const perf_archstd *s, const char *name)
{
    name_hint h = name_hint_for(name);
    for (int i = 0; s && i < s->n; i++) {
        const hw_kv *e = pobj_kv(s->objs[i], "EventName");
        const hw_kv *m = pobj_kv(s->objs[i], "MetricName");
        if (e)
            name_hint_offer(&h, e->value);
        if (m)
            name_hint_offer(&h, m->value);
    }
    return h.best;
}
