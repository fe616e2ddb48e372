/* load_perf_tree.c - which directories of a perf pmu-events tree a path
 * names, and one target for each (load_perf.h).
 *
 * The tree is arch/<arch>/ with, per arch, a mapfile.csv (CPU id ->
 * directory; arch/test has none), JSON files of standard events directly
 * in it (arm64, riscv, test), and model directories, possibly below a
 * vendor's directory, possibly with a sys/ directory of SoC PMUs. Every
 * directory that directly holds JSON files is one target; the arch's own
 * files and its mapfile are one more (perf_dir "").
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

#include "run/par.h"
#include "load/load_perf_files.h"

/* Deeper than any tree (jevents.py reads four levels below an arch); a
 * bound for directories that link back up. */
enum { MAX_DEPTH = 16 };

/* The licence of the kernel's tree, which every target keeps. */
static const char TREE_LICENSE[] = "GPL-2.0-only";

typedef struct tree_out {
    hw_target ***list;
    int *n;
    hw_diag *d;
    int failed;
} tree_out;

/* A directory that directly holds JSON files: one target, read later. */
typedef struct model_dir {
    char *dir;    /* as shown; malloc'd */
    char *rel;    /* below the arch; malloc'd */
    char **names; /* its entries (list_dir) */
    hw_target *t; /* what it read into; NULL until then or when it failed */
} model_dir;

/* One arch being read: its own target and its standard events. */
typedef struct arch_load {
    tree_out *to;
    const char *name; /* "x86" */
    hw_target *own;   /* the arch's files and mapfile */
    perf_archstd std;
    model_dir *dirs;  /* malloc'd, in the order walk() finds them */
    int ndirs;
    int cap;
} arch_load;

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

