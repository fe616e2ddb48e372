/* pipeline.c - load, check, emit, commit: the stages in one place. */
#include "pipeline.h"

#include <stdlib.h>

#include "check.h"
#include "emit.h"
#include "load.h"
#include "manifest.h"

/* The directory files rendered only to be checked are said to be in. */
static const char IN_MEMORY[] = "(in memory)";

void run_init(hw_run *r, hw_diag *d)
{
    r->d = d;
    r->targets = NULL;
    r->ntargets = 0;
    r->clash = 0;
    r->full = 0;
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

int run_load_check(hw_run *r, char *const *paths, int n)
{
    drop_targets(r);
    r->targets = calloc((size_t)n + 1, sizeof *r->targets);
    hw_target **usable = calloc((size_t)n + 1, sizeof *usable);
    if (!r->targets || !usable) {
        free(usable);
        diag_error(r->d, NULL, "out of memory");
        return -1;
    }
    r->ntargets = n;
    int nusable = 0;
    for (int i = 0; i < n; i++)
        if ((r->targets[i] = run_open(paths[i], r->d)))
            usable[nusable++] = r->targets[i];
    r->clash = check_targets(usable, nusable, r->d) != 0;
    int rc = !r->clash && nusable == n ? 0 : -1;
    free(usable);
    return rc;
}

int run_emit(hw_run *r, const char *dir, const char *templates)
{
    emit_to to = {&r->out, dir ? dir : IN_MEMORY, templates, r->d};
    r->dir = to.dir;
    r->before = dir ? manifest_read(dir, r->d) : cJSON_Parse("{\"targets\": []}");
    if (!r->before)
        return -1;
    for (int i = 0; i < r->ntargets; i++)
        if (emit_target(r->targets[i], &to) != 0)
            return -1;
    if (manifest_keep(r->before, &r->out, r->targets, r->ntargets, r->full, to.dir, &r->kept,
                      r->d) != 0 ||
        emit_shared(&to) != 0)
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
