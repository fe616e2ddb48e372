/* pipeline.c - load, check, plan, emit, commit: the stages in one place. */
#include "run/pipeline.h"

#include <stdlib.h>
#include <sys/stat.h>

#include "check/check.h"
#include "check/check_shared.h"
#include "emit/emit.h"
#include "load/load.h"
#include "write/manifest.h"
#include "write/write_files.h"
#include "run/par.h"

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
    out_init(&r->out);
}

/* Check t, then plan it into *p: 0, or -1 after reporting (t is then
 * left to the caller to free; *p needs no freeing). */
static int check_plan(hw_target *t, hw_plan *p, hw_diag *d)
{
    *p = (hw_plan){0};
    return check_target(t, d) == 0 && plan_target(t, p, d) == 0 ? 0 : -1;
}

hw_target *run_open(const char *path, hw_plan *p, hw_diag *d)
{
    hw_plan own;
    hw_plan *plan = p ? p : &own;
    *plan = (hw_plan){0};
    hw_target *t = load_spec(path, d);
    if (t && check_plan(t, plan, d) != 0) {
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

/* Paths that name a file another path names (a symbolic or hard link:
 * Arm's telemetry tree links neoverse-n2-r0p0.json and -r0p1.json to
 * neoverse-n2.json) are skipped: the file loads once, by the name that is
 * not a symbolic link, else by its first name. Twice, it would write every
 * output twice. skip[i] is set for each path left out. */
static int skip_same_files(char *const *paths, int n, char *skip, hw_diag *d)
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

/* Targets checked and planned side by side, each in its own item. */
typedef struct open_job {
    hw_target **targets;
    hw_plan *plans;
} open_job;

/* Item i of par_each: check targets[i], then plan it; drop it when
 * unusable. */
static int check_one(void *ctx, int i, hw_diag *d)
{
    open_job *j = ctx;
    if (check_plan(j->targets[i], &j->plans[i], d) == 0)
        return 0;
    target_free(j->targets[i]);
    j->targets[i] = NULL;
    return -1;
}

int run_open_all(const char *path, hw_target ***out, hw_plan **plans, int *n, hw_diag *d)
{
    int rc = load_specs(path, out, n, d);
    open_job j = {*out, calloc((size_t)*n + 1, sizeof *j.plans)};
    if (!j.plans) {
        diag_error(d, NULL, "out of memory");
        for (int i = 0; i < *n; i++) {
            target_free((*out)[i]);
            (*out)[i] = NULL;
        }
        rc = -1;
    } else if (par_each(*n, check_one, &j, d) != 0) {
        rc = -1;
    }
    if (plans) {
        *plans = j.plans;
        return rc;
    }
    for (int i = 0; j.plans && i < *n; i++)
        plan_free(&j.plans[i]);
    free(j.plans);
    return rc;
}

/* Every target of `path` into r->targets; a path that gives none at all
 * is one NULL. 1 when something of it is unusable (a directory of a tree
 * that failed gives no entry), 0 when not, -1 when out of memory. */
static int load_path(hw_run *r, const char *path, size_t *cap)
{
    hw_target **got;
    hw_plan *plans = NULL, none = {0};
    int n, oom = 0;
    int rc = run_open_all(path, &got, &plans, &n, r->d);
    if (rc != 0 && n == 0)
        oom = add_target(r, NULL, &none, cap) != 0;
    for (int i = 0; i < n; i++)
        if (oom || !plans) {
            if (plans)
                plan_free(&plans[i]);
            target_free(got[i]);
        } else {
            oom = add_target(r, got[i], &plans[i], cap) != 0;
        }
    free(got);
    free(plans);
    return oom ? -1 : rc != 0;
}

int run_load_check(hw_run *r, char *const *paths, int n)
{
    drop_targets(r);
    char *skip = calloc((size_t)n + 1, 1);
    size_t cap = 0;
    if (!skip || skip_same_files(paths, n, skip, r->d) != 0) {
        free(skip);
        diag_error(r->d, NULL, "out of memory");
        return -1;
    }
    int failed = 0;
    for (int i = 0; i < n && failed >= 0; i++)
        if (!skip[i]) {
            int k = load_path(r, paths[i], &cap);
            failed = k < 0 ? -1 : failed + k;
        }
    free(skip);
    hw_target **usable = calloc((size_t)r->ntargets + 1, sizeof *usable);
    if (failed < 0 || !usable) {
        free(usable);
        diag_error(r->d, NULL, "out of memory");
        return -1;
    }
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
    emit_to to = {&j->sets[i], j->to->templates, d};
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
    for (int i = 0; i < r->ntargets; i++)
        out_init(&j.sets[i]);
    int failed = par_each(r->ntargets, emit_one, &j, r->d);
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

int run_emit(hw_run *r, const char *dir, const char *templates)
{
    emit_to to = {&r->out, templates, r->d};
    r->dir = dir;
    r->before = dir ? manifest_read(dir, r->d) : cJSON_Parse("{\"targets\": []}");
    if (!r->before || emit_targets(r, &to) != 0)
        return -1;
    if (manifest_keep(r->before, &r->out, r->targets, r->ntargets, r->full, r->outputs, dir,
                      &r->kept, r->d) != 0 ||
        check_shared_files(&r->out, r->d) != 0 || emit_shared(&to, r->outputs) != 0)
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
    out_free(&r->out);
}