static void put(tree_out *to, hw_target *t)
{
    hw_target **grown = realloc(*to->list, ((size_t)*to->n + 1) * sizeof *grown);
    if (!grown) {
        diag_error(to->d, NULL, "out of memory");
        target_free(t);
        to->failed = 1;
        return;
    }
    *to->list = grown;
    grown[(*to->n)++] = t;
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

/* One model (or sys, or vendor-less) directory's target: item i of a
 * par_each over al->dirs. Each reads only its own directory and the
 * arch's standard events, which nothing changes once built. */
static int model_target(void *ctx, int i, hw_diag *d)
{
    arch_load *al = ctx;
    model_dir *m = &al->dirs[i];
    hw_target *t = m->dir && m->rel ? tree_target(m->dir, al->name, m->rel) : NULL;
    if (!t) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    if (read_files(t, m->dir, m->names, d) != 0 || perf_interpret(t, &al->std, d) != 0) {
        target_free(t);
        return -1;
    }
    m->t = t;
    return 0;
}

/* Keep `dir` for model_target: 0 when it took `names`, -1 when out of
 * memory (reported). */
static int note_model(arch_load *al, const char *dir, const char *rel, char **names)
{
    if (al->ndirs == al->cap) {
        int cap = al->cap * 2 + 16;
        model_dir *grown = realloc(al->dirs, (size_t)cap * sizeof *grown);
        if (!grown) {
            diag_error(al->to->d, NULL, "out of memory");
            al->to->failed = 1;
            return -1;
        }
        al->dirs = grown;
        al->cap = cap;
    }
    model_dir m = {strdup(dir), strdup(rel), names, NULL};
    al->dirs[al->ndirs++] = m;
    if (!m.dir || !m.rel) {
        diag_error(al->to->d, NULL, "out of memory");
        al->to->failed = 1;
    }
    return 0;
}

/* `dir` (shown so, `rel` below the arch) and every directory below it:
 * each that holds JSON files is noted in al->dirs. */
static void walk(arch_load *al, const char *dir, const char *rel, int depth)
{
    int n;
    char **names = list_dir(dir, &n, al->to->d);
    if (!names) {
        al->to->failed = 1;
        return;
    }
    int noted = *rel && has_json(dir, names) && note_model(al, dir, rel, names) == 0;
    for (char **p = names; *p && depth < MAX_DEPTH; p++) {
        char sub[PATH_MAX], sub_rel[PATH_MAX];
        snprintf(sub, sizeof sub, "%s/%s", dir, *p);
        snprintf(sub_rel, sizeof sub_rel, "%s%s%s", rel, *rel ? "/" : "", *p);
        if (is_dir(sub))
            walk(al, sub, sub_rel, depth + 1);
    }
    if (!noted)
        free_list(names);
}

/* Read every directory walk() noted, side by side, and put their targets
 * in walk's order; frees al->dirs. */
static void read_models(arch_load *al)
{
    if (par_each(al->ndirs, model_target, al, al->to->d) != 0)
        al->to->failed = 1;
    for (int i = 0; i < al->ndirs; i++) {
        model_dir *m = &al->dirs[i];
        if (m->t)
            put(al->to, m->t);
        free(m->dir);
        free(m->rel);
        free_list(m->names);
    }
    free(al->dirs);
    al->dirs = NULL;
    al->ndirs = al->cap = 0;
}

/* ---- an arch ---------------------------------------------------------------- */

/* The arch's own target: its JSON files and its mapfile. NULL after
 * reporting. */
static hw_target *arch_target(arch_load *al, const char *dir)
{
    hw_diag *d = al->to->d;
    int n;
    char **names = list_dir(dir, &n, d);
    hw_target *t = names ? tree_target(dir, al->name, "") : NULL;
    char map[PATH_MAX];
    snprintf(map, sizeof map, "%s/mapfile.csv", dir);
    int ok = t && read_files(t, dir, names, d) == 0 && read_mapfile(t, map, d) == 0 &&
             perf_interpret(t, NULL, d) == 0;
    if (t && !ok)
        target_free(t);
    if (names && !t)
        diag_error(d, NULL, "out of memory");
    free_list(names);
    return ok ? t : NULL;
}

static int by_dir(const void *pa, const void *pb)
{
    const hw_target *a = *(hw_target *const *)pa, *b = *(hw_target *const *)pb;
    return strcmp(a->perf_dir, b->perf_dir);
}

/* Arch `name` at `dir`: all of it when `sub` is NULL; else only the
 * directory shown as `sub_shown`, `sub` below the arch, and those below
 * it. */
static void load_arch(tree_out *to, const char *dir, const char *name, const char *sub,
                      const char *sub_shown)
{
    arch_load al = {.to = to, .name = name};
    int first = *to->n;
    if (!sub && strcmp(name, "test") != 0) {
        char map[PATH_MAX];
        snprintf(map, sizeof map, "%s/mapfile.csv", dir);
        if (!is_file(map)) {
            hw_loc loc = loc_at(dir, 0, 0);
            diag_warning(to->d, &loc, "arch %s has no mapfile.csv: perf's jevents.py needs one "
                         "for every arch but test", name);
        }
    }
    al.own = arch_target(&al, dir);
    if (!al.own || perf_archstd_build(&al.std, al.own) != 0) {
        if (al.own)
            diag_error(to->d, NULL, "out of memory");
        to->failed = 1;
    } else {
        if (sub)
            walk(&al, sub_shown, sub, 0);
        else
            walk(&al, dir, "", 0);
        read_models(&al);
        if (*to->n > first &&
            perf_cores_assign(al.own, *to->list + first, *to->n - first, to->d) != 0)
            to->failed = 1;
    }
    perf_archstd_free(&al.std);
    int keep = al.own && !sub && (al.own->npfiles || al.own->nmapfile_lines);
    if (keep)
        put(to, al.own);
    else
        target_free(al.own);
    if (*to->n > first + 1)
        qsort(*to->list + first, (size_t)(*to->n - first), sizeof **to->list, by_dir);
}

/* ---- what a path names -------------------------------------------------------- */

/* Every directory below `root` is an arch (jevents.py reads them so). */
static void load_root(tree_out *to, const char *root)
{
    int n;
    char **names = list_dir(root, &n, to->d);
    if (!names) {
        to->failed = 1;
        return;
    }
    for (char **p = names; *p; p++) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s/%s", root, *p);
        if (is_dir(dir))
            load_arch(to, dir, *p, NULL, NULL);
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
static int load_inside(tree_out *to, const char *path)
{
    char real[PATH_MAX], arch[PATH_MAX];
    if (!realpath(path, real))
        return -1;
    snprintf(arch, sizeof arch, "%s", real);
    for (char *cut = strrchr(arch, '/'); cut && cut > arch; cut = strrchr(arch, '/')) {
        *cut = '\0';
        if (is_arch_dir(arch)) {
            load_arch(to, arch, base_name(arch), real + (cut - arch) + 1, path);
            return 0;
        }
    }
    return -1;
}

int load_perf_tree(const char *path, hw_target ***out, int *n, hw_diag *d)
{
    tree_out to = {out, n, d, 0};
    int before = *n;
    char below[PATH_MAX];
    snprintf(below, sizeof below, "%s/arch", path);
    char real[PATH_MAX];
    const char *name = realpath(path, real) ? base_name(real) : base_name(path);
    hw_loc loc = loc_at(path, 0, 0);
    if (!is_dir(path)) {
        diag_error(d, &loc, "not a directory");
        return -1;
    }
    if (is_dir(below) && has_arch_below(below))
        load_root(&to, below); /* tools/perf/pmu-events */
    else if (is_arch_dir(path))
        load_arch(&to, path, name, NULL, NULL);
    else if (has_arch_below(path))
        load_root(&to, path);
    else if (load_inside(&to, path) != 0) {
        diag_error(d, &loc, "not a perf pmu-events tree: no mapfile.csv here or in a "
                   "directory above, and no arch directory below");
        return -1;
    }
    if (*n == before && !to.failed) {
        diag_error(d, &loc, "no JSON file of a perf pmu-events tree in it or below it");
        return -1;
    }
    return to.failed ? -1 : 0;
}
