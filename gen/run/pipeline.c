/* pipeline.c - load, check, plan, emit, commit: the stages in one place. */
#include "run/pipeline.h"

#include <stdlib.h>
#include <sys/stat.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlschemastypes.h>

#include "check/check.h"
#include "check/check_shared.h"
#include "core/json.h"
#include "emit/emit.h"
#include "load/load.h"
#include "load/load_items.h"
#include "write/write_manifest.h"
#include "write/write_files.h"
#include "render/graphviz.h"
#include "run/par.h"

/* The manifest of a directory no run has written into. */
static const char NO_MANIFEST[] = "{\"targets\": []}";

void run_init(hw_run *r, hw_diag *d)
{
    r->d = d;
    r->targets = NULL;
    r->plans = NULL;
    r->ntargets = 0;
    r->clash = 0;
    r->full = 0;
    r->outputs = OUT_ALL;
    r->dir = NULL;
    r->before = r->kept = NULL;
    r->dot = NULL;
    out_init(&r->out);
    /* libxml2 builds its globals lazily, unguarded in 2.9: the parser's,
     * RELAX NG's table of datatype libraries, and XML Schema's built-in
     * types, which the first validation builds. Several spec files
     * validate side by side (load items), so all are built here, on one
     * thread, before any item runs. Without it, two threads built the
     * built-in types twice: make asan saw the first copy leak, and one
     * make bench run failed to validate a datatype in mali-g720.xml. */
    xmlInitParser();
    xmlSchemaInitTypes();
    xmlRelaxNGInitTypes();
}

/* Check t, then plan it into *p: 0, or -1 after reporting (t is then
 * left to the caller to free; *p needs no freeing). */
static int check_plan(hw_target *t, unsigned kinds, hw_plan *p, hw_diag *d)
{
    *p = (hw_plan){0};
    return check_target(t, d) == 0 && plan_target(t, kinds, p, d) == 0 ? 0 : -1;
}

hw_target *run_open(const char *path, hw_plan *p, hw_diag *d)
{
    hw_plan own;
    hw_plan *plan = p ? p : &own;
    *plan = (hw_plan){0};
    hw_target *t = load_spec(path, d);
    if (t && check_plan(t, OUT_ALL, plan, d) != 0) {
        target_free(t);
        t = NULL;
    }
    if (!p)
        plan_free(&own);
    return t;
}

void run_free_all(hw_target **targets, hw_plan *plans, int n)
{
    for (int i = 0; i < n; i++) {
        if (plans)
            plan_free(&plans[i]);
        target_free(targets[i]);
    }
    free(targets);
    free(plans);
}

static void drop_targets(hw_run *r)
{
    run_free_all(r->targets, r->plans, r->ntargets);
    r->targets = NULL;
    r->plans = NULL;
    r->ntargets = 0;
}

/* (pipeline.h) Twice, a file would write every output twice. */
int run_skip_same_files(char *const *paths, int n, char *skip, hw_diag *d)
{
    struct stat *st = calloc((size_t)n + 1, sizeof *st);
    char *have = calloc((size_t)n + 1, 1), *link = calloc((size_t)n + 1, 1);
    if (!st || !have || !link) {
        free(st);
        free(have);
        free(link);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        struct stat l;
        have[i] = stat(paths[i], &st[i]) == 0;
        link[i] = lstat(paths[i], &l) == 0 && S_ISLNK(l.st_mode);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; have[i] && j < n && !skip[i]; j++) {
            int same = j != i && have[j] && !skip[j] && st[j].st_dev == st[i].st_dev &&
                       st[j].st_ino == st[i].st_ino;
            if (same && (link[i] > link[j] || (link[i] == link[j] && j < i))) {
                hw_loc loc = loc_at(paths[i], 0, 0);
                diag_note(d, &loc, "the same file as %s: loaded once, as that", paths[j]);
                skip[i] = 1;
            }
        }
    free(st);
    free(have);
    free(link);
    return 0;
}

