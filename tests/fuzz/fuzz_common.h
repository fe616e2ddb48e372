/* fuzz_common.h - what the libFuzzer targets share.
 *
 * A target that gets as far as a loaded spec runs the rest of the pipeline
 * the CLI runs on it: check, and when the check passes, every emitter into
 * an in-memory output set (nothing is written to disk). Diagnostics go to
 * the log only; stderr stays quiet so the fuzzer's own output is readable.
 */
#ifndef HWCGEN_FUZZ_COMMON_H
#define HWCGEN_FUZZ_COMMON_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/check.h"
#include "check/check_perf.h"
#include "core/diag.h"
#include "emit/emit.h"
#include "core/ir.h"
#include "core/out_set.h"
#include "core/json.h"
#include "render/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* ---- one spec file the input is written to ----------------------------- */

/* The loaders read files and have no in-memory entry point, so a target
 * writes each input to one file, `name`, in a private temporary directory
 * (in /dev/shm when there is one, else /tmp), removed at exit. */
static char fuzz_spec_dir[64], fuzz_spec_path[128];

static inline void fuzz_spec_remove(void)
{
    unlink(fuzz_spec_path);
    rmdir(fuzz_spec_dir);
}

/* The file's path; `who` names the target if no directory can be made. */
static inline const char *fuzz_spec_file(const char *name, const char *who)
{
    const char *dirs[] = {"/dev/shm", "/tmp"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(fuzz_spec_dir, sizeof fuzz_spec_dir, "%s/hwcgen-fuzz-XXXXXX", dirs[i]);
        if (mkdtemp(fuzz_spec_dir)) {
            snprintf(fuzz_spec_path, sizeof fuzz_spec_path, "%s/%s", fuzz_spec_dir, name);
            atexit(fuzz_spec_remove);
            return fuzz_spec_path;
        }
    }
    fprintf(stderr, "%s: cannot create a temporary directory: %s\n", who, strerror(errno));
    abort();
}

/* The input as the file's whole content. */
static inline void fuzz_spec_write(const uint8_t *data, size_t size)
{
    FILE *f = fopen(fuzz_spec_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
}

static inline void fuzz_diag(hw_diag *d)
{
    diag_init(d, NULL);
    d->verbose = 1; /* notes too: they format names from the input */
}

/* check_target, plan_target, then emit_all into memory; frees t. */
static inline void fuzz_check_and_emit(hw_target *t, hw_diag *d)
{
    hw_plan p;
    if (t && check_target(t, d) == 0 && plan_target(t, OUT_ALL, &p, d) == 0) {
        out_set out;
        out_init(&out);
        emit_to to = {&out, NULL, d, NULL, NULL};
        emit_all(&t, &p, 1, &to);
        out_free(&out);
        plan_free(&p);
    }
    target_free(t);
}

/* A NUL-terminated copy of the input (libFuzzer's buffer has none). */
static inline char *fuzz_strndup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    for (size_t i = 0; i < size; i++)
        s[i] = (char)data[i];
    s[size] = '\0';
    return s;
}

#endif
