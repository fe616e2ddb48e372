/* merge_perf.c - hwcgen's CPUs merged into a kernel's pmu-events tree (see
 * merge_perf.h). What a CPU's JSON says is emit_perf_cpu's (emit_perf.h);
 * this file reads the tree, chooses the directory, edits the mapfile and
 * writes.
 */
#include "merge/merge_perf.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "emit/perf/emit_perf.h"
#include "load/load_perf_files.h"
#include "write/write_files.h"
#include "render/render.h"

#define ARCH "arch/arm64"
#define MAPFILE ARCH "/mapfile.csv"

/* ---- reading the tree ------------------------------------------------------- */


/* ---- the mapfile ---------------------------------------------------------------- */

/* A line of mapfile.csv, kept as written; a data row also parsed. */
typedef struct map_line {
    const char *text; /* without its line end */
    const char *eol;  /* "\n", "\r\n", or "" for a last line without one */
    int row;          /* a row jevents.py reads: not the first line, not
                         empty, not a '#' comment */
    int has_midr;     /* its first field is a number */
    uint64_t midr;
    const char *path; /* its third field: the directory below arch/arm64 */
} map_line;

typedef struct mapfile {
    hw_arena *a;
    map_line *lines;
    int n;
    size_t cap;
    int changed;
} mapfile;

/* Parse `text` as a row: MIDR,Version,Path,Type. */
static void map_parse_row(mapfile *m, map_line *l)
{
    const char *c1 = strchr(l->text, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
    if (!c2)
        return;
    const char *c3 = strchr(c2 + 1, ',');
    l->path = c3 ? arena_strndup(m->a, c2 + 1, (size_t)(c3 - c2 - 1)) : arena_strdup(m->a, c2 + 1);
    char *end;
    errno = 0;
    unsigned long long v = strtoull(l->text, &end, 16);
    l->has_midr = end != l->text && end == c1 && errno == 0;
    l->midr = v;
}

static map_line *map_push(mapfile *m)
{
    map_line *l = ARENA_PUSH(m->a, m->lines, m->n, m->cap);
    if (l)
        memset(l, 0, sizeof *l);
    return l;
}

static void map_read(mapfile *m, const char *text)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        int cr = len > 0 && p[len - 1] == '\r';
        map_line *l = map_push(m);
        if (!l)
            return;
        l->text = arena_strndup(m->a, p, len - (size_t)cr);
        l->eol = !nl ? "" : cr ? "\r\n" : "\n";
        l->row = m->n > 1 && l->text && l->text[0] && l->text[0] != '#';
        if (l->row)
            map_parse_row(m, l);
        p += len + (nl != NULL);
    }
}

static void map_text(const mapfile *m, hw_buf *b)
{
    for (int i = 0; i < m->n; i++) {
        buf_puts(b, m->lines[i].text);
        buf_puts(b, m->lines[i].eol);
    }
}

/* The row of `midr`, -1 if none, -2 after reporting two. */
static int map_find(const mapfile *m, uint64_t midr, const char *file, hw_diag *d)
{
    int found = -1;
    for (int i = 0; i < m->n; i++) {
        const map_line *l = &m->lines[i];
        if (!l->row || !l->has_midr || l->midr != midr)
            continue;
        if (found >= 0) {
            hw_loc loc = loc_at(file, i + 1, 0);
            diag_error(d, &loc, "MIDR 0x%016" PRIx64 " has a row already, at line %d",
                       midr, found + 1);
            return -2;
        }
        found = i;
    }
    return found;
}

/* A row other than `except` whose directory is `path`, or -1. */
static int map_user(const mapfile *m, const char *path, int except)
{
    for (int i = 0; i < m->n; i++)
        if (i != except && m->lines[i].row && m->lines[i].path &&
            strcmp(m->lines[i].path, path) == 0)
            return i;
    return -1;
}

/* ---- one CPU ------------------------------------------------------------------------- */

typedef struct merge {
    const char *tree;
    const perf_merge_opts *opts;
    hw_diag *d;
    hw_arena *a;
    mapfile map;
    perf_std std;
    out_set out;
    const char **gone; /* files to remove, relative to tree */
    int ngone;
    size_t cap_gone;
    const char **dirs; /* the CPU directories of this run */
    int ndirs;
    size_t cap_dirs;
} merge;

