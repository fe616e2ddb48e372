/* load_perf_json.c - one JSON file of a perf pmu-events tree, kept whole:
 * every object, every key in file order, each value as the file writes it
 * (load_perf.h). Nothing is interpreted here; load_perf_interp.c reads the
 * kept keys into events and metrics. */
#include "load/load_perf.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_lines.h"
#include "core/json.h"
#include "load/load_perf_files.h"

/* Every key the files of Linux 6.12's tree use, and ExtSel, which
 * jevents.py reads too; sorted (strcmp) for bsearch. */
static const char *const known_keys[] = {
    "AggregationMode", "AnyThread", "ArchStdEvent", "BriefDescription",
    "Compat", "ConfigCode", "Counter", "CounterMask", "CountersNumFixed",
    "CountersNumGeneric", "Data_LA", "DefaultMetricgroupName", "Deprecated",
    "EdgeDetect", "EnAllCores", "EnAllSlices", "Errata", "EventCode",
    "EventName", "EventidCode", "Experimental", "ExtSel", "FCMask", "Filter",
    "Invert", "MSRIndex", "MSRValue", "MetricConstraint", "MetricExpr",
    "MetricGroup", "MetricName", "MetricThreshold", "MetricgroupNoGroup",
    "NodeType", "PEBS", "PerPkg", "PortMask", "PublicDescription", "RdWrMask",
    "SampleAfterValue", "ScaleUnit", "SliceId", "ThreadMask", "UMask", "Unit",
};
enum { NKNOWN = sizeof known_keys / sizeof known_keys[0] };

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The table's own copy of `key`, a key perf knows, else NULL. Kept keys
 * point there: no copy each, and one key is one pointer. */
static const char *known_key(const char *key)
{
    const char *const *k = bsearch(&key, known_keys, NKNOWN, sizeof known_keys[0], by_text);
    return k ? *k : NULL;
}

typedef struct file_load {
    hw_target *t;
    hw_diag *d;
    const char *file;  /* the path, in t's arena: every hw_loc's file */
    const char *text;  /* the file's bytes, for numbers as written */
    size_t len;
    json_spot *spots;  /* every value of the file, in document order */
    size_t nspots;
    size_t next;       /* the first spot not yet matched to a value */
    int lost;          /* a spot disagreed with cJSON's value */
    hw_buf path;       /* scratch: the JSON path of a key */
} file_load;

/* Whether the text at a spot starts the kind of value cJSON made. */
static int same_kind(char c, const cJSON *v)
{
    if (cJSON_IsObject(v))
        return c == '{';
    if (cJSON_IsArray(v))
        return c == '[';
    if (cJSON_IsString(v))
        return c == '"';
    if (cJSON_IsNumber(v))
        return c == '-' || (c >= '0' && c <= '9');
    return c == 't' || c == 'f' || c == 'n';
}

/* Where v is: the loader walks cJSON's tree in document order, as
 * json_spots() listed the values, so v is the next spot at v's depth (the
 * insides of a value passed over are skipped). The two read JSON alike;
 * should they ever disagree, nothing after is known (line 0) rather than
 * taken from the wrong value. NULL when unknown. */
static const json_spot *spot_of(file_load *fl, int depth, const cJSON *v)
{
    while (!fl->lost && fl->next < fl->nspots) {
        const json_spot *s = &fl->spots[fl->next++];
        if (s->depth > depth)
            continue;
        if (s->depth == depth && same_kind(fl->text[s->at], v))
            return s;
        break;
    }
    fl->lost = 1;
    return NULL;
}

static hw_loc spot_loc(const file_load *fl, const json_spot *s)
{
    return loc_at(fl->file, s ? s->line : 0, 0);
}

/* The JSON path of key k of object `index` of the file (-1: the file's
 * one object, in metricgroups.json), as diagnostics name it: "[3].Unit",
 * or "Unit"; "#2" on for the second copy of a key repeated in one object
 * (`earlier` copies came before). In t's arena. */
static const char *key_path(file_load *fl, int index, const char *key, int earlier)
{
    buf_reset(&fl->path);
    if (index >= 0)
        buf_printf(&fl->path, "[%d].", index);
    buf_puts(&fl->path, key);
    if (earlier)
        buf_printf(&fl->path, "#%d", earlier + 1);
    return arena_strdup(fl->t->arena, fl->path.failed ? "" : fl->path.data);
}