/* Append t (NULL: unusable) and its plan to r->targets and r->plans. -1
 * when out of memory (both freed). */
static int add_target(hw_run *r, hw_target *t, hw_plan *p, size_t *cap)
{
    if ((size_t)r->ntargets == *cap) {
        size_t ncap = *cap * 2 + 8;
        hw_target **grown = realloc(r->targets, ncap * sizeof *grown);
        if (grown)
            r->targets = grown;
        hw_plan *more = grown ? realloc(r->plans, ncap * sizeof *more) : NULL;
        if (!more) {
            plan_free(p);
            target_free(t);
            return -1;
        }
        r->plans = more;
        *cap = ncap;
    }
    r->plans[r->ntargets] = *p;
    r->targets[r->ntargets++] = t;
    return 0;
}

/* ---- load and check: every path's items side by side ----------------------- */

/* The paths being loaded and checked. Every stage reports into diags kept
 * here, shown once all are done in the order loading and checking the
 * paths one by one would show them: per path, what listing it said, what
 * its items said, then what checking its targets said. */
typedef struct run_load {
    hw_diag *d;
    unsigned kinds;   /* the output kinds to plan for (out_kinds.h) */
    load_items items;
    int npaths;
    hw_diag *listed;  /* one per path */
    hw_diag *loaded;  /* one per item */
    int *wave;        /* the items of the wave being loaded */
    hw_diag **each;   /* the diags of the items par_run runs */
    hw_target **all;  /* every path's targets, path after path; NULL where
                         one is unusable */
    hw_plan *plans;   /* beside all, once checked */
    int nall;
    hw_diag *checked; /* one per target */
    int *first;       /* per path: its first target in all (and nall) */
    int *failed;      /* per path: something of it is unusable */
} run_load;

static int out_of_memory(hw_diag *d)
{
    diag_error(d, NULL, "out of memory");
    return -1;
}

/* List every path not skipped: rl->npaths of them. */
static int list_paths(run_load *rl, char *const *paths, int n, const char *skip)
{
    rl->listed = calloc((size_t)n + 1, sizeof *rl->listed);
    if (!rl->listed)
        return out_of_memory(rl->d);
    for (int i = 0; i < n; i++) {
        if (skip && skip[i])
            continue;
        hw_diag *said = &rl->listed[rl->npaths];
        diag_defer(said, rl->d);
        if (load_items_path(&rl->items, paths[i], said) < 0) {
            diag_replay(rl->d, said);
            return -1;
        }
        rl->npaths++;
    }
    return 0;
}

/* Item k of a wave: load that item. */
static int load_one(void *ctx, int k, hw_diag *d)
{
    run_load *rl = ctx;
    return load_items_run(&rl->items, rl->wave[k], d);
}

/* The bytes of the file at `path`; 0 when it is none (a directory, a
 * product of Arm's database). What a spec costs to load and render grows
 * with it, enough to start the largest first (par_order_by_cost). */
static long long file_bytes(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (long long)st.st_size : 0;
}

/* The k items of a wave (rl->wave), largest spec file first; index order
 * when out of memory. */
static void load_wave(run_load *rl, int k)
{
    long long *cost = calloc((size_t)k + 1, sizeof *cost);
    for (int m = 0; cost && m < k; m++) {
        const load_item *it = &rl->items.items[rl->wave[m]];
        cost[m] = it->kind == LOAD_SPEC ? file_bytes(it->file) : 0;
    }
    int *order = cost ? par_order_by_cost(cost, k) : NULL;
    par_run_ordered(k, order, load_one, rl, rl->each);
    free(order);
    free(cost);
}

/* Load every item, a wave after another. */
static int load_waves(run_load *rl)
{
    int n = rl->items.nitems;
    rl->loaded = calloc((size_t)n + 1, sizeof *rl->loaded);
    rl->wave = calloc((size_t)n + 1, sizeof *rl->wave);
    if (!rl->loaded || !rl->wave)
        return out_of_memory(rl->d);
    for (int i = 0; i < n; i++)
        diag_defer(&rl->loaded[i], rl->d);
    for (int w = 0; w < LOAD_WAVES; w++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (load_item_wave(&rl->items, i) == w) {
                rl->wave[k] = i;
                rl->each[k++] = &rl->loaded[i];
            }
        load_wave(rl, k);
    }
    return 0;
}

