/* load.c - read a spec file and hand it to the loader of its format; the
 * list of items the paths given name, and loading one (load.h). */
#include "load/load.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "core/expr.h"
#include "load/load_perf.h"
#include "load/load_xml.h"

typedef int (*xml_loader)(hw_target *, xmlDocPtr, hw_diag *);

static const struct {
    const char *root;
    const char *schema;
    xml_loader load;
} xml_formats[] = {
    {"gpu-template", "gpu-template.rng", load_gpu_template},
    {"oa-counters", "oa-counters.rng", load_oa},
    {"perf-model", "perf-model.rng", load_model},
};

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Specs are small; a file over this is a mistake or an attack. */
enum { SPEC_MAX_BYTES = 64 * 1024 * 1024 };

static char *read_file(const char *path, size_t *len, hw_diag *d)
{
    hw_loc loc = loc_at(path, 0, 0);
    hw_buf b;
    buf_init(&b);
    if (buf_read_file(&b, path, SPEC_MAX_BYTES) != 0) {
        diag_error(d, &loc, errno == EFBIG ? "file larger than 64 MiB" : "cannot open: %s",
                   strerror(errno));
        buf_free(&b);
        return NULL;
    }
    *len = b.len;
    return buf_steal(&b);
}

static int load_json_file(hw_target *t, const char *path, hw_diag *d)
{
    size_t len = 0;
    char *text = read_file(path, &len, d);
    if (!text)
        return -1;
    int rc = load_telemetry(t, text, len, d);
    free(text);
    return rc;
}

static int load_xml_file(hw_target *t, const char *path, hw_diag *d)
{
    xmlDocPtr doc = xmlu_read(path, d);
    if (!doc)
        return -1;
    const xmlNode *root = xmlDocGetRootElement(doc);
    int rc = -1;
    size_t i = 0, n = sizeof xml_formats / sizeof xml_formats[0];
    while (i < n && !xmlu_is(root, xml_formats[i].root))
        i++;
    if (i == n) {
        hw_loc loc = xmlu_loc(path, root);
        diag_error(d, &loc, "root element <%s> is not a hwcgen spec "
                            "(gpu-template, oa-counters or perf-model)",
                   root ? (const char *)root->name : "");
    } else if (xmlu_validate(doc, xml_formats[i].schema, path, d) == 0) {
        t->format = xml_formats[i].root;
        rc = load_xml_identity(t, root, d);
        if (rc == 0)
            rc = xml_formats[i].load(t, doc, d);
    }
    xmlFreeDoc(doc);
    return rc;
}

hw_target *load_spec(const char *path, hw_diag *d)
{
    hw_target *t = target_create(path);
    if (!t) {
        diag_error(d, NULL, "out of memory");
        return NULL;
    }
    int before = d->errors;
    int rc;
    if (ends_with(path, ".json")) {
        rc = load_json_file(t, path, d);
    } else if (ends_with(path, ".xml")) {
        rc = load_xml_file(t, path, d);
    } else {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "unknown spec format: expected a .json or .xml file");
        rc = -1;
    }
    /* Loaders skip what they could not allocate; never use such a target. */
    if (rc == 0 && arena_failed(t->arena)) {
        hw_loc loc = loc_at(path, 0, 0);
        diag_error(d, &loc, "out of memory while loading");
    }
    if (rc != 0 || d->errors != before) {
        target_free(t);
        return NULL;
    }
    return t;
}

/* ---- loading as items ------------------------------------------------------ */

void load_items_init(load_items *l)
{
    memset(l, 0, sizeof *l);
}

void load_items_free(load_items *l)
{
    for (int i = 0; i < l->nitems; i++) {
        load_item *it = &l->items[i];
        free(it->file);
        free(it->rel);
        for (char **p = it->names; p && *p; p++)
            free(*p);
        free(it->names);
        target_free(it->t);
    }
    for (int i = 0; i < l->narches; i++)
        perf_arch_free(&l->arches[i]);
    free(l->items);
    free(l->arches);
    free(l->paths);
    load_items_init(l);
}

load_item *load_items_add(load_items *l, load_kind kind, int p)
{
    if (l->nitems == l->item_cap) {
        int cap = l->item_cap * 2 + 16;
        load_item *grown = realloc(l->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return NULL;
        l->items = grown;
        l->item_cap = cap;
    }
    load_item *it = &l->items[l->nitems++];
    *it = (load_item){.kind = kind, .path = p, .arch = -1};
    return it;
}

int load_items_path(load_items *l, const char *path, hw_diag *d)
{
    if (l->npaths == l->path_cap) {
        int cap = l->path_cap * 2 + 8;
        load_path *grown = realloc(l->paths, (size_t)cap * sizeof *grown);
        if (!grown) {
            diag_error(d, NULL, "out of memory");
            return -1;
        }
        l->paths = grown;
        l->path_cap = cap;
    }
    int p = l->npaths++;
    l->paths[p] = (load_path){0};
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        perf_tree_list(l, p, path, d);
        return p;
    }
    load_item *it = load_items_add(l, LOAD_SPEC, p);
    if (!it || !(it->file = strdup(path))) {
        diag_error(d, NULL, "out of memory");
        l->paths[p].failed = 1;
    }
    return p;
}

int load_item_wave(const load_items *l, int i)
{
    switch (l->items[i].kind) {
    case LOAD_DIR:
        return 1;
    case LOAD_ARCH_END:
        return 2;
    case LOAD_TREE_END:
        return 3;
    case LOAD_SPEC:
    case LOAD_ARCH:
        break;
    }
    return 0;
}

int load_item_path(const load_items *l, int i)
{
    return l->items[i].path;
}

int load_items_run(load_items *l, int i, hw_diag *d)
{
    load_item *it = &l->items[i];
    int rc;
    if (it->kind == LOAD_SPEC)
        rc = (it->t = load_spec(it->file, d)) ? 0 : -1;
    else
        rc = perf_tree_item(l, it, d);
    it->failed = rc != 0;
    return rc;
}

/* Move t to the end of *out (grown by one; *n counts). -1 when out of
 * memory: t is freed. */
static int give(hw_target ***out, int *n, hw_target *t)
{
    hw_target **grown = realloc(*out, ((size_t)*n + 1) * sizeof *grown);
    if (!grown) {
        target_free(t);
        return -1;
    }
    *out = grown;
    grown[(*n)++] = t;
    return 0;
}

int load_items_take(load_items *l, int p, hw_target ***out, int *n, hw_diag *d)
{
    *out = NULL;
    *n = 0;
    int failed = l->paths[p].failed, oom = 0;
    for (int i = 0; i < l->nitems; i++) {
        load_item *it = &l->items[i];
        if (it->path != p)
            continue;
        failed |= it->failed;
        if (it->t)
            oom |= give(out, n, it->t) != 0;
        it->t = NULL;
        load_arch *a = it->kind == LOAD_ARCH_END ? &l->arches[it->arch] : NULL;
        for (int k = 0; a && k < a->ntargets; k++)
            oom |= give(out, n, a->targets[k]) != 0;
        if (a)
            a->ntargets = 0;
    }
    if (oom)
        diag_error(d, NULL, "out of memory");
    return failed || oom ? -1 : 0;
}
