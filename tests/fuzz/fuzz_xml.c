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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_init();
    fuzz_spec_file("spec.xml", "fuzz_xml");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_spec_write(data, size);
    hw_diag d;
    fuzz_diag(&d);
    hw_target *t = load_spec(fuzz_spec_path, &d);
    fuzz_check_and_emit(t, &d);
    diag_free(&d);
    return 0;
}