/* Every path's targets into rl->all, path after path. */
static int gather(run_load *rl)
{
    rl->first = calloc((size_t)rl->npaths + 1, sizeof *rl->first);
    rl->failed = calloc((size_t)rl->npaths + 1, sizeof *rl->failed);
    if (!rl->first || !rl->failed)
        return out_of_memory(rl->d);
    for (int p = 0; p < rl->npaths; p++) {
        hw_target **got;
        int n;
        rl->failed[p] = load_items_take(&rl->items, p, &got, &n, &rl->listed[p]) != 0;
        size_t want = (size_t)rl->nall + (size_t)n + 1;
        hw_target **grown = realloc(rl->all, want * sizeof *grown);
        for (int i = 0; i < n; i++)
            if (grown)
                grown[rl->nall++] = got[i];
            else
                target_free(got[i]);
        free(got);
        if (!grown)
            return out_of_memory(rl->d);
        rl->all = grown;
        rl->first[p + 1] = rl->nall;
    }
    return 0;
}

/* Item i of par_run: check target i, then plan it; drop it when
 * unusable. */
static int check_one(void *ctx, int i, hw_diag *d)
{
    run_load *rl = ctx;
    if (check_plan(rl->all[i], rl->kinds, &rl->plans[i], d) == 0)
        return 0;
    target_free(rl->all[i]);
    rl->all[i] = NULL;
    return -1;
}

/* Check and plan every target on its own. */
static int check_all(run_load *rl)
{
    rl->checked = calloc((size_t)rl->nall + 1, sizeof *rl->checked);
    rl->plans = calloc((size_t)rl->nall + 1, sizeof *rl->plans);
    hw_diag **each = realloc(rl->each, ((size_t)rl->nall + 1) * sizeof *each);
    if (each)
        rl->each = each;
    if (!rl->checked || !rl->plans || !each)
        return out_of_memory(rl->d);
    for (int i = 0; i < rl->nall; i++) {
        diag_defer(&rl->checked[i], rl->d);
        rl->each[i] = &rl->checked[i];
    }
    par_run(rl->nall, check_one, rl, rl->each);
    for (int p = 0; p < rl->npaths; p++)
        for (int i = rl->first[p]; i < rl->first[p + 1]; i++)
            rl->failed[p] |= !rl->all[i];
    return 0;
}

/* What every stage said, path after path. */
static void show(run_load *rl)
{
    int i = 0;
    for (int p = 0; p < rl->npaths; p++) {
        diag_replay(rl->d, &rl->listed[p]);
        for (; rl->loaded && i < rl->items.nitems && load_item_path(&rl->items, i) == p; i++)
            diag_replay(rl->d, &rl->loaded[i]);
        for (int k = rl->first ? rl->first[p] : 0; rl->checked && k < rl->first[p + 1]; k++)
            diag_replay(rl->d, &rl->checked[k]);
    }
}

/* Load and check the paths not skipped: rl->all holds their targets,
 * rl->first and rl->failed say which are each path's and whether it is
 * usable. 0, or -1 when out of memory (reported). */
static int load_check(run_load *rl, hw_diag *d, unsigned kinds, char *const *paths, int n,
                      const char *skip)
{
    *rl = (run_load){.d = d, .kinds = kinds};
    load_items_init(&rl->items);
    int rc = list_paths(rl, paths, n, skip);
    if (rc == 0 && !(rl->each = calloc((size_t)rl->items.nitems + 1, sizeof *rl->each)))
        rc = out_of_memory(d);
    if (rc == 0)
        rc = load_waves(rl);
    if (rc == 0)
        rc = gather(rl);
    if (rc == 0)
        rc = check_all(rl);
    show(rl);
    return rc;
}

