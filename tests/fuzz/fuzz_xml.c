/* fuzz_xml.c - arbitrary bytes as an XML spec: load_spec (libxml2 with our
 * safe options, the RelaxNG schemas built into the binary, then the
 * gpu-template, oa-counters or perf-model loader by root element), then
 * check_target and, when that passes, every emitter (in memory).
 *
 * load_spec reads a file and the loaders have no in-memory entry point, so
 * each input is written to spec.xml in a private temporary directory (in
 * /dev/shm when there is one, else /tmp), removed at exit. */
#include "fuzz_common.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "load/load.h"

static char spec_dir[64];
static char spec_path[80];

static void remove_spec(void)
{
    unlink(spec_path);
    rmdir(spec_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    const char *dirs[] = {"/dev/shm", "/tmp"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(spec_dir, sizeof spec_dir, "%s/hwcgen-fuzz-XXXXXX", dirs[i]);
        if (mkdtemp(spec_dir)) {
            snprintf(spec_path, sizeof spec_path, "%s/spec.xml", spec_dir);
            atexit(remove_spec);
            return 0;
        }
    }
    perror("fuzz_xml: cannot create a temporary directory");
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(spec_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    hw_diag d;
    fuzz_diag(&d);
    hw_target *t = load_spec(spec_path, &d);
    fuzz_check_and_emit(t, &d);
    diag_free(&d);
    return 0;
}