/* A number as the file spells it, from where the scan found it. */
static const char *number_text(file_load *fl, const json_spot *s, const cJSON *v)
{
    if (!s || s->at >= fl->len)
        return arena_printf(fl->t->arena, "%.17g", v->valuedouble);
    size_t n = strspn(fl->text + s->at, "+-.eE0123456789");
    return arena_strndup(fl->t->arena, fl->text + s->at, n);
}

static const char *type_name(const cJSON *v)
{
    if (cJSON_IsBool(v))
        return "a boolean";
    if (cJSON_IsNull(v))
        return "null";
    return cJSON_IsArray(v) ? "an array" : "an object";
}

static void unknown_key(file_load *fl, const hw_kv *kv, const char *path)
{
    name_hint h = name_hint_for(kv->key);
    for (int i = 0; i < NKNOWN; i++)
        name_hint_offer(&h, known_keys[i]);
    hw_loc loc = kv->loc;
    loc.path = path;
    diag_warning(fl->d, &loc, "unknown key '%s'%s%s%s; kept as written", kv->key,
                 h.best ? " (did you mean '" : "", h.best ? h.best : "", h.best ? "'?)" : "");
}

/* How many keys of o before this one have its name (`known`: the table's
 * copy of it, which a copy of a known key shares). */
static int copies_before(const hw_pobj *o, const char *key, const char *known)
{
    int n = 0;
    for (int i = 0; i < o->nkvs; i++)
        n += known ? o->kvs[i].key == known : strcmp(o->kvs[i].key, key) == 0;
    return n;
}

/* One member of object `index` (at `depth`) as a kept key. */
static void load_member(file_load *fl, hw_pobj *o, int index, int depth, const cJSON *m,
                        int check_keys)
{
    const json_spot *s = spot_of(fl, depth, m);
    hw_loc loc = spot_loc(fl, s);
    const char *known = known_key(m->string);
    int earlier = copies_before(o, m->string, known);
    if (!cJSON_IsString(m) && !cJSON_IsNumber(m)) {
        loc.path = key_path(fl, index, m->string, earlier);
        diag_error(fl->d, &loc, "key '%s': expected a string or a number, found %s",
                   m->string, type_name(m));
        return;
    }
    hw_kv *kv = ARENA_PUSH(fl->t->arena, o->kvs, o->nkvs, o->cap_kvs);
    if (!kv)
        return;
    kv->loc = loc;
    kv->key = known ? known : arena_strdup(fl->t->arena, m->string);
    kv->number = cJSON_IsNumber(m);
    kv->value = kv->number ? number_text(fl, s, m) : arena_strdup(fl->t->arena, m->valuestring);
    if (check_keys && !known)
        unknown_key(fl, kv, key_path(fl, index, m->string, earlier));
    if (earlier) {
        loc.path = key_path(fl, index, m->string, earlier);
        diag_warning(fl->d, &loc, "key '%s' given %d times in one object: perf reads the "
                     "last; every copy is kept", m->string, earlier + 1);
    }
}

static hw_pobj *new_object(file_load *fl, hw_pfile *f, hw_loc loc)
{
    hw_pobj *o = ARENA_PUSH(fl->t->arena, f->objs, f->nobjs, f->cap_objs);
    if (o) {
        o->loc = loc;
        o->event = o->metric = -1;
    }
    return o;
}

/* Room for n items of an arena array, made once when their number is
 * known, rather than grown and copied along the way. */
#define RESERVE(a, items, cap, n) arena_grow((a), (void **)&(items), &(cap), (size_t)(n), \
                                             sizeof *(items))

/* The members of object `index` of the file, at `depth`. */
static void load_object(file_load *fl, hw_pobj *o, int index, int depth, const cJSON *obj,
                        int check_keys)
{
    RESERVE(fl->t->arena, o->kvs, o->cap_kvs, cJSON_GetArraySize(obj));
    for (const cJSON *m = obj->child; m; m = m->next)
        load_member(fl, o, index, depth, m, check_keys);
}

/* metricgroups.json is one object, group name -> description; every other
 * file an array of objects, each an event or a metric. */
