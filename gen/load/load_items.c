/* load_items.c - the items the paths given name, and loading one
 * (load_items.h). */
#include "load/load_items.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "load/load.h"
#include "load/load_mali_db.h"
#include "load/load_panfrost.h"
#include "load/load_perf.h"

void load_items_init(load_items *l)
{
    memset(l, 0, sizeof *l);
}

void load_items_free(load_items *l)
{
    for (int i = 0; i < l->nitems; i++) {
        load_item *it = &l->items[i];
        free(it->file);
        free(it->product);
        free(it->rel);
        for (int k = 0; k < it->nts; k++)
            target_free(it->ts[k]);
        free(it->ts);
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

/* A path naming Arm's Mali counter database, or one product of it, is one
 * item. 1 when `path` is one (its item added), 0 when not. */
static int mali_db_item(load_items *l, int p, const char *path, hw_diag *d)
{
    const char *product = NULL;
    char *db = mali_db_dir(path);
    if (!db && !(db = mali_db_product_path(path, &product)))
        return 0;
    load_item *it = load_items_add(l, LOAD_MALI_DB, p);
    if (!it || (product && !(it->product = strdup(product)))) {
        free(db);
        diag_error(d, NULL, "out of memory");
        l->paths[p].failed = 1;
        return 1;
    }
    it->file = db;
    return 1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_oa_xml(const char *name)
{
    size_t n = strlen(name);
    return strncmp(name, "oa-", 3) == 0 && n > 7 && strcmp(name + n - 4, ".xml") == 0;
}

static int is_xml(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".xml") == 0;
}

static void free_files(char **files)
{
    for (char **f = files; f && *f; f++)
        free(*f);
    free(files);
}

/* The files of a directory whose names `want` accepts, sorted (malloc'd,
 * NULL-ended); NULL when it has none, cannot be read, or memory ran out. */
static char **dir_files(const char *dir, int (*want)(const char *name))
{
    DIR *dp = opendir(dir);
    if (!dp)
        return NULL;
    char **names = NULL;
    size_t n = 0;
    int oom = 0;
    for (struct dirent *e = readdir(dp); e && !oom; e = readdir(dp)) {
        if (!want(e->d_name))
            continue;
        char **grown = realloc(names, (n + 2) * sizeof *grown);
        char *full = malloc(strlen(dir) + strlen(e->d_name) + 2);
        oom = !grown || !full;
        if (grown)
            names = grown;
        if (!oom) {
            sprintf(full, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
            names[n++] = full;
            names[n] = NULL;
        } else {
            free(full);
        }
    }
    closedir(dp);
    if (oom) {
        free_files(names);
        return NULL;
    }
    if (names)
        qsort(names, n, sizeof *names, by_name);
    return names;
}

/* One spec item per file, in order, for path p; takes the list. */
static void add_files(load_items *l, int p, char **files, hw_diag *d)
{
    for (char **f = files; *f; f++) {
        load_item *it = load_items_add(l, LOAD_SPEC, p);
        if (!it) {
            diag_error(d, NULL, "out of memory");
            l->paths[p].failed = 1;
            free(*f);
            continue;
        }
        it->file = *f;
    }
    free(files);
}

/* A directory of Intel OA metric files (oa-*.xml, Mesa's and IGT's
 * layout), or of Panfrost's files and no other XML (Mesa's
 * src/panfrost/perf): one spec item per file, in name order. 1 when
 * `path` is either. */
static int spec_dir_items(load_items *l, int p, const char *path, hw_diag *d)
{
    char **files = dir_files(path, is_oa_xml);
    if (!files) {
        files = dir_files(path, is_xml);
        for (char **f = files; f && *f; f++)
            if (!panfrost_file(*f)) {
                free_files(files);
                return 0;
            }
    }
    if (!files)
        return 0;
    add_files(l, p, files, d);
    return 1;
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
    if (mali_db_item(l, p, path, d) != 0)
        return p;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!spec_dir_items(l, p, path, d))
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
    case LOAD_MALI_DB:
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
    else if (it->kind == LOAD_MALI_DB)
        rc = load_mali_db(it->file, it->product, &it->ts, &it->nts, d);
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
        for (int k = 0; k < it->nts; k++)
            oom |= give(out, n, it->ts[k]) != 0;
        it->nts = 0;
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