/* A line of the report. */
__attribute__((format(printf, 2, 3)))
static void say(merge *g, const char *fmt, ...)
{
    if (!g->opts->report)
        return;
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(g->opts->report, fmt, ap);
    va_end(ap);
    buf_putc(g->opts->report, '\n');
}

/* Where the new row of `midr` goes: after the last row of its implementer
 * with a lower MIDR, else before the first row of its implementer, else
 * after the last row. */
static int map_place(const mapfile *m, uint64_t midr)
{
    int after = -1, first = -1, last = m->n - 1;
    for (int i = 0; i < m->n; i++) {
        const map_line *l = &m->lines[i];
        if (!l->row)
            continue;
        last = i;
        if (!l->has_midr || ((l->midr >> 24) & 0xff) != ((midr >> 24) & 0xff))
            continue;
        if (first < 0)
            first = i;
        if (l->midr < midr)
            after = i;
    }
    return after >= 0 ? after + 1 : first >= 0 ? first : last + 1;
}

static void map_add_row(merge *g, uint64_t midr, const char *path)
{
    mapfile *m = &g->map;
    int at = map_place(m, midr);
    const char *eol = m->n && *m->lines[0].eol ? m->lines[0].eol : "\n"; /* the file's */
    if (!map_push(m))
        return;
    memmove(&m->lines[at + 1], &m->lines[at], (size_t)(m->n - 1 - at) * sizeof *m->lines);
    map_line *l = &m->lines[at];
    memset(l, 0, sizeof *l);
    l->text = arena_printf(m->a, "0x%016" PRIx64 ",v1,%s,core", midr, path);
    l->eol = eol;
    if (at > 0 && !*m->lines[at - 1].eol) { /* after a last line without one */
        m->lines[at - 1].eol = l->eol;
        l->eol = "";
    }
    l->row = l->has_midr = 1;
    l->midr = midr;
    l->path = arena_strdup(m->a, path);
    m->changed = 1;
    say(g, "mapfile: + %s", l->text ? l->text : "");
}

/* Point row i at `path`, the rest of the row as it was. */
static void map_move_row(merge *g, int i, const char *path)
{
    map_line *l = &g->map.lines[i];
    const char *c2 = strchr(strchr(l->text, ',') + 1, ','), *c3 = strchr(c2 + 1, ',');
    const char *text = arena_printf(g->map.a, "%.*s%s%s", (int)(c2 + 1 - l->text), l->text,
                                    path, c3 ? c3 : "");
    say(g, "mapfile: - %s", l->text);
    say(g, "mapfile: + %s", text ? text : "");
    l->text = text;
    l->path = arena_strdup(g->map.a, path);
    g->map.changed = 1;
}

/* A directory a mapfile row may give: below arch/arm64, not above it. */
static int path_ok(const char *path)
{
    if (!path || !*path || path[0] == '/')
        return 0;
    for (const char *p = path;; p++) {
        if (strncmp(p, "..", 2) == 0 && (p[2] == '/' || p[2] == '\0'))
            return 0;
        if (!(p = strchr(p, '/')))
            return 1;
    }
}

/* The directory below arch/arm64 that t's JSON goes to; NULL after
 * reporting. */
static const char *cpu_dir(merge *g, const hw_target *t)
{
    uint64_t midr = target_midr(t);
    const char *own = arena_printf(g->a, "%s/%s", t->vendor, t->slug);
    int row = map_find(&g->map, midr, arena_printf(g->a, "%s/%s", g->tree, MAPFILE), g->d);
    if (row == -2 || !own)
        return NULL;
    const char *dir = row >= 0 ? g->map.lines[row].path : own;
    const hw_loc *loc = &t->loc;
    if (!path_ok(dir)) {
        diag_error(g->d, loc, "%s gives MIDR 0x%016" PRIx64 " the directory '%s', which "
                   "is not below %s", MAPFILE, midr, dir, ARCH);
        return NULL;
    }
    if (row >= 0 && map_user(&g->map, dir, row) < 0)
        return dir; /* the CPU's own directory, whatever its name */
    int other = map_user(&g->map, own, row);
    if (other < 0 && row >= 0 && strcmp(dir, own) == 0)
        other = map_user(&g->map, dir, row);
    if (other >= 0) {
        diag_error(g->d, loc, "%s: its perf directory %s/%s is that of the CPU at "
                   "line %d of %s too; a CPU needs one of its own", t->name ? t->name : t->id,
                   ARCH, own, other + 1, MAPFILE);
        return NULL;
    }
    if (row >= 0)
        map_move_row(g, row, own);
    else
        map_add_row(g, midr, own);
    return own;
}

