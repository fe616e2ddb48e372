/* fuzz_telemetry.c - arbitrary bytes as an Arm telemetry JSON spec:
 * load_telemetry (cJSON, the JSON line scanner, the loader), then
 * check_target and, when that passes, every emitter (in memory). */
#include "fuzz_common.h"

#include "load/load.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    return 0;
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
    if (load_telemetry(t, (const char *)data, size, &d) == 0) {
        fuzz_check_and_emit(t, &d);
    } else {
        target_free(t);
    }
    diag_free(&d);
    return 0;
}
