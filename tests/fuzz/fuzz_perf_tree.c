/* fuzz_perf_tree.c - arbitrary bytes as a small kernel perf pmu-events
 * tree (load_perf.h): a model directory's JSON file, the arch's mapfile
 * row(s) that name it, and the arch's standard events its ArchStdEvent
 * keys refer to. The tree's arch/ is loaded as `generate` loads it; every
 * target that checks is run through every emitter (in memory).
 *
 * Input: arch/arm64/arm/fz/events.json, arch/arm64/mapfile.csv and
 * arch/arm64/common-and-microarch.json, each ending at a line "%%"
 * (fuzz_files.h). */
#include "fuzz_common.h"
#include "fuzz_files.h"

#include "run/pipeline.h"

static const char *const names[] = {
    "arch/arm64/arm/fz/events.json",
    "arch/arm64/mapfile.csv",
    "arch/arm64/common-and-microarch.json",
};

static fuzz_files *files;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    setenv("HWCGEN_THREADS", "1", 1); /* one input, one thread: as fast, repeatable */
    files = fuzz_files_init(names, sizeof names / sizeof names[0], "fuzz_perf_tree");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    fuzz_files_write(files, text, size);
    free(text);
    char arch[96];
    fuzz_files_path(files, arch, sizeof arch, "arch");
    hw_diag d;
    fuzz_diag(&d);
    hw_target **t = NULL;
    hw_plan *p = NULL;
    int n = 0;
    run_open_all(arch, &t, &p, &n, &d);
    for (int i = 0; i < n; i++)
        if (t[i]) {
            out_set out;
            out_init(&out);
            emit_to to = {&out, NULL, &d, NULL, NULL};
            emit_all(&t[i], &p[i], 1, &to);
            out_free(&out);
        }
    run_free_all(t, p, n);
    diag_free(&d);
    return 0;
}
