/* load_perf_tree.c - which directories of a perf pmu-events tree a path
 * names, and one target for each (load_perf.h).
 *
 * The tree is arch/<arch>/ with, per arch, a mapfile.csv (CPU id ->
 * directory; arch/test has none), JSON files of standard events directly
 * in it (arm64, riscv, test), and model directories, possibly below a
 * vendor's directory, possibly with a sys/ directory of SoC PMUs. Every
 * directory that directly holds JSON files is one target; the arch's own
 * files and its mapfile are one more (perf_dir "").
 *
 * Listing walks the directories and reads no file; each target is then an
 * item the pipeline loads (load.h), beside the others.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "load/load_perf.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "load/load_perf_files.h"

/* Deeper than any tree (jevents.py reads four levels below an arch); a
 * bound for directories that link back up. */
enum { MAX_DEPTH = 16 };

/* The licence of the kernel's tree, which every target keeps. */
static const char TREE_LICENSE[] = "GPL-2.0-only";

/* ---- the file system ------------------------------------------------------ */

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* An arch directory: it has a mapfile, or is arch/test (which has none). */
static int is_arch_dir(const char *path)
{
    char map[PATH_MAX];
    snprintf(map, sizeof map, "%s/mapfile.csv", path);
    return is_file(map) || strcmp(base_name(path), "test") == 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of `dir` but "." ones, sorted by strcmp as jevents.py sorts
 * them (not by locale). NULL-terminated, malloc'd; NULL after reporting. */
static char **list_dir(const char *dir, int *n, hw_diag *d)
{
    DIR *dp = opendir(dir);
    char **names = NULL;
    *n = 0;
    if (!dp) {
        hw_loc loc = loc_at(dir, 0, 0);
        diag_error(d, &loc, "cannot read the directory: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 0;
    for (struct dirent *e; (e = readdir(dp)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if ((size_t)*n + 1 >= cap) {
            char **grown = realloc(names, (cap = cap * 2 + 16) * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        if (!(names[*n] = strdup(e->d_name)))
            break;
        names[++*n] = NULL;
    }
    closedir(dp);
    if (names)
        qsort(names, (size_t)*n, sizeof *names, by_name);
    else if ((names = calloc(1, sizeof *names)) == NULL)
        diag_error(d, NULL, "out of memory");
    return names;
}

static void free_list(char **names)
{
    for (char **p = names; p && *p; p++)
        free(*p);
    free(names);
}

/* ---- targets --------------------------------------------------------------- */

/* "arm64/arm/cortex-a76" as a C stem (sep '_') or a file stem (sep '-'). */
static const char *stem(hw_arena *a, const char *path, char sep)
{
    char *s = arena_strdup(a, path);
    for (char *p = s; p && *p; p++) {
        char c = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
        *p = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? c : sep;
    }
    return s;
}

/* The vendor is the directory a model directory is in, where there is
 * one: arm64/<vendor>/<model>, riscv/<vendor>/<model>. */
static const char *vendor_of(hw_arena *a, const char *rel)
{
    const char *slash = strchr(rel, '/');
    return slash ? arena_strndup(a, rel, (size_t)(slash - rel)) : NULL;
}

/* kind: "arch" for the arch's own files (standard events, the mapfile);
 * "sys" for a sys/ directory (SoC PMUs, found by their Compat string, not
 * by CPU); "cpu" for a model directory. */
static const char *kind_of(const char *rel)
{
    if (!*rel)
        return "arch";
    return strcmp(base_name(rel), "sys") == 0 ? "sys" : "cpu";
}

/* A target for the directory shown as `shown`, `rel` below arch `arch`. */
static hw_target *tree_target(const char *shown, const char *arch, const char *rel)
{
    hw_target *t = target_create(shown);
    if (!t)
        return NULL;
    hw_arena *a = t->arena;
    const char *full = *rel ? arena_printf(a, "%s/%s", arch, rel) : arena_strdup(a, arch);
    t->format = HW_FORMAT_PMU_EVENTS;
    t->perf_arch = arena_strdup(a, arch);
    t->perf_dir = arena_strdup(a, rel);
    /* the manifest keys targets by it: the same wherever the tree is */
    t->spec_name = arena_printf(a, "arch/%s", full ? full : "");
    t->id = stem(a, full ? full : "", '_');
    t->slug = stem(a, full ? full : "", '-');
    t->name = full;
    t->vendor = vendor_of(a, rel);
    t->kind = kind_of(rel);
    t->source = "Linux perf pmu-events tree";
    t->license = TREE_LICENSE;
    t->loc = loc_at(t->spec_path, 0, 0);
    return t;
}

/* mapfile.csv, line by line as written. 0, or -1 after reporting. */
static int read_mapfile(hw_target *t, const char *path, hw_diag *d)
{
    hw_buf b;
    buf_init(&b);
    int rc = perf_tree_read(path, &b, 1, d);
    const char *text = b.data ? b.data : "", *end = text + b.len;
    size_t lines = 0;
    for (const char *p = text; rc == 0 && p < end; p++)
        lines += *p == '\n';
    lines += b.len && end[-1] != '\n';
    if (rc == 0 && lines)
        t->mapfile_lines = arena_alloc(t->arena, lines * sizeof *t->mapfile_lines);
    for (const char *p = text; t->mapfile_lines && rc == 0 && p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        t->mapfile_lines[t->nmapfile_lines++] = arena_strndup(t->arena, p, n);
        t->mapfile_unterminated = !nl;
        p += n + 1;
    }
    buf_free(&b);
    return rc < 0 ? -1 : 0;
}

/* Read the JSON files of `dir` (entries `names`) into t; note the others.
 * 0, or -1 after reporting. */
static int read_files(hw_target *t, const char *dir, char **names, hw_diag *d)
{
    int rc = 0;
    for (char **p = names; *p; p++) {
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, *p);
        if (!is_file(path))
            continue;
        if (ends_with(*p, ".json")) {
            if (perf_json_load(t, path, *p, d) != 0)
                rc = -1;
        } else if (strcmp(*p, "mapfile.csv") != 0 || *t->perf_dir) {
            hw_loc loc = loc_at(path, 0, 0);
            diag_note(d, &loc, "not a JSON file: not read (perf's jevents.py reads none)");
        }
    }
    return rc;
}

static int has_json(const char *dir, char **names)
{
    for (char **p = names; *p; p++) {
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, *p);
        if (ends_with(*p, ".json") && is_file(path))
            return 1;
    }
    return 0;
}

/* ---- listing: what a path names ------------------------------------------------ */

/* One path being listed into l, reporting into d. */
typedef struct tree_list {
    load_items *l;
    int path;
    hw_diag *d;
} tree_list;

static void list_failed(tree_list *tl)
{
    tl->l->paths[tl->path].failed = 1;
}

static void list_oom(tree_list *tl)
{
    diag_error(tl->d, NULL, "out of memory");
    list_failed(tl);
}

/* Keep `dir` (shown so, `rel` below arch `arch`) as an item: 0 when it
 * took `names`, -1 when out of memory (reported). */
static int note_dir(tree_list *tl, int arch, const char *dir, const char *rel, char **names)
{
    load_item *it = load_items_add(tl->l, LOAD_DIR, tl->path);
    char *shown = strdup(dir), *below = strdup(rel);
    if (!it || !shown || !below) {
        free(shown);
        free(below);
        list_oom(tl);
        return -1;
    }
    it->arch = arch;
    it->file = shown;
    it->rel = below;
    it->names = names;
    return 0;
}

/* `dir` (shown so, `rel` below the arch) and every directory below it:
 * each that holds JSON files is an item of arch `arch`. */
static void walk(tree_list *tl, int arch, const char *dir, const char *rel, int depth)
{
    int n;
    char **names = list_dir(dir, &n, tl->d);
    if (!names) {
        list_failed(tl);
        return;
    }
    int noted = *rel && has_json(dir, names) && note_dir(tl, arch, dir, rel, names) == 0;
    for (char **p = names; *p && depth < MAX_DEPTH; p++) {
        char sub[PATH_MAX], sub_rel[PATH_MAX];
        snprintf(sub, sizeof sub, "%s/%s", dir, *p);
        snprintf(sub_rel, sizeof sub_rel, "%s%s%s", rel, *rel ? "/" : "", *p);
        if (is_dir(sub))
            walk(tl, arch, sub, sub_rel, depth + 1);
    }
    if (!noted)
        free_list(names);
}

/* A new arch of l, at `dir`, called `name`: its index, or -1 when out
 * of memory (reported). */
static int add_arch(tree_list *tl, const char *dir, const char *name, int whole)
{
    load_items *l = tl->l;
    if (l->narches == l->arch_cap) {
        int cap = l->arch_cap * 2 + 8;
        load_arch *grown = realloc(l->arches, (size_t)cap * sizeof *grown);
        if (!grown) {
            list_oom(tl);
            return -1;
        }
        l->arches = grown;
        l->arch_cap = cap;
    }
    load_arch *a = &l->arches[l->narches];
    *a = (load_arch){.dir = strdup(dir), .name = strdup(name), .whole = whole};
    l->narches++;
    if (!a->dir || !a->name) {
        list_oom(tl);
        return -1;
    }
    return l->narches - 1;
}

/* Arch `name` at `dir`: all of it when `sub` is NULL; else only the
 * directory shown as `sub_shown`, `sub` below the arch, and those below
 * it. Its items: its own files, its directories, its end. */
static void list_arch(tree_list *tl, const char *dir, const char *name, const char *sub,
                      const char *sub_shown)
{
    if (!sub && strcmp(name, "test") != 0) {
        char map[PATH_MAX];
        snprintf(map, sizeof map, "%s/mapfile.csv", dir);
        if (!is_file(map)) {
            hw_loc loc = loc_at(dir, 0, 0);
            diag_warning(tl->d, &loc, "arch %s has no mapfile.csv: perf's jevents.py needs one "
                         "for every arch but test", name);
        }
    }
    int ai = add_arch(tl, dir, name, !sub), n;
    char **names = ai < 0 ? NULL : list_dir(dir, &n, tl->d);
    if (!names) {
        list_failed(tl);
        return;
    }
    load_items *l = tl->l;
    l->arches[ai].names = names;
    l->arches[ai].first = l->nitems;
    load_item *own = load_items_add(l, LOAD_ARCH, tl->path);
    if (own)
        own->arch = ai;
    walk(tl, ai, sub ? sub_shown : dir, sub ? sub : "", 0);
    load_item *end = load_items_add(l, LOAD_ARCH_END, tl->path);
    if (end)
        end->arch = ai;
    if (!own || !end)
        list_oom(tl);
    l->arches[ai].end = l->nitems;
}

/* Every directory below `root` is an arch (jevents.py reads them so). */
static void list_root(tree_list *tl, const char *root)
{
    int n;
    char **names = list_dir(root, &n, tl->d);
    if (!names) {
        list_failed(tl);
        return;
    }
    for (char **p = names; *p; p++) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s/%s", root, *p);
        if (is_dir(dir))
            list_arch(tl, dir, *p, NULL, NULL);
    }
    free_list(names);
}

static int has_arch_below(const char *path)
{
    int n;
    hw_diag quiet;
    diag_init(&quiet, NULL);
    char **names = list_dir(path, &n, &quiet);
    int found = 0;
    for (char **p = names; p && *p && !found; p++) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s/%s", path, *p);
        found = is_dir(dir) && is_arch_dir(dir);
    }
    free_list(names);
    diag_free(&quiet);
    return found;
}

/* A directory inside an arch: the arch is its nearest parent that is an
 * arch directory. 0, or -1 when there is none. */
static int list_inside(tree_list *tl, const char *path)
{
    char real[PATH_MAX], arch[PATH_MAX];
    if (!realpath(path, real))
        return -1;
    snprintf(arch, sizeof arch, "%s", real);
    for (char *cut = strrchr(arch, '/'); cut && cut > arch; cut = strrchr(arch, '/')) {
        *cut = '\0';
        if (is_arch_dir(arch)) {
            list_arch(tl, arch, base_name(arch), real + (cut - arch) + 1, path);
            return 0;
        }
    }
    return -1;
}

int perf_tree_list(load_items *l, int p, const char *path, hw_diag *d)
{
    tree_list tl = {l, p, d};
    char below[PATH_MAX];
    snprintf(below, sizeof below, "%s/arch", path);
    char real[PATH_MAX];
    const char *name = realpath(path, real) ? base_name(real) : base_name(path);
    hw_loc loc = loc_at(path, 0, 0);
    if (!is_dir(path)) {
        diag_error(d, &loc, "not a directory");
        list_failed(&tl);
        return -1;
    }
    if (is_dir(below) && has_arch_below(below))
        list_root(&tl, below); /* tools/perf/pmu-events */
    else if (is_arch_dir(path))
        list_arch(&tl, path, name, NULL, NULL);
    else if (has_arch_below(path))
        list_root(&tl, path);
    else if (list_inside(&tl, path) != 0) {
        diag_error(d, &loc, "not a perf pmu-events tree: no mapfile.csv here or in a "
                   "directory above, and no arch directory below");
        list_failed(&tl);
        return -1;
    }
    load_item *end = load_items_add(l, LOAD_TREE_END, p);
    if (!end || !(end->file = strdup(path)))
        list_oom(&tl);
    return l->paths[p].failed ? -1 : 0;
}

/* ---- items: the targets ---------------------------------------------------------- */

/* The arch's own target (its JSON files and its mapfile), and its standard
 * events, which its directories read. */
static int arch_item(load_arch *a, hw_diag *d)
{
    hw_target *t = tree_target(a->dir, a->name, "");
    if (!t) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    char map[PATH_MAX];
    snprintf(map, sizeof map, "%s/mapfile.csv", a->dir);
    if (read_files(t, a->dir, a->names, d) != 0 || read_mapfile(t, map, d) != 0 ||
        perf_interpret(t, NULL, d) != 0) {
        target_free(t);
        return -1;
    }
    a->own = t;
    if (perf_archstd_build(&a->std, t) != 0) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    a->ready = 1;
    return 0;
}

/* One model (or sys, or vendor-less) directory's target. It reads only its
 * own directory and the arch's standard events, which nothing changes once
 * built. */
static int dir_item(const load_arch *a, load_item *it, hw_diag *d)
{
    if (!a->ready)
        return -1; /* the arch's own files failed, and said why */
    hw_target *t = tree_target(it->file, a->name, it->rel);
    if (!t) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    if (read_files(t, it->file, it->names, d) != 0 || perf_interpret(t, &a->std, d) != 0) {
        target_free(t);
        return -1;
    }
    it->t = t;
    return 0;
}

static int by_dir(const void *pa, const void *pb)
{
    const hw_target *a = *(hw_target *const *)pa, *b = *(hw_target *const *)pb;
    return strcmp(a->perf_dir, b->perf_dir);
}

/* The arch's targets, by directory: its directories that loaded, with the
 * cores its mapfile gives them, and its own target when the whole arch
 * was given and it has something. */
static int arch_end_item(load_items *l, load_arch *a, hw_diag *d)
{
    hw_target **ts = calloc((size_t)(a->end - a->first) + 1, sizeof *ts);
    if (!ts) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    int n = 0, rc = 0;
    for (int i = a->first; i < a->end; i++)
        if (l->items[i].kind == LOAD_DIR && l->items[i].t) {
            ts[n++] = l->items[i].t;
            l->items[i].t = NULL;
        }
    if (n && perf_cores_assign(a->own, ts, n, d) != 0)
        rc = -1;
    perf_archstd_free(&a->std);
    if (a->own && a->whole && (a->own->npfiles || a->own->nmapfile_lines))
        ts[n++] = a->own;
    else
        target_free(a->own);
    a->own = NULL;
    qsort(ts, (size_t)n, sizeof *ts, by_dir);
    a->targets = ts;
    a->ntargets = n;
    return rc;
}

/* A path whose listing and items went well but named no target. */
static int tree_end_item(const load_items *l, const load_item *end, hw_diag *d)
{
    int any = 0, failed = l->paths[end->path].failed;
    for (int i = 0; i < l->nitems; i++) {
        const load_item *it = &l->items[i];
        if (it->path != end->path || it == end)
            continue;
        failed |= it->failed;
        any |= it->kind == LOAD_ARCH_END && l->arches[it->arch].ntargets > 0;
    }
    if (any || failed)
        return 0;
    hw_loc loc = loc_at(end->file, 0, 0);
    diag_error(d, &loc, "no JSON file of a perf pmu-events tree in it or below it");
    return -1;
}

int perf_tree_item(load_items *l, load_item *it, hw_diag *d)
{
    switch (it->kind) {
    case LOAD_ARCH:
        return arch_item(&l->arches[it->arch], d);
    case LOAD_DIR:
        return dir_item(&l->arches[it->arch], it, d);
    case LOAD_ARCH_END:
        return arch_end_item(l, &l->arches[it->arch], d);
    case LOAD_TREE_END:
        return tree_end_item(l, it, d);
    case LOAD_SPEC:
    case LOAD_MALI_DB:
        break;
    }
    return -1;
}

void perf_arch_free(load_arch *a)
{
    free(a->dir);
    free(a->name);
    free_list(a->names);
    target_free(a->own);
    perf_archstd_free(&a->std);
    for (int i = 0; i < a->ntargets; i++)
        target_free(a->targets[i]);
    free(a->targets);
}
