/* check_shared.c - one writer for each shared file (check_shared.h). */
#include "check/check_shared.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The spec of the first row `out` holds for the shared file `name`;
 * NULL when it holds none. */
static const char *first_row_spec(const out_set *out, const char *name)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, out->rows) {
        const char *file = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "file"));
        if (file && strcmp(file, name) == 0) {
            const cJSON *row = cJSON_GetObjectItemCaseSensitive(r, "row");
            const char *spec = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(row, "spec"));
            return spec ? spec : "";
        }
    }
    return NULL;
}

int check_shared_files(const out_set *out, hw_diag *d)
{
    const char *cpu = first_row_spec(out, OUT_PERF_ARM64_MAPFILE);
    int tree = cpu ? out_find(out, OUT_PERF_ARM64_MAPFILE, 0) : -1;
    if (tree < 0)
        return 0;
    const char *owner = out->files[tree].owner;
    diag_error(d, NULL, "%s: written for %s and for hwcgen's own CPUs (%s...): "
               "generate them into two directories, or merge the CPUs into the tree "
               "with hwcgen perf-merge", OUT_PERF_ARM64_MAPFILE, owner ? owner : "a perf tree", cpu);
    return -1;
}

/* ---- names that differ only in case --------------------------------------- */

static int by_folded_name(const void *x, const void *y)
{
    const out_file *a = *(const out_file *const *)x, *b = *(const out_file *const *)y;
    int c = strcasecmp(a->name, b->name);
    return c ? c : strcmp(a->name, b->name);
}

/* The index in `targets` of the target whose files are written for
 * `owner` (its spec_name); -1 when none is. */
static int owner_target(hw_target *const *targets, int n, const char *owner)
{
    for (int i = 0; owner && i < n; i++)
        if (targets[i] && targets[i]->spec_name && strcmp(targets[i]->spec_name, owner) == 0)
            return i;
    return -1;
}

/* One pair: at the target given later, naming the other. */
static void say_case_clash(const out_file *a, const out_file *b, hw_target *const *targets,
                           int n, hw_diag *d)
{
    int ia = owner_target(targets, n, a->owner), ib = owner_target(targets, n, b->owner);
    if (ia > ib) {
        const out_file *f = a;
        int i = ia;
        a = b, ia = ib, b = f, ib = i;
    }
    const hw_target *ta = ia >= 0 ? targets[ia] : NULL, *tb = ib >= 0 ? targets[ib] : NULL;
    char where[512] = "every target";
    if (ta)
        loc_where(where, sizeof where, &ta->loc);
    diag_error(d, tb ? &tb->loc : NULL,
               "%s%s%s: %s differs only in case from %s (written for the target at %s): "
               "on a file system that ignores case (macOS, Windows) one would overwrite "
               "the other; give the targets names that differ in more than case",
               tb ? "target '" : "", tb ? tb->name : "", tb ? "'" : "", b->name, a->name,
               where);
}

int check_case_clash(const out_set *out, hw_target *const *targets, int n, hw_diag *d)
{
    const out_file **sorted = calloc((size_t)out->nfiles + 1, sizeof *sorted);
    if (!sorted) {
        diag_error(d, NULL, "out of memory");
        return -1;
    }
    for (int i = 0; i < out->nfiles; i++)
        sorted[i] = &out->files[i];
    qsort(sorted, (size_t)out->nfiles, sizeof *sorted, by_folded_name);
    int rc = 0;
    for (int i = 1; i < out->nfiles; i++) {
        const out_file *a = sorted[i - 1], *b = sorted[i];
        if (strcasecmp(a->name, b->name) != 0 || strcmp(a->name, b->name) == 0)
            continue;
        say_case_clash(a, b, targets, n, d);
        rc = -1;
    }
    free(sorted);
    return rc;
}
