/* pipeline.c - load, check, emit, commit: the stages in one place. */
#include "run/pipeline.h"

#include <stdlib.h>
#include <sys/stat.h>

#include "check/check.h"
#include "core/json.h"
#include "emit/emit.h"
#include "load/load.h"
#include "write/manifest.h"
#include "run/par.h"

/* The directory files rendered only to be checked are said to be in. */
static const char IN_MEMORY[] = "(in memory)";

/* The manifest of a directory no run has written into. */
static const char NO_MANIFEST[] = "{\"targets\": []}";

void run_init(hw_run *r, hw_diag *d)
{
    r->d = d;
    r->targets = NULL;
    r->ntargets = 0;
    r->clash = 0;
    r->full = 0;
    r->outputs = OUT_ALL;
    r->dir = NULL;
    r->before = r->kept = NULL;
    out_init(&r->out);
}

hw_target *run_open(const char *path, hw_diag *d)
{
    hw_target *t = load_spec(path, d);
    if (t && check_target(t, d) != 0) {
        target_free(t);
        t = NULL;
    }
    return t;
}

static void drop_targets(hw_run *r)
{
    for (int i = 0; i < r->ntargets; i++)
        target_free(r->targets[i]);
    free(r->targets);
    r->targets = NULL;
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

/* Append t (NULL: unusable) to r->targets. -1 when out of memory. */
static int add_target(hw_run *r, hw_target *t, size_t *cap)
{
    if ((size_t)r->ntargets == *cap) {
        size_t ncap = *cap * 2 + 8;
        hw_target **grown = realloc(r->targets, ncap * sizeof *grown);
        if (!grown) {
            target_free(t);
            return -1;
        }
        r->targets = grown;
        *cap = ncap;
    }
    r->targets[r->ntargets++] = t;
    return 0;
}

/* Item i of par_each: check targets[i]; drop it when unusable. */
static int check_one(void *ctx, int i, hw_diag *d)
{
    hw_target **targets = ctx;
    if (check_target(targets[i], d) == 0)
        return 0;
    target_free(targets[i]);
    targets[i] = NULL;
    return -1;
}

int run_open_all(const char *path, hw_target ***out, int *n, hw_diag *d)
{
    int rc = load_specs(path, out, n, d);
    return par_each(*n, check_one, *out, d) != 0 ? -1 : rc;
}

/* Every target of `path` into r->targets; a path that gives none at all
 * is one NULL. 1 when something of it is unusable (a directory of a tree
 * that failed gives no entry), 0 when not, -1 when out of memory. */
static int load_path(hw_run *r, const char *path, size_t *cap)
{
    hw_target **got;
    int n, oom = 0;
    int rc = run_open_all(path, &got, &n, r->d);
    if (rc != 0 && n == 0)
        oom = add_target(r, NULL, cap) != 0;
    for (int i = 0; i < n; i++)
        if (oom)
            target_free(got[i]);
        else
            oom = add_target(r, got[i], cap) != 0;
    free(got);
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
    emit_to to = {&j->sets[i], j->to->dir, j->to->templates, d};
    return emit_target(j->r->targets[i], &to, j->r->outputs);
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
    emit_to to = {&r->out, dir ? dir : IN_MEMORY, templates, r->d};
    r->dir = to.dir;
    r->before = dir ? manifest_read(dir, r->d) : json_parse(NO_MANIFEST, sizeof NO_MANIFEST - 1, NULL);
    if (!r->before || emit_targets(r, &to) != 0)
        return -1;
    if (manifest_keep(r->before, &r->out, r->targets, r->ntargets, r->full, r->outputs, to.dir,
                      &r->kept, r->d) != 0 ||
        emit_shared(&to, r->outputs) != 0)
        return -1;
    return manifest_add(&r->out, r->kept, to.dir, r->d);
}

int run_commit(hw_run *r, int *written, int *unchanged, int *removed)
{
    if (out_commit(&r->out, r->d, written, unchanged) != 0)
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
