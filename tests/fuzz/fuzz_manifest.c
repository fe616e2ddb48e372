/* fuzz_manifest.c - arbitrary bytes as an output directory's manifest
 * (write_manifest.h): read as `generate` reads it before a run, what a
 * run of no target keeps of it, and the new manifest written from that
 * (in memory). The run's kinds and whether it is full come from the
 * input's length, so each way of keeping is reached. Nothing is pruned:
 * pruning removes files, and the reading is what is fuzzed here.
 *
 * Input: DIR/hwcgen-manifest.json (fuzz_files.h). */
#include "fuzz_common.h"
#include "fuzz_files.h"

#include "write/write_manifest.h"

static const char *const names[] = {MANIFEST_NAME};

static fuzz_files *files;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    files = fuzz_files_init(names, 1, "fuzz_manifest");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    fuzz_files_write(files, text, size);
    free(text);
    hw_diag d;
    fuzz_diag(&d);
    cJSON *before = manifest_read(files->dir, &d), *kept = NULL;
    unsigned kinds = (unsigned)(size % OUT_ALL) + 1; /* 1 .. OUT_ALL */
    int full = (int)(size / OUT_ALL % 2);
    out_set out;
    out_init(&out);
    if (before && manifest_keep(before, &out, NULL, 0, full, kinds, files->dir, &kept, &d) == 0)
        manifest_add(&out, kept, &d);
    out_free(&out);
    cJSON_Delete(kept);
    cJSON_Delete(before);
    diag_free(&d);
    return 0;
}
