/* check_shared.c - one writer for each shared file (check_shared.h). */
#include "check/check_shared.h"

#include <string.h>

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