/* Frees what load_check made but the targets in rl->all and their plans. */
static void load_check_free(run_load *rl)
{
    for (int p = 0; rl->listed && p < rl->npaths; p++)
        diag_free(&rl->listed[p]);
    for (int i = 0; rl->loaded && i < rl->items.nitems; i++)
        diag_free(&rl->loaded[i]);
    load_items_free(&rl->items);
    for (int i = 0; rl->checked && i < rl->nall; i++)
        diag_free(&rl->checked[i]);
    free(rl->listed);
    free(rl->loaded);
    free(rl->wave);
    free(rl->each);
    free(rl->checked);
    free(rl->first);
    free(rl->failed);
}

int run_open_all(const char *path, hw_target ***out, hw_plan **plans, int *n, hw_diag *d)
{
    hw_run r;
    run_init(&r, d); /* libxml2 ready for threads */
    char *const paths[] = {(char *)path};
    run_load rl;
    int rc = load_check(&rl, d, OUT_ALL, paths, 1, NULL);
    *out = rl.all;
    *n = rl.nall;
    if (plans) {
        *plans = rl.plans;
    } else {
        for (int i = 0; rl.plans && i < rl.nall; i++)
            plan_free(&rl.plans[i]);
        free(rl.plans);
    }
    rc = rc != 0 || rl.npaths != 1 || rl.failed[0] ? -1 : 0;
    load_check_free(&rl);
    run_free(&r);
    return rc;
}

/* Every path's targets into r->targets, path after path; a path that
 * gives none at all is one NULL. The number of paths of which something
 * is unusable (a directory of a tree that failed gives no entry), or -1
 * when out of memory. */
static int take_targets(hw_run *r, run_load *rl)
{
    size_t cap = 0;
    int failed = 0, oom = 0;
    for (int p = 0; p < rl->npaths; p++) {
        int first = rl->first[p], end = rl->first[p + 1];
        failed += rl->failed[p];
        hw_plan none = {0};
        if (rl->failed[p] && first == end)
            oom |= add_target(r, NULL, &none, &cap) != 0;
        for (int i = first; i < end; i++)
            if (oom) {
                plan_free(&rl->plans[i]);
                target_free(rl->all[i]);
            } else {
                oom = add_target(r, rl->all[i], &rl->plans[i], &cap) != 0;
            }
    }
    free(rl->all);
    free(rl->plans);
    rl->all = NULL;
    rl->plans = NULL;
    return oom ? out_of_memory(r->d) : failed;
}

int run_load_check(hw_run *r, char *const *paths, int n)
{
    drop_targets(r);
    char *skip = calloc((size_t)n + 1, 1);
    if (!skip || run_skip_same_files(paths, n, skip, r->d) != 0) {
        free(skip);
        return out_of_memory(r->d);
    }
    run_load rl;
    int failed = load_check(&rl, r->d, r->outputs, paths, n, skip);
    free(skip);
    if (failed == 0)
        failed = take_targets(r, &rl);
    run_free_all(rl.all, rl.plans, rl.all ? rl.nall : 0);
    load_check_free(&rl);
    if (failed < 0)
        return -1;
    hw_target **usable = calloc((size_t)r->ntargets + 1, sizeof *usable);
    if (!usable)
        return out_of_memory(r->d);
    int nusable = 0;
    for (int i = 0; i < r->ntargets; i++)
        if (r->targets[i])
            usable[nusable++] = r->targets[i];
    r->clash = check_targets(usable, nusable, r->d) != 0;
    free(usable);
    return !r->clash && !failed ? 0 : -1;
}

/* Targets rendered side by side, each into its own set of files. */
typedef struct emit_job {
    const hw_run *r;
    const emit_to *to;
    out_set *sets; /* one per target */
} emit_job;