static void load_root(file_load *fl, hw_pfile *f, const cJSON *root)
{
    spot_of(fl, 0, root);
    if (f->is_object) {
        hw_pobj *o = new_object(fl, f, loc_at(fl->file, 1, 0)); /* the file's start */
        if (o)
            load_object(fl, o, -1, 1, root, 0);
        return;
    }
    RESERVE(fl->t->arena, f->objs, f->cap_objs, cJSON_GetArraySize(root));
    int i = 0;
    for (const cJSON *e = root->child; e; e = e->next, i++) {
        hw_loc loc = spot_loc(fl, spot_of(fl, 1, e));
        if (!cJSON_IsObject(e)) {
            loc.path = arena_printf(fl->t->arena, "[%d]", i);
            diag_error(fl->d, &loc, "expected an object (an event or a metric), found %s",
                       cJSON_IsString(e) ? "a string" : cJSON_IsNumber(e) ? "a number"
                                                                         : type_name(e));
            continue;
        }
        hw_pobj *o = new_object(fl, f, loc);
        if (o)
            load_object(fl, o, i, 2, e, 1);
    }
}

/* cJSON accepts what JSON and jevents.py's reader refuse: report it. */
static void raw_control(file_load *fl, size_t raw)
{
    int line, col;
    json_line_col(fl->text, fl->len, raw, &line, &col);
    hw_loc loc = loc_at(fl->file, line, col);
    diag_error(fl->d, &loc, "JSON syntax error: raw control character U+%04X in a "
               "string (write it escaped, e.g. \\n)", (unsigned char)fl->text[raw]);
}

/* The file's tree, or NULL after reporting its first error: a raw control
 * character before any other (for a text cJSON accepts, the scan of
 * positions finds those, see load_text). */
/* The file's tree, in `a` (json_parse_in), or NULL after reporting. */
static cJSON *parse(file_load *fl, hw_arena *a)
{
    const char *end = NULL;
    cJSON *root = json_parse_in(a, fl->text, fl->len, &end);
    if (root)
        return root;
    size_t raw = json_raw_control(fl->text, fl->len);
    if (raw < fl->len) {
        raw_control(fl, raw);
        return NULL;
    }
    size_t off = end && end >= fl->text ? (size_t)(end - fl->text) : 0;
    int line, col;
    json_line_col(fl->text, fl->len, off, &line, &col);
    hw_loc loc = loc_at(fl->file, line, col);
    diag_error(fl->d, &loc, "JSON syntax error%s", off >= fl->len ? " (unexpected end)" : "");
    return NULL;
}

static int load_text(file_load *fl, const char *name)
{
    hw_arena *tree = arena_create();
    cJSON *root = tree ? parse(fl, tree) : NULL;
    if (!root) {
        if (!tree)
            diag_error(fl->d, NULL, "out of memory");
        arena_free(tree);
        return -1;
    }
    int groups = strcmp(name, "metricgroups.json") == 0, rc = -1;
    size_t raw = fl->len;
    if (json_spots(fl->text, fl->len, &fl->spots, &fl->nspots, &raw) != 0) {
        diag_error(fl->d, NULL, "out of memory");
    } else if (raw < fl->len) {
        raw_control(fl, raw);
    } else if (groups ? !cJSON_IsObject(root) : !cJSON_IsArray(root)) {
        hw_loc loc = loc_at(fl->file, 1, 1);
        diag_error(fl->d, &loc, "expected a JSON %s at the top level",
                   groups ? "object (group name -> description)" : "array of objects");
    } else {
        hw_pfile *f = IR_PUSH(fl->t, pfiles);
        if (f) {
            f->loc = loc_at(fl->file, 0, 0);
            f->name = arena_strdup(fl->t->arena, name);
            f->is_object = groups;
            load_root(fl, f, root);
            rc = 0;
        }
    }
    free(fl->spots);
    arena_free(tree);
    return rc;
}

int perf_json_load(hw_target *t, const char *path, const char *name, hw_diag *d)
{
    hw_buf text;
    buf_init(&text);
    int before = d->errors;
    file_load fl = {t, d, arena_strdup(t->arena, path), NULL, 0, NULL, 0, 0, 0, {0}};
    buf_init(&fl.path);
    int rc = perf_tree_read(path, &text, 0, d);
    if (rc == 0 && fl.file) {
        fl.text = text.data ? text.data : "";
        fl.len = text.len;
        rc = load_text(&fl, name);
    }
    buf_free(&fl.path);
    buf_free(&text);
    return rc == 0 && d->errors == before ? 0 : -1;
}