/* The JSON files in TREE/ARCH/dir that t no longer has: to remove. */
static int find_gone(merge *g, const char *dir, int from)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s", g->tree, ARCH, dir);
    struct dirent **names;
    int n;
    if (perf_tree_json_files(path, &names, &n, g->d) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        const char *name = arena_printf(g->a, "%s/%s/%s", ARCH, dir, names[i]->d_name);
        const char **slot = NULL;
        if (name && out_find(&g->out, name, from) < 0 &&
            (slot = ARENA_PUSH(g->a, g->gone, g->ngone, g->cap_gone)))
            *slot = name;
    }
    perf_tree_free_files(names, n);
    return 0;
}

static int merge_one(merge *g, const hw_target *t, const hw_plan *p)
{
    const hw_loc *loc = &t->loc;
    if (target_is_perf_tree(t)) {
        diag_error(g->d, loc, "a directory of a perf pmu-events tree, not a spec of a CPU: "
                   "copy its files instead (hwcgen generate writes them under perf/arch/)");
        return -1;
    }
    if (!target_is_cpu_pmu(t)) {
        diag_error(g->d, loc, "not a CPU perf can count (kind \"cpu\" with event codes)");
        return -1;
    }
    const char *dir = cpu_dir(g, t);
    if (!dir)
        return -1;
    for (int i = 0; i < g->ndirs; i++)
        if (strcmp(g->dirs[i], dir) == 0) {
            diag_error(g->d, loc, "a CPU merged before it goes to %s/%s too", ARCH, dir);
            return -1;
        }
    const char **slot = ARENA_PUSH(g->a, g->dirs, g->ndirs, g->cap_dirs);
    if (slot)
        *slot = dir;
    const char *json_dir = arena_printf(g->a, "%s/%s", ARCH, dir);
    emit_to to = {&g->out, NULL, g->d, NULL, NULL};
    int from = g->out.nfiles;
    /* the tree's standard events: which of t's each is, once, by the plan
     * (a warning there made an error, --werror, stops the merge) */
    int before = g->d->errors;
    const perf_std_event **std = perf_plan_std(t, perf_std_lookup, &g->std, g->a, g->d);
    if (!json_dir || !std || g->d->errors != before ||
        emit_perf_cpu(t, p, std, &to, json_dir) != 0)
        return -1;
    return find_gone(g, dir, from);
}

/* ---- writing -------------------------------------------------------------------------- */

/* Where a file of the merge lies: TREE/name (the set names it below the
 * tree). NULL when out of memory. */
static char *in_tree(merge *g, const out_file *f)
{
    return arena_printf(g->a, "%s/%s", g->tree, f->name);
}

static int same_as_disk(const char *path, const out_file *f, hw_buf *b, hw_diag *d)
{
    int rc = perf_tree_read(path, b, 1, d);
    if (rc != 0)
        return rc > 0 ? 0 : -1;
    return b->len == f->len && memcmp(b->data, f->data, f->len) == 0;
}

/* Report each file that changes. 1 when any does, 0 when none, -1. */
static int report_changes(merge *g)
{
    hw_buf b;
    buf_init(&b);
    int any = g->ngone > 0;
    for (int i = 0; i < g->out.nfiles; i++) {
        const out_file *f = &g->out.files[i];
        const char *path = in_tree(g, f);
        int exists = path && access(path, F_OK) == 0;
        int same = exists ? same_as_disk(path, f, &b, g->d) : 0;
        if (!path)
            diag_error(g->d, NULL, "out of memory");
        if (same < 0 || !path) {
            buf_free(&b);
            return -1;
        }
        if (!same)
            say(g, "%s %s", exists ? "replace" : "add", f->name);
        any |= !same;
    }
    for (int i = 0; i < g->ngone; i++)
        say(g, "%s %s", "remove", g->gone[i]);
    buf_free(&b);
    return any;
}

static int deeper_first(const void *pa, const void *pb)
{
    size_t a = strlen(*(const char *const *)pa), b = strlen(*(const char *const *)pb);
    return a < b ? 1 : a > b ? -1 : 0;
}