/* Item i of par_each: render target i into sets[i]. */
static int emit_one(void *ctx, int i, hw_diag *d)
{
    emit_job *j = ctx;
    emit_to to = {&j->sets[i], j->to->templates, d, j->to->dot, NULL};
    return emit_target(j->r->targets[i], &j->r->plans[i], &to, j->r->outputs);
}

/* Every target's files into r->out, in the targets' order. */
static int emit_targets(hw_run *r, const emit_to *to)
{
    emit_job j = {r, to, calloc((size_t)r->ntargets + 1, sizeof *j.sets)};
    if (!j.sets) {
        diag_error(r->d, NULL, "out of memory");
        return -1;
    }
    long long *cost = calloc((size_t)r->ntargets + 1, sizeof *cost);
    for (int i = 0; i < r->ntargets; i++) {
        out_init(&j.sets[i]);
        if (cost && r->targets[i])
            cost[i] = file_bytes(r->targets[i]->spec_path);
    }
    int *order = cost ? par_order_by_cost(cost, r->ntargets) : NULL;
    int failed = par_each_ordered(r->ntargets, order, emit_one, &j, r->d);
    free(order);
    free(cost);
    for (int i = 0; i < r->ntargets; i++) {
        if (out_take(&r->out, &j.sets[i]) != 0 && failed == 0) {
            diag_error(r->d, NULL, "out of memory");
            failed = -1;
        }
        out_free(&j.sets[i]);
    }
    free(j.sets);
    return failed != 0 ? -1 : 0;
}

/* The Graphviz program the docs' diagrams are drawn with, when docs are
 * rendered; a warning once when some diagram will not be drawn. 0, or -1
 * when out of memory. */
static int find_graphviz(hw_run *r)
{
    free(r->dot);
    r->dot = (r->outputs & OUT_DOCS) ? graphviz_find() : NULL;
    int drawn = 0;
    for (int i = 0; i < r->ntargets && !drawn; i++)
        drawn = r->targets[i] && r->targets[i]->nmethodologies > 0;
    if (!drawn || r->dot || !(r->outputs & OUT_DOCS))
        return 0;
    const char *set = getenv("HWCGEN_DOT");
    if (set && *set) /* graphviz_find() copies it: only memory is short */
        return out_of_memory(r->d);
    diag_warning(r->d, NULL, "%s: the docs' diagrams are written as DOT files only, "
                 "not drawn; install Graphviz (Debian: graphviz) to draw them",
                 set ? "HWCGEN_DOT is empty" : "Graphviz's dot is not on PATH");
    return 0;
}

int run_emit(hw_run *r, const char *dir, const char *templates)
{
    if (find_graphviz(r) != 0)
        return -1;
    emit_to to = {&r->out, templates, r->d, r->dot, NULL};
    r->dir = dir;
    r->before = dir ? manifest_read(dir, r->d)
                    : json_parse(NO_MANIFEST, sizeof NO_MANIFEST - 1, NULL);
    if (!r->before || emit_targets(r, &to) != 0)
        return -1;
    if (manifest_keep(r->before, &r->out, r->targets, r->ntargets, r->full, r->outputs, dir,
                      &r->kept, r->d) != 0 ||
        check_shared_files(&r->out, r->d) != 0 || check_case_clash(&r->out, r->targets, r->ntargets, r->d) != 0 ||
        emit_shared(&to, r->outputs) != 0)
        return -1;
    return manifest_add(&r->out, r->kept, r->d);
}

int run_commit(hw_run *r, int *written, int *unchanged, int *removed)
{
    if (!r->dir) {
        diag_error(r->d, NULL, "internal error: files rendered in memory only are "
                   "never written");
        return -1;
    }
    if (out_commit(&r->out, r->dir, r->d, written, unchanged) != 0)
        return -1;
    return manifest_prune(r->before, &r->out, r->kept, r->dir, removed, r->d);
}

void run_free(hw_run *r)
{
    drop_targets(r);
    cJSON_Delete(r->before);
    cJSON_Delete(r->kept);
    free(r->dot);
    r->dot = NULL;
    out_free(&r->out);
}
