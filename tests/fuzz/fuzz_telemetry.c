/* fuzz_telemetry.c - arbitrary bytes as an Arm telemetry JSON spec:
 * load_telemetry (cJSON, the JSON scanners, the loader) both ways, member
 * by member and as one tree, which must agree; then check_target and,
 * when that passes, every emitter (in memory). */
#include "fuzz_common.h"

#include <stdio.h>
#include <string.h>

#include "load.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    render_init();
    return 0;
}

/* The whole-tree parse must say what the member-by-member one said
 * (load.h): the same result, diagnostics and counts. */
static void compare_whole_tree(const uint8_t *data, size_t size, int rc,
                               const hw_diag *d, const hw_target *t)
{
    hw_diag dw;
    fuzz_diag(&dw);
    hw_target *w = target_create("fuzz/telemetry.json");
    if (!w)
        abort();
    load_telemetry_parse = TELEMETRY_WHOLE_TREE;
    int rcw = load_telemetry(w, (const char *)data, size, &dw);
    load_telemetry_parse = TELEMETRY_AUTO;
    if (rcw != rc || dw.log.len != d->log.len ||
        (d->log.len && memcmp(dw.log.data, d->log.data, d->log.len) != 0) ||
        w->nevents != t->nevents || w->nmetrics != t->nmetrics ||
        w->ngroups != t->ngroups || w->nmethodologies != t->nmethodologies) {
        fprintf(stderr, "parses differ:\n-- whole tree:\n%s\n-- automatic:\n%s\n",
                dw.log.data ? dw.log.data : "", d->log.data ? d->log.data : "");
        abort();
    }
    target_free(w);
    diag_free(&dw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    hw_diag d;
    fuzz_diag(&d);
    hw_target *t = target_create("fuzz/telemetry.json");
    if (!t)
        abort();
    /* Exactly `size` bytes, no terminating NUL: load_telemetry takes a
     * length, so reading past it is a bug ASan must see. */
    int rc = load_telemetry(t, (const char *)data, size, &d);
    compare_whole_tree(data, size, rc, &d, t);
    if (rc == 0) {
        fuzz_check_and_emit(t, &d);
    } else {
        target_free(t);
    }
    diag_free(&d);
    return 0;
}