/* The directories the commit will create, deepest first, so that a
 * failed commit can take them away again. */
static int new_dirs(merge *g, const char ***dirs, int *n)
{
    size_t cap = 0;
    *dirs = NULL;
    *n = 0;
    size_t top = strlen(g->tree);
    for (int i = 0; i < g->out.nfiles; i++) {
        char *p = in_tree(g, &g->out.files[i]);
        for (char *s; p && (s = strrchr(p, '/')) && (size_t)(s - p) > top;) {
            *s = '\0';
            int seen = 0;
            for (int k = 0; k < *n; k++)
                seen |= strcmp((*dirs)[k], p) == 0;
            if (seen || access(p, F_OK) == 0)
                break;
            const char **slot = ARENA_PUSH(g->a, *dirs, *n, cap);
            if (!slot || !(*slot = arena_strdup(g->a, p)))
                return -1;
        }
    }
    if (*n > 1)
        qsort(*dirs, (size_t)*n, sizeof **dirs, deeper_first);
    return arena_failed(g->a) ? -1 : 0;
}

static int merge_write(merge *g)
{
    const char **dirs;
    int ndirs;
    if (new_dirs(g, &dirs, &ndirs) != 0) {
        diag_error(g->d, NULL, "out of memory");
        return -1;
    }
    if (out_commit(&g->out, g->tree, g->d, NULL, NULL) != 0) {
        for (int i = 0; i < ndirs; i++)
            rmdir(dirs[i]);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < g->ngone; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", g->tree, g->gone[i]);
        if (unlink(path) != 0 && errno != ENOENT) {
            hw_loc loc = loc_at(path, 0, 0);
            diag_error(g->d, &loc, "cannot remove: %s", strerror(errno));
            rc = -1;
        }
    }
    return rc;
}

/* ---- the whole merge ---------------------------------------------------------------------- */

static int merge_read(merge *g)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", g->tree, MAPFILE);
    hw_buf b;
    buf_init(&b);
    hw_loc loc = loc_at(path, 0, 0);
    int rc = perf_tree_read(path, &b, 1, g->d);
    if (rc > 0)
        diag_error(g->d, NULL, "%s has no %s: it is not a kernel's tools/perf/pmu-events "
                   "directory", g->tree, MAPFILE);
    else if (rc == 0 && b.len == 0)
        diag_error(g->d, &loc, "empty: not a perf mapfile");
    else if (rc == 0)
        map_read(&g->map, b.data);
    buf_free(&b);
    if (rc != 0 || !g->map.n)
        return -1;
    snprintf(path, sizeof path, "%s/%s", g->tree, ARCH);
    return perf_std_read(&g->std, path, g->d);
}

static int merge_run(merge *g, hw_target *const *targets, const hw_plan *plans, int n)
{
    if (merge_read(g) != 0)
        return -1;
    if (arena_failed(g->map.a)) {
        diag_error(g->d, NULL, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (merge_one(g, targets[i], &plans[i]) != 0)
            return -1;
    if (arena_failed(g->map.a)) {
        diag_error(g->d, NULL, "out of memory");
        return -1;
    }
    if (g->map.changed) {
        hw_buf b;
        buf_init(&b);
        map_text(&g->map, &b);
        if (out_add(&g->out, MAPFILE, &b) != 0)
            arena_fail(g->a);
    }
    if (arena_failed(g->a) || arena_failed(g->map.a) || g->out.failed) {
        diag_error(g->d, NULL, "out of memory");
        return -1;
    }
    int any = report_changes(g);
    if (any < 0)
        return -1;
    if (!any)
        say(g, "nothing to change");
    return any && !g->opts->dry_run ? merge_write(g) : 0;
}

int perf_merge(const char *tree, hw_target *const *targets, const hw_plan *plans, int n,
               const perf_merge_opts *opts, hw_diag *d)
{
    merge g = {.tree = tree, .opts = opts, .d = d};
    g.a = arena_create();
    g.map.a = arena_create();
    out_init(&g.out);
    int rc = -1;
    if (!g.a || !g.map.a)
        diag_error(d, NULL, "out of memory");
    else
        rc = merge_run(&g, targets, plans, n);
    out_free(&g.out);
    perf_std_free(&g.std);
    arena_free(g.map.a);
    arena_free(g.a);
    return rc;
}
