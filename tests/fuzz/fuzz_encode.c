/* fuzz_encode.c - `hwcgen encode`: encode_flex_eu on the Intel OA spec
 * (loaded and checked once), with the input split into arguments at
 * newlines ("A7=4/0/0\nA8=SEND_ACTIVE/VS/NONE"), and flex_eu_supported on
 * the first three bytes.
 *
 * The spec is $HWCGEN_FUZZ_SPEC, or spec/intel/oa-chv.xml from the current
 * directory (run from the top of the tree, as `make fuzz` does). */
#include "fuzz_common.h"

#include <stdio.h>
#include <string.h>

#include "core/encode.h"
#include "load/load.h"

enum { MAX_ARGS = 64 };

static hw_target *oa;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *path = getenv("HWCGEN_FUZZ_SPEC");
    if (!path)
        path = "spec/intel/oa-chv.xml";
    hw_diag d;
    diag_init(&d, stderr);
    oa = load_spec(path, &d);
    if (!oa || check_target(oa, &d) != 0) {
        fprintf(stderr, "fuzz_encode: cannot load %s (run from the top of "
                "the tree or set HWCGEN_FUZZ_SPEC)\n", path);
        exit(1);
    }
    diag_free(&d);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 3)
        flex_eu_supported(oa, data[0], data[1], data[2]);
    char *text = fuzz_strndup(data, size);
    char *args[MAX_ARGS];
    int n = 0;
    for (char *p = text; n < MAX_ARGS;) {
        args[n++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    hw_diag d;
    fuzz_diag(&d);
    hw_buf out;
    buf_init(&out);
    int rc = encode_flex_eu(oa, n, args, &out, &d);
    /* 0 with register lines and no error, or 1 with errors and nothing. */
    if ((rc == 0) != (d.errors == 0) || (rc != 0 && out.len != 0))
        abort();
    buf_free(&out);
    diag_free(&d);
    free(text);
    return 0;
}
